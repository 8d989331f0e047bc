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

The last table replays those decisions with no policy in between, timing the deal (per
decision), `legal_actions` and `apply`: the engine's own cost, which issue 2's target
(2.5 us per decision) is read against. The machine is shared: quote medians of several reps.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from uno_desktop.engine import OFFICIAL, Game, Play

TARGET_US = 2.5  # issue 2: microseconds per decision, every official rule in force


def run(
    players: int, games: int, policy: str, record: bool, seed: int
) -> tuple[float, float, float]:
    uniform = random.Random(seed).random  # a C call: the harness should cost little
    playable = policy == "playable"
    plays = itertools.repeat(Play)
    decisions = 0
    t0 = time.perf_counter()
    for g in range(games):
        game = Game.new(
            OFFICIAL, players, seed=seed * 1_000_003 + g, dealer=g % players, record=record
        )
        legal, apply = game.legal_actions, game.apply
        while not game.is_over:
            acts = legal(game.current)
            k = len(acts)
            if playable:  # legal_actions lists the Plays first: count them in C
                k = sum(map(isinstance, acts, plays)) or k
            apply(acts[int(uniform() * k)])
            decisions += 1
    dt = time.perf_counter() - t0
    return games / dt, dt / decisions * 1e6, decisions / games


def engine_only(players: int, games: int, seed: int) -> tuple[float, float, float]:
    """Microseconds per decision spent in the engine alone: a recorded game is replayed,
    timing deal, legal_actions and apply, with no policy or random choice in between."""
    rng = random.Random(seed)
    traces: list[tuple[int, list[object]]] = []
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        game = Game.new(OFFICIAL, players, seed=game_seed, record=False)
        seq: list[object] = []
        while not game.is_over:
            acts = game.legal_actions(game.current)
            plays = [a for a in acts if type(a) is Play]
            action = (plays or acts)[rng.randrange(len(plays or acts))]
            seq.append(action)
            game.apply(action)
        traces.append((game_seed, seq))
    n = sum(len(seq) for _, seq in traces)
    t0 = time.perf_counter()
    for game_seed, _ in traces:
        Game.new(OFFICIAL, players, seed=game_seed, record=False)
    deal = time.perf_counter() - t0
    t0 = time.perf_counter()
    for game_seed, seq in traces:
        game = Game.new(OFFICIAL, players, seed=game_seed, record=False)
        apply = game.apply
        for action in seq:
            apply(action)
    applied = time.perf_counter() - t0 - deal
    t0 = time.perf_counter()
    for game_seed, seq in traces:
        game = Game.new(OFFICIAL, players, seed=game_seed, record=False)
        apply, legal = game.apply, game.legal_actions
        for action in seq:
            legal(game.current)
            apply(action)
    both = time.perf_counter() - t0 - deal
    return deal / n * 1e6, (both - applied) / n * 1e6, applied / n * 1e6


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
    print()
    print("engine alone, random playable card, unrecorded (us per decision):")
    print(f"{'players':>7} {'deal':>7} {'legal':>7} {'apply':>7} {'total':>7}")
    totals = []
    for players in (2, 4):
        runs = [engine_only(players, max(1, a.games // 2), seed=r + 1) for r in range(a.reps)]
        deal, legal, apply = (statistics.median(r[i] for r in runs) for i in range(3))
        total = deal + legal + apply
        totals.append(total)
        print(f"{players:>7} {deal:>7.2f} {legal:>7.2f} {apply:>7.2f} {total:>7.2f}")
    verdict = "met" if max(totals) <= TARGET_US else "NOT met"
    print(
        f"target: the engine alone <= {TARGET_US} us per decision: measured "
        f"{totals[0]:.2f} (2 players), {totals[1]:.2f} (4 players) on this host -> {verdict}"
    )
    # The target was set on a machine where RLCard takes 6.8 us a decision; this
    # host's speed drifts (up to twice as slow within a day), so say how fast it is now.
    import engine_vs_rlcard  # beside this script

    print()
    if engine_vs_rlcard.available():
        print("this host against the issue's reference machine (RLCard 1.2.0, same run):")
        engine_vs_rlcard.compare(a.games, a.reps)
    else:
        print("(install '.[compare]' to time RLCard beside us: benchmarks/engine_vs_rlcard.py)")


if __name__ == "__main__":
    main()
