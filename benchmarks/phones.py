"""Phones as private hands, on loopback: a tap to every phone, the CPU while everyone
waits, memory, and the page's first load.

    .venv/bin/python benchmarks/phones.py [--phones 10] [--taps 300] [--idle-seconds 10]

Every seat is a phone: an aiohttp websocket client in this process plays by its state
(a playable card, else draw, keep or take). A tap is timed from the phone sending its
act to the last phone receiving the state that follows (server thread -> game thread
applies it -> every phone's state). The game thread is `HeadlessGame`, which does what
the pygame loop will do each frame. CPU while waiting is this whole process (server
thread, game thread, the idle phones) over `--idle-seconds` with every phone connected
and nobody acting. Prints medians and percentiles; nothing here is a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def rss_mb() -> float:
    """This process's resident memory, in MB (Linux)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def choose(state: dict[str, Any]) -> dict[str, Any]:
    """What a phone does with its state on its turn."""
    can = state["can"]
    for card in state["hand"]:
        if card["play"]:
            act: dict[str, Any] = {"do": "play", "card": card["code"]}
            if card.get("colors"):
                act["color"] = card["colors"][0]
            if card.get("targets"):
                act["target"] = card["targets"][0]
            return act
    if can["keep"]:
        return {"do": "keep"}
    return {"do": "draw"}


class Phones:
    """`n` websocket phones, each keeping its latest state."""

    def __init__(self, urls: list[str]) -> None:
        self.urls = urls
        self.states: list[dict[str, Any] | None] = [None] * len(urls)
        self.arrived: list[asyncio.Event] = []
        self.received: list[float] = [0.0] * len(urls)
        self.wires: list[Any] = []
        self.readers: list[asyncio.Task[None]] = []
        self.errors: list[str] = []

    async def open(self, session: Any) -> None:
        for i, url in enumerate(self.urls):
            origin = url.split("/t/")[0]
            ws = await session.ws_connect(url + "ws", headers={"Origin": origin})
            self.wires.append(ws)
            self.arrived.append(asyncio.Event())
            self.readers.append(asyncio.create_task(self._read(i, ws)))
        while any(s is None for s in self.states):
            await asyncio.sleep(0.01)

    async def _read(self, i: int, ws: Any) -> None:
        async for msg in ws:
            data = json.loads(msg.data)
            if data["type"] == "error":
                self.errors.append(f"phone {i + 1}: {data}")
            if data["type"] == "state":
                self.states[i] = data
                self.received[i] = time.perf_counter()
                self.arrived[i].set()

    async def close(self) -> None:
        for ws in self.wires:
            await ws.close()
        for task in self.readers:
            task.cancel()


async def play(phones: Phones, taps: int) -> list[float]:
    """Tap `taps` times (whoever's turn it is); each tap's time to every phone, in ms."""
    times: list[float] = []
    while len(times) < taps:
        state = phones.states[0]
        assert state is not None
        if any(s is None or s["over"] for s in phones.states):
            await asyncio.sleep(0.01)  # the game thread deals the next round to every phone
            continue
        seat = state["current"]
        mine = phones.states[seat]
        assert mine is not None
        for event in phones.arrived:
            event.clear()
        sent = time.perf_counter()
        await phones.wires[seat].send_str(json.dumps({"type": "act", **choose(mine)}))
        try:
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in phones.arrived)), 5)
        except TimeoutError:
            late = [i + 1 for i, e in enumerate(phones.arrived) if not e.is_set()]
            why = f"tap {len(times) + 1}: phones {late} got no state; {phones.errors}"
            raise SystemExit(why) from None
        times.append(1000 * (max(phones.received) - sent))
    return times


async def first_load(session: Any, url: str, state: dict[str, Any]) -> int:
    """Bytes of the page, its files and the card pictures its first state shows."""
    names = ["", "phone.css", "phone.js", "icon.svg", "cards/back.png"]
    names += [f"cards/{c['code']}.png" for c in state["hand"]] + [
        f"cards/{state['top']['code']}.png"
    ]
    total = 0
    for name in dict.fromkeys(names):
        async with session.get(url + name) as response:
            total += len(await response.read())
    return total


async def run(args: argparse.Namespace) -> dict[str, Any]:
    import aiohttp

    from uno_desktop.phones.net import Listen
    from uno_desktop.phones.table import PhoneTable
    from uno_desktop.play.match import Match, MonotonicClock, SeatSpec
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.session.headless import HeadlessGame

    rules = load_preset("official").replace(target_score=1_000_000)  # rounds go on
    seats = [SeatSpec(f"Phone {i + 1}", "human") for i in range(args.phones)]
    match = Match(rules, seats, 1, clock=MonotonicClock(), hints=False)
    match.start_round()
    before_mb = rss_mb()
    table = PhoneTable(match, range(args.phones), listen=Listen("127.0.0.1", 0))
    table.start()
    game = HeadlessGame(table, match, deal_on=True)
    game.start()
    try:
        async with aiohttp.ClientSession() as session:
            phones = Phones([table.join_url(s) for s in range(args.phones)])
            await phones.open(session)
            first_state = phones.states[0]
            assert first_state is not None
            page_bytes = await first_load(session, table.join_url(0), first_state)
            kept = table.server._cache[0]  # the words and state a phone gets on joining
            first_messages = sum(len(text.encode()) for text in kept.values())
            connected_mb = rss_mb()
            times = await play(phones, args.taps)
            await asyncio.sleep(0.3)  # let the last states settle
            cpu0, wall0 = time.process_time(), time.monotonic()
            await asyncio.sleep(args.idle_seconds)
            idle_pct = 100 * (time.process_time() - cpu0) / (time.monotonic() - wall0)
            await phones.close()
    finally:
        game.stop()
        table.stop()
    return {
        "phones": args.phones,
        "taps": len(times),
        "tap_to_all_phones_ms_median": round(statistics.median(times), 2),
        "tap_to_all_phones_ms_p95": round(statistics.quantiles(times, n=20)[-1], 2)
        if len(times) > 1
        else times[0],
        "tap_to_all_phones_ms_max": round(max(times), 2),
        "idle_cpu_pct_of_one_core": round(idle_pct, 3),
        "memory_mb_before_server": round(before_mb, 1),
        "memory_mb_with_phones_connected": round(connected_mb, 1),
        "memory_mb_added": round(connected_mb - before_mb, 1),
        "first_load_bytes_page_and_cards": page_bytes,
        "first_messages_bytes_words_and_state": first_messages,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=10)
    parser.add_argument("--taps", type=int, default=300)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:40} {value}")


if __name__ == "__main__":
    main()
