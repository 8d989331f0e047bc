"""The phone server's door: every connection passes here before aiohttp reads a byte.

A neighbour's device on the home network must not be able to stop the table. Without
a link it can still open connections, so each one costs us a file descriptor (the
game's own files, the display and its sounds share the same limit, usually 1,024) and
memory; this module bounds both, whatever the network sends:

- At most `Limits.connections` at once and `Limits.per_address` from one address; one
  more is closed in the same call that accepted it, before anything is read from it, so
  a flood of connections never holds more descriptors than the caps plus one.
- Slow requests: from a connection's start, and from the first byte of each request,
  the request's head (up to its blank line) must be complete within
  `Limits.head_timeout_s`, or the connection is aborted. Idle keep-alive connections
  are aiohttp's `keepalive_timeout` (the server passes a second more).
- Slow readers: a peer that leaves what we sent it unread for `Limits.unread_s` is
  aborted (also a socket we are closing: a close never waits on it for ever).
- Websockets: once the server upgrades a connection (`Guarded.begin_websocket`), every
  frame header is read here first. A frame without the client's mask (RFC 6455 5.1) is
  answered with close 1002; more than `FRAME_BURST` frames at once, of any kind
  (pings, pongs, fragments too), refilled at `FRAME_RATE_PER_S`, with close 1008.
  Either way nothing of it reaches aiohttp and the socket is closed.

What happened is counted in a `Tally` (read by tests, shown nowhere); nothing is
printed, since a request line holds a seat's token.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import re
import socket
import struct
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from aiohttp.http_exceptions import HttpProcessingError

MAX_CONNECTIONS: Final = 128
"""Connections at once: 10 phones, each a websocket and a browser's six parallel page
loads, with room to spare, and far below the usual 1,024 open files of the process."""
MAX_PER_ADDRESS: Final = 16
"""Connections at once from one address: one phone's websocket, its browser's six page
loads and a replaced websocket still closing, twice over. A device that opens more gets
them closed at once."""
HEAD_TIMEOUT_S: Final = 5.0
"""Time a request's head may take to arrive (a phone sends it in one packet), and the
time an idle connection is kept between requests."""
UNREAD_S: Final = 30.0
"""Time a peer may leave what we sent it unread before it counts as gone."""
FRAME_RATE_PER_S: Final = 60.0
FRAME_BURST: Final = 120.0
"""Frames of any kind a websocket may send: three times the messages a phone may send
(the server's own rate limit), so a page never meets it; past it the socket is closed."""
SWEEP_S: Final = 0.5
"""How often the door checks its connections' clocks."""
ACCEPT_BATCH: Final = 16
"""Connections accepted in one turn of the loop, so a flood never starves the phones."""
ACCEPT_PAUSE_S: Final = 1.0
"""Time the door stops accepting when the process has no file to spare."""
_OUT_OF_RESOURCES: Final = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})

CLOSE_PROTOCOL_ERROR: Final = 1002
CLOSE_POLICY_VIOLATION: Final = 1008
_HEAD_END: Final = re.compile(rb"\n\r?\n")  # a blank line ends a request's head


@dataclass(frozen=True)
class Limits:
    """The door's bounds (the defaults are what ships; tests may pass smaller ones)."""

    connections: int = MAX_CONNECTIONS
    per_address: int = MAX_PER_ADDRESS
    head_timeout_s: float = HEAD_TIMEOUT_S
    unread_s: float = UNREAD_S


@dataclass
class Tally:
    """What the phone server turned away, counted on its thread instead of printed."""

    refused: int = 0
    """Connections over a cap, closed before reading."""
    most_open: int = 0
    """The most connections open at once."""
    timed_out: int = 0
    """Connections whose request head did not arrive in time."""
    unread: int = 0
    """Connections closed because the peer read nothing we sent."""
    malformed: int = 0
    """Requests aiohttp could not parse (a bad byte, a line too long, not HTTP)."""
    unmasked: int = 0
    """Websockets closed for a frame without the client's mask."""
    flooded: int = 0
    """Websockets closed for sending frames too fast."""
    too_slow: int = 0
    """Phones dropped with a full outgoing queue."""
    largest_queue: int = 0
    """The most messages ever waiting for one phone."""
    loop_errors: int = 0
    """asyncio's reports (e.g. "socket.accept() out of system resource")."""


class TokenBucket:
    """At most `burst` at once, refilled at `rate_per_s`; `clock` is injectable for tests."""

    def __init__(
        self, rate_per_s: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate_per_s = rate_per_s
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._at_s = clock()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at_s) * self.rate_per_s)
        self._at_s = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


class Door:
    """One server's connections: it accepts them from the listening socket itself,
    closes those over a cap at once, and hands each other one to a `Guarded` protocol
    (wrapping one of `inner`'s) on the server's loop; the caps and the clocks."""

    def __init__(self, inner: Callable[[], asyncio.Protocol], limits: Limits, tally: Tally) -> None:
        self.inner = inner
        self.limits = limits
        self.tally = tally
        self._open: set[Guarded] = set()
        self._held = 0  # accepted and not yet lost: in _open or still being connected
        self._by_address: Counter[str] = Counter()
        self._sweeper: asyncio.TimerHandle | None = None
        self._listening: socket.socket | None = None
        self._resume: asyncio.TimerHandle | None = None
        self._connecting: set[asyncio.Task[None]] = set()

    def start(self, sock: socket.socket) -> None:
        """Accept from `sock` (listening, non-blocking) on the running loop, and check
        the clocks every SWEEP_S while any connection is open (an idle server never
        wakes)."""
        self._listening = sock
        asyncio.get_running_loop().add_reader(sock.fileno(), self._accept)

    def stop(self) -> None:
        """Accept no more (the connections open are the server's to close)."""
        sock, self._listening = self._listening, None
        if sock is not None:
            asyncio.get_running_loop().remove_reader(sock.fileno())
        for handle in (self._sweeper, self._resume):
            if handle is not None:
                handle.cancel()
        self._sweeper = self._resume = None
        for task in self._connecting:
            task.cancel()

    def _accept(self) -> None:
        sock = self._listening
        if sock is None:
            return
        for _ in range(ACCEPT_BATCH):
            try:
                conn, peer = sock.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError as e:
                if e.errno in _OUT_OF_RESOURCES:
                    self._pause_accepting(e)
                return
            address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
            if not self._admit(address):
                conn.close()
                continue
            conn.setblocking(False)
            task = asyncio.get_running_loop().create_task(self._connect(conn, address))
            self._connecting.add(task)
            task.add_done_callback(self._connecting.discard)

    def _pause_accepting(self, error: OSError) -> None:
        """The process has no file to spare: reported as asyncio reports it (to the
        loop's handler, `quiet_loop_errors`), and accepting rests a while (the listening
        socket stays readable, so it would otherwise spin)."""
        loop = asyncio.get_running_loop()
        loop.call_exception_handler(
            {"message": "socket.accept() out of system resource", "exception": error}
        )
        sock = self._listening
        if sock is None or self._resume is not None:
            return
        loop.remove_reader(sock.fileno())
        self._resume = loop.call_later(ACCEPT_PAUSE_S, self._resume_accepting)

    def _resume_accepting(self) -> None:
        self._resume = None
        if self._listening is not None:
            asyncio.get_running_loop().add_reader(self._listening.fileno(), self._accept)

    async def _connect(self, conn: socket.socket, address: str) -> None:
        try:
            await asyncio.get_running_loop().connect_accepted_socket(
                lambda: Guarded(self, address), conn
            )
        except OSError:  # the peer went away meanwhile
            conn.close()
            self._release(address)

    def _admit(self, address: str) -> bool:
        if self._held >= self.limits.connections or (
            self._by_address[address] >= self.limits.per_address
        ):
            self.tally.refused += 1
            return False
        self._held += 1
        self._by_address[address] += 1
        self.tally.most_open = max(self.tally.most_open, self._held)
        return True

    def _release(self, address: str) -> None:
        self._held -= 1
        self._by_address[address] -= 1
        if self._by_address[address] <= 0:
            del self._by_address[address]

    def enter(self, guard: Guarded) -> None:
        """`guard`'s connection is made: its clocks run from now."""
        self._open.add(guard)
        if self._listening is not None and self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().call_later(SWEEP_S, self._sweep)

    def leave(self, guard: Guarded) -> None:
        self._open.discard(guard)
        self._release(guard.address)

    def _sweep(self) -> None:
        now = time.monotonic()
        for guard in list(self._open):
            guard.check(now)
        self._sweeper = None
        if self._open and self._listening is not None:
            self._sweeper = asyncio.get_running_loop().call_later(SWEEP_S, self._sweep)


class Guarded(asyncio.Protocol):
    """One connection: its checks, then everything passed on to aiohttp's protocol."""

    def __init__(self, door: Door, address: str) -> None:
        self._door = door
        self.address = address
        self._transport: asyncio.Transport | None = None
        self._inner: asyncio.Protocol | None = None
        self._head_since_s: float | None = None  # an unfinished head began then
        self._unread_since_s: float | None = None
        self._pending = 0  # bytes since the last head's end
        self._carry = b""  # the last bytes, for a blank line split between reads
        self._heads = 0
        self._handled = 0
        self._frames: FrameHeaders | None = None
        self._frame_bucket = TokenBucket(FRAME_RATE_PER_S, FRAME_BURST)

    # ------------------------------------------------------------ asyncio's side

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        self._door.enter(self)
        self._head_since_s = time.monotonic()
        self._inner = self._door.inner()
        self._inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self._inner is None or self._transport is None or self._transport.is_closing():
            return
        if self._frames is not None:
            if not self._frames.feed(data):
                self._door.tally.unmasked += 1
                self._shut(CLOSE_PROTOCOL_ERROR)
                return
            if not all(self._frame_bucket.take() for _ in range(self._frames.take_count())):
                self._door.tally.flooded += 1
                self._shut(CLOSE_POLICY_VIOLATION)
                return
        else:
            self._read_heads(data)
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._door.leave(self)
        inner, self._inner = self._inner, None
        if inner is not None:
            inner.connection_lost(exc)

    # ------------------------------------------------------------ the server's side

    def handled(self) -> None:
        """The server began answering a request on this connection."""
        self._handled += 1

    def begin_websocket(self) -> bool:
        """Read websocket frames from now on; False (stay HTTP) when the client sent
        anything after the upgrade request before its answer (RFC 6455 4.1 forbids it,
        and those bytes would skip the frame checks)."""
        if self._pending or self._heads != self._handled or self._frames is not None:
            return False
        self._frames = FrameHeaders()
        self._head_since_s = None
        return True

    def check(self, now_s: float) -> None:
        """Abort this connection if a clock of `Limits` ran out (the door's sweep)."""
        transport = self._transport
        if transport is None:
            return
        limits = self._door.limits
        if self._head_since_s is not None and now_s - self._head_since_s > limits.head_timeout_s:
            self._door.tally.timed_out += 1
            transport.abort()
            return
        if transport.get_write_buffer_size() == 0:
            self._unread_since_s = None
        elif self._unread_since_s is None:
            self._unread_since_s = now_s
        elif now_s - self._unread_since_s > limits.unread_s:
            self._door.tally.unread += 1
            transport.abort()

    def _read_heads(self, data: bytes) -> None:
        """Count the request heads that ended and time the one under way."""
        text = self._carry + data
        ends = [m.end() for m in _HEAD_END.finditer(text)]
        if ends:
            self._heads += len(ends)
            self._pending = len(text) - ends[-1]
            self._carry = text[max(ends[-1], len(text) - 2) :]
            self._head_since_s = time.monotonic() if self._pending else None
        else:
            self._pending += len(data)
            self._carry = text[-2:]
            if self._head_since_s is None and self._pending:
                self._head_since_s = time.monotonic()

    def _shut(self, code: int) -> None:
        """Close a websocket with `code` without aiohttp, which never sees the frame."""
        transport = self._transport
        if transport is None:
            return
        transport.write(b"\x88\x02" + struct.pack("!H", code))
        transport.close()  # aborted by the sweep if the peer never takes the close frame
        self._head_since_s = None


class FrameHeaders:
    """Reads the header of each websocket frame a client sends and skips its payload:
    whether every frame carried the client's mask, and how many frames began."""

    def __init__(self) -> None:
        self._head = bytearray()
        self._skip = 0
        self._count = 0

    def feed(self, data: bytes) -> bool:
        """Read `data`; False as soon as a frame has no mask."""
        pos, size = 0, len(data)
        while pos < size:
            if self._skip:
                step = min(self._skip, size - pos)
                self._skip -= step
                pos += step
                continue
            need = self._header_size() - len(self._head)
            self._head += data[pos : pos + need]
            pos += need
            if len(self._head) >= 2 and not self._head[1] & 0x80:
                return False
            if len(self._head) == self._header_size():
                self._skip = self._payload_size()
                self._head.clear()
                self._count += 1
        return True

    def take_count(self) -> int:
        """Frames begun since the last call."""
        count, self._count = self._count, 0
        return count

    def _header_size(self) -> int:
        if len(self._head) < 2:
            return 2
        short = self._head[1] & 0x7F
        return 2 + {126: 2, 127: 8}.get(short, 0) + 4

    def _payload_size(self) -> int:
        short = self._head[1] & 0x7F
        if short == 126:
            return int(struct.unpack("!H", self._head[2:4])[0])
        if short == 127:
            return int(struct.unpack("!Q", self._head[2:10])[0])
        return short


class QuietLog(logging.Logger):
    """aiohttp's server logger. A request aiohttp could not parse (a bad byte, a line
    over 8,190 bytes, not HTTP at all) is counted in the tally, never printed: aiohttp's
    message quotes the request line, and the line holds a seat's token. A failure in our
    own handler is logged by its type and place only (its message could quote a path)."""

    def __init__(self, tally: Tally, log: logging.Logger) -> None:
        super().__init__("uno_desktop.phones.aiohttp")
        self._tally = tally
        self._ours = log

    def handle(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, HttpProcessingError):
            self._tally.malformed += 1
        elif exc is None and record.levelno >= logging.WARNING:
            # aiohttp's own words without their arguments (a request could be among them)
            self._ours.warning("aiohttp: %s", str(record.msg)[:100])
        elif exc is not None and record.levelno >= logging.ERROR:
            where = traceback.extract_tb(exc.__traceback__)[-1:]
            place = f"{where[0].filename}:{where[0].lineno}" if where else "?"
            self._ours.error(
                "the phone server failed on a request: %s at %s", type(exc).__name__, place
            )


def quiet_loop_errors(
    tally: Tally, log: logging.Logger
) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]], None]:
    """An exception handler for the server's loop: asyncio's reports (such as
    "socket.accept() out of system resource", once a second while the process has no
    file to spare) are counted, and each kind is logged once, by its fixed words only."""
    shown: set[str] = set()

    def handler(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        tally.loop_errors += 1
        message = str(context.get("message", "an error"))[:80]
        if message in shown or len(shown) >= 8:
            return
        shown.add(message)
        exc = context.get("exception")
        kind = type(exc).__name__ if exc is not None else "-"
        log.warning("the phone server: %s (%s); more are counted, not shown", message, kind)

    return handler
