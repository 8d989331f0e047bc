"""The saved match: writing the current format, reading both formats, every value checked.

A saved match is the rule set it began with, the seats, the seed, the points of every
finished round and the action log of the current round; the round is rebuilt by replaying
that log on the deal that (seed, round, dealer, totals) gives. The first format (read,
never written) named a preset plus overrides and kept every round's log. Data from a file
is untrusted, even our own: every value is checked against the ranges a preset and a new
match obey before anything is built, and anything wrong is one `SavedMatchError` line.
The match's limits live here, since they bound what a save may hold too.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import MAX_ROUND_MOVES, Game, IllegalAction, RuleSet, SeatHabits
from ..engine.actions import Action, action_from_dict, action_to_dict
from ..rules.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    OptionError,
    check_rule_set,
    option,
    quote,
    rules_from_json,
)
from ..rules.presets import is_preset_name
from .seats import SeatKind, SeatSpec, kept_names

__all__ = [
    "MATCH_ID_CHARS",
    "MAX_HINTS",
    "MAX_MATCH_ROUNDS",
    "MAX_ROUND_ACTIONS",
    "MAX_ROUND_POINTS",
    "MAX_SEED",
    "SAVE_FORMAT",
    "SEAT_KINDS_TEXT",
    "SavedMatch",
    "SavedMatchError",
    "checked_field",
    "clip_text",
    "int_list",
    "parse_actions",
    "parse_seats",
    "parse_table",
    "read_saved_match",
    "rebuilding",
    "replay_round",
    "save_document",
]

log = logging.getLogger(__name__)

SEAT_KINDS_TEXT = ", ".join(SeatKind)  # for messages: "human, easy, normal, hard"

MAX_ROUND_ACTIONS = MAX_ROUND_MOVES
"""The most actions a round's log holds: the engine ends a round still going after this
many moves blocked (normal rounds take a few hundred)."""
MAX_MATCH_ROUNDS = 10_000
"""A match ends after this many rounds even if nobody reached the target: the leader
wins. Also bounds what a saved match can hold."""

SAVE_FORMAT = 2
"""The saved match's layout: 2 holds the whole rule set and only the current round's
actions; 1 (read, never written) held a preset name, overrides and every round."""

_SAVE_KEYS = frozenset(
    {
        "format",
        "match_id",
        "preset",
        "rules",
        "seats",
        "seed",
        "round_no",
        "round_history",
        "totals",
        "actions",
        "hints",
        "hints_used",
        "habits",
    }
)
_ACTION_KEYS = frozenset({"type", "seat", "card", "color", "target", "uno"})
MAX_SEED = 2**63
MAX_HINTS = MAX_ROUND_ACTIONS
"""Hints counted for one seat in one round at most (a saved count above it is refused)."""
MAX_ROUND_POINTS = 10_000_000
"""More than every card of the largest deck at the highest value: no round scores this."""
MAX_HABIT = MAX_MATCH_ROUNDS * MAX_ROUND_ACTIONS
"""A count of a seat's habits (`SeatHabits`) at most: one a move, every round."""
MATCH_ID_CHARS = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_")


class SavedMatchError(ValueError):
    """A saved match cannot be rebuilt; the message says why in one line. `preset` names
    the preset a first-format save needs, when that is what is missing."""

    def __init__(self, reason: str, preset: str | None = None) -> None:
        super().__init__(f"saved match: {reason}")
        self.reason = reason
        self.preset = preset


@dataclass(frozen=True)
class SavedMatch:
    """A saved match read and checked, ready for `Match.resume` to play back. `logs` are
    the round logs the save kept: the current round's (if dealt) in the current format,
    every round's in the first, which also named each round's `dealers` (None: the
    current format, where the dealers follow from the first)."""

    match_id: str | None
    preset: str
    rules: RuleSet
    seats: list[SeatSpec]
    seed: int
    round_no: int
    history: list[tuple[int, ...]]
    totals: list[int]
    logs: list[list[Action]]
    dealers: list[int] | None = None
    hints: bool = True
    hints_used: list[int] | None = None
    habits: tuple[SeatHabits, ...] = ()  # the finished rounds' Wild Draw Fours, by seat


def save_document(saved: SavedMatch, rules_json: dict[str, Any]) -> dict[str, Any]:
    """`saved` in the current format, which keeps only the last of its logs; `rules_json`
    is its rule set as `rules_to_json` writes it (the match keeps that, so an autosave need
    not redo it)."""
    return {
        "format": SAVE_FORMAT,
        "match_id": saved.match_id,
        "preset": saved.preset,
        "rules": rules_json,
        "seats": [{"name": s.name, "kind": s.kind} for s in saved.seats],
        "seed": saved.seed,
        "round_no": saved.round_no,
        "round_history": [list(p) for p in saved.history],
        "totals": list(saved.totals),
        "actions": [action_to_dict(a) for a in saved.logs[-1]] if saved.logs else [],
        "hints": saved.hints,
        "hints_used": list(saved.hints_used or []),
        **({"habits": [list(h) for h in saved.habits]} if saved.habits else {}),
    }


@contextlib.contextmanager
def rebuilding() -> Iterator[None]:
    """Anything that goes wrong while a save is read or played back, as one SavedMatchError."""
    try:
        yield
    except SavedMatchError:
        raise
    except OptionError as e:
        raise SavedMatchError(f"rules: {e}") from None
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as e:
        raise SavedMatchError(f"cannot be rebuilt ({type(e).__name__})") from None


def read_saved_match(d: Mapping[str, Any]) -> SavedMatch:
    """A save of either format, every value checked; SavedMatchError on anything wrong.
    (Whether its rounds replay to the scores it claims, `Match.resume` checks.)"""
    with rebuilding():
        if not isinstance(d, Mapping):
            raise SavedMatchError(f"expected an object, got {quote(d)}")
        if "format" not in d and "overrides" in d:
            return _read_first_format(d)
        return _read(d)


def checked_field(d: Mapping[str, Any], key: str, kind: type) -> Any:
    """`d[key]`, which must be there and of `kind` (a bool is not an int)."""
    if key not in d:
        raise SavedMatchError(f"missing {key!r}")
    value = d[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SavedMatchError(f"{key} must be {kind.__name__}, got {quote(value)}")
    return value


def parse_table(d: Mapping[str, Any]) -> tuple[str, str, RuleSet, list[SeatSpec], int]:
    """What a saved match and a recorded round both hold, checked: the match id, the
    preset's name, the full rules, the seats (as many as the rules allow) and the seed.
    SavedMatchError or OptionError names the first problem."""
    match_id = checked_field(d, "match_id", str)
    if not MATCH_ID_CHARS.issuperset(match_id) or not 0 < len(match_id) <= 64:
        raise SavedMatchError(f"match_id {quote(match_id)} is not an id")
    preset = checked_field(d, "preset", str)
    if not is_preset_name(preset):
        raise SavedMatchError(f"preset {quote(preset)} is not a preset name")
    rules = rules_from_json(checked_field(d, "rules", dict))
    seats = parse_seats(checked_field(d, "seats", list))
    n = len(seats)
    if not rules.min_players <= n <= rules.max_players:
        raise SavedMatchError(
            f"{n} seats; its rules allow {rules.min_players} to {rules.max_players} players"
        )
    seed = checked_field(d, "seed", int)
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise SavedMatchError("seed out of range")
    return match_id, preset, rules, seats, seed


def _parse_progress(d: Mapping[str, Any], n: int) -> tuple[int, list[tuple[int, ...]], list[int]]:
    """A save's round number, the points of each finished round and the totals, checked
    for range and against each other's length (both save formats)."""
    round_no = checked_field(d, "round_no", int)
    if not 0 <= round_no <= MAX_MATCH_ROUNDS:
        raise SavedMatchError(f"round_no must be from 0 to {MAX_MATCH_ROUNDS}, got {round_no}")
    raw_history = checked_field(d, "round_history", list)
    if len(raw_history) not in (round_no, round_no - 1):
        raise SavedMatchError(f"{len(raw_history)} finished rounds do not fit round {round_no}")
    history = [
        tuple(int_list(p, f"round_history[{i}]", 0, MAX_ROUND_POINTS, n))
        for i, p in enumerate(raw_history)
    ]
    totals = int_list(
        checked_field(d, "totals", list), "totals", 0, MAX_ROUND_POINTS * MAX_MATCH_ROUNDS, n
    )
    return round_no, history, list(totals)


def int_list(
    values: object, what: str, low: int, high: int, length: int | None = None
) -> list[int]:
    """A list of whole numbers from `low` to `high` (exactly `length` of them if given)."""
    if not isinstance(values, list):
        raise SavedMatchError(f"{what} must be a list, got {quote(values)}")
    if length is not None and len(values) != length:
        raise SavedMatchError(f"{what} needs {length} entries, has {len(values)}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise SavedMatchError(
                f"{what}: expected whole numbers from {low} to {high}, got {quote(v)}"
            )
    return list(values)


def parse_seats(raw: object) -> list[SeatSpec]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise SavedMatchError(
            f"seats: expected {MIN_PLAYERS} to {MAX_PLAYERS} seats, got {quote(raw)}"
        )
    seats = []
    for i, s in enumerate(raw):
        if not isinstance(s, Mapping):
            raise SavedMatchError(f"seats[{i}] must be an object")
        name, kind = s.get("name"), s.get("kind")
        parsed = SeatKind.parse(kind)
        if parsed is None:
            raise SavedMatchError(
                f"seats[{i}]: kind must be one of {SEAT_KINDS_TEXT}, got {quote(kind)}"
            )
        seats.append((name, parsed))
    return [SeatSpec(n, k) for n, (_raw, k) in zip(kept_names(seats), seats, strict=True)]


def parse_actions(raw: object, where: str) -> list[Action]:
    """The actions of one round log, each checked for shape before the engine sees it."""
    if not isinstance(raw, list):
        raise SavedMatchError(f"{where} must be a list of actions")
    if len(raw) > MAX_ROUND_ACTIONS:
        raise SavedMatchError(
            f"{where}: more than {MAX_ROUND_ACTIONS} moves; a round ends blocked at that many"
        )
    out = []
    for j, ad in enumerate(raw):
        if not isinstance(ad, dict) or not set(ad) <= _ACTION_KEYS:
            raise SavedMatchError(f"{where}, action {j + 1}: expected an action, got {quote(ad)}")
        for value in ad.values():
            if (isinstance(value, str) and len(value) > 16) or isinstance(value, list | dict):
                raise SavedMatchError(f"{where}, action {j + 1}: {quote(value)} is no action part")
        try:
            out.append(action_from_dict(ad))
        except ValueError:
            raise SavedMatchError(f"{where}, action {j + 1}: not a valid action") from None
    return out


def replay_round(game: Game, actions: list[Action], where: str) -> None:
    """Apply a round's logged actions. A round that ends blocked before its log does was
    saved while it went round in circles, before the rule that ends such rounds: it ends
    blocked there now, and the rest of its log is the circle (never a broken match)."""
    for j, action in enumerate(actions):
        if game.is_over and game.blocked:
            log.info("%s ends blocked after %d of its %d actions", where, j, len(actions))
            return
        try:
            game.apply(action)
        except IllegalAction:
            raise SavedMatchError(
                f"{where}, action {j + 1} ({clip_text(str(action))}) is illegal on replay"
            ) from None


def clip_text(text: str) -> str:
    return text if len(text) <= 60 else text[:60] + "…"


def _read(d: Mapping[str, Any]) -> SavedMatch:
    unknown = [k for k in d if k not in _SAVE_KEYS]
    if unknown:
        raise SavedMatchError(f"unknown entry {quote(unknown[0])} (saved by a newer version?)")
    if checked_field(d, "format", int) != SAVE_FORMAT:
        raise SavedMatchError(f"format {quote(d['format'])} is not one this version reads")
    match_id, preset, rules, seats, seed = parse_table(d)
    n = len(seats)
    round_no, history, totals = _parse_progress(d, n)
    running = [sum(points[s] for points in history) for s in range(n)]
    if running != totals:
        raise SavedMatchError("totals do not add up to the finished rounds")
    actions = parse_actions(checked_field(d, "actions", list), f"round {round_no}")
    if round_no == 0 and actions:
        raise SavedMatchError("actions before the first round was dealt")
    hints = d.get("hints", True)  # saves from before hints: hints on, none used
    if not isinstance(hints, bool):
        raise SavedMatchError(f"hints must be true or false, got {quote(hints)}")
    hints_used = int_list(d.get("hints_used", [0] * n), "hints_used", 0, MAX_HINTS, n)
    return SavedMatch(
        match_id,
        preset,
        rules,
        seats,
        seed,
        round_no,
        history,
        totals,
        logs=[actions] if round_no else [],
        hints=hints,
        hints_used=hints_used,
        habits=_parse_habits(d.get("habits", []), n),
    )


def _parse_habits(raw: object, n: int) -> tuple[SeatHabits, ...]:
    """The seats' habits a save holds (none in a save from before them), checked."""
    if raw == []:
        return ()
    if not isinstance(raw, list) or len(raw) != n:
        raise SavedMatchError(f"habits: expected one entry for each of the {n} seats")
    habits = []
    for s, counts in enumerate(raw):
        h = SeatHabits(*int_list(counts, f"habits[{s}]", 0, MAX_HABIT, len(SeatHabits._fields)))
        if h.guilty > h.challenged or h.challenges_made > h.challenge_chances:
            raise SavedMatchError(f"habits[{s}]: more bluffs or challenges than chances")
        habits.append(h)
    return tuple(habits)


def _read_first_format(d: Mapping[str, Any]) -> SavedMatch:
    """A save of the first format: the preset as it is now plus the overrides. It had no
    match id (the match gets a new one)."""
    from ..rules.presets import PresetError, load_named_preset

    preset = checked_field(d, "preset", str)
    if not is_preset_name(preset):
        raise SavedMatchError(f"preset {quote(preset)} is not a preset name")
    try:
        base = load_named_preset(preset)
    except PresetError:
        raise SavedMatchError(
            f"its rules come from the preset {quote(preset)}, which cannot be loaded", preset
        ) from None
    overrides = checked_field(d, "overrides", dict)
    unknown = [k for k in overrides if k not in {o.field for o in OPTIONS}]
    if unknown:
        raise SavedMatchError(f"overrides: unknown option {quote(unknown[0])}")
    changes = {k: option(k).from_json(v) for k, v in overrides.items()}
    rules = base.replace(**changes)
    check_rule_set(rules)
    seats = parse_seats(checked_field(d, "seats", list))
    n = len(seats)
    seed = checked_field(d, "seed", int)
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise SavedMatchError("seed out of range")
    round_no, history, totals = _parse_progress(d, n)
    dealers = int_list(checked_field(d, "dealers", list), "dealers", 0, n - 1, round_no)
    rounds = checked_field(d, "rounds", list)
    if len(rounds) != round_no:
        raise SavedMatchError(f"round_no is {round_no} but there are {len(rounds)} round logs")
    logs = [parse_actions(raw, f"round {i + 1}") for i, raw in enumerate(rounds)]
    return SavedMatch(None, preset, rules, seats, seed, round_no, history, totals, logs, dealers)
