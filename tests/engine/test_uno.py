"""Saying UNO and being caught (DESIGN.md: UNO and its fine points)."""

from __future__ import annotations

import pytest

from uno_desktop.engine import CallUno, CatchUno, Draw, IllegalAction, RuleSet, events

from .helpers import deal, hand, play, snapshot

PILE = "R7 R8 R9 Y5 Y6 Y7 Y8"


def _down_to_one(uno: bool, rules: RuleSet | None = None):
    """Seat 1 plays its second-to-last card; seat 2 is next."""
    game = deal(["R1 R2", "G1 G2", "Y1 Y2"], start="G5", pile=PILE, rules=rules)
    game.apply(play(1, "G1", uno=uno))
    return game


def test_uno_is_declared_with_the_second_to_last_card() -> None:
    game = deal(["R1 R2", "G1 G2", "Y1 Y2"], start="G5", pile=PILE)
    evs = game.apply(play(1, "G1", uno=True))
    assert events.UnoCalled(1) in evs
    assert game.observation(0).uno_declared == (False, True, False)
    assert game.catchable is None


def test_uno_on_any_other_play_is_refused() -> None:
    game = deal(["R1 R2 R3", "G1 G2 G3", "Y1 Y2 Y3"], start="G5", pile=PILE)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="second-to-last"):
        game.apply(play(1, "G1", uno=True))
    assert snapshot(game) == before


def test_forgetting_uno_makes_the_seat_catchable() -> None:
    game = _down_to_one(uno=False)
    assert game.catchable == 1
    assert game.observation(2).catchable == 1
    assert CatchUno(0, 1) in game.legal_actions(0)
    assert CatchUno(2, 1) in game.legal_actions(2)
    assert CatchUno(1, 1) not in game.legal_actions(1)


def test_any_other_seat_may_catch_and_the_forgetter_draws_two() -> None:
    game = _down_to_one(uno=False)
    evs = game.apply(CatchUno(0, 1))
    assert events.UnoCaught(0, 1) in evs
    assert hand(game, 1) == ["G2", "R7", "R8"]
    assert game.catchable is None
    assert game.current == 2  # a catch is no turn


def test_the_uno_penalty_is_a_rule() -> None:
    game = _down_to_one(uno=False, rules=RuleSet(hand_size=2, uno_penalty=4))
    game.apply(CatchUno(2, 1))
    assert len(game.hands[1]) == 5


def test_calling_uno_afterwards_before_a_catch_makes_the_seat_safe() -> None:
    game = _down_to_one(uno=False)
    evs = game.apply(CallUno(1))
    assert events.UnoCalled(1) in evs
    assert game.catchable is None
    with pytest.raises(IllegalAction, match="cannot be caught"):
        game.apply(CatchUno(0, 1))


def test_the_catch_window_closes_at_the_next_players_first_action() -> None:
    game = _down_to_one(uno=False)
    game.apply(Draw(2))
    assert game.catchable is None
    assert CatchUno(0, 1) not in game.legal_actions(0)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="cannot be caught"):
        game.apply(CatchUno(0, 1))
    assert snapshot(game) == before


def test_the_catch_window_stays_open_while_others_call_uno() -> None:
    game = _down_to_one(uno=False)
    assert game.catchable == 1
    with pytest.raises(IllegalAction):
        game.apply(CallUno(0))  # seat 0 has two cards
    assert game.catchable == 1


def test_call_uno_is_legal_only_with_one_undeclared_card() -> None:
    game = deal(["R1 R2", "G1 G2", "Y1 Y2"], start="G5", pile=PILE)
    with pytest.raises(IllegalAction, match="one card"):
        game.apply(CallUno(1))
    game.apply(play(1, "G1", uno=True))
    assert CallUno(1) not in game.legal_actions(1)
    with pytest.raises(IllegalAction, match="already"):
        game.apply(CallUno(1))


def test_a_seat_cannot_catch_itself() -> None:
    game = _down_to_one(uno=False)
    with pytest.raises(IllegalAction):
        game.apply(CatchUno(1, 1))


def test_drawing_a_card_cancels_a_declared_uno() -> None:
    game = deal(["R1 R2", "G1 G2", "Y1 Y2"], start="G5", pile=PILE)
    game.apply(play(1, "G1", uno=True))
    game.apply(Draw(2))
    game.apply(Draw(0))
    game.apply(Draw(1))  # R9 does not match G1
    assert game.observation(0).uno_declared[1] is False
    assert len(game.hands[1]) == 2


def test_a_false_catch_of_a_declared_seat_makes_the_catcher_draw() -> None:
    rules = RuleSet(hand_size=2, false_catch_penalty=2)
    game = _down_to_one(uno=True, rules=rules)
    assert CatchUno(0, 1) in game.legal_actions(0)
    evs = game.apply(CatchUno(0, 1))
    assert events.FalseCatch(0, 1) in evs
    assert len(game.hands[0]) == 4
    assert len(game.hands[1]) == 1


def test_without_a_false_catch_penalty_catching_a_declared_seat_is_refused() -> None:
    game = _down_to_one(uno=True)
    assert CatchUno(0, 1) not in game.legal_actions(0)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="cannot be caught"):
        game.apply(CatchUno(0, 1))
    assert snapshot(game) == before


def test_a_catch_after_the_round_is_over_is_refused() -> None:
    game = deal(["R1 R2", "G1 G2", "Y1 Y2"], start="G5", pile=PILE)
    game.apply(play(1, "G1"))
    game.apply(Draw(2))  # closes the window for seat 1
    game.apply(Draw(0))
    game.apply(play(1, "G2"))
    assert game.is_over
    with pytest.raises(IllegalAction, match="over"):
        game.apply(CatchUno(0, 1))


def test_catching_a_seat_after_its_window_closed_is_a_false_catch() -> None:
    rules = RuleSet(hand_size=2, false_catch_penalty=2)
    game = _down_to_one(uno=False, rules=rules)
    game.apply(Draw(2))  # the window closes; seat 1 still holds one undeclared card
    evs = game.apply(CatchUno(0, 1))
    assert events.FalseCatch(0, 1) in evs
    assert len(game.hands[0]) == 4
    assert len(game.hands[1]) == 1
