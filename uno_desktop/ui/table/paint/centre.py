"""The centre of the table in paint: the draw pile, the discard pile with its tilted
cards, the penalty waiting on them, the colour in play and the direction of play.

Part of the table painter (`ui/table/paint/painter.py`); it paints only from a `TableFrame` and
keeps nothing but its finished pictures.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from uno_desktop.engine import Card, Color
from uno_desktop.lang.i18n import _
from uno_desktop.render import theme
from uno_desktop.render.cards import CardPainter
from uno_desktop.ui.kit import draw_fitted, draw_text
from uno_desktop.ui.table.frame import TableFrame
from uno_desktop.ui.table.paint.layer import Ink, pile_layers
from uno_desktop.ui.table.paint.marks import paint_penalty, paint_shadow


def discard_angle(index: int) -> float:
    """A small fixed tilt for the card at `index` of the discard pile (a loose, real pile)."""
    return float(((index * 47) % 29) - 14)


class CentrePainter:
    """Paints the piles and the markers of a frame (cached pictures)."""

    def __init__(self) -> None:
        self._rot_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._dir_cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def paint_pile(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter
    ) -> pygame.Rect:
        """The draw pile, a little stack thicker with more cards; returns the rect
        painted."""
        lay = frame.layout
        cw = lay.card_w
        pile = lay.draw_pile
        ink = Ink()
        layers = pile_layers(frame.pile_count)
        if layers:
            ink.add(paint_shadow(surface, cards, pile, cw))
            back = cards.back(cw)
            for i in range(layers):
                ink.add(surface.blit(back, pile.move(-i * max(1, cw // 40), -i * max(1, cw // 30))))
            top = pile.move(-(layers - 1) * max(1, cw // 40), -(layers - 1) * max(1, cw // 30))
            if frame.pile_glow:
                glow = cards.highlight(cw)
                ink.add(surface.blit(glow, glow.get_rect(center=top.center)))
                surface.blit(back, top)
        else:
            ink.add(
                pygame.draw.rect(surface, (255, 255, 255), pile, 2, border_radius=max(4, cw // 10))
            )
        return ink.rect

    def paint_pile_count(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter
    ) -> pygame.Rect:
        """How many cards the draw pile holds, under it; returns the rect painted."""
        lay = frame.layout
        count = str(max(0, frame.pile_count))
        return draw_fitted(
            surface, count, lay.font_px(0.8), theme.TEXT_DIM_RGB, lay.pile_count, valign="top"
        )

    def paint_discard(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter
    ) -> pygame.Rect:
        """The discard pile's last few cards, each with its own tilt, and the penalty
        waiting on them; returns the rect painted."""
        lay = frame.layout
        cw = lay.card_w
        disc = lay.discard_pile
        ink = Ink()
        if not frame.discard:
            ink.add(
                pygame.draw.rect(surface, (255, 255, 255), disc, 2, border_radius=max(4, cw // 10))
            )
        else:
            ink.add(paint_shadow(surface, cards, disc, cw))
            for index, card in frame.discard:
                img = self._rotated(cards, card, cw, discard_angle(index))
                ink.add(surface.blit(img, img.get_rect(center=disc.center)))
        if frame.penalty > 0:
            ink.add(paint_penalty(surface, lay, frame.penalty))
        return ink.rect

    def paint_markers(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter
    ) -> pygame.Rect:
        """The colour in play and the direction of play; returns the rect painted."""
        lay = frame.layout
        s = lay.scale
        cm = lay.color_marker
        ink = Ink()
        ink.add(
            pygame.draw.circle(
                surface, (0, 0, 0), (cm.centerx, cm.centery + round(3 * s)), cm.w // 2 + 2
            )
        )
        if frame.active_color is not None:
            sw = cards.color_swatch(frame.active_color, cm.w)
            ink.add(surface.blit(sw, sw.get_rect(center=cm.center)))
            ink.add(
                pygame.draw.circle(
                    surface, theme.TEXT_RGB, cm.center, cm.w // 2 + 2, max(2, round(3 * s))
                )
            )
        else:  # a wild start card: any colour goes until someone names one
            for i, color in enumerate(Color):
                ink.add(
                    pygame.draw.arc(
                        surface,
                        theme.COLOR_RGB[color],
                        cm,
                        i * math.pi / 2,
                        (i + 1) * math.pi / 2,
                        max(3, cm.w // 6),
                    )
                )
            ink.add(draw_text(surface, "?", round(cm.h * 0.6), bold=True, center=cm.center))
        ink.add(
            draw_fitted(
                surface,
                _("Colour"),
                lay.font_px(0.7),
                theme.TEXT_DIM_RGB,
                lay.color_label,
                valign="top",
            )
        )
        # the direction in words is the ring's job (a label here ran under the draw pile)
        ink.add(self._direction(surface, lay.direction_marker, frame.direction))
        return ink.rect

    def _direction(self, surface: pygame.Surface, rect: pygame.Rect, direction: int) -> pygame.Rect:
        cache = self._dir_cache
        key = (rect.size, direction)
        img = cache.get(key)
        if img is None:
            k = 3
            big = pygame.Surface((rect.w * k, rect.h * k), pygame.SRCALPHA)
            c = (rect.w * k / 2, rect.h * k / 2)
            r = rect.w * k * 0.36
            width = max(3, round(rect.w * k * 0.09))
            color = theme.TEXT_RGB
            for a0 in (0.0, math.pi):  # two arcs with arrowheads, like the printed card
                a1 = a0 + math.pi * 0.7
                pts = [
                    (
                        c[0] + r * math.cos(a0 + (a1 - a0) * i / 24),
                        c[1] - r * math.sin(a0 + (a1 - a0) * i / 24),
                    )
                    for i in range(25)
                ]
                if direction > 0:  # clockwise on screen: the arrow at the arc's start
                    pts.reverse()
                pygame.draw.lines(big, color, False, pts, width)
                tip_a = a1 if direction <= 0 else a0
                tip = (c[0] + r * math.cos(tip_a), c[1] - r * math.sin(tip_a))
                tangent = -1 if direction <= 0 else 1
                ta = tip_a - tangent * math.pi / 2
                dx, dy = math.cos(ta), -math.sin(ta)
                nx, ny = math.cos(tip_a), -math.sin(tip_a)
                size = width * 1.8
                head = [
                    (tip[0] + dx * size, tip[1] + dy * size),
                    (tip[0] + nx * size * 0.9, tip[1] + ny * size * 0.9),
                    (tip[0] - nx * size * 0.9, tip[1] - ny * size * 0.9),
                ]
                pygame.draw.polygon(big, color, head)
            img = cache[key] = pygame.transform.smoothscale(big, rect.size)
        disc = cache.get(rect.size)
        if disc is None:  # a soft shade under the arrows
            disc = cache[rect.size] = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.ellipse(disc, (0, 0, 0, 60), disc.get_rect())
        surface.blit(disc, rect)
        return surface.blit(img, rect)

    def _rotated(self, cards: CardPainter, card: Card, width: int, angle: float) -> pygame.Surface:
        cache = self._rot_cache
        key = (card.code, width, angle, id(cards), cards.colorblind)
        img = cache.get(key)
        if img is None:
            if len(cache) > 120:
                cache.clear()
            img = pygame.transform.rotozoom(cards.face(card, width), angle, 1.0)
            cache[key] = img
        return img
