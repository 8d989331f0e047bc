"""The house rules in force: what a rule set changes from the official rules, in a few
words each, with the How to play section that explains it (the table's chips).

Pure Python: a `RuleSet` in, `HouseRule`s out, worded in the current language.
"""

from __future__ import annotations

from dataclasses import dataclass

from uno_desktop.engine.rules import OFFICIAL, RuleSet, Scoring, Stacking
from uno_desktop.lang.card_names import rank_name
from uno_desktop.lang.i18n import _
from uno_desktop.rules.options import Section

__all__ = ["HouseRule", "house_rules"]


@dataclass(frozen=True)
class HouseRule:
    """One way the rules in force differ from the official ones: a short name and the
    How to play section that explains it."""

    text: str
    section: Section


def house_rules(rules: RuleSet) -> list[HouseRule]:
    """What `rules` changes from the official rules, most felt in play first."""
    out: list[tuple[str, Section]] = []
    if rules.stacking is Stacking.SAME:
        out.append((_("Stacking +2 on +2, +4 on +4"), Section.STACKING))
    elif rules.stacking is Stacking.MIXED:
        out.append((_("Stacking +2 and +4"), Section.STACKING))
    if rules.jump_in:
        out.append((_("Jump-in"), Section.JUMP_IN))
    if rules.seven_zero:
        out.append((_("7 swaps, 0 passes hands"), Section.SEVEN_ZERO))
    if rules.draw_until_playable:
        out.append((_("Draw until you can play"), Section.TURN))
    if not rules.play_drawn:
        out.append((_("A drawn card is kept"), Section.TURN))
    if not rules.bluffing:
        out.append((_("No bluffing with +4"), Section.WILD_DRAW_FOUR))
    if not rules.challenge:
        out.append((_("No challenge of +4"), Section.WILD_DRAW_FOUR))
    for rank, section in (("WS", Section.SWAP_HANDS), ("WC", Section.CUSTOMIZABLE)):
        if rules.deck.get(rank, 0) > 0:
            out.append((rank_name(rank), section))
    if rules.uno_penalty != OFFICIAL.uno_penalty:
        out.append((_("Forgot UNO: draw {n}").format(n=rules.uno_penalty), Section.UNO))
    if rules.false_catch_penalty > 0:
        text = _("Wrong catch: draw {n}").format(n=rules.false_catch_penalty)
        out.append((text, Section.UNO))
    if rules.scoring is Scoring.PENALTY:
        out.append((_("Fewest points win"), Section.SCORING))
    if rules.target_score != OFFICIAL.target_score:
        out.append((_("Play to {n}").format(n=rules.target_score), Section.SCORING))
    return [HouseRule(text, section) for text, section in out]
