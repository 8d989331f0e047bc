"""The first window's size: whole on the screen it opens on, title bar and panels included.

A window as large as the screen is not whole on it: the window manager adds a title bar
and borders, and the desktop keeps its panels, so Draw, Keep and the key hint would open
below the bottom edge of a 1024x600 or 1366x768 screen. SDL knows the usable area
(`SDL_GetDisplayUsableBounds`) but pygame-ce 2.5 offers only the whole desktop's size,
so a margin is kept for the decorations and panels instead.

The window opens at the size the player last gave it (a resize, kept at quit) if that
still fits; otherwise, and before the player ever sized it, at the largest of
`WINDOW_SIZES` that fits (the usable area itself on a screen smaller than all of them).
"""

from __future__ import annotations

import pygame

from uno_desktop.render.theme import BASE_SIZE
from uno_desktop.store.settings import MIN_WINDOW_SIZE, Settings, fit_window_size

#: the sizes a first window is chosen among, largest first: the design size (1280x720)
#: and steps above and below it, in its 16:9 shape
WINDOW_SIZES: tuple[tuple[int, int], ...] = tuple(
    (round(BASE_SIZE[0] * k), round(BASE_SIZE[1] * k)) for k in (1.5, 1.25, 1.0, 0.9, 0.8, 0.75)
)
#: room left for the window's borders (width) and its title bar and the panels (height)
DECORATION_MARGIN = (24, 96)


def usable_area(screen: tuple[int, int]) -> tuple[int, int]:
    """What a window's drawing area may take of a screen: the screen less the margin."""
    return (
        max(MIN_WINDOW_SIZE[0], screen[0] - DECORATION_MARGIN[0]),
        max(MIN_WINDOW_SIZE[1], screen[1] - DECORATION_MARGIN[1]),
    )


def _fits(size: tuple[int, int], area: tuple[int, int]) -> bool:
    return size[0] <= area[0] and size[1] <= area[1]


def first_window_size(settings: Settings, screen: tuple[int, int] | None) -> tuple[int, int]:
    """The size to open the window at on `screen` (None: no screen, drawing off-screen)."""
    if screen is None or screen[0] <= 0 or screen[1] <= 0:
        return fit_window_size(settings.window_size, None)
    area = usable_area(screen)
    if settings.window_size_chosen and _fits(settings.window_size, area):
        return fit_window_size(settings.window_size, None)
    for size in WINDOW_SIZES:
        if _fits(size, area):
            return size
    return fit_window_size(area, None)


def screen_size() -> tuple[int, int] | None:
    """The size of the screen a new window opens on (the first desktop), or None when
    drawing off-screen (the dummy driver of --smoke, tests and CI has no screen)."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        screens = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return screens[0] if screens else None
