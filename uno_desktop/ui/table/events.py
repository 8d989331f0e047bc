"""Everything the table decides by an engine event's type, in one place.

Besides the animation steps in `ui/table/shown.py`, this module is the table's only
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
from uno_desktop.lang.i18n import _
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


@dataclass(frozen=True)
class Summary:
    """What a hand-off screen tells the next person: a heading and a few lines."""

    heading: str
    lines: tuple[str, ...]


def _done_to(event: ev.Event, seat: int, players: int) -> bool:
    """Whether `event` was done to `seat`: cards it had to draw, a skip, a catch, a
    challenge it lost or won, its hand moving, cards waiting for it."""
    match event:
        case ev.CardsDrawn(seat=s, reason=reason):
            return s == seat and reason not in ("deal", "draw")
        case ev.TurnSkipped(seat=s) | ev.PenaltyPending(seat=s):
            return s == seat
        case ev.UnoCaught(target=t) | ev.FalseCatch(target=t):
            return t == seat
        case ev.ChallengeResolved(offender=o):
            return o == seat
        case _:
            moved = hands_moved(event, players)
            return moved is not None and moved[seat] != seat


def _tally(played: int, drawn: int) -> str:
    """The line that counts what a summary leaves out (only what there was)."""
    if played and drawn:
        return _("Also: cards played {played}, cards drawn {drawn}. The latest:").format(
            played=played, drawn=drawn
        )
    if played:
        return _("Also: cards played {played}. The latest:").format(played=played)
    if drawn:
        return _("Also: cards drawn {drawn}. The latest:").format(drawn=drawn)
    return _("Some earlier moves are left out. The latest:")


def summary(
    events: Sequence[ev.Event], names: Sequence[str], seat: int, most: int, first: bool
) -> Summary:
    """What everybody saw since `seat` last held the screen (`first`: they never have
    this round), in at most `most` lines: first what was done to them (and the card that
    did it), then the rest, counted when it does not fit, with the latest moves.
    `events` are public: as nobody in particular sees them."""
    players = len(names)
    marked: set[int] = set()
    for i, e in enumerate(events):
        if _done_to(e, seat, players):
            marked.add(i)
            cause = next(
                (j for j in range(i - 1, -1, -1) if type(events[j]) is ev.CardPlayed), None
            )
            if cause is not None and type(e) is not ev.CardsDrawn:
                marked.add(cause)

    def line(e: ev.Event) -> str | None:
        return None if type(e) is ev.PenaltyPending else event_line(e, names, seat)

    said = [(i, text) for i, e in enumerate(events) if (text := line(e))]
    heading = _("Before your first turn:") if first else _("Since your last turn:")
    if len(said) <= most:
        return Summary(heading, tuple(text for _i, text in said))
    to_you = [(i, text) for i, text in said if i in marked][-(most - 2) :]
    room = most - len(to_you) - 1
    latest = [(i, text) for i, text in said if i not in marked][-room:] if room > 0 else []
    shown = {i for i, _text in to_you} | {i for i, _text in latest}
    rest = [events[i] for i, _text in said if i not in shown]
    played = sum(1 for e in rest if type(e) is ev.CardPlayed)
    drawn = sum(e.count for e in rest if type(e) is ev.CardsDrawn and e.reason != "deal")
    tally = _tally(played, drawn)
    lines = [text for _i, text in to_you] + [tally] + [text for _i, text in latest]
    return Summary(heading, tuple(lines))


#: items of private news shown at most (the latest; draws are one item)
NEWS_ITEMS = 4


def news_items(events: Iterable[ev.Event], names: Sequence[str], seat: int) -> list[NewsItem]:
    """A person's private news since they last looked, a line each with its cards: the
    cards they drew, all in one item; then a shown hand, a hand received (the latest
    few of them)."""
    items: list[NewsItem] = []
    drawn: list[Card] = []
    draws = 0
    first_draw = -1
    for e in events:
        line = event_line(e, names, seat) or ""
        cards: tuple[Card, ...] = ()
        if type(e) is ev.CardsDrawn:
            drawn += e.cards
            draws += 1
            if first_draw < 0:
                first_draw = len(items)
                items.append((line, ()))
            continue
        if type(e) is ev.ChallengeResolved:
            cards = e.hand
        elif hands_moved(e, len(names)) is not None:
            line = f"{line} {_('Your hand is new: have a look.')}".strip()
        items.append((line, tuple(sorted(cards, key=Card.sort_key))))
    if first_draw >= 0:
        line = items[first_draw][0]
        if draws > 1:
            line = _("You drew {n} cards:").format(n=len(drawn))
        items[first_draw] = (line, tuple(sorted(drawn, key=Card.sort_key)))
    return items[-NEWS_ITEMS:]
