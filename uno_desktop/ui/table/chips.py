"""The house rules at a glance: small chips at the top of the side panel's log, one per
rule in force that differs from the official rules; a click opens How to play at that
rule's section.

`chip_frames` lays the chips out (the painter draws them, input hit-tests the same rects):
a dim heading, then rows of chips; what does not fit in MAX_ROWS rows is one "N more" chip
that opens How to play at its top.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from uno_desktop.lang.i18n import _
from uno_desktop.render.layout import TableLayout
from uno_desktop.rules.house_rules import HouseRule
from uno_desktop.rules.options import Section
from uno_desktop.ui.kit import text_image

#: rows of chips at most; the rest are counted on a "+N" chip
MAX_ROWS = 4


@dataclass(frozen=True)
class ChipFrame:
    """One chip as drawn: its words, where it is, the section it opens (None: the top)."""

    text: str
    rect: pygame.Rect
    section: Section | None
    hover: bool = False
    focus: bool = False  # the keyboard's focus ring


@dataclass(frozen=True)
class Chips:
    """The house-rule chips of a frame, under their heading; `area` is the panel space
    they take (the log is drawn below it)."""

    heading: str
    heading_rect: pygame.Rect
    chips: tuple[ChipFrame, ...]
    area: pygame.Rect


def chip_px(lay: TableLayout) -> int:
    """The chips' text size: readable at 1024x600 (never below 11 px)."""
    return max(11, lay.font_px(0.72))


def chip_frames(
    lay: TableLayout, rules: list[HouseRule], hover: int | None = None, focus: int | None = None
) -> Chips | None:
    """The chips for `rules` at the top of the log's area (None: official rules, no chips).
    `hover` is the index of the chip under the pointer, `focus` the one the keys light."""
    if not rules:
        return None
    s = lay.scale
    px = chip_px(lay)
    box = lay.log_rect
    gap = max(3, round(5 * s))
    pad_x, pad_y = max(5, round(8 * s)), max(2, round(3 * s))
    heading = _("House rules")
    head_h = text_image(heading, px, (0, 0, 0)).get_height()
    heading_rect = pygame.Rect(box.x + gap, box.y, box.w - 2 * gap, head_h)
    chip_h = head_h + 2 * pad_y
    left, right = box.x + gap, box.right - gap

    def width(text: str) -> int:
        return min(text_image(text, px, (0, 0, 0)).get_width() + 2 * pad_x, right - left)

    def flow(widths: list[int]) -> list[pygame.Rect]:
        """Chips of `widths` left to right, a new row when one does not fit."""
        out: list[pygame.Rect] = []
        x, y = left, heading_rect.bottom + gap
        for w in widths:
            if x + w > right and x > left:
                x, y = left, y + chip_h + gap
            out.append(pygame.Rect(x, y, w, chip_h))
            x += w + gap
        return out

    def rows(rects: list[pygame.Rect]) -> int:
        return len({r.y for r in rects})

    items: list[tuple[str, Section | None]] = [(r.text, r.section) for r in rules]
    shown = items
    rects = flow([width(text) for text, _section in shown])
    kept = len(items)
    while rows(rects) > MAX_ROWS and kept > 0:  # the rest go on an "N more" chip
        kept -= 1
        shown = [*items[:kept], (_("{n} more").format(n=len(items) - kept), None)]
        rects = flow([width(text) for text, _section in shown])
    chips = tuple(
        ChipFrame(text, rect, section, hover == i, focus == i)
        for i, ((text, section), rect) in enumerate(zip(shown, rects))
    )
    bottom = max(c.rect.bottom for c in chips) + gap
    return Chips(heading, heading_rect, chips, pygame.Rect(box.x, box.y, box.w, bottom - box.y))
