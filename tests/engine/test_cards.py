"""Cards: codes, parsing, interning and the decks of the editions."""

from __future__ import annotations

from collections import Counter

import pytest

from uno_desktop.engine import COLORS, Card, Color, RuleSet, build_deck, parse_cards
from uno_desktop.engine.cards import COLORED_RANKS, WILD_RANKS, all_card_kinds
from uno_desktop.engine.rules import STANDARD_DECK

ALL_CODES = [c.letter + r for c in COLORS for r in COLORED_RANKS] + list(WILD_RANKS)


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_card_code_round_trips_through_parse_and_str(code: str) -> None:
    assert str(Card.parse(code)) == code


def test_there_are_56_distinct_card_kinds() -> None:
    assert len(ALL_CODES) == 56
    assert [c.code for c in all_card_kinds()] == ALL_CODES


@pytest.mark.parametrize("code", ["r5", " bd2 ", "w4", "ws"])
def test_parse_accepts_any_case_and_surrounding_spaces(code: str) -> None:
    assert Card.parse(code) is Card.parse(code.strip().upper())


@pytest.mark.parametrize("code", ["", "R", "X5", "R10", "RD4", "W2", "RW", "5R", "D2", "RS2"])
def test_invalid_card_codes_are_refused_with_a_clear_message(code: str) -> None:
    with pytest.raises(ValueError, match="not a card code"):
        Card.parse(code)


def test_parsing_a_code_twice_gives_the_same_object() -> None:
    assert Card.parse("R5") is Card.parse("r5") is Card(Color.RED, "5")


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card.parse("R5").rank = "6"  # type: ignore[misc]


def test_a_wild_card_carries_no_colour() -> None:
    assert Card.parse("W4").color is None
    assert Card.parse("W4").is_wild
    with pytest.raises(ValueError):
        Card(Color.RED, "W")


def test_colours_parse_from_letters_and_names() -> None:
    assert Color.parse("r") is Color.RED
    assert Color.parse("Blue") is Color.BLUE
    with pytest.raises(ValueError, match="not a colour"):
        Color.parse("purple")


def test_the_standard_deck_has_108_cards() -> None:
    assert len(build_deck(STANDARD_DECK)) == 108
    assert RuleSet().deck_size() == 108


@pytest.mark.parametrize("color", COLORS)
def test_each_colour_has_one_zero_and_two_of_each_other_number_and_action(color: Color) -> None:
    counts = Counter(c.rank for c in build_deck(STANDARD_DECK) if c.color is color)
    assert counts["0"] == 1
    assert all(counts[str(n)] == 2 for n in range(1, 10))
    assert sum(counts[str(n)] for n in range(10)) == 19
    assert counts["S"] == counts["R"] == counts["D2"] == 2
    assert sum(counts.values()) == 25


def test_the_standard_deck_has_four_wilds_and_four_wild_draw_fours() -> None:
    counts = Counter(c.code for c in build_deck(STANDARD_DECK) if c.is_wild)
    assert counts == {"W": 4, "W4": 4}


def test_the_swedish_deck_has_112_cards_with_one_swap_and_three_customizable() -> None:
    rules = RuleSet(deck={**STANDARD_DECK, "WS": 1, "WC": 3})
    deck = build_deck(rules.deck)
    assert len(deck) == rules.deck_size() == 112
    counts = Counter(c.code for c in deck if c.is_wild)
    assert counts == {"W": 4, "W4": 4, "WS": 1, "WC": 3}


def test_a_deck_with_an_unknown_card_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown card kinds"):
        RuleSet(deck={**STANDARD_DECK, "W9": 1})


def test_cards_sort_by_colour_then_rank_with_wilds_last() -> None:
    hand = parse_cards("W4 B2 RD2 R5 W Y0 R0")
    assert [c.code for c in sorted(hand, key=Card.sort_key)] == [
        "R0", "R5", "RD2", "Y0", "B2", "W", "W4",
    ]  # fmt: skip


def test_equal_cards_are_the_same_object_so_equality_is_identity() -> None:
    assert Card.parse("R5") is Card.parse("r5") is Card(Color.RED, "5")
    assert Card.parse("R5") != Card.parse("R6")
    assert Card.parse("R5") in [Card.parse("B1"), Card.parse("R5")]
