"""Seat names: one check for names typed and names read back. A name is at most 40
characters the font can draw, with at least one a person can see; anything else leaves
the seat its game-given name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from uno_desktop.play.names import MAX_NAME_CHARS, clean_name, is_seat_name, typeable
from uno_desktop.play.seats import kept_names, shown_names

INVISIBLE = [
    "",
    "   ",
    "\ufe0f",  # a variation selector
    "\u034f",  # the combining grapheme joiner
    "\u17b4",  # a Khmer inherent vowel
    "\u0301\u0301",  # combining accents with no letter
    "\u3164",  # the Hangul filler
    "\u2800",  # the blank Braille pattern
    "\u3000",  # an ideographic space
]
UNDRAWABLE = [
    "A\x00nn",  # NUL
    "Ann\n",  # a control character
    "Ann\u2028",  # a line separator
    "A\u200bnn",  # a zero-width space (a format character)
    "Ann\ud800",  # a lone surrogate
    "Ann\ue000",  # private use
    "Ann\U000e0001",  # a language tag
    "Ann\U0010fffe",  # unassigned
]


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_nobody_could_see_is_no_seat_name(name: str) -> None:
    assert not is_seat_name(name)
    assert clean_name(name) == ""


@pytest.mark.parametrize("name", UNDRAWABLE)
def test_a_name_holding_a_control_format_or_unassigned_character_is_no_seat_name(
    name: str,
) -> None:
    assert not is_seat_name(name)


def test_a_name_longer_than_the_limit_is_no_seat_name() -> None:
    assert is_seat_name("A" * MAX_NAME_CHARS)
    assert not is_seat_name("A" * (MAX_NAME_CHARS + 1))


@pytest.mark.parametrize("value", [None, 7, ["Ann"], b"Ann"])
def test_only_text_is_a_seat_name(value: object) -> None:
    assert not is_seat_name(value)


@pytest.mark.parametrize(
    "name", ["Ann", "Farmor", "Åsa", "Jose\u0301", "\u2764\ufe0f", "李", "O'Brien", "Bo 2", " Ann "]
)
def test_names_people_write_are_seat_names(name: str) -> None:
    assert is_seat_name(name)


def test_a_typed_name_is_kept_without_what_cannot_be_drawn_or_surrounding_spaces() -> None:
    assert clean_name("  A\x00n\u200bn\u2028 ") == "Ann"
    assert clean_name("x" * 100) == "x" * MAX_NAME_CHARS


def test_typing_keeps_every_character_a_font_can_draw() -> None:
    assert typeable("Åsa \u2764\ufe0f\x00\x07\u200d\ud800") == "Åsa \u2764\ufe0f"


@given(st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())))
def test_a_cleaned_name_is_a_seat_name_or_the_games_own(text: str) -> None:
    name = clean_name(text)
    assert name == "" or is_seat_name(name)
    assert clean_name(name) == name


def test_a_typed_name_with_nothing_visible_leaves_the_seat_its_own_name() -> None:
    table = [("\u034f", "human"), ("\u17b4\u034f", "easy"), ("Bo\x00", "hard")]
    assert shown_names(table) == ["You", "Computer 1", "Bo"]


def test_a_name_read_back_that_cannot_be_shown_becomes_the_seats_own_name() -> None:
    seats = [("Ann", "human"), ("\ufe0f", "easy"), (None, "hard"), ("A\x00", "human")]
    assert kept_names(seats) == ["Ann", "Computer 1", "Computer 2", "Player 4"]
