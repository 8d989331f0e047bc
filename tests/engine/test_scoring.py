"""Points (DESIGN.md: scoring) and the match winner."""

from __future__ import annotations

import pytest

from uno_desktop.engine import Draw, RuleSet, Scoring, hand_points, match_winner, parse_cards
from uno_desktop.engine.scoring import round_points

from .helpers import deal, play


@pytest.mark.parametrize(
    ("code", "value"),
    [
        ("R0", 0),
        ("B7", 7),
        ("Y9", 9),
        ("GS", 20),
        ("RR", 20),
        ("BD2", 20),
        ("W", 50),
        ("W4", 50),
        ("WS", 40),
        ("WC", 40),
    ],
)
def test_card_values(code: str, value: int) -> None:
    assert hand_points(RuleSet(), parse_cards(code)) == value


def test_the_winner_scores_the_others_hands() -> None:
    hands = [parse_cards(""), parse_cards("R5 W"), parse_cards("GS WS B0")]
    assert round_points(RuleSet(), hands, winner=0) == (115, 0, 0)


def test_penalty_scoring_gives_each_seat_its_own_hand() -> None:
    rules = RuleSet(scoring=Scoring.PENALTY)
    hands = [parse_cards(""), parse_cards("R5 W"), parse_cards("GS WS B0")]
    assert round_points(rules, hands, winner=0) == (0, 55, 60)


def test_card_values_can_be_overridden() -> None:
    rules = RuleSet(card_values={"W4": 100, "S": 10})
    assert hand_points(rules, parse_cards("W4 GS R3 W")) == 100 + 10 + 3 + 50


def test_a_finished_round_scores_by_the_rules() -> None:
    rules = RuleSet(hand_size=2, scoring=Scoring.PENALTY)
    game = deal(["R1 W", "G1 G2", "YS Y2"], start="G5", pile="R7 R8", rules=rules)
    game.apply(play(1, "G1", uno=True))
    game.apply(Draw(2))
    game.apply(Draw(0))
    game.apply(play(1, "G2"))
    # seat 0: R1 W R8 = 59; seat 2: YS Y2 R7 = 29
    assert game.points == (59, 0, 29)


def test_match_winner_with_winner_scoring_is_the_highest_total_at_the_target() -> None:
    rules = RuleSet(target_score=500)
    assert match_winner(rules, (480, 499, 10)) is None
    assert match_winner(rules, (480, 520, 10)) == 1
    assert match_winner(rules, (500, 10, 10)) == 0


def test_match_winner_with_penalty_scoring_is_the_lowest_total_once_someone_reaches_it() -> None:
    rules = RuleSet(target_score=200, scoring=Scoring.PENALTY)
    assert match_winner(rules, (150, 199, 10)) is None
    assert match_winner(rules, (150, 230, 10)) == 2
