"""The phone seats of the match on screen, tied to the window's loop.

`PhoneLink` owns the match's `PhoneTable` (server and all): the app pumps it once a frame
before the scenes and publishes after them (a computer's move is sent at once), and
stops it when the match ends or the window closes. Play again hands the phones over
(`follow`): the next match's server listens on the same port, each phone is told to
follow its link, and the old links lead to the new ones until each seat has joined, so
the same people keep their phones from match to match without scanning again. Until
the host starts the round (the join panel) the phones' taps change nothing: they are
drained and dropped. Who is connected is read once a frame, so the join panel and the
table's labels see one value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from uno_desktop.phones.net import Listen
    from uno_desktop.phones.table import PhoneTable
    from uno_desktop.play.match import Match


def phone_seats(match: Match) -> tuple[int, ...]:
    """The seats of `match` played from phones, in seat order."""
    return tuple(s for s in range(match.players) if match.is_phone(s))


class PhoneLink:
    """The running server of one match's phone seats (see the module docstring)."""

    def __init__(
        self,
        match: Match,
        *,
        listen: Listen | None = None,
        colorblind: bool = False,
        wake: Callable[[], None] | None = None,
        follow: PhoneLink | None = None,
    ) -> None:
        """`follow`: the previous match's link, still running, whose phones move here
        (it is stopped by `start`)."""
        from uno_desktop.phones.net import Listen
        from uno_desktop.phones.table import PhoneTable

        self.match = match
        self.seats = phone_seats(match)
        self._fallback: Listen | None = None
        self._previous: PhoneLink | None = None
        forward = None
        if follow is not None and follow.running and follow.seats == self.seats:
            old = follow.table.server
            self._fallback = listen if listen is not None else Listen(old.listen.host, 0)
            listen = Listen(old.listen.host, old.port)
            forward = old.handover()
            self._previous = follow
        self.table: PhoneTable = PhoneTable(
            match,
            self.seats,
            listen=listen,
            colorblind=colorblind,
            on_request=wake,
            forward=forward,
        )
        # a phone gets its buttons for a move once the big screen has shown it
        self.table.hold_until_shown = True
        #: the round is being played: phones' taps reach the match
        self.playing = False
        self._connected: frozenset[int] = frozenset()
        self._running = False
        self._urls: dict[int, str] = {}

    def start(self) -> None:
        """Listen (OSError when the address cannot be used). A match that follows
        another stops the previous server first and takes its port, or when that port
        cannot be had, listens where the previous one was asked to."""
        previous, self._previous = self._previous, None
        if previous is not None:
            previous.stop()
        try:
            self.table.start()
        except OSError:
            if self._fallback is None:
                raise
            self.table.server.listen = self._fallback
            self.table.start()
        self._urls = {seat: self.table.join_url(seat) for seat in self.seats}
        self._running = True

    @property
    def running(self) -> bool:
        return self._running

    def url(self, seat: int) -> str:
        """`seat`'s secret link (shown as a QR code; never logged or saved), as it was
        while listening (a panel still up after the stop draws the same)."""
        return self._urls[seat]

    def code(self, seat: int) -> str | None:
        """`seat`'s short code to type at the root address (None once it has joined)."""
        return self.table.server.code_of(seat) if self._running else None

    def address(self) -> str:
        """Where a phone types a code: "http://192.168.1.20:8765" (no secret in it)."""
        return self.url(self.seats[0]).split("/t/", 1)[0]

    def away(self) -> list[int]:
        """Phone seats whose phone is away and that no computer plays for now."""
        return [s for s in self.seats if s not in self._connected and s not in self.match.stand_ins]

    def waiting_s(self) -> float | None:
        """How long the table has waited for the phone of the seat whose turn it is (None:
        it waits for no phone)."""
        return self.table.waits.waiting_s() if self._running else None

    def stand_in(self, seat: int) -> None:
        """A computer plays `seat` until its phone is back (the pause menu's offer)."""
        if self._running and seat in self.away():
            self.match.stand_in(seat, True)

    def connected(self) -> frozenset[int]:
        """The phone seats with a live phone, as of this frame."""
        return self._connected

    @property
    def all_joined(self) -> bool:
        return set(self.seats) <= self._connected

    def pump(self) -> bool:
        """Once a frame, before the scenes: carry out the phones' taps (or drop them
        before the round starts). True when who is connected changed."""
        if not self._running:
            return False
        live = frozenset(self.table.server.connected())
        changed = live != self._connected
        self._connected = live
        if self.playing:
            self.table.pump()
        else:
            self.table.server.drain()
        return changed

    def publish(self) -> None:
        """Once a frame, after the scenes: send each phone its state if it changed."""
        if self._running:
            self.table.publish()

    def notice(self, text: str) -> None:
        """Tell every phone a notice the big screen shows (while listening)."""
        if self._running:
            self.table.notice(text)

    def offer_next_round(self, start: Callable[[], None] | None) -> None:
        """Let any phone start the next round with `start` (None: withdraw the offer)."""
        self.table.offer_next_round(start)

    def stop(self) -> None:
        """Send each phone its last state (the match's final standings), then close every
        connection and stop listening. Idempotent."""
        if self._running:
            self._running = False
            self._connected = frozenset()
            self.table.offer_next_round(None)
            self.table.publish()
            self.table.stop()
