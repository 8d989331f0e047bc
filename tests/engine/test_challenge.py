"""Challenging a Wild Draw Four (DESIGN.md: WD4 and challenge)."""

from __future__ import annotations

import pytest

from uno_desktop.engine import (
    Challenge,
    Draw,
    IllegalAction,
    Phase,
    RuleSet,
    events,
    parse_cards,
)

from .helpers import deal, hand, play, snapshot

PILE = "R5 R6 R7 R8 R9 Y5 Y6 Y7"


def _guilty_game():
    """Seat 1 holds a green card (the active colour) and plays W4 anyway."""
    game = deal(["R1 R2 R3", "W4 G1 B2", "Y1 Y2 Y3"], start="G5", pile=PILE)
    game.apply(play(1, "W4", "B"))
    return game


def _innocent_game():
    """Seat 1 holds no green: a B5 (the top card's number) and a Wild do not count."""
    game = deal(["R1 R2 R3", "W4 B5 W", "Y1 Y2 Y3"], start="G5", pile=PILE)
    game.apply(play(1, "W4", "B"))
    return game


def test_the_victim_may_challenge_before_drawing() -> None:
    game = _guilty_game()
    assert game.phase is Phase.PENALTY
    assert game.current == 2
    assert game.observation(2).can_challenge
    assert Challenge(2) in game.legal_actions(2)


def test_only_the_victim_may_challenge() -> None:
    game = _guilty_game()
    assert not game.observation(0).can_challenge
    assert Challenge(0) not in game.legal_actions(0)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="only the player"):
        game.apply(Challenge(0))
    assert snapshot(game) == before


def test_no_challenge_after_the_victim_has_drawn() -> None:
    game = _guilty_game()
    game.apply(Draw(2))
    with pytest.raises(IllegalAction):
        game.apply(Challenge(2))


def test_guilty_offender_draws_four_and_the_challenger_plays_a_normal_turn() -> None:
    game = _guilty_game()
    evs = game.apply(Challenge(2))
    assert events.ChallengeResolved(2, 1, True, tuple(parse_cards("G1 B2"))) in evs
    assert hand(game, 1) == ["G1", "B2", "R5", "R6", "R7", "R8"]
    assert hand(game, 2) == ["Y1", "Y2", "Y3"]
    assert game.current == 2
    assert game.phase is Phase.PLAY


def test_innocent_challenger_draws_six_and_loses_the_turn() -> None:
    game = _innocent_game()
    evs = game.apply(Challenge(2))
    assert any(isinstance(e, events.ChallengeResolved) and not e.guilty for e in evs)
    assert len(game.hands[2]) == 3 + 6
    assert len(game.hands[1]) == 2
    assert events.TurnSkipped(2) in evs
    assert game.current == 0


def test_only_the_previously_active_colour_makes_the_offender_guilty() -> None:
    # The top card is G5 but the active colour is red (a Wild named it): G cards don't count.
    game = deal(["W R2 R3", "W4 G1 G5", "Y1 Y2 Y3"], start="G7", pile=PILE, dealer=2)
    game.apply(play(0, "W", "R"))
    game.apply(play(1, "W4", "B"))
    evs = game.apply(Challenge(2))
    assert any(isinstance(e, events.ChallengeResolved) and not e.guilty for e in evs)


def test_without_bluffing_wild_draw_four_is_illegal_while_holding_the_active_colour() -> None:
    rules = RuleSet(hand_size=3, bluffing=False)
    game = deal(["R1 R2 R3", "W4 G1 B2", "Y1 Y2 Y3"], start="G5", pile=PILE, rules=rules)
    assert not any(getattr(a, "card", None) and a.card.code == "W4" for a in game.legal_actions(1))
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="Wild Draw Four"):
        game.apply(play(1, "W4", "B"))
    assert snapshot(game) == before


def test_without_bluffing_wild_draw_four_is_legal_without_the_active_colour() -> None:
    rules = RuleSet(hand_size=3, bluffing=False)
    game = deal(["R1 R2 R3", "W4 G1 B2", "Y1 Y2 Y3"], start="R5", pile=PILE, rules=rules)
    assert play(1, "W4", "B") in game.legal_actions(1)


def test_without_challenge_the_victim_draws_four_at_once() -> None:
    rules = RuleSet(hand_size=3, challenge=False)
    game = deal(["R1 R2 R3", "W4 G1 B2", "Y1 Y2 Y3"], start="G5", pile=PILE, rules=rules)
    evs = game.apply(play(1, "W4", "B"))
    assert game.phase is Phase.PLAY
    assert len(game.hands[2]) == 7
    assert events.TurnSkipped(2) in evs
    assert game.current == 0
    assert not any(isinstance(a, Challenge) for s in range(3) for a in game.legal_actions(s))


def test_the_shown_hand_goes_to_the_challenger_only() -> None:
    game = _guilty_game()
    game.apply(Challenge(2))
    shown = tuple(parse_cards("G1 B2"))

    def resolved(seat: int) -> events.ChallengeResolved:
        hist = game.observation(seat).history
        return next(e for e in hist if isinstance(e, events.ChallengeResolved))

    assert resolved(2).hand == shown
    assert resolved(0).hand == ()
    assert resolved(0).guilty


def test_the_challenge_is_recorded_in_the_pending_penalty_event() -> None:
    game = deal(["R1 R2 R3", "W4 G1 B2", "Y1 Y2 Y3"], start="G5", pile=PILE)
    evs = game.apply(play(1, "W4", "B"))
    assert events.PenaltyPending(2, 4, True) in evs
    assert game.observation(2).pending_draw == 4
    assert game.observation(2).pending_kind == "W4"
