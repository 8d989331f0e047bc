"""A match with phone seats on 127.0.0.1, and phones as aiohttp websocket clients.

The test thread plays the game thread: it waits for the inbox, calls `table.pump()`,
and reads what each phone was sent.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Sequence
from typing import Any

import aiohttp

from uno_desktop.engine import Card, Game, build_deck
from uno_desktop.phones.net import Listen
from uno_desktop.phones.table import PhoneTable, static_files
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset

LOCAL = Listen("127.0.0.1", 0)
#: a stand-in for the card pictures (the server only hands bytes out)
FAKE_PNG = b"\x89PNG\r\n\x1a\nfake"


def fake_files() -> dict[str, bytes]:
    files = static_files()
    files.update({f"cards/{c}.png": FAKE_PNG for c in ("R5", "W4", "back")})
    return files


def dealt_deck(
    rules: Any, hands: list[list[str]], start: str, dealer: int, draws: Sequence[str] = ()
) -> list[Card]:
    """A deck (top first) that deals `hands[seat]` to each seat, turns up `start`, and
    then gives `draws` to whoever draws first."""
    n = len(hands)
    pool = build_deck(rules.deck)
    random.Random(1).shuffle(pool)
    then = [Card.parse(c) for c in draws]
    for card in [*(Card.parse(c) for h in hands for c in h), Card.parse(start), *then]:
        pool.remove(card)
    order = [(dealer + i) % n for i in range(1, n + 1)]
    deck: list[Card] = []
    for r in range(len(hands[0])):
        deck += [Card.parse(hands[seat][r]) for seat in order]
    return [*deck, Card.parse(start), *then, *pool]


def phone_match(
    hands: list[list[str]] | None = None,
    start: str = "R1",
    kinds: tuple[str, ...] = ("human", "human", "normal"),
    preset: str = "official",
) -> tuple[Match, PhoneTable]:
    """A started match (seat 0 to play first) whose human seats are phones, not started
    serving yet."""
    rules = load_preset(preset)
    names = ["Ann", "Bo", "Cy", "Di"][: len(kinds)]
    match = Match(rules, [SeatSpec(nm, k) for nm, k in zip(names, kinds)], 7, clock=ManualClock())
    match.start_round()
    if hands is not None:
        n = len(kinds)
        deck = dealt_deck(rules, hands, start, dealer=n - 1)
        match.game = Game.new(rules, n, dealer=n - 1, deck=deck, rng=random.Random(3))
    seats = [s for s, k in enumerate(kinds) if k in ("human", "phone")]
    return match, PhoneTable(match, seats, listen=LOCAL, files=fake_files())


class Wire:
    """Stands in for the server: records what each seat would be sent, in order."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, str]] = []
        self.inbox: list[tuple[int, Any]] = []
        self.live: set[int] = set()  # the seats whose phone is connected

    def connected(self) -> set[int]:
        return set(self.live)

    def publish(self, seat: int, message: dict[str, Any]) -> None:
        self.sent.append((seat, json.dumps(message, sort_keys=True)))

    send = publish

    def drain(self) -> list[Any]:
        out, self.inbox = self.inbox, []
        return out

    def last(self, seat: int, kind: str) -> dict[str, Any]:
        """The latest message of `kind` sent to `seat`."""
        for s, text in reversed(self.sent):
            message = json.loads(text)
            if s == seat and message["type"] == kind:
                return message
        raise AssertionError(f"seat {seat} was sent no {kind}")


def phone_table(match: Match, seats: list[int]) -> tuple[PhoneTable, Wire]:
    """A phone table whose server is a `Wire` (no sockets): what it sends is recorded."""
    table = PhoneTable(match, seats, files=fake_files())
    wire = Wire()
    wire.live = set(seats)
    table.server = wire  # type: ignore[assignment]
    return table, wire


class Phone:
    """One phone's websocket, reading messages by type."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws

    async def next(self, timeout_s: float = 3.0) -> dict[str, Any]:
        msg = await self.ws.receive(timeout=timeout_s)
        if msg.type is not aiohttp.WSMsgType.TEXT:
            return {"type": "closed", "code": self.ws.close_code, "ws_type": msg.type.name}
        return json.loads(msg.data)

    async def until(self, kind: str, timeout_s: float = 3.0) -> dict[str, Any]:
        """The next message of type `kind` (others before it are skipped)."""
        while True:
            msg = await self.next(timeout_s)
            if msg["type"] in (kind, "closed"):
                return msg

    async def act(self, **action: Any) -> None:
        await self.ws.send_str(json.dumps({"type": "act", **action}))


def origin_of(url: str) -> str:
    """The origin a browser sends for a page at `url`."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


async def open_phone(session: aiohttp.ClientSession, url: str) -> Phone:
    ws = await session.ws_connect(url + "ws", headers={"Origin": origin_of(url)})
    return Phone(ws)


async def serve(table: PhoneTable) -> None:
    """What the game thread does when a request comes: wait for it, then pump."""
    await asyncio.to_thread(table.wait, 3.0)
    table.pump()
