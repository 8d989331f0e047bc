"""Card, rank and colour names in the current language.

English uses the Mattel names ("Red 5", "Blue Draw Two", "Wild Draw Four"); Swedish
uses the names printed in the Swedish edition ("Röd 5", "Blå Dra 2", "Vild dra 4"),
so what the screen says matches the cards a family knows from the box.

The tables hold English msgids marked with `N_()` and are translated when a name is
asked for, so a language switch shows at once and the translation checker finds them.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from uno_desktop.engine.cards import NUMBER_RANKS, Card, Color
from uno_desktop.lang.i18n import N_, _

#: colour names as they start a card name or label a button ("Red", "Blue")
COLOR_NAMES: Final = MappingProxyType(
    {
        Color.RED: N_("Red"),
        Color.YELLOW: N_("Yellow"),
        Color.GREEN: N_("Green"),
        Color.BLUE: N_("Blue"),
    }
)

#: names of the ranks that are not numbers (numbers are their own name)
RANK_NAMES: Final = MappingProxyType(
    {
        "S": N_("Skip"),
        "R": N_("Reverse"),
        "D2": N_("Draw Two"),
        "W": N_("Wild"),
        "W4": N_("Wild Draw Four"),
        "WS": N_("Wild Swap Hands"),
        "WC": N_("Wild Customizable"),
    }
)


def color_name(color: Color) -> str:
    """ "Red", "Yellow", "Green", "Blue" in the current language."""
    return _(COLOR_NAMES[Color(color)])


def rank_name(rank: str) -> str:
    """The name of a rank code: "5" for 5, "Draw Two" for D2, "Wild Draw Four" for W4.

    Raises ValueError for a code that is no rank, so a typo never shows as a blank.
    """
    if rank in NUMBER_RANKS:
        return rank
    text = RANK_NAMES.get(rank)
    if text is None:
        raise ValueError(f"not a card rank: {rank!r} (expected 0-9, S, R, D2, W, W4, WS, WC)")
    return _(text)


def card_name(card: Card) -> str:
    """The full name of a card: "Red 5", "Blue Draw Two", "Wild Draw Four".

    A wild card has no printed colour, so its name is the rank name alone; the colour a
    player chose for it is game state, never part of the card.
    """
    rank = rank_name(card.rank)
    if card.color is None:
        return rank
    # One template, so a language may put the colour after the symbol if it needs to.
    return _("{color} {rank}").format(color=color_name(card.color), rank=rank)
