"""Time for Statistics -> Replays to show its list with many records in the folder.

    .venv/bin/python benchmarks/replays_list.py                  # 10,000 records, 7 runs
    .venv/bin/python benchmarks/replays_list.py --records 200 --runs 3

Writes --records real round records (one seeded four-seat round, each with its own
match id and time, named as every version of the game lists them) into a temporary
data folder, then times, --runs times, what opening the screen costs: building the
Replays scene, laying it out and drawing its first frame (1280x720, headless). Prints
each run and the median in seconds; the target is at most 0.3 s for 10,000 records.
Not a test: prints only. The machine may be shared, so run it twice and quote both.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

START = datetime(2026, 1, 1, 12, 0, 0, tzinfo=UTC)


def write_records(folder: Path, count: int) -> None:
    """`count` records of one played round, a minute apart, each its own match."""
    from uno_desktop.play.match import ManualClock, Match, SeatSpec, run_round_headless
    from uno_desktop.play.replay import RECORD_SCHEMA, RECORD_VERSION, record_of
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.store.storage import encode_document

    clock = ManualClock()
    seats = [SeatSpec(f"P{i}", "easy") for i in range(4)]
    match = Match(load_preset("official"), seats, 7, preset="official", clock=clock)
    match.start_round()
    run_round_headless(match, clock)
    base = record_of(match, START)
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        when = START + timedelta(minutes=i)
        record = replace(base, match_id=f"bench{i}", finished_at=when.isoformat())
        key = hashlib.sha1(f"{record.match_id}:{record.round_no}".encode()).hexdigest()[:12]
        name = f"round-{when.strftime('%Y%m%d-%H%M%S')}-{key}.json"
        payload = encode_document(RECORD_SCHEMA, RECORD_VERSION, record.to_dict(), False)
        (folder / name).write_bytes(payload)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from uno_desktop.play.match import ManualClock
    from uno_desktop.render.cards import CardPainter
    from uno_desktop.store.storage import Settings, Storage
    from uno_desktop.ui.scenes.replays import ReplaysScene
    from uno_desktop.ui.services import Services, SilentSounds

    size = (1280, 720)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        storage = Storage(root / "config", root / "data", root / "state")
        write_records(storage.replays_dir, args.records)
        services = Services(
            storage=storage,
            settings=Settings(),
            sounds=SilentSounds(),
            painter=CardPainter(),
            clock=ManualClock(),
        )
        times_s = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            scene = ReplaysScene(services)
            scene.relayout(size)
            scene.draw(screen)
            times_s.append(time.perf_counter() - t0)
        shown = len(os.listdir(storage.replays_dir))
    print(f"records in the folder: {args.records} ({shown} files after the runs)")
    print("runs (s): " + " ".join(f"{t:.3f}" for t in times_s))
    print(f"median: {statistics.median(times_s):.3f} s to show the Replays list")


if __name__ == "__main__":
    main()
