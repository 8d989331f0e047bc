"""CPU used by the real window while nobody does anything: on the title, and at a table
waiting for a person (after the deal has landed).

    DISPLAY=:N .venv/bin/python benchmarks/idle_cpu.py [--seconds 10]

Needs a display (Xvfb is fine). `desktop_probe.py` measures the title from outside; a
table is still dealing when its measurement starts, hence this one, which waits until
the table rests and the person is to play before it counts.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def measure(app: object, seconds: float) -> dict[str, float]:
    """CPU share (100 = one core) and frames drawn over `seconds` of the real loop."""
    drawn = app.frames_drawn  # type: ignore[attr-defined]
    cpu0, wall0 = time.process_time(), time.monotonic()
    app.run(until=lambda: time.monotonic() - wall0 > seconds)  # type: ignore[attr-defined]
    cpu_s, wall_s = time.process_time() - cpu0, time.monotonic() - wall0
    return {
        "idle_cpu_pct": round(100 * cpu_s / wall_s, 2),
        "frames_drawn": app.frames_drawn - drawn,  # type: ignore[attr-defined]
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    from uno_desktop.ui.app import App
    from uno_desktop.ui.launch import WindowOptions, first_scene
    from uno_desktop.ui.services import build_services

    for where, opts in (
        ("title", WindowOptions()),
        ("table waiting for a person", WindowOptions(players=2, seed=2)),
    ):
        services = build_services(use_storage=False)
        app = App(services)
        app.open_window((1280, 720))
        scene = first_scene(services, opts, smoke=False)
        app.start(scene)
        start = time.monotonic()

        def rests(scene: object = scene, start: float = start) -> bool:
            waited = time.monotonic() - start
            if not hasattr(scene, "input_ok"):
                return waited > 2.0
            return bool(scene.input_ok) and waited > 1.0  # type: ignore[attr-defined]

        app.run(until=rests)
        print(json.dumps({"where": where, **measure(app, args.seconds)}), flush=True)


if __name__ == "__main__":
    main()
