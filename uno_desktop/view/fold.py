"""The round's events, as one seat may see them, folded into normalised facts.

This is the one place outside the engine that reads the meaning of every event type:
`fold_history` walks a seat's history once, keeping the public table as it goes (hand
sizes, top card, colour, direction) and writes each event that says something about a
hand as a fact with the table it happened on: a card played (with the colour named for
it), cards drawn (on which colour), a drawn card kept, a challenge, hands that moved.
The seat's view (`seat_view`) and the bots' knowledge (`ai.knowledge`) read these facts;
narration (`narration`) words the events themselves. A `match` with `assert_never`
makes mypy name any event type added to the engine and left unread here.

Facts are named tuples: a bot folds its whole history at every decision, and a named
tuple is made five times faster than a frozen dataclass (benchmarks/JOURNAL.md, issue 23).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, assert_never

from uno_desktop.engine.cards import Card, Color
from uno_desktop.engine.events import (
    CardKept,
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    ColorChosen,
    CustomRuleApplied,
    DirectionChanged,
    Event,
    FalseCatch,
    HandsRotated,
    HandsSwapped,
    PenaltyPending,
    PileReshuffled,
    RoundEnded,
    RoundStarted,
    StartCardFlipped,
    StartCardReturned,
    TurnSkipped,
    UnoCalled,
    UnoCaught,
)

__all__ = [
    "Challenged",
    "Drew",
    "Fact",
    "Folded",
    "HandsMoved",
    "Kept",
    "Played",
    "fold_history",
    "hands_moved",
]


class Played(NamedTuple):
    """`seat` played `card` (naming `color`, for a wild) on the table as it was before.

    `drawn`: the card it had just drawn on its turn (not a free choice from its hand).
    `sizes` is every hand's size before the play.
    """

    at: int  # the event's place in the history
    seat: int
    card: Card
    color: Color | None
    jump_in: bool
    drawn: bool
    active: Color | None
    top: Card | None
    direction: int
    sizes: tuple[int, ...]


class Drew(NamedTuple):
    """`seat` drew `amount` cards on colour `active` and top card `top`. `cards` are the
    cards themselves where the history shows them (the seat's own draws), else ()."""

    at: int
    seat: int
    amount: int
    cards: tuple[Card, ...]
    reason: str  # deal | draw | penalty | uno | challenge | false_catch | custom
    active: Color | None
    top: Card | None


class Kept(NamedTuple):
    """`seat` kept the playable card it had just drawn."""

    at: int
    seat: int


class Challenged(NamedTuple):
    """`challenger` challenged the Wild Draw Four of `offender`; `hand` is the offender's
    hand where the history shows it (to the challenger and the offender), else ()."""

    at: int
    challenger: int
    offender: int
    guilty: bool
    hand: tuple[Card, ...]


class HandsMoved(NamedTuple):
    """Hands changed seats: seat `s` now holds the hand that was seat `source[s]`'s.
    `rotated`: every hand moved one seat on (else two seats swapped hands)."""

    at: int
    source: tuple[int, ...]
    rotated: bool


Fact = Played | Drew | Kept | Challenged | HandsMoved


@dataclass(frozen=True, slots=True)
class Folded:
    """A history folded: its facts, the table it leaves, and what it says of the penalty
    waiting and of the round's end."""

    facts: tuple[Fact, ...]
    sizes: tuple[int, ...]
    active: Color | None
    top: Card | None
    direction: int
    stack: tuple[Card, ...]  # the cards of the latest penalty, first played first
    challengeable: bool  # the latest penalty's Wild Draw Four may be challenged
    ended: RoundEnded | None


def hands_moved(event: Event, players: int) -> tuple[int, ...] | None:
    """For an event that moves hands, for each seat the seat whose hand it holds after
    it (as `HandsMoved.source`); None for any other event."""
    match event:
        case HandsSwapped(a=a, b=b):
            source = list(range(players))
            source[a], source[b] = b, a
            return tuple(source)
        case HandsRotated(direction=d):
            return tuple((s - d) % players for s in range(players))
        case _:
            return None


_PENALTY_VALUE = {"D2": 2, "W4": 4}


def fold_history(history: Sequence[Event], players: int) -> Folded:
    """Fold a round's history (from its deal, as one seat may see it) into facts."""
    facts: list[Fact] = []
    sizes = [0] * players
    active: Color | None = None
    top: Card | None = None
    direction = 1
    drew: int | None = None  # the seat that just drew on its turn, its card still playable
    stack: list[Card] = []
    challengeable = False
    ended: RoundEnded | None = None
    for at, e in enumerate(history):
        match e:  # the commonest first: a bot folds its whole history at every decision
            case CardsDrawn():
                s = e.seat
                facts.append(Drew(at, s, e.count, e.cards, e.reason, active, top))
                sizes[s] += e.count
                drew = s if e.reason == "draw" else None
            case CardPlayed():
                s, card = e.seat, e.card
                snapshot = tuple(sizes)
                facts.append(
                    Played(
                        at, s, card, None, e.jump_in, drew == s, active, top, direction, snapshot
                    )
                )
                drew = None
                sizes[s] -= 1
                top = card
                if not card.is_wild:
                    active = card.color
            case (
                TurnSkipped()
                | UnoCalled()
                | RoundStarted()
                | StartCardReturned()
                | UnoCaught()
                | FalseCatch()
                | CustomRuleApplied()
                | PileReshuffled()
            ):
                pass
            case ColorChosen():
                active = e.color
                last = facts[-1] if facts else None
                if isinstance(last, Played) and last.at == at - 1 and last.seat == e.seat:
                    facts[-1] = last._replace(color=e.color)  # the play names its colour
            case CardKept():
                facts.append(Kept(at, e.seat))
                drew = None
            case PenaltyPending():
                if top is not None:
                    if e.amount == _PENALTY_VALUE.get(top.rank):
                        stack = [top]  # a new penalty (a stacked one adds to the last)
                    else:
                        stack.append(top)
                challengeable = e.can_challenge
            case DirectionChanged():
                direction = e.direction
            case StartCardFlipped():
                active = e.card.color
                top = e.card
            case ChallengeResolved():
                facts.append(Challenged(at, e.challenger, e.offender, e.guilty, e.hand))
            case HandsSwapped() | HandsRotated():
                source = hands_moved(e, players)
                assert source is not None
                facts.append(HandsMoved(at, source, isinstance(e, HandsRotated)))
                sizes = [sizes[src] for src in source]
            case RoundEnded():
                ended = e
            case _:
                assert_never(e)
    return Folded(
        tuple(facts),
        tuple(sizes),
        active,
        top,
        direction,
        tuple(stack),
        challengeable,
        ended,
    )
