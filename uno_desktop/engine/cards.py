"""Cards, colours and decks.

A card is an immutable value named by a short code ("R5", "BD2", "W4", "WS").
Cards are interned: parsing the same code twice gives the same object, so the
engine can compare them by identity and keep hands as plain lists. They have no
ordering operators; sort with `key=Card.sort_key`. A wild card
never carries the colour chosen for it; that colour lives in the game state.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Mapping
from typing import ClassVar


class Color(enum.IntEnum):
    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3

    @property
    def letter(self) -> str:
        return "RYGB"[self]

    @classmethod
    def parse(cls, text: str) -> Color:
        """Accept a letter ("R") or a name ("red"), any case."""
        t = text.strip().upper()
        for c in cls:
            if t == c.letter or t == c.name:
                return c
        raise ValueError(f"not a colour: {text!r} (expected R, Y, G, B or a colour name)")


COLORS: tuple[Color, ...] = tuple(Color)

NUMBER_RANKS: tuple[str, ...] = tuple(str(n) for n in range(10))
ACTION_RANKS: tuple[str, ...] = ("S", "R", "D2")
COLORED_RANKS: tuple[str, ...] = NUMBER_RANKS + ACTION_RANKS
WILD_RANKS: tuple[str, ...] = ("W", "W4", "WS", "WC")
ALL_RANKS: tuple[str, ...] = COLORED_RANKS + WILD_RANKS

RANK_NAMES: dict[str, str] = {
    **{r: r for r in NUMBER_RANKS},
    "S": "Skip",
    "R": "Reverse",
    "D2": "Draw Two",
    "W": "Wild",
    "W4": "Wild Draw Four",
    "WS": "Wild Swap Hands",
    "WC": "Wild Customizable",
}


class Card:
    """One UNO card. Use `Card.parse(code)`; equal cards are the same object."""

    __slots__ = ("code", "color", "is_wild", "number", "rank")
    _interned: ClassVar[dict[str, Card]] = {}

    code: str
    color: Color | None
    rank: str
    is_wild: bool
    number: int | None

    def __new__(cls, color: Color | None, rank: str) -> Card:
        if rank in WILD_RANKS:
            if color is not None:
                raise ValueError(f"a wild card has no printed colour: {rank}")
            code = rank
        elif rank in COLORED_RANKS:
            if color is None:
                raise ValueError(f"card {rank} needs a colour")
            code = Color(color).letter + rank
        else:
            raise ValueError(f"unknown rank {rank!r}")
        card = cls._interned.get(code)
        if card is None:
            card = object.__new__(cls)
            set_ = object.__setattr__
            set_(card, "code", code)
            set_(card, "color", None if color is None else Color(color))
            set_(card, "rank", rank)
            set_(card, "is_wild", rank in WILD_RANKS)
            set_(card, "number", int(rank) if rank in NUMBER_RANKS else None)
            cls._interned[code] = card
        return card

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a card code: R5, YS, GR, BD2, W, W4, WS, WC (case-insensitive)."""
        card = cls._interned.get(code)
        if card is not None:
            return card
        text = code.strip().upper()
        if text in WILD_RANKS:
            return cls(None, text)
        if len(text) >= 2 and text[0] in "RYGB" and text[1:] in COLORED_RANKS:
            return cls(Color("RYGB".index(text[0])), text[1:])
        raise ValueError(
            f"not a card code: {code!r} (expected e.g. R5, YS, GR, BD2, W, W4, WS, WC)"
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def sort_key(self) -> int:
        """Where the card goes in a sorted hand: by colour (R, Y, G, B), then rank, wilds
        last. Use `sorted(hand, key=Card.sort_key)`.

        Cards deliberately define no comparison operators: equal cards are the same
        object, so the default identity test is equality, and it runs in C. A Python
        `__lt__` would route every `==` (each `card in hand`, each `hand.remove`) through
        Python-level comparison, which cost the engine a third of its time per move.
        """
        return _SORT_KEY[self.code]

    @property
    def name(self) -> str:
        """English name, e.g. "Red 5", "Blue Draw Two", "Wild Draw Four"."""
        if self.color is None:
            return RANK_NAMES[self.rank]
        return f"{self.color.name.title()} {RANK_NAMES[self.rank]}"


_SORT_KEY: dict[str, int] = {}


def _init_sort_key() -> None:
    i = 0
    for color in COLORS:
        for rank in COLORED_RANKS:
            _SORT_KEY[color.letter + rank] = i
            i += 1
    for rank in WILD_RANKS:
        _SORT_KEY[rank] = i
        i += 1


_init_sort_key()


def all_card_kinds() -> list[Card]:
    """Every distinct card, in a stable order (colours, then wilds)."""
    return [Card.parse(code) for code in sorted(_SORT_KEY, key=_SORT_KEY.__getitem__)]


def build_deck(composition: Mapping[str, int]) -> list[Card]:
    """The deck for a composition: coloured ranks count per colour, wild ranks in total.

    The standard 108: {"0": 1, "1".."9": 2, "S": 2, "R": 2, "D2": 2, "W": 4, "W4": 4}.
    Returned in a fixed order; shuffling is the game's job.
    """
    deck: list[Card] = []
    for card in _kinds():
        deck += [card] * composition.get(card.rank, 0)
    return deck


@functools.cache
def _kinds() -> tuple[Card, ...]:
    """Every card kind in deck order: colours R, Y, G, B by rank, then the wilds."""
    return tuple(
        [Card(color, rank) for color in COLORS for rank in COLORED_RANKS]
        + [Card(None, rank) for rank in WILD_RANKS]
    )


def parse_cards(codes: str | Iterable[str]) -> list[Card]:
    """Parse "R5 B7 W4" or an iterable of codes."""
    if isinstance(codes, str):
        codes = codes.split()
    return [Card.parse(c) for c in codes]
