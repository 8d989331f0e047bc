"""The rules engine: pure Python, standard library only, no I/O, no clock."""

from . import actions, events
from .actions import Action, CallUno, CatchUno, Challenge, Draw, Pass, Play
from .cards import COLORS, Card, Color, build_deck, parse_cards
from .game import Game, IllegalAction, Observation, Phase
from .rules import OFFICIAL, CustomEffect, CustomRule, RuleSet, Scoring, Stacking
from .scoring import hand_points, match_winner, round_points

__all__ = [
    "COLORS",
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
    "Stacking",
    "actions",
    "build_deck",
    "events",
    "hand_points",
    "match_winner",
    "parse_cards",
    "round_points",
]
