"""Text: translated when drawn, rendered once, and fitted by one rule.

A text that does not fit its width is drawn smaller, down to a floor, and only then
wrapped onto more lines; it is never cut short with an ellipsis (a name, a button or a
title must always be read whole).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from uno_desktop.i18n import _
from uno_desktop.render import theme
from uno_desktop.render.fonts import font

RGB = tuple[int, int, int]
#: a text: a msgid (translated when drawn) or a function giving the finished text
Text = str | Callable[[], str]
#: the smallest size any text is shrunk to, in pixels
FLOOR_PX = 10

_cache: dict[tuple[str, int, RGB, bool, bool], pygame.Surface] = {}


def text_of(text: Text) -> str:
    """The visible text now (translating msgids in the current language)."""
    return text() if callable(text) else _(text)


def text_image(
    text: str, px: int, color: RGB = theme.TEXT_RGB, bold: bool = False, heading: bool = False
) -> pygame.Surface:
    """One rendered line (cached: the same texts are drawn every frame)."""
    key = (text, int(px), (int(color[0]), int(color[1]), int(color[2])), bold, heading)
    img = _cache.get(key)
    if img is None:
        if len(_cache) > 600:
            _cache.clear()
        img = font(int(px), bold=bold, heading=heading).render(text, True, color)
        _cache[key] = img
    return img


def fit_px(
    text: str,
    px: int,
    width: int,
    *,
    bold: bool = False,
    floor: int = FLOOR_PX,
    heading: bool = False,
) -> int:
    """`px`, or smaller until `text` fits in `width` on one line (never below `floor`)."""
    px = max(floor, int(px))
    while px > floor and font(px, bold=bold, heading=heading).size(text)[0] > width:
        px = max(floor, int(px * 0.92))
    return px


def wrap_words(text: str, px: int, width: int, *, bold: bool = False) -> list[str]:
    """`text` split into lines no wider than `width` (paragraphs kept on "\\n"; a single
    word wider than `width` stays whole on its own line)."""
    f = font(int(px), bold=bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if not line or f.size(trial)[0] <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_lines(
    text: str,
    px: int,
    width: int,
    *,
    bold: bool = False,
    floor: int = FLOOR_PX,
    max_lines: int = 1,
) -> tuple[int, list[str]]:
    """The rule for every text in a box: shrink towards `floor` until it fits on one line;
    if it does not fit at the floor, wrap it at the largest size that needs at most
    `max_lines` lines (at the floor when none does)."""
    size = fit_px(text, px, width, bold=bold, floor=floor)
    if font(size, bold=bold).size(text)[0] <= width or max_lines <= 1:
        return size, [text]
    size = max(floor, int(px))
    while True:
        lines = wrap_words(text, size, width, bold=bold)
        if len(lines) <= max_lines or size <= floor:
            return size, lines
        size = max(floor, int(size * 0.92))


def draw_text(
    surface: pygame.Surface,
    text: str,
    px: int,
    color: RGB = theme.TEXT_RGB,
    *,
    bold: bool = False,
    shadow: bool = False,
    max_w: int | None = None,
    floor: int = FLOOR_PX,
    heading: bool = False,
    **anchor: Any,
) -> pygame.Rect:
    """Draw one line at an anchor (`center=`, `midleft=`, ...), shrunk to `max_w` when
    given (never below `floor`, never cut); `heading` sets it in the heading face.
    Returns the rect drawn."""
    if max_w is not None:
        px = fit_px(text, px, max_w, bold=bold, floor=floor, heading=heading)
    img = text_image(text, px, color, bold, heading)
    rect = img.get_rect(**(anchor or {"topleft": (0, 0)}))
    if shadow and text:
        sh = text_image(text, px, (0, 0, 0), bold, heading).copy()
        sh.set_alpha(100)
        off = max(1, px // 16)
        surface.blit(sh, rect.move(off, off))
    surface.blit(img, rect)
    return rect


def draw_lines(
    surface: pygame.Surface,
    lines: list[str],
    px: int,
    color: RGB,
    *,
    bold: bool = False,
    align: str = "center",
    x: int,
    top: int,
    line_h: int | None = None,
) -> int:
    """Draw wrapped lines from `top` (aligned left, centre or right on `x`); the y below."""
    step = line_h if line_h is not None else font(px, bold=bold).get_linesize()
    y = top
    anchor = {"center": "midtop", "left": "topleft", "right": "topright"}[align]
    for line in lines:
        place: dict[str, Any] = {anchor: (x, y)}
        draw_text(surface, line, px, color, bold=bold, **place)
        y += step
    return y
