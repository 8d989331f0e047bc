"""Every loop that plays rounds ends: a round still going at the engine's move limit
ends blocked (simulate counts it as cut off), and a headless driver's own lower bound
stops with a message naming it, never a hang. The built-in presets' seeds that once went
round in circles (a drawn Reverse passed back and forth) now end by the idle-turn rule."""

from __future__ import annotations

import pytest

from uno_desktop.cli import main
from uno_desktop.engine import MAX_ROUND_MOVES
from uno_desktop.engine.rules import RuleSet
from uno_desktop.play.match import RoundTooLong, SeatSpec
from uno_desktop.play.simulate import simulate_bots, simulate_random
from uno_desktop.rules.presets import load_preset
from uno_desktop.session.headless import play_match_headless

CIRCLES = RuleSet(deck={"1": 1, "2": 1}, hand_size=1, max_players=2, draw_until_playable=True)


def test_simulated_games_of_rules_that_circle_end_blocked() -> None:
    res = simulate_random(CIRCLES, 2, 300, seed=1)
    assert res.blocked > 0 and res.cut_off == 0


def test_a_simulated_game_still_going_at_the_move_limit_ends_blocked_and_is_cut_off() -> None:
    # Random Swedish players (drawing when they could play) wander: game 3 of seed 2.
    res = simulate_random(load_preset("swedish"), 6, 3, seed=2)
    assert res.cut_off == 1 and res.blocked >= 1
    assert res.decisions >= MAX_ROUND_MOVES


@pytest.mark.parametrize(
    ("preset", "players", "games", "seed"),
    [("family", 10, 548, 1), ("swedish", 5, 4, 1), ("swedish", 6, 3, 2), ("swedish", 7, 9, 2)],
)
def test_simulate_plays_the_seeds_that_went_round_in_circles_to_the_end(
    preset: str, players: int, games: int, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--preset", preset, "--players", str(players)]
    assert main([*argv, "--games", str(games), "--seed", str(seed)]) == 0
    assert f"games        {games}" in capsys.readouterr().out


@pytest.mark.slow  # bots, each given the whole history: minutes
def test_bot_games_of_rules_that_circle_end() -> None:
    res = simulate_bots(CIRCLES, ["easy", "easy"], 300, seed=1)
    assert res.games == 300


def test_a_headless_round_longer_than_its_drivers_bound_stops_with_a_clear_error() -> None:
    seats = [SeatSpec("A", "easy"), SeatSpec("B", "easy")]
    with pytest.raises(RoundTooLong, match="did not end within 5 actions"):
        play_match_headless(load_preset("official"), seats, seed=1, max_actions_per_round=5)
