"""Skip, Reverse, Draw Two, Wild, Wild Draw Four; two-player specials."""

from __future__ import annotations

from uno_desktop.engine import Color, Draw, Phase, events

from .helpers import deal, hand, play

FOUR = ["R1 R2 R3", "GS GR GD2", "Y1 Y2 Y3", "B1 B2 B3"]


def test_skip_skips_the_next_player() -> None:
    game = deal(FOUR, start="G5")
    evs = game.apply(play(1, "GS"))
    assert events.TurnSkipped(2) in evs
    assert game.current == 3


def test_reverse_with_three_or_more_players_flips_the_direction() -> None:
    game = deal(FOUR, start="G5")
    evs = game.apply(play(1, "GR"))
    assert game.direction == -1
    assert events.DirectionChanged(-1) in evs
    assert game.current == 0


def test_reverse_twice_restores_the_direction() -> None:
    game = deal(["R1 R2 RR", "GR B2 B3", "Y1 Y2 Y3"], start="G5")
    game.apply(play(1, "GR"))
    game.apply(play(0, "RR"))
    assert game.direction == 1
    assert game.current == 1


def test_draw_two_makes_the_next_player_draw_two_and_skips_them() -> None:
    game = deal(FOUR, start="G5", pile="R7 R8 R9")
    evs = game.apply(play(1, "GD2"))
    assert hand(game, 2) == ["Y1", "Y2", "Y3", "R7", "R8"]
    assert events.TurnSkipped(2) in evs
    assert game.current == 3
    assert game.phase is Phase.PLAY


def test_wild_draw_four_makes_the_next_player_draw_four_and_skips_them() -> None:
    game = deal(["R1 R2 R3", "W4 G1 G2", "Y1 Y2 Y3"], start="B5", pile="R5 R6 R7 R8")
    game.apply(play(1, "W4", "G"))
    assert game.phase is Phase.PENALTY  # the victim may challenge first
    assert game.current == 2
    game.apply(Draw(2))
    assert hand(game, 2) == ["Y1", "Y2", "Y3", "R5", "R6", "R7", "R8"]
    assert game.current == 0
    assert game.active_color is Color.GREEN


def test_reverse_with_two_players_acts_as_skip() -> None:
    game = deal(["R1 R2 R3", "GR B2 B3"], start="G5")
    evs = game.apply(play(1, "GR"))
    assert game.current == 1
    assert game.direction == -1  # Reverse always flips the direction
    assert events.TurnSkipped(0) in evs


def test_skip_with_two_players_gives_the_player_another_turn() -> None:
    game = deal(["R1 R2 R3", "GS B2 B3"], start="G5")
    game.apply(play(1, "GS"))
    assert game.current == 1


def test_draw_two_with_two_players_gives_the_player_another_turn() -> None:
    game = deal(["R1 R2 R3", "GD2 B2 B3"], start="G5", pile="Y1 Y2")
    game.apply(play(1, "GD2"))
    assert len(game.hands[0]) == 5
    assert game.current == 1


def test_wild_draw_four_with_two_players_gives_the_player_another_turn() -> None:
    game = deal(["R1 R2 R3", "W4 B2 B3"], start="G5", pile="Y1 Y2 Y3 Y4")
    game.apply(play(1, "W4", "B"))
    game.apply(Draw(0))
    assert len(game.hands[0]) == 7
    assert game.current == 1


def test_counter_clockwise_play_passes_to_the_lower_seat() -> None:
    game = deal(["GS R2 R3", "GR B2 B3", "Y1 Y2 Y3", "G1 G2 G3"], start="G5")
    game.apply(play(1, "GR"))
    game.apply(play(0, "GS"))
    assert game.current == 2  # seat 0 skips seat 3, going counter-clockwise
