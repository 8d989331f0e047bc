"""How big everything is drawn: one scale from the window size and the UI-size setting.

Every screen is designed at 1280x720; `scale_for` says how much bigger (or smaller) to
draw it in the window at hand, times the player's UI size.
"""

from __future__ import annotations

from collections.abc import Iterator

from uno_desktop.render.theme import BASE_SIZE

__all__ = [
    "BASE_SIZE",
    "FLOOR_BASE_PX",
    "FLOOR_MIN_PX",
    "MAX_SCALE",
    "MIN_SCALE",
    "fit_scales",
    "floor_px",
    "scale_for",
]

MIN_SCALE = 0.45
MAX_SCALE = 3.0


def scale_for(size: tuple[int, int], ui_scale: float = 1.0) -> float:
    """How much bigger than the 1280x720 design everything is drawn."""
    s = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]) * ui_scale
    return max(MIN_SCALE, min(MAX_SCALE, s))


#: the rungs a layout that does not fit steps down, in units of the window's own scale;
#: every UI size (0.85, 1.0, 1.15, 1.3) is a rung
FIT_RUNG = 0.025


def fit_scales(size: tuple[int, int], ui_scale: float = 1.0) -> Iterator[float]:
    """The scales a layout tries, largest first: `scale_for(size, ui_scale)`, then the
    rungs below it down to MIN_SCALE. The rungs are the same for every UI size, so a
    larger UI size tries every scale a smaller one may settle on and never ends smaller."""
    target = scale_for(size, ui_scale)
    yield target
    window = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])
    rung = int(target / (window * FIT_RUNG)) + 1
    while rung > 0:
        rung -= 1
        scale = max(MIN_SCALE, min(MAX_SCALE, window * round(rung * FIT_RUNG, 6)))
        if scale < target:
            yield scale
        if scale <= MIN_SCALE:
            return
    yield MIN_SCALE


#: the smallest text at the 1280x720 design size and the Normal UI size
FLOOR_BASE_PX = 14
#: the smallest text anywhere (1024x600, or a Small UI size on a small window)
FLOOR_MIN_PX = 11


def floor_px(size: tuple[int, int], ui_scale: float = 1.0) -> int:
    """The smallest text size allowed in a window of `size` at the player's UI size:
    14 px at 1280x720 (Normal), growing with the window and the UI size, never below 11."""
    window = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])
    return max(FLOOR_MIN_PX, round(FLOOR_BASE_PX * window * float(ui_scale)))
