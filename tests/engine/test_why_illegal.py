"""`why_illegal` names the rule an action breaks, and says nothing against a legal one.

Seat 0 deals, so seat 1 plays first (`deal` in helpers.py builds the hands).
"""

from __future__ import annotations

from uno_desktop.engine import (
    CallUno,
    CatchUno,
    Challenge,
    Draw,
    Pass,
    Play,
    RuleSet,
    Stacking,
)

from .helpers import deal, play

THREE = ["R1 R2 R3", "G7 B2 W", "Y1 Y2 Y3"]


def test_a_legal_action_has_no_reason_against_it() -> None:
    game = deal(THREE, start="G5")
    assert all(game.why_illegal(a) is None for a in game.legal_actions(1))


def test_a_card_that_does_not_match_names_the_top_card_and_the_colour() -> None:
    game = deal(THREE, start="G5")
    assert game.why_illegal(play(1, "B2")) == "B2 does not match G5 (colour: green)"


def test_a_card_not_held_cannot_be_played() -> None:
    game = deal(THREE, start="G5")
    assert game.why_illegal(play(1, "G9")) == "seat 1 does not hold G9"


def test_out_of_turn_without_jump_in_it_is_the_current_seats_turn() -> None:
    game = deal(THREE, start="G5")
    assert game.why_illegal(play(0, "R1")) == "it is seat 1's turn"
    assert game.why_illegal(Draw(2)) == "seat 2 cannot draw: it is seat 1's turn"


def test_a_wild_needs_a_colour_and_a_number_takes_none() -> None:
    game = deal(THREE, start="G5")
    assert game.why_illegal(play(1, "W")) == "W needs a colour"
    assert game.why_illegal(play(1, "G7", "G")) == "G7 takes no colour"


def test_a_swap_needs_another_player_and_other_cards_take_no_target() -> None:
    rules = RuleSet(hand_size=3, seven_zero=True)
    game = deal(["R1 R2 R3", "G7 B2 G4", "Y1 Y2 Y3"], start="G5", rules=rules)
    assert game.why_illegal(play(1, "G7")) == "G7 needs another player to swap with"
    assert game.why_illegal(play(1, "G7", target=1)) == "G7 needs another player to swap with"
    assert game.why_illegal(play(1, "G4", target=2)) == "G4 takes no target"


def test_uno_is_declared_only_with_the_second_to_last_card() -> None:
    game = deal(THREE, start="G5")
    assert game.why_illegal(play(1, "G7", uno=True)) == (
        "UNO is declared with the second-to-last card"
    )


def test_without_bluffing_a_wild_draw_four_needs_a_hand_without_the_colour() -> None:
    rules = RuleSet(hand_size=3, bluffing=False)
    game = deal(["R1 R2 R3", "G7 B2 W4", "Y1 Y2 Y3"], start="G5", rules=rules)
    assert game.why_illegal(play(1, "W4", "R")) == (
        "Wild Draw Four only when you hold no card of the active colour"
    )


def test_after_drawing_only_the_drawn_card_may_be_played_and_no_second_draw() -> None:
    game = deal(THREE, start="G5", pile="G9")
    game.apply(Draw(1))
    assert game.why_illegal(play(1, "G7")) == "after drawing, only the drawn card may be played"
    assert game.why_illegal(Draw(1)) == "you have already drawn: play the drawn card or keep it"
    assert game.why_illegal(Pass(1)) is None


def test_only_a_card_just_drawn_can_be_kept() -> None:
    game = deal(THREE, start="G5")
    assert game.why_illegal(Pass(1)) == "you can only keep a card you have just drawn"


def test_a_card_that_cannot_stack_on_the_pending_penalty() -> None:
    rules = RuleSet(hand_size=3, stacking=Stacking.SAME)
    game = deal(["R1 R2 R3", "GD2 B2 B3", "Y1 W4 GD2"], start="G5", rules=rules)
    game.apply(play(1, "GD2"))
    assert game.why_illegal(play(2, "W4", "R")) == (
        "W4 cannot be stacked on the pending penalty; draw or challenge"
    )
    assert game.why_illegal(play(2, "GD2")) is None


def test_a_challenge_needs_a_wild_draw_four_played_on_the_challenger() -> None:
    rules = RuleSet(hand_size=3, stacking=Stacking.SAME)
    game = deal(["R1 R2 R3", "GD2 B2 B3", "Y1 W4 GD2"], start="G5", rules=rules)
    only_victim = "only the player a Wild Draw Four was played on may challenge it"
    assert game.why_illegal(Challenge(1)) == only_victim
    game.apply(play(1, "GD2"))
    assert game.why_illegal(Challenge(2)) == "there is no Wild Draw Four to challenge"
    assert game.why_illegal(Challenge(0)) == only_victim


def test_without_the_challenge_rule_no_challenge() -> None:
    rules = RuleSet(hand_size=3, challenge=False, stacking=Stacking.SAME)
    game = deal(["R1 R2 R3", "GD2 B2 B3", "Y1 Y2 Y3"], start="G5", rules=rules)
    game.apply(play(1, "GD2"))
    assert game.why_illegal(Challenge(2)) == "these rules have no challenge"


def test_uno_is_called_with_one_card_left_and_only_once() -> None:
    game = deal(["R1 R2", "G7 B2", "Y1 Y2"], start="G5")
    assert game.why_illegal(CallUno(1)) == "UNO is called with one card left"
    game.apply(play(1, "G7", uno=True))
    assert game.why_illegal(CallUno(1)) == "you have already called UNO"


def test_a_catch_needs_a_seat_that_forgot_uno() -> None:
    game = deal(["R1 R2", "G7 B2", "Y1 Y2"], start="G5")
    game.apply(play(1, "G7"))  # one card left, UNO not said
    assert game.why_illegal(CatchUno(2, 1)) is None
    assert game.why_illegal(CatchUno(2, 0)) == "seat 0 cannot be caught now"
    assert game.why_illegal(CatchUno(1, 1)) == "seat 1 cannot catch seat 1"
    assert game.why_illegal(CatchUno(2, 5)) == "seat 2 cannot catch seat 5"


def test_a_seat_that_is_not_at_the_table() -> None:
    game = deal(THREE, start="G5")
    assert game.why_illegal(Draw(3)) == "no seat 3 at a table of 3"
    assert game.why_illegal(Draw(True)) == "no seat True at a table of 3"


def test_something_that_is_not_an_action() -> None:
    game = deal(THREE, start="G5")
    assert game.why_illegal("draw") == "not an action: 'draw'"  # type: ignore[arg-type]


def test_nothing_once_the_round_is_over() -> None:
    game = deal(["R1", "G7", "Y1"], start="G5", rules=RuleSet(hand_size=1))
    game.apply(play(1, "G7"))
    assert game.is_over
    assert game.why_illegal(Draw(2)) == "the round is over"
    assert game.why_illegal(play(2, "Y1")) == "the round is over"


def test_values_of_the_wrong_type_are_refused_even_when_equal_to_legal_ones() -> None:
    # Color is an IntEnum and True == 1: the engine checks types, not only equality.
    game = deal(["R1 R2", "G7 W", "Y1 Y2"], start="G5")
    assert game.why_illegal(Play(1, play(1, "W").card, 0)) == "W needs a colour"  # type: ignore[arg-type]
    assert game.why_illegal(play(1, "G7", uno=1)) == (
        "UNO is declared with the second-to-last card"
    )
