"""Whole seeded games between bots: only legal answers, and the same rng gives the same game."""

from __future__ import annotations

import random

import pytest

from uno_desktop.ai import LEVELS, make_bot
from uno_desktop.engine import CustomEffect, CustomRule, Game, RuleSet, Stacking
from uno_desktop.engine.rules import STANDARD_DECK

from .helpers import play_out

RULE_SETS = {
    "official": RuleSet(),
    "house": RuleSet(
        stacking=Stacking.MIXED, jump_in=True, seven_zero=True, draw_until_playable=True
    ),
    "swedish": RuleSet(deck={**STANDARD_DECK, "WS": 1, "WC": 3}),
    "swap-custom": RuleSet(
        deck={**STANDARD_DECK, "WS": 1, "WC": 3},
        custom_rule=CustomRule("Swap hands with anyone.", CustomEffect.SWAP_HANDS),
        stacking=Stacking.SAME,
        jump_in=True,
    ),
}

TABLES = {
    "heads-up": ("hard", "easy"),
    "four": ("easy", "normal", "hard", "normal"),
}


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("rules_name", RULE_SETS)
def test_every_bot_only_returns_legal_actions(rules_name, table):
    rules, levels = RULE_SETS[rules_name], TABLES[table]
    for seed in range(2):
        rng = random.Random(seed)
        game = Game.new(rules, len(levels), seed=seed)
        play_out(game, [make_bot(level) for level in levels], rng)  # asserts legality
        assert game.is_over


@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_deterministic_given_their_rng(level):
    logs = []
    for _ in range(2):
        rng = random.Random(11)
        game = Game.new(RULE_SETS["house"], 3, seed=5)
        logs.append(play_out(game, [make_bot(level) for _ in range(3)], rng))
    assert logs[0] == logs[1]


@pytest.mark.parametrize("level", LEVELS)
def test_same_observation_gives_the_same_choice(level):
    game = Game.new(RuleSet(), 3, seed=3)
    obs, legal = game.observation(game.current), game.legal_actions(game.current)
    bot = make_bot(level)
    assert bot.choose(obs, legal, random.Random(4)) == bot.choose(obs, legal, random.Random(4))


def test_bots_play_on_identically_after_a_resume():
    # A fresh bot object mid-game (as after loading a saved match) answers as the old one.
    rng_a, rng_b = random.Random(9), random.Random(9)
    game = Game.new(RuleSet(), 2, seed=9)
    for _ in range(10):
        if game.is_over:
            break
        seat = game.current
        obs, legal = game.observation(seat), game.legal_actions(seat)
        old = make_bot("hard").choose(obs, legal, rng_a)
        fresh = make_bot("hard").choose(obs, legal, rng_b)
        assert old == fresh
        game.apply(old)
