"""The table's big moments in paint: the wooden edge in the active colour, the direction
ring round the piles (turning after a Reverse), and the banner across the felt.

Part of the table painter (`ui/table/paint/painter.py`); it paints only from a `TableFrame` and
keeps nothing but its finished pictures.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from uno_desktop.render import theme
from uno_desktop.render.layout import TableLayout
from uno_desktop.ui.kit import kept_layer, text_image
from uno_desktop.ui.moments import BannerFrame
from uno_desktop.ui.table.banner import banner_metrics, banner_rect, ring_rect, sub_lines
from uno_desktop.ui.table.frame import TableFrame


class MomentPainter:
    """Paints the edge, the direction ring and the banner of a frame (cached pictures)."""

    def __init__(self) -> None:
        self._tint: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._ring: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._banner: tuple[tuple[Any, ...], pygame.Surface] | None = None

    def draw_edge(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The table's wooden edge in the active colour (plain wood while none is set)."""
        if frame.active_color is None:
            return
        lay = frame.layout
        s = lay.scale
        radius = max(12, round(28 * s))
        rim = lay.table_rect.inflate(round(10 * s), round(10 * s))
        rgb = theme.COLOR_RGB[frame.active_color]
        dark = theme.COLOR_DARK_RGB[frame.active_color]
        band = max(3, round(5 * s))
        pygame.draw.rect(surface, dark, rim, band, border_radius=radius + 4)
        pygame.draw.rect(surface, rgb, rim, max(2, round(3 * s)), border_radius=radius + 4)
        key = (lay.table_rect.size, frame.active_color, s)
        if self._tint is None or self._tint[0] != key:
            # a soft band of the colour just inside the edge, as if the felt reflected it
            felt = pygame.Surface(lay.table_rect.size, pygame.SRCALPHA)
            steps = max(3, round(7 * s))
            for i in range(steps):
                alpha = round(110 * (1 - i / steps) ** 2)
                pygame.draw.rect(
                    felt, (*rgb, alpha), felt.get_rect().inflate(-2 * i, -2 * i), 1, radius - i
                )
            self._tint = (key, felt)
        surface.blit(self._tint[1], lay.table_rect)

    def draw_ring(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """A faint ring round the centre with arrowheads that go the way play goes; after
        a Reverse the arrowheads shrink, turn round and glide on the other way."""
        lay = frame.layout
        rect = ring_rect(lay)
        turn = frame.ring_turn
        key = (rect.topleft, rect.size, frame.direction, round(turn, 3))
        if self._ring is not None and self._ring[0] == key:
            surface.blit(self._ring[1], rect.inflate(40, 40))
            return
        s = lay.scale
        layer = pygame.Surface(rect.inflate(40, 40).size, pygame.SRCALPHA)
        oval = pygame.Rect(20, 20, rect.w, rect.h)
        glow = math.sin(math.pi * turn) if 0 < turn < 1 else 0.0
        line_alpha = round(60 + 120 * glow)
        pygame.draw.ellipse(layer, (255, 255, 255, line_alpha), oval, max(2, round(2 * s)))
        direction = frame.direction
        size = max(6.0, 11 * s)
        shift = 0.0
        if 0 < turn < 1:
            # the first half: the old arrows shrink; the second: the new ones grow and glide
            if turn < 0.5:
                direction = -direction
                size *= 1 - 2 * turn
            else:
                size *= 2 * turn - 1
            shift = -frame.direction * (math.pi / 4) * (1 - (1 - turn) ** 2)
        cx, cy = oval.center
        rx, ry = oval.w / 2, oval.h / 2
        for i in range(4):
            a = math.pi / 4 + i * math.pi / 2 + shift
            px, py = cx + rx * math.cos(a), cy - ry * math.sin(a)
            # clockwise on screen: the angle falls (y grows downwards)
            tx, ty = rx * math.sin(a) * direction, ry * math.cos(a) * direction
            norm = math.hypot(tx, ty) or 1.0
            tx, ty = tx / norm, ty / norm
            nx, ny = -ty, tx
            head = [
                (px + tx * size, py + ty * size),
                (px - tx * size * 0.7 + nx * size * 0.8, py - ty * size * 0.7 + ny * size * 0.8),
                (px - tx * size * 0.25, py - ty * size * 0.25),
                (px - tx * size * 0.7 - nx * size * 0.8, py - ty * size * 0.7 - ny * size * 0.8),
            ]
            if size >= 1:
                pygame.draw.polygon(layer, (255, 255, 255, round(150 + 100 * glow)), head)
        self._ring = (key, kept_layer(layer))
        surface.blit(layer, rect.inflate(40, 40))

    def draw_banner(
        self, surface: pygame.Surface, frame: TableFrame, b: BannerFrame
    ) -> pygame.Rect:
        """A big moment in `b.rect`, the free place the frame found for it (clear of the
        turn prompt and the cards in the air); only a picture, it never takes input.
        Returns the rect it covered."""
        lay = frame.layout
        img = self._banner_image(lay, b)
        k = 0.82 + 0.18 * b.grow
        if k < 0.999:
            img = pygame.transform.smoothscale(
                img, (max(1, round(img.get_width() * k)), max(1, round(img.get_height() * k)))
            )
        img.set_alpha(b.alpha)
        rect = b.rect if b.rect is not None else banner_rect(lay, img.get_size(), ())
        return surface.blit(img, img.get_rect(center=rect.center))

    def _banner_image(self, lay: TableLayout, b: BannerFrame) -> pygame.Surface:
        key = (lay.size, lay.table_rect.size, b.title, b.sub, b.rgb, id(lay))
        if self._banner is not None and self._banner[0] == key:
            return self._banner[1].copy()
        s = lay.scale
        pad_y = round(8 * s)
        title_px, sub_px, w, h = banner_metrics(lay, b.title, b.sub)
        light = 0.299 * b.rgb[0] + 0.587 * b.rgb[1] + 0.114 * b.rgb[2] > 150
        ink = theme.TEXT_DARK_RGB if light else theme.TEXT_RGB
        title = text_image(b.title, title_px, ink, bold=True)
        subs = [text_image(line, sub_px, ink) for line in sub_lines(lay, b.sub, sub_px)]
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        box = img.get_rect()
        pygame.draw.rect(img, (*b.rgb, 235), box, border_radius=round(h * 0.3))
        edge = (255, 255, 255, 220) if not light else (*theme.TEXT_DARK_RGB, 160)
        pygame.draw.rect(img, edge, box, max(2, round(3 * s)), border_radius=round(h * 0.3))
        img.blit(title, title.get_rect(midtop=(box.centerx, pad_y)))
        y = pad_y + title.get_height()
        for sub in subs:
            img.blit(sub, sub.get_rect(midtop=(box.centerx, y)))
            y += sub.get_height()
        self._banner = (key, img)
        return img.copy()
