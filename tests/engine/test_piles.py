"""The draw pile running out (DESIGN.md: empty draw pile, blocked round)."""

from __future__ import annotations

from uno_desktop.engine import Card, Draw, Pass, events

from .helpers import deal, hand, play


def test_an_empty_draw_pile_is_refilled_from_the_discards_but_the_top_card_stays() -> None:
    game = deal(["G1 G2 R3", "G6 G7 B2", "G8 G9 Y3"], start="G5")
    game.apply(play(1, "G6"))
    game.apply(play(2, "G8"))
    game.apply(play(0, "G1"))
    assert game.draw_pile == ()
    evs = game.apply(Draw(1))
    assert events.PileReshuffled(3) in evs
    assert game.top_card is Card.parse("G1")
    assert game.discard_pile == (Card.parse("G1"),)
    drawn = next(e for e in evs if isinstance(e, events.CardsDrawn))
    assert drawn.cards[0].code in {"G5", "G6", "G8"}
    assert len(game.draw_pile) == 2


def test_a_penalty_draw_spanning_a_reshuffle_takes_what_was_left_first() -> None:
    game = deal(["G1 G2 R3", "GD2 G7 B2", "G8 G9 Y3"], start="G5", pile="Y9")
    evs = game.apply(play(1, "GD2"))
    drawn = [e for e in evs if isinstance(e, events.CardsDrawn)]
    assert [e.count for e in drawn] == [1, 1]
    assert drawn[0].cards == (Card.parse("Y9"),)
    assert hand(game, 2)[:4] == ["G8", "G9", "Y3", "Y9"]
    assert hand(game, 2)[4] == "G5"  # the only discard under the top card
    assert any(isinstance(e, events.PileReshuffled) for e in evs)


def test_with_no_cards_at_all_the_drawer_draws_what_exists() -> None:
    game = deal(["G1 G2 R3", "GD2 G7 B2", "G8 G9 Y3"], start="G5")
    game.apply(play(1, "GD2"))  # seat 2 must draw 2; only G5 is under the top card
    assert hand(game, 2) == ["G8", "G9", "Y3", "G5"]
    assert game.draw_pile == ()
    assert game.discard_pile == (Card.parse("GD2"),)


def test_a_blocked_draw_draws_nothing_and_ends_that_turn() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3", "Y1 Y2 Y3"], start="G5")
    evs = game.apply(Draw(1))
    assert not any(isinstance(e, events.CardsDrawn) for e in evs)
    assert game.current == 2
    assert not game.is_over


def test_a_full_lap_with_no_play_and_nothing_to_draw_ends_the_round_blocked() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3", "Y1 Y2 Y3"], start="G5")
    game.apply(Draw(1))
    game.apply(Draw(2))
    evs = game.apply(Draw(0))
    assert game.is_over
    assert game.winner is None
    assert game.points == (0, 0, 0)
    assert events.RoundEnded(None, (0, 0, 0), True) in evs


def test_a_play_breaks_the_lap_of_blocked_draws() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3", "Y1 Y2 G3"], start="G5")
    game.apply(Draw(1))
    game.apply(play(2, "G3"))  # G5 can now be reshuffled and drawn
    game.apply(Draw(0))
    game.apply(Pass(0))
    game.apply(Draw(1))
    game.apply(Draw(2))
    assert not game.is_over
    game.apply(Draw(0))
    assert game.is_over
    assert game.winner is None


def test_a_drawn_reverse_passed_back_and_forth_with_nothing_else_to_draw_ends_blocked() -> None:
    # Bo and Ann each draw the one card there is and play it; nobody else ever plays.
    game = deal(["BR G1", "G2 G3", "G4 G5"], start="YR")  # the dealer, Ann, plays first
    game.apply(play(0, "BR"))
    for seat, card in [(1, "YR"), (0, "BR"), (1, "YR")]:
        assert not game.is_over
        drawn = game.apply(Draw(seat))
        assert events.CardsDrawn(seat, 1, (Card.parse(card),), "draw") in drawn
        evs = game.apply(play(seat, card))
    assert game.is_over
    assert game.winner is None and game.blocked
    assert events.RoundEnded(None, (0, 0, 0), True) in evs


def test_keeping_the_drawn_card_breaks_the_lap_of_idle_turns() -> None:
    game = deal(["BR G1", "G2 G3", "G4 G5"], start="YR")
    game.apply(play(0, "BR"))
    game.apply(Draw(1))
    game.apply(play(1, "YR"))
    game.apply(Draw(0))
    game.apply(Pass(0))  # Ann keeps the Reverse: her hand changed
    game.apply(Draw(2))  # Cy draws nothing: the lap starts again
    assert not game.is_over


def test_cards_drawn_and_played_while_more_could_be_drawn_are_no_idle_turns() -> None:
    game = deal(["B2 G3", "Y4 G9", "B6 Y2"], start="R1", pile="R5 R6 R7 R8")
    for seat, card in [(1, "R5"), (2, "R6"), (0, "R7"), (1, "R8")]:
        game.apply(Draw(seat))
        game.apply(play(seat, card))
    assert not game.is_over
