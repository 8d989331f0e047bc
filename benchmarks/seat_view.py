"""What one seat's view costs: the fold of a history, the bots' knowledge, a whole SeatView.

    .venv/bin/python benchmarks/seat_view.py --games 30 --players 4

Plays seeded official games with random legal actions (mostly plays) and, at every
turn, times the current seat's `fold_history` (the facts the bots read), its
`Knowledge.from_observation` (a bot does this at every decision) and `seat_view` (what
the table and a phone read after every change), by CPU time. Prints medians and p99
in microseconds. Not a test: prints only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from uno_desktop.ai.knowledge import Knowledge
from uno_desktop.engine import Action, Game, Observation, Play, RuleSet
from uno_desktop.view import seat_view
from uno_desktop.view.fold import fold_history


def positions(players: int, games: int, seed: int) -> list[tuple[Observation, list[Action]]]:
    out: list[tuple[Observation, list[Action]]] = []
    rng = random.Random(seed)
    for g in range(games):
        game = Game.new(RuleSet(), players, seed=rng.getrandbits(32), dealer=g % players)
        while not game.is_over:
            seat = game.current
            legal = game.legal_actions(seat)
            out.append((game.observation(seat), legal))
            plays = [a for a in legal if type(a) is Play]
            game.apply(rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(legal))
    return out


def timed(
    cases: list[tuple[Observation, list[Action]]],
    work: Callable[[Observation, list[Action]], object],
) -> list[float]:
    out = []
    for obs, legal in cases:
        t0 = time.process_time()
        work(obs, legal)
        out.append((time.process_time() - t0) * 1e6)
    return sorted(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    cases = positions(args.players, args.games, args.seed)
    history = statistics.median(len(obs.history) for obs, _legal in cases)
    print(f"{len(cases)} positions at {args.players} seats, median history {history:.0f} events")
    works: dict[str, Callable[[Observation, list[Action]], object]] = {
        "fold_history": lambda obs, _legal: fold_history(obs.history, obs.players),
        "Knowledge.from_observation": lambda obs, _legal: Knowledge.from_observation(obs),
        "seat_view": seat_view,
    }
    for name, work in works.items():
        xs = timed(cases, work)
        p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
        print(f"{name}: median {statistics.median(xs):.0f} us, p99 {p99:.0f} us (CPU time)")


if __name__ == "__main__":
    main()
