"""Keyboard-only play: every menu and every choice without a mouse.

The long test drives the real app loop with posted KEYDOWN events only (Tab to move the
focus ring, Left/Right to change a value, Enter to press, Esc to go back); the short
ones check that Tab and Shift-Tab reach every interactive widget of each menu scene and
that some widget always has the focus (so the ring is always on screen).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from uno_desktop.engine.rules import CustomEffect
from uno_desktop.lang.i18n import language, set_language
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset
from uno_desktop.ui.app import App
from uno_desktop.ui.kit import FOCUS_RGB, Dialog, Widget
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.how_to_play import HowToPlayScene
from uno_desktop.ui.scenes.match_end import MatchEndScene
from uno_desktop.ui.scenes.message import MessageScene
from uno_desktop.ui.scenes.new_game import NewGameScene
from uno_desktop.ui.scenes.pause import PauseScene
from uno_desktop.ui.scenes.settings import SettingsScene
from uno_desktop.ui.scenes.statistics import StatisticsScene
from uno_desktop.ui.scenes.title import TitleScene
from uno_desktop.ui.services import build_services

SIZE = (1280, 720)
DT_S = 0.05
#: Tab presses allowed to reach a widget (more than any menu has widgets)
MAX_TABS = 40


@pytest.fixture
def services():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    s = build_services()
    s.clock = ManualClock()
    s.apply_settings(dataclasses.replace(s.settings, language="en"))
    yield s
    set_language("en")


# --- the real app, keys only -------------------------------------------------------------
class Keyboard:
    """Posts KEYDOWN events into the real app and steps its loop one frame per key."""

    def __init__(self, app: App, services: Any) -> None:
        self.app, self.services = app, services

    def frame(self) -> None:
        self.services.clock.advance(DT_S)
        self.app.step(DT_S)

    def press(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
        self.frame()
        self.frame()  # queued scene changes are applied at the end of the first

    @property
    def top(self) -> Any:
        return self.app.stack.top

    def tab_to(self, widget: Widget) -> None:
        """Tab until `widget` has the focus ring (fails if Tab never gets there)."""
        for _ in range(MAX_TABS):
            if widget.focused:
                return
            self.press(pygame.K_TAB)
        raise AssertionError(f"Tab never reached {widget!r}")


def test_a_whole_evening_without_a_mouse(services):
    app = App(services, strict=True)
    app.open_window(SIZE)
    pygame.event.clear()
    app.start(TitleScene(services))
    kb = Keyboard(app, services)
    kb.frame()
    kb.frame()
    kb.press(pygame.K_ESCAPE)  # the first start offers the tutorial: not now

    title = kb.top
    kb.tab_to(title.new_button)
    kb.press(pygame.K_RETURN)
    new_game = kb.top
    assert isinstance(new_game, NewGameScene)

    kb.tab_to(new_game.players_stepper)
    for _ in range(10):
        kb.press(pygame.K_LEFT)  # down to the preset's minimum
    kb.press(pygame.K_RIGHT)
    assert new_game.n_players == 3
    kb.tab_to(new_game.kind_choices[0])
    while new_game.kind_choices[0].value != "human":
        kb.press(pygame.K_RIGHT)
    for seat in (1, 2):
        kb.tab_to(new_game.kind_choices[seat])
        while new_game.kind_choices[seat].value == "human":
            kb.press(pygame.K_RIGHT)
    kb.tab_to(new_game.kind_choices[2])
    kb.press(pygame.K_LEFT)
    changed_kind = new_game.kind_choices[2].value
    if changed_kind == "human":  # one human only: step past it
        kb.press(pygame.K_LEFT)
        changed_kind = new_game.kind_choices[2].value
    kb.tab_to(new_game.target_stepper)
    before = new_game.target_stepper.value
    kb.press(pygame.K_RIGHT)
    target = new_game.target_stepper.value
    assert target == before + 50
    kb.tab_to(new_game.start_button)
    kb.press(pygame.K_RETURN)

    match = services.match
    assert match is not None
    assert [s.kind for s in match.seats] == ["human", match.seats[1].kind, changed_kind]
    assert [s.kind for s in match.seats].count("human") == 1
    assert match.rules.target_score == target

    kb.press(pygame.K_ESCAPE)
    pause = kb.top
    assert isinstance(pause, PauseScene)
    kb.tab_to(pause.settings_button)
    kb.press(pygame.K_RETURN)
    settings = kb.top
    assert isinstance(settings, SettingsScene)
    kb.tab_to(settings.language)
    kb.press(pygame.K_RIGHT)
    assert language() == "sv" and services.settings.language == "sv"
    kb.press(pygame.K_ESCAPE)
    assert kb.top is pause
    kb.tab_to(pause.quit_button)
    kb.press(pygame.K_RETURN)

    title = kb.top
    assert isinstance(title, TitleScene) and services.match is None
    assert title.continue_button.visible
    kb.tab_to(title.continue_button)
    kb.press(pygame.K_RETURN)
    resumed = services.match
    assert resumed is not None and resumed.seed == match.seed
    assert [s.kind for s in resumed.seats] == [s.kind for s in match.seats]
    assert resumed.rules.target_score == target


# --- Tab reaches everything, in every menu ------------------------------------------------
def a_match(services: Any, n: int = 3) -> Match:
    seats = [SeatSpec(f"Bot {i}", "easy") for i in range(n)]
    match = Match(load_preset("official"), seats, seed=3, preset="official", clock=services.clock)
    match.start_round()
    return match


def finished_match(services: Any) -> Match:
    match = a_match(services)
    match.rules = match.rules.replace(target_score=1)
    while not match.round_over:
        services.clock.advance(5.0)
        match.poll()
    match.finish_round()
    return match


def swedish_new_game(services: Any) -> Dialog:
    services.apply_settings(dataclasses.replace(services.settings, last_preset="swedish"))
    scene = NewGameScene(services)
    scene.effect_choice.set_value(CustomEffect.OTHERS_DRAW)
    scene._set_effect(CustomEffect.OTHERS_DRAW)  # the amount stepper shows too
    return scene


def title_with_continue(services: Any) -> Dialog:
    services.storage.save_match(a_match(services).to_dict())
    return TitleScene(services)


MENUS: dict[str, Callable[[Any], Dialog]] = {
    "title": title_with_continue,
    "new game": NewGameScene,
    "new game, Swedish rules": swedish_new_game,
    "settings": SettingsScene,
    "statistics": StatisticsScene,
    "how to play": HowToPlayScene,
    "pause": lambda s: PauseScene(s, a_match(s)),
    "match end": lambda s: MatchEndScene(s, finished_match(s)),
    "message": lambda s: MessageScene(s, "Good to know", "Something to read."),
}


def shown(services: Any, make: Callable[[Any], Dialog]) -> Dialog:
    scene = make(services)
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.relayout(SIZE)
    return scene


def tab(scene: Dialog, mod: int = 0) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=mod, unicode=""))


@pytest.mark.parametrize("name", list(MENUS))
def test_tab_reaches_every_interactive_widget(services, name):
    scene = shown(services, MENUS[name])
    wanted = scene.interactive_widgets()
    reached = []
    for _ in range(len(wanted)):
        tab(scene)
        reached.append(scene.group.focused)
    assert set(map(id, reached)) == set(map(id, wanted))


@pytest.mark.parametrize("name", list(MENUS))
def test_shift_tab_reaches_every_interactive_widget(services, name):
    scene = shown(services, MENUS[name])
    wanted = scene.interactive_widgets()
    reached = []
    for _ in range(len(wanted)):
        tab(scene, pygame.KMOD_SHIFT)
        reached.append(scene.group.focused)
    assert set(map(id, reached)) == set(map(id, wanted))


@pytest.mark.parametrize("name", list(MENUS))
def test_a_menu_always_shows_a_focus_ring(services, name):
    scene = shown(services, MENUS[name])
    assert scene.group.focused is not None and scene.group.focused.wants()


def test_the_focus_ring_is_drawn_around_the_focused_widget(services):
    scene = shown(services, SettingsScene)
    scene.group.focus(scene.colorblind)
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    r = scene.colorblind.rect
    colours = {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(r.left - 30, r.left + 60)
        for y in range(r.top - 20, r.bottom + 20)
    }
    assert tuple(FOCUS_RGB) in colours


def test_escape_goes_back_from_every_menu_that_has_a_way_back(services):
    for make in (NewGameScene, SettingsScene, StatisticsScene, HowToPlayScene):
        title = TitleScene(services)
        stack = SceneStack()
        stack.push(title)
        stack.apply_pending()
        scene = make(services)
        stack.push(scene)
        stack.apply_pending()
        scene.handle_event(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        )
        stack.apply_pending()
        assert stack.top is title, make.__name__


def test_typing_edits_the_focused_name(services):
    scene = shown(services, NewGameScene)
    scene.group.focus(scene.name_inputs[1])
    for _ in range(20):
        scene.handle_event(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")
        )
    scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Farmor"))
    assert scene.chosen_seats()[1][0] == "Farmor"


@pytest.mark.parametrize("where", ["preset", "name"])
def test_enter_on_new_game_starts_the_game_from_a_choice_or_a_name(services, where):
    scene = shown(services, NewGameScene)
    started: list[bool] = []
    scene.start_button.on_press = lambda: started.append(True)
    widget = scene.preset_choice if where == "preset" else scene.name_inputs[0]
    scene.group.focus(widget)
    preset, name = scene.preset_choice.value, scene.chosen_seats()[0][0]
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert started == [True]
    assert (scene.preset_choice.value, scene.chosen_seats()[0][0]) == (preset, name)


def test_enter_on_a_button_presses_that_button_not_start(services):
    scene = shown(services, NewGameScene)
    started: list[bool] = []
    scene.start_button.on_press = lambda: started.append(True)
    backed: list[bool] = []
    scene.back_button.on_press = lambda: backed.append(True)
    scene.group.focus(scene.back_button)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert (started, backed) == ([], [True])
