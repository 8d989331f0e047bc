"""Drag a card from the hand onto the pile to play it (the mouse only; a click still
plays, the keys are unchanged).

A press on a card of the viewer's hand starts a drag; once the pointer has moved
DRAG_PX the card follows it. Let go over the discard pile: the card is played as a click
would play it (or refused, shaking, with one line of why); anywhere else it goes back to
the hand. Only the viewer's own faces can be dragged (the hand shows faces only then).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import Card

if TYPE_CHECKING:
    from uno_desktop.ui.table.scene import TableScene

#: the pointer moves this far with the button down before a press becomes a drag
DRAG_PX = 8


@dataclass
class Drag:
    """A card being dragged: which, where the press began, where the pointer is, and
    where on the card it was taken (so the card does not jump to the pointer)."""

    card: Card
    start: tuple[int, int]
    pos: tuple[int, int]
    grab: tuple[int, int]
    moving: bool = False


class CardDrag:
    """The drag of one table (at most one card at a time)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.drag: Drag | None = None

    def press(self, card: Card, rect: pygame.Rect, pos: tuple[int, int]) -> None:
        """The button went down on `card`, drawn at `rect`: it may become a drag."""
        self.drag = Drag(card, pos, pos, (pos[0] - rect.x, pos[1] - rect.y))

    def move(self, pos: tuple[int, int]) -> bool:
        """The pointer moved with the button down; True when a card is being dragged."""
        d = self.drag
        if d is None:
            return False
        d.pos = pos
        if not d.moving and max(abs(pos[0] - d.start[0]), abs(pos[1] - d.start[1])) >= DRAG_PX:
            d.moving = True
        if d.moving:
            self.table.dirty = True
        return d.moving

    def drop(self, pos: tuple[int, int]) -> bool:
        """The button came up: True when it ended a drag (then it is no click)."""
        d, self.drag = self.drag, None
        if d is None or not d.moving:
            return False
        t = self.table
        t.dirty = True
        if not t.input_ok:
            return True  # the table settles first: the card goes back, as a click waits
        if self.over_pile(pos) and t.shown is not None and t.shown == t.bottom:
            if d.card in t.frames.playable():
                t.actions.try_play(d.card)
            else:
                t.actions.refuse(d.card)
        return True

    def cancel(self) -> None:
        if self.drag is not None:
            self.drag = None
            self.table.dirty = True

    def over_pile(self, pos: tuple[int, int]) -> bool:
        """Whether `pos` is on the discard pile (a generous target)."""
        lay = self.table.ensure_layout(self.table.current_size())
        return lay.discard_pile.inflate(lay.card_w // 2, lay.card_w // 2).collidepoint(pos)

    def dragged(self) -> tuple[Card, pygame.Rect] | None:
        """The card being dragged and where it is drawn now (None: no drag)."""
        d = self.drag
        t = self.table
        if d is None or not d.moving or t.shown is None or t.shown != t.bottom:
            return None
        if d.card not in t.frames.hand_cards():  # played meanwhile, or not this viewer's
            return None
        lay = t.ensure_layout(t.current_size())
        rect = pygame.Rect(d.pos[0] - d.grab[0], d.pos[1] - d.grab[1], lay.card_w, lay.card_h)
        return d.card, rect
