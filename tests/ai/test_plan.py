"""Going out in one turn on a chain of extra turns (heads-up)."""

from __future__ import annotations

import random

from uno_desktop.ai import make_bot
from uno_desktop.ai.plan import finishing_sequence
from uno_desktop.engine import Color, Game, Play, RuleSet, parse_cards

from .helpers import stacked_deck


def _heads_up(hand, start, rules=None):
    rules = rules or RuleSet(hand_size=len(hand))
    other = ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"][: len(hand)]
    deck = stacked_deck(rules, [hand, other], start, dealer=1)
    game = Game.new(rules, 2, dealer=1, deck=deck)
    assert game.current == 0
    return game


def test_a_chain_of_action_cards_goes_out_in_one_turn():
    game = _heads_up(["R4", "GS", "W4"], "G9")
    plan = finishing_sequence(game.observation(0))
    assert plan is not None
    assert [c.code for c, _ in plan] == ["GS", "W4", "R4"]
    assert plan[1][1] is Color.RED


def test_no_chain_when_a_number_card_would_end_the_turn_early():
    game = _heads_up(["R4", "G5", "B7"], "G9")
    assert finishing_sequence(game.observation(0)) is None


def test_no_chain_at_a_table_of_three():
    rules = RuleSet(hand_size=2)
    hands = [["GS", "G4"], ["Y1", "Y2"], ["B1", "B2"]]
    game = Game.new(rules, 3, dealer=2, deck=stacked_deck(rules, hands, "G9", dealer=2))
    assert finishing_sequence(game.observation(0)) is None


def test_hard_plays_the_first_card_of_a_finishing_chain():
    game = _heads_up(["R4", "GS", "W4"], "G9")
    action = make_bot("hard").choose(game.observation(0), game.legal_actions(0), random.Random(0))
    assert action == Play(0, parse_cards("GS")[0])
