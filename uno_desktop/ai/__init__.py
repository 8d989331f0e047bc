"""Computer players: `make_bot("easy" | "normal" | "hard")`, all behind one `Bot` protocol.

Bots see only an `Observation` (their hand plus public facts) and rebuild what
they know from its history at every decision, so no bot can peek and a resumed
match plays on exactly as before.
"""

from __future__ import annotations

from ..play.seats import COMPUTER_KINDS
from .base import Bot
from .easy import EasyBot
from .hard import HardBot
from .normal import NormalBot

LEVELS: tuple[str, ...] = tuple(kind.value for kind in COMPUTER_KINDS)
"""The computer seat kinds (`seats.SeatKind`), as the words `make_bot` takes."""


def make_bot(level: str) -> Bot:
    """A fresh bot of `level`; ValueError names the levels when it is unknown."""
    if level == "easy":
        return EasyBot()
    if level == "normal":
        return NormalBot()
    if level == "hard":
        return HardBot()
    raise ValueError(f"unknown bot level {level!r} (expected one of {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Bot", "EasyBot", "HardBot", "NormalBot", "make_bot"]
