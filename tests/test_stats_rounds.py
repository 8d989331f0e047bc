"""Statistics count every finished round as it ends (issue 26: Statistics said "No matches
yet" after finished rounds): rounds played, rounds won and points per person from the
first round, each round once, and the match's end adds only what was not counted yet."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta, timezone

import pygame
import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset
from uno_desktop.store.stats import OPEN_MATCHES_LIMIT
from uno_desktop.store.storage import (
    MatchResult,
    PlayerStats,
    RoundResult,
    SeatSetting,
    Stats,
    Storage,
    add_match,
    add_round,
    parse_stats,
)
from uno_desktop.ui.kit import record_texts
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.round_end import RoundEndScene
from uno_desktop.ui.scenes.statistics import StatisticsScene
from uno_desktop.ui.services import SilentSounds, build_services

NOW = datetime(2026, 12, 3, 6, 0, 0, tzinfo=timezone(timedelta(hours=1)))
SEATS = (SeatSetting("Anna", "human"), SeatSetting("Bot", "hard"))
ROUNDS = ((30, 0), (0, 12), (480, 0))


def a_round(n: int, match_id: str = "m1") -> RoundResult:
    points = ROUNDS[n - 1]
    return RoundResult(match_id, n, SEATS, points, 0 if points[0] else 1)


def the_match(match_id: str = "m1") -> MatchResult:
    return MatchResult("official", SEATS, ROUNDS, (0, 1, 0), winner=0, match_id=match_id)


def test_a_finished_round_counts_rounds_wins_and_points_before_the_match_ends():
    stats = add_round(Stats(), a_round(1))
    assert stats.player("Anna") == PlayerStats(rounds=1, round_wins=1, points=30, best_round=30)
    assert stats.player("Bot") == PlayerStats(rounds=1, computer=True)
    assert stats.history == ()


def test_a_round_reported_twice_is_counted_once():
    once = add_round(Stats(), a_round(1))
    assert add_round(once, a_round(1)) == once


def test_the_match_end_adds_only_the_rounds_not_counted_yet():
    by_rounds = add_match(add_round(add_round(Stats(), a_round(1)), a_round(2)), the_match(), NOW)
    at_the_end = add_match(Stats(), the_match(), NOW)
    assert by_rounds.players == at_the_end.players
    assert by_rounds.player("Anna") == PlayerStats(
        matches=1, match_wins=1, rounds=3, round_wins=2, points=510, best_round=480
    )
    assert by_rounds.open_rounds == {}


def test_no_round_of_a_finished_match_is_counted_again():
    done = add_match(Stats(), the_match(), NOW)
    assert add_round(done, a_round(3)) == done


def test_a_skipped_round_is_left_to_the_match_end():
    stats = add_round(Stats(), a_round(2))  # round 1 was never reported
    assert stats == Stats()
    ended = add_match(stats, the_match(), NOW)
    assert ended.player("Anna").rounds == 3


def test_only_the_latest_unfinished_matches_are_remembered():
    stats = Stats()
    for n in range(OPEN_MATCHES_LIMIT + 3):
        stats = add_round(stats, a_round(1, match_id=f"m{n}"))
    assert len(stats.open_rounds) == OPEN_MATCHES_LIMIT
    assert "m0" not in stats.open_rounds and f"m{OPEN_MATCHES_LIMIT + 2}" in stats.open_rounds
    assert stats.player("Anna").rounds == OPEN_MATCHES_LIMIT + 3


def test_statistics_written_before_rounds_were_counted_still_load():
    old = add_match(Stats(), the_match(), NOW).to_dict()
    del old["open_rounds"]
    stats, lost = parse_stats(old)
    assert not lost
    assert stats.player("Anna").rounds == 3 and stats.open_rounds == {}


def test_counted_rounds_survive_the_file_and_a_damaged_entry_costs_only_itself():
    data = add_round(Stats(), a_round(1)).to_dict()
    stats, lost = parse_stats(data)
    assert not lost and stats.open_rounds == {"m1": 1}
    data["open_rounds"]["m2"] = "lots"
    stats, lost = parse_stats(data)
    assert lost and stats.open_rounds == {"m1": 1}


def test_a_round_result_with_a_score_missing_is_refused():
    with pytest.raises(ValueError):
        RoundResult("m1", 1, SEATS, (3,), None)
    with pytest.raises(ValueError):
        RoundResult("m1", 0, SEATS, (3, 0), 0)


def test_storage_records_a_round_once_and_keeps_it():
    store = Storage()
    store.record_round(a_round(1))
    store.record_round(a_round(1))
    assert Storage().load_stats().player("Anna").rounds == 1


# --- on screen -----------------------------------------------------------------------
@pytest.fixture
def services(monkeypatch):
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    monkeypatch.setattr("uno_desktop.ui.services.make_sounds", SilentSounds)
    s = build_services()
    s.clock = ManualClock()
    yield s
    set_language("en")


def played_round(services) -> Match:
    # computers play every seat, so the round ends by itself
    specs = [SeatSpec("Anna", "easy"), SeatSpec("Bo", "easy"), SeatSpec("Cy", "easy")]
    match = Match(load_preset("official"), specs, seed=5, preset="official", clock=services.clock)
    services.session_for(match)  # the table's session keeps it, as a started match's does
    match.start_round()
    while not match.round_over:
        services.clock.advance(5.0)
        match.poll()
    return match


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_statistics_after_one_round_show_rounds_wins_and_points_per_person(services, lang):
    services.apply_settings(dataclasses.replace(services.settings, language=lang))
    match = played_round(services)
    stack = SceneStack()
    stack.push(RoundEndScene(services, match))
    stack.apply_pending()
    stack.push(RoundEndScene(services, match))  # shown again (a resumed match)
    stack.apply_pending()
    stats = services.storage.load_stats()
    view = match.seat_view(None)
    for seat, name in enumerate(("Anna", "Bo", "Cy")):
        p = stats.player(name)
        assert (p.rounds, p.round_wins, p.points) == (
            1,
            int(view.winner == seat),
            view.points[seat],
        )
    scene = StatisticsScene(services)
    assert not scene.empty
    surface = pygame.Surface((1280, 720))
    scene.relayout((1280, 720))
    with record_texts() as drawn:
        scene.draw(surface)
    texts = {t.text for t in drawn}
    winner = match.seat_name(view.winner)
    assert winner in texts and str(view.points[view.winner]) in texts
    assert ("Inga rundor spelade än" if lang == "sv" else "No rounds played yet") not in texts
    assert scene.layout_problems() == []
