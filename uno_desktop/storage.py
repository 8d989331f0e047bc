"""Settings, statistics, the unfinished match and crash reports: nothing lost, ever.

Why this module is paranoid: a family game is closed by pulling the plug, run on a full
disk, or handed a settings file someone edited by hand. Whatever happens, the game must
start, keep what it can, and tell the player once, in plain words, what it could not keep.

- Every file is one JSON document `{"schema": kind, "version": N, "data": {...}}`,
  written atomically (temporary file in the same folder, fsync, `os.replace`, fsync of
  the folder), so a crash leaves either the old or the new document, never a mix.
- A file that cannot be used (bad bytes, bad JSON, wrong schema or version, a folder in
  its place, no permission) is renamed aside as `<name>.broken-YYYYmmdd-HHMMSS[-n].json`
  and defaults are used. A settings file with one bad field keeps every good field.
- A write that fails (full disk, read-only folder) leaves the old file intact and only
  records a notice; play goes on.
- Notices are translated texts collected by `Storage` and taken by the window with
  `take_notices()`; each distinct text is shown once per run.
- One window writes: `acquire_lock()` takes an OS lock on a file in the data folder (the
  OS drops it when the process ends, however it ends, so a killed game's lock is simply
  taken over). A second window gets `read_only` storage and writes nothing at all.
- Finishing a match is counted once: its id goes into the statistics in the same write,
  and the saved match is removed only after that write succeeded (`finish_match`).
- Every value read back is checked against the ranges the writer obeys (the preset
  ranges for rules), and the writer never produces a file near the reader's size limit.

Paths come from `uno_desktop.paths` when a `Storage` is built, never at import.
Pure Python; no pygame.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import math
import os
import platform
import stat
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from .engine.rules import CustomRule
from .i18n import N_, _
from .names import MAX_NAME_CHARS, is_seat_name
from .options import MAX_PLAYERS, MIN_PLAYERS, option
from .presets import is_preset_name
from .seats import SeatKind, in_language, is_given_name, looks_like_computer

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
MATCH_FILE = "saved_match.json"
REPLAYS_DIR = "replays"

SETTINGS_SCHEMA, SETTINGS_VERSION = "settings", 1
STATS_SCHEMA, STATS_VERSION = "stats", 1
MATCH_SCHEMA, MATCH_VERSION = "saved_match", 2
MATCH_VERSIONS_READ = (1, 2)  # 1: the first layout (see match.py); still read
LOCK_FILE = "uno-desktop.lock"

HISTORY_LIMIT = 100
"""Finished matches kept in the statistics history (the oldest go first)."""
CHART_ROUNDS_LIMIT = 200
"""A history record keeps each round's points (for the chart) up to this many rounds;
a longer match keeps its totals and round count. Bounds the statistics file."""
NAMES_LIMIT = 1000
"""Player names kept in the statistics; past it, the names with the fewest matches go."""
MAX_COUNT = 2**53
"""The largest count or points total stored (exact in every JSON reader)."""
MAX_CRASH_CONTEXT_CHARS = 256 * 1024

MAX_FILE_BYTES = 16 * 1024 * 1024
"""A file larger than this is not ours (or is damaged); it is never read into memory."""

STALE_TEMP_S = 60.0
"""Temporary files older than this are leftovers of a killed write and are removed."""

_BROKEN_MARK = ".broken-"


# --------------------------------------------------------------------------- values


@dataclasses.dataclass(frozen=True)
class SeatSetting:
    """One seat as the new-game screen remembers it. An empty `name` is the name the game
    gives the seat by itself ("You", "Computer 1"): it is written out when shown, in the
    language of that moment (`seats.shown_names`), never saved in one language."""

    name: str = ""
    kind: SeatKind = SeatKind.NORMAL

    def __post_init__(self) -> None:
        # Accept the plain text too ("hard"), so callers need not import the enum.
        object.__setattr__(self, "kind", SeatKind(self.kind))

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind.value}


MIN_SEATS, MAX_SEATS = MIN_PLAYERS, MAX_PLAYERS

VOLUME_RANGE = (0.0, 1.0)
ANIMATION_SPEED_RANGE = (0.25, 4.0)
THINK_TIME_S_RANGE = (0.0, 3.0)
UI_SCALE_RANGE = (0.75, 2.0)
MIN_WINDOW_SIZE = (800, 500)
MAX_WINDOW_SIZE = (7680, 4320)
LANGUAGE_CODES = ("en", "sv")


def default_seats() -> tuple[SeatSetting, ...]:
    """You and three computer players of normal strength, each with the game's own name."""
    return (SeatSetting("", SeatKind.HUMAN), *(SeatSetting("", SeatKind.NORMAL) for _n in range(3)))


def _clamp(value: float, bounds: tuple[float, float]) -> float:
    return min(max(value, bounds[0]), bounds[1])


def fit_window_size(size: tuple[int, int], screen: tuple[int, int] | None) -> tuple[int, int]:
    """A remembered window size that fits the screen it opens on (and MIN/MAX_WINDOW_SIZE):
    a size saved on a big monitor must not open off the edges of a laptop's."""
    w, h = size
    if screen is not None and screen[0] > 0 and screen[1] > 0:
        w, h = min(w, screen[0]), min(h, screen[1])
    return (
        int(_clamp(w, (MIN_WINDOW_SIZE[0], MAX_WINDOW_SIZE[0]))),
        int(_clamp(h, (MIN_WINDOW_SIZE[1], MAX_WINDOW_SIZE[1]))),
    )


@dataclasses.dataclass(frozen=True)
class Settings:
    """Everything the player sets. Numbers are kept in range on construction, so a UI
    slider that overshoots can never store a value the rest of the game cannot use."""

    volume: float = 0.8
    animation_speed: float = 1.0
    think_time_s: float = 0.8
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    colorblind: bool = False
    language: str | None = None  # None: follow the system
    ui_scale: float = 1.0
    last_preset: str = "official"
    last_seats: tuple[SeatSetting, ...] = dataclasses.field(default_factory=default_seats)
    last_target_score: int | None = None
    custom_rule: CustomRule | None = None
    #: the first-game tutorial was offered (and answered) on the title once
    tutorial_offered: bool = False
    last_hints: bool = True  # New game: hints allowed, or "No hints: a serious match"

    def __post_init__(self) -> None:
        for name, bounds in _FLOAT_FIELDS.items():
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value):
                value = _FIELD_DEFAULTS[name]
            object.__setattr__(self, name, float(_clamp(float(value), bounds)))
        w, h = self.window_size
        object.__setattr__(self, "window_size", fit_window_size((int(w), int(h)), None))
        object.__setattr__(self, "last_seats", tuple(self.last_seats))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form stored in settings.json (lists and plain strings only)."""
        rule = self.custom_rule
        custom = option("custom_rule")
        return {
            "volume": self.volume,
            "animation_speed": self.animation_speed,
            "think_time_s": self.think_time_s,
            "fullscreen": self.fullscreen,
            "window_size": list(self.window_size),
            "colorblind": self.colorblind,
            "language": self.language,
            "ui_scale": self.ui_scale,
            "last_preset": self.last_preset,
            "last_seats": [seat.to_dict() for seat in self.last_seats],
            "last_target_score": self.last_target_score,
            "custom_rule": None if rule is None else custom.to_json(rule),
            "tutorial_offered": self.tutorial_offered,
            "last_hints": self.last_hints,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], bad_keys: list[str] | None = None) -> Settings:
        """Settings from their JSON form, field by field: a missing field takes its default
        silently (an older file), an unusable one takes its default and its key is appended
        to `bad_keys`; unknown keys are ignored (a newer file of the same version)."""
        values: dict[str, Any] = {}
        for key, parse in _FIELD_PARSERS.items():
            if key not in data:
                continue
            try:
                values[key] = parse(data[key])
            except (TypeError, ValueError):
                if bad_keys is not None:
                    bad_keys.append(key)
        return cls(**values)


_FLOAT_FIELDS: dict[str, tuple[float, float]] = {
    "volume": VOLUME_RANGE,
    "animation_speed": ANIMATION_SPEED_RANGE,
    "think_time_s": THINK_TIME_S_RANGE,
    "ui_scale": UI_SCALE_RANGE,
}
_FIELD_DEFAULTS: dict[str, Any] = {
    f.name: f.default for f in dataclasses.fields(Settings) if f.default is not dataclasses.MISSING
}


def _parse_float(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError("expected a number")
    if not math.isfinite(value):
        raise ValueError("expected a finite number")
    return float(value)


def _parse_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("expected true or false")
    return value


def _parse_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("expected a whole number")
    return value


def _parse_window_size(value: Any) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError("expected [width, height]")
    return (_parse_int(value[0]), _parse_int(value[1]))


def _parse_language(value: Any) -> str | None:
    if value is None:
        return None
    if value not in LANGUAGE_CODES:
        raise ValueError("unknown language")
    return str(value)


def _parse_text(value: Any, max_chars: int = 1000) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > max_chars:
        raise TypeError("expected a non-empty text")
    return value


def _parse_seat_kind(value: Any) -> SeatKind:
    if not isinstance(value, Mapping):
        raise TypeError("expected a seat")
    kind = SeatKind.parse(value.get("kind"))
    if kind is None:
        raise TypeError("expected a seat kind")
    return kind


def _parse_seat(value: Any) -> SeatSetting:
    """A seat of a finished match in the history: a name and a kind."""
    kind = _parse_seat_kind(value)
    return SeatSetting(_parse_text(value.get("name"), MAX_NAME_CHARS), kind)


def _parse_remembered_seat(value: Any) -> SeatSetting:
    """A seat New game remembers. No name, or a name the game gave by itself in any
    language (a file written before such names were kept as no text), is the game's own
    name, shown in the language of the moment."""
    kind = _parse_seat_kind(value)
    name = value.get("name", "")
    if name == "" or (isinstance(name, str) and is_given_name(name)):
        return SeatSetting("", kind)
    if not is_seat_name(name):
        raise TypeError("expected a name a screen can show")
    return SeatSetting(name, kind)


def _parse_seats(
    value: Any, parse: Callable[[Any], SeatSetting] = _parse_seat
) -> tuple[SeatSetting, ...]:
    if not isinstance(value, list | tuple) or not MIN_SEATS <= len(value) <= MAX_SEATS:
        raise TypeError("expected a list of seats")
    return tuple(parse(item) for item in value)


def _parse_target_score(value: Any) -> int | None:
    """The remembered target score, in the preset reader's range."""
    if value is None:
        return None
    score: int = option("target_score").from_json(value)
    return score


def _parse_custom_rule(value: Any) -> CustomRule | None:
    """The remembered Wild Customizable rule, with the preset reader's ranges."""
    if value is None:
        return None
    rule: CustomRule = option("custom_rule").from_json(value)
    return rule


def _parse_preset_name(value: Any) -> str:
    """A preset *name* (never a path: it is looked up in the presets folders)."""
    if not is_preset_name(value):
        raise ValueError("expected a preset name")
    name: str = value
    return name


_FIELD_PARSERS: dict[str, Callable[[Any], Any]] = {
    "volume": _parse_float,
    "animation_speed": _parse_float,
    "think_time_s": _parse_float,
    "fullscreen": _parse_bool,
    "window_size": _parse_window_size,
    "colorblind": _parse_bool,
    "language": _parse_language,
    "ui_scale": _parse_float,
    "last_preset": _parse_preset_name,
    "last_seats": lambda value: _parse_seats(value, _parse_remembered_seat),
    "last_target_score": _parse_target_score,
    "custom_rule": _parse_custom_rule,
    "tutorial_offered": _parse_bool,
    "last_hints": _parse_bool,
}


@dataclasses.dataclass(frozen=True)
class PlayerStats:
    """Totals for one player name over every recorded match. `computer`: the name last
    sat at a computer seat (Statistics lists people apart from computer players)."""

    matches: int = 0
    match_wins: int = 0
    rounds: int = 0
    round_wins: int = 0
    points: int = 0
    best_round: int = 0  # the most points scored in a single round
    computer: bool = False

    def to_dict(self) -> dict[str, int | bool]:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True)
class MatchRecord:
    """One finished match in the history, by seat order (names, not seat numbers, so the
    history still reads right when the seats change). `round_points` and `round_winners`
    are empty for a match longer than CHART_ROUNDS_LIMIT rounds (`rounds` still counts)."""

    finished_at: str  # ISO 8601 local time with offset, seconds
    preset: str
    seats: tuple[SeatSetting, ...]
    winner: str | None
    totals: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]  # [round][seat]
    round_winners: tuple[int | None, ...]  # seat index per round; None: blocked round
    match_id: str | None = None  # the match controller's id: a match is counted once
    rounds: int = -1  # rounds played; -1: len(round_points)

    def __post_init__(self) -> None:
        if self.rounds < 0:
            object.__setattr__(self, "rounds", len(self.round_points))

    def to_dict(self) -> dict[str, Any]:
        return {
            "finished_at": self.finished_at,
            "preset": self.preset,
            "seats": [seat.to_dict() for seat in self.seats],
            "winner": self.winner,
            "totals": list(self.totals),
            "round_points": [list(points) for points in self.round_points],
            "round_winners": list(self.round_winners),
            "match_id": self.match_id,
            "rounds": self.rounds,
        }


@dataclasses.dataclass(frozen=True)
class Stats:
    """Per-name totals and the last `HISTORY_LIMIT` finished matches, oldest first."""

    players: Mapping[str, PlayerStats] = dataclasses.field(default_factory=dict)
    history: tuple[MatchRecord, ...] = ()

    def player(self, name: str) -> PlayerStats:
        """The totals for `name` (zeros for a name never seen)."""
        return self.players.get(name, PlayerStats())

    def counted(self, match_id: str | None) -> bool:
        """Whether the match with this id is already in the statistics."""
        return match_id is not None and any(r.match_id == match_id for r in self.history)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": {name: s.to_dict() for name, s in self.players.items()},
            "history": [record.to_dict() for record in self.history],
        }


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """What the match controller reports when a match ends (seat indices, not names).

    `round_points[r][s]` is what seat s scored in round r (`game.points`);
    `round_winners[r]` is the seat that went out in round r, None for a blocked round;
    `winner` is the seat that won the match, None if nobody did; `match_id` the match's
    id (a result with a known id is not counted again). Checked on construction against
    what the statistics reader accepts, so nothing recorded is dropped when read back.
    """

    preset: str
    seats: tuple[SeatSetting, ...]
    round_points: tuple[tuple[int, ...], ...]
    round_winners: tuple[int | None, ...]
    winner: int | None
    finished_at: datetime | None = None  # None: now
    match_id: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "round_points", tuple(tuple(p) for p in self.round_points))
        object.__setattr__(self, "round_winners", tuple(self.round_winners))
        n = len(self.seats)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise ValueError(f"{n} seats; a table has {MIN_SEATS} to {MAX_SEATS}")
        texts = [(s.name, MAX_NAME_CHARS) for s in self.seats] + [(self.preset, 1000)]
        if self.match_id is not None:
            texts.append((self.match_id, 64))
        for text, limit in texts:
            if not isinstance(text, str) or not text.strip() or len(text) > limit:
                raise ValueError(f"expected a text of 1 to {limit} characters")
        if any(len(points) != n for points in self.round_points):
            raise ValueError("every round needs one score per seat")
        if any(not 0 <= p <= MAX_COUNT for points in self.round_points for p in points):
            raise ValueError("round points are whole numbers from 0 up")
        if len(self.round_winners) != len(self.round_points):
            raise ValueError("every round needs a winner entry (None for a blocked round)")
        for seat in (*self.round_winners, self.winner):
            if seat is not None and not 0 <= seat < n:
                raise ValueError(f"seat {seat} is not at this table")

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's match total."""
        return tuple(sum(points[s] for points in self.round_points) for s in range(len(self.seats)))


# --------------------------------------------------------------------------- files


def atomic_write_bytes(path: Path, payload: bytes) -> None:
    """Replace `path` with `payload` so that a crash at any moment leaves either the old
    or the new file. Raises OSError; the old file is then untouched."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        try:
            view = memoryview(payload)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    _fsync_dir(folder)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); silently skipped where folders can't be
    opened (Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temps(path: Path, older_than_s: float = STALE_TEMP_S) -> None:
    """Delete temporary files a killed write left beside `path`. Only old ones, so a
    second copy of the game writing at this very moment keeps its file."""
    now = time.time()
    with contextlib.suppress(OSError):
        for tmp in path.parent.glob(f".{path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                if now - tmp.stat().st_mtime > older_than_s:
                    tmp.unlink()


class DocumentMissing(Exception):
    """No file: the normal first start."""


class DocumentDamaged(Exception):
    """The file exists but cannot be used; the message says why (for the log)."""


def read_document(path: Path, schema: str, versions: tuple[int, ...]) -> dict[str, Any]:
    """The `data` object of a stored document of one of `versions`. Raises DocumentMissing or
    DocumentDamaged, nothing else for any file content."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise DocumentMissing(str(exc)) from None
    except (OSError, ValueError) as exc:
        raise DocumentDamaged(f"cannot stat: {exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise DocumentDamaged("not a regular file")
    if st.st_size > MAX_FILE_BYTES:
        raise DocumentDamaged(f"too large ({st.st_size} bytes)")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError as exc:
        raise DocumentMissing(str(exc)) from None
    except OSError as exc:
        raise DocumentDamaged(f"cannot read: {exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise DocumentDamaged("too large")
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise DocumentDamaged(f"not JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise DocumentDamaged(f"expected an object, got {type(doc).__name__}")
    if doc.get("schema") != schema:
        raise DocumentDamaged(
            f"schema {_one_line(repr(doc.get('schema')), 40)}, expected {schema!r}"
        )
    found = doc.get("version")
    if isinstance(found, bool) or not isinstance(found, int) or found not in versions:
        raise DocumentDamaged(f"version {_one_line(repr(found), 40)}, expected one of {versions}")
    data = doc.get("data")
    if not isinstance(data, dict):
        raise DocumentDamaged("data is not an object")
    return data


def encode_document(schema: str, version: int, data: Mapping[str, Any], indent: bool) -> bytes:
    """The envelope as strict JSON (no NaN); raises TypeError/ValueError for content
    that JSON cannot hold."""
    doc = {"schema": schema, "version": version, "data": data}
    if indent:
        text = json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=False)
    else:
        text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode("utf-8")


@dataclasses.dataclass(frozen=True)
class _Kind:
    """One kind of stored file and the texts the player sees about it."""

    file_name: str
    schema: str
    version: int  # written
    versions: tuple[int, ...]  # read
    indent: bool
    damaged_moved: str  # {name}: the new file name
    damaged_kept: str  # {path}: the file that could not be moved
    write_failed: str  # {reason}


_SETTINGS = _Kind(
    SETTINGS_FILE,
    SETTINGS_SCHEMA,
    SETTINGS_VERSION,
    (SETTINGS_VERSION,),
    True,
    N_("Your settings file was damaged; it was saved as {name} and the defaults are used."),
    N_("Your settings file ({path}) was damaged and the defaults are used."),
    N_("Your settings could not be saved ({reason}); the game goes on."),
)
_STATS = _Kind(
    STATS_FILE,
    STATS_SCHEMA,
    STATS_VERSION,
    (STATS_VERSION,),
    False,
    N_("Your statistics file was damaged; it was saved as {name} and new statistics are started."),
    N_("Your statistics file ({path}) was damaged; new statistics are started."),
    N_("Your statistics could not be saved ({reason}); the game goes on."),
)
_MATCH = _Kind(
    MATCH_FILE,
    MATCH_SCHEMA,
    MATCH_VERSION,
    MATCH_VERSIONS_READ,
    False,
    N_("The saved match was damaged; it was saved as {name} and cannot be resumed."),
    N_("The saved match ({path}) was damaged and cannot be resumed."),
    N_("The match could not be saved ({reason}); the game goes on."),
)


def _reason(exc: BaseException) -> str:
    """A short human reason for a failed write: the system's own words when it has some."""
    if isinstance(exc, OSError) and exc.errno is not None:
        return os.strerror(exc.errno)
    return str(exc) or type(exc).__name__


def _local_now() -> datetime:
    return datetime.now().astimezone()


# --------------------------------------------------------------------------- stats parsing


def _parse_count(value: Any) -> int:
    number = _parse_int(value)
    if not 0 <= number <= MAX_COUNT:
        raise ValueError("expected a count from 0 up")
    return number


_COUNT_FIELDS = tuple(f.name for f in dataclasses.fields(PlayerStats) if f.name != "computer")


def _parse_player_stats(value: Any) -> tuple[PlayerStats, bool]:
    """A player's totals, and whether the entry said if the player is a computer (an
    older file does not: `parse_stats` then decides from the history)."""
    if not isinstance(value, Mapping):
        raise TypeError("expected an object")
    counts = {name: _parse_count(value.get(name, 0)) for name in _COUNT_FIELDS}
    if "computer" not in value:
        return PlayerStats(**counts), False
    return PlayerStats(**counts, computer=_parse_bool(value["computer"])), True


def _parse_int_list(value: Any, length: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length:
        raise TypeError(f"expected a list of {length} numbers")
    return tuple(_parse_count(v) for v in value)


def _parse_match_record(value: Any) -> MatchRecord:
    if not isinstance(value, Mapping):
        raise TypeError("expected an object")
    finished_at = value.get("finished_at")
    if not isinstance(finished_at, str) or len(finished_at) > 40:
        raise TypeError("finished_at")
    datetime.fromisoformat(finished_at)
    seats = _parse_seats(value.get("seats"))
    n = len(seats)
    winner = value.get("winner")
    if winner is not None:
        winner = _parse_text(winner, MAX_NAME_CHARS)
    totals = _parse_int_list(value.get("totals"), n)
    rounds_raw = value.get("round_points")
    if not isinstance(rounds_raw, list) or len(rounds_raw) > CHART_ROUNDS_LIMIT:
        raise TypeError("round_points")
    round_points = tuple(_parse_int_list(points, n) for points in rounds_raw)
    winners_raw = value.get("round_winners", [None] * len(round_points))
    if not isinstance(winners_raw, list) or len(winners_raw) != len(round_points):
        raise TypeError("round_winners")
    round_winners = tuple(None if w is None else _parse_int(w) for w in winners_raw)
    if any(w is not None and not 0 <= w < n for w in round_winners):
        raise ValueError("round winner out of range")
    match_id = value.get("match_id")
    if match_id is not None:
        match_id = _parse_text(match_id, 64)
    rounds = _parse_count(value.get("rounds", len(round_points)))
    if rounds < len(round_points):
        raise ValueError("rounds")
    return MatchRecord(
        finished_at=finished_at,
        preset=_parse_text(value.get("preset")),
        seats=seats,
        winner=winner,
        totals=totals,
        round_points=round_points,
        round_winners=round_winners,
        match_id=match_id,
        rounds=rounds,
    )


def parse_stats(data: Mapping[str, Any]) -> tuple[Stats, bool]:
    """Stats from their JSON form and whether anything had to be left out (a damaged
    entry costs that entry, not the whole file; the caller keeps a copy of the file)."""
    lost = False
    players: dict[str, PlayerStats] = {}
    unsaid: list[str] = []  # names whose entry does not say whether they are a computer
    raw_players = data.get("players", {})
    if isinstance(raw_players, Mapping) and len(raw_players) <= NAMES_LIMIT:
        for name, entry in raw_players.items():
            try:
                player, said = _parse_player_stats(entry)
                players[_parse_text(name, MAX_NAME_CHARS)] = player
            except (TypeError, ValueError):
                lost = True
                continue
            if not said:
                unsaid.append(name)
    else:
        lost = True
    history: list[MatchRecord] = []
    raw_history = data.get("history", [])
    if isinstance(raw_history, list) and len(raw_history) <= HISTORY_LIMIT:
        for entry in raw_history:
            try:
                history.append(_parse_match_record(entry))
            except (TypeError, ValueError):
                lost = True
    else:
        lost = True
    for name in unsaid:
        players[name] = dataclasses.replace(players[name], computer=_was_computer(name, history))
    return Stats(_merge_given_names(players), tuple(history[-HISTORY_LIMIT:])), lost


def _merge_given_names(players: Mapping[str, PlayerStats]) -> dict[str, PlayerStats]:
    """The players with the game's own names in English: a file from before they were
    kept so holds "Du" beside "You" (one player, counted under two names): added up."""
    merged: dict[str, PlayerStats] = {}
    for name, p in players.items():
        key = in_language(name, english=True)
        old = merged.get(key)
        if old is None:
            merged[key] = p
            continue
        sums = {f: min(MAX_COUNT, getattr(old, f) + getattr(p, f)) for f in _COUNT_FIELDS}
        sums["best_round"] = max(old.best_round, p.best_round)
        merged[key] = PlayerStats(**sums, computer=old.computer and p.computer)
    return merged


def _was_computer(name: str, history: list[MatchRecord]) -> bool:
    """For statistics written before players were marked: whether `name` last sat at a
    computer seat in the history; a name the history no longer holds, whether it is a
    name the game gives computer seats ("Computer 2", "Dator 2")."""
    for record in reversed(history):
        for seat in record.seats:
            if seat.name == name:
                return seat.kind.is_computer
    return looks_like_computer(name)


def add_match(stats: Stats, result: MatchResult, finished_at: datetime) -> Stats:
    """`stats` with one more finished match counted (pure: nothing is written). A result
    whose match id is already in the history is not counted again. The game's own names
    are kept in English ("Du" as "You") and shown in the language of the moment, so a
    family that switches language keeps one line per player."""
    if stats.counted(result.match_id):
        return stats
    players = dict(stats.players)
    n_rounds = len(result.round_points)
    totals = result.totals
    seats = tuple(SeatSetting(in_language(s.name, english=True), s.kind) for s in result.seats)
    for seat_index, seat in enumerate(seats):
        old = players.get(seat.name, PlayerStats())
        mine = [points[seat_index] for points in result.round_points]
        players[seat.name] = PlayerStats(
            matches=min(MAX_COUNT, old.matches + 1),
            match_wins=min(MAX_COUNT, old.match_wins + (result.winner == seat_index)),
            rounds=min(MAX_COUNT, old.rounds + n_rounds),
            round_wins=min(
                MAX_COUNT,
                old.round_wins + sum(1 for w in result.round_winners if w == seat_index),
            ),
            points=min(MAX_COUNT, old.points + totals[seat_index]),
            best_round=max([old.best_round, *mine]),
            computer=seat.kind.is_computer,
        )
    if len(players) > NAMES_LIMIT:
        here = {seat.name for seat in seats}
        others = sorted((p for p in players if p not in here), key=lambda p: players[p].matches)
        for name in others[: len(players) - NAMES_LIMIT]:
            del players[name]
    charted = n_rounds <= CHART_ROUNDS_LIMIT
    record = MatchRecord(
        finished_at=finished_at.isoformat(timespec="seconds"),
        preset=result.preset,
        seats=seats,
        winner=None if result.winner is None else seats[result.winner].name,
        totals=tuple(min(MAX_COUNT, t) for t in totals),
        round_points=result.round_points if charted else (),
        round_winners=result.round_winners if charted else (),
        match_id=result.match_id,
        rounds=n_rounds,
    )
    return Stats(players, (*stats.history, record)[-HISTORY_LIMIT:])


# --------------------------------------------------------------------------- the service


class Storage:
    """The one object the game uses for everything it keeps between runs.

    Folders default to `uno_desktop.paths` (read here, at construction, not at import);
    tests and tools may pass their own. `clock` gives the local time for file names and
    the match history. No method raises for file trouble: problems become notices.
    `read_only=True` (or a lock held by another window) makes every write a no-op.
    """

    def __init__(
        self,
        config_dir: Path | None = None,
        data_dir: Path | None = None,
        state_dir: Path | None = None,
        clock: Callable[[], datetime] = _local_now,
        *,
        read_only: bool = False,
    ) -> None:
        from . import paths

        self.config_dir = Path(config_dir) if config_dir is not None else paths.config_dir()
        self.data_dir = Path(data_dir) if data_dir is not None else paths.data_dir()
        self.state_dir = Path(state_dir) if state_dir is not None else paths.state_dir()
        self._clock = clock
        self._notices: list[str] = []
        self._seen: set[str] = set()
        #: nothing is written: asked for, or another window holds the folder's lock
        self.read_only = read_only
        #: another window holds the lock (it owns the saved match; Continue is hidden here)
        self.other_window = False
        self._lock = FolderLock(self.data_dir / LOCK_FILE)
        self._match_checked = False

    # ---- paths

    @property
    def settings_path(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def stats_path(self) -> Path:
        return self.data_dir / STATS_FILE

    @property
    def match_path(self) -> Path:
        return self.data_dir / MATCH_FILE

    @property
    def replays_dir(self) -> Path:
        """The folder of recorded rounds (uno_desktop.replay keeps it)."""
        return self.data_dir / REPLAYS_DIR

    def _path(self, kind: _Kind) -> Path:
        return (self.config_dir if kind is _SETTINGS else self.data_dir) / kind.file_name

    # ---- the lock

    def acquire_lock(self) -> bool:
        """Take the user folder's lock for this window (the composition root calls this
        once). False when another window holds it: this storage then writes nothing and
        says so once. A lock left by a killed game is taken over (the OS dropped it)."""
        if self._lock.acquire() is not False:
            return True
        self.read_only = True
        self.other_window = True
        self.notice(
            _(
                "UNO Desktop is already open in another window. This window saves "
                "nothing (settings, statistics, matches): close it and play in the other one."
            )
        )
        return False

    def release_lock(self) -> None:
        """Let the next window write (also done by the OS when the process ends)."""
        self._lock.release()

    # ---- notices

    def notice(self, text: str) -> None:
        """Record a text for the player; the same text is recorded once per run."""
        if text not in self._seen:
            self._seen.add(text)
            self._notices.append(text)

    @property
    def has_notices(self) -> bool:
        """Whether notices wait to be shown (cheap: the app asks every frame)."""
        return bool(self._notices)

    def take_notices(self) -> list[str]:
        """The notices recorded since the last call (the window shows them once)."""
        taken, self._notices = self._notices, []
        return taken

    # ---- settings

    def load_settings(self) -> Settings:
        """The saved settings, defaults where the file or a field is unusable."""
        data = self._load(_SETTINGS)
        if data is None:
            return Settings()
        bad: list[str] = []
        settings = Settings.from_dict(data, bad)
        for key in bad:
            log.warning("%s: invalid value for %r", self.settings_path, key)
            self.notice(
                _(
                    'Your settings file had an invalid value for "{key}"; the default is '
                    "used for it."
                ).format(key=key)
            )
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Write the settings; False (and a notice) if they could not be written."""
        return self._save(_SETTINGS, settings.to_dict())

    # ---- statistics

    def load_stats(self) -> Stats:
        """Every player's totals and the match history (empty when there is none). A file
        with damaged entries is kept aside whole, and the good entries stay in use."""
        data = self._load(_STATS)
        if data is None:
            return Stats()
        stats, lost = parse_stats(data)
        if lost:
            log.warning("%s: some entries were unusable and left out", self.stats_path)
            moved = self._set_aside(self.stats_path, "some entries could not be read")
            if moved is not None:
                self._save(_STATS, stats.to_dict())
                self.notice(
                    _(
                        "Some of your statistics were damaged and were left out; the whole "
                        "file was kept as {name}."
                    ).format(name=moved.name)
                )
            else:
                self.notice(_("Some of your statistics were damaged and were left out."))
        return stats

    def record_match(self, result: MatchResult) -> Stats:
        """Count a finished match for every seat and add it to the history, in one atomic
        write with its match id (a result whose id is already counted changes nothing).
        Returns the new statistics (also when writing failed: then a notice)."""
        return self._record(result)[1]

    def finish_match(self, result: MatchResult) -> bool:
        """Record a finished match exactly once, then forget the saved match. The saved
        match goes only after the statistics were written (or already held this match),
        so a full disk or a crash in between loses nothing and counts nothing twice.
        True when both are done."""
        recorded, _stats = self._record(result)
        return recorded and self.clear_match()

    def _record(self, result: MatchResult) -> tuple[bool, Stats]:
        """The statistics with `result` counted, and whether the file holds them now."""
        before = self.load_stats()
        if before.counted(result.match_id):
            return True, before
        stats = add_match(before, result, result.finished_at or self._clock())
        return self._save(_STATS, stats.to_dict()), stats

    # ---- the unfinished match

    def save_match(self, doc: Mapping[str, Any]) -> bool:
        """Keep the match controller's document (must be JSON: dicts, lists, str, int,
        float, bool, None). Cheap enough to call after every action. The first save of
        a run moves a damaged saved match aside instead of writing over it."""
        if not isinstance(doc, Mapping):
            raise TypeError("a saved match is a dict")
        if not self._match_checked and not self.read_only:
            self._match_checked = True
            self._load(_MATCH)
        return self._save(_MATCH, doc)

    def load_match(self) -> dict[str, Any] | None:
        """The saved match document, or None when there is none (or it was damaged, or
        it is a finished match the statistics already hold: then it is removed)."""
        doc = self._load(_MATCH)
        if doc is None:
            return None
        match_id = doc.get("match_id")
        if isinstance(match_id, str) and not self.read_only and self.load_stats().counted(match_id):
            log.info("saved match %s was already counted; removing it", match_id)
            self.clear_match()
            return None
        return doc

    def has_saved_match(self) -> bool:
        """Whether a usable saved match exists (a damaged one is moved aside here). In a
        window opened second, never: the match belongs to the first window."""
        if self.other_window:
            return False
        return self.load_match() is not None

    def clear_match(self) -> bool:
        """Forget the saved match (the match ended or the player replaced it). True when
        there is no saved match any more."""
        if self.read_only:
            return False
        try:
            os.unlink(self.match_path)
        except (FileNotFoundError, NotADirectoryError):
            return True
        except OSError as exc:
            log.warning("cannot remove %s: %s", self.match_path, exc)
            if os.path.isdir(self.match_path):
                self._move_aside(_MATCH, self.match_path, "a folder in its place")
                return not os.path.lexists(self.match_path)
            self.notice(
                _("The saved match could not be removed ({reason}).").format(reason=_reason(exc))
            )
            return False
        _fsync_dir(self.data_dir)
        return True

    def set_match_aside(self, reason: str) -> Path | None:
        """Move the saved match aside, never deleting it, with `reason` (one line) written
        beside it: for a match that cannot be rebuilt. The new path, or None if nothing
        was moved (no file, read-only, or the move failed: the match then stays)."""
        if self.read_only or not os.path.lexists(self.match_path):
            return None
        return self._set_aside(self.match_path, reason)

    # ---- crash reports

    def write_crash_report(self, exc: BaseException, context: Mapping[str, Any]) -> Path | None:
        """Write what a bug report needs to state_dir/crash-YYYYmmdd-HHMMSS.txt: the
        traceback, versions, platform and `context` (preset, seed, action log), the
        context cut at MAX_CRASH_CONTEXT_CHARS. Returns the file, or None if it could not
        be written. Never raises; a new file each time, so a read-only window writes too."""
        try:
            from . import __version__

            try:
                context_text = json.dumps(context, indent=2, default=repr, ensure_ascii=False)
            except Exception:
                context_text = repr(context)[: MAX_CRASH_CONTEXT_CHARS + 1]
            if len(context_text) > MAX_CRASH_CONTEXT_CHARS:
                context_text = context_text[:MAX_CRASH_CONTEXT_CHARS] + "\n[... cut]"
            text = "\n".join(
                [
                    "UNO Desktop crash report",
                    f"time: {self._clock().isoformat(timespec='seconds')}",
                    f"version: {__version__}",
                    f"python: {sys.version.split()[0]} ({platform.python_implementation()})",
                    f"platform: {platform.platform()}",
                    "",
                    "traceback:",
                    "".join(traceback.format_exception(exc)).rstrip()[:MAX_CRASH_CONTEXT_CHARS],
                    "",
                    "context:",
                    context_text,
                    "",
                ]
            )
            stamp = self._clock().strftime("%Y%m%d-%H%M%S")
            path = _free_name(self.state_dir, f"crash-{stamp}", ".txt")
            atomic_write_bytes(path, text.encode("utf-8", errors="replace"))
            return path
        except Exception:
            log.exception("could not write a crash report")
            return None

    # ---- internals

    def _load(self, kind: _Kind) -> dict[str, Any] | None:
        path = self._path(kind)
        try:
            return read_document(path, kind.schema, kind.versions)
        except DocumentMissing:
            return None
        except DocumentDamaged as damage:
            log.warning("%s: %s", path, damage)
            self._move_aside(kind, path, str(damage))
            return None

    def set_file_aside(self, path: Path, reason: str) -> Path | None:
        """Move a damaged file of ours aside with its reason (see `_set_aside`)."""
        return self._set_aside(path, reason)

    def _set_aside(self, path: Path, reason: str) -> Path | None:
        """Rename `path` to `<stem>.broken-STAMP[-n].json` with the reason in a `.txt`
        beside it; the new path, or None (read-only, or the rename failed)."""
        if self.read_only:
            return None
        stem = path.name.removesuffix(".json")
        stamp = self._clock().strftime("%Y%m%d-%H%M%S")
        try:
            target = _free_name(path.parent, f"{stem}{_BROKEN_MARK}{stamp}", ".json")
            os.rename(path, target)
        except OSError as exc:
            log.warning("cannot move %s aside: %s", path, exc)
            return None
        with contextlib.suppress(OSError):
            note = target.with_name(target.name.removesuffix(".json") + ".txt")
            atomic_write_bytes(note, f"{_one_line(reason)}\n".encode("utf-8", errors="replace"))
        return target

    def _move_aside(self, kind: _Kind, path: Path, reason: str) -> None:
        if self.read_only:
            return
        target = self._set_aside(path, reason)
        if target is None:
            self.notice(_(kind.damaged_kept).format(path=str(path)))
            return
        self.notice(_(kind.damaged_moved).format(name=target.name))

    def _save(self, kind: _Kind, data: Mapping[str, Any]) -> bool:
        if self.read_only:
            return False
        path = self._path(kind)
        try:
            payload = encode_document(kind.schema, kind.version, data, kind.indent)
        except (TypeError, ValueError, RecursionError) as exc:
            log.error("%s: cannot encode: %s", path, exc)
            self.notice(_(kind.write_failed).format(reason=_reason(exc)))
            return False
        try:
            atomic_write_bytes(path, payload)
        except OSError as exc:
            log.warning("cannot write %s: %s", path, exc)
            self.notice(_(kind.write_failed).format(reason=_reason(exc)))
            return False
        remove_stale_temps(path)
        return True


def _one_line(text: str, limit: int = 300) -> str:
    """The first line of `text`, at most `limit` characters (for a reason kept on disk)."""
    lines = text.splitlines() or [""]
    return lines[0][:limit]


class FolderLock:
    """An exclusive OS lock on one file (flock on POSIX, msvcrt on Windows). The OS drops
    it when the holding process ends, however it ends: no stale lock survives a crash."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool | None:
        """True: ours now. False: another process holds it. None: no lock can be taken
        here (the folder cannot be written; then nothing can be saved anyway)."""
        if self._fd is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            log.warning("cannot open the lock file %s: %s", self.path, exc)
            return None
        try:
            _lock_fd(fd)
        except OSError:
            os.close(fd)
            return False
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return True

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)

    def __del__(self) -> None:  # a dropped Storage lets the next one write
        self.release()


def _lock_fd(fd: int) -> None:
    """Lock `fd` without waiting; OSError when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _free_name(folder: Path, base: str, suffix: str) -> Path:
    """folder/base+suffix, or base-1, base-2, ... when that name is taken."""
    candidate = folder / f"{base}{suffix}"
    n = 0
    while os.path.lexists(candidate):
        n += 1
        candidate = folder / f"{base}-{n}{suffix}"
    return candidate


__all__ = [
    "HISTORY_LIMIT",
    "MatchRecord",
    "MatchResult",
    "PlayerStats",
    "SeatKind",
    "SeatSetting",
    "Settings",
    "Stats",
    "Storage",
    "add_match",
    "atomic_write_bytes",
    "default_seats",
    "fit_window_size",
    "parse_stats",
]
