"""The table's dialogs: the base every one of them shares, and the questions of a turn.

Each is a kit `Dialog` pushed over the table. Here: `TableOverlay` (the base: a panel
placed over the felt, a Hint button and key where a hint may help), play-or-keep a drawn
card, and the penalty banner (challenge a Wild Draw Four, stack on a penalty, or take
it). The pickers (a wild's colour, whom to swap with) are in `ui/table/pickers.py`; what
a person reads (a challenge's result, the hand-off screen, private news) is in
`ui/table/notices.py`.

Dialogs never talk to the match: each calls back into the table with the choice and
closes itself. Every one works with the mouse and with the keyboard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import Card
from uno_desktop.lang.card_names import card_name
from uno_desktop.lang.i18n import _
from uno_desktop.render import theme
from uno_desktop.render.cards import CARD_RATIO
from uno_desktop.ui.kit import (
    Button,
    Overlay,
    Widget,
    draw_fitted,
    draw_panel,
    draw_text,
    row,
)
from uno_desktop.ui.table.paint.panel import paint_hint
from uno_desktop.view.narration import penalty_title

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
            if lit is not None and w.visible and isinstance(w, Button) and w.key == lit:
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
            _("You drew a {card}").format(card=card_name(self.card)),
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
    H challenges ("hold on!"). The buttons are stops of the table's focus ring, which
    starts on the first one: Enter presses it, the arrows go to the hand.
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
        kind: str | None = None,
        costs: str | None = None,
    ) -> None:
        self.amount = amount
        #: the card on top ("D2", "W4"), and what a challenge costs either way
        self.penalty_kind = kind
        self.costs = costs
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

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w = round(560 * scale)
        h = round(132 * scale) + (round(24 * scale) if self.can_challenge and self.costs else 0)
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

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.panel, s, border=theme.ACCENT_RGB)
        title = penalty_title(self.offender, self.penalty_kind, self.amount, self.can_challenge)
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
        if self.can_challenge and self.costs:
            draw_text(
                surface,
                self.costs,
                round(19 * s),
                theme.ACCENT_RGB,
                midtop=(self.panel.centerx, self.panel.y + round(66 * s)),
                max_w=self.panel.w - round(24 * s),
            )
