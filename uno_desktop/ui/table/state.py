"""The table at one moment, as one value: what its parts share and a frame is built from.

`TableScene.state()` (`ui/table/scene.py`) gathers it from the parts that keep it (the
screen's holder, the table as shown, the focus ring, the pointer, the big moments, the
people's window, the hints, the clock). With the viewer's `SeatView` and the layout it
is all `build_frame` (`ui/table/frame_builder.py`) reads: the frame is a function of
these three and nothing else.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from uno_desktop.render.animator import Sprite
from uno_desktop.rules.house_rules import HouseRule
from uno_desktop.ui.moments import Moments
from uno_desktop.ui.table.drag import Drag
from uno_desktop.ui.table.focus import SideButton
from uno_desktop.ui.table.shown import ShownState
from uno_desktop.ui.table.targets import Target

if TYPE_CHECKING:
    from uno_desktop.ai.hint import Hint
    from uno_desktop.ui.table.holder import ScreenHolder
    from uno_desktop.ui.table.source import TableSource


@dataclass(frozen=True)
class Seating:
    """Who sits at the table: names, who plays each seat, the phones, the scores."""

    names: Sequence[str]
    people: tuple[bool, ...]  # by seat: a person plays it (at the screen or on a phone)
    phones: tuple[bool | None, ...]  # by seat: its phone is connected (None: no phone seat)
    stand_ins: tuple[bool, ...]  # by seat: a computer plays it until its phone is back
    scores: tuple[int, ...]  # the match's totals
    lone: bool  # one person at the screen (the turn prompt says less)
    you: int | None  # the seat the log and the round's end address as "you"
    shared: bool  # nobody at the screen, people on phones: no button only a person uses


def seating(
    holder: ScreenHolder, match: TableSource, you: int | None, connected: Collection[int]
) -> Seating:
    """The seats of `match` as `holder` sees them; `connected`: the phone seats online."""
    seats = range(holder.n)
    return Seating(
        names=holder.names,
        people=tuple(match.is_human(s) for s in seats),
        phones=tuple(s in connected if match.is_phone(s) else None for s in seats),
        stand_ins=tuple(match.is_phone(s) and not match.is_human(s) for s in seats),
        scores=tuple(match.totals),
        lone=len(holder.humans) == 1,
        you=you,
        shared=holder.shared,
    )


@dataclass(frozen=True)
class TableState:
    """Everything of the table a frame shows, besides the viewer's seat view and the layout."""

    seats: Seating

    # who is shown, and whether the table rests
    viewer: int | None  # the seat whose hand is face up (None: every hand is down)
    bottom: int  # the seat drawn at the bottom
    has_round: bool
    round_over: bool  # the match's round is over (the shown table may still catch up)
    quiet: bool  # nothing moves, nothing waits to be shown
    input_ok: bool  # quiet, caught up with the match, the round not over
    my_turn: bool  # the viewer is the one the game waits for, and the table rests
    thinking: int | None  # the computer seat whose move is coming

    # the table as shown (it lags behind the match while cards fly)
    shown: ShownState
    log: tuple[str, ...]
    sprites: tuple[Sprite, ...]
    flying: tuple[pygame.Rect, ...]  # where cards fly now or will (the banner keeps clear)
    moments: Moments  # banners, fresh glows, a refused card's shake (read only here)
    time_s: float

    # the person's hands on the table
    takes_keys: bool  # the keys reach the table: its focus ring shows
    focus_card: int | None  # the hand's card in focus
    side_focus: SideButton | None
    chip_focus: int | None
    hover: Target | None
    pressed: Target | None
    drag: Drag | None  # a card of the hand held by the pointer

    # what is said
    toast: str | None  # a challenge's result told to everyone
    why: str | None  # why the card just tried cannot be played
    uno_armed: bool  # the next play says UNO
    can_uno: bool  # the UNO button does something now
    can_catch: bool  # the Catch button does something now
    hints_on: bool
    hint: Hint | None  # the hint for the viewer's turn
    coach_line: str | None  # the lesson's line (None: no lesson, or nothing to say)
    coach_lit: str | None  # the side button the lesson lights now
    coached: bool  # a lesson runs
    challenge_rule: bool  # a Wild Draw Four may be challenged (a bluff is warned of)
    house: tuple[HouseRule, ...]  # the house rules in force (their chips)
    key_lines: tuple[str, ...]  # the line under the log, wrapped to the panel
    window_keys: Mapping[int, str] = field(default_factory=dict)  # the people's window's key caps
    window_line: str | None = None  # the people's window's line, while it is open
    plates: tuple[int, ...] = ()  # the seats whose name plate a click presses now
    picked_seat: int | None = None  # the seat an open player picker points at
    phone_wait_min: int = 0  # whole minutes the table has waited for an away phone
