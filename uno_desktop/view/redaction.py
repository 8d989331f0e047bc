"""What a seat may see of the round, decided once.

A viewer is a seat, or None for nobody at the screen (what every seat may see: the big
screen, a hand-off). `visible_event` is the engine's `public_view`: the engine redacts
the bots' histories with it and may import nothing from above, so the one definition
lives beside the events and is re-exported here under the name the package uses.
`addressed_to` says which events carry a private result for a seat, and
`public_observation` turns any seat's observation into what everybody knows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from uno_desktop.engine import Observation
from uno_desktop.engine.events import (
    CardsDrawn,
    ChallengeResolved,
    Event,
    HandsRotated,
    HandsSwapped,
)
from uno_desktop.engine.events import public_view as visible_event

__all__ = ["addressed_to", "public_observation", "visible_event", "visible_events"]


def visible_events(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """`events` as `viewer` may see them (`visible_event`, one by one)."""
    return [visible_event(e, viewer) for e in events]


def addressed_to(event: Event, seat: int) -> bool:
    """Whether `event` holds a private result for `seat`: cards it drew, the hand it was
    shown as challenger, or a hand it received by a swap or a rotation."""
    match event:
        case CardsDrawn(seat=drawer, cards=cards):
            return drawer == seat and bool(cards)
        case ChallengeResolved(challenger=challenger, hand=hand):
            return challenger == seat and bool(hand)
        case HandsSwapped(a=a, b=b):
            return seat in (a, b)
        case HandsRotated():
            return True
        case _:
            return False


def public_observation(obs: Observation) -> Observation:
    """What every seat may know, from any seat's observation: no hand, no drawn card,
    every drawn card and shown hand in the history hidden. `seat` is -1."""
    return dataclasses.replace(
        obs,
        seat=-1,
        hand=(),
        drawn_card=None,
        can_challenge=False,
        history=tuple(visible_event(e, None) for e in obs.history),
    )
