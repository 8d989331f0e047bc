"""The rules engine: pure Python, standard library only, no I/O, no clock.

Names are loaded on first use (PEP 562), so a module that needs only the rule set
(settings, the title screen) does not pay for building the whole engine at start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE: dict[str, str] = {
    "actions": "",
    "events": "",
    "Action": "actions",
    "CallUno": "actions",
    "CatchUno": "actions",
    "Challenge": "actions",
    "Draw": "actions",
    "Pass": "actions",
    "Play": "actions",
    "COLORS": "cards",
    "Card": "cards",
    "Color": "cards",
    "build_deck": "cards",
    "parse_cards": "cards",
    "Game": "game",
    "MAX_ROUND_MOVES": "game",
    "IllegalAction": "game",
    "Observation": "observation",
    "Phase": "observation",
    "SeatHabits": "observation",
    "OFFICIAL": "rules",
    "CustomEffect": "rules",
    "CustomRule": "rules",
    "RuleSet": "rules",
    "Scoring": "rules",
    "Stacking": "rules",
    "hand_points": "scoring",
    "match_winner": "scoring",
    "round_points": "scoring",
}

__all__ = [
    "COLORS",
    "MAX_ROUND_MOVES",
    "OFFICIAL",
    "Action",
    "CallUno",
    "Card",
    "CatchUno",
    "Challenge",
    "Color",
    "CustomEffect",
    "CustomRule",
    "Draw",
    "Game",
    "IllegalAction",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "RuleSet",
    "Scoring",
    "SeatHabits",
    "Stacking",
    "actions",
    "build_deck",
    "events",
    "hand_points",
    "match_winner",
    "parse_cards",
    "round_points",
]


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if where == "":
        value: Any = importlib.import_module(f"{__name__}.{name}")
    else:
        value = getattr(importlib.import_module(f"{__name__}.{where}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:
    from . import actions, events
    from .actions import Action, CallUno, CatchUno, Challenge, Draw, Pass, Play
    from .cards import COLORS, Card, Color, build_deck, parse_cards
    from .game import MAX_ROUND_MOVES, Game, IllegalAction
    from .observation import Observation, Phase, SeatHabits
    from .rules import OFFICIAL, CustomEffect, CustomRule, RuleSet, Scoring, Stacking
    from .scoring import hand_points, match_winner, round_points
