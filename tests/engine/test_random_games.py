"""Seeded random games to the end, with invariants checked after every step.

Players choose among the legal actions (preferring plays, or draw-until-playable
rounds could grow without end) and random other seats sometimes act out of turn
(catch, call UNO, jump in). After each step: cards are conserved, and every action
legal_actions offers is accepted on a clone; a sample of other actions is refused
and leaves the game untouched.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from uno_desktop.engine import (
    COLORS,
    OFFICIAL,
    CallUno,
    CatchUno,
    Challenge,
    Draw,
    Game,
    IllegalAction,
    Pass,
    Play,
    RuleSet,
    Stacking,
    hand_points,
)
from uno_desktop.engine.actions import Action
from uno_desktop.engine.cards import all_card_kinds
from uno_desktop.engine.rules import STANDARD_DECK

from .helpers import card_multiset, deck_multiset, snapshot

HOUSE = RuleSet(
    name="house",
    stacking=Stacking.MIXED,
    jump_in=True,
    seven_zero=True,
    draw_until_playable=True,
    uno_penalty=4,
    false_catch_penalty=2,
)
SWEDISH = RuleSet(name="swedish", deck={**STANDARD_DECK, "WS": 1, "WC": 3})
RULES = {"official": OFFICIAL, "house": HOUSE, "swedish": SWEDISH}
SEEDS = (1, 2)
MAX_STEPS = 5000
KINDS = all_card_kinds()


def choose(game: Game, rng: random.Random) -> Action:
    """A random legal action: mostly by the current seat, preferring plays."""
    if rng.random() < 0.15:
        seat = rng.randrange(game.players)
        if seat != game.current:
            options = game.legal_actions(seat)
            if options:
                return rng.choice(options)
    options = game.legal_actions(game.current)
    plays = [a for a in options if isinstance(a, Play)]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    return rng.choice(options)


def random_action(game: Game, rng: random.Random) -> Action:
    """Any action at all, legal or not: random cards, colours, targets, seats, flags."""
    n = game.players
    seat = rng.randrange(-1, n + 1)
    kind = rng.randrange(6)
    if kind == 0:
        color = rng.choice((None, *COLORS))
        target = rng.choice((None, rng.randrange(-1, n + 1)))
        return Play(seat, rng.choice(KINDS), color, target, rng.random() < 0.3)
    if kind == 1:
        return CatchUno(seat, rng.randrange(-1, n + 1))
    return (Draw, Pass, Challenge, CallUno)[kind - 2](seat)


def check_invariants(game: Game, deck: Counter, size: int) -> None:
    held = sum(len(h) for h in game.hands) + len(game.draw_pile) + len(game.discard_pile)
    assert held == size
    assert card_multiset(game) == deck


def play_game(rules: RuleSet, players: int, seed: int) -> Game:
    rng = random.Random(seed * 1000 + players)
    game = Game.new(rules, players, seed=seed, dealer=None)
    deck, size = deck_multiset(rules), rules.deck_size()
    for _ in range(MAX_STEPS):
        check_invariants(game, deck, size)
        if game.is_over:
            break
        legal: set[Action] = set()
        for seat in range(players):
            legal.update(game.legal_actions(seat))
        # every offered action is accepted (on a clone)
        for action in legal:
            game.clone().apply(action)
        # a sample of other actions is refused and changes nothing
        before = snapshot(game)
        for _ in range(3):
            action = random_action(game, rng)
            if action in legal:
                continue
            with pytest.raises(IllegalAction):
                game.apply(action)
        assert snapshot(game) == before
        game.apply(choose(game, rng))
    return game


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("players", range(2, 11))
def test_random_games_end_with_one_winner_or_blocked_and_conserve_cards(
    name: str, players: int
) -> None:
    rules = RULES[name]
    for seed in SEEDS:
        game = play_game(rules, players, seed)
        assert game.is_over, f"{name}, {players} players, seed {seed}: no end in {MAX_STEPS}"
        if game.winner is None:
            assert game.blocked
            assert game.points == (0,) * players
            continue
        assert len(game.hands[game.winner]) == 0
        assert sum(1 for h in game.hands if not h) == 1
        losers = sum(hand_points(rules, h) for s, h in enumerate(game.hands) if s != game.winner)
        assert game.points[game.winner] == losers
        assert sum(game.points) == losers
