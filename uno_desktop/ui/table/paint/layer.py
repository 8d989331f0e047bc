"""The table under the cards in flight, kept between frames, and what a frame changed.

Most frames differ from the one before only in the cards in flight, so the painter keeps
everything under them (felt, piles, seats, the hand, the side panel) as one picture.
The picture is made of parts: the draw pile and its count, the discard pile, the
markers, each other seat, the viewer's plate and hand, each row of the scores, the log,
the keys and each side button. Each part's painting returns the rect it covered (`Ink`),
so when the next frame changes only some parts, just the rects they covered before and
cover now are painted again, each inside its own clip. A change to anything else (the
layout, the colour in play, a banner's place, a name...) paints the whole picture afresh.

The same record tells the window what a frame changed (`ui/areas.py`): the rects painted
again, and where the things over the picture were and are. Nothing else on the screen
differs from the frame before.
"""

from __future__ import annotations

import dataclasses
import functools

import pygame

from uno_desktop.ui.table.frame import SeatFrame, TableFrame

#: the parts of the picture besides the other seats (numbered by seat), in the order
#: they are painted (the other seats go between the markers and the bottom)
PILE = "pile"
PILE_COUNT = "pile count"
DISCARD = "discard"
MARKERS = "markers"
BOTTOM = "bottom"
LOG = "log"
KEYS = "keys"  # under the log
SCORE_ROW = "score row"  # ("score row", 0) the heading, then a row a seat
BUTTON = "button"  # ("button", its key)
Part = int | str | tuple[str, int | str]

#: a frame's fields painted by the parts (or over the picture, or only as time)
_PART_FIELDS = frozenset(
    {"seats", "pile_count", "pile_glow", "discard", "log", "hand", "buttons"}
    | {"sprites", "toast", "banner", "time_s"}
)
#: a seat's fields painted by its own part alone
_SEAT_PART_FIELDS = frozenset({"count", "uno", "thinking"})
#: a thing painted over the picture (a card in flight, the toast, a banner): what it shows
#: and the rect it covered
Over = tuple[object, pygame.Rect]


class Ink:
    """The rects one part painted, joined: where it must be painted over next time."""

    __slots__ = ("_rect",)

    def __init__(self) -> None:
        self._rect: pygame.Rect | None = None

    def add(self, rect: pygame.Rect) -> None:
        if rect.w > 0 and rect.h > 0:
            self._rect = rect.copy() if self._rect is None else self._rect.union(rect)

    @property
    def rect(self) -> pygame.Rect:
        return self._rect.copy() if self._rect is not None else pygame.Rect(0, 0, 0, 0)


@functools.cache
def _table_fields() -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(TableFrame) if f.name not in _PART_FIELDS)


@functools.cache
def _seat_fields() -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(SeatFrame) if f.name not in _SEAT_PART_FIELDS)


def table_key(frame: TableFrame) -> tuple[object, ...]:
    """What the whole picture depends on beyond its parts: when it changes, all of it is
    painted again."""
    seats = tuple(tuple(getattr(s, name) for name in _seat_fields()) for s in frame.seats)
    return (*(getattr(frame, name) for name in _table_fields()), seats)


def pile_layers(count: int) -> int:
    """How many backs the draw pile is drawn with: a thicker stack for more cards."""
    return 0 if count <= 0 else min(4, 1 + count // 25)


def part_keys(frame: TableFrame) -> dict[Part, object]:
    """What each part shows (besides the table key), in the order the parts are painted
    (the cards in flight go over them all)."""
    keys: dict[Part, object] = {
        PILE: (pile_layers(frame.pile_count), frame.pile_glow),
        PILE_COUNT: frame.pile_count,
        DISCARD: frame.discard,
        MARKERS: (),
    }
    for seat in frame.seats:
        if seat.seat != frame.bottom:
            keys[seat.seat] = seat
    keys[BOTTOM] = (frame.seats[frame.bottom], frame.hand)
    keys[SCORE_ROW, 0] = ()
    for seat in frame.seats:
        keys[SCORE_ROW, seat.seat + 1] = seat.count
    keys[LOG] = frame.log
    keys[KEYS] = ()
    for button in frame.buttons:
        keys[BUTTON, button.key] = button
    return keys


def dots_time(frame: TableFrame) -> float:
    """The time as the picture shows it: the thinking dots pulse with it (0 when none)."""
    return frame.time_s if any(s.thinking for s in frame.seats) else 0.0


def thinking_parts(frame: TableFrame) -> list[Part]:
    """The parts whose thinking dots move with the time."""
    return [s.seat for s in frame.seats if s.thinking and s.seat != frame.bottom]


def over_changes(before: list[Over], now: list[Over]) -> list[pygame.Rect]:
    """Where the things painted over the picture changed pixels between two frames: none
    when they are the same things at the same places, else all of them, where they were
    and where they are (cards in flight move every frame; a toast that stayed put is
    shown again with them, cheaper than working out what they changed under it)."""
    return [] if before == now else [rect for _, rect in before + now]
