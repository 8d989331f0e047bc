"""The table's dialogs: every question the rules ask a person, and what only they may read.

Each is a kit `Dialog` pushed over the table: the colour for a wild, the player to swap
with, play-or-keep a drawn card, challenge or take a Wild Draw Four (and its result),
take a pending penalty or stack on it, the news kept for a person while they were away.
The pass-the-device screen is the one opaque dialog: it covers every hand until the
next player says they are at the screen.

Dialogs never talk to the match: each calls back into the table with the choice and
closes itself. Every one works with the mouse and with the keyboard.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import COLORS, Card, Color
from uno_desktop.engine import events as ev
from uno_desktop.i18n import _
from uno_desktop.render import theme
from uno_desktop.render.cards import CARD_RATIO, CardPainter
from uno_desktop.ui.kit import (
    Button,
    Overlay,
    Widget,
    draw_fitted,
    draw_panel,
    draw_text,
    fitted_height,
    paint_button,
    row,
)
from uno_desktop.ui.log_text import card_name, color_name, event_line
from uno_desktop.ui.table_paint import paint_hint

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services


#: the key that asks for a hint, at the table and in its dialogs
HINT_KEY = pygame.K_i


class TableOverlay(Overlay):
    """A dialog over the table: the table shows (dimmed) below it.

    A dialog that asks the person something can offer a hint: given `on_hint` (the
    table's "what would the hard computer do here?"), it has a Hint button at the foot of
    its panel and the hint key; the table answers with `show_hint`, which rings the widget
    suggested and shows the one line of why under the button.
    """

    #: asks the table for a hint (None: no Hint button, no hint key here)
    on_hint: Callable[[], None] | None = None
    #: the key of the widget a hint suggests, and its line (None: no line here)
    hint_shown: tuple[str | None, str | None] | None = None
    #: the dialog's panel (each dialog places it in `layout`)
    panel: pygame.Rect
    #: the Hint button, made by `hint_widgets` when the dialog offers hints
    hint_button: Button | None = None
    #: where the table wants the panel: (the felt, the piles); None: the window's centre
    center_on: Callable[[], tuple[pygame.Rect, pygame.Rect]] | None = None

    def panel_rect(self, size: tuple[int, int], w: int, h: int) -> pygame.Rect:
        """Centred on the piles, over the felt rather than the side panel, and kept inside
        the felt where it fits (else inside the window)."""
        r = super().panel_rect(size, w, h)
        if self.center_on is not None:
            felt, piles = self.center_on()
            r.center = (felt.centerx, piles.centery)
            r.clamp_ip(felt if felt.w >= r.w and felt.h >= r.h else pygame.Rect((0, 0), size))
        return r

    def hint_widgets(self) -> list[Widget]:
        """The Hint button, for `build` (none without `on_hint`)."""
        if self.on_hint is None:
            return []
        self.hint_button = Button(_("Hint"), self.on_hint, key="hint")
        return [self.hint_button]

    def hint_room(self, scale: float) -> int:
        """Height a panel adds at its foot for the Hint button (0 without one)."""
        return 0 if self.hint_button is None else round(44 * scale) + round(14 * scale)

    def place_hint(self, scale: float) -> None:
        """Put the Hint button at the foot of the panel, in the room `hint_room` gave it
        (call at the end of `layout`)."""
        if self.hint_button is not None:
            gap = round(14 * scale)
            self.hint_button.rect = pygame.Rect(0, 0, round(170 * scale), round(44 * scale))
            self.hint_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - gap)

    def show_hint(self, lit: str | None, line: str | None) -> None:
        """Ring the widget with key `lit` and show `line` (the table's hint)."""
        self.hint_shown = (lit, line)
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.KEYDOWN
            and event.key == HINT_KEY
            and self.on_hint is not None
            and not self.closed
        ):
            self.on_hint()
            self.dirty = True
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.closed or self.hint_shown is None:
            return
        lit, line = self.hint_shown
        s = self.scale
        for w in self.group.widgets:
            if lit is not None and w.visible and getattr(w, "key", None) == lit:
                ring = w.rect.inflate(round(18 * s), round(18 * s))
                radius = ring.h // 2 if abs(ring.w - ring.h) < 4 else round(16 * s)
                pygame.draw.rect(
                    surface, theme.HINT_RGB, ring, max(3, round(4 * s)), border_radius=radius
                )
        button = self.hint_button
        if line and button is not None:
            px = max(13, round(24 * s))
            y = button.rect.bottom + round(12 * s) + px // 2 + round(7 * s)
            paint_hint(surface, line, px, (button.rect.centerx, y), self.size[0] - 16, s)

    def _card_shadow(self, surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
        sh = self.services.painter.shadow(width)
        surface.blit(
            sh,
            sh.get_rect(
                center=(rect.centerx + max(2, width // 20), rect.centery + max(3, width // 12))
            ),
        )


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


# ----------------------------------------------------------------------------- play or keep


class PlayOrKeepOverlay(TableOverlay):
    """The card just drawn is playable: play it now, or keep it and end the turn.

    A low, wide panel (the card on the left, the question and the buttons on the right)
    put above or below the piles, never on them: the player decides looking at the
    discard pile and the colour disc (`anchor` gives the felt and the piles' area)."""

    def __init__(
        self,
        services: Services,
        card: Card,
        on_play: Callable[[], None],
        on_keep: Callable[[], None],
        on_hint: Callable[[], None] | None = None,
        anchor: Callable[[], tuple[pygame.Rect, pygame.Rect]] | None = None,
    ) -> None:
        self.card = card
        self.on_play = on_play
        self.on_keep = on_keep
        self.on_hint = on_hint
        self.anchor = anchor
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title_box = pygame.Rect(0, 0, 0, 0)
        self.card_w = 90
        super().__init__(services)

    def build(self) -> None:
        self.play_button = Button(_("Play it"), self.picked(self.on_play), style="go", key="play")
        self.keep_button = Button(_("Keep it"), self.picked(self.on_keep), key="keep")
        self.group.set_widgets([self.play_button, self.keep_button, *self.hint_widgets()])

    def layout(self, size: tuple[int, int], scale: float) -> None:
        self.card_w = round(96 * scale)
        card_h = round(self.card_w * CARD_RATIO)
        pad = round(20 * scale)
        bw, bh, bgap = round(150 * scale), round(50 * scale), round(16 * scale)
        hint = [self.hint_button] if self.hint_button is not None else []
        buttons = [self.play_button, self.keep_button, *hint]
        right_w = len(buttons) * bw + (len(buttons) - 1) * bgap
        w = pad + self.card_w + pad + right_w + pad
        h = pad + max(card_h, round(76 * scale) + bgap + bh) + pad
        self.panel = self.panel_rect(size, w, h)
        if self.anchor is not None:
            felt, piles = self.anchor()
            self.panel.centerx = felt.centerx
            self.panel.top = piles.bottom + pad
            if self.panel.bottom > felt.bottom - pad // 2:
                self.panel.bottom = piles.top - pad
        x = self.panel.x + pad + self.card_w + pad
        self.title_box = pygame.Rect(x, self.panel.y + pad, right_w, round(76 * scale))
        row(buttons, x + right_w // 2, self.panel.bottom - pad - bh, bw, bh, bgap)

    def layout_problems(self) -> list[str]:
        problems = super().layout_problems()
        if self.anchor is not None:
            felt, piles = self.anchor()
            if self.panel.colliderect(piles):
                problems.append(f"the panel {self.panel} covers the piles {piles}")
            if not felt.contains(self.panel):
                problems.append(f"the panel {self.panel} leaves the table {felt}")
        return problems

    def shortcut(self, event: pygame.event.Event) -> bool:
        button = {pygame.K_p: self.play_button, pygame.K_k: self.keep_button}.get(event.key)
        if button is None:
            return False
        button.activate()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False  # Esc reaches the table: the pause menu
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.panel, s)
        draw_fitted(
            surface,
            _("You drew {card}").format(card=card_name(self.card)),
            round(28 * s),
            theme.TEXT_RGB,
            self.title_box,
            bold=True,
            shadow=True,
        )
        img = self.services.painter.face(self.card, self.card_w)
        pad = round(20 * s)
        rect = img.get_rect(midleft=(self.panel.x + pad, self.panel.centery))
        self._card_shadow(surface, rect, self.card_w)
        surface.blit(img, rect)


# ----------------------------------------------------------------------------- penalties


class PenaltyOverlay(TableOverlay):
    """A banner above the hand: a Draw Two / Wild Draw Four waits for you.

    Not modal: stackable cards in the hand below stay clickable (they are highlighted
    by the table). Buttons: Challenge (when allowed) and "Take N cards". Keys: T takes,
    H challenges ("hold on!").
    """

    modal = False
    dim_alpha = 0

    def __init__(
        self,
        services: Services,
        amount: int,
        offender: str | None,
        can_challenge: bool,
        can_stack: bool,
        on_take: Callable[[], None],
        on_challenge: Callable[[], None] | None,
        anchor: Callable[[], tuple[pygame.Rect, pygame.Rect]] | None = None,
    ) -> None:
        self.amount = amount
        self.offender = offender
        self.can_challenge = can_challenge and on_challenge is not None
        self.can_stack = can_stack
        self.on_take = on_take
        self.on_challenge = on_challenge
        self.anchor = anchor
        self.panel = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    @property
    def kind(self) -> str:
        return "challenge" if self.can_challenge else "stack"

    def build(self) -> None:
        widgets = []
        if self.can_challenge and self.on_challenge is not None:
            self.challenge_button = Button(
                _("Challenge"), self.picked(self.on_challenge), style="danger", key="challenge"
            )
            widgets.append(self.challenge_button)
        self.take_button = Button(
            _("Take {n} cards").format(n=self.amount),
            self.picked(self.on_take),
            style="primary",
            key="take",
        )
        widgets.append(self.take_button)
        self.group.set_widgets(widgets)
        self.group.focus(None)  # the arrows and Enter stay with the hand below

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w = round(560 * scale)
        h = round(132 * scale)
        if self.anchor is not None:
            table, hand = self.anchor()
            self.panel = pygame.Rect(0, 0, min(w, table.w), h)
            self.panel.midbottom = (table.centerx, hand.top + round(hand.h * 0.18))
        else:
            self.panel = pygame.Rect(0, 0, w, h)
            self.panel.midbottom = (size[0] // 2, size[1] - round(200 * scale))
        row(
            self.buttons,
            self.panel.centerx,
            self.panel.bottom - round(60 * scale),
            round(200 * scale),
            round(46 * scale),
            round(18 * scale),
        )

    def shortcut(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_t:
            self.take_button.activate()
            return True
        if event.key == pygame.K_h and self.can_challenge:
            self.challenge_button.activate()
            return True
        return False

    def resume(self) -> None:
        super().resume()
        self.group.focus(None)

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.panel, s, border=theme.ACCENT_RGB)
        if self.can_challenge and self.offender:
            title = _("{name} played a Wild Draw Four on you!").format(name=self.offender)
        elif self.offender:
            title = _("{name} passes {n} cards to you!").format(name=self.offender, n=self.amount)
        else:
            title = _("{n} cards wait for you!").format(n=self.amount)
        if self.can_challenge and self.can_stack:
            hint = _("Challenge it, stack a card, or take the cards.")
        elif self.can_challenge:
            hint = _("Think it was a bluff? Challenge it, or take the cards.")
        elif self.can_stack:
            hint = _("Stack a glowing card on it, or take the cards.")
        else:
            hint = _("Take the cards.")
        draw_text(
            surface,
            title,
            round(26 * s),
            bold=True,
            shadow=True,
            midtop=(self.panel.centerx, self.panel.y + round(12 * s)),
            max_w=self.panel.w - round(24 * s),
        )
        draw_text(
            surface,
            hint,
            round(19 * s),
            theme.TEXT_DIM_RGB,
            midtop=(self.panel.centerx, self.panel.y + round(42 * s)),
            max_w=self.panel.w - round(24 * s),
        )


class ChallengeResultOverlay(TableOverlay):
    """After a challenge: who was right, who draws; the offender's hand only for the challenger."""

    def __init__(
        self,
        services: Services,
        text: str,
        guilty: bool,
        hand: Sequence[Card] = (),
        owner: str = "",
        on_close: Callable[[], None] | None = None,
    ) -> None:
        self.text = text
        self.guilty = guilty
        self.hand = tuple(hand)
        self.owner = owner
        self.on_close = on_close
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.card_w = 60
        super().__init__(services)

    def build(self) -> None:
        self.ok = Button(_("OK"), self.back, style="go", key="ok")
        self.group.set_widgets([self.ok])

    def back(self) -> None:
        if not self.closed:
            self.close()
            if self.on_close is not None:
                self.on_close()

    def layout(self, size: tuple[int, int], scale: float) -> None:
        self.card_w = round(64 * scale)
        w = round(620 * scale)
        h = round(190 * scale) + (round(self.card_w * 1.5) + round(40 * scale) if self.hand else 0)
        self.panel = self.panel_rect(size, w, h)
        row(
            [self.ok],
            self.panel.centerx,
            self.panel.bottom - round(70 * scale),
            round(160 * scale),
            round(50 * scale),
            0,
        )

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        border = theme.SUCCESS_RGB if self.guilty else theme.DANGER_RGB
        draw_panel(surface, self.panel, s, border=border)
        draw_text(
            surface,
            _("Challenge!"),
            round(24 * s),
            theme.TEXT_DIM_RGB,
            midtop=(self.panel.centerx, self.panel.y + round(18 * s)),
        )
        draw_text(
            surface,
            self.text,
            round(32 * s),
            heading=True,
            shadow=True,
            midtop=(self.panel.centerx, self.panel.y + round(48 * s)),
            max_w=self.panel.w - round(30 * s),
        )
        if not self.hand:
            return
        draw_text(
            surface,
            _("{name}'s hand:").format(name=self.owner),
            round(20 * s),
            theme.TEXT_DIM_RGB,
            midtop=(self.panel.centerx, self.panel.y + round(92 * s)),
        )
        cw = self.card_w
        avail = self.panel.w - round(40 * s)
        step = min(cw * 1.05, (avail - cw) / max(1, len(self.hand) - 1))
        total = cw + step * (len(self.hand) - 1)
        x0 = self.panel.centerx - total / 2
        y = self.panel.y + round(118 * s)
        for i, card in enumerate(sorted(self.hand, key=Card.sort_key)):
            surface.blit(self.services.painter.face(card, cw), (round(x0 + i * step), y))


# ----------------------------------------------------------------------------- hand-off


class HandoffOverlay(TableOverlay):
    """Pass-and-play: an opaque screen that hides every hand until the next player is ready,
    and tells them what everybody saw since their last turn (`lines`, public only)."""

    transparent = False

    def __init__(
        self,
        services: Services,
        seat: int,
        name: str,
        on_ready: Callable[[int], None],
        lines: Sequence[str] = (),
        on_menu: Callable[[], None] | None = None,
    ) -> None:
        self.seat = seat
        self.name = name
        self.on_ready = on_ready
        self.lines = list(lines)
        #: Esc: the pause menu over this screen (the family may want to stop right here)
        self.on_menu = on_menu
        self._bg: pygame.Surface | None = None
        self.summary = pygame.Rect(0, 0, 0, 0)
        self.line_px = 20
        super().__init__(services)

    def build(self) -> None:
        self.ready = Button(
            _("I'm {name}: show my cards").format(name=self.name),
            self.picked(lambda: self.on_ready(self.seat)),
            style="primary",
            key="ready",
        )
        self.group.set_widgets([self.ready])

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        self.line_px = max(12, round(20 * scale))
        line_h = round(self.line_px * 1.3)
        rows = len(self.lines) + 1 if self.lines else 0
        box_h = rows * line_h + round(20 * scale) if rows else 0
        top = round(h * 0.3) + round(62 * scale)
        self.summary = pygame.Rect(0, top, min(w - round(40 * scale), round(700 * scale)), box_h)
        self.summary.centerx = w // 2
        button_top = (self.summary.bottom if rows else top) + round(18 * scale)
        row([self.ready], w // 2, button_top, round(420 * scale), round(70 * scale), 0)

    def back(self) -> None:
        if self.on_menu is not None and not self.closed:
            self.on_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        return True  # nothing reaches the hidden table

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        if self._bg is None or self._bg.get_size() != size:
            bg = pygame.Surface(size)
            bg.fill(theme.TABLE_DARK_RGB)
            w, h = size
            for i in range(16):
                t = i / 15
                col = tuple(
                    round(a + (b - a) * t) for a, b in zip(theme.TABLE_DARK_RGB, theme.TABLE_RGB)
                )
                rw, rh = round(w * (1.4 - 0.9 * t)), round(h * (1.4 - 0.9 * t))
                pygame.draw.ellipse(bg, col, pygame.Rect((w - rw) // 2, (h - rh) // 2, rw, rh))
            self._bg = bg
        return self._bg

    def draw(self, surface: pygame.Surface) -> None:
        if self.closed:
            return
        size = surface.get_size()
        if self._layout_key != self._key_for(size):
            self.relayout(size)
        surface.blit(self._background(size), (0, 0))
        s = self.scale
        w, h = size
        title_y = round(h * 0.3)
        back = self.services.painter.back(round(56 * s))
        for i, angle in enumerate((-14, 0, 14)):
            img = pygame.transform.rotozoom(back, angle, 1.0)
            surface.blit(
                img,
                img.get_rect(center=(w // 2 + (i - 1) * round(28 * s), title_y - round(96 * s))),
            )
        draw_text(
            surface,
            _("Pass to {name}").format(name=self.name),
            round(60 * s),
            heading=True,
            shadow=True,
            center=(w // 2, title_y),
            max_w=w - 40,
        )
        draw_text(
            surface,
            _("Everyone else, please look away."),
            round(24 * s),
            theme.TEXT_DIM_RGB,
            center=(w // 2, title_y + round(38 * s)),
        )
        if self.lines:
            box = self.summary
            draw_panel(surface, box, s)
            line_h = round(self.line_px * 1.3)
            x = box.x + round(16 * s)
            y = box.y + round(10 * s)
            draw_text(
                surface,
                _("Since your last turn:"),
                self.line_px,
                theme.ACCENT_RGB,
                bold=True,
                topleft=(x, y),
            )
            for line in self.lines:
                y += line_h
                draw_text(
                    surface, line, self.line_px, topleft=(x, y), max_w=box.right - round(16 * s) - x
                )
        self.group.draw(surface, s)
        draw_text(
            surface,
            _("Press Enter when you are ready · Esc: menu"),
            round(18 * s),
            theme.TEXT_DIM_RGB,
            midtop=(w // 2, self.ready.rect.bottom + round(14 * s)),
        )


# ----------------------------------------------------------------------------- private news


class NewsOverlay(TableOverlay):
    """Right after a hand-off: what only this person may know since they last held the
    screen (cards they drew while away, a hand they received), with the cards themselves."""

    def __init__(
        self,
        services: Services,
        events: Sequence[ev.Event],
        names: Sequence[str],
        seat: int,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        self.seat = seat
        self.items: list[tuple[str, tuple[Card, ...]]] = []
        for e in events:
            line = event_line(e, names, seat) or ""
            cards: tuple[Card, ...] = ()
            if type(e) is ev.CardsDrawn:
                cards = e.cards
            elif type(e) is ev.ChallengeResolved:
                cards = e.hand
            elif type(e) in (ev.HandsSwapped, ev.HandsRotated):
                line = f"{line} {_('Your hand is new: have a look.')}".strip()
            self.items.append((line, tuple(sorted(cards, key=Card.sort_key))))
        self.on_close = on_close
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.card_w = 50
        self.rows: list[tuple[int, int]] = []  # (text y, cards y or -1) per item
        super().__init__(services)

    def build(self) -> None:
        self.ok = Button(_("OK"), self.back, style="go", key="ok")
        self.group.set_widgets([self.ok])

    def back(self) -> None:
        if not self.closed:
            self.close()
            if self.on_close is not None:
                self.on_close()

    def layout(self, size: tuple[int, int], scale: float) -> None:
        self.card_w = round(52 * scale)
        card_h = round(self.card_w * 1.5)
        y = round(72 * scale)
        self.rows = []
        for _line, cards in self.items:
            text_y = y
            y += round(34 * scale)
            cards_y = -1
            if cards:
                cards_y = y
                y += card_h + round(12 * scale)
            self.rows.append((text_y, cards_y))
        h = y + round(86 * scale)
        self.panel = self.panel_rect(size, round(660 * scale), h)
        row(
            [self.ok],
            self.panel.centerx,
            self.panel.bottom - round(68 * scale),
            round(160 * scale),
            round(50 * scale),
            0,
        )

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        p = self.panel
        draw_panel(surface, p, s, border=theme.ACCENT_RGB)
        draw_text(
            surface,
            _("Only for you, while you were away"),
            round(28 * s),
            bold=True,
            shadow=True,
            midtop=(p.centerx, p.y + round(20 * s)),
            max_w=p.w - round(30 * s),
        )
        painter = self.services.painter
        for (line, cards), (text_y, cards_y) in zip(self.items, self.rows):
            draw_text(
                surface,
                line,
                round(22 * s),
                midtop=(p.centerx, p.y + text_y),
                max_w=p.w - round(30 * s),
            )
            if cards_y < 0:
                continue
            cw = self.card_w
            avail = p.w - round(40 * s)
            step = min(cw * 1.05, (avail - cw) / max(1, len(cards) - 1))
            x0 = p.centerx - (cw + step * (len(cards) - 1)) / 2
            for i, card in enumerate(cards):
                surface.blit(painter.face(card, cw), (round(x0 + i * step), p.y + cards_y))
