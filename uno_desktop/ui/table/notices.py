"""What a person at the table reads: a challenge's result, the hand-off screen between
two people, and the private news kept for a person while they were away.

The hand-off screen is the one opaque dialog: it covers every hand until the next player
says they are at the screen. A challenge's shown hand and a person's news are only ever
shown to the person they are addressed to (the table decides who, in
`ui/table/events.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from uno_desktop.engine import Card
from uno_desktop.lang.i18n import _
from uno_desktop.render import theme
from uno_desktop.ui.kit import (
    Button,
    draw_panel,
    draw_text,
    row,
)
from uno_desktop.ui.table.dialogs import TableOverlay
from uno_desktop.ui.table.events import ChallengeNote, NewsItem

if TYPE_CHECKING:
    from uno_desktop.engine import events as ev
    from uno_desktop.ui.scene import Scene, SceneStack
    from uno_desktop.ui.services import Services


class _Notice(TableOverlay):
    """A notice closed by its one OK button (or Esc), then `on_close` is called."""

    on_close: Callable[[], None] | None = None

    def build(self) -> None:
        self.ok = Button(_("OK"), self.back, style="go", key="ok")
        self.group.set_widgets([self.ok])

    def back(self) -> None:
        if not self.closed:
            self.close()
            if self.on_close is not None:
                self.on_close()


class ChallengeResultOverlay(_Notice):
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
        heading: str | None = None,
    ) -> None:
        self.seat = seat
        self.heading = heading if heading is not None else _("Since your last turn:")
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
                self.heading,
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


class NewsOverlay(_Notice):
    """Right after a hand-off: what only this person may know since they last held the
    screen (cards they drew while away, a hand they received), with the cards themselves."""

    def __init__(
        self,
        services: Services,
        items: Sequence[NewsItem],
        on_close: Callable[[], None] | None = None,
    ) -> None:
        self.items = list(items)  # a line each, with its cards (`events.news_items`)
        self.on_close = on_close
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.card_w = 50
        self.rows: list[tuple[int, int]] = []  # (text y, cards y or -1) per item
        super().__init__(services)

    def layout(self, size: tuple[int, int], scale: float) -> None:
        # the cards shrink until the panel fits the window (never past its OK button)
        fixed = round(72 * scale) + len(self.items) * round(34 * scale) + round(86 * scale)
        with_cards = sum(1 for _line, cards in self.items if cards)
        room = size[1] - round(24 * scale) - fixed - with_cards * round(12 * scale)
        card_h = round(52 * scale * 1.5)
        if with_cards and room < with_cards * card_h:
            card_h = max(18, room // with_cards)
        self.card_w = max(12, round(card_h / 1.5))
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


#: how long a toast (a challenge result told to everyone) stays up
TOAST_S = 2.6


class ResultStage(Protocol):
    """What the challenge results ask of the table they are told at."""

    stack: SceneStack | None
    modal: Scene | None  # a dialog the person reads first
    delivered: list[tuple[int, ev.Event]]  # every private result shown, with its seat

    @property
    def shown(self) -> int | None: ...
    def modal_closed(self) -> None: ...


class ChallengeResults:
    """A challenge's result: a private panel with the shown hand for the challenger at the
    screen (once nothing else is open), a short public note for everyone else (the
    toast, without any hand, up for TOAST_S)."""

    def __init__(self, table: ResultStage, services: Services) -> None:
        self.table = table
        self.services = services
        self.pending: ChallengeNote | None = None
        self.toast: str | None = None
        self.toast_s = 0.0

    def note(self, note: ChallengeNote) -> None:
        if note.private_to is not None:
            self.pending = note
            if self.table.modal is None:
                self.show()  # at once, while the cards it costs fly
        else:
            self.toast, self.toast_s = note.text, TOAST_S

    def count_down(self, dt_s: float) -> bool:
        """Take the toast down when its time is up; True when it went."""
        if self.toast is None:
            return False
        self.toast_s -= dt_s
        if self.toast_s > 0:
            return False
        self.toast = None
        return True

    def show(self) -> bool:
        """Show a result waiting for the challenger at the screen, in a panel with the
        hand it showed; True when it opened."""
        t = self.table
        note, stack = self.pending, t.stack
        if note is None or t.modal is not None or stack is None:
            return False
        self.pending = None
        seat = t.shown
        if seat is None or note.private_to != seat:
            return False
        t.delivered.append((seat, note.event))
        t.modal = ChallengeResultOverlay(
            self.services,
            note.text,
            note.guilty,
            note.hand,
            note.owner,
            on_close=t.modal_closed,
        )
        stack.push(t.modal)
        return True
