"""Text: translated when drawn, rendered once, and fitted by one rule.

A text that does not fit its width is drawn smaller, down to a floor, and only then
wrapped onto more lines; it is never cut short with an ellipsis (a name, a button or a
title must always be read whole). The floor depends on the window and the UI size
(`metrics.floor_px`); each scene sets it with `use_floor` before it lays out or draws,
and no text is drawn below it. Any string is measured and drawn without raising (NUL,
a lone surrogate, a zero-width character alone): `fonts.render` and `fonts.text_size`.

`record_texts()` lets the layout tests see every text drawn through the kit: where it
landed, at what size, and the box it had to stay in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

import pygame

from uno_desktop.lang.i18n import _
from uno_desktop.render import theme
from uno_desktop.render.fonts import drawable, font, render, text_size
from uno_desktop.ui.kit.metrics import FLOOR_MIN_PX, floor_px

RGB = tuple[int, int, int]
#: a text: a msgid (translated when drawn) or a function giving the finished text
Text = str | Callable[[], str]
_cache: dict[tuple[str, int, RGB, bool, bool], pygame.Surface] = {}


class DrawnText(NamedTuple):
    """One line as drawn (for the layout tests): where, how big, and the room it had (a
    named tuple: cheap to declare before the first frame)."""

    text: str
    px: int
    rect: pygame.Rect
    floor: int
    #: the box the line must stay inside (None: only its surface)
    box: pygame.Rect | None
    #: the widest it may be (a `max_w` given to `draw_text`), None when not limited
    max_w: int | None
    surface_size: tuple[int, int]
    surface_id: int


class _State:
    floor = FLOOR_MIN_PX
    recording: list[DrawnText] | None = None


def use_floor(size: tuple[int, int], ui_scale: float = 1.0) -> int:
    """Set the floor for the texts laid out and drawn next (a window of `size`)."""
    _State.floor = floor_px(size, ui_scale)
    return _State.floor


def current_floor() -> int:
    """The smallest text size allowed now."""
    return _State.floor


def recording_texts() -> bool:
    """Whether a `record_texts` block is collecting (drawing must then go through the kit
    each time, not from a kept image)."""
    return _State.recording is not None


@contextmanager
def record_texts() -> Iterator[list[DrawnText]]:
    """Collect every line drawn through the kit while the block runs (layout tests)."""
    before = _State.recording
    out: list[DrawnText] = []
    _State.recording = out
    try:
        yield out
    finally:
        _State.recording = before


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
        img = render(font(int(px), bold=bold, heading=heading), text, color)
        _cache[key] = img
    return img


def fit_px(
    text: str,
    px: int,
    width: int,
    *,
    bold: bool = False,
    floor: int | None = None,
    heading: bool = False,
) -> int:
    """`px`, or smaller until `text` fits in `width` on one line (never below the floor)."""
    floor = current_floor() if floor is None else floor
    px = max(floor, int(px))
    while px > floor and text_size(font(px, bold=bold, heading=heading), text)[0] > width:
        px = max(floor, int(px * 0.92))
    return px


def wrap_words(
    text: str,
    px: int,
    width: int,
    *,
    bold: bool = False,
    heading: bool = False,
    measure: Callable[[str], int] | None = None,
) -> list[str]:
    """`text` split into lines no wider than `width` (paragraphs kept on "\\n"; a single
    word wider than `width` stays whole on its own line). `measure` gives a line's width
    where it is not drawn as plain text (key caps)."""
    f = font(int(px), bold=bold, heading=heading)
    width_of = measure or (lambda line: text_size(f, line)[0])
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if not line or width_of(trial) <= width:
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
    floor: int | None = None,
    max_lines: int = 1,
    heading: bool = False,
) -> tuple[int, list[str]]:
    """The rule for every text in a box: shrink towards the floor until it fits on one
    line; if it does not fit at the floor, wrap it at the largest size that needs at most
    `max_lines` lines (at the floor, on as many lines as it takes, when none does)."""
    floor = current_floor() if floor is None else floor
    size = fit_px(text, px, width, bold=bold, floor=floor, heading=heading)
    if "\n" not in text and text_size(font(size, bold=bold, heading=heading), text)[0] <= width:
        return size, [text]
    size = max(floor, int(px))
    while True:
        lines = wrap_words(text, size, width, bold=bold, heading=heading)
        if len(lines) <= max_lines or size <= floor:
            return size, lines
        size = max(floor, int(size * 0.92))


def line_step(px: int, *, bold: bool = False, heading: bool = False) -> int:
    """The distance from one wrapped line to the next at `px`."""
    return int(font(int(px), bold=bold, heading=heading).get_linesize())


def fitted_height(
    text: str, px: int, width: int, *, bold: bool = False, heading: bool = False
) -> int:
    """How tall `text` is once fitted to `width` (so a layout can give it the room)."""
    size, lines = fit_lines(text, px, width, bold=bold, heading=heading, max_lines=99)
    return line_step(size, bold=bold, heading=heading) * len(lines)


def draw_text(
    surface: pygame.Surface,
    text: str,
    px: int,
    color: RGB = theme.TEXT_RGB,
    *,
    bold: bool = False,
    shadow: bool = False,
    max_w: int | None = None,
    heading: bool = False,
    box: pygame.Rect | None = None,
    **anchor: Any,
) -> pygame.Rect:
    """Draw one line at an anchor (`center=`, `midleft=`, ...), shrunk to `max_w` when
    given (never below the floor, never cut; a size asked below the floor is raised to
    it); `heading` sets it in the heading face; `box` is the room it must stay in (for
    the layout tests). Returns the rect drawn."""
    floor = current_floor()
    px = max(int(px), floor)
    if max_w is not None:
        px = fit_px(text, px, max_w, bold=bold, floor=floor, heading=heading)
    img = text_image(text, px, color, bold, heading)
    rect = img.get_rect(**(anchor or {"topleft": (0, 0)}))
    if _State.recording is not None and text.strip():
        _State.recording.append(
            DrawnText(
                text,
                px,
                _ink(rect, text, px, bold, heading),
                floor,
                box,
                max_w,
                surface.get_size(),
                id(surface),
            )
        )
    if shadow and text:
        sh = text_image(text, px, (0, 0, 0), bold, heading).copy()
        sh.set_alpha(100)
        off = max(1, px // 16)
        surface.blit(sh, rect.move(off, off))
    surface.blit(img, rect)
    return rect


def _ink(rect: pygame.Rect, text: str, px: int, bold: bool, heading: bool) -> pygame.Rect:
    """The part of a line's rect its letters cover (without the font's leading)."""
    f = font(int(px), bold=bold, heading=heading)
    metrics = [m for m in f.metrics(drawable(text)) if m]
    top = max(0, f.get_ascent() - max((m[3] for m in metrics), default=0))
    bottom = min(rect.h, f.get_ascent() - min((m[2] for m in metrics), default=0))
    return pygame.Rect(rect.x, rect.y + top, rect.w, max(1, bottom - top))


def draw_fitted(
    surface: pygame.Surface,
    text: str,
    px: int,
    color: RGB,
    box: pygame.Rect,
    *,
    bold: bool = False,
    heading: bool = False,
    shadow: bool = False,
    align: str = "center",
    valign: str = "center",
) -> pygame.Rect:
    """Draw `text` inside `box` by the one rule: shrink to the floor, then wrap onto as
    many lines as the box holds. Returns the rect the lines cover."""
    step_at = 0
    size, lines = px, [text]
    for max_lines in range(1, 99):
        size, lines = fit_lines(text, px, box.w, bold=bold, heading=heading, max_lines=max_lines)
        step_at = line_step(size, bold=bold, heading=heading)
        if len(lines) <= max_lines and (step_at * len(lines) <= box.h or size <= current_floor()):
            break
    height = step_at * len(lines)
    top = {"top": box.y, "bottom": box.bottom - height}.get(valign, box.centery - height // 2)
    x = {"left": box.x, "right": box.right}.get(align, box.centerx)
    anchor = {"center": "midtop", "left": "topleft", "right": "topright"}[align]
    covered: pygame.Rect | None = None
    for i, line in enumerate(lines):
        place: dict[str, Any] = {anchor: (x, top + i * step_at)}
        r = draw_text(
            surface, line, size, color, bold=bold, heading=heading, shadow=shadow, box=box, **place
        )
        covered = r if covered is None else covered.union(r)
    return covered if covered is not None else pygame.Rect(box.topleft, (0, 0))


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
