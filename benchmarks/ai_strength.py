"""How strong the bots are against each other: win rates with 95% Wilson intervals.

    .venv/bin/python benchmarks/ai_strength.py --games 4000            # all three targets
    .venv/bin/python benchmarks/ai_strength.py --games 400 --only hard,normal

Targets (official rules, seats rotate every game): hard beats normal heads-up in at least
54% of games, normal beats easy heads-up in at least 60%, hard wins at least 30% against
three normal bots. Most of UNO is luck, so use thousands of games. Not a test: prints only.
"""

from __future__ import annotations

import argparse

from uno_desktop.engine import RuleSet
from uno_desktop.play.simulate import format_bot_result, simulate_bots

MATCHUPS: dict[str, tuple[tuple[str, ...], float]] = {
    "hard,normal": (("hard", "normal"), 0.54),
    "normal,easy": (("normal", "easy"), 0.60),
    "hard,normal,normal,normal": (("hard", "normal", "normal", "normal"), 0.30),
}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", default=None, help="one matchup, e.g. hard,normal")
    args = p.parse_args()
    names = [args.only] if args.only else list(MATCHUPS)
    for name in names:
        levels, target = MATCHUPS.get(name, (tuple(name.split(",")), 0.0))
        res = simulate_bots(RuleSet(), levels, args.games, args.seed)
        print(f"$ uno-desktop simulate --bots {name} --games {args.games} --seed {args.seed}")
        print(format_bot_result(res, as_json=False))
        if target:
            d = res.rows()[0]
            lo, hi = d["ci95"]
            verdict = "met" if d["win_rate"] >= target else "NOT met"
            print(
                f"target: {levels[0]} wins >= {target:.0%}: measured {d['win_rate']:.1%} "
                f"[{lo:.1%}, {hi:.1%}] -> {verdict}"
            )
        print(flush=True)


if __name__ == "__main__":
    main()
