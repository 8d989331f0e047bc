"""Command line: `uno-desktop` opens the game; `uno-desktop simulate ...` plays headless;
`uno-desktop replay FILE` watches a recorded round again; `uno-desktop preset ...` makes
and shows a family's own rule presets (rules/preset_cli.py).

Numbers are checked here (a clear message, never a traceback). Starting a table from the
command line never replaces a saved match unless told to with `--replace`.

A plain start (a double-click: no arguments, or only `--exit-after-first-frame`, which
the start-up benchmark gives) opens the window without building the parser: argparse and
its parser cost a few milliseconds before the first frame and would read nothing. Every
other command line goes through the parser as before.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import argparse

    from .engine import RuleSet

MAX_GAMES = 10_000_000
MIN_SEED, MAX_SEED = -(2**63), 2**63 - 1
"""A seed is a signed 64-bit number (the saved-match reader also takes the 2**63 an
older version let through)."""


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` (argparse prints the error)."""

    import argparse

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a whole number; got {text[:40]!r}"
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low} to {high}; got {value}"
            )
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    import argparse

    p = argparse.ArgumentParser(prog="uno-desktop", description="UNO for the family, offline.")
    _add_window_options(p)
    sub = p.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="play whole games headless and print figures")
    sim.add_argument("--preset", default="official")
    sim.add_argument("--players", type=_whole(2, 10), default=4)
    sim.add_argument("--games", type=_whole(1, MAX_GAMES), default=1000)
    sim.add_argument("--seed", type=_whole(MIN_SEED, MAX_SEED), default=1)
    sim.add_argument("--bots", default=None, help="comma-separated bot levels, one per seat")
    sim.add_argument("--json", action="store_true")
    rep = sub.add_parser("replay", help="watch a recorded round again (every hand face up)")
    rep.add_argument("file", metavar="FILE", help="a recorded round (from the replays folder)")
    rep.add_argument("--lang", choices=("en", "sv"), default=None, help="language for this run")
    from .rules.preset_cli import add_parser

    add_parser(sub)
    return p


FIRST_FRAME_FLAG = "--exit-after-first-frame"

#: what the parser gives a command line without a command or window options (a test
#: keeps the two the same): the window's options, all unset
PLAIN_START: dict[str, Any] = {
    "command": None,
    "smoke": False,
    "screenshot": None,
    "table_preset": None,
    "table_players": None,
    "table_seed": None,
    "table_phones": None,
    "listen": None,
    "replace": False,
    "lang": None,
    "exit_after_first_frame": False,
}


def plain_start(argv: Sequence[str]) -> SimpleNamespace | None:
    """The parsed form of a plain start (no arguments, or only FIRST_FRAME_FLAG) without
    building the parser; None for any other command line."""
    if list(argv) not in ([], [FIRST_FRAME_FLAG]):
        return None
    return SimpleNamespace(**{**PLAIN_START, "exit_after_first_frame": bool(argv)})


def main(argv: Sequence[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    plain = plain_start(given)
    if plain is not None:
        return _window(plain)
    args = build_parser().parse_args(given)
    if args.command == "simulate":
        return _simulate(args)
    if args.command == "replay":
        return _replay(args)
    if args.command == "preset":
        from .rules.preset_cli import run

        return run(args)
    return _window(args)


def _replay(args: argparse.Namespace) -> int:
    """Open the window on a recorded round; a file that cannot be replayed gets one clear
    line (and, when it is one of ours, is moved aside) and exit code 2, never a traceback."""
    from pathlib import Path

    from .play.replay import ReplayError, open_replay_file
    from .store.storage import Storage

    path = Path(args.file)
    storage: Storage | None = None
    try:
        storage = Storage()
        storage.acquire_lock()  # another window open: nothing is moved (read-only)
    except Exception:  # unusable user folders: the file can still be shown
        storage = None
    try:
        open_replay_file(path, storage)
    except ReplayError as e:
        print(f"uno-desktop replay: {e.reason}", file=sys.stderr)
        return 2
    finally:
        if storage is not None:
            storage.release_lock()  # the window takes it again
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .ui.launch import WindowOptions, run_window

    return run_window(WindowOptions(replay=str(path), lang=args.lang))


def _simulate(args: argparse.Namespace) -> int:
    from .play.simulate import format_result, simulate_random
    from .rules.presets import load_preset

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
    # Every game ends: a round still going at the engine's move limit ends blocked.
    res = simulate_random(rules, args.players, args.games, args.seed)
    print(format_result(res, args.json))
    return 0


def _simulate_bots(args: argparse.Namespace, rules: RuleSet) -> int:
    """`--bots hard,normal`: one bot level per seat (a single level fills --players seats)."""
    from .ai import LEVELS
    from .play.simulate import format_bot_result, simulate_bots

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
    try:
        res = simulate_bots(rules, levels, args.games, args.seed)
    except RuntimeError as e:
        print(f"uno-desktop simulate: {e}", file=sys.stderr)
        return 1
    print(format_bot_result(res, args.json))
    return 0


def _add_window_options(p: argparse.ArgumentParser) -> None:
    """Options for the game window (no subcommand)."""
    w = p.add_argument_group("game window")
    w.add_argument("--smoke", action="store_true", help="play one all-computer round and exit")
    w.add_argument("--screenshot", metavar="PATH", help="save one frame as an image and exit")
    w.add_argument("--preset", dest="table_preset", metavar="NAME", help="start at a table")
    w.add_argument("--players", dest="table_players", type=_whole(2, 10), metavar="N", default=None)
    w.add_argument(
        "--seed", dest="table_seed", type=_whole(MIN_SEED, MAX_SEED), metavar="N", default=None
    )
    w.add_argument(
        "--phones",
        dest="table_phones",
        type=_whole(1, 10),
        metavar="K",
        default=None,
        help="the table's first K seats play from phones (prints each seat's join link)",
    )
    w.add_argument(
        "--listen",
        metavar="HOST:PORT",
        default=None,
        help="where the phones' server listens (default: this computer's LAN address, a free port)",
    )
    w.add_argument(
        "--replace",
        action="store_true",
        help="start the table even if a match is saved (the saved match is replaced)",
    )
    w.add_argument("--lang", choices=("en", "sv"), default=None, help="language for this run")
    w.add_argument(FIRST_FRAME_FLAG, action="store_true", help="print start-up time and exit")


def _window(args: argparse.Namespace | SimpleNamespace) -> int:
    """Open the game window (pygame is imported only now, to keep `simulate` light)."""
    problem = _window_problem(args)
    if problem is not None:
        print(f"uno-desktop: {problem}", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame's first import
    from .ui.launch import WindowOptions, run_window

    return run_window(
        WindowOptions(
            smoke=args.smoke,
            screenshot=args.screenshot,
            preset=args.table_preset,
            players=args.table_players,
            seed=args.table_seed,
            phones=args.table_phones,
            listen=args.listen,
            lang=args.lang,
            exit_after_first_frame=args.exit_after_first_frame,
        )
    )


def _window_problem(args: argparse.Namespace | SimpleNamespace) -> str | None:
    """Why the window must not open as asked: a screenshot into a missing folder, phones
    asked for wrongly, or a new table that would replace the saved match without
    --replace. None: go ahead."""
    phones = _phones_problem(args)
    if phones is not None:
        return phones
    if args.screenshot:
        folder = os.path.dirname(os.path.abspath(args.screenshot))
        if not os.path.isdir(folder):
            return f"--screenshot {args.screenshot}: the folder {folder} does not exist"
    starts_table = (
        args.table_preset is not None
        or args.table_players is not None
        or args.table_phones is not None
    )
    if not starts_table or args.smoke or args.screenshot or args.replace:
        return None  # --smoke and --screenshot use no storage at all
    waiting = _saved_match_summary()
    if waiting is None:
        return None
    return (
        f"a match is saved ({waiting}). To play it on, run uno-desktop and choose "
        "Continue; to start this table instead and replace it, add --replace."
    )


def _phones_problem(args: argparse.Namespace | SimpleNamespace) -> str | None:
    """What is wrong with --phones and --listen (None: nothing)."""
    if args.listen is not None:
        from .phones.net import ListenError, parse_listen

        if args.table_phones is None:
            return "--listen: only with --phones (the game listens only for phone seats)"
        try:
            parse_listen(args.listen)
        except ListenError as e:
            return str(e)
    if args.table_phones is None:
        return None
    if args.smoke:
        return "--phones: not with --smoke (a smoke run has computer seats only)"
    from .play.seats import DEFAULT_PLAYERS

    players = args.table_players if args.table_players is not None else DEFAULT_PLAYERS
    if args.table_phones > players:
        return f"--phones {args.table_phones}: more phone seats than players ({players})"
    return None


def _saved_match_summary() -> str | None:
    """A few words on the saved match ("family, 3 players, round 4"), or None. Reads
    without writing: a damaged save is left for the window to set aside."""
    from .store.storage import Storage

    try:
        storage = Storage(read_only=True)
        doc = storage.load_match()
    except Exception:  # unreadable folders: nothing to protect here
        return None
    if doc is None:
        return None
    from .rules.options import quote

    seats = doc.get("seats")
    parts = [quote(doc.get("preset")).strip("'")]
    if isinstance(seats, list):
        parts.append(f"{len(seats)} players")
    if isinstance(doc.get("round_no"), int):
        parts.append(f"round {doc['round_no']}")
    return ", ".join(parts)
