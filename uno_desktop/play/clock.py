"""Clocks for the match controller: the real one and one that tests step by hand.

Kept apart from play/match.py so the window can get its clock at start-up without loading
the engine (the match re-exports these names).
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Where the match reads the time; injected so tests control it."""

    def now_s(self) -> float: ...


class MonotonicClock:
    """The real clock for the running game."""

    def now_s(self) -> float:
        return time.monotonic()


class ManualClock:
    """A clock that moves only when told: tests step time by hand."""

    def __init__(self, start_s: float = 0.0) -> None:
        self._now_s = float(start_s)

    def now_s(self) -> float:
        return self._now_s

    def advance(self, dt_s: float) -> None:
        if dt_s < 0:
            raise ValueError(f"a clock cannot go back ({dt_s} s)")
        self._now_s += dt_s
