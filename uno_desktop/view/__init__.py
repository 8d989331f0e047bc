"""One seat's view of the round: what it may see, as a value, for every reader.

Pure Python (no pygame, no I/O): `redaction` decides what a viewer may see, `fold`
reads the events into facts, `seat_view` builds the `SeatView` every screen reads, and
`narration` words the events in the current language.
"""

from __future__ import annotations

from .redaction import addressed_to, public_observation, visible_event, visible_events
from .seat_view import (
    Ask,
    News,
    NewsKind,
    Penalty,
    Question,
    SeatView,
    ask_of_plays,
    seat_view,
)

__all__ = [
    "Ask",
    "News",
    "NewsKind",
    "Penalty",
    "Question",
    "SeatView",
    "addressed_to",
    "ask_of_plays",
    "public_observation",
    "seat_view",
    "visible_event",
    "visible_events",
]
