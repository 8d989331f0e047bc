"""What one viewer sees of the table at one moment, as one frozen value.

The table scene builds a `TableFrame` (`ui/table/frame_builder.py`) and the painter
(`ui/table/paint/painter.py`) draws it and nothing else; the replay builds its own. A frame holds
no secret: the bottom hand's faces are in it only when they are the viewer's.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from uno_desktop.engine import Card, Color
from uno_desktop.render.animator import Sprite
from uno_desktop.render.layout import TableLayout
from uno_desktop.ui.moments import BannerFrame
from uno_desktop.ui.table.chips import Chips
from uno_desktop.ui.table.targets import Target


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
    jump_in: bool = False  # may be played out of turn now: a white ring and a "Jump in!" tag


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
    phone: bool | None = None  # a phone seat: whether its phone is connected (None: no phone)
    key: str | None = None  # the people's window: the key cap this seat's person presses
    stand_in: bool = False  # a computer plays this phone seat until its phone is back


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
class Hit:
    """Where a click finds `target` in the frame."""

    rect: pygame.Rect
    target: Target


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
    chips: Chips | None = None  # the house rules in force, at the top of the side panel
    penalty: int = 0  # cards waiting (a Draw Two, a stack building): "+6" on the pile
    drag: HandCard | None = None  # a card of the viewer's hand dragged by the pointer
    targets: tuple[Hit, ...] = ()  # what a click hits, topmost first

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """What a click at `pos` hits in this frame (None: the bare felt)."""
        return next((h.target for h in self.targets if h.rect.collidepoint(pos)), None)
