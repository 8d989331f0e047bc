"""What happened, in order: the engine's only output besides its state.

The UI turns events into animations and log lines; bots see them through their
observation's `history`, where other seats' drawn cards and shown hands are hidden.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Color


@dataclass(frozen=True, slots=True)
class RoundStarted:
    dealer: int
    players: int
    hand_size: int


@dataclass(frozen=True, slots=True)
class StartCardFlipped:
    card: Card


@dataclass(frozen=True, slots=True)
class StartCardReturned:
    """A Wild Draw Four turned as the start card goes back; the pile is reshuffled."""

    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card
    jump_in: bool = False


@dataclass(frozen=True, slots=True)
class ColorChosen:
    seat: int
    color: Color


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """`cards` is what the drawer sees; others know only `count`."""

    seat: int
    count: int
    cards: tuple[Card, ...]
    reason: str  # draw | penalty | uno | challenge | false_catch | custom

    def hidden(self) -> CardsDrawn:
        return CardsDrawn(self.seat, self.count, (), self.reason)


@dataclass(frozen=True, slots=True)
class CardKept:
    seat: int


@dataclass(frozen=True, slots=True)
class TurnSkipped:
    seat: int


@dataclass(frozen=True, slots=True)
class DirectionChanged:
    direction: int


@dataclass(frozen=True, slots=True)
class PenaltyPending:
    """A Draw Two / Wild Draw Four waits for `seat`: take it, stack on it or challenge."""

    seat: int
    amount: int
    can_challenge: bool


@dataclass(frozen=True, slots=True)
class ChallengeResolved:
    """`hand` is the offender's hand, shown privately to the challenger."""

    challenger: int
    offender: int
    guilty: bool
    hand: tuple[Card, ...] = ()

    def hidden(self) -> ChallengeResolved:
        return ChallengeResolved(self.challenger, self.offender, self.guilty, ())


@dataclass(frozen=True, slots=True)
class UnoCalled:
    seat: int


@dataclass(frozen=True, slots=True)
class UnoCaught:
    catcher: int
    target: int


@dataclass(frozen=True, slots=True)
class FalseCatch:
    catcher: int
    target: int


@dataclass(frozen=True, slots=True)
class HandsSwapped:
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class HandsRotated:
    """Every hand passed one seat in `direction`."""

    direction: int


@dataclass(frozen=True, slots=True)
class CustomRuleApplied:
    seat: int
    text: str
    effect: str


@dataclass(frozen=True, slots=True)
class PileReshuffled:
    count: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    winner: int | None  # None: the round ended blocked, nobody scores
    points: tuple[int, ...]
    blocked: bool = False


Event = (
    RoundStarted
    | StartCardFlipped
    | StartCardReturned
    | CardPlayed
    | ColorChosen
    | CardsDrawn
    | CardKept
    | TurnSkipped
    | DirectionChanged
    | PenaltyPending
    | ChallengeResolved
    | UnoCalled
    | UnoCaught
    | FalseCatch
    | HandsSwapped
    | HandsRotated
    | CustomRuleApplied
    | PileReshuffled
    | RoundEnded
)


def public_view(event: Event, seat: int | None) -> Event:
    """The event as `seat` may see it; None is a seat that is nobody (what every seat may
    see). The one redaction policy: bots' histories use it here, and the package above
    the engine re-exports it (`uno_desktop.view.redaction.visible_event`)."""
    if type(event) is CardsDrawn and event.seat != seat and event.cards:
        return event.hidden()
    if type(event) is ChallengeResolved and seat not in (event.challenger, event.offender):
        return event.hidden()
    return event
