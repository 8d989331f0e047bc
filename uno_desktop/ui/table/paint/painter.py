"""The table's picture: a `TableFrame` painted onto a surface.

The table scene decides what one viewer may see and builds a frozen `TableFrame` of it
(`ui/table/frame.py`: layout, seats, the bottom hand as drawn, piles, markers, side panel,
buttons, cards in flight); the painter only paints that value. `TablePainter` paints the
felt and the bottom hand, and hands the centre to `CentrePainter`
(`ui/table/paint/centre.py`), the other seats to `SeatPainter` (`ui/table/paint/seats.py`),
the big moments to `MomentPainter` (`ui/table/paint/moments.py`) and the side panel,
status line and toast to `PanelPainter` (`ui/table/paint/panel.py`). They keep nothing
between frames but finished pictures: everything under the cards in flight is kept as one
and painted again only where a frame changed it (`ui/table/paint/layer.py`), and the same frame
always gives the same pixels. None of them imports anything from the scenes.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from uno_desktop.render import theme
from uno_desktop.render.animator import draw_sprites
from uno_desktop.render.cards import CardPainter
from uno_desktop.render.layout import TableLayout
from uno_desktop.ui.areas import covers_most, joined
from uno_desktop.ui.kit import (
    current_floor,
    draw_panel,
    recording_texts,
)
from uno_desktop.ui.table.frame import SeatFrame, TableFrame
from uno_desktop.ui.table.paint.centre import CentrePainter
from uno_desktop.ui.table.paint.layer import (
    BOTTOM,
    DISCARD,
    KEYS,
    LOG,
    MARKERS,
    PILE,
    PILE_COUNT,
    SCORE_ROW,
    Ink,
    Over,
    Part,
    dots_time,
    over_changes,
    part_keys,
    table_key,
    thinking_parts,
)
from uno_desktop.ui.table.paint.marks import (
    paint_chips,
    paint_dragged,
    paint_jump_in,
    paint_shadow,
    paint_uno_badge,
)
from uno_desktop.ui.table.paint.moments import MomentPainter
from uno_desktop.ui.table.paint.panel import PanelPainter, paint_hint
from uno_desktop.ui.table.paint.seats import SeatPainter

#: where a part painted, kept for this many of the things it showed
KNOWN_EXTENTS = 24


class TablePainter:
    """Paints `TableFrame`s (one per table: the caches fit its seats and sizes)."""

    def __init__(self) -> None:
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[Any, ...] | None = None
        self.centre = CentrePainter()
        self.seats = SeatPainter()
        self._dimmer: pygame.Surface | None = None
        # everything under the cards in flight as last painted (`ui/table/paint/layer.py`): what
        # the whole and each part showed, where each part painted, and the dots' time
        self._under: pygame.Surface | None = None
        self._whole: tuple[object, ...] = ()
        self._parts: dict[Part, object] = {}
        self._extents: dict[Part, pygame.Rect] = {}
        self._clock = 0.0
        # where each part painted, by what it showed (found on a scratch picture), latest last
        self._known: dict[Part, list[tuple[object, pygame.Rect]]] = {}
        self._scratch: pygame.Surface | None = None
        # the surface painted last and what was painted over the picture there
        self._painted_on: pygame.Surface | None = None
        self._over: list[Over] = []
        self.moments = MomentPainter()
        self.panel = PanelPainter()

    def forget_background(self) -> None:
        """Build the felt again on the next frame (the window was resized)."""
        self._bg = None
        self.forget_picture()

    def forget_picture(self) -> None:
        """Paint the whole table again on the next frame, nothing kept from this one."""
        self._under = None

    def paint(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter
    ) -> list[pygame.Rect] | None:
        """Paint the whole table of `frame` onto `surface`; returns the areas where it
        differs from the frame painted there before (None: anywhere, all of it is new).

        Most frames differ from the one before only in the cards in flight, so the rest
        is kept as one picture and painted again only when what it shows changes."""
        changed: list[pygame.Rect] | None = None
        painted_on: pygame.Surface | None = surface
        if recording_texts():  # the layout tests see every line, drawn on `surface`
            self._paint_under(surface, frame, cards)
            painted_on = None  # not the kept picture: the next frame is new all over
        else:
            layer, changed = self._under_layer(surface, frame, cards)
            surface.blit(layer, (0, 0))
        over: list[Over] = list(zip(frame.sprites, draw_sprites(surface, frame.sprites)))
        if frame.toast:
            over.append((("toast", frame.toast), self.panel.draw_toast(surface, frame)))
        if frame.banner is not None:
            over.append((frame.banner, self.moments.draw_banner(surface, frame, frame.banner)))
        if changed is not None and surface is self._painted_on:
            changed += over_changes(self._over, over)
        else:
            changed = None
        self._painted_on, self._over = painted_on, over
        return changed

    def _state_key(self) -> tuple[Any, ...]:
        """What a subclass paints beyond the frame (part of the kept picture's key)."""
        return ()

    def _under_layer(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter
    ) -> tuple[pygame.Surface, list[pygame.Rect] | None]:
        """The kept picture brought up to `frame`, and the areas painted again (None: all
        of it)."""
        size = surface.get_size()
        whole: tuple[object, ...] = (table_key(frame), size, id(cards), cards.colorblind)
        whole = (*whole, current_floor(), self._state_key())
        keys, clock = part_keys(frame), dots_time(frame)
        layer = self._under
        areas: list[pygame.Rect] | None = None
        if layer is not None and whole == self._whole and keys.keys() == self._parts.keys():
            areas = []
            for part, key in keys.items():
                if key != self._parts[part]:
                    painted = self._extent(part, key, layer, frame, cards)
                    areas.append(self._extents[part].union(painted))
                    self._extents[part] = painted
            if clock != self._clock:
                areas.extend(self._extents[part] for part in thinking_parts(frame))
            if not areas:
                return layer, []
            areas = joined(areas, size)
            if covers_most(areas, size):
                areas = None
        if layer is None or layer.get_size() != size:
            layer = pygame.Surface(size, 0, surface)
        if areas is None:
            self._known.clear()
            self._extents = self._paint_under(layer, frame, cards)
            for part, key in keys.items():
                self._known[part] = [(key, self._extents[part])]
        else:
            for area in areas:
                self._paint_under(layer, frame, cards, area, self._extents)
        self._under, self._whole, self._parts, self._clock = layer, whole, keys, clock
        return layer, areas

    def _extent(
        self, part: Part, key: object, like: pygame.Surface, frame: TableFrame, cards: CardPainter
    ) -> pygame.Rect:
        """Where `part` paints when it shows `key`: known from an earlier paint, or found by
        painting it on a scratch picture."""
        if isinstance(part, tuple) and part[0] == SCORE_ROW:
            assert isinstance(part[1], int)
            return self.panel.score_row_rect(frame, part[1])
        if part == LOG:
            return self.panel.log_rect(frame)
        seen = self._known.setdefault(part, [])
        for shown, painted in seen:
            if shown == key:
                return painted
        scratch = self._scratch
        if scratch is None or scratch.get_size() != like.get_size():
            scratch = self._scratch = pygame.Surface(like.get_size(), 0, like)
        painted = self._paint_part(scratch, frame, cards, part)
        seen.append((key, painted))
        del seen[:-KNOWN_EXTENTS]
        return painted

    def _paint_part(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter, part: Part
    ) -> pygame.Rect:
        """Paint one part of the picture; returns the rect it painted."""
        if isinstance(part, int):
            return self._draw_seat(surface, frame, cards, frame.seats[part])
        if isinstance(part, tuple):
            kind, which = part
            if kind == SCORE_ROW:
                assert isinstance(which, int)
                return self.panel.draw_score_row(surface, frame, which)
            return self.panel.draw_button(surface, frame, str(which))
        if part == LOG:
            return self.panel.draw_log(surface, frame)
        if part == KEYS:
            return self.panel.draw_keys(surface, frame)
        paint = {
            PILE: self.centre.paint_pile,
            PILE_COUNT: self.centre.paint_pile_count,
            DISCARD: self.centre.paint_discard,
            MARKERS: self.centre.paint_markers,
        }.get(part, self._draw_bottom)
        return paint(surface, frame, cards)

    def _paint_under(
        self,
        surface: pygame.Surface,
        frame: TableFrame,
        cards: CardPainter,
        clip: pygame.Rect | None = None,
        extents: dict[Part, pygame.Rect] | None = None,
    ) -> dict[Part, pygame.Rect]:
        """Paint all but the cards in flight; returns where each part painted. Given a
        `clip`, paint only inside it, leaving out the parts whose `extents` miss it."""
        lay = frame.layout
        surface.set_clip(clip)
        try:
            surface.blit(self._background(lay), clip or (0, 0), clip)
            self.moments.draw_edge(surface, frame)
            self.moments.draw_ring(surface, frame)
            painted: dict[Part, pygame.Rect] = {}
            for part in part_keys(frame) if extents is None else extents:
                if clip is None or extents is None or clip.colliderect(extents[part]):
                    painted[part] = self._paint_part(surface, frame, cards, part)
                if part == BOTTOM:  # over the hand and the seats, under the side panel
                    if frame.drag is not None:
                        paint_dragged(surface, cards, frame.drag)
                    if frame.lit_seat is not None:
                        self.seats.light(surface, frame.layout, frame.lit_seat)
            if frame.chips is not None:
                paint_chips(surface, lay, frame.chips)
            if frame.hint:
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
            return painted
        finally:
            surface.set_clip(None)

    def _draw_seat(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter, seat: SeatFrame
    ) -> pygame.Rect:
        """Another seat (a replay paints its cards face up); returns the rect painted."""
        return self.seats.paint(surface, frame, cards, seat)

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

    def _draw_bottom(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter
    ) -> pygame.Rect:
        """The viewer's plate and hand; returns the rect painted."""
        lay = frame.layout
        seat = frame.seats[frame.bottom]
        spot = lay.seats[frame.bottom]
        ink = Ink()
        ink.add(self.seats.plate(surface, lay, seat))
        if seat.uno and seat.count == 1:
            badge_at = (spot.name_rect.right + round(34 * lay.scale), spot.name_rect.centery)
            ink.add(paint_uno_badge(surface, lay, badge_at))
        if not frame.hand:
            return ink.rect
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
            ink.add(paint_shadow(surface, cards, rect, cw, 1.6 if rect.y < lowest else 1.0))
            if h.card is None:
                ink.add(surface.blit(cards.back(cw), rect))
                continue
            if h.playable or h.hinted:
                color = theme.HIGHLIGHT_RGB
                if h.hinted:
                    color = theme.HINT_RGB
                elif h.bluff:
                    color = theme.DANGER_RGB
                glow = cards.highlight(cw, color)
                ink.add(surface.blit(glow, glow.get_rect(center=rect.center)))
            if h.fresh > 0:
                ink.add(self._fresh_glow(surface, cards, rect, cw, h.fresh))
            ink.add(surface.blit(cards.face(h.card, cw), rect))
            if h.dimmed:
                surface.blit(dimmer, rect)
            if h.hinted:
                ring = rect.inflate(round(16 * lay.scale), round(16 * lay.scale))
                ink.add(
                    pygame.draw.rect(
                        surface,
                        theme.HINT_RGB,
                        ring,
                        max(4, round(5 * lay.scale)),
                        border_radius=max(5, cw // 8),
                    )
                )
            if h.jump_in:
                ink.add(paint_jump_in(surface, lay, rect))
            if h.focused:
                ink.add(
                    pygame.draw.rect(
                        surface,
                        theme.ACCENT_RGB,
                        rect.inflate(6, 6),
                        max(2, round(3 * lay.scale)),
                        border_radius=max(4, cw // 9),
                    )
                )
        return ink.rect

    @staticmethod
    def _fresh_glow(
        surface: pygame.Surface, cards: CardPainter, rect: pygame.Rect, cw: int, k: float
    ) -> pygame.Rect:
        """A card new to the hand: a bright glow round it that fades as it gets old."""
        glow = cards.highlight(cw, theme.SUCCESS_RGB).copy()
        glow.set_alpha(round(255 * k))
        painted = surface.blit(glow, glow.get_rect(center=rect.center))
        pad = max(4, cw // 14)
        ring = pygame.Surface(rect.inflate(2 * pad, 2 * pad).size, pygame.SRCALPHA)
        pygame.draw.rect(
            ring,
            (*theme.SUCCESS_RGB, round(255 * k)),
            ring.get_rect(),
            pad + 1,
            border_radius=max(4, cw // 9) + pad,
        )
        return painted.union(surface.blit(ring, rect.inflate(2 * pad, 2 * pad)))
