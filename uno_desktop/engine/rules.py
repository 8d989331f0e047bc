"""The rule set: every option a table can agree on, as one frozen value.

The engine reads a `RuleSet`; presets (YAML) build one. Defaults are the official
Mattel rules as decided in DESIGN.md, so `RuleSet()` is the official game.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .cards import ALL_RANKS, NUMBER_RANKS, build_deck


class Stacking(enum.StrEnum):
    NONE = "none"  # official: a Draw Two or Wild Draw Four is taken, never passed on
    SAME = "same"  # Draw Two on Draw Two, Wild Draw Four on Wild Draw Four
    MIXED = "mixed"  # also Wild Draw Four on Draw Two and Draw Two on Wild Draw Four


class Scoring(enum.StrEnum):
    WINNER = "winner"  # the round's winner scores the others' hands; first to target wins
    PENALTY = "penalty"  # everyone adds their own hand; at the target the lowest total wins


class CustomEffect(enum.StrEnum):
    """What the game enforces when a Wild Customizable card is played."""

    TEXT = "text"  # the text is shown; nothing else happens
    OTHERS_DRAW = "others_draw"  # every other player draws `amount`
    NEXT_DRAWS_SKIPPED = "next_draws_skipped"  # next player draws `amount` and is skipped
    EXTRA_TURN = "extra_turn"  # the player takes another turn
    SWAP_HANDS = "swap_hands"  # swap hands with a chosen player
    ROTATE_HANDS = "rotate_hands"  # every hand passes one seat in the direction of play


@dataclasses.dataclass(frozen=True)
class CustomRule:
    """The rule written on the Wild Customizable card before the match."""

    text: str = "Everyone else draws one card."
    effect: CustomEffect = CustomEffect.OTHERS_DRAW
    amount: int = 1

    @property
    def needs_target(self) -> bool:
        return self.effect is CustomEffect.SWAP_HANDS


STANDARD_DECK: Mapping[str, int] = MappingProxyType(
    {"0": 1, **{str(n): 2 for n in range(1, 10)}, "S": 2, "R": 2, "D2": 2, "W": 4, "W4": 4}
)

STANDARD_VALUES: Mapping[str, int] = MappingProxyType(
    {
        **{r: int(r) for r in NUMBER_RANKS},
        "S": 20,
        "R": 20,
        "D2": 20,
        "W": 50,
        "W4": 50,
        "WS": 40,
        "WC": 40,
    }
)


def _frozen_map(m: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(m))


@dataclasses.dataclass(frozen=True)
class RuleSet:
    """All the options the engine honours. Defaults: the official rules."""

    name: str = "official"
    title: str = "Official rules"
    description: str = "The Mattel rules, exactly as printed."
    # --- the deck and the deal
    deck: Mapping[str, int] = dataclasses.field(
        default_factory=lambda: STANDARD_DECK
    )  # coloured ranks: per colour; wilds: in total
    card_values: Mapping[str, int] = dataclasses.field(default_factory=lambda: STANDARD_VALUES)
    hand_size: int = 7
    min_players: int = 2
    max_players: int = 10
    # --- a turn
    draw_until_playable: bool = False  # draw one (official) or keep drawing until playable
    play_drawn: bool = True  # a playable drawn card may be played at once (else kept)
    stacking: Stacking = Stacking.NONE
    jump_in: bool = False  # an identical card (colour and symbol) may be played out of turn
    seven_zero: bool = False  # 7 swaps hands with a chosen player; 0 passes every hand on
    # --- Wild Draw Four
    bluffing: bool = True  # Wild Draw Four may be played while holding the active colour
    challenge: bool = True  # the victim may challenge a Wild Draw Four
    challenge_guilty_draw: int = 4  # the bluffer draws this instead of the victim's 4 (+ any stack)
    challenge_innocent_extra: int = 2  # a wrong challenger draws the penalty plus this
    # --- UNO
    uno_penalty: int = 2  # cards drawn when caught not having said UNO
    false_catch_penalty: int = 0  # cards the catcher draws for a wrong catch (0: not allowed)
    # --- score
    target_score: int = 500
    scoring: Scoring = Scoring.WINNER
    # --- the Wild Customizable card
    custom_rule: CustomRule = CustomRule()

    def __post_init__(self) -> None:
        # Mappings are stored read-only so a RuleSet is a real value.
        object.__setattr__(self, "deck", _frozen_map(self.deck))
        object.__setattr__(
            self, "card_values", _frozen_map({**STANDARD_VALUES, **self.card_values})
        )
        object.__setattr__(self, "stacking", Stacking(self.stacking))
        object.__setattr__(self, "scoring", Scoring(self.scoring))
        unknown = [r for r in self.deck if r not in ALL_RANKS]
        if unknown:
            raise ValueError(f"deck: unknown card kinds {unknown}")

    def deck_size(self) -> int:
        return len(build_deck(self.deck))

    def replace(self, **changes: Any) -> RuleSet:
        return dataclasses.replace(self, **changes)

    def __hash__(self) -> int:
        return hash((self.name, self.title))


OFFICIAL = RuleSet()
