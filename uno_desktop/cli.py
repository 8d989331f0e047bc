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
    _add_window_options(p)
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
    return _window(args)


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


def _add_window_options(p: argparse.ArgumentParser) -> None:
    """Options for the game window (no subcommand)."""
    w = p.add_argument_group("game window")
    w.add_argument("--smoke", action="store_true", help="play one all-computer round and exit")
    w.add_argument("--screenshot", metavar="PATH", help="save one frame as an image and exit")
    w.add_argument("--preset", dest="table_preset", metavar="NAME", help="start at a table")
    w.add_argument("--players", dest="table_players", type=int, metavar="N", default=None)
    w.add_argument("--seed", dest="table_seed", type=int, metavar="N", default=None)
    w.add_argument("--lang", choices=("en", "sv"), default=None, help="language for this run")
    w.add_argument(
        "--exit-after-first-frame", action="store_true", help="print start-up time and exit"
    )


def _window(args: argparse.Namespace) -> int:
    """Open the game window (pygame is imported only now, to keep `simulate` light)."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame's first import
    from .ui.app import WindowOptions, run_window

    return run_window(
        WindowOptions(
            smoke=args.smoke,
            screenshot=args.screenshot,
            preset=args.table_preset,
            players=args.table_players,
            seed=args.table_seed,
            lang=args.lang,
            exit_after_first_frame=args.exit_after_first_frame,
        )
    )
