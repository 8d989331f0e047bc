"""The areas of the window a frame changed, and showing only those (DESIGN.md: rendering).

A scene's `draw` returns the areas of the window it changed since its last frame, or None
when it does not know them (the whole window). The window then shows only those areas
(`pygame.display.update(rects)`): a real display copies far fewer pixels than a whole
`flip()` when only a few cards move. Whenever what the window shows may differ from the
surface outside those areas (the first frame, an expose, a resize, another scene on
top), the next frame is shown whole.

On X11 the window's pixels go to the X server as they are (shared memory): SDL's
default there, an OpenGL texture drawn and presented whole every frame, would show the
whole window however little changed (`use_x11_framebuffer`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable

import pygame

#: areas covering more than this share of the window are shown (or painted) whole
MOST_OF_THE_WINDOW = 0.6
#: SDL's hint for the window's framebuffer (`SDL_HINT_FRAMEBUFFER_ACCELERATION`)
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def use_x11_framebuffer() -> None:
    """Before the window opens: on X11, let SDL hand the X server the window's own
    pixels, so an update of a few rects sends only those (a value the player set is
    kept). Elsewhere SDL's choice stands: some systems have no other framebuffer."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault(FRAMEBUFFER_HINT, "0")


def joined(areas: Iterable[pygame.Rect], size: tuple[int, int]) -> list[pygame.Rect]:
    """`areas` within a window of `size`, overlapping ones joined into one rect."""
    window = pygame.Rect((0, 0), size)
    out: list[pygame.Rect] = []
    for area in areas:
        area = area.clip(window)
        if area.w <= 0 or area.h <= 0:
            continue
        while (i := area.collidelist(out)) >= 0:
            area = area.union(out.pop(i))
        out.append(area)
    return out


def covers_most(areas: list[pygame.Rect], size: tuple[int, int]) -> bool:
    """Whether joined `areas` cover most of the window (one whole pass is then cheaper)."""
    return sum(a.w * a.h for a in areas) > MOST_OF_THE_WINDOW * size[0] * size[1]


class WindowShow:
    """Shows each drawn frame in the window: only its changed areas when they are known
    and small, else the whole window."""

    def __init__(self) -> None:
        self._whole = True  # nothing shown yet
        #: what the last frame showed: the rects updated, or None for the whole window
        self.last: list[pygame.Rect] | None = None

    def forget(self) -> None:
        """Show the next frame whole: the window may not show what the surface holds
        (exposed, resized, full screen switched, a new surface or scene stack)."""
        self._whole = True

    def show(self, areas: list[pygame.Rect] | None, size: tuple[int, int]) -> None:
        """Show the frame just drawn on the display surface of `size`, given the areas it
        changed (None: unknown)."""
        rects = None if self._whole or areas is None else joined(areas, size)
        if rects is not None and covers_most(rects, size):
            rects = None
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)
        self._whole = False
        self.last = rects
