"""Every screen at a small laptop (1024x600) and a big monitor (2560x1440), at each UI size:
the interactive widgets and the texts stay inside the window and apart from each other.

Each render is saved as a PNG (in UNO_SHOTS=<dir> when set, else the test's temporary
folder) so a person can look at them.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from uno_desktop.engine.rules import CustomEffect
from uno_desktop.i18n import set_language
from uno_desktop.match import ManualClock, Match, SeatSpec
from uno_desktop.presets import load_preset
from uno_desktop.render.layout import layout_problems
from uno_desktop.ui.kit import Dialog, rect_problems
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

SIZES = {"1024x600": (1024, 600), "2560x1440": (2560, 1440)}
UI_SIZES = {"small": 0.85, "normal": 1.0, "large": 1.15, "xlarge": 1.3}


@pytest.fixture
def services():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1024, 600))
    s = build_services()
    s.clock = ManualClock()
    yield s
    set_language("en")


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = os.environ.get("UNO_SHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("layout-shots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def seats(n: int) -> list[SeatSpec]:
    names = ["Mormor Birgitta", "Morfar", "Alexandra", "Li", "Oskar", "Wilhelmina"]
    return [SeatSpec(names[i % len(names)] + (f" {i}" if i >= 6 else ""), "easy") for i in range(n)]


def a_match(services: Any, n: int, preset: str = "official", human: bool = False) -> Match:
    specs = seats(n)
    if human:
        specs[0] = SeatSpec("Du", "human")
    match = Match(load_preset(preset), specs, seed=11, preset=preset, clock=services.clock)
    match.start_round()
    return match


def finished_match(services: Any, n: int) -> Match:
    match = a_match(services, n)
    match.rules = match.rules.replace(target_score=1)
    while not match.round_over:
        services.clock.advance(5.0)
        match.poll()
    match.finish_round()
    return match


def remember(services: Any, **changes: Any) -> None:
    services.apply_settings(dataclasses.replace(services.settings, **changes))


# --- the screens, each built from the services -----------------------------------------
def title(services: Any) -> Dialog:
    services.storage.save_match(a_match(services, 3).to_dict())  # Continue is shown too
    return TitleScene(services)


def new_game(n: int, preset: str = "official", lang: str = "en") -> Callable[[Any], Dialog]:
    def make(services: Any) -> Dialog:
        remember(services, last_preset=preset, language=lang)
        scene = NewGameScene(services)
        scene.players_stepper.set_value(n)
        scene._set_players(n)
        if preset == "swedish":
            scene.effect_choice.set_value(CustomEffect.OTHERS_DRAW)
            scene._set_effect(CustomEffect.OTHERS_DRAW)
        return scene

    return make


def settings(lang: str) -> Callable[[Any], Dialog]:
    def make(services: Any) -> Dialog:
        remember(services, language=lang)
        return SettingsScene(services)

    return make


def statistics(services: Any) -> Dialog:
    for n in (2, 10):
        MatchEndScene(services, finished_match(services, n)).enter()
    return StatisticsScene(services)


def how_to_play(lang: str) -> Callable[[Any], Dialog]:
    def make(services: Any) -> Dialog:
        remember(services, language=lang)
        return HowToPlayScene(services, load_preset("swedish"))

    return make


def pause(lang: str) -> Callable[[Any], Dialog]:
    def make(services: Any) -> Dialog:
        remember(services, language=lang)
        return PauseScene(services, a_match(services, 4))

    return make


def match_end(n: int) -> Callable[[Any], Dialog]:
    def make(services: Any) -> Dialog:
        return MatchEndScene(services, finished_match(services, n))

    return make


def message(services: Any) -> Dialog:
    return MessageScene(
        services,
        "The saved match could not be opened",
        "Sorry! The saved match was damaged, so it was put away. Start a new game! " * 3,
    )


MENUS: dict[str, Callable[[Any], Dialog]] = {
    "title": title,
    "new-game-2": new_game(2),
    "new-game-10": new_game(10),
    "new-game-swedish-custom-rule": new_game(10, "swedish", "sv"),
    "settings": settings("en"),
    "settings-sv": settings("sv"),
    "statistics": statistics,
    "statistics-empty": StatisticsScene,
    "how-to-play-sv": how_to_play("sv"),
    "pause": pause("en"),
    "pause-sv": pause("sv"),
    "match-end-2": match_end(2),
    "match-end-10": match_end(10),
    "message": message,
}


def render(scene: Any, size: tuple[int, int], path: Path) -> None:
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    stack.draw(surface)
    paint_faces = getattr(scene, "paint_faces", None)
    if paint_faces is not None:  # the title's fans follow its first frame
        paint_faces()
        stack.draw(surface)
    pygame.image.save(surface, str(path))


@pytest.mark.parametrize("ui", list(UI_SIZES))
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(MENUS))
def test_menu_widgets_and_texts_stay_inside_the_window_and_apart(services, shots, name, size, ui):
    remember(services, ui_scale=UI_SIZES[ui])
    scene = MENUS[name](services)
    render(scene, SIZES[size], shots / f"{name}-{size}-{ui}.png")
    rects = scene.layout_rects()
    assert scene.interactive_widgets(), "nothing to press"
    assert rect_problems(rects, SIZES[size]) == []


@pytest.mark.parametrize("ui", list(UI_SIZES))
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("players", [2, 4, 10])
def test_the_table_layout_stays_inside_the_window_and_apart(services, shots, players, size, ui):
    from uno_desktop.ui.scenes.table import TableScene

    remember(services, ui_scale=UI_SIZES[ui])
    match = a_match(services, players, human=True)
    table = TableScene(services, match)
    render(table, SIZES[size], shots / f"table-{players}-{size}-{ui}.png")
    assert table.layout is not None
    assert layout_problems(table.layout) == []


@pytest.mark.parametrize("ui", list(UI_SIZES))
@pytest.mark.parametrize("size", list(SIZES))
def test_the_colour_picker_buttons_stay_inside_the_window_and_apart(services, shots, size, ui):
    from uno_desktop.ui.table_dialogs import ColorPickerOverlay

    remember(services, ui_scale=UI_SIZES[ui])
    picker = ColorPickerOverlay(services, lambda color: None)
    render(picker, SIZES[size], shots / f"colour-picker-{size}-{ui}.png")
    rects = {f"button:{b.key}": b.rect for b in picker.buttons}
    assert rect_problems(rects, SIZES[size]) == []
