"""Autosave time as a match grows: the save after every action must not grow with the match.

Plays a real all-computer match with the long preset of issue 17 (target 100000, every
card worth 1 point, 10 players) for --rounds rounds, then times `Storage.save_match(
match.to_dict())` after each action of the next round (the window's autosave), and does
the same in round 1 for comparison. Prints medians; the target is under 20 ms at 500
rounds. Also prints the save's size and the time to rebuild it (Continue).

    .venv/bin/python benchmarks/autosave.py                 # 500 rounds, 200 samples
    .venv/bin/python benchmarks/autosave.py --rounds 50 --samples 50
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from uno_desktop.engine import Action, Observation, Play
from uno_desktop.engine.rules import STANDARD_VALUES, RuleSet
from uno_desktop.play.match import (
    ManualClock,
    Match,
    SeatSpec,
    Timing,
    run_round_headless,
)
from uno_desktop.store.storage import MATCH_SCHEMA, MATCH_VERSION, Storage, encode_document

LONG_RULES = RuleSet(
    name="long",
    title="Long",
    target_score=100_000,
    card_values=dict.fromkeys(STANDARD_VALUES, 1),
)


class QuickBot:
    """Any play, else the first other action: cheap, so the benchmark times saving."""

    def choose(
        self, observation: Observation, legal_actions: list[Action], rng: random.Random
    ) -> Action | None:
        if observation.current != observation.seat:
            return None
        plays = [a for a in legal_actions if type(a) is Play]
        pool = plays or legal_actions
        return pool[rng.randrange(len(pool))] if pool else None


def new_match(players: int, clock: ManualClock) -> Match:
    seats = [SeatSpec(f"Computer {i + 1}", "easy") for i in range(players)]
    timing = Timing(think_time_s=0.0, catch_grace_s=0.0, react_s=0.0)
    return Match(
        LONG_RULES, seats, 7, clock=clock, timing=timing, bot_factory=lambda _k: QuickBot()
    )


def play_rounds(match: Match, clock: ManualClock, rounds: int) -> None:
    while match.round_no < rounds:
        match.start_round()
        run_round_headless(match, clock)
        match.finish_round()


def time_autosaves(
    match: Match, clock: ManualClock, storage: Storage, samples: int
) -> tuple[list[float], list[float]]:
    """Seconds of each autosave over the actions of one new round (more rounds if short),
    and of building its document alone (the rest is the atomic write and fsync)."""
    times: list[float] = []
    building: list[float] = []

    def autosave(m: Match) -> None:
        t0 = time.perf_counter()
        doc = m.to_dict()
        encode_document(MATCH_SCHEMA, MATCH_VERSION, doc, False)
        building.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        storage.save_match(m.to_dict())
        times.append(time.perf_counter() - t0)

    match.on_change = autosave
    while len(times) < samples and not match.match_over:
        match.start_round()
        run_round_headless(match, clock)
        match.finish_round()
    match.on_change = None
    return times[:samples], building[:samples]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=500, help="rounds played before timing")
    p.add_argument("--samples", type=int, default=200, help="autosaves timed")
    p.add_argument("--players", type=int, default=10)
    args = p.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        storage = Storage(folder / "config", folder / "data", folder / "state")

        clock = ManualClock()
        early = new_match(args.players, clock)
        first, first_build = time_autosaves(early, clock, storage, args.samples)

        clock = ManualClock()
        match = new_match(args.players, clock)
        t0 = time.perf_counter()
        play_rounds(match, clock, args.rounds)
        played_s = time.perf_counter() - t0
        late, late_build = time_autosaves(match, clock, storage, args.samples)
        size = storage.match_path.stat().st_size
        doc = storage.load_match()
        assert doc is not None
        t0 = time.perf_counter()
        Match.from_dict(doc, clock=ManualClock(), bot_factory=lambda _k: QuickBot())
        rebuild_s = time.perf_counter() - t0

    print(f"preset: target {LONG_RULES.target_score}, every card 1 point, {args.players} players")
    print(f"played {args.rounds} rounds in {played_s:.1f} s")
    print(
        f"autosave median, round 1:          {statistics.median(first) * 1000:7.2f} ms"
        f"  ({len(first)} saves)"
    )
    print(
        f"autosave median, round {match.round_no:<5}       "
        f"{statistics.median(late) * 1000:7.2f} ms  ({len(late)} saves; "
        f"90th percentile {sorted(late)[int(len(late) * 0.9)] * 1000:.2f} ms)"
    )
    print(
        f"of which building the document:    {statistics.median(first_build) * 1000:7.2f} ms"
        f" (round 1), {statistics.median(late_build) * 1000:.2f} ms (round {match.round_no})"
    )
    print(f"save size at round {match.round_no}: {size / 1024:.1f} KiB")
    print(f"rebuild (Continue) at round {match.round_no}: {rebuild_s * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
