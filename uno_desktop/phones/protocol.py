"""What a phone may send, checked for shape, and its decoding into an engine action.

Pure functions: no sockets, no match. The server parses every text frame with
`parse_request` (the size and shape checks) before anything is queued; the game thread
turns a request into an `Action` with `to_action`, taking the seat from the token the
connection was opened with, never from the message. The engine then decides whether
the action is legal. See `uno_desktop.phones` for the whole protocol.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from uno_desktop.engine import Card, Color
from uno_desktop.engine.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Draw,
    Pass,
    Play,
)

MAX_MESSAGE_BYTES: Final = 4096
"""The largest frame a phone may send; an act needs under 100 bytes."""
MAX_SEATS: Final = 10

DOINGS: Final = (
    "play",
    "draw",
    "keep",
    "challenge",
    "uno",
    "catch",
    "hint",
    "next",
    "stand_in",
)
COLOR_WORDS: Final = {
    "red": Color.RED,
    "yellow": Color.YELLOW,
    "green": Color.GREEN,
    "blue": Color.BLUE,
}
#: the fields each kind of request may carry besides "type" and "do" (required ones first)
_FIELDS: Final = {
    "play": ({"card"}, {"card", "color", "target", "uno"}),
    "catch": ({"target"}, {"target"}),
    "stand_in": ({"target"}, {"target"}),
}


class BadRequest(ValueError):
    """A message that is not a request; `code` names why (the page words it)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Request:
    """One thing a phone asks for, shape-checked: `do` is one of DOINGS."""

    do: str
    card: Card | None = None
    color: Color | None = None
    target: int | None = None
    uno: bool = False


def parse_request(text: str) -> Request:
    """The request in one text frame: {"type": "act", "do": "play", "card": "R5", ...}.

    BadRequest("too_big") over MAX_MESSAGE_BYTES, BadRequest("malformed") for anything
    that is not exactly one of the shapes in the protocol.
    """
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise BadRequest("too_big")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadRequest("malformed") from None
    if not isinstance(data, dict) or data.get("type") != "act":
        raise BadRequest("malformed")
    do = data.get("do")
    if do not in DOINGS:
        raise BadRequest("malformed")
    required, allowed = _FIELDS.get(do, (set(), set()))
    fields = set(data) - {"type", "do"}
    if not required <= fields <= allowed:
        raise BadRequest("malformed")
    card = _card(data["card"]) if "card" in data else None
    color = _color(data["color"]) if data.get("color") is not None else None
    target = _seat(data["target"]) if data.get("target") is not None else None
    uno = data.get("uno", False)
    if type(uno) is not bool:
        raise BadRequest("malformed")
    return Request(do, card, color, target, uno)


def _card(value: object) -> Card:
    if not isinstance(value, str) or not 1 <= len(value) <= 3:
        raise BadRequest("malformed")
    try:
        return Card.parse(value)
    except ValueError:
        raise BadRequest("malformed") from None


def _color(value: object) -> Color:
    if not isinstance(value, str) or value not in COLOR_WORDS:
        raise BadRequest("malformed")
    return COLOR_WORDS[value]


def _seat(value: object) -> int:
    if type(value) is not int or not 0 <= value < MAX_SEATS:
        raise BadRequest("malformed")
    return value


def to_action(seat: int, request: Request) -> Action | None:
    """The engine action `seat` asks for with `request` (None for a hint or the next
    round, which are no move). "draw" also takes a pending penalty; "keep" keeps the
    card just drawn."""
    do = request.do
    if do == "play":
        if request.card is None:
            raise BadRequest("malformed")
        return Play(seat, request.card, request.color, request.target, request.uno)
    if do == "catch":
        if request.target is None:
            raise BadRequest("malformed")
        return CatchUno(seat, request.target)
    if do in ("hint", "next", "stand_in"):
        return None
    return _SIMPLE[do](seat)


_SIMPLE: Final[dict[str, Callable[[int], Action]]] = {
    "draw": Draw,
    "keep": Pass,
    "challenge": Challenge,
    "uno": CallUno,
}


def color_word(color: Color) -> str:
    """The protocol's word for a colour ("red")."""
    return color.name.lower()
