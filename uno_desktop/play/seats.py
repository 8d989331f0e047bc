"""Who sits at a seat: the one list of seat kinds, their labels, and the names a seat
gets by itself.

A seat is a person at the screen, a person on their own phone (`uno_desktop.phones`), or
a computer player of some strength. The match, the computer
players, the settings and New game all name seat kinds with `SeatKind`, so a kind is
added here once. A name the game gives by itself ("You", "Computer 1", "Player 3") is
kept as no text at all and written out when shown, in the language of that moment: a
family that switches to Swedish sees "Du" and "Dator 1", not the English names saved
before the switch. Pure Python; no pygame.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, overload

from ..lang.i18n import LANGUAGES, N_, _, catalog, language
from .names import clean_name, is_seat_name


class SeatKind(enum.StrEnum):
    """A person at the screen, a person on their own phone, or a computer player of one
    of three strengths."""

    HUMAN = "human"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    PHONE = "phone"

    @property
    def is_computer(self) -> bool:
        return self not in (SeatKind.HUMAN, SeatKind.PHONE)

    @property
    def is_person(self) -> bool:
        """A person decides (at the screen or on a phone): the match waits for them."""
        return not self.is_computer

    @property
    def label(self) -> str:
        """How New game names the kind ("Human", "Computer: hard"), in the current language."""
        return _(_LABELS[self])

    @classmethod
    def parse(cls, value: object) -> SeatKind | None:
        """The kind written as `value` ("hard"), or None for anything else."""
        if not isinstance(value, str):
            return None
        try:
            return cls(value)
        except ValueError:
            return None


_LABELS: Final = {
    SeatKind.HUMAN: N_("Human"),
    SeatKind.EASY: N_("Computer: easy"),
    SeatKind.NORMAL: N_("Computer: normal"),
    SeatKind.HARD: N_("Computer: hard"),
    SeatKind.PHONE: N_("Phone"),
}

COMPUTER_KINDS: Final = tuple(kind for kind in SeatKind if kind.is_computer)
"""The computer players' strengths, weakest first."""

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
"""How many seats a table may have (the presets' `players` range lies within; declared
here, below the rule options, so the stored settings check a table without them)."""

DEFAULT_PLAYERS: Final = 4
"""Seats at a table started from the command line without --players."""


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat: a display name and a `SeatKind` ("human", "phone" or a
    computer level)."""

    name: str
    kind: str  # a SeatKind value; checked by Match

    @property
    def is_human(self) -> bool:
        """A person (at the screen or on a phone), not a computer player."""
        return self.kind in (SeatKind.HUMAN, SeatKind.PHONE)

    @property
    def is_phone(self) -> bool:
        """A person playing from their own phone: never the screen's viewer."""
        return self.kind == SeatKind.PHONE


# ---------------------------------------------------------------- names given by the game

_YOU = N_("You")
_COMPUTER = N_("Computer {n}")
_PLAYER = N_("Player {n}")


@functools.cache
def _given_patterns(msgid: str) -> re.Pattern[str]:
    """`msgid` as written in any of the game's languages, `{n}` being a seat number."""
    texts = {msgid, *(catalog(lang).get(msgid, msgid) for lang in LANGUAGES)}
    return re.compile(
        "|".join(re.escape(t).replace(re.escape("{n}"), "[1-9][0-9]?") for t in sorted(texts))
    )


def given_names(kinds: Sequence[SeatKind | str]) -> list[str]:
    """The names the game gives a table's seats (by seat, in the current language): "You"
    for the one person at a table of computers, "Player 3" for the person at seat 3 when
    several people play (at the screen or on phones) and for any phone seat, and
    "Computer 1", "Computer 2", ... for the computers in seat order."""
    people = sum(SeatKind(kind).is_person for kind in kinds)
    names: list[str] = []
    computers = 0
    for index, kind in enumerate(kinds):
        if SeatKind(kind).is_person:
            lone = people == 1 and SeatKind(kind) is SeatKind.HUMAN
            names.append(_(_YOU) if lone else _(_PLAYER).format(n=index + 1))
        else:
            computers += 1
            names.append(_(_COMPUTER).format(n=computers))
    return names


def shown_names(seats: Sequence[tuple[str, SeatKind | str]]) -> list[str]:
    """What each (name, kind) seat of a table is called: its name as typed
    (`names.clean_name`), or the game's own name for the seat (`given_names`) when
    nothing visible is left of it or it is one the game gives."""
    given = given_names([kind for _name, kind in seats])
    cleaned = [clean_name(name) for name, _kind in seats]
    return [given[i] if not name or is_given_name(name) else name for i, name in enumerate(cleaned)]


def kept_names(seats: Sequence[tuple[object, SeatKind | str]]) -> list[str]:
    """Each (name, kind) seat's name read back from a file: the name as it is when
    `names.is_seat_name` accepts it (a match keeps the names it began with), else the
    game's own name for the seat, so a damaged name costs only that name."""
    given = given_names([kind for _name, kind in seats])
    return [name if is_seat_name(name) else given[i] for i, (name, _kind) in enumerate(seats)]


def is_given_name(name: str) -> bool:
    """Whether `name` is one the game gives by itself, in any of its languages (not one a
    family typed): such a name is kept as no text, so it follows the language."""
    text = name.strip()
    return any(_given_patterns(msgid).fullmatch(text) for msgid in (_YOU, _COMPUTER, _PLAYER))


def is_you(name: str) -> bool:
    """Whether `name` is the name the game gives a lone person ("You", "Du"): such a seat
    is spoken to in the second person ("You play Red 5.")."""
    return _given_patterns(_YOU).fullmatch(name.strip()) is not None


def in_language(name: str, *, english: bool = False) -> str:
    """`name` as shown now: a name the game gave ("Computer 2", "Dator 2", "You") in the
    current language (in English with `english`) with its number kept ("Dator 2" in
    Swedish, "Computer 2" in English); any other name as it was typed. A match keeps the
    names it began with and a language switch in the middle of it rewords them, so no
    line mixes languages."""
    return _in_language(name, "en" if english else language())


@functools.lru_cache(maxsize=1024)
def _in_language(name: str, lang: str) -> str:
    """`in_language` in `lang` ("en", or the current language): kept by name and
    language, since the table reads every seat's name every frame."""
    text = name.strip()
    for msgid in (_YOU, _COMPUTER, _PLAYER):
        if _given_patterns(msgid).fullmatch(text) is not None:
            number = re.search(r"[0-9]+", text)
            template = msgid if lang == "en" else _(msgid)
            return template.format(n=number.group(0) if number else "")
    return name


class SeatNames(Sequence[str]):
    """Seat names that read themselves in the language of the moment (`in_language`)
    each time one is asked for: what the table hands to its log and labels."""

    def __init__(self, names: Iterable[str]) -> None:
        self._names = tuple(names)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> SeatNames: ...
    def __getitem__(self, index: int | slice) -> str | SeatNames:
        if isinstance(index, slice):
            return SeatNames(self._names[index])
        return in_language(self._names[index])

    def __len__(self) -> int:
        return len(self._names)


def looks_like_computer(name: str) -> bool:
    """Whether `name` is a name the game gives computer seats ("Computer 2", "Dator 2"):
    statistics written before seats were recorded with their kind are read with it."""
    return _given_patterns(_COMPUTER).fullmatch(name.strip()) is not None


__all__ = [
    "COMPUTER_KINDS",
    "DEFAULT_PLAYERS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SeatKind",
    "SeatNames",
    "SeatSpec",
    "given_names",
    "in_language",
    "is_given_name",
    "is_you",
    "kept_names",
    "looks_like_computer",
    "shown_names",
]
