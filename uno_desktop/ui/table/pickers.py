"""The table's pickers: the colour for a wild, and the player to swap hands with.

Numbered choices (keys 1-9 press one; arrows and Enter work too; Esc puts the card back
in the hand) with a Hint button where a hint may help. The player picker lights the seat
it points at on the table below.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import COLORS, Card, Color
from uno_desktop.lang.card_names import card_name, color_name
from uno_desktop.lang.i18n import _
from uno_desktop.render import theme
from uno_desktop.render.cards import CardPainter
from uno_desktop.ui.kit import (
    Button,
    draw_fitted,
    draw_panel,
    draw_text,
    fitted_height,
    paint_button,
    row,
)
from uno_desktop.ui.table.dialogs import TableOverlay

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services


def _number_key(event: pygame.event.Event) -> int | None:
    """1-9 on the main keys or the keypad, as 0-8; else None."""
    if pygame.K_1 <= event.key <= pygame.K_9:
        return int(event.key - pygame.K_1)
    if pygame.K_KP1 <= event.key <= pygame.K_KP9:
        return int(event.key - pygame.K_KP1)
    return None


# ----------------------------------------------------------------------------- colour picker


class _Picker(TableOverlay):
    """A choice among numbered buttons: keys 1-9 press one; Esc puts the card back."""

    on_cancel: Callable[[], None] | None = None

    def numbered(self) -> Sequence[Button]:
        """The choices, in the order their number keys press them."""
        raise NotImplementedError

    def shortcut(self, event: pygame.event.Event) -> bool:
        n = _number_key(event)
        buttons = self.numbered()
        if n is not None and n < len(buttons):
            buttons[n].activate()
            return True
        return False

    def back(self) -> None:
        if self.on_cancel is not None:
            self.close()
            self.on_cancel()


class Swatch(Button):
    """A colour to choose: a big disc in that colour with its shape, its name below."""

    def __init__(
        self, color: Color, number: int, painter: CardPainter, on_press: Callable[[], None]
    ) -> None:
        super().__init__(color_name(color), on_press, key=str(number))
        self.color, self.number, self.painter = color, number, painter

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        lit = self.focused or self.hovered
        rect = self.rect.move(0, -round(6 * s) if lit else 0)
        if lit:
            ring = rect.inflate(round(14 * s), round(14 * s))
            pygame.draw.ellipse(surface, theme.ACCENT_RGB, ring, max(2, round(4 * s)))
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 80), shadow.get_rect())
        surface.blit(shadow, rect.move(0, round(6 * s)))
        img = self.painter.color_swatch(self.color, self.rect.w)
        surface.blit(img, img.get_rect(center=rect.center))
        draw_text(
            surface,
            color_name(self.color),
            round(24 * s),
            bold=True,
            midtop=(self.rect.centerx, self.rect.bottom + round(10 * s)),
        )
        draw_text(
            surface,
            str(self.number),
            round(18 * s),
            theme.TEXT_DIM_RGB,
            midtop=(self.rect.centerx, self.rect.bottom + round(36 * s)),
        )


class ColorPickerOverlay(_Picker):
    """Four big swatches with their shapes; keys 1-4, arrows and Enter; Esc puts the card back."""

    def __init__(
        self,
        services: Services,
        on_choose: Callable[[Color], None],
        on_cancel: Callable[[], None] | None = None,
        card: Card | None = None,
        on_hint: Callable[[], None] | None = None,
        center_on: Callable[[], tuple[pygame.Rect, pygame.Rect]] | None = None,
    ) -> None:
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.card = card
        self.on_hint = on_hint
        self.center_on = center_on
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title_box = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    def build(self) -> None:
        painter = self.services.painter
        self.swatches = [
            Swatch(c, i + 1, painter, self.picked(partial(self.on_choose, c)))
            for i, c in enumerate(COLORS)
        ]
        self.group.set_widgets([*self.swatches, *self.hint_widgets()])

    def title(self) -> str:
        if self.card is None:
            return _("Choose a colour")
        return _("Choose a colour for your {card}").format(card=card_name(self.card))

    def layout(self, size: tuple[int, int], scale: float) -> None:
        sw = round(96 * scale)
        gap = round(26 * scale)
        w = min(4 * sw + 3 * gap + round(80 * scale), size[0] - 16)
        width = w - round(30 * scale)
        title_h = fitted_height(self.title(), round(34 * scale), width, bold=True)
        extra = max(0, title_h - round(40 * scale))  # a title on two lines pushes down
        self.panel = self.panel_rect(size, w, round(260 * scale) + extra + self.hint_room(scale))
        self.title_box = pygame.Rect(0, self.panel.y + round(18 * scale), width, title_h)
        self.title_box.centerx = self.panel.centerx
        top = self.panel.y + round(78 * scale) + extra
        row(self.swatches, self.panel.centerx, top, sw, sw, gap)
        self.place_hint(scale)

    def numbered(self) -> Sequence[Button]:
        return self.swatches

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.panel, s)
        draw_fitted(
            surface,
            self.title(),
            round(34 * s),
            theme.TEXT_RGB,
            self.title_box,
            bold=True,
            shadow=True,
        )


# ----------------------------------------------------------------------------- choose a player


@dataclass(frozen=True)
class SeatChoice:
    seat: int
    name: str
    cards: int


class SeatButton(Button):
    """A seat to pick: its number key, a card back, the name and how many cards it holds."""

    def __init__(
        self, choice: SeatChoice, number: int, painter: CardPainter, on_press: Callable[[], None]
    ) -> None:
        super().__init__(choice.name, on_press, key=str(choice.seat))
        self.choice, self.number, self.painter = choice, number, painter

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        r = self.rect
        paint_button(
            surface, r, "", s, hover=self.hovered, focus=self.focused, pressed=self.pressed
        )
        back = self.painter.back(max(12, round(22 * s)))
        x = r.x + round(12 * s)
        surface.blit(back, back.get_rect(midleft=(x, r.centery)))
        draw_text(
            surface,
            str(self.number),
            round(16 * s),
            (90, 96, 92),
            center=(x + back.get_width() // 2, r.centery),
        )
        c = self.choice
        count = _("{n} cards").format(n=c.cards) if c.cards != 1 else _("1 card")
        count_rect = draw_text(
            surface,
            count,
            round(20 * s),
            (80, 84, 88),
            midright=(r.right - round(14 * s), r.centery),
        )
        tx = x + back.get_width() + round(10 * s)
        name_box = pygame.Rect(tx, r.y + 2, count_rect.left - tx - round(10 * s), r.h - 4)
        draw_fitted(
            surface, c.name, round(26 * s), theme.TEXT_DARK_RGB, name_box, bold=True, align="left"
        )


class ChoosePlayerOverlay(_Picker):
    """The other seats with their card counts (Wild Swap Hands, a 7 under 7-0, a swap rule).

    The table is dimmed only lightly: the seat pointed at (`pointed_seat`) is lit on it."""

    dim_alpha = 50

    def __init__(
        self,
        services: Services,
        title: str,
        choices: Sequence[SeatChoice],
        on_choose: Callable[[int], None],
        on_cancel: Callable[[], None] | None = None,
        on_hint: Callable[[], None] | None = None,
        center_on: Callable[[], tuple[pygame.Rect, pygame.Rect]] | None = None,
    ) -> None:
        self.title_text = title
        self.choices = list(choices)
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.on_hint = on_hint
        self.center_on = center_on
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title_box = pygame.Rect(0, 0, 0, 0)
        self.subtitle_y = 0
        super().__init__(services)

    def build(self) -> None:
        painter = self.services.painter
        self.seat_buttons = [
            SeatButton(c, i + 1, painter, self.picked(partial(self.on_choose, c.seat)))
            for i, c in enumerate(self.choices)
        ]
        self.group.set_widgets([*self.seat_buttons, *self.hint_widgets()])

    def layout(self, size: tuple[int, int], scale: float) -> None:
        n = len(self.choices)
        cols = 1 if n <= 3 else 2 if n <= 6 else 3
        rows = (n + cols - 1) // cols
        bw, bh, gap = round(260 * scale), round(56 * scale), round(14 * scale)
        w = min(cols * bw + (cols - 1) * gap + round(60 * scale), size[0] - 16)
        bw = min(bw, (w - round(60 * scale) - (cols - 1) * gap) // cols)
        width = w - round(30 * scale)
        title_h = fitted_height(self.title_text, round(32 * scale), width, bold=True)
        extra = max(0, title_h - round(38 * scale))  # a title on two lines pushes down
        h = round(110 * scale) + extra + rows * bh + (rows - 1) * gap + round(30 * scale)
        self.panel = self.panel_rect(size, w, h + self.hint_room(scale))
        self.title_box = pygame.Rect(0, self.panel.y + round(20 * scale), width, title_h)
        self.title_box.centerx = self.panel.centerx
        self.subtitle_y = self.title_box.bottom + round(4 * scale)
        x0 = self.panel.x + round(30 * scale)
        y0 = self.panel.y + round(100 * scale) + extra
        for i, b in enumerate(self.seat_buttons):
            r, col = divmod(i, cols)
            b.rect = pygame.Rect(x0 + col * (bw + gap), y0 + r * (bh + gap), bw, bh)
        self.place_hint(scale)

    @property
    def pointed_seat(self) -> int | None:
        """The seat under the pointer, else the one with the keyboard focus."""
        for b in self.seat_buttons:
            if b.hovered:
                return b.choice.seat
        for b in self.seat_buttons:
            if b.focused:
                return b.choice.seat
        return None

    def numbered(self) -> Sequence[Button]:
        return self.seat_buttons

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.panel, s)
        draw_fitted(
            surface,
            self.title_text,
            round(32 * s),
            theme.TEXT_RGB,
            self.title_box,
            bold=True,
            shadow=True,
        )
        draw_text(
            surface,
            _("Pick a player"),
            round(20 * s),
            theme.TEXT_DIM_RGB,
            midtop=(self.panel.centerx, self.subtitle_y),
            max_w=self.title_box.w,
        )


def pointed_seat(modal: object) -> int | None:
    """The seat an open player picker `modal` points at (lit on the table), else None."""
    if isinstance(modal, ChoosePlayerOverlay) and not modal.closed:
        return modal.pointed_seat
    return None
