"""Easy: a friendly player a child can beat.

It plays a random playable card, names a random colour, forgets UNO about a third
of the time, rarely catches anyone, never challenges and never jumps in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import COLORS, Action, Observation
from .base import Options, variant

FORGET_UNO = 0.3  # chance of not declaring UNO with the second-to-last card
RESCUE_UNO = 0.2  # chance, when asked out of turn, of remembering to call it after all
CATCH = 0.1  # chance of catching someone who forgot


class EasyBot:
    level = "easy"

    def choose(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action | None:
        if not legal_actions:
            return None
        obs = observation
        opts = Options(obs, legal_actions)
        if obs.current != obs.seat:
            if opts.calls is not None and rng.random() < RESCUE_UNO:
                return opts.calls
            if opts.catches and rng.random() < CATCH:
                return opts.catches[0]
            return None
        if opts.catches and rng.random() < CATCH:
            return opts.catches[0]
        if opts.plays:
            cards = list(opts.plays)
            card = cards[rng.randrange(len(cards))]
            plays = opts.plays[card]
            color = COLORS[rng.randrange(4)] if card.is_wild else None
            targets = sorted({p.target for p in plays if p.target is not None})
            target = targets[rng.randrange(len(targets))] if targets else None
            uno = rng.random() >= FORGET_UNO
            return variant(plays, color, target, uno)
        for a in (opts.draw, opts.pass_):
            if a is not None:
                return a
        if opts.calls is not None:
            return opts.calls
        return legal_actions[0]
