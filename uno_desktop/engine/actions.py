"""What a seat can do. Every action names its seat; all are small frozen values.

A `Play` by a seat that is not current is a jump-in. `color` is required for wild
cards, `target` for plays that swap hands (Wild Swap Hands, a 7 under 7-0, a
custom rule that swaps). `uno=True` declares UNO with the play that leaves one card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .cards import Card, Color


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card
    color: Color | None = None
    target: int | None = None
    uno: bool = False

    def __str__(self) -> str:
        extra = ""
        if self.color is not None:
            extra += f" {self.color.letter}"
        if self.target is not None:
            extra += f" @{self.target}"
        if self.uno:
            extra += " UNO"
        return f"{self.seat}: play {self.card}{extra}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card (or until playable), or take the pending penalty."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the card just drawn; the turn ends."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: pass"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the Wild Draw Four just played on you."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: challenge"


@dataclass(frozen=True, slots=True)
class CallUno:
    """Declare UNO while holding one undeclared card (self-rescue)."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: uno"


@dataclass(frozen=True, slots=True)
class CatchUno:
    """Catch `target`, who went down to one card without saying UNO."""

    seat: int
    target: int

    def __str__(self) -> str:
        return f"{self.seat}: catch {self.target}"


Action = Play | Draw | Pass | Challenge | CallUno | CatchUno


def action_to_dict(action: Action) -> dict[str, object]:
    """A JSON-ready form, for saved matches and logs."""
    d: dict[str, object] = {"type": type(action).__name__, "seat": action.seat}
    if isinstance(action, Play):
        d["card"] = action.card.code
        if action.color is not None:
            d["color"] = action.color.letter
        if action.target is not None:
            d["target"] = action.target
        if action.uno:
            d["uno"] = True
    elif isinstance(action, CatchUno):
        d["target"] = action.target
    return d


_SIMPLE: dict[object, Callable[[int], Action]] = {
    "Draw": Draw,
    "Pass": Pass,
    "Challenge": Challenge,
    "CallUno": CallUno,
}


def action_from_dict(d: dict[str, object]) -> Action:
    """Inverse of `action_to_dict`; raises ValueError on anything malformed."""
    try:
        kind = d["type"]
        seat = d["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError(f"seat must be an integer, got {seat!r}")
        if kind == "Play":
            color = d.get("color")
            target = d.get("target")
            if target is not None and (not isinstance(target, int) or isinstance(target, bool)):
                raise ValueError(f"target must be an integer, got {target!r}")
            return Play(
                seat,
                Card.parse(str(d["card"])),
                None if color is None else Color.parse(str(color)),
                target,
                bool(d.get("uno", False)),
            )
        if kind == "CatchUno":
            target = d["target"]
            if not isinstance(target, int) or isinstance(target, bool):
                raise ValueError(f"target must be an integer, got {target!r}")
            return CatchUno(seat, target)
        if kind in _SIMPLE:
            return _SIMPLE[kind](seat)
    except (KeyError, TypeError) as e:
        raise ValueError(f"malformed action {d!r}: {e}") from None
    raise ValueError(f"unknown action type {d.get('type')!r}")
