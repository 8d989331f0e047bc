"""Finished rounds kept as records, and replayed step by step with every hand known.

A round record is what rebuilds the round exactly: the full rule set it was played by
(so an edited or deleted preset still replays), seats, the match seed, round number,
dealer and the totals before the round (together they give the deal, `deal_round`), the
action log in the saved match's encoding, and the result. The newest KEEP_RECORDS
records live in the user data folder under file names made here, each written
atomically in the storage envelope; a record that cannot be read or does not replay
legally is moved aside with its reason and the player gets one clear sentence.

`Replay` checks a record by playing it through once, keeping each step's events and a
copy of the game every SNAPSHOT_EVERY steps; any step is then rebuilt from the nearest
copy before it, so stepping back gives the very state stepping forward gave. The round
is over, so nothing is secret: a `ReplayState` holds every hand. No pygame here.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine import Card, Color, Game, IllegalAction, RuleSet
from .engine.actions import Action, action_to_dict
from .engine.events import Event
from .i18n import _
from .match import (
    MAX_MATCH_ROUNDS,
    MAX_ROUND_POINTS,
    Match,
    SavedMatchError,
    SeatSpec,
    checked_field,
    clip_text,
    deal_round,
    int_list,
    parse_actions,
    parse_table,
)
from .options import OptionError, quote, rules_to_json
from .storage import (
    DocumentDamaged,
    DocumentMissing,
    atomic_write_bytes,
    encode_document,
    read_document,
)
from .view import public_observation, seat_view

if TYPE_CHECKING:
    from .storage import Storage

log = logging.getLogger(__name__)

RECORD_SCHEMA, RECORD_VERSION = "round_record", 1
KEEP_RECORDS = 50
"""Recorded rounds kept; the oldest go first."""
MAX_RECORD_BYTES = 2 * 1024 * 1024
"""A record file larger than this is not read (and the writer never writes one)."""
SNAPSHOT_EVERY = 16
"""A copy of the game is kept every this many steps, to go back without replaying all."""

_PREFIX, _SUFFIX = "round-", ".json"
_KEYS = frozenset(
    {
        "match_id",
        "preset",
        "rules",
        "seats",
        "seed",
        "round_no",
        "dealer",
        "scores_before",
        "actions",
        "points",
        "winner",
        "finished_at",
    }
)


class ReplayError(ValueError):
    """A record cannot be replayed; `reason` says why in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ---------------------------------------------------------------- the record


@dataclass(frozen=True)
class RoundRecord:
    """One finished round, enough to deal it again and play it through."""

    match_id: str
    preset: str
    rules: RuleSet
    seats: tuple[SeatSpec, ...]
    seed: int
    round_no: int
    dealer: int
    scores_before: tuple[int, ...]
    actions: tuple[Action, ...]
    points: tuple[int, ...]
    winner: int | None  # None: a blocked round
    finished_at: str  # ISO 8601 local time, seconds

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def deal(self) -> Game:
        """The round as dealt, before its first action."""
        return deal_round(
            self.rules, len(self.seats), self.seed, self.round_no, self.dealer, self.scores_before
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "preset": self.preset,
            "rules": rules_to_json(self.rules),
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "seed": self.seed,
            "round_no": self.round_no,
            "dealer": self.dealer,
            "scores_before": list(self.scores_before),
            "actions": [action_to_dict(a) for a in self.actions],
            "points": list(self.points),
            "winner": self.winner,
            "finished_at": self.finished_at,
        }


def record_of(match: Match, finished_at: datetime | None = None) -> RoundRecord:
    """The record of `match`'s current round, which must be over."""
    game = match.game
    if game is None or not game.is_over:
        raise ValueError("the round is not over")
    n = match.players
    points = tuple(game.points)
    before = match.totals
    if match.round_finished:  # the points are already in the totals
        before = [t - p for t, p in zip(match.totals, points)]
    when = finished_at if finished_at is not None else datetime.now().astimezone()
    return RoundRecord(
        match_id=match.match_id,
        preset=match.preset,
        rules=match.rules,
        seats=tuple(match.seats),
        seed=match.seed,
        round_no=match.round_no,
        dealer=match.dealer % n,
        scores_before=tuple(before),
        actions=tuple(game.actions),
        points=points,
        winner=game.winner,
        finished_at=when.isoformat(timespec="seconds"),
    )


def record_from_dict(d: Mapping[str, Any]) -> RoundRecord:
    """A record from its JSON form, every value checked (the rules as a preset is);
    ReplayError naming the first problem. The actions are checked for shape here and
    for legality by `Replay`."""
    try:
        return _record_from_dict(d)
    except SavedMatchError as e:
        raise ReplayError(e.reason) from None
    except OptionError as e:
        raise ReplayError(f"rules: {e}") from None
    except ReplayError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as e:
        raise ReplayError(f"cannot be read ({type(e).__name__})") from None


def _record_from_dict(d: Mapping[str, Any]) -> RoundRecord:
    if not isinstance(d, Mapping):
        raise ReplayError("expected an object")
    unknown = [k for k in d if k not in _KEYS]
    if unknown:
        raise ReplayError(f"unknown entry {quote(unknown[0])}")
    match_id, preset, rules, seat_list, seed = parse_table(d)
    seats = tuple(seat_list)
    n = len(seats)
    round_no = checked_field(d, "round_no", int)
    if not 1 <= round_no <= MAX_MATCH_ROUNDS:
        raise ReplayError(f"round_no must be from 1 to {MAX_MATCH_ROUNDS}, got {round_no}")
    dealer = checked_field(d, "dealer", int)
    if not 0 <= dealer < n:
        raise ReplayError(f"dealer must be a seat from 0 to {n - 1}, got {dealer}")
    top = MAX_ROUND_POINTS * MAX_MATCH_ROUNDS
    before = tuple(int_list(checked_field(d, "scores_before", list), "scores_before", 0, top, n))
    actions = tuple(parse_actions(checked_field(d, "actions", list), "the round"))
    points = tuple(int_list(checked_field(d, "points", list), "points", 0, MAX_ROUND_POINTS, n))
    winner = d.get("winner")
    if winner is not None and (
        isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < n
    ):
        raise ReplayError(f"winner must be a seat or nothing, got {quote(winner)}")
    finished_at = checked_field(d, "finished_at", str)
    if len(finished_at) > 40:
        raise ReplayError("finished_at is not a time")
    try:
        datetime.fromisoformat(finished_at)
    except ValueError:
        raise ReplayError(f"finished_at {quote(finished_at)} is not a time") from None
    return RoundRecord(
        match_id=match_id,
        preset=preset,
        rules=rules,
        seats=seats,
        seed=seed,
        round_no=round_no,
        dealer=dealer,
        scores_before=before,
        actions=actions,
        points=points,
        winner=winner,
        finished_at=finished_at,
    )


# ---------------------------------------------------------------- the replay


@dataclass(frozen=True)
class ReplayState:
    """The table after `step` actions (0: just dealt), every hand face up."""

    step: int
    hands: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]  # bottom first; the top card is last
    pile_count: int
    active_color: Color | None
    direction: int
    current: int
    uno: tuple[bool, ...]  # who holds one card and has said UNO
    over: bool
    winner: int | None
    points: tuple[int, ...]


def _state_of(game: Game, step: int, history: Sequence[Event] | None = None) -> ReplayState:
    """The table after `step` actions: the seat view of nobody (what every seat saw) with
    every hand added. `history` is the round's events so far, for a copy of the game
    (a copy keeps no events of its own)."""
    obs = game.observation(0)
    if history is not None:
        obs = dataclasses.replace(obs, history=tuple(history))
    view = seat_view(public_observation(obs))
    return ReplayState(
        step=step,
        hands=game.hands,
        discard=view.discard,
        pile_count=view.draw_pile_size,
        active_color=view.active_color,
        direction=view.direction,
        current=view.current,
        uno=view.uno_declared,
        over=view.round_over,
        winner=view.winner,
        points=view.points,
    )


class Replay:
    """A recorded round that can go to any step. Raises ReplayError when the record does
    not replay to the result it records (an illegal action, a round that does not end,
    other points)."""

    def __init__(self, record: RoundRecord) -> None:
        self.record = record
        try:
            game = record.deal()
        except ValueError as e:
            raise ReplayError(f"the round cannot be dealt ({clip_text(str(e))})") from None
        self._snapshots: list[Game] = [game.clone()]
        events: list[tuple[Event, ...]] = [tuple(game.log)]
        for j, action in enumerate(record.actions):
            if game.is_over:
                raise ReplayError(f"action {j + 1} comes after the round ended")
            seen = len(game.log)
            try:
                game.apply(action)
            except IllegalAction:
                raise ReplayError(
                    f"action {j + 1} ({clip_text(str(action))}) is illegal on replay"
                ) from None
            events.append(tuple(game.log[seen:]))
            if (j + 1) % SNAPSHOT_EVERY == 0:
                self._snapshots.append(game.clone())
        if not game.is_over:
            raise ReplayError("the round does not end")
        if tuple(game.points) != record.points or game.winner != record.winner:
            raise ReplayError("the round scores differently on replay")
        self._events = events
        self._cursor: Game = self._snapshots[0].clone()
        self._cursor_step = 0

    @property
    def steps(self) -> int:
        """How many actions the round has (the last step)."""
        return len(self.record.actions)

    def events(self, step: int) -> tuple[Event, ...]:
        """What happened at `step`: the deal for 0, else what its action caused."""
        return self._events[self._check(step)]

    def events_upto(self, step: int) -> list[Event]:
        """Every event from the deal to `step`, in order."""
        return [e for k in range(self._check(step) + 1) for e in self._events[k]]

    def state(self, step: int) -> ReplayState:
        """The table after `step` actions: built on from where the last call left it when
        going forward, else from the nearest kept copy at or before `step`."""
        step = self._check(step)
        if not self._cursor_step <= step < self._cursor_step + 4 * SNAPSHOT_EVERY:
            base = step - step % SNAPSHOT_EVERY
            self._cursor = self._snapshots[base // SNAPSHOT_EVERY].clone()
            self._cursor_step = base
        for action in self.record.actions[self._cursor_step : step]:
            self._cursor.apply(action)
        self._cursor_step = step
        return _state_of(self._cursor, step, self.events_upto(step))

    def _check(self, step: int) -> int:
        if not 0 <= step <= self.steps:
            raise IndexError(f"step {step}: this round has steps 0 to {self.steps}")
        return step


# ---------------------------------------------------------------- the folder of records


@dataclass(frozen=True)
class ReplayEntry:
    """One record as the Replays list shows it (read without replaying)."""

    path: Path
    record: RoundRecord

    @property
    def winner_name(self) -> str | None:
        w = self.record.winner
        return None if w is None else self.record.seats[w].name


def _key(match_id: str, round_no: int) -> str:
    """A short name part that is the same for the same round of the same match."""
    return hashlib.sha1(f"{match_id}:{round_no}".encode()).hexdigest()[:12]


def read_record(path: Path) -> RoundRecord:
    """The record in `path`; ReplayError (one line, without the path) when unusable."""
    try:
        size = os.stat(path).st_size
    except (FileNotFoundError, NotADirectoryError):
        raise ReplayError("there is no such file") from None
    except OSError as e:
        raise ReplayError(f"cannot be read ({e.strerror or type(e).__name__})") from None
    if size > MAX_RECORD_BYTES:
        raise ReplayError(f"too large ({size} bytes) to be a recorded round")
    try:
        data = read_document(path, RECORD_SCHEMA, (RECORD_VERSION,))
    except DocumentMissing:
        raise ReplayError("there is no such file") from None
    except DocumentDamaged as e:
        raise ReplayError(str(e).splitlines()[0][:200]) from None
    return record_from_dict(data)


class ReplayShelf:
    """The recorded rounds in the user data folder (nothing is written when the storage
    is read-only: another window owns the folder)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.folder = storage.replays_dir

    def files(self) -> list[Path]:
        """The record files, oldest first (the names start with the time they were made)."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return []
        return sorted(
            self.folder / name
            for name in names
            if name.startswith(_PREFIX) and name.endswith(_SUFFIX) and ".broken-" not in name
        )

    def has(self, match_id: str, round_no: int) -> bool:
        end = f"-{_key(match_id, round_no)}{_SUFFIX}"
        return any(p.name.endswith(end) for p in self.files())

    def keep(self, record: RoundRecord) -> Path | None:
        """Write `record` unless this round of this match is kept already; the oldest
        records past KEEP_RECORDS are deleted. The new file, or None."""
        if self.storage.read_only or self.has(record.match_id, record.round_no):
            return None
        try:
            payload = encode_document(RECORD_SCHEMA, RECORD_VERSION, record.to_dict(), False)
        except (TypeError, ValueError) as e:
            log.error("round record cannot be encoded: %s", e)
            return None
        if len(payload) > MAX_RECORD_BYTES:
            log.warning("round %d is too long to keep as a replay", record.round_no)
            return None
        try:
            stamp = datetime.fromisoformat(record.finished_at).strftime("%Y%m%d-%H%M%S")
        except ValueError:
            stamp = "00000000-000000"
        path = self.folder / f"{_PREFIX}{stamp}-{_key(record.match_id, record.round_no)}{_SUFFIX}"
        try:
            atomic_write_bytes(path, payload)
        except OSError as e:
            log.warning("cannot write %s: %s", path, e)
            return None
        for old in self.files()[:-KEEP_RECORDS]:
            try:
                old.unlink()
            except OSError as e:
                log.warning("cannot remove %s: %s", old, e)
        return path

    def entries(self) -> list[ReplayEntry]:
        """The usable records, newest first; an unusable one is moved aside (a notice)."""
        out = []
        for path in reversed(self.files()):
            try:
                out.append(ReplayEntry(path, read_record(path)))
            except ReplayError as e:
                self.set_aside(path, e.reason)
        return out

    def open(self, path: Path) -> Replay:
        """The replay of the record in `path`. ReplayError with a message for the player
        naming the file; a record of ours that is unusable is moved aside first."""
        try:
            return Replay(read_record(path))
        except ReplayError as e:
            moved = self.set_aside(path, e.reason)
            raise ReplayError(unusable_text(path, e.reason, moved)) from None

    def set_aside(self, path: Path, reason: str) -> Path | None:
        """Move an unusable record of this folder aside with its reason; a notice."""
        if path.parent.resolve() != self.folder.resolve() or not path.exists():
            return None
        log.warning("%s: %s", path, reason)
        moved = self.storage.set_file_aside(path, reason)
        self.storage.notice(unusable_text(path, reason, moved))
        return moved


def keep_round(storage: Storage, match: Match) -> None:
    """Record `match`'s finished round in the replays folder, once (the table calls this
    after every change while a round is over). Never raises: a replay is a bonus."""
    try:
        shelf = ReplayShelf(storage)
        if not storage.read_only and not shelf.has(match.match_id, match.round_no):
            shelf.keep(record_of(match))
    except Exception:
        log.exception("could not record the round")


def unusable_text(path: Path, reason: str, moved: Path | None) -> str:
    """What the player is told about a replay that cannot be shown."""
    if moved is None:
        return _("The replay {name} cannot be shown ({reason}).").format(
            name=path.name, reason=reason
        )
    return _("The replay {name} cannot be shown ({reason}). It was kept as {moved}.").format(
        name=path.name, reason=reason, moved=moved.name
    )


def open_replay_file(path: Path, storage: Storage | None = None) -> Replay:
    """A replay from any file (the command line): ReplayError with the player's message;
    a file in the storage's replays folder that is unusable is moved aside."""
    if storage is not None:
        return ReplayShelf(storage).open(path)
    try:
        return Replay(read_record(path))
    except ReplayError as e:
        raise ReplayError(unusable_text(path, e.reason, None)) from None


__all__ = [
    "KEEP_RECORDS",
    "Replay",
    "ReplayEntry",
    "ReplayError",
    "ReplayShelf",
    "ReplayState",
    "RoundRecord",
    "keep_round",
    "open_replay_file",
    "read_record",
    "record_from_dict",
    "record_of",
]
