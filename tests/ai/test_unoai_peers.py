"""UnoAI's bots as ported for the benchmarks (benchmarks/peers/unoai.py): they decide as
UnoAI's F# code does, and at our table they read only their observation."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from uno_desktop.engine import Card, Color, Game, RuleSet, parse_cards

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from peers.unoai import (
    DECK,
    CardRankingBot,
    Counting,
    MixBot2,
    Peer,
    RandomBot,
    Reader,
    Table,
    UnoAIGame,
    matches,
    play_unoai,
)


def table(hand: str, top: str, color: Color | None = None, sizes=(7, 7), seat=0, counting=None):
    cards = parse_cards(hand)
    top_card = Card.parse(top)
    shown = color if color is not None else top_card.color
    playable = [c for c in dict.fromkeys(cards) if matches(top_card, shown, c)]
    return Table(seat, cards, list(sizes), top_card, shown, 1, counting, playable)


def quiet_counting(players=2, seat=0):
    """Counts that favour no card: every other seat may hold anything."""
    return Counting(players, seat, Counter())


def test_a_wild_card_matches_anything_and_a_colour_or_rank_matches_its_own():
    assert matches(Card.parse("R5"), Color.RED, Card.parse("W4"))
    assert matches(Card.parse("R5"), Color.RED, Card.parse("G5"))
    assert matches(Card.parse("RS"), Color.RED, Card.parse("BS"))
    assert not matches(Card.parse("R5"), Color.RED, Card.parse("G6"))
    assert matches(Card.parse("W"), Color.GREEN, Card.parse("G6"))
    assert not matches(Card.parse("W"), Color.GREEN, Card.parse("R6"))
    assert matches(Card.parse("W"), None, Card.parse("R6"))  # a wild start card: any


def test_mixbot2_holds_a_wild_while_it_has_more_than_two_other_cards():
    rng = random.Random(1)
    assert MixBot2().play(table("W G3 B7 Y1", "R5", counting=quiet_counting()), rng) is None
    choice = MixBot2().play(table("W G3 B7", "R5", counting=quiet_counting()), rng)
    assert choice is not None and choice[0] == Card.parse("W")


def test_mixbot2_plays_a_draw_two_before_a_number_of_the_same_colour():
    for seed in range(20):
        choice = MixBot2().play(
            table("R5 RD2 G3", "R9", counting=quiet_counting()), random.Random(seed)
        )
        assert choice == (Card.parse("RD2"), None)


def test_mixbot2_ranks_otherwise_when_the_next_seat_holds_one_card():
    # End game: no holding back wilds, and a Wild Draw Four outranks a number.
    choice = MixBot2().play(
        table("R5 W4 G3 B7 Y1", "R9", sizes=(5, 1), counting=quiet_counting()), random.Random(3)
    )
    assert choice is not None and choice[0] == Card.parse("W4")
    choice = MixBot2().play(
        table("R5 W4 G3 B7 Y1", "R9", sizes=(5, 3), counting=quiet_counting()), random.Random(3)
    )
    assert choice == (Card.parse("R5"), None)


def test_mixbot2_names_a_colour_it_holds_for_a_wild():
    for seed in range(20):
        choice = MixBot2().play(
            table("W G3 G7", "R5", counting=quiet_counting()), random.Random(seed)
        )
        assert choice == (Card.parse("W"), Color.GREEN)


def test_mixbot2_breaks_a_tie_with_the_card_the_next_seat_cannot_answer():
    counting = quiet_counting(players=3)
    other = counting.of[1]
    assert other is not None
    for card in other:  # seat 1 may hold only reds (and no 7s, no skips)
        if card.color is not Color.RED or card.rank in ("7", "S"):
            other[card] = 0
    hand = "R7 B7"  # two sevens, one colour priority each: counting decides
    t = table(hand, "G7", sizes=(2, 5, 5), counting=counting)
    for seed in range(20):
        assert MixBot2().play(t, random.Random(seed)) == (Card.parse("B7"), None)


def test_mixbot2_keeps_a_drawn_wild_with_more_than_two_cards_in_hand():
    t = table("W R1 G2", "B5", counting=quiet_counting())
    assert MixBot2().play_drawn(t, Card.parse("W"), random.Random(1)) is None
    t = table("W R1", "B5", counting=quiet_counting())
    assert MixBot2().play_drawn(t, Card.parse("W"), random.Random(1)) == (
        Card.parse("W"),
        Color.RED,
    )


def test_card_ranking_bot_plays_its_best_ranked_card_and_random_bot_any_playable_copy():
    t = table("R5 RS RR", "R9", counting=quiet_counting())
    assert CardRankingBot().play(t, random.Random(1)) == (Card.parse("RS"), None)
    seen = {RandomBot().play(t, random.Random(s)) for s in range(40)}
    assert seen == {(Card.parse(c), None) for c in ("R5", "RS", "RR")}
    assert RandomBot().play(table("G1 B2", "R9"), random.Random(1)) is None


def test_a_seat_that_draws_is_counted_as_holding_nothing_that_matched():
    counting = quiet_counting()
    counting.drew_kept(1, None, Card.parse("R5"), Color.RED, Counter())
    other = counting.of[1]
    assert other is not None
    assert other[Card.parse("R3")] == 0 and other[Card.parse("G5")] == 0
    assert other[Card.parse("W")] == 0  # a wild would have matched too
    assert other[Card.parse("G3")] > 0
    assert counting.chance_no_match(1, 7, Card.parse("R5"), Color.RED) == 1.0


def test_unoai_games_keep_every_card_and_end_with_a_winner():
    rng = random.Random(5)
    for players in (2, 4, 6):
        game = UnoAIGame(players, 0, rng)
        total = sum(map(len, game.hands)) + len(game.draw_pile) + len(game.discard)
        assert total == len(DECK)
        bots = [MixBot2(), CardRankingBot(), RandomBot()] * 2
        winner = play_unoai(bots[:players], rng)
        assert 0 <= winner < players


@pytest.mark.parametrize("players", [2, 4, 6])
def test_peers_play_whole_rounds_at_our_table_from_their_observations(players):
    peers = [Peer(MixBot2()), Peer(CardRankingBot()), Peer(RandomBot())] * 2
    rng = random.Random(players)
    game = Game.new(RuleSet(), players, seed=players, dealer=0)
    moves = 0
    while not game.is_over and moves < 5000:
        seat = game.current
        obs = game.observation(seat)
        action = peers[seat].choose(obs, game.legal_actions(seat), rng)
        assert action is not None
        if isinstance(peers[seat].bot, MixBot2):
            fresh = Reader(obs)
            fresh.feed(list(obs.history))
            assert fresh.now().of == peers[seat]._counting(obs).of  # read as it grew
        game.apply(action)
        moves += 1
    assert game.is_over
