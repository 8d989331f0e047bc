"""The hard bot's sampled worlds agree with everything its observation says."""

from __future__ import annotations

import random
from collections import Counter

from uno_desktop.ai import make_bot
from uno_desktop.ai.knowledge import Knowledge
from uno_desktop.ai.search import build_world, sample_hands
from uno_desktop.engine import Color, Draw, Game, RuleSet, Stacking

from .helpers import stacked_deck


def _positions():
    rules = RuleSet(seven_zero=True, stacking=Stacking.MIXED)
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new(rules, 3, seed=seed)
        bots = [make_bot("normal") for _ in range(3)]
        while not game.is_over:
            yield game.observation(game.current)
            seat = game.current
            game.apply(bots[seat].choose(game.observation(seat), game.legal_actions(seat), rng))


def test_sampled_hands_have_the_observed_sizes_and_use_only_unseen_cards():
    for obs in _positions():
        know = Knowledge.from_observation(obs)
        hands, pile = sample_hands(obs, know, random.Random(1))
        assert [len(h) for h in hands] == list(obs.hand_sizes)
        assert len(pile) == obs.draw_pile_size
        assert tuple(hands[obs.seat]) == obs.hand
        hidden = Counter(pile)
        for seat, hand in enumerate(hands):
            if seat != obs.seat:
                hidden.update(hand)
        assert hidden == know.unseen + Counter(c for s in know.seats for c in s.known.elements())


def test_a_sampled_world_plays_on_to_the_end():
    for i, obs in enumerate(_positions()):
        if i % 25:
            continue
        world = build_world(obs, Knowledge.from_observation(obs), random.Random(i))
        for _ in range(3000):
            if world.is_over:
                break
            seat = world.current
            legal = world.legal_actions(seat)
            plays = [a for a in legal if type(a).__name__ == "Play"]
            world.apply(plays[0] if plays else legal[0])
        assert world.is_over


def test_sampling_respects_a_void_when_the_pool_allows():
    rules = RuleSet(hand_size=4)
    hands = [["R1", "R2", "G3", "W"], ["B1", "B2", "B3", "B4"]]
    game = Game.new(rules, 2, dealer=0, deck=stacked_deck(rules, hands, "Y5", ["G9"]))
    game.apply(Draw(1))  # no yellow
    obs = game.observation(0)
    know = Knowledge.from_observation(obs)
    for seed in range(20):
        sampled, _ = sample_hands(obs, know, random.Random(seed))
        assert all(c.color is not Color.YELLOW for c in sampled[1])
