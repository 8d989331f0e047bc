"""Statistics as a family reads it: people apart from computer players, presets by their
names, rounds counted right in both languages, a chart with labelled axes, and a word
(and a way to play) before the first match."""

from __future__ import annotations

import itertools

import pygame
import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock
from uno_desktop.store.storage import MatchResult, SeatSetting
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.new_game import NewGameScene
from uno_desktop.ui.scenes.statistics import StatisticsScene, player_rows
from uno_desktop.ui.services import build_services
from uno_desktop.ui.stats_chart import MAX_X_TICKS, draw_chart, nice_top, ticks

SIZES = ((1024, 600), (1280, 720))


@pytest.fixture
def services():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZES[1])
    s = build_services()
    s.clock = ManualClock()
    yield s
    set_language("en")


def show(scene, size=SIZES[1]) -> SceneStack:
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.relayout(size)
    return stack


def record(services, preset: str, rounds: int, match_id: str) -> None:
    seats = (SeatSetting("Ann", "human"), SeatSetting("Computer 1", "hard"))
    services.storage.record_match(
        MatchResult(
            preset=preset,
            seats=seats,
            round_points=((10, 0),) * rounds,
            round_winners=(0,) * rounds,
            winner=0,
            match_id=match_id,
        )
    )


def test_the_first_start_says_no_matches_yet_and_offers_a_new_game(services):
    stats = StatisticsScene(services)
    stack = show(stats)
    assert stats.empty
    assert [b.text for b in stats.buttons] == ["New game", "Back"]
    assert stats.group.focused is stats.play  # Enter starts a match
    for size in SIZES:
        stats.relayout(size)
        stats.draw(pygame.Surface(size))
    stats.play.activate()
    stack.apply_pending()
    assert isinstance(stack.top, NewGameScene)


def test_people_are_listed_apart_from_computer_players(services):
    record(services, "official", 2, "m1")
    stats = StatisticsScene(services)
    people, computers = player_rows(dict(stats.stats.players))
    assert [name for name, _p in people] == ["Ann"]
    assert [name for name, _p in computers] == ["Computer 1"]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["Swedish edition: Ann won (5 rounds)", "Official rules: Ann won (1 round)"]),
        ("sv", ["Svenska utgåvan: Ann vann (5 rundor)", "Officiella regler: Ann vann (1 runda)"]),
    ],
)
def test_recent_matches_name_the_preset_and_count_rounds_in_the_language(services, lang, expected):
    record(services, "official", 1, "m1")
    record(services, "swedish", 5, "m2")
    services.update_settings(language=lang)
    stats = StatisticsScene(services)
    lines = stats.recent_lines(list(stats.stats.history))
    assert [line.split("  ", 1)[1] for line in lines] == expected


def test_two_rounds_are_plural_in_both_languages(services):
    record(services, "family", 2, "m1")
    stats = StatisticsScene(services)
    assert stats.recent_lines(list(stats.stats.history))[0].endswith("(2 rounds)")
    set_language("sv")
    assert stats.recent_lines(list(stats.stats.history))[0].endswith("(2 rundor)")


def test_the_points_axis_ends_on_a_round_number_with_its_half_marked():
    assert [nice_top(v) for v in (0, 7, 10, 11, 560, 1015, 2400)] == [
        10,
        10,
        10,
        15,
        600,
        1500,
        3000,
    ]
    assert ticks(560, 3) == ([0, 300, 600], [1, 2, 3])


def test_a_long_match_numbers_at_most_ten_rounds_along_the_axis():
    for rounds in (10, 11, 37, 200):
        _y, x = ticks(100, rounds)
        assert 1 <= len(x) <= MAX_X_TICKS and x[-1] <= rounds
        assert len({b - a for a, b in itertools.pairwise(x)}) <= 1  # evenly spaced


def test_the_chart_writes_its_axis_names_in_the_language(services, monkeypatch):
    from uno_desktop.ui import stats_chart

    written: list[str] = []
    real = stats_chart.draw_text
    monkeypatch.setattr(
        stats_chart,
        "draw_text",
        lambda surface, text, *a, **k: written.append(text) or real(surface, text, *a, **k),
    )
    set_language("sv")
    surface = pygame.Surface(SIZES[0])
    draw_chart(surface, pygame.Rect(10, 10, 400, 400), ["Ann", "Bo"], [(10, 0), (0, 40)], 1.0)
    assert {"Poäng", "Runda", "0", "20", "40", "1", "2", "Ann: 10", "Bo: 40"} <= set(written)


def test_statistics_with_ten_seats_and_a_long_match_draw_at_both_sizes(services):
    seats = tuple(SeatSetting(f"Seat {i}", "human" if i < 5 else "easy") for i in range(10))
    points = tuple(tuple(5 if s == r % 10 else 0 for s in range(10)) for r in range(150))
    services.storage.record_match(
        MatchResult("official", seats, points, tuple(r % 10 for r in range(150)), winner=0)
    )
    stats = StatisticsScene(services)
    for size in SIZES:
        show(stats, size).draw(pygame.Surface(size))


def test_rounds_recorded_before_any_finished_match_are_reachable_from_the_first_screen(services):
    from tests.test_replay import played_round
    from uno_desktop.play.replay import ReplayShelf, record_of
    from uno_desktop.ui.scenes.replays import ReplaysScene

    match, _ = played_round(players=2)
    ReplayShelf(services.storage).keep(record_of(match))
    stats = StatisticsScene(services)
    stack = show(stats)
    assert stats.empty
    assert [b.text for b in stats.buttons] == ["New game", "Replays", "Back"]
    for size in SIZES:
        stats.relayout(size)
        assert not stats.layout_problems()
    stats.replays.activate()
    stack.apply_pending()
    assert isinstance(stack.top, ReplaysScene)


def test_seats_on_the_same_total_are_drawn_apart_so_no_line_hides_another(services):
    from uno_desktop.ui.stats_chart import SERIES_RGB, dodges

    assert dodges([[0, 0, 30], [0, 0, 0], [0, 20, 20]], 3) == [
        [0, 0, 0],
        [-3, -3, 0],
        [-6, 0, 0],
    ]
    surface = pygame.Surface((400, 300))
    area = pygame.Rect(10, 10, 380, 280)
    draw_chart(surface, area, ["Ann", "Bo", "Cy"], [(0, 0, 0), (40, 0, 0), (0, 0, 0)], 1.0)
    plot = pygame.Rect(area.left + 40, area.top + 20, area.width - 60, area.height - 110)
    seen = {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(plot.left, plot.right)
        for y in range(plot.top, plot.bottom + 3)
    }
    assert {SERIES_RGB[0], SERIES_RGB[1], SERIES_RGB[2]} <= seen


def test_the_players_column_headers_share_one_size(services):
    from uno_desktop.ui.kit import record_texts
    from uno_desktop.ui.scenes.statistics import header_px

    cols = ["Name", "Matches", "Won", "Rounds", "Won", "Points", "Best round"]
    assert header_px(cols, [200, 60, 60, 60, 60, 60, 60], 22) <= 22
    seats = (SeatSetting("Ann", "human"), SeatSetting("Bo", "easy"))
    services.storage.record_match(MatchResult("official", seats, ((30, 0),), (0,), winner=0))
    stats = StatisticsScene(services)
    for size in SIZES:
        with record_texts() as drawn:
            show(stats, size).draw(pygame.Surface(size))
        heads = {
            t.px
            for t in drawn
            if t.text in ("Matches", "Won", "Rounds", "Points", "Best", "round", "Best round")
            and t.box is not None
            and stats._players.contains(t.box)
        }
        assert len(heads) == 1, (size, heads)
