"""What the phones are told about the table's pace: the seat whose phone the table
waits for (and how long it has waited), a computer standing in for that seat, and a
move the big screen has not shown yet (`held`).

A computer stands in for a phone seat only when someone asked (a phone, or the big
screen's pause menu) while that seat's phone is away, and only until the phone is back:
the next pump after it reconnects gives the seat back. It is a normal computer reading
that seat's own observation, like every computer (`Match.stand_in`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from typing import Any, Final, Protocol

WAIT_STEP_S: Final = 10
"""The waited time is sent again this often (the page counts the seconds between)."""


class _Table(Protocol):
    stand_ins: frozenset[int]

    @property
    def round_no(self) -> int: ...
    def human_to_act(self) -> int | None: ...
    def stand_in(self, seat: int, on: bool) -> None: ...


class Waits:
    """The phone seats `seats` of one match: whom the table waits for, since when."""

    def __init__(self, seats: Collection[int], clock: Callable[[], float] = time.monotonic):
        self.seats = frozenset(seats)
        self._clock = clock
        self._live: frozenset[int] = frozenset()
        self._since: tuple[int, float] | None = None

    def check(self, match: _Table, live: Collection[int]) -> bool:
        """Once a pump, with the seats whose phone is connected: a computer standing in
        stops the moment its seat's phone is back; note whom the table waits for. True
        when the match changed."""
        self._live = frozenset(live)
        back = match.stand_ins & self._live
        for seat in sorted(back):
            match.stand_in(seat, False)
        waited = self.waited(match)
        if waited is None:
            self._since = None
        elif self._since is None or self._since[0] != waited:
            self._since = (waited, self._clock())
        return bool(back)

    def waited(self, match: _Table) -> int | None:
        """The phone seat whose turn it is while its phone is away (None: nobody)."""
        if match.round_no == 0:
            return None
        seat = match.human_to_act()
        return seat if seat in self.seats and seat not in self._live else None

    def waited_s(self) -> float:
        return 0.0 if self._since is None else max(0.0, self._clock() - self._since[1])

    def waiting_s(self) -> float | None:
        """How long the table has waited for the phone it waits for now, as of the last
        `check` (None: it waits for none)."""
        return None if self._since is None else self.waited_s()

    def waiting(self, viewer: int) -> dict[str, Any] | None:
        """The state's "waiting" for `viewer`'s phone, as of the last `check`: the seat
        waited for and the whole seconds so far, and that a computer may stand in."""
        if self._since is None or self._since[0] == viewer:
            return None
        return {"seat": self._since[0], "for_s": int(self.waited_s()), "stand_in": True}

    def key(self) -> tuple[int, int] | None:
        """Changes when the waited seat does, and every WAIT_STEP_S (publish again)."""
        if self._since is None:
            return None
        return (self._since[0], int(self.waited_s()) // WAIT_STEP_S)

    def stand_in(self, match: _Table, seat: int | None) -> bool:
        """Someone asks a computer to play `seat` until its phone is back: done when it
        is a phone seat whose phone is away. True when the match changed."""
        if seat is None or seat not in self.seats or seat in self._live:
            return False
        if seat in match.stand_ins:
            return False
        match.stand_in(seat, True)
        if self._since is not None and self._since[0] == seat:
            self._since = None  # the table waits no more
        return True


def held(state: dict[str, Any]) -> dict[str, Any]:
    """`state` without what a phone could act on (the big screen is still showing the
    last move): no button but Next round, no playable card. The rest stays."""
    can = state["can"]
    return {
        **state,
        "held": True,
        "hand": [{**card, "play": False} for card in state["hand"]],
        "can": {
            **{k: (0 if k == "take" else [] if k == "catch" else False) for k in can},
            "next": can.get("next", False),
        },
    }
