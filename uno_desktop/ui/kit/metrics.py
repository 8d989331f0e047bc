"""How big everything is drawn: one scale from the window size and the UI-size setting.

Every screen is designed at 1280x720; `scale_for` says how much bigger (or smaller) to
draw it in the window at hand, times the player's UI size.
"""

from __future__ import annotations

from uno_desktop.render.theme import BASE_SIZE

__all__ = ["BASE_SIZE", "MAX_SCALE", "MIN_SCALE", "scale_for"]

MIN_SCALE = 0.45
MAX_SCALE = 3.0


def scale_for(size: tuple[int, int], ui_scale: float = 1.0) -> float:
    """How much bigger than the 1280x720 design everything is drawn."""
    s = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]) * ui_scale
    return max(MIN_SCALE, min(MAX_SCALE, s))
