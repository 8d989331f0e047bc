"""Hard against RLCard's rule policy, heads-up: the hard seat's win rate (95% Wilson).

    .venv/bin/pip install -e '.[compare]'     # rlcard 1.2.0 (and numpy, which it needs)
    .venv/bin/python benchmarks/ai_vs_rlcard_rule.py --games 2000

Official rules, our engine; seats and the dealer rotate as in `simulate_bots`. The other
seat is RLCard's `UNORuleAgentV1` itself, asked with the state RLCard would give it:
its hand and its legal actions as RLCard's game lists them (a Wild Draw Four only when
nothing else can be played, `draw` only when nothing can). Where our rules ask what
RLCard's game never does, the policy does what RLCard's game does for it: a drawn card
is played when it may be (a drawn wild names a random colour), UNO is always called,
a Wild Draw Four is never challenged, nobody is caught. The target is at least 57%.
Not a test: prints only.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import numpy as np
from rlcard.models.uno_rule_models import UNORuleAgentV1

from uno_desktop.ai import make_bot
from uno_desktop.ai.base import Options, variant
from uno_desktop.engine import COLORS, Action, Card, Color, Game, Observation, Phase, RuleSet
from uno_desktop.play.simulate import wilson_interval

LETTER = {Color.RED: "r", Color.GREEN: "g", Color.BLUE: "b", Color.YELLOW: "y"}
TRAIT = {"S": "skip", "R": "reverse", "D2": "draw_2", "W": "wild", "W4": "wild_draw_4"}


def _name(card: Card, color: Color | None = None) -> str:
    """RLCard's name of a card (a wild's colour: the one named, or red in a hand)."""
    letter = LETTER[color if color is not None else card.color or Color.RED]
    return f"{letter}-{TRAIT.get(card.rank, card.rank)}"


class RuleBot:
    """RLCard's rule policy (`UNORuleAgentV1`) seated at our table."""

    level = "rlcard-rule"

    def __init__(self) -> None:
        self.agent = UNORuleAgentV1()

    def choose(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        if obs.current != obs.seat or not legal:
            return None
        opts = Options(obs, legal)
        if obs.phase is Phase.DRAWN:
            for card, plays in opts.plays.items():
                color = COLORS[rng.randrange(4)] if card.is_wild else None
                return variant(plays, color, None, True)
            return opts.pass_ or legal[0]
        if obs.phase is Phase.PENALTY or not opts.plays:
            return opts.draw or legal[0]
        names: dict[str, tuple[Card, Color | None]] = {}
        fours: dict[str, tuple[Card, Color | None]] = {}
        for card in opts.plays:
            if card.is_wild:
                into = fours if card.rank == "W4" else names
                into.update((_name(card, c), (card, c)) for c in COLORS)
            else:
                names[_name(card)] = (card, None)
        choices = names or fours  # RLCard: a Wild Draw Four only when nothing else plays
        state = {
            "raw_legal_actions": list(choices),
            "raw_obs": {"hand": [_name(c) for c in obs.hand]},
        }
        card, color = choices[self.agent.step(state)]
        return variant(opts.plays[card], color, None, True)


def play(games: int, seed: int) -> tuple[int, int, float]:
    """Games won by hard, games played, seconds."""
    np.random.seed(seed)  # the rule policy draws from numpy's global generator
    deals = random.Random(seed)
    hard, rule = make_bot("hard"), RuleBot()
    won = 0
    t0 = time.perf_counter()
    for g in range(games):
        bots = [hard, rule] if g % 2 == 0 else [rule, hard]
        for bot in bots:
            prepare = getattr(bot, "prepare", None)
            if prepare is not None:
                prepare(2)
        game = Game.new(RuleSet(), 2, seed=deals.getrandbits(64), dealer=(g // 2) % 2)
        rng = random.Random(deals.getrandbits(64))
        while not game.is_over:
            other = (game.current + 1) % 2
            legal = game.legal_actions(other)
            if legal:
                a = bots[other].choose(game.observation(other), legal, rng)
                if a is not None:
                    game.apply(a)
                    continue
            seat = game.current
            a = bots[seat].choose(game.observation(seat), game.legal_actions(seat), rng)
            if a is None:
                raise RuntimeError(f"{bots[seat].level} returned None on its turn")
            game.apply(a)
        won += game.winner is not None and bots[game.winner] is hard
    return won, games, time.perf_counter() - t0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    won, n, seconds = play(args.games, args.seed)
    lo, hi = wilson_interval(won, n)
    verdict = "met" if won / n >= 0.57 else "NOT met"
    print(
        f"hard vs RLCard's rule policy, heads-up, {n} games (seed {args.seed}): hard wins "
        f"{won} = {won / n:.1%} [{lo:.1%}, {hi:.1%}] in {seconds:.0f} s; target >= 57% "
        f"-> {verdict}"
    )


if __name__ == "__main__":
    main()
