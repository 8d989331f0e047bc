"""Start-up time: from launching the process to the first frame on screen.

A player double-clicks and waits; what they feel is process start to first picture. Three
things are timed the same way (the clock runs in this parent process, from spawn until
the child prints its `first-frame` line) and compared:

  bare     a tiny pygame-ce script that opens a window and flips once (the floor:
           Python + pygame + SDL start-up, nothing of ours)
  source   the installed game: `uno-desktop --exit-after-first-frame`
  bundle   the PyInstaller build: `dist/uno-desktop/uno-desktop --exit-after-first-frame`

Each runs once to warm the disk cache, then N times (default 7); medians are printed with
the ratio to the bare window. The dummy video driver is used unless `--real` is given and
DISPLAY is set.

`--cpu` also prints each one's CPU time (user + system, the child's whole life: start to
first frame and exit), which a loaded machine moves less than the wall clock (POSIX only).

    .venv/bin/python benchmarks/startup.py [--runs 7] [--real] [--bundle PATH] [--cpu]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
FLAG = "--exit-after-first-frame"

BARE_WINDOW_SCRIPT = """
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 800))
screen.fill((20, 90, 50))
pygame.display.flip()
print("first-frame", flush=True)
pygame.quit()
"""


@dataclass(frozen=True)
class Target:
    """One thing to start: a label and its command line."""

    label: str
    argv: tuple[str, ...]


@dataclass(frozen=True)
class Result:
    label: str
    times_s: tuple[float, ...]
    #: each run's CPU time (user + system), when measured
    cpu_s: tuple[float, ...] = ()

    @property
    def median_s(self) -> float:
        return statistics.median(self.times_s)

    @property
    def cpu_median_s(self) -> float:
        return statistics.median(self.cpu_s)


def children_cpu_s() -> float:
    """CPU time (user + system) of every child this process has waited for so far."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_to_first_frame_s(argv: Sequence[str], env: dict[str, str], timeout_s: float) -> float:
    """Seconds from spawning `argv` until it prints a line starting with `first-frame`
    (the child is waited for, so its CPU time is in `children_cpu_s` afterwards)."""
    start_s = time.perf_counter()
    with subprocess.Popen(
        list(argv),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),
    ) as proc:
        assert proc.stdout is not None
        # A hung child is killed by the timer, which closes its stdout and ends the loop.
        watchdog = threading.Timer(timeout_s, proc.kill)
        watchdog.start()
        try:
            for line in proc.stdout:
                if line.startswith("first-frame"):
                    elapsed_s = time.perf_counter() - start_s
                    proc.wait()
                    return elapsed_s
        finally:
            watchdog.cancel()
            if proc.poll() is None:
                proc.kill()
    raise RuntimeError(f"{' '.join(argv)}: no 'first-frame' line (exit code {proc.returncode})")


def supports_flag(argv: Sequence[str], env: dict[str, str]) -> bool:
    """Whether the game's command line knows FLAG yet (another part adds it)."""
    try:
        out = subprocess.run(
            [*argv, "--help"], capture_output=True, text=True, env=env, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return FLAG in out.stdout


def source_command() -> tuple[str, ...]:
    """The `uno-desktop` script of the venv running this benchmark, else `python -m`."""
    script = Path(sys.executable).parent / "uno-desktop"
    if script.exists():
        return (str(script),)
    return (sys.executable, "-m", "uno_desktop")


def build_env(real: bool, xdg_root: Path) -> dict[str, str]:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    # A player's Python keeps compiled modules (the warm-up run writes them); without this
    # a shell that sets PYTHONDONTWRITEBYTECODE times the compiler on every run.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not real:
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_AUDIODRIVER"] = "dummy"
    # Fresh user folders: no saved match or settings from the player's own machine.
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(xdg_root / name.lower())
    return env


def measure(
    target: Target, runs: int, env: dict[str, str], timeout_s: float, cpu: bool = False
) -> Result:
    time_to_first_frame_s(target.argv, env, timeout_s)  # warm-up, not counted
    times: list[float] = []
    cpu_s: list[float] = []
    for _ in range(runs):
        before = children_cpu_s() if cpu else 0.0
        times.append(time_to_first_frame_s(target.argv, env, timeout_s))
        if cpu:
            cpu_s.append(children_cpu_s() - before)
    return Result(target.label, tuple(times), tuple(cpu_s))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--runs", "-n", type=int, default=7)
    p.add_argument("--real", action="store_true", help="use the real display (needs DISPLAY)")
    p.add_argument(
        "--bundle", type=Path, default=REPO_ROOT / "dist" / "uno-desktop" / "uno-desktop"
    )
    p.add_argument("--timeout-s", type=float, default=60.0)
    p.add_argument("--cpu", action="store_true", help="also print CPU time (user + system)")
    args = p.parse_args(argv)

    real = bool(args.real and os.environ.get("DISPLAY"))
    if args.real and not real:
        print("--real given but DISPLAY is not set: using the dummy video driver")
    with tempfile.TemporaryDirectory(prefix="uno-startup-") as tmp:
        env = build_env(real, Path(tmp))
        targets = [Target("bare pygame window", (sys.executable, "-c", BARE_WINDOW_SCRIPT))]
        source = source_command()
        if supports_flag(source, env):
            targets.append(Target("source install", (*source, FLAG)))
        else:
            print(f"source install: {' '.join(source)} has no {FLAG} yet; skipped")
        if not args.bundle.exists():
            print(f"bundle: {args.bundle} not built (pyinstaller build.spec); skipped")
        elif supports_flag((str(args.bundle),), env):
            targets.append(Target("PyInstaller bundle", (str(args.bundle), FLAG)))
        else:
            print(f"bundle: {args.bundle} has no {FLAG} yet; skipped")

        print(f"video driver: {'real display' if real else 'dummy'}; {args.runs} runs each\n")
        results = [measure(t, args.runs, env, args.timeout_s, args.cpu) for t in targets]

    base_s = results[0].median_s
    print(f"{'':22s} {'median':>9s} {'min':>9s} {'max':>9s} {'vs bare':>8s}")
    for r in results:
        print(
            f"{r.label:22s} {r.median_s:8.3f}s {min(r.times_s):8.3f}s {max(r.times_s):8.3f}s "
            f"{r.median_s / base_s:7.2f}x"
        )
    if args.cpu:
        base_cpu_s = results[0].cpu_median_s
        print(f"\nCPU time (user + system)\n{'':22s} {'median':>9s} {'min':>9s} {'vs bare':>8s}")
        for r in results:
            print(
                f"{r.label:22s} {r.cpu_median_s:8.3f}s {min(r.cpu_s):8.3f}s "
                f"{r.cpu_median_s / base_cpu_s:7.2f}x"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
