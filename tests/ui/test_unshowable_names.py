"""Names the font cannot draw never stop the game: a NUL or a lone zero-width character in
a saved match, the settings or the statistics, or typed into New game, leaves Continue,
New game and Statistics working; the seat gets the game's own name instead."""

from __future__ import annotations

import json

import pygame
import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset
from uno_desktop.store.storage import (
    MATCH_SCHEMA,
    MATCH_VERSION,
    SETTINGS_SCHEMA,
    SETTINGS_VERSION,
    STATS_SCHEMA,
    STATS_VERSION,
    MatchResult,
    SeatSetting,
)
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.new_game import NewGameScene
from uno_desktop.ui.scenes.statistics import StatisticsScene
from uno_desktop.ui.scenes.title import TitleScene
from uno_desktop.ui.services import build_services

SIZE = (1280, 720)
#: names SDL_ttf refuses to draw ("Text has zero width", a NUL, a lone surrogate)
UNDRAWABLE = ["\ufe0f", "\u034f", "\u17b4", "\u200b", "A\x00nn", "\x00", "\ud800"]


@pytest.fixture
def services():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    s = build_services()
    s.clock = ManualClock()
    yield s
    set_language("en")


def show(scene, stack: SceneStack | None = None) -> SceneStack:
    stack = stack or SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.relayout(SIZE)
    return stack


def draw(stack: SceneStack) -> None:
    """A few frames of the whole stack, as the window loop draws them."""
    surface = pygame.Surface(SIZE)
    for _frame in range(3):
        stack.update(0.5)
        stack.draw(surface)


def write_document(path, schema: str, version: int, data: dict) -> None:
    """A document as a hand-edited or damaged file may hold it (JSON escapes let it carry
    NUL and lone surrogates)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {"schema": schema, "version": version, "data": data}
    path.write_text(json.dumps(doc, ensure_ascii=True), encoding="ascii")


def save_with_name(services, name: str) -> Match:
    seats = [SeatSpec("Ann", "human"), SeatSpec("Bot", "easy")]
    match = Match(load_preset("official"), seats, seed=5, clock=services.clock)
    match.start_round()
    doc = match.to_dict()
    doc["seats"][1]["name"] = name
    write_document(services.storage.match_path, MATCH_SCHEMA, MATCH_VERSION, doc)
    return match


@pytest.mark.parametrize("name", UNDRAWABLE)
def test_continue_resumes_a_saved_match_whose_seat_name_cannot_be_drawn(services, name):
    waiting = save_with_name(services, name)
    title = TitleScene(services)
    stack = show(title)
    title.continue_match()
    stack.apply_pending()
    assert type(stack.top).__name__ == "TableScene"
    draw(stack)
    assert services.match.match_id == waiting.match_id
    assert [s.name for s in services.match.seats] == ["Ann", "Computer 1"]


@pytest.mark.parametrize("name", UNDRAWABLE)
def test_new_game_opens_with_remembered_seats_whose_name_cannot_be_drawn(services, name):
    seats = [{"name": "Mormor", "kind": "human"}, {"name": name, "kind": "hard"}]
    write_document(
        services.storage.settings_path, SETTINGS_SCHEMA, SETTINGS_VERSION, {"last_seats": seats}
    )
    services.settings = services.storage.load_settings()
    new_game = NewGameScene(services)
    stack = show(new_game)
    draw(stack)
    assert all(s.strip() and "\x00" not in s for s, _kind in new_game.chosen_seats())
    assert 'invalid value for "last_seats"' in " ".join(services.storage.take_notices())


@pytest.mark.parametrize("typed", ["\u034f", "\u17b4", "\ufe0f", "\u17b4\u034f"])
def test_a_zero_width_name_typed_in_new_game_is_drawn_and_the_seat_keeps_its_own_name(
    services, typed
):
    new_game = NewGameScene(services)
    stack = show(new_game)
    field = new_game.name_inputs[1]
    new_game.group.focus(field)
    field.on_focus()
    new_game.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=typed))
    assert field.value == typed
    draw(stack)
    new_game.start()
    stack.apply_pending()
    assert type(stack.top).__name__ == "TableScene"
    draw(stack)
    assert services.match.seats[1].name == "Computer 1"


def test_control_and_format_characters_typed_in_a_name_field_are_dropped(services):
    new_game = NewGameScene(services)
    show(new_game)
    field = new_game.name_inputs[1]
    new_game.group.focus(field)
    field.on_focus()
    new_game.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Bo\x00\u200b\u2028b"))
    assert field.value == "Bob"


def test_statistics_open_with_names_that_cannot_be_drawn_kept_out(services):
    # Such names are never written (the seat's own name instead) and, found in the file,
    # are left out (issue 37): the screen opens with the rest.
    for n, name in enumerate(["A\x00nn", "\ufe0f", "\u034f"]):
        services.storage.record_match(
            MatchResult(
                preset="official",
                seats=(SeatSetting(name, "human"), SeatSetting("Computer 1", "hard")),
                round_points=((10, 0),),
                round_winners=(0,),
                winner=0,
                match_id=f"m{n}",
            )
        )
    doc = json.loads(services.storage.stats_path.read_text(encoding="utf-8"))
    doc["data"]["players"]["Bo\ud800"] = doc["data"]["players"]["Computer 1"]
    write_document(services.storage.stats_path, STATS_SCHEMA, STATS_VERSION, doc["data"])
    stats = StatisticsScene(services)
    stack = show(stats)
    draw(stack)
    assert set(stats.stats.players) == {"You", "Computer 1"}
    assert stats.stats.players["You"].matches == 3
