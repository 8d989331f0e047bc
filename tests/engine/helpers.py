"""Shared helpers for the engine tests: stacked decks read like the table they deal.

`deal(["R1 R2 R3", "B1 B2 B3"], start="R5", pile="G7")` builds the deck order
(top first) that gives seat 0 and seat 1 exactly those hands, turns R5 and leaves G7
to draw. Only the cards written down exist, so every draw in a test is deliberate.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from uno_desktop.engine import Card, Color, Game, RuleSet, build_deck, parse_cards
from uno_desktop.engine.actions import Action, Play


def deck_order(hands: list[str], start: str, pile: str = "", dealer: int = 0) -> list[Card]:
    """The deck (top first) that deals `hands` one card at a time from left of `dealer`."""
    parsed = [parse_cards(h) for h in hands]
    n = len(parsed)
    size = len(parsed[0])
    if any(len(h) != size for h in parsed):
        raise ValueError(f"every hand needs {size} cards: {hands}")
    order: list[Card] = []
    for r in range(size):
        for i in range(1, n + 1):
            order.append(parsed[(dealer + i) % n][r])
    order.append(Card.parse(start))
    order.extend(parse_cards(pile))
    return order


def deal(
    hands: list[str],
    start: str,
    pile: str = "",
    rules: RuleSet | None = None,
    dealer: int = 0,
    seed: int = 1,
) -> Game:
    """A game whose seats hold `hands` (space-separated codes by seat) and whose start
    card is `start`, with `pile` (top first) as the whole draw pile.

    `rules` defaults to the official rules with the hand size the hands show.
    """
    size = len(hands[0].split())
    if rules is None:
        rules = RuleSet(hand_size=size)
    if rules.hand_size != size:
        raise ValueError(f"rules deal {rules.hand_size} cards, the hands hold {size}")
    return Game.new(
        rules, len(hands), seed=seed, dealer=dealer, deck=deck_order(hands, start, pile, dealer)
    )


def cards(codes: str) -> list[Card]:
    return parse_cards(codes)


def hand(game: Game, seat: int) -> list[str]:
    """A seat's hand as codes, in the order held."""
    return [c.code for c in game.hands[seat]]


def play(seat: int, code: str, color: str | None = None, **kw: object) -> Play:
    """Play(seat, card, colour) from short codes: play(0, "W", "R")."""
    chosen = None if color is None else Color.parse(color)
    return Play(seat, Card.parse(code), chosen, **kw)  # type: ignore[arg-type]


def snapshot(game: Game) -> tuple[object, ...]:
    """Everything an action could change, to check that a refused action changed nothing."""
    return (
        game.hands,
        game.draw_pile,
        game.discard_pile,
        game.current,
        game.direction,
        game.active_color,
        game.phase,
        game.drawn_card,
        game.pending,
        game.pending_kind,
        game.challengeable,
        tuple(game.declared),
        game.catchable,
        game.stall,
        game.winner,
        game.points,
        game.rng.getstate(),
        len(game.log),
        len(game.actions),
    )


def every_field(game: Game) -> dict[str, object]:
    """Every declared field of the game's state, compared by value (lists as tuples, the
    rng by its state): what a refused action must leave as it was."""
    out: dict[str, object] = {}
    for f in dataclasses.fields(game):
        value = getattr(game, f.name)
        if f.name == "rng":
            value = value.getstate()
        elif f.name in ("log", "actions", "_ev"):
            value = tuple(value)
        elif isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        out[f.name] = value
    return out


def card_multiset(game: Game) -> Counter[Card]:
    """Every card in the game: hands, draw pile and discard pile."""
    total: Counter[Card] = Counter(game.draw_pile)
    total.update(game.discard_pile)
    for h in game.hands:
        total.update(h)
    return total


def deck_multiset(rules: RuleSet) -> Counter[Card]:
    return Counter(build_deck(rules.deck))


def as_set(actions: list[Action]) -> set[Action]:
    return set(actions)
