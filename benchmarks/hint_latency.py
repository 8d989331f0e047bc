"""How long a hint takes: median, 90th and 99th percentile, worst.

    .venv/bin/python benchmarks/hint_latency.py --games 40
    .venv/bin/python benchmarks/hint_latency.py --games 40 --players 2,4,10 --cpu

Plays whole official games between normal bots and, at every turn decision of every
seat, times `hint(observation, legal_actions)` as the table asks it for a person (the
hard bot's choice plus the line of why). The budget is the bots': the 99th percentile
under 30 ms at four seats, so a hint can be worked out inside the frame that asks for
it. Not a test: prints only. `--cpu` times by the process's CPU time (a busy shared
machine's waits left out); quote the median too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from uno_desktop.ai import make_bot
from uno_desktop.ai.hint import hint, prepare
from uno_desktop.engine import Game, RuleSet


def _pct(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def measure(
    players: int, games: int, seed: int, clock: Callable[[], float] = time.perf_counter
) -> list[float]:
    """Seconds per hint over `games` seeded games at `players` seats."""
    prepare(players)  # as the table does when it opens (the net's weights load here)
    rng = random.Random(seed)
    bots = [make_bot("normal") for _ in range(players)]
    took: list[float] = []
    for g in range(games):
        game = Game.new(RuleSet(), players, seed=rng.getrandbits(64), dealer=g % players)
        while not game.is_over:
            seat = game.current
            obs, legal = game.observation(seat), game.legal_actions(seat)
            t0 = clock()
            hint(obs, legal)
            took.append(clock() - t0)
            action = bots[seat].choose(obs, legal, rng)
            assert action is not None
            game.apply(action)
    return took


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", default="4", help="table sizes, comma separated")
    p.add_argument("--cpu", action="store_true", help="time by the process's CPU time")
    args = p.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    for players in map(int, args.players.split(",")):
        xs = sorted(t * 1000 for t in measure(players, args.games, args.seed, clock))
        print(
            f"hint, {players} players, {args.games} games: {len(xs)} positions"
            f"{' (CPU time)' if args.cpu else ''}: "
            f"median {statistics.median(xs):.2f} ms, p90 {_pct(xs, 0.90):.2f} ms, "
            f"p99 {_pct(xs, 0.99):.2f} ms, max {xs[-1]:.2f} ms"
        )


if __name__ == "__main__":
    main()
