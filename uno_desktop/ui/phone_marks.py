"""The mark of a phone seat's link, drawn the same on the join panel and the table: a
filled dot when its phone is connected, a hollow ring when not. Told apart by shape as
well as colour (colour-blind safe); the words beside it are the caller's."""

from __future__ import annotations

import pygame

from uno_desktop.render import theme

JOINED_RGB = theme.SUCCESS_RGB
WAITING_RGB = theme.TEXT_DIM_RGB


def draw_status_mark(
    surface: pygame.Surface, center: tuple[int, int], radius: int, joined: bool
) -> None:
    """A filled dot (joined) or a hollow ring (waiting) of `radius` at `center`."""
    if joined:
        pygame.draw.circle(surface, JOINED_RGB, center, radius)
    else:
        pygame.draw.circle(surface, WAITING_RGB, center, radius, max(1, radius // 3))
