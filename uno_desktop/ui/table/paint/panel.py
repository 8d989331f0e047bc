"""The table's side panel in paint: scores, the log, the keys under it and the buttons;
also the status line, a toast, and a hint's line in its pill.

Part of the table painter (`ui/table/paint/painter.py`); it paints only from a `TableFrame` and
keeps nothing but its finished pictures and wrapped lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from uno_desktop.lang.i18n import _, integer
from uno_desktop.render import theme
from uno_desktop.render.fonts import font, nominal_px
from uno_desktop.render.layout import TableLayout
from uno_desktop.ui.kit import (
    current_floor,
    draw_panel,
    draw_text,
    paint_button,
    recording_texts,
    text_image,
    wrap_words,
)
from uno_desktop.ui.kit.keycaps import draw_keyed, wrap_keyed
from uno_desktop.ui.table.frame import SeatFrame, TableFrame
from uno_desktop.ui.table.paint.layer import Ink

#: score rows kept as pictures, at most (a row for each seat's count and score seen)
MAX_SCORE_ROWS = 256
#: the smallest face the panel's scores and keys are drawn at (pixels on the screen):
#: the panel is read from the edge of the family's sight, at 1024x600 too
PANEL_FACE_PX = 11


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


class PanelPainter:
    """Paints the side panel, the status line and the toast of a frame."""

    def __init__(self) -> None:
        self._wrap_cache: dict[tuple[str, int, int], list[str]] = {}
        # the log as last drawn, and what it was drawn from
        self._log: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._rows: dict[tuple[Any, ...], pygame.Surface] = {}

    def score_row_rect(self, frame: TableFrame, row: int) -> pygame.Rect:
        """Where row `row` of the scores goes (0 the heading, then a row a seat); all it
        paints is inside."""
        r = frame.layout.scores_rect
        row_h = r.h // (len(frame.seats) + 1)
        return pygame.Rect(r.x, r.y + row * row_h, r.w, row_h)

    def log_rect(self, frame: TableFrame) -> pygame.Rect:
        """Where the log goes, above the keys and below the chips (all it paints is inside)."""
        lay = frame.layout
        hint_px = self.hint_px(lay)
        hint_h = len(frame.hints) * round(hint_px * 1.15) + round(6 * lay.scale)
        log_rect = lay.log_rect.copy()
        log_rect.h = max(0, log_rect.h - hint_h)
        if frame.chips is not None:  # the house-rule chips take the log's top
            cut = min(log_rect.h, frame.chips.area.h)
            log_rect.y, log_rect.h = log_rect.y + cut, log_rect.h - cut
        return log_rect

    def draw_score_row(self, surface: pygame.Surface, frame: TableFrame, row: int) -> pygame.Rect:
        """Row `row` of the scores: the heading (0) or a seat's name, cards and score;
        returns the rect painted."""
        at = self.score_row_rect(frame, row)
        px = max(current_floor(), round(at.h * 0.78))
        readable = nominal_px(PANEL_FACE_PX)
        if px < readable and font(readable, bold=True).get_linesize() <= at.h:
            px = readable  # as large as the rows hold, up to the readable size
        seat = frame.seats[row - 1] if row > 0 else None
        if recording_texts():  # the layout tests see every line drawn
            self._score_row(surface, at, seat, px)
            return at
        shown = None if seat is None else (seat.name, seat.count, seat.score, seat.current)
        key = (shown, px, at.size, frame.language)
        img = self._rows.get(key)
        if img is None:
            if len(self._rows) > MAX_SCORE_ROWS:
                self._rows.clear()
            img = self._rows[key] = pygame.Surface(at.size, pygame.SRCALPHA)
            self._score_row(img, img.get_rect(), seat, px)
        return surface.blit(img, at)

    def draw_log(self, surface: pygame.Surface, frame: TableFrame) -> pygame.Rect:
        """The log, newest at the bottom; returns the rect painted."""
        log_rect = self.log_rect(frame)
        key = (log_rect.size, frame.log, frame.layout.line_h, current_floor())
        if self._log is None or self._log[0] != key:
            img = pygame.Surface(log_rect.size, pygame.SRCALPHA)
            self._draw_log(img, frame, img.get_rect())
            self._log = (key, img)
        return surface.blit(self._log[1], log_rect)

    def draw_keys(self, surface: pygame.Surface, frame: TableFrame) -> pygame.Rect:
        """The keys under the log; returns the rect painted."""
        lay = frame.layout
        hint_px = self.hint_px(lay)
        log_rect = self.log_rect(frame)
        y = log_rect.bottom + round(4 * lay.scale)
        ink = Ink()
        for line in frame.hints:
            ink.add(
                draw_keyed(
                    surface,
                    line,
                    hint_px,
                    theme.TEXT_DIM_RGB,
                    midtop=(log_rect.centerx, y),
                    box=lay.log_rect,
                )
            )
            y += round(hint_px * 1.15)
        return ink.rect

    def draw_button(self, surface: pygame.Surface, frame: TableFrame, key: str) -> pygame.Rect:
        """The side button `key` (glowing when it is the move to make); returns the rect
        painted."""
        s = frame.layout.scale
        ink = Ink()
        for b in frame.buttons:
            if b.key != key:
                continue
            if b.glow:
                glow = b.rect.inflate(round(10 * s), round(10 * s))
                ink.add(
                    pygame.draw.rect(surface, theme.HIGHLIGHT_RGB, glow, border_radius=glow.h // 2)
                )
            ink.add(
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
            )
        return ink.rect

    @staticmethod
    def hint_px(lay: TableLayout) -> int:
        return max(current_floor(), lay.font_px(0.6), nominal_px(PANEL_FACE_PX))

    def hint_lines(self, lay: TableLayout, hint_key: bool = False) -> list[str]:
        """The keyboard hint under the log, wrapped to the panel (cached per size/language);
        `hint_key` adds the key that asks for a hint."""
        text = _(
            "Keys: arrows and Enter play a card · [D] draw · [K] keep · [T] take · "
            "[H] challenge · [U] UNO · [C] catch · [Esc] menu"
        )
        if hint_key:
            text = _("{keys} · [I] hint").format(keys=text)
        return self._wrapped(lay, text)

    def key_lines(
        self, lay: TableLayout | None, shared: bool, hint_key: bool, phones: Sequence[bool | None]
    ) -> tuple[str, ...]:
        """The line under the log: the keys, or on a shared view how many of the phone
        seats (`phones`: connected, or None for no phone) play (none before a layout)."""
        if lay is None:
            return ()
        if not shared:
            return tuple(self.hint_lines(lay, hint_key))
        seats = [p for p in phones if p is not None]
        return tuple(self.shared_lines(lay, sum(seats), len(seats)))

    def shared_lines(self, lay: TableLayout, connected: int, phones: int) -> list[str]:
        """The line under the log of a shared view (nobody at the screen): the table
        plays on phones, and how many are connected."""
        text = _("Playing on phones · {n} of {total} connected").format(n=connected, total=phones)
        return self._wrapped(lay, text)

    def _wrapped(self, lay: TableLayout, text: str) -> list[str]:
        """`text` wrapped to the panel at the hint size (cached per size/language)."""
        px = self.hint_px(lay)
        width = lay.log_rect.w - round(8 * lay.scale)
        key = (text, px, width)
        lines = self._wrap_cache.get(key)
        if lines is None:
            lines = self._wrap_cache[key] = wrap_keyed(text, px, width)
        return lines

    @staticmethod
    def _score_row(
        surface: pygame.Surface, r: pygame.Rect, seat: SeatFrame | None, px: int
    ) -> None:
        """One row of the scores in `r`: the heading (`seat` None) or a seat's name, cards
        and score, with an arrow at the seat whose turn it is."""
        y = r.centery
        if seat is None:
            draw_text(surface, _("Player"), px, theme.TEXT_DIM_RGB, midleft=(r.x + 6, y))
            draw_text(surface, _("Score"), px, theme.TEXT_DIM_RGB, midright=(r.right - 6, y))
            draw_text(surface, _("Cards"), px, theme.TEXT_DIM_RGB, center=(r.x + r.w * 0.62, y))
            return
        name_x = r.x + max(8, px // 3 + 5)  # room for the turn arrow at any scale
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
        draw_text(surface, str(seat.count), px, theme.TEXT_DIM_RGB, center=(r.x + r.w * 0.62, y))
        draw_text(surface, integer(seat.score), px, color, bold=True, midright=(r.right - 6, y))

    def _draw_log(self, surface: pygame.Surface, frame: TableFrame, r: pygame.Rect) -> None:
        lay = frame.layout
        s = lay.scale
        pygame.draw.line(surface, theme.PANEL_BORDER_RGB, (r.x + 4, r.y), (r.right - 4, r.y), 1)
        px = max(current_floor(), round(lay.line_h * 0.82), nominal_px(PANEL_FACE_PX))
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

    def draw_status(self, surface: pygame.Surface, frame: TableFrame) -> None:
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

    def draw_toast(self, surface: pygame.Surface, frame: TableFrame) -> pygame.Rect:
        """The toast over the discard pile; returns the rect it covered."""
        lay = frame.layout
        s = lay.scale
        text = frame.toast or ""
        px = lay.font_px(1.3)
        img = text_image(text, px, theme.TEXT_RGB, bold=True)
        box = img.get_rect().inflate(round(40 * s), round(22 * s))
        box.w = min(box.w, lay.table_rect.w - 20)
        box.center = (lay.table_rect.centerx, lay.discard_pile.centery)
        covered = draw_panel(surface, box, s, border=theme.ACCENT_RGB)
        fit = box.w - 16
        return covered.union(
            draw_text(surface, text, px, theme.TEXT_RGB, bold=True, center=box.center, max_w=fit)
        )
