"""Bots see only an Observation: no path from it to other hands or the pile order."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping

from uno_desktop.ai import make_bot
from uno_desktop.ai.knowledge import Knowledge
from uno_desktop.engine import Card, Color, Draw, Game, Play, RuleSet

from .helpers import stacked_deck

RULES = RuleSet()
MY_HAND = ["R1", "R7", "G3", "B5", "YS", "W", "B9"]


def _two_games(seed_a: int, seed_b: int) -> tuple[Game, Game]:
    """Identical for seat 0 (its hand, the start card, the dealer); everything hidden differs."""
    hands_a = [MY_HAND, ["G1", "G2", "G4", "G5", "GS", "GR", "GD2"]]
    hands_b = [MY_HAND, ["Y1", "Y2", "B3", "B4", "W4", "W4", "R2"]]
    a = Game.new(RULES, 2, dealer=0, deck=stacked_deck(RULES, hands_a, "R5", ["Y8"], seed=seed_a))
    b = Game.new(RULES, 2, dealer=0, deck=stacked_deck(RULES, hands_b, "R5", ["Y8"], seed=seed_b))
    return a, b


def _walk(value: object, seen: set[int], found: list[object]) -> None:
    if id(value) in seen:
        return
    seen.add(id(value))
    found.append(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _walk(getattr(value, f.name), seen, found)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            _walk(k, seen, found)
            _walk(v, seen, found)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            _walk(v, seen, found)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        for v in vars(value).values():
            _walk(v, seen, found)


def test_observation_reaches_no_game_and_no_rng():
    game, _ = _two_games(1, 2)
    game.apply(game.legal_actions(1)[-1])  # seat 1 draws: a hidden card moves
    found: list[object] = []
    _walk(game.observation(0), set(), found)
    assert not any(isinstance(v, (Game, random.Random)) for v in found)


def test_observation_holds_no_copy_of_the_opponents_hand():
    game, _ = _two_games(1, 2)
    opponent = sorted(game.hands[1], key=Card.sort_key)
    found: list[object] = []
    _walk(game.observation(0), set(), found)
    sequences = [v for v in found if isinstance(v, (list, tuple)) and len(v) == len(opponent)]
    assert all(sorted(v, key=str) != sorted(opponent, key=str) for v in sequences)


def test_games_differing_only_in_hidden_cards_give_seat_0_equal_observations():
    a, b = _two_games(1, 2)
    assert a.hands[1] != b.hands[1] and a.draw_pile != b.draw_pile
    assert a.observation(0) == b.observation(0)
    for game in (a, b):  # the same public move in both: seat 1 draws the same Y8
        game.apply(game.legal_actions(1)[-1])
    assert a.observation(0) == b.observation(0)


def test_hard_bot_choice_does_not_depend_on_hidden_cards():
    # Seat 1 holds only greens in one game and no greens in the other: a peeking
    # bot would name a different colour or play differently; ours may not.
    for seed in range(5):
        a, b = _two_games(seed, seed + 100)
        for game in (a, b):
            game.apply(game.legal_actions(1)[-1])  # seat 1 draws; seat 0 to play
        assert a.current == b.current == 0
        obs_a, obs_b = a.observation(0), b.observation(0)
        assert obs_a == obs_b
        bot = make_bot("hard")
        choice_a = bot.choose(obs_a, a.legal_actions(0), random.Random(seed))
        choice_b = bot.choose(obs_b, b.legal_actions(0), random.Random(seed))
        assert choice_a == choice_b


def test_hards_opponent_model_reads_only_the_observation():
    # The same public moves over different hidden cards: seat 1 plays a Wild Draw Four
    # (a bluff in one game, honest in the other), seat 0 takes the cards. Seat 0's
    # record of seat 1's bluffing and its own challenging must be the same in both.
    rules = RuleSet(hand_size=4)
    me = ["G1", "G3", "G4", "G6"]
    records = []
    for theirs in (["W4", "R1", "B1", "B2"], ["W4", "Y1", "B1", "B2"]):
        deck = stacked_deck(rules, [me, theirs], "R5", ["Y7", "Y8", "Y9", "G9"])
        game = Game.new(rules, 2, dealer=0, deck=deck)
        game.apply(Play(1, Card.parse("W4"), Color.BLUE))
        game.apply(Draw(0))
        know = Knowledge.from_observation(game.observation(0))
        records.append(
            [(s.guilty, s.bluffs_shown, s.challenge_chances, s.challenges_made) for s in know.seats]
        )
    assert records[0] == records[1]
