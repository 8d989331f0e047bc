"""Finished rounds kept as records, and replayed step by step with every hand known.

A round record is what rebuilds the round exactly: the full rule set it was played by
(so an edited or deleted preset still replays), seats, the match seed, round number,
dealer and the totals before the round (together they give the deal, `deal_round`), the
action log in the saved match's encoding, and the result. The newest KEEP_RECORDS
records live in the user data folder under file names made here (numbered in the order
they were written), each written atomically in the storage envelope; a record that
cannot be read or does not replay legally is moved aside with its reason and the player
gets one clear sentence. Files in that folder that are not records we made are never
deleted.

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
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import Card, Color, Game, IllegalAction, RuleSet
from ..engine.actions import Action, action_to_dict
from ..engine.events import Event
from ..lang.i18n import _
from ..rules.options import OptionError, quote, rules_to_json
from ..store.documents import (
    DocumentDamaged,
    DocumentMissing,
    atomic_write_bytes,
    encode_document,
    read_document,
)
from ..view import public_observation, seat_view
from .match import Match, deal_round
from .saved_match import (
    MAX_MATCH_ROUNDS,
    MAX_ROUND_POINTS,
    SavedMatchError,
    checked_field,
    clip_text,
    int_list,
    parse_actions,
    parse_table,
)
from .seats import SeatSpec

if TYPE_CHECKING:
    from ..store.storage import Storage

log = logging.getLogger(__name__)

RECORD_SCHEMA, RECORD_VERSION = "round_record", 1
KEEP_RECORDS = 50
"""Recorded rounds kept; the oldest go first."""
MAX_RECORD_BYTES = 2 * 1024 * 1024
"""A record file larger than this is not read (and the writer never writes one)."""
SNAPSHOT_EVERY = 16
"""A copy of the game is kept every this many steps, to go back without replaying all."""

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


_NAME = re.compile(r"round-(?:(?P<seq>\d{6,})-)?(?P<stamp>\d{8}-\d{6})-(?P<key>[0-9a-f]{12})\.json")
"""The names records get: round-SEQ-YYYYmmdd-HHMMSS-KEY.json (SEQ counts the records
written, so their order survives a clock that was wrong once); the first records had
no SEQ and come before every numbered one."""


def _seq(name: str) -> int | None:
    """The number in a record's name (0 for the first records, which have none); None:
    not a name we give. Records stand in the order of (number, name)."""
    m = _NAME.fullmatch(name)
    if m is None:
        return None
    return int(m["seq"] or 0)


def _key_in(name: str) -> str:
    """The `_key` part of a record's name (the 12 characters before ".json")."""
    return name[-17:-5]


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
    is read-only: another window owns the folder).

    Only files we made count: a name of the form we give (`_NAME`) on a regular file,
    never a link. Old records are deleted only when they read as records, and never
    through a replays folder that is a link to somewhere else (there records are only
    added): a player's own files are never touched."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.folder = storage.replays_dir

    def _scan(self) -> list[tuple[int, str]]:
        """Each record file's place and name, oldest first (from the folder's listing
        alone: nothing is read, and no Path is made, for a folder of thousands)."""
        found = []
        try:
            with os.scandir(self.folder) as it:
                for entry in it:
                    seq = _seq(entry.name)
                    if seq is not None and entry.is_file(follow_symlinks=False):
                        found.append((seq, entry.name))
        except OSError:
            return []
        found.sort()
        return found

    def names(self) -> list[str]:
        """The record files' names, oldest first, in the order they were written."""
        return [name for _seq, name in self._scan()]

    def files(self) -> list[Path]:
        """The record files, oldest first, in the order they were written."""
        return [self.folder / name for name in self.names()]

    def has(self, match_id: str, round_no: int) -> bool:
        key = _key(match_id, round_no)
        return any(_key_in(name) == key for _seq, name in self._scan())

    def keep(self, record: RoundRecord) -> Path | None:
        """Write `record` unless this round of this match is kept already; then the
        oldest records past KEEP_RECORDS are deleted (`_prune`). The new file, or None."""
        if self.storage.read_only:
            return None
        kept = self._scan()
        key = _key(record.match_id, record.round_no)
        if any(_key_in(name) == key for _seq, name in kept):
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
        seq = 1 + max((n for n, _name in kept), default=0)
        path = self.folder / f"round-{seq:06d}-{stamp}-{key}.json"
        try:
            atomic_write_bytes(path, payload)
        except OSError as e:
            log.warning("cannot write %s: %s", path, e)
            return None
        self._prune(path)
        return path

    def _prune(self, written: Path) -> None:
        """Delete the oldest records past the newest KEEP_RECORDS, never `written`, and
        each only if it reads as a record (a file of another kind that has our name
        stays). Nothing is deleted through a folder that is a link."""
        if os.path.islink(self.folder):
            log.info("%s is a link: old replays there are kept", self.folder)
            return
        for old in self.files()[:-KEEP_RECORDS]:
            if old == written:
                continue
            try:
                read_record(old)
            except ReplayError:
                continue  # not a record of ours (or damaged: the list sets it aside)
            try:
                old.unlink()
            except OSError as e:
                log.warning("cannot remove %s: %s", old, e)

    def entry(self, path: Path) -> ReplayEntry | None:
        """The record in `path` for the list, or None when it is unusable (then it is
        moved aside, with a notice)."""
        try:
            return ReplayEntry(path, read_record(path))
        except ReplayError as e:
            self.set_aside(path, e.reason)
            return None

    def entries(self) -> list[ReplayEntry]:
        """Every usable record, newest first (each one read; the list reads by page)."""
        listing = ReplayListing(self)
        return listing.page(0, len(listing))

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
        log.info("%s set aside: %s", path.name, reason)  # the notice tells the player
        moved = self.storage.set_file_aside(path, reason)
        self.storage.notice(unusable_text(path, reason, moved))
        return moved


class ReplayListing:
    """The records newest first, known by their file names alone; a record is read only
    when its row is asked for (`page`), so a folder of thousands lists at once. A record
    found unusable then is moved aside and leaves the list."""

    def __init__(self, shelf: ReplayShelf | None) -> None:
        self.shelf = shelf
        self._names: list[str] = [] if shelf is None else shelf.names()[::-1]
        self._read: dict[str, ReplayEntry] = {}

    def __len__(self) -> int:
        """The records listed (an unusable one counts until its page is read)."""
        return len(self._names)

    def page(self, start: int, count: int) -> list[ReplayEntry]:
        """Up to `count` usable records from the `start`th newest on, each read once."""
        out: list[ReplayEntry] = []
        i = start
        while len(out) < count and i < len(self._names) and self.shelf is not None:
            name = self._names[i]
            entry = self._read.get(name) or self.shelf.entry(self.shelf.folder / name)
            if entry is None:
                del self._names[i]
                continue
            self._read[name] = entry
            out.append(entry)
            i += 1
        return out


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
    "ReplayListing",
    "ReplayShelf",
    "ReplayState",
    "RoundRecord",
    "keep_round",
    "open_replay_file",
    "read_record",
    "record_from_dict",
    "record_of",
]
