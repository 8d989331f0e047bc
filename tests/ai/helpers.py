"""Shared helpers for the bot tests: stacked decks and whole games between bots."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from uno_desktop.ai import Bot
from uno_desktop.engine import Card, Game, RuleSet, build_deck


def stacked_deck(
    rules: RuleSet,
    hands: Sequence[Sequence[str]],
    start: str,
    pile: Sequence[str] = (),
    dealer: int = 0,
    seed: int = 0,
) -> list[Card]:
    """A full deck (top first) that deals `hands` by seat, turns `start`, then `pile`,
    then every other card of the rule set's deck in a seeded order."""
    n = len(hands)
    size = len(hands[0])
    order: list[Card] = []
    for r in range(size):
        for i in range(1, n + 1):
            order.append(Card.parse(hands[(dealer + i) % n][r]))
    order.append(Card.parse(start))
    order.extend(Card.parse(c) for c in pile)
    rest = Counter(build_deck(rules.deck))
    rest.subtract(order)
    assert all(k >= 0 for k in rest.values()), "the stacked cards are not in the deck"
    tail = sorted((+rest).elements(), key=lambda c: c.code)
    random.Random(seed).shuffle(tail)
    return order + tail


def play_out(
    game: Game,
    bots: Sequence[Bot],
    rng: random.Random,
    *,
    max_steps: int = 5000,
) -> list[tuple[int, object]]:
    """Play `game` to the end; every bot's answer must be one of its legal actions.

    Out-of-turn seats are asked first (as the match controller would offer them)."""
    log: list[tuple[int, object]] = []
    n = game.players
    for _ in range(max_steps):
        if game.is_over:
            return log
        acted = False
        for i in range(1, n):
            seat = (game.current + i) % n
            legal = game.legal_actions(seat)
            if not legal:
                continue
            action = bots[seat].choose(game.observation(seat), legal, rng)
            if action is not None:
                assert action in legal, (bots[seat].level, action, legal)
                game.apply(action)
                log.append((seat, action))
                acted = True
                break
        if acted:
            continue
        seat = game.current
        legal = game.legal_actions(seat)
        action = bots[seat].choose(game.observation(seat), legal, rng)
        assert action is not None, f"{bots[seat].level} returned None on its turn"
        assert action in legal, (bots[seat].level, action, legal)
        game.apply(action)
        log.append((seat, action))
    raise AssertionError("the game did not end")
