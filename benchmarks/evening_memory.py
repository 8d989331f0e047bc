"""Memory over a family evening: the window's resident size as rounds and matches go by.

An all-computer table plays round after round in the real app loop (dummy video, time
stepped by hand, animations at the top speed), Enter pressed at each round's end and
each match's end (Play again), as a family would go on. Prints the process's resident
size every `--every` rounds, then, after a full garbage collection, how many tables,
matches, sessions and round-end screens are still alive: one of each is the game's own
(the one on screen); more would be a leak. Not a test: prints only.

    .venv/bin/python benchmarks/evening_memory.py                       # 6 seats, 60 rounds
    .venv/bin/python benchmarks/evening_memory.py --players 10 --rounds 120 --every 20
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import time
from collections import Counter

LIVE = ("TableScene", "Match", "MatchSession", "RoundEndScene", "MatchEndScene")
"""The kinds of object counted at the end: one of each at most belongs to the screen."""


def resident_mb() -> float:
    """This process's resident set size (Linux /proc), in MiB."""
    with open("/proc/self/statm", encoding="ascii") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--rounds", type=int, default=60)
    p.add_argument("--every", type=int, default=10, help="print the size this often")
    p.add_argument("--preset", default="family")
    p.add_argument("--seed", type=int, default=3)
    args = p.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from uno_desktop.play.match import ManualClock, Timing
    from uno_desktop.ui.app import App
    from uno_desktop.ui.launch import SMOKE_DT_S, SMOKE_TIMING, WindowOptions, first_scene
    from uno_desktop.ui.services import build_services

    services = build_services(use_storage=False)
    services.clock = ManualClock()
    services.settings = dataclasses.replace(
        services.settings, animation_speed=4.0, think_time_s=SMOKE_TIMING["think_time_s"]
    )
    app = App(services, strict=True)
    app.open_window((1280, 720))
    options = WindowOptions(preset=args.preset, players=args.players, seed=args.seed)
    app.start(first_scene(services, options, smoke=True))
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    t0 = time.perf_counter()
    matches = 0  # played to the end
    print(f"start: {resident_mb():.1f} MiB")
    for n in range(1, args.rounds + 1):
        match = services.match
        assert match is not None
        match.timing = Timing(**SMOKE_TIMING)
        app.run(until=lambda m=match: m.round_over, max_frames=60 * 60 * 15, fixed_dt_s=SMOKE_DT_S)
        for _ in range(6):  # the round's end, the match's end and its celebration
            app.run(max_frames=120, fixed_dt_s=SMOKE_DT_S)
            now = services.match
            if now is not None and (now is not match or not match.round_over):
                break
            pygame.event.post(enter)
        else:
            raise SystemExit(f"round {n}: the table did not go on ({type(app.stack.top).__name__})")
        matches += match.match_over
        if n % args.every == 0 or n == args.rounds:
            took = time.perf_counter() - t0
            print(f"round {n} ({matches} matches over): {resident_mb():.1f} MiB, {took:.0f} s")
    t = time.perf_counter()
    gc.collect()
    took_ms = (time.perf_counter() - t) * 1000
    alive = Counter(type(o).__name__ for o in gc.get_objects())
    print(f"after a full collection ({took_ms:.0f} ms):", {kind: alive[kind] for kind in LIVE})
    print(f"resident then: {resident_mb():.1f} MiB")


if __name__ == "__main__":
    main()
