"""Seat names: the one check for a name typed in New game or read back from a file.

A name is shown on every screen, so it must be text the font can draw and a person can
see: at most MAX_NAME_CHARS characters, none of them a control, format, surrogate,
private-use, unassigned or line-separating character, and at least one letter, digit,
punctuation mark or symbol (a name of only spaces, combining marks or variation
selectors, "\\ufe0f", is invisible). A name that fails is never used: the seat gets the
game's own name ("Computer 2"), which is kept as no text (see `seats`). Pure Python.
"""

from __future__ import annotations

import unicodedata
from typing import Final, TypeGuard

MAX_NAME_CHARS: Final = 40
"""The longest name a file may hold (New game's fields allow fewer)."""

_REFUSED: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Categories no typed text or name may hold: nothing a font draws or a person types."""
_SEEN: Final = frozenset("LNPS")
"""Major categories that make a name visible; marks (M) and spaces (Z) only accompany."""
_BLANK_LETTERS: Final = frozenset("\u115f\u1160\u2800\u3164\uffa0")
"""Letters and symbols drawn as nothing (Hangul fillers, the blank Braille pattern)."""


def typeable(text: str) -> str:
    """`text` without the characters no typed text may hold (control and format
    characters, NUL, surrogates, private-use and unassigned code points, line and
    paragraph separators): what a text field keeps of what was typed."""
    return "".join(ch for ch in text if unicodedata.category(ch) not in _REFUSED)


def _visible(ch: str) -> bool:
    return unicodedata.category(ch)[0] in _SEEN and ch not in _BLANK_LETTERS


def is_seat_name(value: object) -> TypeGuard[str]:
    """Whether `value` may name a seat: text of at most MAX_NAME_CHARS characters, all of
    them `typeable`, at least one of them visible."""
    return (
        isinstance(value, str)
        and len(value) <= MAX_NAME_CHARS
        and typeable(value) == value
        and any(_visible(ch) for ch in value)
    )


def clean_name(text: str) -> str:
    """A typed name as a seat carries it: `typeable`, without surrounding spaces, at most
    MAX_NAME_CHARS characters; "" (the game's own name) when nothing visible is left."""
    name = typeable(text).strip()[:MAX_NAME_CHARS].rstrip()
    return name if is_seat_name(name) else ""


__all__ = ["MAX_NAME_CHARS", "clean_name", "is_seat_name", "typeable"]
