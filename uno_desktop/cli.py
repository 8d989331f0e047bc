"""Command line: `uno-desktop` opens the game; `uno-desktop simulate ...` plays headless."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import RuleSet


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="uno-desktop", description="UNO for the family, offline.")
    sub = p.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="play whole games headless and print figures")
    sim.add_argument("--preset", default="official")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default=None, help="comma-separated bot levels, one per seat")
    sim.add_argument("--json", action="store_true")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        return _simulate(args)
    print("the game window is not built yet", file=sys.stderr)
    return 1


def _simulate(args: argparse.Namespace) -> int:
    from .presets import load_preset
    from .simulate import format_result, simulate_random

    try:
        rules = load_preset(args.preset)
    except (KeyError, ValueError, OSError) as e:
        print(f"uno-desktop simulate: {e}", file=sys.stderr)
        return 2
    if not args.bots and not rules.min_players <= args.players <= rules.max_players:
        print(
            f"uno-desktop simulate: --players {args.players}: {rules.name} allows "
            f"{rules.min_players} to {rules.max_players}",
            file=sys.stderr,
        )
        return 2
    if args.bots:
        return _simulate_bots(args, rules)
    res = simulate_random(rules, args.players, args.games, args.seed)
    print(format_result(res, args.json))
    return 0


def _simulate_bots(args: argparse.Namespace, rules: RuleSet) -> int:
    """`--bots hard,normal`: one bot level per seat (a single level fills --players seats)."""
    from .ai import LEVELS
    from .simulate import format_bot_result, simulate_bots

    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown or not levels:
        print(
            f"uno-desktop simulate: --bots {args.bots!r}: expected levels from "
            f"{', '.join(LEVELS)}, comma-separated",
            file=sys.stderr,
        )
        return 2
    if len(levels) == 1:
        levels = levels * args.players
    if not rules.min_players <= len(levels) <= rules.max_players:
        print(
            f"uno-desktop simulate: --bots: {len(levels)} seats; {rules.name} allows "
            f"{rules.min_players} to {rules.max_players}",
            file=sys.stderr,
        )
        return 2
    res = simulate_bots(rules, levels, args.games, args.seed)
    print(format_bot_result(res, args.json))
    return 0
