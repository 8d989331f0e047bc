"""Engine throughput: games/s and microseconds per decision with random legal play.

    .venv/bin/python benchmarks/engine_throughput.py [--games N] [--reps R]

A decision is one `legal_actions(current)` + a random choice + `apply(action)`, every rule
of the official preset in force (UNO calls, challenges, voluntary draws included).
Two policies:
  playable  a random playable card when there is one, else a random legal action
            (comparable to RLCard's random agent, whose legal actions are the playable cards)
  uniform   uniformly among every legal action, draws and passes included (long rounds, big hands)
`recorded` games keep the event and action logs (what the UI uses); `unrecorded` games build
no events (what a searching bot uses). Figures are medians over R repetitions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from uno_desktop.engine import OFFICIAL, Game, Play


def run(
    players: int, games: int, policy: str, record: bool, seed: int
) -> tuple[float, float, float]:
    rng = random.Random(seed)
    decisions = 0
    t0 = time.perf_counter()
    for g in range(games):
        game = Game.new(
            OFFICIAL, players, seed=seed * 1_000_003 + g, dealer=g % players, record=record
        )
        legal, apply = game.legal_actions, game.apply
        while game.phase.value != "over":
            acts = legal(game.current)
            if policy == "playable":
                plays = [a for a in acts if type(a) is Play]
                if plays:
                    acts = plays
            apply(acts[rng.randrange(len(acts))])
            decisions += 1
    dt = time.perf_counter() - t0
    return games / dt, dt / decisions * 1e6, decisions / games


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--reps", type=int, default=5)
    a = ap.parse_args()
    head = ("players", "policy", "mode", "games/s", "us/decision", "decisions/game")
    print(" ".join(f"{h:>{w}}" for h, w in zip(head, (7, 9, 10, 9, 12, 15))))
    for players in (2, 4):
        for policy in ("playable", "uniform"):
            for record in (False, True):
                n = a.games if policy == "playable" else max(1, a.games // 10)
                runs = [run(players, n, policy, record, seed=r + 1) for r in range(a.reps)]
                gps = statistics.median(r[0] for r in runs)
                usd = statistics.median(r[1] for r in runs)
                dpg = statistics.median(r[2] for r in runs)
                mode = "recorded" if record else "unrecorded"
                print(f"{players:>7} {policy:>9} {mode:>10} {gps:>9.0f} {usd:>12.2f} {dpg:>15.1f}")


if __name__ == "__main__":
    main()
