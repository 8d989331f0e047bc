"""Seats: one list of seat kinds for the whole game, and the names the game gives a seat
by itself, written out in the language of the moment."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from uno_desktop.ai import LEVELS, make_bot
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.seats import (
    COMPUTER_KINDS,
    SeatKind,
    SeatNames,
    given_names,
    in_language,
    is_given_name,
    looks_like_computer,
    shown_names,
)

PACKAGE = Path(__file__).resolve().parent.parent / "uno_desktop"


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    set_language("en")


def test_every_computer_kind_is_a_level_the_computer_players_know():
    assert tuple(kind.value for kind in COMPUTER_KINDS) == LEVELS
    assert [make_bot(kind).level for kind in COMPUTER_KINDS] == list(LEVELS)
    assert not SeatKind.HUMAN.is_computer


def test_the_kind_words_are_written_in_one_module_only():
    words = {kind.value for kind in SeatKind}
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "play/seats.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Tuple | ast.List | ast.Set):
                texts = {e.value for e in node.elts if isinstance(e, ast.Constant)}
                if len(texts & words) >= 3:
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not found, f"seat kinds listed again: {found}"


def test_kind_labels_follow_the_language():
    assert SeatKind.HARD.label == "Computer: hard"
    set_language("sv")
    assert [k.label for k in SeatKind] == [
        "Människa",
        "Dator: lätt",
        "Dator: normal",
        "Dator: svår",
        "Telefon",
    ]


def test_the_game_calls_a_lone_person_you_people_who_share_player_n_computers_in_order():
    assert given_names(["human", "easy", "hard", "normal"]) == [
        "You",
        "Computer 1",
        "Computer 2",
        "Computer 3",
    ]
    assert given_names(["easy", "human", "hard"]) == ["Computer 1", "You", "Computer 2"]
    assert given_names(["human", "easy", "human"]) == ["Player 1", "Computer 1", "Player 3"]
    set_language("sv")
    assert given_names(["human", "human", "hard"]) == ["Spelare 1", "Spelare 2", "Dator 1"]


def test_a_seat_is_called_by_its_typed_name_or_the_games_own_in_the_language():
    seats = [("", "human"), ("Computer 1", "easy"), ("Mormor", "hard")]
    assert shown_names(seats) == ["You", "Computer 1", "Mormor"]
    set_language("sv")
    assert shown_names(seats) == ["Du", "Dator 1", "Mormor"]


@pytest.mark.parametrize("name", ["You", "Du", "Computer 3", "Dator 10", "Player 2", "Spelare 9"])
def test_the_games_own_names_are_known_in_every_language(name):
    assert is_given_name(name) and is_given_name(f" {name} ")


@pytest.mark.parametrize("name", ["Mormor", "Computer", "Dator 2b", "You 2", "Player Bo", "Duo"])
def test_a_typed_name_is_not_taken_for_one_of_the_games(name):
    assert not is_given_name(name)


def test_a_given_name_is_written_in_the_language_of_the_moment_keeping_its_number():
    set_language("sv")
    assert [in_language(n) for n in ("You", "Computer 7", "Player 3", "Ann")] == [
        "Du",
        "Dator 7",
        "Spelare 3",
        "Ann",
    ]
    assert in_language("Dator 7", english=True) == "Computer 7"
    set_language("en")
    assert in_language("Spelare 3") == "Player 3"


def test_seat_names_read_in_the_language_of_the_moment_one_by_one_and_sliced():
    names = SeatNames(["Ann", "Computer 1", "Computer 2"])
    set_language("sv")
    assert names[1] == "Dator 1"
    assert list(names[1:]) == ["Dator 1", "Dator 2"]
    set_language("en")
    assert list(names[1:]) == ["Computer 1", "Computer 2"]


def test_a_name_read_in_one_language_is_read_anew_after_each_switch():
    names = SeatNames(["Computer 3", "You"])
    set_language("en")
    assert list(names) == ["Computer 3", "You"]
    set_language("sv")
    assert list(names) == ["Dator 3", "Du"]
    assert in_language("Computer 3", english=True) == "Computer 3"
    set_language("en")
    assert list(names) == ["Computer 3", "You"]
    set_language("sv")
    assert names[0] == "Dator 3"
    set_language("en")


def test_computer_names_are_told_from_people_names():
    assert looks_like_computer("Dator 4") and looks_like_computer("Computer 1")
    assert not looks_like_computer("Player 2") and not looks_like_computer("Du")
