"""The bots decide as recorded on 2,000 fixed positions (`tests/ai/fixed_positions.py`).

Normal is checked everywhere; hard on every tenth position here (about 1.5 s), and on
all 2,000 (about 15 s) with `UNO_ALL_POSITIONS=1` or
`.venv/bin/python -m tests.ai.fixed_positions --check`, which also lists what changed.
"""

from __future__ import annotations

import functools
import os
import time
from collections import Counter

import pytest

from .fixed_positions import DATA, Position, decide, digest, load, where

# The decisions as recorded at 3fbd89e (before issue 18), on every position but CHANGED.
HARD_DIGEST = "4b12d70d38025890352b6331adeeeaf5cffc8bb39a972efc60a4742420e79809"
NORMAL_DIGEST = "4a799e34d1080fb391c441674f91a660bb695a4e7cc820fe0b8ef8c9f2694c8b"
# Positions where hard's choice changed on purpose since, with the choice it makes now
# (why: benchmarks/RESULTS.md, "Fixed positions").
CHANGED: dict[int, str] = {}


@functools.cache
def _positions(every: int) -> list[Position]:
    return load(every=every)


def _recorded(level: str) -> dict[int, str]:
    column = {"hard": 7, "normal": 8}[level]
    return {
        int(parts[1]): parts[column]
        for parts in (line.split() for line in DATA.read_text().splitlines())
        if parts and parts[0] == "pos"
    }


def _differences(level: str, positions: list[Position]) -> list[str]:
    now = decide(level, positions)
    return [
        f"{where(p)}: recorded {getattr(p, level)}, expected {want}, now {now[p.id]}"
        for p in positions
        if now[p.id]
        != (want := CHANGED.get(p.id, getattr(p, level)) if level == "hard" else p.normal)
    ]


def test_the_positions_cover_every_preset_and_table_size():
    cells = Counter((p.preset, p.players) for p in _positions(1))
    assert len(cells) == 12 and min(cells.values()) >= 125
    tags = Counter((p.players, p.tag) for p in _positions(1))
    assert tags[4, "table"] >= 700 and tags[3, "table"] >= 250 and tags[2, "heads-up"] >= 200


def test_the_recorded_decisions_are_the_digested_ones():
    assert digest(_recorded("hard"), leave_out=list(CHANGED)) == HARD_DIGEST
    assert digest(_recorded("normal")) == NORMAL_DIGEST
    recorded = _recorded("hard")
    assert all(recorded[i] != now for i, now in CHANGED.items()), "a change that is none"


def test_normal_decides_as_recorded_on_every_position():
    assert _differences("normal", _positions(1)) == []


def test_hard_decides_as_recorded_on_every_tenth_position():
    assert _differences("hard", _positions(10)) == []


@pytest.mark.slow
@pytest.mark.skipif(
    not os.environ.get("UNO_ALL_POSITIONS"), reason="about 15 s: set UNO_ALL_POSITIONS=1"
)
def test_hard_decides_as_recorded_on_all_positions():
    positions = _positions(1)
    now = decide("hard", positions)
    assert digest(now, leave_out=list(CHANGED)) == HARD_DIGEST, _differences("hard", positions)
    assert {i: now[i] for i in CHANGED} == CHANGED


def test_hard_decides_the_same_whatever_the_machine_load(monkeypatch):
    """A clock that jumps a second at every reading (a machine slowed to a crawl) must
    not change a single search's choice: the budget is counted, not timed."""
    searched = [p for p in _positions(10) if p.tag in ("table", "heads-up")][:60]
    seconds = [0.0]

    def crawling() -> float:
        seconds[0] += 1.0
        return seconds[0]

    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, crawling)
    now = decide("hard", searched)
    assert [now[p.id] for p in searched] == [CHANGED.get(p.id, p.hard) for p in searched]
