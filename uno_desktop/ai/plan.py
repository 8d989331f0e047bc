"""Going out in one turn: find an order of plays that empties our hand before anyone moves.

With two players a Skip, Reverse, Draw Two or Wild Draw Four hands the turn straight
back (so does a Wild Customizable with the extra-turn effect at any table), so a
hand like "G S, G D2, G4" can go out at once. The search is over our own hand only,
so it is exact and cheap; hands are small by the time it matters.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import COLORS, Card, Color, CustomEffect, Observation, RuleSet

MAX_HAND = 7  # beyond this the chance of a one-turn finish is negligible


def again(card: Card, rules: RuleSet, players: int) -> bool:
    """Whether playing `card` gives us the next turn too."""
    rank = card.rank
    if rank == "WC":
        return rules.custom_rule.effect in (
            CustomEffect.EXTRA_TURN,
            *((CustomEffect.NEXT_DRAWS_SKIPPED,) if players == 2 else ()),
        )
    if players != 2:
        return False
    if rank == "S" or rank == "R" or rank == "D2":
        return True
    return rank == "W4"


def _matches(card: Card, top: Card, active: Color | None) -> bool:
    return card.is_wild or active is None or card.color is active or card.rank == top.rank


def finishing_sequence(obs: Observation) -> list[tuple[Card, Color | None]] | None:
    """Plays (card, named colour) that go out this turn, first one first; None if none."""
    hand = list(obs.hand)
    if not hand or len(hand) > MAX_HAND:
        return None
    rules, n = obs.rules, obs.players
    if not rules.bluffing and any(c.rank == "W4" for c in hand):
        return None  # keep it simple: W4 legality would depend on the held colours
    return _search(hand, obs.top_card, obs.active_color, rules, n)


def _search(
    hand: Sequence[Card], top: Card, active: Color | None, rules: RuleSet, n: int
) -> list[tuple[Card, Color | None]] | None:
    tried: set[Card] = set()
    for i, card in enumerate(hand):
        if card in tried or not _matches(card, top, active):
            continue
        tried.add(card)
        rest = [*hand[:i], *hand[i + 1 :]]
        if not rest:
            return [(card, COLORS[0] if card.is_wild else None)]
        if not again(card, rules, n):
            continue
        colors: Sequence[Color | None] = (
            tuple(dict.fromkeys(c.color for c in rest if c.color is not None)) or (COLORS[0],)
            if card.is_wild
            else (card.color,)
        )
        for color in colors:
            found = _search(rest, card, color, rules, n)
            if found is not None:
                return [(card, color if card.is_wild else None), *found]
    return None
