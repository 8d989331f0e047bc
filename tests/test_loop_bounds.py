"""Every loop that plays rounds has a bound that ends in a clear error, never a hang:
rules built past the preset check (ones and twos drawn until playable go round in
circles on some deals) stop with a message naming the bound."""

from __future__ import annotations

import pytest

from uno_desktop.engine.rules import RuleSet
from uno_desktop.match import SeatSpec, play_match_headless
from uno_desktop.simulate import MAX_DECISIONS_PER_GAME, simulate_bots, simulate_random

CIRCLES = RuleSet(deck={"1": 1, "2": 1}, hand_size=1, max_players=2, draw_until_playable=True)


def test_simulated_games_that_never_end_stop_with_a_clear_error() -> None:
    with pytest.raises(RuntimeError, match=f"did not end within {MAX_DECISIONS_PER_GAME}"):
        simulate_random(CIRCLES, 2, 300, seed=1)


@pytest.mark.slow  # 20,000 decisions of bots, each given the whole history: minutes
def test_bot_games_that_never_end_stop_with_a_clear_error() -> None:
    with pytest.raises(RuntimeError, match=f"did not end within {MAX_DECISIONS_PER_GAME}"):
        simulate_bots(CIRCLES, ["easy", "easy"], 300, seed=1)


def test_a_headless_match_that_never_ends_a_round_stops_with_a_clear_error() -> None:
    seats = [SeatSpec("A", "easy"), SeatSpec("B", "easy")]
    with pytest.raises(RuntimeError, match="did not end within"):
        play_match_headless(CIRCLES, seats, seed=1, max_rounds=300, max_actions_per_round=2000)
