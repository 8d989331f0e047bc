"""Drag a card from the hand onto the pile to play it (the mouse only; a click still
plays, the keys are unchanged).

A press on a card of the viewer's hand starts a drag; once the pointer has moved
DRAG_PX the card follows it. Let go over the discard pile: the card is played as a click
would play it (or refused, shaking, with one line of why); anywhere else it goes back to
the hand. Only the viewer's own faces can be dragged (the hand shows faces only then).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from uno_desktop.engine import Card
from uno_desktop.render.layout import TableLayout

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

    def __init__(self) -> None:
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
        return d.moving

    def drop(self) -> Card | None:
        """The button came up: the card dragged, when it ended a drag (then it is no click)."""
        d, self.drag = self.drag, None
        return d.card if d is not None and d.moving else None

    def cancel(self) -> None:
        self.drag = None

    def held(self) -> Drag | None:
        """The drag now, as a value (None: no card is held)."""
        return replace(self.drag) if self.drag is not None else None


def over_pile(lay: TableLayout, pos: tuple[int, int]) -> bool:
    """Whether `pos` is on the discard pile (a generous target)."""
    return lay.discard_pile.inflate(lay.card_w // 2, lay.card_w // 2).collidepoint(pos)
