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

Paths come from `uno_desktop.paths` when a `Storage` is built, never at import.
Pure Python; no pygame.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
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

from .engine.rules import CustomEffect, CustomRule
from .i18n import N_, _

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
MATCH_FILE = "saved_match.json"

SETTINGS_SCHEMA, SETTINGS_VERSION = "settings", 1
STATS_SCHEMA, STATS_VERSION = "stats", 1
MATCH_SCHEMA, MATCH_VERSION = "saved_match", 1

HISTORY_LIMIT = 100
"""Finished matches kept in the statistics history (the oldest go first)."""

MAX_FILE_BYTES = 16 * 1024 * 1024
"""A file larger than this is not ours (or is damaged); it is never read into memory."""

STALE_TEMP_S = 60.0
"""Temporary files older than this are leftovers of a killed write and are removed."""

_BROKEN_MARK = ".broken-"


# --------------------------------------------------------------------------- values


class SeatKind(enum.StrEnum):
    """Who sits in a seat: a person or a computer player of some strength."""

    HUMAN = "human"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


@dataclasses.dataclass(frozen=True)
class SeatSetting:
    """One seat as the new-game screen remembers it."""

    name: str
    kind: SeatKind = SeatKind.NORMAL

    def __post_init__(self) -> None:
        # Accept the plain text too ("hard"), so callers need not import the enum.
        object.__setattr__(self, "kind", SeatKind(self.kind))

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind.value}


MAX_NAME_CHARS = 40
MIN_SEATS, MAX_SEATS = 2, 10

VOLUME_RANGE = (0.0, 1.0)
ANIMATION_SPEED_RANGE = (0.25, 4.0)
THINK_TIME_S_RANGE = (0.0, 3.0)
UI_SCALE_RANGE = (0.75, 2.0)
MIN_WINDOW_SIZE = (800, 500)
MAX_WINDOW_SIZE = (16384, 16384)
CUSTOM_AMOUNT_RANGE = (0, 20)
LANGUAGE_CODES = ("en", "sv")


def default_seats() -> tuple[SeatSetting, ...]:
    """You and three computer players of normal strength, named in the current language."""
    return (
        SeatSetting(_("You"), SeatKind.HUMAN),
        *(SeatSetting(_("Computer {n}").format(n=n), SeatKind.NORMAL) for n in (1, 2, 3)),
    )


def _clamp(value: float, bounds: tuple[float, float]) -> float:
    return min(max(value, bounds[0]), bounds[1])


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

    def __post_init__(self) -> None:
        for name, bounds in _FLOAT_FIELDS.items():
            value = getattr(self, name)
            if not isinstance(value, int | float) or not math.isfinite(value):
                value = _FIELD_DEFAULTS[name]
            object.__setattr__(self, name, float(_clamp(float(value), bounds)))
        w, h = self.window_size
        object.__setattr__(
            self,
            "window_size",
            (
                int(_clamp(int(w), (MIN_WINDOW_SIZE[0], MAX_WINDOW_SIZE[0]))),
                int(_clamp(int(h), (MIN_WINDOW_SIZE[1], MAX_WINDOW_SIZE[1]))),
            ),
        )
        object.__setattr__(self, "last_seats", tuple(self.last_seats))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form stored in settings.json (lists and plain strings only)."""
        rule = self.custom_rule
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
            "custom_rule": None
            if rule is None
            else {"text": rule.text, "effect": rule.effect.value, "amount": rule.amount},
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


def _parse_seat(value: Any) -> SeatSetting:
    if not isinstance(value, Mapping):
        raise TypeError("expected a seat")
    return SeatSetting(_parse_text(value.get("name"), MAX_NAME_CHARS), SeatKind(value.get("kind")))


def _parse_seats(value: Any) -> tuple[SeatSetting, ...]:
    if not isinstance(value, list | tuple) or not MIN_SEATS <= len(value) <= MAX_SEATS:
        raise TypeError("expected a list of seats")
    return tuple(_parse_seat(item) for item in value)


def _parse_target_score(value: Any) -> int | None:
    if value is None:
        return None
    score = _parse_int(value)
    if score <= 0:
        raise ValueError("expected a positive score")
    return score


def _parse_custom_rule(value: Any) -> CustomRule | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise TypeError("expected a custom rule")
    text = value.get("text")
    if not isinstance(text, str) or len(text) > 500:
        raise TypeError("expected a text")
    amount = _parse_int(value.get("amount"))
    if not CUSTOM_AMOUNT_RANGE[0] <= amount <= CUSTOM_AMOUNT_RANGE[1]:
        raise ValueError("amount out of range")
    return CustomRule(text=text, effect=CustomEffect(value.get("effect")), amount=amount)


_FIELD_PARSERS: dict[str, Callable[[Any], Any]] = {
    "volume": _parse_float,
    "animation_speed": _parse_float,
    "think_time_s": _parse_float,
    "fullscreen": _parse_bool,
    "window_size": _parse_window_size,
    "colorblind": _parse_bool,
    "language": _parse_language,
    "ui_scale": _parse_float,
    "last_preset": _parse_text,
    "last_seats": _parse_seats,
    "last_target_score": _parse_target_score,
    "custom_rule": _parse_custom_rule,
}


@dataclasses.dataclass(frozen=True)
class PlayerStats:
    """Totals for one player name over every recorded match."""

    matches: int = 0
    match_wins: int = 0
    rounds: int = 0
    round_wins: int = 0
    points: int = 0
    best_round: int = 0  # the most points scored in a single round

    def to_dict(self) -> dict[str, int]:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True)
class MatchRecord:
    """One finished match in the history, by seat order (names, not seat numbers, so the
    history still reads right when the seats change)."""

    finished_at: str  # ISO 8601 local time with offset, seconds
    preset: str
    seats: tuple[SeatSetting, ...]
    winner: str | None
    totals: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]  # [round][seat]
    round_winners: tuple[int | None, ...]  # seat index per round; None: blocked round

    def to_dict(self) -> dict[str, Any]:
        return {
            "finished_at": self.finished_at,
            "preset": self.preset,
            "seats": [seat.to_dict() for seat in self.seats],
            "winner": self.winner,
            "totals": list(self.totals),
            "round_points": [list(points) for points in self.round_points],
            "round_winners": list(self.round_winners),
        }


@dataclasses.dataclass(frozen=True)
class Stats:
    """Per-name totals and the last `HISTORY_LIMIT` finished matches, oldest first."""

    players: Mapping[str, PlayerStats] = dataclasses.field(default_factory=dict)
    history: tuple[MatchRecord, ...] = ()

    def player(self, name: str) -> PlayerStats:
        """The totals for `name` (zeros for a name never seen)."""
        return self.players.get(name, PlayerStats())

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
    `winner` is the seat that won the match, None if nobody did.
    """

    preset: str
    seats: tuple[SeatSetting, ...]
    round_points: tuple[tuple[int, ...], ...]
    round_winners: tuple[int | None, ...]
    winner: int | None
    finished_at: datetime | None = None  # None: now

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "round_points", tuple(tuple(p) for p in self.round_points))
        object.__setattr__(self, "round_winners", tuple(self.round_winners))
        n = len(self.seats)
        if any(len(points) != n for points in self.round_points):
            raise ValueError("every round needs one score per seat")
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


class _Missing(Exception):
    """No file: the normal first start."""


class _Damaged(Exception):
    """The file exists but cannot be used; the message says why (for the log)."""


def read_document(path: Path, schema: str, version: int) -> dict[str, Any]:
    """The `data` object of a stored document. Raises _Missing or _Damaged, nothing else
    for any file content."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise _Missing(str(exc)) from None
    except (OSError, ValueError) as exc:
        raise _Damaged(f"cannot stat: {exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise _Damaged("not a regular file")
    if st.st_size > MAX_FILE_BYTES:
        raise _Damaged(f"too large ({st.st_size} bytes)")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError as exc:
        raise _Missing(str(exc)) from None
    except OSError as exc:
        raise _Damaged(f"cannot read: {exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise _Damaged("too large")
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise _Damaged(f"not JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise _Damaged(f"expected an object, got {type(doc).__name__}")
    if doc.get("schema") != schema:
        raise _Damaged(f"schema {doc.get('schema')!r}, expected {schema!r}")
    found = doc.get("version")
    if isinstance(found, bool) or not isinstance(found, int) or found != version:
        raise _Damaged(f"version {found!r}, expected {version}")
    data = doc.get("data")
    if not isinstance(data, dict):
        raise _Damaged("data is not an object")
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
    version: int
    indent: bool
    damaged_moved: str  # {name}: the new file name
    damaged_kept: str  # {path}: the file that could not be moved
    write_failed: str  # {reason}


_SETTINGS = _Kind(
    SETTINGS_FILE,
    SETTINGS_SCHEMA,
    SETTINGS_VERSION,
    True,
    N_("Your settings file was damaged; it was saved as {name} and the defaults are used."),
    N_("Your settings file ({path}) was damaged and the defaults are used."),
    N_("Your settings could not be saved ({reason}); the game goes on."),
)
_STATS = _Kind(
    STATS_FILE,
    STATS_SCHEMA,
    STATS_VERSION,
    True,
    N_("Your statistics file was damaged; it was saved as {name} and new statistics are started."),
    N_("Your statistics file ({path}) was damaged; new statistics are started."),
    N_("Your statistics could not be saved ({reason}); the game goes on."),
)
_MATCH = _Kind(
    MATCH_FILE,
    MATCH_SCHEMA,
    MATCH_VERSION,
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


def _parse_player_stats(value: Any) -> PlayerStats:
    if not isinstance(value, Mapping):
        raise TypeError("expected an object")
    counts: dict[str, int] = {}
    for field in dataclasses.fields(PlayerStats):
        number = _parse_int(value.get(field.name, 0))
        if number < 0:
            raise ValueError(f"{field.name} is negative")
        counts[field.name] = number
    return PlayerStats(**counts)


def _parse_int_list(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise TypeError("expected a list")
    return tuple(_parse_int(v) for v in value)


def _parse_match_record(value: Any) -> MatchRecord:
    if not isinstance(value, Mapping):
        raise TypeError("expected an object")
    finished_at = value.get("finished_at")
    if not isinstance(finished_at, str):
        raise TypeError("finished_at")
    datetime.fromisoformat(finished_at)
    seats = _parse_seats(value.get("seats"))
    n = len(seats)
    winner = value.get("winner")
    if winner is not None and not isinstance(winner, str):
        raise TypeError("winner")
    totals = _parse_int_list(value.get("totals"))
    rounds_raw = value.get("round_points")
    if not isinstance(rounds_raw, list):
        raise TypeError("round_points")
    round_points = tuple(_parse_int_list(points) for points in rounds_raw)
    winners_raw = value.get("round_winners", [None] * len(round_points))
    if not isinstance(winners_raw, list):
        raise TypeError("round_winners")
    round_winners = tuple(None if w is None else _parse_int(w) for w in winners_raw)
    if len(totals) != n or any(len(p) != n for p in round_points):
        raise ValueError("seat count mismatch")
    if len(round_winners) != len(round_points):
        raise ValueError("round count mismatch")
    if any(w is not None and not 0 <= w < n for w in round_winners):
        raise ValueError("round winner out of range")
    return MatchRecord(
        finished_at=finished_at,
        preset=_parse_text(value.get("preset")),
        seats=seats,
        winner=winner,
        totals=totals,
        round_points=round_points,
        round_winners=round_winners,
    )


def parse_stats(data: Mapping[str, Any]) -> tuple[Stats, bool]:
    """Stats from their JSON form and whether anything had to be left out (a damaged
    entry costs that entry, not the whole file)."""
    lost = False
    players: dict[str, PlayerStats] = {}
    raw_players = data.get("players", {})
    if isinstance(raw_players, Mapping):
        for name, entry in raw_players.items():
            try:
                players[_parse_text(name, MAX_NAME_CHARS)] = _parse_player_stats(entry)
            except (TypeError, ValueError):
                lost = True
    else:
        lost = True
    history: list[MatchRecord] = []
    raw_history = data.get("history", [])
    if isinstance(raw_history, list):
        for entry in raw_history:
            try:
                history.append(_parse_match_record(entry))
            except (TypeError, ValueError):
                lost = True
    else:
        lost = True
    return Stats(players, tuple(history[-HISTORY_LIMIT:])), lost


def add_match(stats: Stats, result: MatchResult, finished_at: datetime) -> Stats:
    """`stats` with one more finished match counted (pure: nothing is written)."""
    players = dict(stats.players)
    n_rounds = len(result.round_points)
    totals = result.totals
    for seat_index, seat in enumerate(result.seats):
        old = players.get(seat.name, PlayerStats())
        mine = [points[seat_index] for points in result.round_points]
        players[seat.name] = PlayerStats(
            matches=old.matches + 1,
            match_wins=old.match_wins + (result.winner == seat_index),
            rounds=old.rounds + n_rounds,
            round_wins=old.round_wins + sum(1 for w in result.round_winners if w == seat_index),
            points=old.points + totals[seat_index],
            best_round=max([old.best_round, *mine]),
        )
    record = MatchRecord(
        finished_at=finished_at.isoformat(timespec="seconds"),
        preset=result.preset,
        seats=result.seats,
        winner=None if result.winner is None else result.seats[result.winner].name,
        totals=totals,
        round_points=result.round_points,
        round_winners=result.round_winners,
    )
    return Stats(players, (*stats.history, record)[-HISTORY_LIMIT:])


# --------------------------------------------------------------------------- the service


class Storage:
    """The one object the game uses for everything it keeps between runs.

    Folders default to `uno_desktop.paths` (read here, at construction, not at import);
    tests and tools may pass their own. `clock` gives the local time for file names and
    the match history. No method raises for file trouble: problems become notices.
    """

    def __init__(
        self,
        config_dir: Path | None = None,
        data_dir: Path | None = None,
        state_dir: Path | None = None,
        clock: Callable[[], datetime] = _local_now,
    ) -> None:
        from . import paths

        self.config_dir = Path(config_dir) if config_dir is not None else paths.config_dir()
        self.data_dir = Path(data_dir) if data_dir is not None else paths.data_dir()
        self.state_dir = Path(state_dir) if state_dir is not None else paths.state_dir()
        self._clock = clock
        self._notices: list[str] = []
        self._seen: set[str] = set()

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

    def _path(self, kind: _Kind) -> Path:
        return (self.config_dir if kind is _SETTINGS else self.data_dir) / kind.file_name

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
        """Every player's totals and the match history (empty when there is none)."""
        data = self._load(_STATS)
        if data is None:
            return Stats()
        stats, lost = parse_stats(data)
        if lost:
            log.warning("%s: some entries were unusable and left out", self.stats_path)
            self.notice(_("Some of your statistics were damaged and were left out."))
        return stats

    def record_match(self, result: MatchResult) -> Stats:
        """Count a finished match for every seat and add it to the history, in one atomic
        write. Returns the new statistics (also when writing failed: then a notice)."""
        when = result.finished_at or self._clock()
        stats = add_match(self.load_stats(), result, when)
        self._save(_STATS, stats.to_dict())
        return stats

    # ---- the unfinished match

    def save_match(self, doc: Mapping[str, Any]) -> bool:
        """Keep the match controller's document (must be JSON: dicts, lists, str, int,
        float, bool, None). Cheap enough to call after every action."""
        if not isinstance(doc, Mapping):
            raise TypeError("a saved match is a dict")
        return self._save(_MATCH, doc)

    def load_match(self) -> dict[str, Any] | None:
        """The saved match document, or None when there is none (or it was damaged)."""
        return self._load(_MATCH)

    def has_saved_match(self) -> bool:
        """Whether a usable saved match exists (a damaged one is moved aside here)."""
        return self.load_match() is not None

    def clear_match(self) -> None:
        """Forget the saved match (the match ended or the player abandoned it)."""
        try:
            os.unlink(self.match_path)
        except (FileNotFoundError, NotADirectoryError):
            return
        except OSError as exc:
            log.warning("cannot remove %s: %s", self.match_path, exc)
            if os.path.isdir(self.match_path):
                self._move_aside(_MATCH, self.match_path)
            else:
                self.notice(
                    _("The saved match could not be removed ({reason}).").format(
                        reason=_reason(exc)
                    )
                )
            return
        _fsync_dir(self.data_dir)

    # ---- crash reports

    def write_crash_report(self, exc: BaseException, context: Mapping[str, Any]) -> Path | None:
        """Write what a bug report needs to state_dir/crash-YYYYmmdd-HHMMSS.txt: the
        traceback, versions, platform and `context` (preset, seed, action log).
        Returns the file, or None if it could not be written. Never raises."""
        try:
            from . import __version__

            try:
                context_text = json.dumps(context, indent=2, default=repr, ensure_ascii=False)
            except Exception:
                context_text = repr(context)
            text = "\n".join(
                [
                    "UNO Desktop crash report",
                    f"time: {self._clock().isoformat(timespec='seconds')}",
                    f"version: {__version__}",
                    f"python: {sys.version.split()[0]} ({platform.python_implementation()})",
                    f"platform: {platform.platform()}",
                    "",
                    "traceback:",
                    "".join(traceback.format_exception(exc)).rstrip(),
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
            return read_document(path, kind.schema, kind.version)
        except _Missing:
            return None
        except _Damaged as damage:
            log.warning("%s: %s", path, damage)
            self._move_aside(kind, path)
            return None

    def _move_aside(self, kind: _Kind, path: Path) -> None:
        stem = path.name.removesuffix(".json")
        stamp = self._clock().strftime("%Y%m%d-%H%M%S")
        try:
            target = _free_name(path.parent, f"{stem}{_BROKEN_MARK}{stamp}", ".json")
            os.rename(path, target)
        except OSError as exc:
            log.warning("cannot move %s aside: %s", path, exc)
            self.notice(_(kind.damaged_kept).format(path=str(path)))
            return
        self.notice(_(kind.damaged_moved).format(name=target.name))

    def _save(self, kind: _Kind, data: Mapping[str, Any]) -> bool:
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
    "parse_stats",
]
