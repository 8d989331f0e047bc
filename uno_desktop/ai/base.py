"""The bot protocol and the small helpers every level shares.

A bot answers every question the rules can ask with one call,
`choose(observation, legal_actions, rng)`: the engine already lists what is legal,
so a bot only ranks. Bots see an `Observation`, never the `Game`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from ..engine import (
    COLORS,
    Action,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Color,
    Draw,
    Observation,
    Pass,
    Play,
)


@runtime_checkable
class Bot(Protocol):
    """A computer player, the one contract `play/match.py` seats: deterministic given the
    observation and the rng.

    A bot may also have `prepare(players)`, which a match calls once when the bot takes
    its seat, to load anything slow before play starts (see `HardBot.prepare`).
    """

    level: str

    def choose(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action | None:
        """One of `legal_actions`, or None (only out of turn: do nothing now)."""
        ...


class Options:
    """The legal actions sorted by kind, so a bot can ask 'may I catch?' cheaply."""

    __slots__ = ("calls", "catches", "challenge", "draw", "jump_ins", "pass_", "plays")

    def __init__(self, obs: Observation, legal: Iterable[Action]) -> None:
        my_turn = obs.current == obs.seat
        self.plays: dict[Card, list[Play]] = {}  # in-turn plays, by card
        self.jump_ins: dict[Card, list[Play]] = {}
        self.draw: Draw | None = None
        self.pass_: Pass | None = None
        self.challenge: Challenge | None = None
        self.calls: CallUno | None = None
        self.catches: list[CatchUno] = []
        for a in legal:
            if isinstance(a, Play):
                (self.plays if my_turn else self.jump_ins).setdefault(a.card, []).append(a)
            elif isinstance(a, Draw):
                self.draw = a
            elif isinstance(a, Pass):
                self.pass_ = a
            elif isinstance(a, Challenge):
                self.challenge = a
            elif isinstance(a, CallUno):
                self.calls = a
            elif isinstance(a, CatchUno):
                self.catches.append(a)


def variant(plays: Sequence[Play], color: Color | None, target: int | None, uno: bool) -> Play:
    """The legal variant of one card's play closest to the wanted colour, target and UNO."""
    best = plays[0]
    best_score = -1
    for p in plays:
        score = (4 if p.color is color else 0) + (2 if p.target == target else 0) + (p.uno == uno)
        if score > best_score:
            best, best_score = p, score
    return best


def remove_one(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def color_counts(cards: Iterable[Card]) -> Counter[Color]:
    return Counter(c.color for c in cards if c.color is not None)


def most_held_color(cards: Iterable[Card], values: Mapping[str, int]) -> Color:
    """The colour held most of; ties go to the colour worth more points, then R, Y, G, B."""
    counts = [0, 0, 0, 0]
    points = [0, 0, 0, 0]
    for c in cards:
        col = c.color
        if col is not None:
            counts[col] += 1
            points[col] += values[c.rank]
    return COLORS[max(range(4), key=lambda i: (counts[i], points[i], -i))]


def next_seat(obs: Observation, seat: int | None = None, steps: int = 1) -> int:
    return ((obs.seat if seat is None else seat) + obs.direction * steps) % obs.players


def needs_swap_target(plays: Sequence[Play]) -> bool:
    return any(p.target is not None for p in plays)


def fewest_cards_seat(
    seat: int, players: int, direction: int, size_of: Callable[[int], int]
) -> int:
    """The other seat with the fewest cards (the nearest after `seat` on ties)."""
    others = [(seat + direction * i) % players for i in range(1, players)]
    return min(others, key=size_of)


def fewest_cards_target(obs: Observation) -> int:
    """The other seat with the fewest cards (the nearest after us on ties)."""
    return fewest_cards_seat(obs.seat, obs.players, obs.direction, obs.hand_sizes.__getitem__)
