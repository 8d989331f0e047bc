"""The other seats in paint: each one's name plate with its score, its cards face down
with their count, its UNO! badge and its thinking dots; and the ring round a seat a
picker points at.

Part of the table painter (`ui/table/paint/painter.py`); it paints only from a `TableFrame` and
keeps nothing but its finished pictures.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from uno_desktop.lang.i18n import integer
from uno_desktop.render import theme
from uno_desktop.render.cards import CardPainter
from uno_desktop.render.layout import TableLayout
from uno_desktop.ui.kit import draw_text, text_image
from uno_desktop.ui.table.frame import SeatFrame, TableFrame
from uno_desktop.ui.table.paint.layer import Ink
from uno_desktop.ui.table.paint.marks import paint_key_cap, paint_phone_mark, paint_uno_badge

#: backs drawn in another seat's strip at most (the count says the rest)
MAX_BACKS = 10


class SeatPainter:
    """Paints seats' plates and card strips (cached pictures)."""

    def __init__(self) -> None:
        self._plate_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._strip_cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def paint(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter, seat: SeatFrame
    ) -> pygame.Rect:
        """Another seat: its plate and its cards face down; returns the rect painted."""
        lay = frame.layout
        spot = lay.seats[seat.seat]
        ink = Ink()
        ink.add(self.plate(surface, lay, seat))
        area = spot.cards_rect
        n = seat.count
        sw = lay.small_card_w
        shown_n = min(n, MAX_BACKS)
        if shown_n:
            badge_w = round(sw * 0.9)
            room = area.w - badge_w
            step = min(sw * 0.55, (room - sw) / max(1, shown_n - 1)) if shown_n > 1 else 0
            total = sw + step * (shown_n - 1)
            x0 = area.x + (room - total) / 2
            ink.add(surface.blit(self._strip(cards, sw, shown_n, step), (round(x0), area.y)))
            bx = round(x0 + total + badge_w * 0.45)
        else:
            bx = area.centerx
        # the card count
        r = max(9, round(sw * 0.36))
        cy = area.bottom - r
        ink.add(pygame.draw.circle(surface, (0, 0, 0), (bx + 1, cy + 2), r))
        ink.add(pygame.draw.circle(surface, theme.TEXT_RGB, (bx, cy), r))
        ink.add(
            draw_text(
                surface,
                str(n),
                round(r * 1.35),
                theme.TEXT_DARK_RGB,
                bold=True,
                center=(bx, cy + 1),
            )
        )
        if seat.uno and n == 1:
            ink.add(paint_uno_badge(surface, lay, (area.centerx, area.top + r)))
        if seat.thinking:
            at = (spot.name_rect.centerx, spot.name_rect.bottom)
            ink.add(self.dots(surface, lay, frame.time_s, at))
        return ink.rect

    def light(self, surface: pygame.Surface, lay: TableLayout, seat: int) -> None:
        """A thick glowing frame round a seat's plate and cards: who a picker points at."""
        if not 0 <= seat < len(lay.seats):
            return
        spot = lay.seats[seat]
        area = spot.name_rect if seat == lay.viewer else spot.name_rect.union(spot.cards_rect)
        s = lay.scale
        ring = area.inflate(round(14 * s), round(12 * s))
        width = max(3, round(4 * s))
        radius = max(8, round(14 * s))
        pygame.draw.rect(surface, (0, 0, 0), ring.inflate(4, 4), width + 4, radius + 2)
        pygame.draw.rect(surface, theme.HIGHLIGHT_RGB, ring, width, radius)

    def dots(
        self, surface: pygame.Surface, lay: TableLayout, t: float, at: tuple[int, int]
    ) -> pygame.Rect:
        """Three dots that pulse in turn while a computer thinks (the rect they cover)."""
        r = max(2, round(3.5 * lay.scale))
        ink = Ink()
        for i in range(3):
            k = 0.5 + 0.5 * math.sin(t * 6 - i * 0.9)
            col = tuple(
                round(a + (b - a) * k) for a, b in zip(theme.TEXT_DIM_RGB, theme.ACCENT_RGB)
            )
            ink.add(pygame.draw.circle(surface, col, (at[0] + (i - 1) * r * 3, at[1] + r * 2), r))
        return ink.rect

    def plate(self, surface: pygame.Surface, lay: TableLayout, seat: SeatFrame) -> pygame.Rect:
        """A seat's name plate with its score; returns the rect painted (a name too long
        for the plate runs past it, whole)."""
        rect = lay.seats[seat.seat].name_rect
        s = lay.scale
        radius = rect.h // 2
        painted = surface.blit(self._plate_image(rect.size, seat.current, s), rect)
        px = lay.font_px(0.85)
        score_img = text_image(
            integer(seat.score),
            px,
            theme.ACCENT_RGB if not seat.current else theme.TEXT_RGB,
            bold=True,
        )
        pad = max(6, radius // 2)
        painted.union_ip(
            surface.blit(score_img, score_img.get_rect(midright=(rect.right - pad, rect.centery)))
        )
        left = rect.x + pad
        if seat.phone is not None:
            spot = lay.seats[seat.seat]
            # the words go under the plate, or under the card strip of a seat across
            under = rect.bottom if seat.seat == lay.viewer else spot.cards_rect.bottom
            left, mark = paint_phone_mark(
                surface, lay, rect, left, under, seat.phone, stand_in=seat.stand_in
            )
            painted.union_ip(mark)
        if seat.key is not None:
            left, cap = paint_key_cap(surface, seat.key, rect, left, px)
            painted.union_ip(cap)
        name = draw_text(
            surface,
            seat.name,
            px,
            theme.TEXT_RGB,
            bold=True,
            midleft=(left, rect.centery),
            max_w=rect.right - pad - score_img.get_width() - pad // 2 - left,
        )
        return painted.union(name)

    def _plate_image(self, size: tuple[int, int], current: bool, s: float) -> pygame.Surface:
        """A seat's name plate (cached: ten of them are drawn every frame)."""
        cache = self._plate_cache
        key = (size, current, s)
        plate = cache.get(key)
        if plate is None:
            if len(cache) > 16:
                cache.clear()
            radius = size[1] // 2
            plate = pygame.Surface(size, pygame.SRCALPHA)
            fill = (*theme.PANEL_RGB, 220) if not current else (*theme.ACCENT_DARK_RGB, 235)
            pygame.draw.rect(plate, fill, plate.get_rect(), border_radius=radius)
            if current:
                width = max(2, round(2 * s))
                pygame.draw.rect(
                    plate, (*theme.ACCENT_RGB, 255), plate.get_rect(), width, border_radius=radius
                )
            cache[key] = plate
        return plate

    def _strip(self, cards: CardPainter, sw: int, count: int, step: float) -> pygame.Surface:
        """`count` backs fanned by `step` pixels, as one picture (cached per count)."""
        cache = self._strip_cache
        key = (sw, count, round(step, 2), id(cards), cards.colorblind)
        img = cache.get(key)
        if img is None:
            if len(cache) > 64:
                cache.clear()
            back = cards.back(sw)
            width = round(sw + step * (count - 1)) + 1
            img = pygame.Surface((width, back.get_height()), pygame.SRCALPHA)
            for i in range(count):
                img.blit(back, (round(i * step), 0))
            cache[key] = img
        return img
