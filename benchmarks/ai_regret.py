"""A fast proxy for the four-player search: regret against an oracle that knows the hands.

    .venv/bin/python benchmarks/ai_regret.py --games 500 --variant table_samples=32
    .venv/bin/python benchmarks/ai_regret.py --games 500 --variant table_z=0.5

Plays `--games` four-player games of hard against three normal bots and keeps every
table search the hard bot makes (observation and candidates). An oracle then values
each candidate in worlds with every true hand and a reshuffled draw pile (the same
playouts and value the search uses). For the baseline and each `--variant` (HardBot
attributes, as `ai_paired.py` takes them), the search is asked again on the same
positions, and its choice scored by the oracle: the regret (the oracle's best value
less that of the choice, in win chance) and how often it picks the oracle's best.

This compares settings of the search itself (worlds, plies, z) in a minute where a
paired trial takes a quarter of an hour. It cannot judge what the
oracle shares with the search (the value, the playout policy) nor the candidate list
(fixed at collection), and a lower regret is only a guide: win rates decide.
Not a test: prints only.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from ai_paired import _step, make_hard  # the benchmarks folder is on the path when run

import uno_desktop.ai.hard as hard_mod
from uno_desktop.ai import HardBot, make_bot
from uno_desktop.ai.hard import NET_VALUE
from uno_desktop.ai.knowledge import Knowledge
from uno_desktop.ai.search import LazyRandom, play_on
from uno_desktop.engine import Action, Game, Observation, RuleSet

Position = tuple[Observation, list[Action], list[float]]


def collect(games: int, seed: int, worlds: int) -> list[Position]:
    """Every table search of the default hard bot in `games` games, with oracle values."""
    seen: list[tuple[Observation, list[Action], Game]] = []
    table: list[Game] = []
    real = hard_mod.search_table

    def keep(obs, know, candidates, rng, **kw):  # type: ignore[no-untyped-def]
        seen.append((obs, list(candidates), table[0].clone(random.Random(0))))
        return real(obs, know, candidates, rng, **kw)

    hard_mod.search_table = keep  # type: ignore[assignment]
    try:
        hard, normal = HardBot(), make_bot("normal")
        deals = random.Random(seed)
        for g in range(games):
            hard_seat = g % 4
            game = Game.new(RuleSet(), 4, seed=deals.getrandbits(64), dealer=(g // 4) % 4)
            rng = random.Random(deals.getrandbits(64))
            table[:] = [game]
            bots = [hard if s == hard_seat else normal for s in range(4)]
            while not game.is_over:  # out of turn first, as simulate --bots
                game.apply(_step(game, bots, [rng] * 4))  # type: ignore[arg-type]
    finally:
        hard_mod.search_table = real
    return [
        (obs, cands, oracle(obs, cands, true, worlds, i))
        for i, (obs, cands, true) in enumerate(seen)
    ]


def oracle(
    obs: Observation, cands: Sequence[Action], true: Game, worlds: int, seed: int
) -> list[float]:
    """Each candidate's mean value over worlds with the true hands, the pile reshuffled."""
    rng = random.Random(seed)
    total = [0.0] * len(cands)
    hands = [list(h) for h in true.hands]
    for _ in range(worlds):
        pile = list(true.draw_pile)
        rng.shuffle(pile)
        world = Game.from_observation(
            obs, hands, pile, LazyRandom(rng.getrandbits(64)), guilty=true.guilty
        )
        for i, a in enumerate(cands):
            g = world.clone(LazyRandom(rng.getrandbits(64)))
            g.apply(a)
            total[i] += NET_VALUE(play_on(g, HardBot.table_depth), obs.seat)
    return [t / worlds for t in total]


def score(data: Sequence[Position], bot: HardBot) -> tuple[float, float, float]:
    """Mean regret, share of oracle-best choices, share of overruled favourites."""
    regret = best = over = 0.0
    for i, (obs, cands, vals) in enumerate(data):
        know = Knowledge.from_observation(obs)
        choice = bot.table_choice(obs, know, cands, random.Random(i))
        j = cands.index(choice)
        regret += max(vals) - vals[j]
        best += vals[j] == max(vals)
        over += j != 0
    n = max(len(data), 1)
    return regret / n, best / n, over / n


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--seed", type=int, default=91)
    p.add_argument("--worlds", type=int, default=48, help="oracle worlds per position")
    p.add_argument("--variant", action="append", default=[], help="HardBot overrides (repeatable)")
    args = p.parse_args()
    t0 = time.perf_counter()
    data = collect(args.games, args.seed, args.worlds)
    print(
        f"$ ai_regret --games {args.games} --seed {args.seed}: {len(data)} table searches "
        f"({time.perf_counter() - t0:.0f} s)"
    )
    for spec in ["", *args.variant]:
        t0 = time.perf_counter()
        regret, best, over = score(data, make_hard(spec))
        print(
            f"  {spec or 'baseline':<36} regret {regret * 1000:6.2f}e-3  oracle's best "
            f"{best:6.1%}  overrules {over:6.1%}  ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
