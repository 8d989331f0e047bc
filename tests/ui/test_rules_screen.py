"""Our table's rules in the game: the Rules screen's controls (made from the declarations),
saving them by name, playing them from New game, and the presets a family keeps.

Everything a player does here is fed as pygame events (keys, clicks, typed text) to the
screens on a scene stack, as the window would."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tests.engine.helpers import deal, play
from uno_desktop.engine import CustomEffect, Play, Stacking
from uno_desktop.lang.i18n import set_language
from uno_desktop.rules.house_presets import presets_folder
from uno_desktop.rules.options import DECK_RANKS, LABELS, OPTIONS
from uno_desktop.ui.kit import Button, Choice, Stepper, TextInput, Toggle, Widget
from uno_desktop.ui.scene import Scene, SceneStack
from uno_desktop.ui.scenes.new_game import NewGameScene
from uno_desktop.ui.scenes.preset_dialogs import (
    ConfirmScene,
    PresetNameScene,
    PresetsFolderScene,
    can_open_folder,
)
from uno_desktop.ui.scenes.rules import RulesScene
from uno_desktop.ui.scenes.settings import SettingsScene

SIZE = (1280, 720)


@pytest.fixture
def stack(services) -> Iterator[SceneStack]:  # type: ignore[no-untyped-def]
    """New game on a stack, in a 1280x720 window."""
    pygame.display.set_mode(SIZE)
    s = SceneStack()
    s.push(NewGameScene(services))
    s.apply_pending()
    yield s


def top(stack: SceneStack) -> Scene:
    """The screen on top once every screen that closed has gone (a frame's update)."""
    for _ in range(3):
        stack.apply_pending()
        stack.update(0.0)
    stack.apply_pending()
    stack.draw(pygame.display.get_surface())  # a frame: what changed is laid out
    scene = stack.top
    assert scene is not None
    return scene


def key(stack: SceneStack, k: int, mod: int = 0) -> None:
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    stack.apply_pending()


def click(stack: SceneStack, widget: Widget) -> None:
    top(stack)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        stack.handle_event(pygame.event.Event(kind, pos=widget.rect.center, button=1))
    stack.apply_pending()


def type_text(stack: SceneStack, text: str) -> None:
    stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def tab_to(stack: SceneStack, widget: Widget) -> None:
    """Tab until `widget` has the focus (the page scrolls to it), as a player would."""
    for _ in range(400):
        if widget.focused:
            return
        key(stack, pygame.K_TAB)
    raise AssertionError("Tab never reached the control")


def rules_screen(stack: SceneStack) -> RulesScene:
    new_game = top(stack)
    assert isinstance(new_game, NewGameScene)
    click(stack, new_game.rules_button)
    scene = top(stack)
    assert isinstance(scene, RulesScene)
    return scene


def choose(stack: SceneStack, control: Widget, value: object) -> None:
    """Right until the control shows `value` (a choice or a count)."""
    assert isinstance(control, Choice)
    tab_to(stack, control)
    for _ in range(len(control.options)):
        if control.value == value:
            return
        key(stack, pygame.K_RIGHT)
    raise AssertionError(f"{value!r} is not offered")


def save_as(stack: SceneStack, name: str) -> None:
    scene = top(stack)
    assert isinstance(scene, RulesScene)
    click(stack, scene.save_button)
    dialog = top(stack)
    assert isinstance(dialog, PresetNameScene)
    type_text(stack, name)
    key(stack, pygame.K_RETURN)


def grandmas_rules(stack: SceneStack) -> None:
    """Official + mixed stacking + jump-in + UNO penalty 4, saved as "Grandma's rules"."""
    scene = rules_screen(stack)
    choose(stack, scene.controls["stacking"][0], Stacking.MIXED)
    jump_in = scene.controls["jump_in"][0]
    tab_to(stack, jump_in)
    key(stack, pygame.K_RETURN)
    choose(stack, scene.controls["uno_penalty"][0], 4)
    save_as(stack, "Grandma's rules")


def test_grandmas_rules_built_on_the_rules_screen_are_saved_and_played(stack, services):
    grandmas_rules(stack)
    new_game = top(stack)
    assert isinstance(new_game, NewGameScene)
    assert new_game.preset.title == "Grandma's rules"  # in the list at once, and chosen
    text = (presets_folder() / f"{new_game.preset.name}.yaml").read_text("utf-8")
    assert "extends: official" in text
    assert "stacking: mixed" in text and "jump_in: true" in text and "uno_penalty: 4" in text
    assert "hand_size" not in text  # only what changed
    click(stack, new_game.start_button)
    match = services.match
    assert match is not None
    assert match.preset == new_game.preset.name
    rules = match.rules
    assert (rules.stacking, rules.jump_in, rules.uno_penalty) == (Stacking.MIXED, True, 4)
    # the engine plays by them: a Wild Draw Four may answer a Draw Two
    hands = ["R1 R2 R3", "RD2 B2 B3", "W4 G7 Y3", "Y1 Y4 Y5"]
    match.game = deal(hands, start="R5", pile="G1 G2 G3 G4", rules=rules.replace(hand_size=3))
    match.game.apply(play(1, "RD2"))
    answers = [a for a in match.legal_actions(2) if type(a) is Play]
    assert any(a.card.rank == "W4" for a in answers)


def test_every_declared_rule_option_has_a_control_on_the_rules_screen(stack):
    scene = rules_screen(stack)
    for opt in OPTIONS:
        if opt.field in LABELS or not opt.key:
            continue  # the names are given when saving; a file cannot set the rest
        controls = scene.controls[opt.field]
        assert controls, opt.field
        assert any(c.wants() for c in controls), opt.field
        tab_to(stack, next(c for c in controls if c.wants()))  # reachable on the page
        assert scene._view.contains(scene.group.focused.rect), opt.field  # scrolled to it


def test_each_kind_of_option_gets_its_own_kind_of_control(stack):
    scene = rules_screen(stack)
    assert isinstance(scene.controls["jump_in"][0], Toggle)
    assert isinstance(scene.controls["stacking"][0], Choice)
    assert isinstance(scene.controls["hand_size"][0], Stepper)
    deck = scene.controls["deck"]
    assert sum(isinstance(w, Stepper) for w in deck) == 17  # every kind, the Swedish cards too
    assert any(isinstance(w, TextInput) for w in scene.controls["custom_rule"])


def test_rules_that_cannot_be_played_are_refused_on_the_spot_with_the_reason(stack):
    scene = rules_screen(stack)
    in_deck = [r for r, n in scene.base.deck.items() if n]
    values = [w for w in scene.controls["card_values"] if isinstance(w, Stepper)]
    points = dict(zip(DECK_RANKS, values, strict=True))
    # every card in the deck worth 0 points: a match could never end
    for rank in in_deck:
        stepper = points[rank]
        tab_to(stack, stepper)
        for _ in range(60):
            if stepper.value == 0:
                break
            key(stack, pygame.K_LEFT)
    last = points[in_deck[-1]]
    assert last.value == 1  # the last kind did not take its 0
    assert "0 points" in scene.refusal
    assert scene.rules().card_values[in_deck[-1]] == 1


def test_the_mouse_wheel_scrolls_the_rules_page(stack):
    scene = rules_screen(stack)
    assert scene.offset == 0
    stack.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    assert scene.offset > 0


def test_rules_changed_and_not_saved_are_played_and_continued(stack, services):
    scene = rules_screen(stack)
    choose(stack, scene.controls["uno_penalty"][0], 6)
    click(stack, scene.play_button)
    match = services.match
    assert match is not None and match.rules.uno_penalty == 6
    assert match.preset == "official"
    assert "(changed)" in match.rules.title
    assert not presets_folder().exists() or not list(presets_folder().glob("*.yaml"))
    services.end_session()
    table = services.scenes.continue_match()
    assert services.match is not None and services.match.rules.uno_penalty == 6
    assert table is not None
    assert not any("was changed" in n for n in services.storage.take_notices())


def test_a_user_preset_can_be_renamed(stack):
    grandmas_rules(stack)
    new_game = top(stack)
    assert isinstance(new_game, NewGameScene)
    click(stack, new_game.rename_button)
    dialog = top(stack)
    assert isinstance(dialog, PresetNameScene)
    key(stack, pygame.K_BACKSPACE)  # the name is selected: cleared
    type_text(stack, "Farmors regler")
    key(stack, pygame.K_RETURN)
    assert new_game.preset.title == "Farmors regler"
    titles = [p.title for p in new_game.presets]
    assert "Grandma's rules" not in titles and "Farmors regler" in titles


def test_a_preset_can_be_duplicated(stack):
    grandmas_rules(stack)
    new_game = top(stack)
    assert isinstance(new_game, NewGameScene)
    click(stack, new_game.duplicate_button)
    type_text(stack, "Grandpa's rules")
    key(stack, pygame.K_RETURN)
    titles = [p.title for p in new_game.presets]
    assert "Grandma's rules" in titles and "Grandpa's rules" in titles
    assert new_game.preset.title == "Grandpa's rules"
    assert new_game.preset.rules.uno_penalty == 4


def test_delete_asks_first_and_cancel_keeps_the_preset(stack):
    grandmas_rules(stack)
    new_game = top(stack)
    assert isinstance(new_game, NewGameScene)
    click(stack, new_game.delete_button)
    question = top(stack)
    assert isinstance(question, ConfirmScene)
    key(stack, pygame.K_ESCAPE)
    assert "Grandma's rules" in [p.title for p in new_game.presets]
    click(stack, new_game.delete_button)
    click(stack, top(stack).yes)  # type: ignore[attr-defined]
    assert top(stack) is new_game
    assert "Grandma's rules" not in [p.title for p in new_game.presets]


def test_built_in_presets_offer_no_rename_or_delete(stack):
    new_game = top(stack)
    assert isinstance(new_game, NewGameScene)
    assert new_game.preset.builtin
    assert not new_game.rename_button.visible and not new_game.delete_button.visible


def test_a_saved_preset_is_edited_again_and_saved_over_itself(stack):
    grandmas_rules(stack)
    scene = rules_screen(stack)
    assert scene.base_name == "official" and scene.changes["jump_in"] is True
    choose(stack, scene.controls["uno_penalty"][0], 5)
    click(stack, scene.save_button)
    key(stack, pygame.K_RETURN)  # the same name
    new_game = top(stack)
    assert isinstance(new_game, NewGameScene)
    assert [p.title for p in new_game.presets].count("Grandma's rules") == 1
    assert new_game.preset.rules.uno_penalty == 5 and new_game.preset.rules.jump_in


def folder_shown(scene: Scene) -> str:
    assert isinstance(scene, PresetsFolderScene)
    return "".join(t for t, _px, _c in scene.page_lines(300))  # the path, broken in lines


def test_new_game_and_settings_show_the_presets_folder(stack, services):
    new_game = top(stack)
    assert isinstance(new_game, NewGameScene)
    click(stack, new_game.folder_button)
    assert str(presets_folder()) in folder_shown(top(stack))
    key(stack, pygame.K_ESCAPE)
    stack.push(SettingsScene(services))
    settings = top(stack)
    assert isinstance(settings, SettingsScene)
    click(stack, settings.presets_folder)
    assert str(presets_folder()) in folder_shown(top(stack))


def test_the_open_button_is_offered_only_where_a_folder_can_be_opened(services, monkeypatch):
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert not can_open_folder("linux")
    assert can_open_folder("win32") and can_open_folder("darwin")
    scene = services.scenes.presets_folder()
    assert isinstance(scene, PresetsFolderScene) and not scene.open_button.visible


def test_a_broken_preset_file_is_explained_in_full_in_the_folder_screen(stack, services):
    folder = presets_folder()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "typo.yaml").write_text("extends: official\njump_in: ture\n", "utf-8")
    new_game = NewGameScene(services)
    stack.push(new_game)
    assert new_game.errors and new_game.folder_button.style == "danger"
    click(stack, new_game.folder_button)
    scene = top(stack)
    text = " ".join(t for t, _px, _c in scene.page_lines(600))  # type: ignore[attr-defined]
    assert "typo.yaml" in text and "line 2" in text and "jump_in" in text
    assert all(px >= 14 for t, px, _c in scene.page_lines(600) if t)  # type: ignore[attr-defined]


def test_the_save_dialog_refuses_an_empty_name_and_says_so(stack):
    scene = rules_screen(stack)
    click(stack, scene.save_button)
    dialog = top(stack)
    assert isinstance(dialog, PresetNameScene)
    key(stack, pygame.K_RETURN)
    assert top(stack) is dialog and dialog.problem


def test_buttons_of_the_rules_screen_are_kit_buttons_at_every_ui_size(stack, services):
    scene = rules_screen(stack)
    for ui in (0.85, 1.0, 1.15, 1.3):
        services.update_settings(ui_scale=ui)
        for size in ((1024, 600), (1280, 720)):
            scene.relayout(size)
            assert not scene.layout_problems(), (ui, size)
            for b in (scene.play_button, scene.save_button, scene.back_button):
                assert isinstance(b, Button) and pygame.Rect((0, 0), size).contains(b.rect)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def test_the_wild_customizable_rule_is_typed_and_chosen_on_the_rules_screen(stack):
    scene = rules_screen(stack)
    tab_to(stack, scene.rule_text)
    key(stack, pygame.K_BACKSPACE)  # the text is selected: cleared
    type_text(stack, "Sing a song")
    choose(stack, scene.rule_effect, CustomEffect.TEXT)
    rule = scene.rules().custom_rule
    assert (rule.text, rule.effect) == ("Sing a song", CustomEffect.TEXT)
    assert not scene.rule_amount.visible  # a text rule draws no cards


def test_back_with_changed_rules_asks_first_and_cancel_keeps_the_changes(stack):
    scene = rules_screen(stack)
    choose(stack, scene.controls["uno_penalty"][0], 6)
    click(stack, scene.back_button)
    question = top(stack)
    assert isinstance(question, ConfirmScene)
    key(stack, pygame.K_ESCAPE)
    assert top(stack) is scene and scene.rules().uno_penalty == 6
    click(stack, scene.back_button)
    click(stack, top(stack).yes)  # type: ignore[attr-defined]
    assert scene.closed and not isinstance(top(stack), ConfirmScene)


def test_back_with_nothing_changed_leaves_at_once(stack):
    scene = rules_screen(stack)
    click(stack, scene.back_button)
    assert scene.closed and not isinstance(top(stack), ConfirmScene)
