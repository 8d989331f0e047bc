"""The deal and the start card (DESIGN.md, "Rule decisions": start card)."""

from __future__ import annotations

import pytest

from uno_desktop.engine import (
    OFFICIAL,
    Card,
    Color,
    Game,
    Phase,
    Play,
    RuleSet,
    build_deck,
    events,
    parse_cards,
)
from uno_desktop.engine.rules import STANDARD_DECK

from .helpers import deal, deck_order, hand

SMALL = RuleSet(hand_size=3)


def test_seven_cards_each_are_dealt_one_at_a_time_starting_left_of_the_dealer() -> None:
    order = [c for c in build_deck(STANDARD_DECK) if c.color is not Color.GREEN][:21]
    order += parse_cards("G5 G6 G7")
    game = Game.new(OFFICIAL, 3, seed=2, dealer=1, deck=order)
    # dealer 1: seat 2 gets cards 0, 3, 6, ...; seat 0 gets 1, 4, ...; seat 1 (dealer) 2, 5, ...
    assert game.hands[2] == tuple(order[0:21:3])
    assert game.hands[0] == tuple(order[1:21:3])
    assert game.hands[1] == tuple(order[2:21:3])
    assert all(len(h) == 7 for h in game.hands)
    assert game.top_card is Card.parse("G5")


def test_the_start_card_is_the_next_card_after_the_deal() -> None:
    order = deck_order(["R1 R2 R3", "B1 B2 B3"], start="G5", pile="Y7 Y8")
    game = Game.new(SMALL, 2, seed=1, dealer=0, deck=order)
    assert game.top_card is Card.parse("G5")
    assert game.discard_pile == (Card.parse("G5"),)
    assert [c.code for c in game.draw_pile] == ["Y7", "Y8"]


def test_the_deal_is_reported_privately_and_the_start_card_publicly() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3"], start="G5")
    kinds = [type(e) for e in game.log]
    assert kinds[0] is events.RoundStarted
    assert events.StartCardFlipped(Card.parse("G5")) in game.log
    dealt = [e for e in game.log if isinstance(e, events.CardsDrawn)]
    assert [e.count for e in dealt] == [3, 3]


def test_a_deck_too_small_to_deal_and_turn_a_start_card_is_refused() -> None:
    order = deck_order(["R1 R2 R3", "B1 B2 B3"], start="G5")
    with pytest.raises(ValueError, match="cannot deal"):
        Game.new(SMALL, 2, seed=1, deck=order[:-1])


@pytest.mark.parametrize("players", [0, 1, 11])
def test_player_counts_outside_the_rule_set_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        Game.new(OFFICIAL, players, seed=1)


def test_min_and_max_players_come_from_the_rule_set() -> None:
    rules = RuleSet(min_players=3, max_players=4)
    with pytest.raises(ValueError):
        Game.new(rules, 2, seed=1)
    with pytest.raises(ValueError):
        Game.new(rules, 5, seed=1)
    assert Game.new(rules, 3, seed=1).players == 3
    assert Game.new(rules, 4, seed=1).players == 4


def test_hand_size_is_a_rule() -> None:
    game = Game.new(RuleSet(hand_size=5), 4, seed=3)
    assert [len(h) for h in game.hands] == [5, 5, 5, 5]
    assert len(game.draw_pile) == 108 - 20 - 1


def test_the_shuffled_deck_is_the_whole_rule_set_deck() -> None:
    rules = RuleSet(deck={**STANDARD_DECK, "WS": 1, "WC": 3})
    game = Game.new(rules, 4, seed=3)
    total = len(game.draw_pile) + len(game.discard_pile) + sum(len(h) for h in game.hands)
    assert total == 112


def test_dealer_none_lets_the_game_rng_choose_the_dealer() -> None:
    dealers = {Game.new(OFFICIAL, 4, seed=s, dealer=None).dealer for s in range(20)}
    assert dealers == {0, 1, 2, 3}


# ---------------------------------------------------------------- the start card


def test_number_start_card_the_player_left_of_the_dealer_begins() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3", "G1 G2 G3"], start="Y5", dealer=1)
    assert game.current == 2
    assert game.direction == 1
    assert game.active_color is Color.YELLOW


def test_skip_start_card_skips_the_first_player() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3", "G1 G2 G3"], start="YS")
    assert game.current == 2
    assert events.TurnSkipped(1) in game.log


def test_reverse_start_card_the_dealer_plays_first_and_direction_is_counter_clockwise() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3", "G1 G2 G3"], start="YR", dealer=1)
    assert game.current == 1
    assert game.direction == -1
    assert events.DirectionChanged(-1) in game.log


def test_draw_two_start_card_the_first_player_draws_two_and_is_skipped() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3", "G1 G2 G3"], start="YD2", pile="R7 R8 R9")
    assert hand(game, 1) == ["B1", "B2", "B3", "R7", "R8"]
    assert game.current == 2
    assert game.phase is Phase.PLAY
    assert events.TurnSkipped(1) in game.log


@pytest.mark.parametrize("start", ["W", "WS", "WC"])
def test_wild_start_card_the_first_player_names_the_colour_by_playing_anything(
    start: str,
) -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3"], start=start)
    assert game.current == 1
    assert game.active_color is None
    plays = {a.card.code for a in game.legal_actions(1) if isinstance(a, Play)}
    assert plays == {"B1", "B2", "B3"}
    game.apply(Play(1, Card.parse("B2")))
    assert game.active_color is Color.BLUE


def test_wild_swap_start_card_swaps_no_hands() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3"], start="WS")
    assert hand(game, 0) == ["R1", "R2", "R3"]
    assert not any(isinstance(e, events.HandsSwapped) for e in game.log)


def test_wild_draw_four_start_card_is_returned_and_a_new_start_card_turned() -> None:
    order = deck_order(["R1 R2 R3", "B1 B2 B3"], start="W4", pile="G5")
    game = Game.new(SMALL, 2, seed=1, dealer=0, deck=order)
    # Only W4 and G5 are left: whatever the shuffle, the start card is G5 in the end.
    assert game.top_card is Card.parse("G5")
    assert game.draw_pile == (Card.parse("W4"),)
    assert events.StartCardReturned(Card.parse("W4")) in game.log
    assert game.current == 1
    assert game.active_color is Color.GREEN


def test_wild_draw_four_start_card_with_nothing_else_to_turn_is_refused() -> None:
    order = deck_order(["R1 R2 R3", "B1 B2 B3"], start="W4")
    with pytest.raises(ValueError, match="start card"):
        Game.new(SMALL, 2, seed=1, dealer=0, deck=order)
