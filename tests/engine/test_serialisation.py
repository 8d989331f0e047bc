"""Actions survive a saved match (to_dict/from_dict), and a searching bot can rebuild a game."""

from __future__ import annotations

import json
import random

import pytest

from uno_desktop.engine import (
    OFFICIAL,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Color,
    Draw,
    Game,
    Pass,
    Play,
)
from uno_desktop.engine.actions import action_from_dict, action_to_dict

ACTIONS = [
    Play(0, Card.parse("R5")),
    Play(1, Card.parse("W4"), Color.BLUE),
    Play(2, Card.parse("WS"), Color.GREEN, target=0),
    Play(3, Card.parse("G7"), target=1, uno=True),
    Draw(1),
    Pass(2),
    Challenge(3),
    CallUno(0),
    CatchUno(1, 2),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_every_action_round_trips_through_json(action):
    assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action


@pytest.mark.parametrize(
    "doc",
    [
        {},
        {"type": "Fly", "seat": 0},
        {"type": "Play", "seat": 0},
        {"type": "Play", "seat": 0, "card": "X9"},
        {"type": "Play", "seat": "0", "card": "R5"},
        {"type": "Play", "seat": 0, "card": "W", "color": "purple"},
        {"type": "Play", "seat": 0, "card": "WS", "color": "R", "target": "1"},
        {"type": "CatchUno", "seat": 0},
        {"type": "Draw", "seat": True},
    ],
)
def test_a_malformed_saved_action_is_refused_with_a_value_error(doc):
    with pytest.raises(ValueError):
        action_from_dict(doc)


def test_a_game_rebuilt_from_an_observation_and_the_true_hidden_cards_plays_on_identically():
    game = Game.new(OFFICIAL, 4, seed=11)
    rng = random.Random(3)
    for _ in range(25):  # play into the round so the piles and colours are not trivial
        acts = game.legal_actions(game.current)
        plays = [a for a in acts if type(a) is Play]
        game.apply(rng.choice(plays or acts))
        if game.is_over:
            pytest.skip("round ended early")
    obs = game.observation(game.current)
    rebuilt = Game.from_observation(
        obs, game.hands, game.draw_pile, random.Random(5), guilty=game.guilty
    )
    assert rebuilt.legal_actions(rebuilt.current) == game.legal_actions(game.current)
    original = game.clone(random.Random(5))
    for _ in range(40):
        if original.is_over:
            break
        action = original.legal_actions(original.current)[0]
        original.apply(action)
        rebuilt.apply(action)
        assert rebuilt.hands == original.hands
        assert rebuilt.current == original.current
        assert rebuilt.top_card is original.top_card


def test_from_observation_refuses_hands_that_do_not_match_the_observed_sizes():
    game = Game.new(OFFICIAL, 3, seed=2)
    obs = game.observation(0)
    hands = [list(h) for h in game.hands]
    hands[1] = hands[1][:-1]
    with pytest.raises(ValueError, match="seat 1"):
        Game.from_observation(obs, hands, game.draw_pile, random.Random(1))
