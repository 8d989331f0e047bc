"""Points: what a hand is worth, what a round scores, who wins the match."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .rules import RuleSet, Scoring


def card_points(rules: RuleSet, card: Card) -> int:
    return rules.card_values[card.rank]


def hand_points(rules: RuleSet, hand: Iterable[Card]) -> int:
    values = rules.card_values
    return sum(values[c.rank] for c in hand)


def round_points(rules: RuleSet, hands: Sequence[Sequence[Card]], winner: int) -> tuple[int, ...]:
    """What each seat scores for the round `winner` went out in.

    Winner scoring: the winner takes the value of every other hand.
    Penalty scoring: every seat adds its own hand's value (the winner's is empty).
    """
    if rules.scoring is Scoring.WINNER:
        total = sum(hand_points(rules, h) for s, h in enumerate(hands) if s != winner)
        return tuple(total if s == winner else 0 for s in range(len(hands)))
    return tuple(hand_points(rules, h) for h in hands)


def match_winner(rules: RuleSet, totals: Sequence[int]) -> int | None:
    """The seat that has won the match with these totals, or None while it goes on.

    Winner scoring: the highest total once someone reaches the target.
    Penalty scoring: once someone reaches the target, the lowest total wins.
    Ties go to the earlier seat only if totals are truly equal; callers may show a shared win.
    """
    if not totals or max(totals) < rules.target_score:
        return None
    if rules.scoring is Scoring.WINNER:
        return max(range(len(totals)), key=lambda s: totals[s])
    return min(range(len(totals)), key=lambda s: totals[s])
