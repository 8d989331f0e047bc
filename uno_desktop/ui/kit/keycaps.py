"""Key caps: a key named in a text as `[K]` is drawn as a small key with K on it.

The keys are the same in every language (D draws, K keeps, C catches), but their letters
come from English words; written as "K behåll" the letter seems to belong to a word that
is not there. Drawn as a key, it reads as what it is: the key to press.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from uno_desktop.render import theme
from uno_desktop.render.fonts import font, text_size
from uno_desktop.ui.kit.text import RGB, current_floor, draw_text, text_image, wrap_words

#: a key in a text: `[D]`, `[Esc]` (a few characters between brackets)
KEY = re.compile(r"\[([^\[\]\s]{1,6})\]")
#: a key and the space after it (kept on one line with the word that follows)
KEY_SPACE = re.compile(r"(\[[^\[\]\s]{1,6}\]) ")


def keyed_parts(text: str) -> list[tuple[str, bool]]:
    """`text` as its pieces in order: (plain text, False) and (a key's name, True)."""
    parts: list[tuple[str, bool]] = []
    at = 0
    for m in KEY.finditer(text):
        if m.start() > at:
            parts.append((text[at : m.start()], False))
        parts.append((m.group(1), True))
        at = m.end()
    if at < len(text):
        parts.append((text[at:], False))
    return parts


def _cap_px(px: int) -> int:
    """A key's letter: bold, as large as the text around it (never below the floor)."""
    return max(current_floor(), px)


def _cap_size(key: str, px: int) -> tuple[int, int]:
    w, _h = text_size(font(_cap_px(px), bold=True), key)
    line = font(px).get_linesize()
    return (max(w + round(px * 0.6), line), line)


def keyed_width(text: str, px: int) -> int:
    """How wide `text` is drawn, its keys as caps."""
    f = font(px)
    return sum(
        _cap_size(piece, px)[0] if key else text_size(f, piece)[0]
        for piece, key in keyed_parts(text)
    )


def wrap_keyed(text: str, px: int, width: int) -> list[str]:
    """`text` wrapped to `width` as it is drawn, its keys as caps; a key stays on the
    line of the word it does (the space after it does not break)."""
    text = KEY_SPACE.sub("\\1\u00a0", text)
    return wrap_words(text, px, width, measure=lambda line: keyed_width(line, px))


def draw_keyed(
    surface: pygame.Surface,
    text: str,
    px: int,
    color: RGB = theme.TEXT_RGB,
    *,
    box: pygame.Rect | None = None,
    **anchor: Any,
) -> pygame.Rect:
    """One line at an anchor, each `[K]` drawn as a key cap; returns the rect drawn."""
    px = max(int(px), current_floor())
    h = font(px).get_linesize()
    rect = pygame.Rect(0, 0, keyed_width(text, px), h)
    setattr(rect, *next(iter((anchor or {"topleft": (0, 0)}).items())))
    x = rect.x
    for piece, key in keyed_parts(text):
        if not key:
            x = draw_text(surface, piece, px, color, box=box, midleft=(x, rect.centery)).right
            continue
        cap = pygame.Rect((0, 0), _cap_size(piece, px))
        cap.midleft = (x, rect.centery)
        radius = max(2, cap.h // 5)
        pygame.draw.rect(surface, theme.PANEL_RGB, cap, border_radius=radius)
        pygame.draw.rect(surface, color, cap, width=1, border_radius=radius)
        shade = cap.inflate(-2, -2)
        shade.h = max(1, cap.h // 8)
        shade.bottom = cap.bottom - 1
        pygame.draw.rect(surface, theme.PANEL_BORDER_RGB, shade)
        img = text_image(piece, _cap_px(px), color, True)
        ink = img.get_bounding_rect()  # the letters' own middle, not the line's
        at = (cap.centerx, cap.centery + img.get_rect().centery - ink.centery)
        draw_text(surface, piece, _cap_px(px), color, bold=True, box=box, center=at)
        x = cap.right
    return rect
