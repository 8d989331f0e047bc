"""A turn: matching, wilds, drawing, keeping (DESIGN.md: "no playable card")."""

from __future__ import annotations

import pytest

from uno_desktop.engine import Color, Draw, IllegalAction, Pass, Phase, Play, RuleSet, events

from .helpers import deal, hand, play, snapshot


def test_a_card_of_the_active_colour_may_be_played() -> None:
    game = deal(["R1 R2 R3", "G7 G8 Y9", "Y1 Y2 Y3"], start="G5")
    game.apply(play(1, "G7"))
    assert game.top_card.code == "G7"
    assert game.current == 2


def test_a_card_of_the_same_number_may_be_played() -> None:
    game = deal(["R1 R2 R3", "B5 B8 Y9", "Y1 Y2 Y3"], start="G5")
    game.apply(play(1, "B5"))
    assert game.active_color is Color.BLUE


def test_a_card_of_the_same_symbol_may_be_played() -> None:
    game = deal(["R1 R2 R3", "YS B8 Y9", "BR Y2 Y3", "G1 G2 G3"], start="GR", dealer=2)
    assert game.current == 2  # reverse start: the dealer plays first
    game.apply(play(2, "BR"))
    assert game.direction == 1
    assert game.active_color is Color.BLUE


def test_a_mismatched_card_is_illegal_and_changes_nothing() -> None:
    game = deal(["R1 R2 R3", "B7 B8 Y9", "Y1 Y2 Y3"], start="G5", pile="R9")
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="does not match"):
        game.apply(play(1, "B7"))
    assert snapshot(game) == before


def test_a_card_not_held_is_illegal() -> None:
    game = deal(["R1 R2 R3", "B7 B8 Y9"], start="G5")
    with pytest.raises(IllegalAction, match="does not hold"):
        game.apply(play(1, "G6"))


def test_playing_out_of_turn_is_illegal_without_jump_in() -> None:
    game = deal(["G1 R2 R3", "B7 B8 Y9"], start="G5")
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="turn"):
        game.apply(play(0, "G1"))
    assert snapshot(game) == before


@pytest.mark.parametrize("wild", ["W", "W4"])
def test_a_wild_may_always_be_played_and_its_colour_becomes_active(wild: str) -> None:
    game = deal(["R1 R2 R3", f"{wild} B8 Y9", "Y1 Y2 Y3"], start="G5", pile="R9 R8 R7 R6")
    events_ = game.apply(play(1, wild, "Y"))
    assert game.active_color is Color.YELLOW
    assert events.ColorChosen(1, Color.YELLOW) in events_


def test_a_wild_without_a_colour_is_illegal() -> None:
    game = deal(["R1 R2 R3", "W B8 Y9"], start="G5")
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="needs a colour"):
        game.apply(play(1, "W"))
    assert snapshot(game) == before


def test_a_coloured_card_with_a_colour_is_illegal() -> None:
    game = deal(["R1 R2 R3", "G6 B8 Y9"], start="G5")
    with pytest.raises(IllegalAction, match="takes no colour"):
        game.apply(play(1, "G6", "R"))


def test_the_wild_card_never_carries_the_chosen_colour() -> None:
    game = deal(["R1 R2 R3", "W B8 Y9"], start="G5")
    game.apply(play(1, "W", "B"))
    assert game.top_card.color is None
    assert game.active_color is Color.BLUE


def test_drawing_is_allowed_even_with_a_playable_card() -> None:
    game = deal(["R1 R2 R3", "G6 B8 Y9"], start="G5", pile="R7")
    game.apply(Draw(1))
    assert hand(game, 1) == ["G6", "B8", "Y9", "R7"]
    assert game.current == 0  # R7 does not match G5: the turn ended


def test_a_drawn_playable_card_may_be_played_at_once() -> None:
    game = deal(["R1 R2 R3", "B6 B8 Y9"], start="G5", pile="G7")
    game.apply(Draw(1))
    assert game.phase is Phase.DRAWN
    assert game.current == 1
    assert game.observation(1).drawn_card.code == "G7"
    game.apply(play(1, "G7"))
    assert game.top_card.code == "G7"
    assert game.current == 2 % 2


def test_after_drawing_only_the_drawn_card_or_pass_is_legal() -> None:
    game = deal(["R1 R2 R3", "G6 B8 Y9"], start="G5", pile="G7")
    game.apply(Draw(1))
    assert set(game.legal_actions(1)) == {play(1, "G7"), Pass(1)}


def test_after_drawing_no_other_card_may_be_played() -> None:
    game = deal(["R1 R2 R3", "G6 B8 Y9"], start="G5", pile="G7")
    game.apply(Draw(1))
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="only the drawn card"):
        game.apply(play(1, "G6"))
    with pytest.raises(IllegalAction, match="already drawn"):
        game.apply(Draw(1))
    assert snapshot(game) == before


def test_a_drawn_unplayable_card_ends_the_turn() -> None:
    game = deal(["R1 R2 R3", "B6 B8 Y9"], start="G5", pile="R7")
    game.apply(Draw(1))
    assert game.current == 0
    assert game.phase is Phase.PLAY


def test_pass_keeps_the_drawn_card_and_ends_the_turn() -> None:
    game = deal(["R1 R2 R3", "B6 B8 Y9", "Y1 Y2 Y3"], start="G5", pile="G7")
    game.apply(Draw(1))
    evs = game.apply(Pass(1))
    assert events.CardKept(1) in evs
    assert "G7" in hand(game, 1)
    assert game.current == 2
    assert game.phase is Phase.PLAY


def test_pass_without_having_drawn_is_illegal() -> None:
    game = deal(["R1 R2 R3", "B6 B8 Y9"], start="G5")
    with pytest.raises(IllegalAction, match="drawn"):
        game.apply(Pass(1))


def test_drawing_out_of_turn_is_illegal() -> None:
    game = deal(["R1 R2 R3", "B6 B8 Y9"], start="G5", pile="G7")
    with pytest.raises(IllegalAction, match="turn"):
        game.apply(Draw(0))


def test_keep_drawn_option_ends_the_turn_after_drawing_even_if_playable() -> None:
    rules = RuleSet(hand_size=3, play_drawn=False)
    game = deal(["R1 R2 R3", "B6 B8 Y9", "Y1 Y2 Y3"], start="G5", pile="G7", rules=rules)
    game.apply(Draw(1))
    assert game.phase is Phase.PLAY
    assert game.current == 2
    assert "G7" in hand(game, 1)


def test_an_action_naming_a_seat_that_does_not_exist_is_illegal() -> None:
    game = deal(["R1 R2 R3", "B6 B8 Y9"], start="G5")
    with pytest.raises(IllegalAction, match="no seat"):
        game.apply(Draw(5))
    with pytest.raises(IllegalAction):
        game.apply(Play(1, "G5"))  # type: ignore[arg-type]
