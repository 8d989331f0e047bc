"""What one seat may know of a round (`Observation`), and the round's phases.

Bots and the table read a round only through an observation: the seat's own hand and the
public facts, built fresh by `Game.observation` and holding no reference to the game.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import NamedTuple

from .cards import Card, Color
from .events import Event
from .rules import RuleSet


class Phase(enum.StrEnum):
    PLAY = "play"  # the current seat plays a card or draws
    DRAWN = "drawn"  # the current seat drew a playable card: play it or pass
    PENALTY = "penalty"  # a Draw Two / Wild Draw Four waits: take it, stack, or challenge
    OVER = "over"  # the round has ended


class SeatHabits(NamedTuple):
    """What one seat showed of its Wild Draw Fours and its challenges in the earlier
    rounds of a match: public facts, counted by `ai.knowledge.habits_of`."""

    challenged: int = 0  # its Wild Draw Fours that were challenged
    guilty: int = 0  # ... and found to be bluffs
    bluffs_shown: int = 0  # its unchallenged ones its later plays gave away
    challenge_chances: int = 0  # Wild Draw Fours played on it that it could challenge
    challenges_made: int = 0  # ... and it challenged


@dataclasses.dataclass(frozen=True)
class Observation:
    """What one seat may know. Built fresh; holds no reference to the game."""

    seat: int
    players: int
    rules: RuleSet
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    discard_pile: tuple[Card, ...]  # bottom first; the top card is last
    active_color: Color | None
    direction: int
    current: int
    dealer: int
    phase: Phase
    pending_draw: int  # cards waiting for the current seat in the penalty phase
    pending_kind: str | None  # "D2" or "W4": the card on top of a pending penalty
    can_challenge: bool  # the current seat may challenge the Wild Draw Four on top
    drawn_card: Card | None  # the card this seat just drew, while it may still play it
    uno_declared: tuple[bool, ...]
    catchable: int | None  # a seat that went to one card without saying UNO, window open
    scores: tuple[int, ...]
    history: tuple[Event, ...]  # this round's events, as this seat may see them
    habits: tuple[SeatHabits, ...] = ()  # by seat, from the match's earlier rounds (or none)

    @property
    def top_card(self) -> Card:
        return self.discard_pile[-1]
