"""A real round still going one move before the engine's move limit, as a saved match.

Swedish rules, six seats, random legal moves (players who draw when they could play, and
a Wild Customizable that makes everyone draw, wander for a long time): deal 2 is still
going after MAX_ROUND_MOVES - 1 moves. The paths that must end such a round cleanly at
the limit (Continue, the window, a phone's move) start from this save.
"""

from __future__ import annotations

import copy
import functools
import random
from typing import Any

from uno_desktop.engine import MAX_ROUND_MOVES
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset

SEED = 2


@functools.cache
def _long_round() -> tuple[dict[str, Any], int]:
    rules = load_preset("swedish")
    seats = [SeatSpec(f"P{i + 1}", "easy") for i in range(6)]
    match = Match(rules, seats, SEED, clock=ManualClock(), bot_factory=lambda _kind: None)  # type: ignore[arg-type,return-value]
    match.start_round()
    game = match.game
    assert game is not None
    rng = random.Random(SEED)
    while len(game.actions) < MAX_ROUND_MOVES - 1:
        assert not game.is_over, "the deal no longer makes a long round"
        legal = game.legal_actions(game.current)
        game.apply(legal[rng.randrange(len(legal))])
    return match.to_dict(), game.current


def long_round_doc(kinds: dict[int, str] | None = None) -> dict[str, Any]:
    """The saved match (a fresh copy), seats' kinds changed as `kinds` says."""
    doc = copy.deepcopy(_long_round()[0])
    for seat, kind in (kinds or {}).items():
        doc["seats"][seat]["kind"] = kind
    return doc


def seat_to_move() -> int:
    """The seat whose turn it is in the saved round."""
    return _long_round()[1]
