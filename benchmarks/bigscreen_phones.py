"""The big screen with a phone seat: how soon a phone's tap shows on the big screen when
the window's loop sleeps, and the CPU the window uses while it waits for a phone.

    DISPLAY=:N .venv/bin/python benchmarks/bigscreen_phones.py [--taps 15] [--idle-seconds 5]

The real window (`App`, any SDL video driver; an X display shows the X11 sleep) at a table
of one phone seat and one computer, the phone an aiohttp websocket client on 127.0.0.1 in
a thread of its own. Each tap is sent only once the table rests on the phone's turn and
the loop would sleep; its time runs from the send to the first frame flipped after the
match applied it. Prints JSON lines: the idle CPU share, and the taps' median and p95 in
milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class Phone:
    """One phone's websocket on an asyncio loop of its own thread."""

    def __init__(self, url: str) -> None:
        import aiohttp

        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        origin = "http://" + url.split("/")[2]

        async def connect() -> tuple[Any, Any]:
            session = aiohttp.ClientSession()
            ws = await session.ws_connect(url + "ws", headers={"Origin": origin})
            self.loop.create_task(self._read(ws))
            return session, ws

        self.session, self.ws = asyncio.run_coroutine_threadsafe(connect(), self.loop).result(10)

    async def _read(self, ws: Any) -> None:
        async for _msg in ws:
            pass

    def act(self, do: str) -> None:
        text = json.dumps({"type": "act", "do": do})
        asyncio.run_coroutine_threadsafe(self.ws.send_str(text), self.loop).result(10)

    def close(self) -> None:
        async def shut() -> None:
            await self.ws.close()
            await self.session.close()

        asyncio.run_coroutine_threadsafe(shut(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=15)
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    args = parser.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import dataclasses

    from uno_desktop.engine import Phase
    from uno_desktop.phones.net import Listen
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.app import App
    from uno_desktop.ui.services import build_services
    from uno_desktop.ui.table.scene import TableScene

    services = build_services(use_storage=False)
    services.settings = dataclasses.replace(services.settings, think_time_s=0.3)
    services.phone_listen = Listen("127.0.0.1", 0)
    app = App(services)
    app.open_window((1280, 720))
    seats = [("Ann", "phone"), ("Computer 1", "normal")]
    app.start(services.scenes.start_match("official", load_preset("official"), seats, 8))
    link = services.phones
    assert link is not None
    phone = Phone(link.url(0))
    app.run(until=lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    assert isinstance(table, TableScene)
    match = table.match

    def resting() -> bool:
        """The phone's turn, the table at rest: the loop sleeps from here."""
        if match.round_over:
            return True
        turn = match.human_to_act() == 0 and table.settled
        return turn and not (app.stack.dirty or app.stack.animating)

    try:
        app.run(until=resting)
        cpu0, wall0 = time.process_time(), time.monotonic()
        drawn = app.frames_drawn
        app.run(until=lambda: time.monotonic() - wall0 > args.idle_seconds)
        cpu_pct = 100 * (time.process_time() - cpu0) / (time.monotonic() - wall0)
        print(
            json.dumps(
                {
                    "where": "table waiting for a phone",
                    "idle_cpu_pct": round(cpu_pct, 2),
                    "frames_drawn": app.frames_drawn - drawn,
                }
            ),
            flush=True,
        )
        taps_ms: list[float] = []
        for _tap in range(args.taps):
            app.run(until=resting)
            if match.round_over:
                break
            before = match.actions_taken()
            seen: list[float] = []

            def flipped(_app: object, before: int = before, seen: list[float] = seen) -> None:
                if not seen and match.actions_taken() > before:
                    seen.append(time.perf_counter())

            app.on_flip = flipped
            phase = match.observation(0).phase
            start = time.perf_counter()
            phone.act("keep" if phase is Phase.DRAWN else "draw")
            app.run(until=lambda seen=seen: bool(seen))
            app.on_flip = None
            taps_ms.append(1000 * (seen[0] - start))
        taps_ms.sort()
        p95 = taps_ms[min(len(taps_ms) - 1, round(0.95 * (len(taps_ms) - 1)))] if taps_ms else None
        print(
            json.dumps(
                {
                    "where": "a phone's tap to the big screen's frame, loop asleep",
                    "taps": len(taps_ms),
                    "median_ms": round(statistics.median(taps_ms), 1) if taps_ms else None,
                    "p95_ms": round(p95, 1) if p95 is not None else None,
                }
            ),
            flush=True,
        )
    finally:
        phone.close()
        services.close_phones()


if __name__ == "__main__":
    main()
