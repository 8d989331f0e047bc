"""The table's picture: a `TableFrame` painted onto a surface.

The table scene decides what one viewer may see and builds a frozen `TableFrame` of it
(layout, seats, the bottom hand as drawn, piles, markers, side panel, buttons, cards in
flight); this module only paints that value. `TablePainter` keeps nothing between frames
but its caches of finished pictures (the felt, name plates, card strips, tilted discards,
panel parts, wrapped text), so the same frame always gives the same pixels. It imports
nothing from the scenes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from uno_desktop.engine import Card, Color
from uno_desktop.i18n import _, integer
from uno_desktop.render import theme
from uno_desktop.render.animator import Sprite, draw_sprites
from uno_desktop.render.cards import CardPainter
from uno_desktop.render.layout import TableLayout
from uno_desktop.ui.kit import (
    current_floor,
    draw_fitted,
    draw_panel,
    draw_text,
    fit_px,
    paint_button,
    text_image,
    wrap_words,
)
from uno_desktop.ui.moments import BannerFrame

#: backs drawn in another seat's strip at most (the count says the rest)
MAX_BACKS = 10


def discard_angle(index: int) -> float:
    """A small fixed tilt for the card at `index` of the discard pile (a loose, real pile)."""
    return float(((index * 47) % 29) - 14)


@dataclass(frozen=True)
class HandCard:
    """One card of the bottom hand as drawn: a face, or a back when `card` is None."""

    card: Card | None
    rect: pygame.Rect
    playable: bool = False  # glows
    bluff: bool = False  # a Wild Draw Four that could be challenged: a warning glow
    dimmed: bool = False  # veiled: the viewer's turn, and this card cannot be played
    focused: bool = False  # the keyboard focus ring
    fresh: float = 0.0  # new in the hand (drawn, received): glows this strongly, 0..1
    hinted: bool = False  # the card a hint suggests: a ring of the hint's colour


@dataclass(frozen=True)
class SeatFrame:
    """A seat's plate and card strip."""

    seat: int
    name: str
    score: int
    count: int
    current: bool
    uno: bool
    thinking: bool


@dataclass(frozen=True)
class ButtonFrame:
    """A side-panel button as drawn."""

    key: str
    text: str
    rect: pygame.Rect
    style: str = "normal"
    enabled: bool = True
    hover: bool = False
    pressed: bool = False
    focus: bool = False
    glow: bool = False  # the UNO button while armed


@dataclass(frozen=True)
class TableFrame:
    """Everything one viewer sees of the table at one moment (nobody's secret inside)."""

    layout: TableLayout
    bottom: int
    seats: tuple[SeatFrame, ...]
    hand: tuple[HandCard, ...]
    discard: tuple[tuple[int, Card], ...]  # the top few, with their index in the pile
    pile_count: int
    pile_glow: bool
    active_color: Color | None
    direction: int
    log: tuple[str, ...]  # oldest first, in the language now
    hints: tuple[str, ...]
    buttons: tuple[ButtonFrame, ...]
    status: str
    toast: str | None
    sprites: tuple[Sprite, ...]
    time_s: float  # for the thinking dots
    language: str
    banner: BannerFrame | None = None  # a big moment told across the table
    ring_turn: float = 0.0  # 0 at rest; 0..1 while the direction ring turns (a Reverse)
    coached: bool = False  # the status is the tutorial's line of guidance: framed to stand out
    hint: str | None = None  # the hint's line, shown in place of the status
    lit_seat: int | None = None  # the seat a player picker points at


def paint_hint(
    surface: pygame.Surface,
    line: str,
    px: int,
    center: tuple[int, int],
    max_w: int,
    scale: float,
) -> pygame.Rect:
    """A hint's line in a dark pill ringed in the hint's colour, centred on `center` and
    at most `max_w` wide (the text shrinks to fit); returns the pill."""
    img = text_image(line, px, theme.TEXT_RGB, bold=True)
    pad_x, pad_y = round(18 * scale), round(7 * scale)
    pill = pygame.Rect(0, 0, min(img.get_width() + 2 * pad_x, max_w), img.get_height() + 2 * pad_y)
    pill.center = center
    bg = pygame.Surface(pill.size, pygame.SRCALPHA)
    pygame.draw.rect(bg, (8, 24, 30, 215), bg.get_rect(), border_radius=pill.h // 2)
    surface.blit(bg, pill)
    width = max(2, round(3 * scale))
    pygame.draw.rect(surface, theme.HINT_RGB, pill, width, border_radius=pill.h // 2)
    draw_text(
        surface, line, px, theme.TEXT_RGB, bold=True, center=pill.center, max_w=pill.w - 2 * pad_x
    )
    return pill


class TablePainter:
    """Paints `TableFrame`s (one per table: the caches fit its seats and sizes)."""

    def __init__(self) -> None:
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[Any, ...] | None = None
        self._wrap_cache: dict[tuple[str, int, int], list[str]] = {}
        self._rot_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._dir_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._plate_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._strip_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._part_cache: dict[str, tuple[tuple[Any, ...], pygame.Surface]] = {}
        self._dimmer: pygame.Surface | None = None
        self._tint: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._ring: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._banner: tuple[tuple[Any, ...], pygame.Surface] | None = None

    def forget_background(self) -> None:
        """Build the felt again on the next frame (the window was resized)."""
        self._bg = None

    def paint(self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter) -> None:
        """Paint the whole table of `frame` onto `surface`."""
        lay = frame.layout
        surface.blit(self._background(lay), (0, 0))
        self._draw_edge(surface, frame)
        self._draw_ring(surface, frame)
        self._draw_piles(surface, frame, cards)
        self._draw_markers(surface, frame, cards)
        for seat in frame.seats:
            if seat.seat != frame.bottom:
                self._draw_seat(surface, frame, cards, seat)
        self._draw_bottom(surface, frame, cards)
        if frame.lit_seat is not None:
            self._light_seat(surface, frame.layout, frame.lit_seat)
        self._draw_panel(surface, frame)
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
            self._draw_status(surface, frame)
        draw_sprites(surface, frame.sprites)
        if frame.toast:
            self._draw_toast(surface, frame)
        if frame.banner is not None:
            self._draw_banner(surface, frame, frame.banner)

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

    # -- the big moments: the table's edge, the direction ring, banners

    def _draw_edge(self, surface: pygame.Surface, frame: TableFrame) -> None:
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

    @staticmethod
    def ring_rect(lay: TableLayout) -> pygame.Rect:
        """The ellipse the direction ring runs on: round the piles and both markers."""
        cluster = lay.direction_marker.union(lay.color_marker)
        cluster.union_ip(lay.draw_pile)
        cluster.union_ip(lay.discard_pile)
        return cluster.inflate(round(lay.card_w * 1.3), round(lay.card_h * 0.34))

    def _draw_ring(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """A faint ring round the centre with arrowheads that go the way play goes; after
        a Reverse the arrowheads shrink, turn round and glide on the other way."""
        lay = frame.layout
        rect = self.ring_rect(lay)
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
        self._ring = (key, layer)
        surface.blit(layer, rect.inflate(40, 40))

    def _draw_banner(self, surface: pygame.Surface, frame: TableFrame, b: BannerFrame) -> None:
        """A big moment, across the middle of the felt above the piles (never over the
        hand or the buttons; it is only a picture, so it never takes input)."""
        lay = frame.layout
        img = self._banner_image(lay, b)
        k = 0.82 + 0.18 * b.grow
        if k < 0.999:
            img = pygame.transform.smoothscale(
                img, (max(1, round(img.get_width() * k)), max(1, round(img.get_height() * k)))
            )
        img.set_alpha(b.alpha)
        # above the ring, over the status line, clear of the hand and the side panel
        full_h = round(img.get_height() / k)
        ring = self.ring_rect(lay)
        rect = img.get_rect(
            center=(ring.centerx, ring.top + round(lay.card_h * 0.12) - full_h // 2)
        )
        rect.top = max(rect.top, lay.table_rect.top)
        rect.bottom = min(rect.bottom, lay.hand_rect.top)
        surface.blit(img, rect)

    def _banner_image(self, lay: TableLayout, b: BannerFrame) -> pygame.Surface:
        key = (lay.size, lay.table_rect.size, b.title, b.sub, b.rgb, id(lay))
        if self._banner is not None and self._banner[0] == key:
            return self._banner[1].copy()
        s = lay.scale
        max_w = lay.table_rect.w - round(24 * s)
        pad_x, pad_y = round(28 * s), round(8 * s)
        title_px = fit_px(b.title, lay.font_px(2.7), max_w - 2 * pad_x, bold=True)
        sub_px = fit_px(b.sub, lay.font_px(0.95), max_w - 2 * pad_x) if b.sub else 0
        light = 0.299 * b.rgb[0] + 0.587 * b.rgb[1] + 0.114 * b.rgb[2] > 150
        ink = theme.TEXT_DARK_RGB if light else theme.TEXT_RGB
        title = text_image(b.title, title_px, ink, bold=True)
        sub = text_image(b.sub, sub_px, ink) if b.sub else None
        w = max(title.get_width(), sub.get_width() if sub else 0) + 2 * pad_x
        h = title.get_height() + (sub.get_height() if sub else 0) + 2 * pad_y
        img = pygame.Surface((min(w, max_w), h), pygame.SRCALPHA)
        box = img.get_rect()
        pygame.draw.rect(img, (*b.rgb, 235), box, border_radius=round(h * 0.3))
        edge = (255, 255, 255, 220) if not light else (*theme.TEXT_DARK_RGB, 160)
        pygame.draw.rect(img, edge, box, max(2, round(3 * s)), border_radius=round(h * 0.3))
        img.blit(title, title.get_rect(midtop=(box.centerx, pad_y)))
        if sub is not None:
            img.blit(sub, sub.get_rect(midtop=(box.centerx, pad_y + title.get_height())))
        self._banner = (key, img)
        return img.copy()

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
        draw_text(
            surface,
            seat.name,
            px,
            theme.TEXT_RGB,
            bold=True,
            midleft=(rect.x + pad, rect.centery),
            max_w=rect.w - 2 * pad - score_img.get_width() - pad // 2,
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
            self._uno_badge(surface, lay, (area.centerx, area.top + r))
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

    def _uno_badge(
        self, surface: pygame.Surface, lay: TableLayout, center: tuple[int, int]
    ) -> None:
        img = text_image(_("UNO!"), lay.font_px(0.9), theme.TEXT_DARK_RGB, bold=True)
        rect = img.get_rect(center=center).inflate(round(14 * lay.scale), round(6 * lay.scale))
        pygame.draw.rect(surface, theme.ACCENT_RGB, rect, border_radius=rect.h // 2)
        surface.blit(img, img.get_rect(center=rect.center))

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
            self._uno_badge(
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

    # -- side panel

    def _draw_panel(self, surface: pygame.Surface, frame: TableFrame) -> None:
        lay = frame.layout
        s = lay.scale
        score_key = (
            lay.scores_rect.size,
            tuple((f.name, f.count, f.score, f.current) for f in frame.seats),
            frame.language,
        )
        self._blit_cached(
            surface,
            "scores",
            lay.scores_rect,
            score_key,
            lambda surf, r: self._draw_scores(surf, frame, r),
        )
        hint_px = self.hint_px(lay)
        hint_h = len(frame.hints) * round(hint_px * 1.15) + round(6 * s)
        log_rect = lay.log_rect.copy()
        log_rect.h = max(0, log_rect.h - hint_h)
        log_key = (log_rect.size, frame.log)
        self._blit_cached(
            surface, "log", log_rect, log_key, lambda surf, r: self._draw_log(surf, frame, r)
        )
        y = log_rect.bottom + round(4 * s)
        for line in frame.hints:
            draw_text(
                surface,
                line,
                hint_px,
                theme.TEXT_DIM_RGB,
                midtop=(log_rect.centerx, y),
                box=lay.log_rect,
            )
            y += round(hint_px * 1.15)
        for b in frame.buttons:
            if b.glow:
                glow = b.rect.inflate(round(10 * s), round(10 * s))
                pygame.draw.rect(surface, theme.HIGHLIGHT_RGB, glow, border_radius=glow.h // 2)
            paint_button(
                surface,
                b.rect,
                b.text,
                s,
                style=b.style,
                enabled=b.enabled,
                hover=b.hover,
                focus=b.focus,
                pressed=b.pressed,
            )

    @staticmethod
    def hint_px(lay: TableLayout) -> int:
        return max(current_floor(), lay.font_px(0.6))

    def hint_lines(self, lay: TableLayout, hint_key: bool = False) -> list[str]:
        """The keyboard hint under the log, wrapped to the panel (cached per size/language);
        `hint_key` adds the key that asks for a hint."""
        text = _(
            "Keys: arrows and Enter play a card · D draw · K keep · T take · H challenge · "
            "U UNO · C catch · Esc menu"
        )
        if hint_key:
            text = _("{keys} · I hint").format(keys=text)
        px = self.hint_px(lay)
        width = lay.log_rect.w - round(8 * lay.scale)
        key = (text, px, width)
        lines = self._wrap_cache.get(key)
        if lines is None:
            lines = self._wrap_cache[key] = wrap_words(text, px, width)
        return lines

    def _blit_cached(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        key: tuple[Any, ...],
        paint: Callable[[pygame.Surface, pygame.Rect], None],
    ) -> None:
        """Blit a panel part drawn once per change (the scores and the log are many texts)."""
        cache = self._part_cache
        entry = cache.get(name)
        if entry is None or entry[0] != key:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            paint(img, img.get_rect())
            entry = cache[name] = (key, img)
        surface.blit(entry[1], rect)

    def _draw_scores(self, surface: pygame.Surface, frame: TableFrame, r: pygame.Rect) -> None:
        rows = len(frame.seats) + 1
        row_h = r.h // rows
        px = max(current_floor(), round(row_h * 0.78))
        draw_text(surface, _("Player"), px, theme.TEXT_DIM_RGB, midleft=(r.x + 6, r.y + row_h // 2))
        draw_text(
            surface, _("Score"), px, theme.TEXT_DIM_RGB, midright=(r.right - 6, r.y + row_h // 2)
        )
        draw_text(
            surface, _("Cards"), px, theme.TEXT_DIM_RGB, center=(r.x + r.w * 0.62, r.y + row_h // 2)
        )
        name_x = r.x + max(8, px // 3 + 5)  # room for the turn arrow at any scale
        for seat in frame.seats:
            y = r.y + row_h * (seat.seat + 1) + row_h // 2
            color = theme.ACCENT_RGB if seat.current else theme.TEXT_RGB
            if seat.current:
                pygame.draw.polygon(
                    surface,
                    theme.ACCENT_RGB,
                    [(r.x, y - px // 4), (r.x + px // 3, y), (r.x, y + px // 4)],
                )
            draw_text(
                surface,
                seat.name,
                px,
                color,
                bold=seat.current,
                midleft=(name_x, y),
                max_w=round(r.w * 0.5),
            )
            draw_text(
                surface, str(seat.count), px, theme.TEXT_DIM_RGB, center=(r.x + r.w * 0.62, y)
            )
            draw_text(surface, integer(seat.score), px, color, bold=True, midright=(r.right - 6, y))

    def _draw_log(self, surface: pygame.Surface, frame: TableFrame, r: pygame.Rect) -> None:
        lay = frame.layout
        s = lay.scale
        pygame.draw.line(surface, theme.PANEL_BORDER_RGB, (r.x + 4, r.y), (r.right - 4, r.y), 1)
        px = max(current_floor(), round(lay.line_h * 0.82))
        line_h = round(px * 0.95)
        width = r.w - round(10 * s)
        lines: list[tuple[str, int]] = []
        for age, entry in enumerate(reversed(frame.log)):
            wkey = (entry, px, width)
            wrapped = self._wrap_cache.get(wkey)
            if wrapped is None:
                if len(self._wrap_cache) > 200:
                    self._wrap_cache.clear()
                wrapped = self._wrap_cache[wkey] = wrap_words(entry, px, width)
            for line in reversed(wrapped):
                lines.append((line, age))
            if len(lines) * line_h > r.h:
                break
        y = r.bottom - line_h
        for line, age in lines:
            if y < r.y + 4:
                break
            k = min(1.0, age / 6)
            color = (
                round(theme.TEXT_RGB[0] + (110 - theme.TEXT_RGB[0]) * k),
                round(theme.TEXT_RGB[1] + (140 - theme.TEXT_RGB[1]) * k),
                round(theme.TEXT_RGB[2] + (124 - theme.TEXT_RGB[2]) * k),
            )
            draw_text(surface, line, px, color, topleft=(r.x + round(6 * s), y), box=r)
            y -= line_h

    def _draw_status(self, surface: pygame.Surface, frame: TableFrame) -> None:
        text = frame.status
        if not text:
            return
        lay = frame.layout
        r = lay.status_rect
        px = lay.font_px(1.0)
        img = text_image(text, px, theme.TEXT_RGB, bold=True)
        pad_x, pad_y = (40, 14) if frame.coached else (24, 8)
        pill = img.get_rect(center=r.center).inflate(
            round(pad_x * lay.scale), round(pad_y * lay.scale)
        )
        pill.w = min(pill.w, lay.table_rect.w)
        pill.centerx = r.centerx
        bg = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 90), bg.get_rect(), border_radius=pill.h // 2)
        if frame.coached:
            pygame.draw.rect(bg, (0, 0, 0, 150), bg.get_rect(), border_radius=pill.h // 2)
            width = max(2, round(2 * lay.scale))
            pygame.draw.rect(bg, theme.HIGHLIGHT_RGB, bg.get_rect(), width, pill.h // 2)
        surface.blit(bg, pill)
        draw_text(
            surface, text, px, theme.TEXT_RGB, bold=True, center=pill.center, max_w=pill.w - 10
        )

    def _draw_toast(self, surface: pygame.Surface, frame: TableFrame) -> None:
        lay = frame.layout
        s = lay.scale
        text = frame.toast or ""
        px = lay.font_px(1.3)
        img = text_image(text, px, theme.TEXT_RGB, bold=True)
        box = img.get_rect().inflate(round(40 * s), round(22 * s))
        box.w = min(box.w, lay.table_rect.w - 20)
        box.center = (lay.table_rect.centerx, lay.discard_pile.centery)
        draw_panel(surface, box, s, border=theme.ACCENT_RGB)
        draw_text(surface, text, px, theme.TEXT_RGB, bold=True, center=box.center, max_w=box.w - 16)
