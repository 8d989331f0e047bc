"""One line about the saved match for the title's Continue: the round, who plays, the scores.

Read from the saved document without replaying it (the title's first frame loads no
engine): only the seats' names, the totals and the round number, each checked. A document
this cannot read gives no line; Continue itself says what is wrong when pressed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from uno_desktop.lang.i18n import _, integer
from uno_desktop.play.names import is_seat_name
from uno_desktop.play.seats import MAX_PLAYERS

#: names written out at most; the others are counted ("+6")
SHOWN_SEATS = 4
MAX_TOTAL = 10**7


def saved_summary(doc: Mapping[str, Any] | None) -> str | None:
    """'Round 3 · Ann 120 · Bo 45 · Cy 0', or None when `doc` does not say it plainly."""
    if not isinstance(doc, Mapping):
        return None
    seats, totals, round_no = doc.get("seats"), doc.get("totals"), doc.get("round_no")
    if not isinstance(seats, list) or not isinstance(totals, list):
        return None
    if not 2 <= len(seats) <= MAX_PLAYERS or len(totals) != len(seats):
        return None
    if isinstance(round_no, bool) or not isinstance(round_no, int) or not 1 <= round_no <= 10**5:
        return None
    names = [seat.get("name") if isinstance(seat, Mapping) else None for seat in seats]
    if not all(is_seat_name(name) for name in names):
        return None
    if not all(
        isinstance(t, int) and not isinstance(t, bool) and 0 <= t <= MAX_TOTAL for t in totals
    ):
        return None
    scores = [
        _("{name} {points}").format(name=name, points=integer(total))
        for name, total in zip(names[:SHOWN_SEATS], totals, strict=False)
    ]
    line = " · ".join([_("Round {n}").format(n=integer(round_no)), *scores])
    more = len(seats) - SHOWN_SEATS
    if more > 0:
        line = _("{line} and {n} more").format(line=line, n=more)
    return line
