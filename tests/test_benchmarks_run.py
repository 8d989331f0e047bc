"""Every benchmark still runs (tiny sizes). Nothing here looks at a time: the figures are
printed by the benchmarks themselves; this only keeps them from rotting unnoticed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from uno_desktop.ai import HardBot

ROOT = Path(__file__).resolve().parent.parent

TINY = {
    "bigscreen_phones.py": ["--taps", "2", "--idle-seconds", "0.3"],
    "autosave.py": ["--rounds", "3", "--samples", "5", "--players", "3"],
    "engine_throughput.py": ["--games", "3", "--reps", "1"],
    "evening_memory.py": ["--rounds", "2", "--every", "1", "--players", "3"],
    "ai_latency.py": ["--games", "1", "--players", "2,3"],
    "ai_oracle.py": ["--games", "2"],
    "ai_paired.py": ["--games", "2", "--variant", "table_z=2.0"],
    "ai_regret.py": ["--games", "2", "--variant", "table_samples=8"],
    "ai_strength.py": ["--games", "2", "--only", "hard,normal"],
    "hint_latency.py": ["--games", "1", "--players", "2,4"],
    "phones.py": ["--phones", "3", "--taps", "5", "--idle-seconds", "0.5"],
    "phone_flood.py": ["--connections", "20", "--frames", "50", "--states", "80"],
    "idle_cpu.py": ["--seconds", "0.5"],
    "fit_table_net.py": ["--rounds", "30", "--every", "2", "--epochs", "1"],
    "frame_time.py": ["--frames", "5", "--seats", "4"],
    "render_cards.py": ["--frames", "3"],
    "replays_list.py": ["--records", "20", "--runs", "2"],
    "startup.py": ["--runs", "1"],
    "engine_vs_rlcard.py": ["--games", "3", "--reps", "1"],
    "ai_vs_rlcard_rule.py": ["--games", "2"],
    "ai_vs_unoai.py": ["--games", "4", "--players", "2,4", "--match-rounds", "2"],
    "seat_view.py": ["--games", "2"],
}
# optional extras (".[compare]")
NEEDS = {"engine_vs_rlcard.py": "rlcard", "ai_vs_rlcard_rule.py": "rlcard"}


def test_every_benchmark_has_tiny_arguments_here():
    assert sorted(p.name for p in (ROOT / "benchmarks").glob("*.py")) == sorted(TINY)


#: benchmarks whose run is long whatever their arguments: idle_cpu and bigscreen_phones
#: wait for the loop to fall asleep, in real time
SLOW = {"idle_cpu.py", "bigscreen_phones.py"}


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n for n in sorted(TINY)]
)
def test_the_benchmark_runs_to_the_end(name, tmp_path):
    if name in NEEDS:
        pytest.importorskip(NEEDS[name])
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), *TINY[name]],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), "a benchmark prints its figures"


def test_the_paired_trial_never_forks_a_bot_against_itself(tmp_path):
    """Same bot, same deals, same per-ply rng: the two games must stay one game (a bot
    whose choice hung on anything else, state kept between calls say, would fork)."""
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "ai_paired.py"),
            "--games",
            "8",
            "--variant",
            f"table_samples={HardBot.table_samples}",  # the default, set explicitly
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "forked 0 (0%)" in done.stdout
    assert "+0.00 points" in done.stdout
