"""Going out: the round ends at once (DESIGN.md: last card D2/WD4, 7-0 as the last card)."""

from __future__ import annotations

import pytest

from uno_desktop.engine import (
    CallUno,
    Challenge,
    Draw,
    IllegalAction,
    Phase,
    RuleSet,
    events,
)

from .helpers import deal, hand, play

PILE = "R7 R8 R9 Y5 Y6 Y7 Y8"


def _one_card(last: str, rules: RuleSet | None = None, start: str = "G5"):
    """Seat 1 holds only `last` (UNO said); seat 2 holds Y1 Y2 B9; it is seat 1's turn."""
    rules = rules or RuleSet(hand_size=2)
    game = deal(["R1 R2", f"G1 {last}", "Y1 Y2"], start=start, pile=PILE, rules=rules)
    game.apply(play(1, "G1", uno=True))
    game.apply(Draw(2))  # R7: no match on G1
    game.apply(Draw(0))  # R8: no match
    assert game.current == 1
    return game


def test_playing_the_last_card_ends_the_round_at_once() -> None:
    game = _one_card("G3")
    evs = game.apply(play(1, "G3"))
    assert game.is_over
    assert game.phase is Phase.OVER
    assert game.winner == 1
    ended = evs[-1]
    assert isinstance(ended, events.RoundEnded)
    assert ended.winner == 1
    assert not ended.blocked


def test_the_winner_scores_the_other_hands() -> None:
    game = _one_card("G3")
    game.apply(play(1, "G3"))
    # seat 0: R1 R2 R8 = 11; seat 2: Y1 Y2 R7 = 10
    assert game.points == (0, 21, 0)


def test_no_action_is_legal_after_the_round_ends() -> None:
    game = _one_card("G3")
    game.apply(play(1, "G3"))
    assert all(game.legal_actions(s) == [] for s in range(3))
    with pytest.raises(IllegalAction, match="over"):
        game.apply(Draw(2))
    with pytest.raises(IllegalAction, match="over"):
        game.apply(CallUno(0))


def test_a_last_draw_two_still_makes_the_next_player_draw_and_counts_in_the_score() -> None:
    game = _one_card("GD2")
    game.apply(play(1, "GD2"))
    assert game.is_over
    assert hand(game, 2) == ["Y1", "Y2", "R7", "R9", "Y5"]
    # seat 0: R1 R2 R8 = 11; seat 2: 1 + 2 + 7 + 9 + 5 = 24
    assert game.points == (0, 35, 0)


def test_a_last_wild_draw_four_makes_the_next_player_draw_four_without_challenge() -> None:
    game = _one_card("W4")
    evs = game.apply(play(1, "W4", "B"))
    assert game.is_over
    assert len(game.hands[2]) == 3 + 4
    assert not any(isinstance(e, events.PenaltyPending) for e in evs)
    with pytest.raises(IllegalAction):
        game.apply(Challenge(2))


def test_after_a_last_wild_draw_four_no_penalty_is_pending() -> None:
    game = _one_card("W4")
    game.apply(play(1, "W4", "B"))
    obs = game.observation(2)
    assert obs.pending_draw == 0
    assert obs.pending_kind is None
    assert not obs.can_challenge


@pytest.mark.parametrize("last", ["G7", "G0"])
def test_a_seven_or_zero_as_the_last_card_has_no_effect(last: str) -> None:
    rules = RuleSet(hand_size=2, seven_zero=True)
    game = _one_card(last, rules=rules)
    before = game.hands
    evs = game.apply(play(1, last))
    assert game.is_over
    assert game.hands[0] == before[0]
    assert game.hands[2] == before[2]
    assert not any(isinstance(e, (events.HandsSwapped, events.HandsRotated)) for e in evs)


def test_a_seven_as_the_last_card_takes_no_target() -> None:
    rules = RuleSet(hand_size=2, seven_zero=True)
    game = _one_card("G7", rules=rules)
    with pytest.raises(IllegalAction, match="no target"):
        game.apply(play(1, "G7", target=0))


def test_a_last_wild_swap_hands_swaps_nothing() -> None:
    game = _one_card("WS")
    evs = game.apply(play(1, "WS", "R"))
    assert game.is_over
    assert not any(isinstance(e, events.HandsSwapped) for e in evs)
