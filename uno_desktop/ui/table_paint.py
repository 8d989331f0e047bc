"""The table's picture: a `TableFrame` painted onto a surface.

The table scene decides what one viewer may see and builds a frozen `TableFrame` of it
(`ui/table_frame.py`: layout, seats, the bottom hand as drawn, piles, markers, side panel,
buttons, cards in flight); the painter only paints that value. `TablePainter` paints the
felt, the piles, the seats and the bottom hand, and hands the big moments to
`MomentPainter` (`ui/table_paint_moments.py`) and the side panel, status line and toast
to `PanelPainter` (`ui/table_paint_panel.py`). They keep nothing between frames but
caches of finished pictures, so the same frame always gives the same pixels. None of
them imports anything from the scenes.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from uno_desktop.engine import Card, Color
from uno_desktop.i18n import _, integer
from uno_desktop.render import theme
from uno_desktop.render.animator import draw_sprites
from uno_desktop.render.cards import CardPainter
from uno_desktop.render.layout import TableLayout
from uno_desktop.ui.kit import draw_fitted, draw_panel, draw_text, text_image
from uno_desktop.ui.table_frame import SeatFrame, TableFrame
from uno_desktop.ui.table_paint_marks import (
    paint_chips,
    paint_dragged,
    paint_jump_in,
    paint_penalty,
    paint_phone_mark,
    paint_uno_badge,
)
from uno_desktop.ui.table_paint_moments import MomentPainter
from uno_desktop.ui.table_paint_panel import PanelPainter, paint_hint

#: backs drawn in another seat's strip at most (the count says the rest)
MAX_BACKS = 10


def discard_angle(index: int) -> float:
    """A small fixed tilt for the card at `index` of the discard pile (a loose, real pile)."""
    return float(((index * 47) % 29) - 14)


class TablePainter:
    """Paints `TableFrame`s (one per table: the caches fit its seats and sizes)."""

    def __init__(self) -> None:
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[Any, ...] | None = None
        self._rot_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._dir_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._plate_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._strip_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._dimmer: pygame.Surface | None = None
        self.moments = MomentPainter()
        self.panel = PanelPainter()

    def forget_background(self) -> None:
        """Build the felt again on the next frame (the window was resized)."""
        self._bg = None

    def paint(self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter) -> None:
        """Paint the whole table of `frame` onto `surface`."""
        lay = frame.layout
        surface.blit(self._background(lay), (0, 0))
        self.moments.draw_edge(surface, frame)
        self.moments.draw_ring(surface, frame)
        self._draw_piles(surface, frame, cards)
        if frame.penalty > 0:
            paint_penalty(surface, frame.layout, frame.penalty)
        self._draw_markers(surface, frame, cards)
        for seat in frame.seats:
            if seat.seat != frame.bottom:
                self._draw_seat(surface, frame, cards, seat)
        self._draw_bottom(surface, frame, cards)
        if frame.drag is not None:
            paint_dragged(surface, cards, frame.drag)
        if frame.lit_seat is not None:
            self._light_seat(surface, frame.layout, frame.lit_seat)
        self.panel.draw_panel(surface, frame)
        if frame.chips is not None:
            paint_chips(surface, lay, frame.chips)
        if frame.hint:
            lay = frame.layout
            paint_hint(
                surface,
                frame.hint,
                lay.font_px(1.0),
                lay.status_rect.center,
                lay.table_rect.w - round(16 * lay.scale),
                lay.scale,
            )
        else:
            self.panel.draw_status(surface, frame)
        draw_sprites(surface, frame.sprites)
        if frame.toast:
            self.panel.draw_toast(surface, frame)
        if frame.banner is not None:
            self.moments.draw_banner(surface, frame, frame.banner)

    def _background(self, lay: TableLayout) -> pygame.Surface:
        key = (lay.size, lay.table_rect.topleft, lay.table_rect.size, lay.panel_rect.size)
        if self._bg is not None and self._bg_key == key:
            return self._bg
        w, h = lay.size
        bg = pygame.Surface((w, h))
        bg.fill((12, 40, 30))
        # the felt: a soft light in the middle, darker towards the rim (smoothscaled)
        felt = lay.table_rect
        small = pygame.Surface((48, 32))
        light, dark = theme.TABLE_LIGHT_RGB, theme.TABLE_DARK_RGB
        for y in range(32):
            for x in range(48):
                dx, dy = (x - 23.5) / 24, (y - 15.5) / 16
                t = min(1.0, math.sqrt(dx * dx + dy * dy) / 1.25)
                t = t * t
                small.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in zip(light, dark)))
        grad = pygame.transform.smoothscale(small, felt.size)
        radius = max(12, round(28 * lay.scale))
        mask = pygame.Surface(felt.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        if pygame.display.get_surface() is not None:
            grad = grad.convert_alpha()
        else:
            alpha = pygame.Surface(felt.size, pygame.SRCALPHA)
            alpha.blit(grad, (0, 0))
            grad = alpha
        grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        rim = felt.inflate(round(10 * lay.scale), round(10 * lay.scale))
        pygame.draw.rect(bg, (70, 44, 26), rim, border_radius=radius + 4)
        pygame.draw.rect(
            bg, (104, 68, 40), rim, max(2, round(3 * lay.scale)), border_radius=radius + 4
        )
        bg.blit(grad, felt)
        inner = lay.felt_frame
        pygame.draw.rect(bg, (255, 255, 255), inner, 1, border_radius=radius)
        # a faint oval where the piles sit
        centre = lay.draw_pile.union(lay.discard_pile).inflate(
            round(lay.card_w * 1.4), round(lay.card_w * 0.5)
        )
        oval = pygame.Surface(centre.size, pygame.SRCALPHA)
        pygame.draw.ellipse(oval, (255, 255, 255, 16), oval.get_rect())
        pygame.draw.ellipse(oval, (255, 255, 255, 34), oval.get_rect(), 2)
        bg.blit(oval, centre)
        s = lay.scale
        draw_panel(bg, lay.panel_rect.inflate(round(8 * s), round(8 * s)), s, alpha=200)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            bg = bg.convert()
        self._bg, self._bg_key = bg, key
        return bg

    # -- centre

    def _shadow(
        self,
        surface: pygame.Surface,
        cards: CardPainter,
        rect: pygame.Rect,
        width: int,
        lift: float = 1.0,
    ) -> None:
        img = cards.shadow(width)
        off = round(max(2, width * 0.05) * lift)
        surface.blit(img, img.get_rect(center=(rect.centerx + off // 2, rect.centery + off)))

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

    def _draw_piles(self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter) -> None:
        lay = frame.layout
        cw = lay.card_w
        # draw pile: a little stack, thicker with more cards
        pile = lay.draw_pile
        layers = 0 if frame.pile_count <= 0 else min(4, 1 + frame.pile_count // 25)
        if layers:
            self._shadow(surface, cards, pile, cw)
            back = cards.back(cw)
            for i in range(layers):
                surface.blit(back, pile.move(-i * max(1, cw // 40), -i * max(1, cw // 30)))
            top = pile.move(-(layers - 1) * max(1, cw // 40), -(layers - 1) * max(1, cw // 30))
            if frame.pile_glow:
                glow = cards.highlight(cw)
                surface.blit(glow, glow.get_rect(center=top.center))
                surface.blit(back, top)
        else:
            pygame.draw.rect(surface, (255, 255, 255), pile, 2, border_radius=max(4, cw // 10))
        draw_fitted(
            surface,
            str(max(0, frame.pile_count)),
            lay.font_px(0.8),
            theme.TEXT_DIM_RGB,
            lay.pile_count,
            valign="top",
        )
        # discard pile: the last few cards, each with its own tilt
        disc = lay.discard_pile
        if not frame.discard:
            pygame.draw.rect(surface, (255, 255, 255), disc, 2, border_radius=max(4, cw // 10))
            return
        self._shadow(surface, cards, disc, cw)
        for index, card in frame.discard:
            img = self._rotated(cards, card, cw, discard_angle(index))
            surface.blit(img, img.get_rect(center=disc.center))

    def _draw_markers(self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter) -> None:
        lay = frame.layout
        s = lay.scale
        cm = lay.color_marker
        pygame.draw.circle(
            surface, (0, 0, 0), (cm.centerx, cm.centery + round(3 * s)), cm.w // 2 + 2
        )
        if frame.active_color is not None:
            sw = cards.color_swatch(frame.active_color, cm.w)
            surface.blit(sw, sw.get_rect(center=cm.center))
            pygame.draw.circle(
                surface, theme.TEXT_RGB, cm.center, cm.w // 2 + 2, max(2, round(3 * s))
            )
        else:  # a wild start card: any colour goes until someone names one
            for i, color in enumerate(Color):
                pygame.draw.arc(
                    surface,
                    theme.COLOR_RGB[color],
                    cm,
                    i * math.pi / 2,
                    (i + 1) * math.pi / 2,
                    max(3, cm.w // 6),
                )
            draw_text(surface, "?", round(cm.h * 0.6), bold=True, center=cm.center)
        draw_fitted(
            surface,
            _("Colour"),
            lay.font_px(0.7),
            theme.TEXT_DIM_RGB,
            lay.color_label,
            valign="top",
        )
        # the direction in words is the ring's job (a label here ran under the draw pile)
        self._draw_direction(surface, lay.direction_marker, frame.direction)

    def _draw_direction(self, surface: pygame.Surface, rect: pygame.Rect, direction: int) -> None:
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
            img = pygame.transform.smoothscale(big, rect.size)
            cache[key] = img
        disc = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.ellipse(disc, (0, 0, 0, 60), disc.get_rect())
        surface.blit(disc, rect)
        surface.blit(img, rect)

    # -- seats

    def _plate(self, surface: pygame.Surface, lay: TableLayout, seat: SeatFrame) -> None:
        rect = lay.seats[seat.seat].name_rect
        s = lay.scale
        radius = rect.h // 2
        surface.blit(self._plate_image(rect.size, seat.current, s), rect)
        px = lay.font_px(0.85)
        score_img = text_image(
            integer(seat.score),
            px,
            theme.ACCENT_RGB if not seat.current else theme.TEXT_RGB,
            bold=True,
        )
        pad = max(6, radius // 2)
        surface.blit(score_img, score_img.get_rect(midright=(rect.right - pad, rect.centery)))
        left = rect.x + pad
        if seat.phone is not None:
            spot = lay.seats[seat.seat]
            # the words go under the plate, or under the card strip of a seat across
            under = rect.bottom if seat.seat == lay.viewer else spot.cards_rect.bottom
            left = paint_phone_mark(surface, lay, rect, left, under, seat.phone)
        draw_text(
            surface,
            seat.name,
            px,
            theme.TEXT_RGB,
            bold=True,
            midleft=(left, rect.centery),
            max_w=rect.right - pad - score_img.get_width() - pad // 2 - left,
        )

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

    def _draw_seat(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter, seat: SeatFrame
    ) -> None:
        lay = frame.layout
        spot = lay.seats[seat.seat]
        self._plate(surface, lay, seat)
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
            surface.blit(self._strip(cards, sw, shown_n, step), (round(x0), area.y))
            bx = round(x0 + total + badge_w * 0.45)
        else:
            bx = area.centerx
        # the card count
        r = max(9, round(sw * 0.36))
        cy = area.bottom - r
        pygame.draw.circle(surface, (0, 0, 0), (bx + 1, cy + 2), r)
        pygame.draw.circle(surface, theme.TEXT_RGB, (bx, cy), r)
        draw_text(
            surface, str(n), round(r * 1.35), theme.TEXT_DARK_RGB, bold=True, center=(bx, cy + 1)
        )
        if seat.uno and n == 1:
            paint_uno_badge(surface, lay, (area.centerx, area.top + r))
        if seat.thinking:
            self._dots(surface, lay, frame.time_s, (spot.name_rect.centerx, spot.name_rect.bottom))

    def _light_seat(self, surface: pygame.Surface, lay: TableLayout, seat: int) -> None:
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

    def _dots(
        self, surface: pygame.Surface, lay: TableLayout, t: float, at: tuple[int, int]
    ) -> None:
        r = max(2, round(3.5 * lay.scale))
        for i in range(3):
            k = 0.5 + 0.5 * math.sin(t * 6 - i * 0.9)
            col = tuple(
                round(a + (b - a) * k) for a, b in zip(theme.TEXT_DIM_RGB, theme.ACCENT_RGB)
            )
            pygame.draw.circle(surface, col, (at[0] + (i - 1) * r * 3, at[1] + r * 2), r)

    def _draw_bottom(self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter) -> None:
        lay = frame.layout
        seat = frame.seats[frame.bottom]
        spot = lay.seats[frame.bottom]
        self._plate(surface, lay, seat)
        if seat.uno and seat.count == 1:
            paint_uno_badge(
                surface, lay, (spot.name_rect.right + round(34 * lay.scale), spot.name_rect.centery)
            )
        if not frame.hand:
            return
        cw = frame.hand[0].rect.w
        dimmer = self._dimmer
        if dimmer is None or dimmer.get_width() != cw:
            dimmer = pygame.Surface(frame.hand[0].rect.size, pygame.SRCALPHA)
            pygame.draw.rect(
                dimmer, (10, 20, 16, 120), dimmer.get_rect(), border_radius=max(3, cw // 10)
            )
            self._dimmer = dimmer
        lowest = max(h.rect.y for h in frame.hand)
        for h in frame.hand:
            rect = h.rect
            self._shadow(surface, cards, rect, cw, 1.6 if rect.y < lowest else 1.0)
            if h.card is None:
                surface.blit(cards.back(cw), rect)
                continue
            if h.playable or h.hinted:
                color = theme.HIGHLIGHT_RGB
                if h.hinted:
                    color = theme.HINT_RGB
                elif h.bluff:
                    color = theme.DANGER_RGB
                glow = cards.highlight(cw, color)
                surface.blit(glow, glow.get_rect(center=rect.center))
            if h.fresh > 0:
                self._fresh_glow(surface, cards, rect, cw, h.fresh)
            surface.blit(cards.face(h.card, cw), rect)
            if h.dimmed:
                surface.blit(dimmer, rect)
            if h.hinted:
                pygame.draw.rect(
                    surface,
                    theme.HINT_RGB,
                    rect.inflate(round(16 * lay.scale), round(16 * lay.scale)),
                    max(4, round(5 * lay.scale)),
                    border_radius=max(5, cw // 8),
                )
            if h.jump_in:
                paint_jump_in(surface, lay, rect)
            if h.focused:
                pygame.draw.rect(
                    surface,
                    theme.ACCENT_RGB,
                    rect.inflate(6, 6),
                    max(2, round(3 * lay.scale)),
                    border_radius=max(4, cw // 9),
                )

    @staticmethod
    def _fresh_glow(
        surface: pygame.Surface, cards: CardPainter, rect: pygame.Rect, cw: int, k: float
    ) -> None:
        """A card new to the hand: a bright glow round it that fades as it gets old."""
        glow = cards.highlight(cw, theme.SUCCESS_RGB).copy()
        glow.set_alpha(round(255 * k))
        surface.blit(glow, glow.get_rect(center=rect.center))
        pad = max(4, cw // 14)
        ring = pygame.Surface(rect.inflate(2 * pad, 2 * pad).size, pygame.SRCALPHA)
        pygame.draw.rect(
            ring,
            (*theme.SUCCESS_RGB, round(255 * k)),
            ring.get_rect(),
            pad + 1,
            border_radius=max(4, cw // 9) + pad,
        )
        surface.blit(ring, rect.inflate(2 * pad, 2 * pad))
