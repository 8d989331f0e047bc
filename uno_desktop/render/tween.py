"""Easing curves and a small tween: a value that moves from start to end over time.

Time is stepped by the caller (`update(dt_s)`), never read from a clock, so tests
and replays are exact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import overload

Ease = Callable[[float], float]
Value = float | tuple[float, ...]


def _clamp01(t: float) -> float:
    return 0.0 if t <= 0.0 else 1.0 if t >= 1.0 else t


def linear(t: float) -> float:
    """Constant speed."""
    return _clamp01(t)


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing: the default for cards sliding into place."""
    t = _clamp01(t)
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Soft start and soft landing: for longer moves across the table."""
    t = _clamp01(t)
    if t < 0.5:
        return 4.0 * t * t * t
    return 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: for pops (a card landing, a button)."""
    t = _clamp01(t)
    c1 = 1.70158
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


@overload
def lerp(a: float, b: float, k: float) -> float: ...
@overload
def lerp(a: tuple[float, ...], b: tuple[float, ...], k: float) -> tuple[float, ...]: ...
@overload
def lerp(a: Value, b: Value, k: float) -> Value: ...
def lerp(a: Value, b: Value, k: float) -> Value:
    """Interpolate numbers or equal-length tuples of numbers."""
    if isinstance(a, tuple):
        assert isinstance(b, tuple) and len(a) == len(b), "start and end must match"
        return tuple(x + (y - x) * k for x, y in zip(a, b))
    assert not isinstance(b, tuple)
    return a + (b - a) * k


class Tween:
    """A value moving from `start` to `end` in `duration_s`, after `delay_s`.

    `value` is exactly `start` during the delay and exactly `end` once done.
    """

    def __init__(
        self,
        start: Value,
        end: Value,
        duration_s: float,
        ease: Ease = ease_out_cubic,
        delay_s: float = 0.0,
    ) -> None:
        if isinstance(start, tuple) != isinstance(end, tuple):
            raise TypeError("start and end must both be numbers or both tuples")
        if isinstance(start, tuple) and isinstance(end, tuple) and len(start) != len(end):
            raise ValueError("start and end tuples must have the same length")
        self.start = start
        self.end = end
        self.duration_s = max(0.0, float(duration_s))
        self.delay_s = max(0.0, float(delay_s))
        self.ease = ease
        self.elapsed_s = 0.0

    def update(self, dt_s: float) -> None:
        """Advance by `dt_s` seconds (negative steps are ignored)."""
        if dt_s > 0:
            self.elapsed_s += dt_s

    @property
    def progress(self) -> float:
        """Linear time progress 0..1 (before easing), 0 during the delay."""
        active = self.elapsed_s - self.delay_s
        if active <= 0.0:
            return 0.0
        if self.duration_s <= 0.0:
            return 1.0
        return min(1.0, active / self.duration_s)

    @property
    def done(self) -> bool:
        return self.elapsed_s + 1e-9 >= self.delay_s + self.duration_s

    @property
    def value(self) -> Value:
        if self.done:
            return self.end
        p = self.progress
        if p <= 0.0:
            return self.start
        return lerp(self.start, self.end, self.ease(p))

    def finish(self) -> None:
        """Jump to the end."""
        self.elapsed_s = max(self.elapsed_s, self.delay_s + self.duration_s)
