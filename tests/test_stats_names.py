"""Statistics names go through the one name check (`names.is_seat_name`): a name no
screen can show (a lone surrogate, NUL, U+202E, only U+FE0F) read from stats.json costs
its entry, with the reason kept beside the file, and is never written, so one bad name
can never stop the statistics from saving."""

from __future__ import annotations

import json

import pygame
import pytest

from uno_desktop.play.match import ManualClock
from uno_desktop.store.storage import MatchResult, RoundResult, SeatSetting, Storage
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.statistics import StatisticsScene, player_rows
from uno_desktop.ui.services import build_services

BAD_NAMES = ["\ud800", "B\x00o", "Bo\u202e", "\ufe0f"]


def record(name: str, kind: str = "human") -> dict[str, object]:
    return {
        "finished_at": "2026-11-29T12:25:01+01:00",
        "preset": "official",
        "seats": [{"name": name, "kind": kind}, {"name": "Computer 1", "kind": "hard"}],
        "winner": name,
        "totals": [30, 0],
        "round_points": [[30, 0]],
        "round_winners": [0],
        "match_id": f"m-{len(name)}-{ord(name[-1])}",
    }


def write_stats_with_bad_names(store: Storage) -> None:
    players = {name: {"matches": 1, "rounds": 1, "computer": False} for name in BAD_NAMES}
    players["Anna"] = {"matches": 2, "rounds": 5, "round_wins": 3, "computer": False}
    data = {
        "players": players,
        "history": [record("Anna"), *(record(name) for name in BAD_NAMES)],
        "open_rounds": {"\ud800": 1, "ok-match": 1},
    }
    text = json.dumps({"schema": "stats", "version": 1, "data": data})  # \\ud800 escaped
    store.stats_path.parent.mkdir(parents=True, exist_ok=True)
    store.stats_path.write_text(text, encoding="ascii")


def match_of(name: str, match_id: str) -> MatchResult:
    return MatchResult(
        preset="official",
        seats=(SeatSetting(name, "human"), SeatSetting("Computer 1", "hard")),
        round_points=((40, 0), (0, 10)),
        round_winners=(0, 1),
        winner=0,
        match_id=match_id,
    )


def test_names_no_screen_can_show_are_left_out_the_rest_kept_and_the_reason_kept() -> None:
    store = Storage()
    write_stats_with_bad_names(store)
    stats = store.load_stats()
    assert set(stats.players) == {"Anna"}
    assert stats.players["Anna"].rounds == 5
    assert [r.seats[0].name for r in stats.history] == ["Anna"]
    assert dict(stats.open_rounds) == {"ok-match": 1}
    (reason,) = store.stats_path.parent.glob("stats.broken-*.txt")
    assert "a name no screen can show" in reason.read_text()


def test_after_a_bad_name_the_next_match_is_counted_and_saved() -> None:
    store = Storage()
    write_stats_with_bad_names(store)
    store.record_match(match_of("Anna", "next-match"))
    again = Storage().load_stats()
    assert again.players["Anna"].matches == 3
    assert again.players["Anna"].rounds == 7
    assert again.counted("next-match")


@pytest.mark.parametrize("name", BAD_NAMES, ids=["surrogate", "nul", "rlo", "fe0f"])
def test_a_name_no_screen_can_show_is_never_written_the_seat_falls_back(name: str) -> None:
    store = Storage()
    assert store.record_match(match_of(name, "odd-name")).counted("odd-name")
    store.record_round(
        RoundResult(
            "open-match", 1, (SeatSetting(name, "phone"), SeatSetting("Bo", "easy")), (5, 0), 0
        )
    )
    stats = Storage().load_stats()
    assert stats.counted("odd-name")
    assert stats.history[-1].seats[0].name == "You" and stats.history[-1].winner == "You"
    assert stats.players["Player 1"].rounds == 1
    assert all(n.isprintable() for n in stats.players)
    assert not list(store.stats_path.parent.glob("stats.broken-*"))


def test_statistics_shows_the_rounds_after_a_bad_name() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    services = build_services()
    services.clock = ManualClock()
    write_stats_with_bad_names(services.storage)
    services.storage.record_match(match_of("Anna", "next-match"))
    scene = StatisticsScene(services)
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.relayout((1280, 720))
    assert not scene.empty
    people, computers = player_rows(dict(scene.stats.players))
    assert [(name, p.rounds) for name, p in people] == [("Anna", 7)]
    assert [(name, p.rounds) for name, p in computers] == [("Computer 1", 2)]
