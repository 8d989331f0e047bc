"""Where a banner goes: in a free band of the felt, clear of the turn prompt and of the
cards in the air.

The felt has two bands across its middle column: above the status line (below the seats
at the top) and below the piles (above the viewer's name). A banner is sized to fit them
both and put in the first of its places (a band's middle, then its left and right) that
crosses neither the prompt, nor another seat, nor the path of a card flying now; when
every place is crossed, the one crossed least.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from uno_desktop.render.layout import TableLayout
from uno_desktop.ui.kit import fit_px, text_image, wrap_words

#: the title's size in text lines of the layout, when the bands have room for it
TITLE_LINES = 2.7
SUB_LINES = 0.95


def ring_rect(lay: TableLayout) -> pygame.Rect:
    """The ellipse the direction ring runs on: round the piles and both markers."""
    cluster = lay.direction_marker.union(lay.color_marker)
    cluster.union_ip(lay.draw_pile)
    cluster.union_ip(lay.discard_pile)
    return cluster.inflate(round(lay.card_w * 1.3), round(lay.card_h * 0.34))


def prompt_rect(lay: TableLayout) -> pygame.Rect:
    """The turn prompt's band: the status line (or a hint's pill) across the felt."""
    felt = lay.table_rect
    pad = round(8 * lay.scale)  # a hint's pill is a little taller than the line
    return pygame.Rect(felt.x, lay.status_rect.y - pad, felt.w, lay.status_rect.h + 2 * pad)


def _gap(lay: TableLayout) -> int:
    return max(3, round(6 * lay.scale))


def _seat_areas(lay: TableLayout) -> list[pygame.Rect]:
    """Every seat's plate and cards but the viewer's (the viewer's name bounds a band)."""
    return [
        spot.name_rect.union(spot.cards_rect)
        for seat, spot in enumerate(lay.seats)
        if seat != lay.viewer
    ]


def _places(lay: TableLayout, w: int, h: int) -> list[pygame.Rect]:
    """Where a banner of w x h may go, best first: in the middle just above the prompt,
    then just below the piles; then at the left and the right of those two rows."""
    gap = _gap(lay)
    ring = ring_rect(lay)
    felt = lay.felt_frame
    rows = (prompt_rect(lay).y - gap - h, max(ring.bottom, prompt_rect(lay).bottom) + gap)
    middle = [pygame.Rect(ring.centerx - w // 2, y, w, h) for y in rows]
    sides = [pygame.Rect(x, y, w, h) for y in rows for x in (felt.x + gap, felt.right - gap - w)]
    return middle + sides


def _clear(lay: TableLayout, r: pygame.Rect) -> bool:
    """Whether `r` is on the felt and covers neither the prompt, nor a seat, nor the
    viewer's name."""
    if not lay.felt_frame.contains(r) or r.colliderect(prompt_rect(lay)):
        return False
    if r.colliderect(lay.seats[lay.viewer].name_rect):
        return False
    return not any(r.colliderect(a) for a in _seat_areas(lay))


def sub_lines(lay: TableLayout, sub: str, px: int) -> list[str]:
    """The line under a banner's title, wrapped to the felt (a house rule's text may be
    long: it is read by everyone, so it wraps rather than shrinks away)."""
    s = lay.scale
    width = lay.table_rect.w - round(24 * s) - 2 * round(28 * s)
    return wrap_words(sub, px, width) if sub else []


def banner_metrics(lay: TableLayout, title: str, sub: str) -> tuple[int, int, int, int]:
    """(title px, line px, width, height) of the biggest banner that has a clear place in
    the felt's middle (the title gives way first, down to 1.4 text lines; then the line,
    down to 11 px). The places at the sides are for when cards fly through the middle.
    A line too long for the felt even at 0.8 text lines wraps (`sub_lines`)."""
    s = lay.scale
    max_w = lay.table_rect.w - round(24 * s)
    pad_x, pad_y = round(28 * s), round(8 * s)
    title_px = fit_px(title, lay.font_px(TITLE_LINES), max_w - 2 * pad_x, bold=True)
    sub_px = fit_px(sub, lay.font_px(SUB_LINES), max_w - 2 * pad_x) if sub else 0
    sub_px = max(sub_px, min(lay.font_px(0.8), lay.font_px(SUB_LINES))) if sub else 0
    while True:
        t_img = text_image(title, title_px, (0, 0, 0), bold=True)
        s_imgs = [text_image(line, sub_px, (0, 0, 0)) for line in sub_lines(lay, sub, sub_px)]
        h = t_img.get_height() + sum(i.get_height() for i in s_imgs) + 2 * pad_y
        w = min(max([t_img.get_width(), *(i.get_width() for i in s_imgs)]) + 2 * pad_x, max_w)
        if any(_clear(lay, r) for r in _places(lay, w, h)[:2]):  # a middle place
            break
        if title_px > lay.font_px(1.4):
            title_px -= 2
        elif sub_px > 11:
            sub_px -= 1
        else:
            break
    return title_px, sub_px, w, h


def banner_rect(
    lay: TableLayout, size: tuple[int, int], flying: Sequence[pygame.Rect]
) -> pygame.Rect:
    """Where a banner of `size` goes while cards fly along `flying` (see the module)."""
    places = _places(lay, *size)
    clear = [r for r in places if _clear(lay, r)] or places[:1]

    def crossed(r: pygame.Rect) -> int:
        return sum(c.w * c.h for c in (r.clip(o) for o in flying if r.colliderect(o)))

    return min(clear, key=crossed)  # min keeps the first of equals: the best place
