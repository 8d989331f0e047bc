"""The phone server: HTTP and websockets on one port, on a thread with its own asyncio loop.

It never touches the match. Phones' requests, shape-checked, go into a thread-safe inbox
that the game thread drains (`drain`); the game thread hands messages for a seat to
`publish` (kept and sent again to a phone that reconnects) or `send` (once), and they
reach that seat's phone in order. `stop` closes every connection and joins the thread.

Security: every path starts with its seat's token (`/t/<token>/...`, at least 128 random
bits, new for each server, compared in constant time), and the Host header must name
this server (its address in the links with the port; localhost forms too when it
listens on loopback), so a page from elsewhere (DNS rebinding) finds nothing (an empty
403); any other path goes to `doors` (the short-code page at "/", an old link of the
match before, else a small 403 page). The page, its script, style and card pictures come from an
in-memory table looked up by exact name: no path is ever turned into a file. A
websocket must come from the page's own origin, sends at most MAX_MESSAGE_BYTES a
message and RATE_PER_S messages a second (a burst of RATE_BURST; every message counts,
whatever its type; over the rate they are dropped with one "rate" error a second), text
only (a binary message closes it, 1003), and a seat has one connection: a new one
replaces the old. Everything queued for a phone (states, errors, notices) goes through
one bounded queue: a phone with MAX_QUEUED messages waiting is dropped (4002), not
buffered; it reconnects and gets the latest state.

Limits on what any device can do, with or without a link (`guard.py`, the door every
connection passes): at most 128 connections, 16 from one address, the rest closed
unread; a request head must arrive within 5 s and an idle connection is closed after
6 s; a peer that reads nothing for 30 s is closed; websocket frames must be masked
(else 1002) and come at most 120 at once, 60 a second, of any kind (else 1008). Nothing
a request carries is ever logged, so no token reaches a log: there is no access log,
aiohttp's own messages about malformed requests are counted in `tally()` instead of
printed, and asyncio's (a full file table, say) are logged once by their fixed words.
The file limit of the process is left as it is: the window's idle loop uses select(),
which cannot take descriptors above 1,023; the caps keep us far below it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import ipaddress
import json
import logging
import queue
import socket
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from aiohttp import WSMsgType, web

from . import doors
from .guard import Door, Guarded, Limits, QuietLog, Tally, TokenBucket, quiet_loop_errors
from .net import Listen, host_headers, lan_address, url_host
from .protocol import MAX_MESSAGE_BYTES, BadRequest, Request, parse_request

log = logging.getLogger(__name__)

RATE_PER_S: Final = 20.0
RATE_BURST: Final = 20.0
HEARTBEAT_S: Final = 20.0
"""A phone that stops answering pings (screen off, out of Wi-Fi) is dropped after this."""
MAX_QUEUED: Final = 64
"""Messages waiting for one slow phone before it is dropped (it reconnects and catches up)."""
CACHED_KINDS: Final = ("strings", "state")
"""Published kinds a phone gets again on (re)connecting, in this order."""

CLOSE_REPLACED: Final = 4001
CLOSE_TOO_SLOW: Final = 4002
CLOSE_ENDED: Final = 4003
"""The server stopped (the match ended, the window closed): the page stops reconnecting."""
CLOSE_GOING_AWAY: Final = 1001
CLOSE_UNSUPPORTED: Final = 1003
"""A binary message: the page sends text only."""
LISTEN_BACKLOG: Final = 64

_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}
_PAGE: Final = "index.html"
_CSP: Final = (
    "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


class _Phone:
    """One live websocket of a seat. Only its sender task writes to it, in order, and
    closes it when its queue ends (None) with `close_code`."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        # bounded by PhoneServer._queue (MAX_QUEUED), the one way messages go in
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.bucket = TokenBucket(RATE_PER_S, RATE_BURST)
        self.warned_at_s = -1.0
        self.close_code = CLOSE_GOING_AWAY
        self.close_reason = b""
        self.ended = False
        self.sender: asyncio.Task[None] | None = None

    def end(self, code: int, reason: bytes) -> None:
        """Close after what is queued (the first reason given wins)."""
        if self.ended:
            return
        self.ended = True
        self.close_code, self.close_reason = code, reason
        self.outbox.put_nowait(None)


class PhoneServer:
    """Serves `files` (name -> bytes, "index.html" the page) to the phones of `seats`.

    `on_request` is called on the server thread after a request enters the inbox and
    after a phone connects or leaves (the pygame loop wakes up there). `limits` bounds
    what any device may hold open (`guard.Limits`; tests pass smaller ones).
    """

    def __init__(
        self,
        seats: Iterable[int],
        files: Mapping[str, bytes],
        *,
        listen: Listen | None = None,
        on_request: Callable[[], None] | None = None,
        forward: Mapping[str, int] | None = None,
        limits: Limits | None = None,
    ) -> None:
        """`forward`: the previous match's tokens and their seats (Play again), whose
        links lead to this match's until each seat has joined."""
        if _PAGE not in files:
            raise ValueError(f"the phone page needs {_PAGE!r} among its files")
        self.seats: tuple[int, ...] = tuple(seats)
        self._tokens: dict[int, str] = {s: doors.new_token() for s in self.seats}
        doors.pages_ready()
        self._doors = doors.Doors(self.seats, forward)
        self._files = dict(files)
        self.listen = listen if listen is not None else Listen(lan_address(), 0)
        self._on_request = on_request
        self._limits = limits if limits is not None else Limits()
        self._tally = Tally()  # written on the server thread, read by tests
        self._host = ""  # the links' host, fixed at start
        self._hosts: frozenset[str] = frozenset()  # Host headers that name this server
        self._inbox: queue.SimpleQueue[tuple[int, Request]] = queue.SimpleQueue()
        self._waiting = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()
        self._sock: socket.socket | None = None
        # touched on the server thread only
        self._phones: dict[int, _Phone] = {}
        self._live: frozenset[int] = frozenset()  # the seats of _phones, for other threads
        self._serving = False
        self._cache: dict[int, dict[str, str]] = {s: {} for s in self.seats}

    # ------------------------------------------------------------ the game thread's side

    def start(self) -> None:
        """Bind the port (OSError if it cannot) and serve on a new thread."""
        if self._thread is not None:
            raise RuntimeError("the phone server was already started")
        host = self.listen.host
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, self.listen.port))
            sock.listen(LISTEN_BACKLOG)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        self._sock = sock
        self._host = self.host
        self._hosts = host_headers(self.listen.host, self._host, self.port)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="phone-server", daemon=True)
        self._thread.start()
        self._ready.wait()
        if not self._serving:
            self._thread.join()
            raise OSError("the phone server could not start (see the log)")

    @property
    def port(self) -> int:
        if self._sock is None:
            raise RuntimeError("the phone server is not started")
        return int(self._sock.getsockname()[1])

    @property
    def host(self) -> str:
        """The address phones reach the server at (the LAN address when bound to all)."""
        if self._host:
            return self._host
        host = self.listen.host
        return lan_address() if ipaddress.ip_address(host).is_unspecified else host

    def join_url(self, seat: int) -> str:
        """The link (and QR code) that opens `seat`'s hand. Secret: never log it."""
        return f"http://{url_host(self.host)}:{self.port}/t/{self._tokens[seat]}/"

    def code_of(self, seat: int) -> str | None:
        """`seat`'s short code to type at the root address; None once its phone joined."""
        return self._doors.code_of(seat)

    def handover(self) -> dict[str, int]:
        """Before this server stops for the next match (Play again): tell every phone
        the table moves (its page follows its link, which the next server leads on), and
        give each token with its seat, for the next server's `forward`. Secret."""
        for seat in self.seats:
            self.send(seat, {"type": "moved"})
        return {token: seat for seat, token in self._tokens.items()}

    def drain(self) -> list[tuple[int, Request]]:
        """Every (seat, request) phones sent since the last call, oldest first."""
        self._waiting.clear()
        out: list[tuple[int, Request]] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout_s: float) -> bool:
        """Sleep until a request arrives or `timeout_s` passes (headless drivers)."""
        return self._waiting.wait(timeout_s)

    def publish(self, seat: int, message: Mapping[str, Any]) -> None:
        """Send `message` to `seat`'s phone and keep it (by its "type", one of
        CACHED_KINDS) for a phone that connects later."""
        kind = message.get("type")
        if kind not in CACHED_KINDS:
            raise ValueError(f"only {', '.join(CACHED_KINDS)} messages are kept, not {kind!r}")
        self._call(self._deliver, seat, str(kind), _encode(message))

    def send(self, seat: int, message: Mapping[str, Any]) -> None:
        """Send `message` to `seat`'s phone if one is connected now (an error, say)."""
        self._call(self._deliver, seat, None, _encode(message))

    def connected(self) -> set[int]:
        """The seats with a live phone now (read from the game thread: a snapshot)."""
        return set(self._live)

    def tally(self) -> Tally:
        """A copy of what the server turned away so far (connections over a cap,
        malformed requests, ...): counted, never printed."""
        return dataclasses.replace(self._tally)

    def stop(self, timeout_s: float = 5.0) -> None:
        """Close every connection, stop listening and join the thread. Idempotent."""
        thread, loop, stopping = self._thread, self._loop, self._stopping
        if thread is None or loop is None:
            return
        if stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop ended by itself
                loop.call_soon_threadsafe(stopping.set)
        thread.join(timeout_s)
        if thread.is_alive():
            log.warning("the phone server did not stop within %.1f s", timeout_s)
        self._thread = None

    def _call(self, fn: Callable[..., None], *args: Any) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # stopped meanwhile: nobody to tell
            loop.call_soon_threadsafe(fn, *args)

    # ------------------------------------------------------------ the server thread

    def _run(self) -> None:
        loop = self._loop
        assert loop is not None
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(quiet_loop_errors(self._tally, log))
        try:
            loop.run_until_complete(self._serve())
        except Exception:
            log.exception("the phone server stopped")
        finally:
            self._ready.set()
            loop.close()

    async def _serve(self) -> None:
        self._stopping = asyncio.Event()
        app = web.Application(client_max_size=MAX_MESSAGE_BYTES)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        app.on_response_prepare.append(_headers)
        # access_log=None and a QuietLog: a request line holds a token, and tokens never
        # reach a log; lingering_time=0: a request's unread body is never waited for
        runner = web.AppRunner(
            app,
            access_log=None,
            logger=QuietLog(self._tally, log),
            handle_signals=False,
            shutdown_timeout=1.0,
            # idle between requests; the door's head clock, a second sooner, counts
            keepalive_timeout=self._limits.head_timeout_s + 1.0,
            lingering_time=0,
        )
        await runner.setup()
        assert self._sock is not None and runner.server is not None
        door = Door(runner.server, self._limits, self._tally)
        door.start(self._sock)
        self._serving = True
        self._ready.set()
        try:
            await self._stopping.wait()
        finally:
            door.stop()
            phones = list(self._phones.values())
            self._set_phones({})
            for phone in phones:
                phone.end(CLOSE_ENDED, b"the match has ended")
            senders = [p.sender for p in phones if p.sender is not None]
            if senders:
                await asyncio.wait(senders, timeout=2.0)
            await runner.cleanup()
            if self._sock is not None:
                self._sock.close()

    def _seat_of(self, token: str) -> int | None:
        """The seat whose token this is; every seat's token is compared, in constant time."""
        found = None
        given = token.encode("ascii", "replace")
        for seat, mine in self._tokens.items():
            if hmac.compare_digest(given, mine.encode("ascii")):
                found = seat
        return found

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        guard = _guard_of(request)
        if guard is not None:
            guard.handled()
        parts = request.rel_url.raw_path.split("/", 3)  # "", "t", token, rest
        seat = self._seat_of(parts[2]) if len(parts) >= 3 and parts[1] == "t" else None
        if request.headers.get("Host", "").lower() not in self._hosts:
            return web.Response(status=403)
        if seat is None:
            return await doors.answer(self._doors, request, parts, self._path_of)
        if request.method not in ("GET", "HEAD"):
            return web.Response(status=405)
        if len(parts) < 4:
            return web.Response(status=404)
        if parts[3] == "ws":
            return await self._websocket(request, seat)
        name = parts[3] or _PAGE
        body = self._files.get(name)  # looked up by exact name: never a path
        kind = _TYPES.get(name[name.rfind(".") :])
        if body is None or kind is None:
            return web.Response(status=404)
        response = web.Response(body=body, content_type=kind.split(";")[0])
        if kind.endswith("charset=utf-8"):
            response.charset = "utf-8"
        if name.endswith(".png"):
            response.headers["Cache-Control"] = "private, max-age=86400, immutable"
        else:
            response.headers["Cache-Control"] = "no-store"
        return response

    async def _websocket(self, request: web.Request, seat: int) -> web.StreamResponse:
        origin = request.headers.get("Origin", "")
        if origin.lower() != f"http://{request.host}".lower():
            return web.Response(status=403)
        ws = web.WebSocketResponse(
            max_msg_size=MAX_MESSAGE_BYTES, heartbeat=HEARTBEAT_S, compress=False
        )
        guard = _guard_of(request)
        if not ws.can_prepare(request).ok or guard is None or not guard.begin_websocket():
            return web.Response(status=400)
        await ws.prepare(request)
        self._doors.joined(seat)
        old = self._phones.get(seat)
        phone = _Phone(ws)
        self._set_phones({**self._phones, seat: phone})
        if old is not None:
            self._queue(seat, old, _encode({"type": "replaced"}))
            old.end(CLOSE_REPLACED, b"replaced by a new connection")
        phone.sender = asyncio.create_task(self._send_loop(phone))
        self._queue(seat, phone, _encode({"type": "joined", "seat": seat}))
        for kind in CACHED_KINDS:
            text = self._cache[seat].get(kind)
            if text is not None:
                self._queue(seat, phone, text)
        try:
            async for msg in ws:
                if not phone.bucket.take():  # every message counts, whatever its type
                    self._warn_rate(seat, phone)
                elif msg.type is WSMsgType.TEXT:
                    self._receive(seat, phone, msg.data)
                elif msg.type is WSMsgType.BINARY:
                    phone.end(CLOSE_UNSUPPORTED, b"text only")
                    break
                else:  # an error, such as a frame over max_msg_size: aiohttp closes
                    break
        finally:
            if self._phones.get(seat) is phone:
                self._set_phones({s: p for s, p in self._phones.items() if s != seat})
            phone.end(CLOSE_GOING_AWAY, b"")
            with contextlib.suppress(asyncio.CancelledError):
                await phone.sender
        return ws

    def _path_of(self, seat: int) -> str:
        return f"/t/{self._tokens[seat]}/"

    def _set_phones(self, phones: dict[int, _Phone]) -> None:
        self._phones = phones
        live = frozenset(phones)
        if live != self._live:
            self._live = live
            self._notify()

    def _warn_rate(self, seat: int, phone: _Phone) -> None:
        now = time.monotonic()
        if now - phone.warned_at_s >= 1.0:  # one warning a second, not one per message
            phone.warned_at_s = now
            self._queue(seat, phone, _encode({"type": "error", "code": "rate"}))

    def _receive(self, seat: int, phone: _Phone, text: str) -> None:
        try:
            request = parse_request(text)
        except BadRequest as e:
            self._queue(seat, phone, _encode({"type": "error", "code": e.code}))
            return
        self._inbox.put((seat, request))
        self._waiting.set()
        self._notify()

    def _notify(self) -> None:
        if self._on_request is not None:
            try:
                self._on_request()
            except Exception:
                log.exception("the phone server's on_request callback failed")

    def _queue(self, seat: int, phone: _Phone, text: str) -> None:
        """Queue `text` for `phone`, or drop the phone when MAX_QUEUED already wait:
        the one way into an outbox, so no phone's queue ever grows past the cap."""
        if phone.ended:
            return
        if phone.outbox.qsize() >= MAX_QUEUED:
            # too slow to keep up: drop it; it reconnects and gets the latest state
            self._tally.too_slow += 1
            if self._phones.get(seat) is phone:
                self._set_phones({s: p for s, p in self._phones.items() if s != seat})
            phone.end(CLOSE_TOO_SLOW, b"too slow: reconnect")
            return
        phone.outbox.put_nowait(text)
        self._tally.largest_queue = max(self._tally.largest_queue, phone.outbox.qsize())

    async def _send_loop(self, phone: _Phone) -> None:
        """Send `phone`'s queue in order until None, then close it with its code."""
        ws = phone.ws
        while True:
            text = await phone.outbox.get()
            if text is None:
                break
            if ws.closed:
                continue
            try:
                await ws.send_str(text)
            except (ConnectionError, RuntimeError):
                break
        if not ws.closed:
            with contextlib.suppress(Exception):
                await ws.close(code=phone.close_code, message=phone.close_reason)

    def _deliver(self, seat: int, kind: str | None, text: str) -> None:
        if seat not in self._cache:
            return
        if kind is not None:
            self._cache[seat][kind] = text
        phone = self._phones.get(seat)
        if phone is not None:
            self._queue(seat, phone, text)


def _guard_of(request: web.BaseRequest) -> Guarded | None:
    """The door's record of the connection `request` came on."""
    transport = request.transport
    protocol = transport.get_protocol() if transport is not None else None
    return protocol if isinstance(protocol, Guarded) else None


def _encode(message: Mapping[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    """The same safety headers on every response, and no server software version."""
    response.headers["Server"] = "uno-desktop"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers.setdefault("Content-Security-Policy", _CSP)
    response.headers.setdefault("Cache-Control", "no-store")
