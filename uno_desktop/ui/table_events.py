"""Everything the table decides by an engine event's type, in one place.

Besides the animation steps in `ui/table_view.py`, this module is the table's only
reader of engine events: which results are a person's private news, what an event told
on screen adds to the big moments, how a challenge's result is told and to whom, who
passed the pending cards on, and what a hand-off and a person's news say. The scene, its
dialogs and its painter see only what these functions return.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from uno_desktop.engine import Card
from uno_desktop.engine import events as ev
from uno_desktop.i18n import _
from uno_desktop.render import theme
from uno_desktop.ui.moments import Moments, banner_for
from uno_desktop.view import addressed_to
from uno_desktop.view.fold import hands_moved
from uno_desktop.view.narration import challenge_drawn, challenge_result_text, event_line

#: one line of news and the cards it is about (sorted; empty for none)
NewsItem = tuple[str, tuple[Card, ...]]


def is_private_for(event: ev.Event, seat: int) -> bool:
    """A private result a person is told about (their own deal is just their hand)."""
    if type(event) is ev.CardsDrawn and event.reason == "deal":
        return False
    return addressed_to(event, seat)


def pulse_rgb(event: ev.Event) -> tuple[int, int, int]:
    """The colour a seat's plate pulses in when `event` is about it (a catch: danger)."""
    return theme.DANGER_RGB if type(event) is ev.UnoCaught else theme.ACCENT_RGB


def add_moment(
    moments: Moments,
    event: ev.Event,
    top: Card | None,
    names: Sequence[str],
    you: int | None,
    viewer: int | None,
) -> bool:
    """Add what `event`, just told on screen, brings to the big moments: a banner (only
    public events reach here), the turn of the direction ring, the viewer's new cards.
    True when the viewer received a whole hand: it glows once its faces are known."""
    banner = banner_for(event, top, names, you)
    if banner is not None:
        moments.banner(banner)
    if type(event) is ev.DirectionChanged:
        moments.turn_ring()
    if viewer is None:
        return False
    if type(event) is ev.CardsDrawn:
        if event.seat == viewer and event.reason != "deal":
            moments.fresh(event.cards)
        return False
    moved = hands_moved(event, len(names))
    return moved is not None and moved[viewer] != viewer


@dataclass(frozen=True)
class ChallengeNote:
    """How a challenge's result (`event`) is told: `text` for everyone; the challenger
    at the screen (`private_to`) gets it in a panel with the shown hand (`owner`'s)."""

    event: ev.Event
    text: str
    guilty: bool
    private_to: int | None = None
    hand: tuple[Card, ...] = ()
    owner: str = ""


def challenge_note(
    event: ev.Event, later: Iterable[ev.Event], viewer: int | None, names: Sequence[str]
) -> ChallengeNote | None:
    """The note for a challenge's result (None for any other event); `later` are the
    events queued after it, where the cards drawn for it are counted."""
    if type(event) is not ev.ChallengeResolved:
        return None
    text = challenge_result_text(event, challenge_drawn(later), viewer, names)
    if viewer is not None and viewer == event.challenger and event.hand:
        hand, owner = event.hand, names[event.offender]
        return ChallengeNote(event, text, event.guilty, viewer, hand, owner)
    return ChallengeNote(event, text, event.guilty)


def offender_name(history: Iterable[ev.Event], names: Sequence[str]) -> str | None:
    """The name of whoever played the last card (the one whose penalty waits)."""
    for e in reversed(list(history)):
        if type(e) is ev.CardPlayed:
            return names[e.seat]
    return None


def summary_lines(
    events: Iterable[ev.Event], names: Sequence[str], seat: int, most: int
) -> list[str]:
    """What everybody saw since `seat` last held the screen, in at most `most` lines
    (public events only: `events` are as nobody in particular sees them)."""
    lines = [
        line
        for e in events
        if type(e) is not ev.PenaltyPending and (line := event_line(e, names, seat))
    ]
    if len(lines) > most:
        skipped = len(lines) - most + 1
        left_out = _("{n} earlier moves are not shown. The latest:").format(n=skipped)
        lines = [left_out, *lines[-most + 1 :]]
    return lines


def news_items(events: Iterable[ev.Event], names: Sequence[str], seat: int) -> list[NewsItem]:
    """A person's private news since they last looked, a line each with its cards."""
    items: list[NewsItem] = []
    for e in events:
        line = event_line(e, names, seat) or ""
        cards: tuple[Card, ...] = ()
        if type(e) is ev.CardsDrawn:
            cards = e.cards
        elif type(e) is ev.ChallengeResolved:
            cards = e.hand
        elif hands_moved(e, len(names)) is not None:
            line = f"{line} {_('Your hand is new: have a look.')}".strip()
        items.append((line, tuple(sorted(cards, key=Card.sort_key))))
    return items
