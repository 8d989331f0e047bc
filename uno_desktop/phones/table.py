"""The game thread's side of phone seats: it drains what phones asked, lets the match
decide, and publishes each phone seat's state when it changed.

`PhoneTable.pump()` is called on the thread that owns the match (the pygame loop, every
frame; a test or benchmark loop headless). It reads the match only through its per-seat
API (the seat's `SeatView`, the events it may see, for the log), so a phone learns what
that seat's owner may know and nothing more. Every
action is checked by the engine: an illegal one gets an `error` back and changes nothing.
A seat acts only as itself: its seat comes from the token of its connection.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any, Final, Protocol

from uno_desktop.engine import Action, IllegalAction, Observation, RuleSet
from uno_desktop.engine import events as ev
from uno_desktop.lang.i18n import language
from uno_desktop.view import Ask, NewsKind, SeatView

from .net import Listen
from .protocol import BadRequest, Request, to_action
from .seat_wait import Waits, held
from .server import PhoneServer
from .wire import next_refusal, page_strings, phone_state, refusal

if TYPE_CHECKING:
    from uno_desktop.ai.hint_job import HintJob
    from uno_desktop.play.match import FeedPos

log = logging.getLogger(__name__)

LOG_LINES: Final = 4
"""How many of the latest log lines a phone shows."""
LOG_EVENTS: Final = 24
"""Events kept per seat to word those lines from (many events have no line)."""
STATIC: Final = ("index.html", "phone.css", "phone.js", "icon.svg")
"""The page's own files, in uno_desktop/phones/static (package data)."""


class SeatSource(Protocol):
    """What the phones need of a match: its per-seat API (`uno_desktop.play.match.Match`)."""

    hints: bool
    rules: RuleSet
    stand_ins: frozenset[int]
    shown_at: tuple[int, int] | None

    @property
    def players(self) -> int: ...
    @property
    def round_no(self) -> int: ...
    def seat_name(self, seat: int) -> str: ...
    def seat_view(self, viewer: int | None) -> SeatView: ...
    def observation(self, viewer: int | None) -> Observation: ...
    def actions_taken(self) -> int: ...
    def feed_end(self) -> FeedPos: ...
    def events_since(
        self, pos: FeedPos | None, viewer: int | None
    ) -> tuple[list[ev.Event], FeedPos]: ...
    def act(self, action: Action) -> object: ...
    def note_hint(self, seat: int) -> None: ...
    def winner_after_round(self) -> int | None: ...
    def stand_in(self, seat: int, on: bool) -> None: ...
    def human_to_act(self) -> int | None: ...
    @property
    def deal_id(self) -> int: ...


def static_files() -> dict[str, bytes]:
    """The page's files from the package data, by name (read once; never a path)."""
    folder = resources.files("uno_desktop.phones") / "static"
    return {name: (folder / name).read_bytes() for name in STATIC}


class _Seat:
    """What the table remembers for one phone seat between two states."""

    def __init__(self) -> None:
        self.feed: FeedPos | None = None
        # events, not lines: the lines are worded at each publish, in the language of then
        self.events: deque[ev.Event] = deque(maxlen=LOG_EVENTS)
        self.acted: FeedPos | None = None  # where the seat last acted: older news was read
        self.hint: str | None = None
        self.hint_job: HintJob | None = None
        self.sent: str | None = None  # the last state published, to send only changes


class PhoneTable:
    """Phone seats of one match: the server, and the loop that feeds it.

    `files` overrides the page and card pictures (tests); by default the page comes from
    the package data and the cards are drawn now, on this thread, by the table's painter.
    """

    def __init__(
        self,
        match: SeatSource,
        seats: Sequence[int],
        *,
        listen: Listen | None = None,
        colorblind: bool = False,
        on_request: Callable[[], None] | None = None,
        files: Mapping[str, bytes] | None = None,
        forward: Mapping[str, int] | None = None,
    ) -> None:
        if not seats:
            raise ValueError("a phone table needs at least one phone seat")
        bad = [s for s in seats if not 0 <= s < match.players]
        if bad:
            raise ValueError(f"no seat {bad[0]} at a table of {match.players}")
        self.match = match
        self.seats: tuple[int, ...] = tuple(sorted(set(seats)))
        if files is None:
            from .art import card_images

            files = {
                **static_files(),
                **{f"cards/{k}.png": v for k, v in card_images(colorblind=colorblind).items()},
            }
        self._on_request = on_request
        self.server = PhoneServer(
            self.seats, files, listen=listen, on_request=on_request, forward=forward
        )
        self._state: dict[int, _Seat] = {s: _Seat() for s in self.seats}
        self._lang: str | None = None
        self._key: tuple[Any, ...] | None = None
        self._next_round: Callable[[], None] | None = None
        #: hold each phone's buttons until a table has shown the last move (the window
        #: sets it: its big screen animates every move; headless there is none)
        self.hold_until_shown = False
        self.waits = Waits(self.seats)

    # ------------------------------------------------------------ life

    def start(self) -> None:
        """Listen, and publish the page's words and every seat's state."""
        self.server.start()
        self.publish()

    def stop(self) -> None:
        """Close every phone's connection and stop listening (the match ended, or the
        window closes)."""
        self.server.stop()

    def join_url(self, seat: int) -> str:
        """The link for `seat`'s phone (show it as a QR code; never log it)."""
        return self.server.join_url(seat)

    def wait(self, timeout_s: float) -> bool:
        """Sleep until a phone asks for something or `timeout_s` passes (headless loops)."""
        return self.server.wait(timeout_s)

    def offer_next_round(self, start: Callable[[], None] | None) -> None:
        """Let any phone seat start the next round with `start` (what the big screen's
        Next round does), or withdraw the offer (None). The round end offers it once its
        scores have been shown a moment; the phones' states say so."""
        if start is not self._next_round:
            self._next_round = start
            self._key = None  # every phone's button changes

    def notice(self, text: str) -> None:
        """Tell every phone what the big screen tells everyone (a save that failed, in the
        game's language): a line each page shows until it is dismissed. Play goes on."""
        for seat in self.seats:
            self.server.send(seat, {"type": "notice", "text": text})

    @property
    def next_round_offered(self) -> bool:
        return self._next_round is not None

    # ------------------------------------------------------------ every frame

    def pump(self) -> bool:
        """Carry out what phones asked, then publish states that changed. True when the
        match changed (the table redraws)."""
        changed = self.waits.check(self.match, self.server.connected())
        for seat, request in self.server.drain():
            changed |= self._handle(seat, request)
        self._collect_hints()
        self.publish()
        return changed

    def publish(self, force: bool = False) -> None:
        """Send each phone seat its state if anything it shows changed (or `force`)."""
        lang = language()
        if lang != self._lang:
            self._lang = lang
            words = page_strings()
            for seat in self.seats:
                # the seat's name too: "You're in" says it before the deal
                self.server.publish(seat, {**words, "name": self.match.seat_name(seat)})
                self._state[seat].hint = None  # worded in the language before
            force = True
        if self.match.round_no == 0:
            return
        key = (
            self.match.feed_end(),
            self.match.actions_taken(),
            self._held(),
            self.waits.key(),
        )
        if key == self._key and not force:
            return
        self._key = key
        names = [self.match.seat_name(s) for s in range(self.match.players)]
        for seat in self.seats:
            self._publish_seat(seat, names)

    def _publish_seat(self, seat: int, names: Sequence[str]) -> None:
        mine = self._state[seat]
        before = mine.feed
        events, mine.feed = self.match.events_since(before, seat)
        if before is None or before.deal != mine.feed.deal:
            mine.hint = None
        mine.events.extend(events)
        from uno_desktop.view.narration import challenge_verdict, log_lines, spoken_lines

        lines = log_lines(mine.events, names, you=seat)[-LOG_LINES:]
        acted = mine.acted
        news_from = acted.index if acted is not None and acted.deal == mine.feed.deal else 0
        view = self.match.seat_view(seat)
        verdict = None
        if any(n.kind is NewsKind.SHOWN for n in view.news_since(news_from)):
            since_acted, _end = self.match.events_since(acted, seat)
            verdict = challenge_verdict(since_acted, seat, names)
        state = phone_state(
            view,
            names,
            log=lines,
            said=spoken_lines(events, names, seat),
            news_from=news_from,
            verdict=verdict,
            hint=mine.hint,
            hints=self.match.hints,
            round_no=self.match.round_no,
            match_winner=self.match.winner_after_round(),
            next_round=self._next_round is not None,
        )
        state["waiting"] = self.waits.waiting(seat)
        if self._held():
            state = held(state)
        text = repr(state)
        if text != mine.sent:
            mine.sent = text
            self.server.publish(seat, state)

    # ------------------------------------------------------------ requests

    def _handle(self, seat: int, request: Request) -> bool:
        mine = self._state[seat]
        if self.match.round_no == 0:
            return False
        if request.do == "next":
            return self._start_next_round(seat)
        if request.do == "stand_in":
            return self.waits.stand_in(self.match, request.target)
        try:
            action = to_action(seat, request)
        except BadRequest as e:
            self.server.send(seat, {"type": "error", "code": e.code})
            return False
        view = self.match.seat_view(seat)
        if action is None:
            self._ask_hint(seat, view)
            return False
        if action not in view.legal:
            self._refuse(seat, view, action)
            return False
        before = self.match.feed_end()
        try:
            self.match.act(action)
        except IllegalAction:
            self._refuse(seat, view, action)
            return False
        mine.acted = before  # what this action brings (a challenge's shown hand) is news
        mine.hint = None
        return True

    def _held(self) -> bool:
        """The big screen has not shown the last move yet: no buttons on any phone."""
        if not self.hold_until_shown or self.match.round_no == 0:
            return False
        return self.match.shown_at != (self.match.deal_id, self.match.actions_taken())

    def _start_next_round(self, seat: int) -> bool:
        """A phone asks for the next round: carried out when the round end offers it,
        refused in words otherwise. The engine has no part in it."""
        start = self._next_round
        if start is None:
            text = next_refusal(self.match.seat_view(seat), self.match.winner_after_round())
            self.server.send(seat, {"type": "error", "text": text})
            return False
        self.offer_next_round(None)
        start()
        return True

    def _refuse(self, seat: int, view: SeatView, action: Action | None) -> None:
        self.server.send(
            seat, {"type": "error", "text": refusal(view, action, self.match.rules.stacking)}
        )

    def _ask_hint(self, seat: int, view: SeatView) -> None:
        mine = self._state[seat]
        if not self.match.hints or view.question.ask is Ask.NOTHING:
            self._refuse(seat, view, None)
            return
        if mine.hint_job is not None and not mine.hint_job.done.is_set():
            return  # already being worked out
        from uno_desktop.ai.hint_job import HintJob

        names = [self.match.seat_name(s) for s in range(self.match.players)]
        key = (seat, self.match.feed_end(), self.match.actions_taken())
        # the hint is the hard bot's reading: like every bot, it reads an observation
        job = HintJob(key, self.match.observation(seat), view.legal, names, lambda _hint: None)
        mine.hint_job = job
        if self._on_request is not None:
            wake = self._on_request
            threading.Thread(
                target=lambda: (job.done.wait(), wake()), name="hint-wake", daemon=True
            ).start()

    def _collect_hints(self) -> None:
        for seat, mine in self._state.items():
            job = mine.hint_job
            if job is None or not job.done.is_set():
                continue
            mine.hint_job = None
            now = (seat, self.match.feed_end(), self.match.actions_taken())
            if job.key != now or job.result is None:
                continue  # the game moved on: the answer is for a question nobody asks
            self.match.note_hint(seat)
            mine.hint = job.result.line
            self._key = None  # publish this seat's new state
