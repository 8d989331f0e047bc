"""Widgets driven by hand-built pygame events: clicks at their rects, keys, typed text."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.render import theme
from uno_desktop.ui.kit import (
    FOCUS_RGB,
    TEXT_PAIRS,
    Button,
    Choice,
    FocusGroup,
    Label,
    Slider,
    Stepper,
    TextInput,
    Toggle,
    fit_lines,
    fit_px,
    scale_for,
)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    set_language("en")
    yield


def click(group: FocusGroup, pos: tuple[int, int], button: int = 1) -> None:
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(group: FocusGroup, k: int, mod: int = 0) -> bool:
    return group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def placed(widget, x: int, y: int, w: int = 200, h: int = 50):
    widget.rect = pygame.Rect(x, y, w, h)
    return widget


def three_buttons() -> tuple[FocusGroup, list[Button], list[str]]:
    pressed: list[str] = []
    buttons = [
        placed(Button(name, lambda name=name: pressed.append(name)), 10, 10 + 60 * i)
        for i, name in enumerate(("a", "b", "c"))
    ]
    group = FocusGroup(buttons)
    group.focus_first()
    return group, buttons, pressed


def test_click_inside_a_button_presses_it():
    group, buttons, pressed = three_buttons()
    click(group, buttons[1].rect.center)
    assert pressed == ["b"]


def test_press_and_release_outside_the_button_does_not_press_it():
    group, buttons, pressed = three_buttons()
    group.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=buttons[0].rect.center, button=1)
    )
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(900, 900), button=1))
    assert pressed == []


def test_right_click_does_not_press_a_button():
    group, buttons, pressed = three_buttons()
    click(group, buttons[0].rect.center, button=3)
    assert pressed == []


def test_tab_moves_focus_forward_and_shift_tab_back():
    group, buttons, _ = three_buttons()
    assert group.focused is buttons[0]
    key(group, pygame.K_TAB)
    assert group.focused is buttons[1]
    key(group, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert group.focused is buttons[0]


def test_focus_wraps_around_with_arrow_keys():
    group, buttons, _ = three_buttons()
    key(group, pygame.K_UP)
    assert group.focused is buttons[2]
    key(group, pygame.K_DOWN)
    assert group.focused is buttons[0]


def test_enter_and_space_activate_the_focused_button():
    group, _buttons, pressed = three_buttons()
    key(group, pygame.K_TAB)
    key(group, pygame.K_RETURN)
    key(group, pygame.K_SPACE)
    assert pressed == ["b", "b"]


def test_only_the_focused_widget_shows_the_focus_ring():
    group, buttons, _ = three_buttons()
    key(group, pygame.K_TAB)
    assert [b.focused for b in buttons] == [False, True, False]


def test_hidden_and_disabled_widgets_are_skipped_by_tab():
    group, buttons, _ = three_buttons()
    buttons[1].visible = False
    key(group, pygame.K_TAB)
    assert group.focused is buttons[2]
    buttons[1].visible = True
    buttons[2].enabled = False
    key(group, pygame.K_TAB)
    assert group.focused is buttons[0]


def test_labels_never_take_the_focus():
    label = placed(Label("Rules"), 10, 10)
    button = placed(Button("Go", lambda: None), 10, 80)
    group = FocusGroup([label, button])
    group.focus_first()
    assert group.focused is button


def test_mouse_motion_sets_hover_on_the_widget_under_the_pointer():
    group, buttons, _ = three_buttons()
    group.handle_event(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=buttons[2].rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    assert [b.hovered for b in buttons] == [False, False, True]


def test_text_input_replaces_its_selected_text_then_takes_typed_text_and_backspace():
    field = placed(TextInput("Computer 1"), 10, 10)
    group = FocusGroup([field])
    click(group, field.rect.center)  # taking the focus selects the whole text
    group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="An"))
    group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="na"))
    key(group, pygame.K_BACKSPACE)
    assert field.value == "Ann"


def test_space_in_a_text_input_types_a_space_and_presses_nothing():
    pressed: list[str] = []
    field = placed(TextInput(""), 10, 10)
    button = placed(Button("Go", lambda: pressed.append("go")), 10, 80)
    group = FocusGroup([field, button])
    group.focus(field)
    group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Bo"))
    key(group, pygame.K_SPACE)
    group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=" "))
    assert (field.value, pressed) == ("Bo ", [])


def test_text_input_stops_at_its_maximum_length():
    field = placed(TextInput("", max_len=3), 10, 10)
    group = FocusGroup([field])
    group.focus(field)
    group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="abcdef"))
    assert field.value == "abc"


def test_choice_left_and_right_change_the_value():
    seen: list[str] = []
    choice = placed(Choice([("human", "Human"), ("easy", "Easy")], "human", seen.append), 10, 10)
    group = FocusGroup([choice])
    group.focus(choice)
    key(group, pygame.K_RIGHT)
    assert (choice.value, seen) == ("easy", ["easy"])
    key(group, pygame.K_LEFT)
    assert choice.value == "human"


def test_clicking_the_right_half_of_a_choice_steps_forward_and_the_left_edge_back():
    choice = placed(Choice([(1, "one"), (2, "two"), (3, "three")], 2), 10, 10, 400)
    group = FocusGroup([choice])
    click(group, (choice.rect.right - 10, choice.rect.centery))
    assert choice.value == 3
    click(group, (choice.rect.left + 10, choice.rect.centery))
    assert choice.value == 2


def test_stepper_stops_at_its_bounds():
    stepper = placed(Stepper(2, 10, 10), 10, 10)
    group = FocusGroup([stepper])
    group.focus(stepper)
    key(group, pygame.K_RIGHT)
    assert stepper.value == 10
    for _ in range(20):
        key(group, pygame.K_LEFT)
    assert stepper.value == 2


def test_toggle_flips_on_click_and_on_enter():
    seen: list[bool] = []
    toggle = placed(Toggle(False, seen.append), 10, 10)
    group = FocusGroup([toggle])
    click(group, toggle.rect.center)
    key(group, pygame.K_RETURN)
    assert seen == [True, False]


def test_slider_click_sets_the_value_from_the_position():
    slider = placed(Slider(0.0), 10, 10, 400, 40)
    group = FocusGroup([slider])
    track = slider._track()
    click(group, (track.left + track.width // 2, track.centery))
    assert slider.value == pytest.approx(0.5, abs=0.02)


def test_slider_arrow_keys_move_by_a_tenth():
    slider = placed(Slider(0.5), 10, 10, 400, 40)
    group = FocusGroup([slider])
    group.focus(slider)
    key(group, pygame.K_RIGHT)
    assert slider.value == pytest.approx(0.6)


def test_escape_is_left_to_the_scene():
    group, _buttons, _ = three_buttons()
    assert key(group, pygame.K_ESCAPE) is False


def test_widgets_scale_with_the_window_and_the_ui_size():
    assert scale_for((2560, 1440)) == pytest.approx(2 * scale_for((1280, 720)))
    assert scale_for((1280, 720), 1.3) > scale_for((1280, 720), 1.0)


def test_a_button_draws_its_text_in_the_current_language():
    surface = pygame.Surface((300, 80))
    button = placed(Button("New game", lambda: None), 10, 10, 280, 60)
    button.draw(surface)
    english = pygame.image.tobytes(surface, "RGB")
    set_language("sv")
    surface.fill((0, 0, 0))
    button.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != english


# --- contrast (WCAG 2) ---------------------------------------------------------------------
def relative_luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_of_black_on_white_is_21_to_1():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)


@pytest.mark.parametrize("pair", list(TEXT_PAIRS))
def test_menu_text_is_readable_on_its_background(pair):
    fg, bg, large = TEXT_PAIRS[pair]
    assert contrast(fg, bg) >= (3.0 if large else 4.5)


def test_the_focus_ring_stands_out_from_the_felt():
    assert contrast(FOCUS_RGB, theme.TABLE_LIGHT_RGB) >= 3.0


def test_a_long_button_text_is_shrunk_to_fit_its_button():
    from uno_desktop.render.fonts import font

    text = "Spara och gå till startskärmen"
    px = fit_px(text, 30, 200)
    assert px < 30 and font(px).size(text)[0] <= 200


def test_a_text_too_long_for_one_line_at_the_floor_wraps_instead_of_being_cut():
    from uno_desktop.render.fonts import font

    text = "Wild Swap Hands: swap with whom? Choose a player to swap your whole hand with"
    px, lines = fit_lines(text, 30, 160, floor=14, max_lines=6)
    assert px >= 14 and len(lines) > 1
    assert " ".join(lines) == text  # every word kept, none cut
    assert all(font(px).size(line)[0] <= 160 for line in lines)


def test_a_key_cap_stays_on_the_line_of_the_word_it_does():
    from uno_desktop.ui.kit.keycaps import keyed_parts, keyed_width, wrap_keyed

    text = "Keys: [D] draw · [K] keep · [H] challenge · [Esc] menu"
    for width in range(60, 400, 7):
        for line in wrap_keyed(text, 14, width):
            assert not line.endswith("]"), (width, line)
            assert keyed_width(line, 14) <= width or " " not in line.replace("\u00a0", "")
    assert keyed_parts("[Esc] menu") == [("Esc", True), (" menu", False)]


def test_enter_and_space_leave_a_selector_alone_and_the_arrows_change_it():
    seen: list[str] = []
    choice = placed(Choice([("human", "Person"), ("hard", "Hard")], "human", seen.append), 10, 10)
    group = FocusGroup([choice])
    group.focus(choice)
    key(group, pygame.K_RETURN)
    key(group, pygame.K_SPACE)
    assert choice.value == "human" and seen == []
    key(group, pygame.K_RIGHT)
    key(group, pygame.K_LEFT)
    assert seen == ["hard", "human"]
