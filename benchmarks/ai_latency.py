"""How long a hard decision takes: median, 90th and 99th percentile, worst.

    .venv/bin/python benchmarks/ai_latency.py --games 60
    .venv/bin/python benchmarks/ai_latency.py --games 20 --players 3,10
    .venv/bin/python benchmarks/ai_latency.py --games 60 --variant table_samples=96

Plays whole official games (hard against normal bots, heads-up and at four unless
`--players` says otherwise) and times every call to the hard bot's `choose` (turn
decisions; out-of-turn calls are timed apart). `--variant` sets `HardBot` attributes
as `benchmarks/ai_paired.py` does. The budget is counted (worlds and plies), not timed;
the target is the 99th percentile under 30 ms at four seats. Not a test: prints only.
The machine may be shared, so quote the median too; `--cpu` times by the process's CPU
time instead, which leaves out the time spent waiting for a busy machine's cores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from ai_paired import make_hard  # the benchmarks folder is on the path when run

from uno_desktop.ai import make_bot
from uno_desktop.engine import Game, RuleSet


def _pct(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def measure(
    players: int,
    games: int,
    seed: int,
    variant: str = "",
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[list[float], list[float]]:
    turn_s: list[float] = []
    other_s: list[float] = []
    rng = random.Random(seed)
    for g in range(games):
        levels = ["hard"] + ["normal"] * (players - 1)
        shift = g % players
        levels = levels[players - shift :] + levels[: players - shift]
        bots = [make_hard(variant) if level == "hard" else make_bot(level) for level in levels]
        for bot in bots:  # as a match seats them (the net's weights load here, untimed)
            if hasattr(bot, "prepare"):
                bot.prepare(players)
        game = Game.new(RuleSet(), players, seed=rng.getrandbits(64), dealer=g % players)
        while not game.is_over:
            acted = False
            for i in range(1, players):
                seat = (game.current + i) % players
                legal = game.legal_actions(seat)
                if legal:
                    obs = game.observation(seat)
                    t0 = clock()
                    a = bots[seat].choose(obs, legal, rng)
                    if levels[seat] == "hard":
                        other_s.append(clock() - t0)
                    if a is not None:
                        game.apply(a)
                        acted = True
                        break
            if acted:
                continue
            seat = game.current
            obs, legal = game.observation(seat), game.legal_actions(seat)
            t0 = clock()
            a = bots[seat].choose(obs, legal, rng)
            if levels[seat] == "hard":
                turn_s.append(clock() - t0)
            game.apply(a)  # type: ignore[arg-type]
    return turn_s, other_s


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", default="2,4", help="table sizes, comma separated")
    p.add_argument("--variant", default="", help="HardBot overrides, e.g. table_samples=96")
    p.add_argument("--cpu", action="store_true", help="time by the process's CPU time")
    args = p.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    for players in map(int, args.players.split(",")):
        turn_s, other_s = measure(players, args.games, args.seed, args.variant, clock)
        xs = sorted(t * 1000 for t in turn_s)
        print(
            f"hard vs normal, {players} players, {args.games} games: {len(xs)} turn decisions"
            f"{' (CPU time)' if args.cpu else ''}: "
            f"median {statistics.median(xs):.2f} ms, p90 {_pct(xs, 0.90):.2f} ms, "
            f"p99 {_pct(xs, 0.99):.2f} ms, max {xs[-1]:.2f} ms"
        )
        if other_s:
            ys = sorted(t * 1000 for t in other_s)
            print(
                f"  out-of-turn calls: {len(ys)}, median {statistics.median(ys):.3f} ms, "
                f"p99 {_pct(ys, 0.99):.3f} ms"
            )


if __name__ == "__main__":
    main()
