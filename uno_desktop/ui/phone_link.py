"""The phone seats of the match on screen, tied to the window's loop.

`PhoneLink` owns the match's `PhoneTable` (server and all): the app pumps it once a frame
before the scenes and publishes after them (a computer's move is sent at once), and
stops it when the match ends or the window closes. Until the host starts the round (the
join panel) the phones' taps change nothing: they are drained and dropped. Who is
connected is read once a frame, so the join panel and the table's labels see one value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from uno_desktop.match import Match
    from uno_desktop.phones.net import Listen
    from uno_desktop.phones.table import PhoneTable


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
    ) -> None:
        from uno_desktop.phones.table import PhoneTable

        self.match = match
        self.seats = phone_seats(match)
        self.table: PhoneTable = PhoneTable(
            match, self.seats, listen=listen, colorblind=colorblind, on_request=wake
        )
        #: the round is being played: phones' taps reach the match
        self.playing = False
        self._connected: frozenset[int] = frozenset()
        self._running = False
        self._urls: dict[int, str] = {}

    def start(self) -> None:
        """Listen (OSError when the address cannot be used)."""
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
