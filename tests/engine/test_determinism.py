"""Same seed + same actions = same game, whatever the global `random` does."""

from __future__ import annotations

import random

from uno_desktop.engine import OFFICIAL, Game, Play, RuleSet, Stacking
from uno_desktop.engine.actions import Action
from uno_desktop.engine.events import Event

HOUSE = RuleSet(stacking=Stacking.MIXED, jump_in=True, seven_zero=True, draw_until_playable=True)


def record(
    rules: RuleSet, seed: int, disturb: bool = False
) -> list[tuple[Action | None, tuple[Event, ...]]]:
    """Play a seeded game with a seeded chooser; return (action, events) for every step."""
    game = Game.new(rules, 4, seed=seed, dealer=None)
    chooser = random.Random(seed + 100)
    steps: list[tuple[Action | None, tuple[Event, ...]]] = [(None, tuple(game.log))]
    while not game.is_over and len(steps) < 3000:
        if disturb:
            random.seed(len(steps) * 7919)
            random.random()
        options = game.legal_actions(game.current)
        plays = [a for a in options if isinstance(a, Play)]
        action = chooser.choice(plays if plays and chooser.random() < 0.9 else options)
        steps.append((action, tuple(game.apply(action))))
    assert game.is_over
    return steps


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    assert record(OFFICIAL, 3) == record(OFFICIAL, 3)


def test_the_global_random_state_does_not_change_the_game() -> None:
    assert record(HOUSE, 5) == record(HOUSE, 5, disturb=True)


def test_different_seeds_give_different_games() -> None:
    assert record(OFFICIAL, 3) != record(OFFICIAL, 4)


def test_replaying_the_action_log_gives_the_same_game() -> None:
    game = Game.new(HOUSE, 3, seed=9, dealer=None)
    chooser = random.Random(1)
    while not game.is_over:
        options = game.legal_actions(game.current)
        plays = [a for a in options if isinstance(a, Play)]
        game.apply(chooser.choice(plays or options))
    replay = Game.new(HOUSE, 3, seed=9, dealer=None)
    for action in game.actions:
        replay.apply(action)
    assert replay.log == game.log
    assert replay.hands == game.hands
    assert replay.points == game.points


def test_the_shuffle_is_the_one_python_3_11_deals_with() -> None:
    # The engine shuffles with its own copy of random.shuffle's algorithm, so a saved
    # match (preset + seed + actions) deals the same cards on any Python version.
    from uno_desktop.engine.game import shuffle

    cards = list(range(20))
    shuffle(random.Random(7), cards)
    assert cards == [17, 15, 11, 18, 7, 6, 19, 3, 14, 0, 9, 5, 16, 8, 13, 2, 1, 12, 4, 10]
    for seed in range(20):
        ours, stdlib = list(range(108)), list(range(108))
        shuffle(random.Random(seed), ours)
        random.Random(seed).shuffle(stdlib)
        assert ours == stdlib
