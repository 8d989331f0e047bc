"""Frame time of the table: ten seats, cards in flight, 1280x720, headless.

    .venv/bin/python benchmarks/frame_time.py --frames 400
    DISPLAY=:61 SDL_VIDEODRIVER=x11 .venv/bin/python benchmarks/frame_time.py --frames 400 --flip

Each frame is `update(dt)` plus a `draw` of the table (the app draws whenever something
moves). The deal is restarted whenever the table settles, so several cards are always in
flight, plus whatever the computers play in between. Prints the median and 95th
percentile in milliseconds; the target is p95 <= 1.5 ms headless. `--flip` also shows
each frame in the window the way the app does (`App.draw`: only the areas it changed,
`ui/areas.py`), `--whole` with a whole `flip()` instead (as the app did before).
Not a test: prints only. The machine may be shared, so run it twice and quote both;
`--cpu` times each frame in this thread's CPU time, which a loaded machine moves less.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=400)
    parser.add_argument("--seats", type=int, default=10)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument(
        "--flip",
        action="store_true",
        help="show each frame in the window too, as the app does (a real display's cost; "
        "needs DISPLAY and SDL_VIDEODRIVER=x11)",
    )
    parser.add_argument(
        "--whole",
        action="store_true",
        help="with --flip: show the whole window every frame (pygame.display.flip())",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time frames in this thread's CPU time (leaves out a loaded machine's waits)",
    )
    args = parser.parse_args()
    now_s = time.thread_time if args.cpu else time.perf_counter
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from uno_desktop.engine import RuleSet
    from uno_desktop.play.match import ManualClock, Match, SeatSpec
    from uno_desktop.render.cards import CardPainter
    from uno_desktop.store.storage import Settings
    from uno_desktop.ui.app import App
    from uno_desktop.ui.services import Services, SilentSounds
    from uno_desktop.ui.table.scene import TableScene

    w, h = (int(x) for x in args.size.split("x"))
    clock = ManualClock()
    services = Services(
        storage=None, settings=Settings(), sounds=SilentSounds(), painter=CardPainter(), clock=clock
    )
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"]
    seats = [SeatSpec(names[0], "human")] + [
        SeatSpec(names[i], "easy") for i in range(1, args.seats)
    ]
    match = Match(RuleSet(), seats, seed=3, clock=clock)
    match.start_round()
    deal, _end = match.events_since(None, 0)  # the deal as the person at seat 0 sees it
    app = App(services)
    screen = app.open_window((w, h))  # as the game opens it (on X11 its own framebuffer)
    table = TableScene(services, match)
    app.start(table)
    stack = app.stack

    def draw() -> None:
        if args.flip and not args.whole:
            app.draw()  # the app's own way: the areas the frame changed, or whole
            return
        stack.draw(screen)
        if args.whole:
            pygame.display.flip()

    dt_s = 1 / 60
    # warm the caches (faces, backs, text) the way a real first second would
    for _ in range(60):
        clock.advance(dt_s)
        stack.update(dt_s)
        stack.apply_pending()
        draw()

    times_ms: list[float] = []
    in_flight: list[int] = []
    shown: list[float] = []  # the share of the window each frame showed
    for _ in range(args.frames):
        if table.animator.in_flight < 4 and not table.view.pending:
            table.view.feed(deal)  # deal again: many cards leave the pile
        t0 = now_s()
        clock.advance(dt_s)
        stack.update(dt_s)
        stack.apply_pending()
        draw()
        times_ms.append((now_s() - t0) * 1000)
        in_flight.append(table.animator.in_flight)
        rects = app.window.last if args.flip and not args.whole else None
        shown.append(1.0 if rects is None else sum(r.w * r.h for r in rects) / (w * h))

    times_ms.sort()
    p95 = times_ms[min(len(times_ms) - 1, int(0.95 * len(times_ms)))]
    clock_name = "CPU time" if args.cpu else "wall clock"
    print(f"table frame time, {args.seats} seats at {w}x{h}, {args.frames} frames ({clock_name})")
    print(f"  cards in flight: median {statistics.median(in_flight):.0f}, max {max(in_flight)}")
    if args.flip:
        parts = sum(share < 1.0 for share in shown)
        print(
            f"  shown: {'whole' if args.whole else 'changed areas'}; {parts} frames in parts, "
            f"median {100 * statistics.median(shown):.0f}% of the window"
        )
    print(
        f"  median {statistics.median(times_ms):.2f} ms, p95 {p95:.2f} ms, "
        f"worst {times_ms[-1]:.2f} ms (target: p95 <= 1.5 ms)"
    )


if __name__ == "__main__":
    main()
