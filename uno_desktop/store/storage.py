"""Settings, statistics, the unfinished match and crash reports: nothing lost, ever.

Why this module is paranoid: a family game is closed by pulling the plug, run on a full
disk, or handed a settings file someone edited by hand. Whatever happens, the game must
start, keep what it can, and tell the player once, in plain words, what it could not keep.

- Every file is one document written atomically (`uno_desktop.store.documents`), so a crash
  leaves either the old or the new document, never a mix.
- A file that cannot be used (bad bytes, bad JSON, wrong schema or version, a folder in
  its place, no permission) is renamed aside as `<name>.broken-YYYYmmdd-HHMMSS[-n].json`
  and defaults are used. A settings file with one bad field keeps every good field.
- A write that fails (full disk, read-only folder) leaves the old file intact and only
  records a notice; play goes on.
- Notices are translated texts collected by `Storage` and taken by the window with
  `take_notices()`; each distinct text is shown once per run.
- One window writes: `acquire_lock()` takes an OS lock on a file in the data folder
  (`uno_desktop.store.folder_lock`). A second window, or one that cannot open the lock file,
  gets `read_only` storage, writes nothing at all and says why. The window that writes
  first removes the temporary files of writes a killed game cut short.
- Finishing a match is counted once: its id goes into the statistics in the same write,
  and the saved match is removed only after that write succeeded (`finish_match`).
- Every value read back is checked against the ranges the writer obeys (the preset
  ranges for rules), and the writer never produces a file near the reader's size limit.

The values live in `uno_desktop.store.settings` and `uno_desktop.store.stats`; their names are
importable from here too. Paths come from `uno_desktop.store.paths` when a `Storage` is built,
never at import. Pure Python; no pygame.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..lang.i18n import N_, _
from ..lazy_logger import LazyLogger
from .documents import (
    MAX_FILE_BYTES,
    STALE_TEMP_S,
    DocumentDamaged,
    DocumentMissing,
    atomic_write_bytes,
    encode_document,
    free_name,
    fsync_dir,
    one_line,
    read_document,
    remove_stale_temps,
)
from .folder_lock import FolderLock, LockUnavailable
from .settings import (
    ANIMATION_SPEED_RANGE,
    LANGUAGE_CODES,
    MAX_NAME_CHARS,
    MAX_SEATS,
    MAX_WINDOW_SIZE,
    MIN_SEATS,
    MIN_WINDOW_SIZE,
    THINK_TIME_S_RANGE,
    UI_SCALE_RANGE,
    VOLUME_RANGE,
    SeatKind,
    SeatSetting,
    Settings,
    default_seats,
    fit_window_size,
)

if TYPE_CHECKING:
    from datetime import datetime

    from .stats import (
        CHART_ROUNDS_LIMIT,
        HISTORY_LIMIT,
        MAX_COUNT,
        NAMES_LIMIT,
        MatchRecord,
        MatchResult,
        PlayerStats,
        RoundResult,
        Stats,
        add_match,
        add_round,
        parse_stats,
    )

#: the statistics' names, importable from here too; read from `stats` when first asked
#: for, so the first frame does not wait for them
_FROM_STATS = frozenset(
    {
        "CHART_ROUNDS_LIMIT",
        "HISTORY_LIMIT",
        "MAX_COUNT",
        "NAMES_LIMIT",
        "MatchRecord",
        "MatchResult",
        "PlayerStats",
        "RoundResult",
        "Stats",
        "add_match",
        "add_round",
        "parse_stats",
    }
)


def __getattr__(name: str) -> Any:
    if name not in _FROM_STATS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import stats

    value = getattr(stats, name)
    globals()[name] = value
    return value


log = LazyLogger(__name__)

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
MATCH_FILE = "saved_match.json"
REPLAYS_DIR = "replays"

SETTINGS_SCHEMA, SETTINGS_VERSION = "settings", 1
STATS_SCHEMA, STATS_VERSION = "stats", 1
MATCH_SCHEMA, MATCH_VERSION = "saved_match", 2
MATCH_VERSIONS_READ = (1, 2)  # 1: the first layout (see play/match.py); still read
LOCK_FILE = "uno-desktop.lock"
MAX_CRASH_CONTEXT_CHARS = 256 * 1024

_BROKEN_MARK = ".broken-"

_OUR_FILE = re.compile(
    r"(?:settings|stats|saved_match|round-[0-9a-f-]+|crash-[0-9-]+)"
    r"(?:\.broken-[0-9-]+)?\.(?:json|txt)"
)
"""The names of every file the game writes whole (records, crash reports and the notes
beside files set aside included): a leftover temporary file of one of these is ours."""


def _is_our_file(name: str) -> bool:
    return _OUR_FILE.fullmatch(name) is not None


class _Kind(NamedTuple):
    """One kind of stored file and the texts the player sees about it (a named tuple:
    cheap to declare before the first frame)."""

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
    from datetime import datetime

    return datetime.now().astimezone()


# --------------------------------------------------------------------------- the service


class Storage:
    """The one object the game uses for everything it keeps between runs.

    Folders default to `uno_desktop.store.paths` (read here, at construction, not at import);
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
        #: another window may hold the lock (it owns the saved match; Continue is hidden)
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
        """The folder of recorded rounds (uno_desktop.play.replay keeps it)."""
        return self.data_dir / REPLAYS_DIR

    def _path(self, kind: _Kind) -> Path:
        return (self.config_dir if kind is _SETTINGS else self.data_dir) / kind.file_name

    # ---- the lock

    def acquire_lock(self) -> bool:
        """Take the user folder's lock for this window (the composition root calls this
        once). False when it cannot be taken, because another window holds it or because
        the lock file cannot be opened: this storage then writes nothing and says why,
        once. A lock left by a killed game is taken over (the OS dropped it)."""
        try:
            if self._lock.acquire():
                self._remove_stale_temps()
                return True
            text = _(
                "UNO Desktop is already open in another window. This window saves "
                "nothing (settings, statistics, matches): close it and play in the other one."
            )
        except LockUnavailable as exc:
            text = _(
                "UNO Desktop cannot open its lock file {path} ({reason}), so it cannot "
                "tell whether another window is open. This window saves nothing (settings, "
                "statistics, matches)."
            ).format(path=str(exc.path), reason=exc.reason)
        self.read_only = True
        self.other_window = True
        self.notice(text)
        return False

    def _remove_stale_temps(self) -> None:
        """Clean up what writes cut short by a killed game left (their temporary files) in
        every folder the game writes; nothing through a replays folder that is a link."""
        folders = [self.config_dir, self.data_dir, self.state_dir]
        if not os.path.islink(self.replays_dir):
            folders.append(self.replays_dir)
        for folder in folders:
            remove_stale_temps(folder, _is_our_file)

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
        from .stats import Stats, parse_stats

        data = self._load(_STATS)
        if data is None:
            return Stats()
        stats, lost = parse_stats(data)
        if lost:
            log.warning(
                "%s: %d entries were unusable and left out; the first: %s",
                self.stats_path,
                len(lost),
                lost[0],
            )
            reason = f"{len(lost)} entries could not be read; the first: {lost[0]}"
            moved = self._set_aside(self.stats_path, reason)
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

    def record_round(self, result: RoundResult) -> Stats:
        """Count a finished round for every seat (once: a round already counted, or of a
        match already finished, changes nothing). Returns the new statistics (also when
        writing failed: then a notice)."""
        from .stats import add_round

        before = self.load_stats()
        stats = add_round(before, result)
        if stats is not before:
            self._save(_STATS, stats.to_dict())
        return stats

    def finish_match(self, result: MatchResult) -> bool:
        """Record a finished match exactly once, then forget the saved match. The saved
        match goes only after the statistics were written (or already held this match),
        so a full disk or a crash in between loses nothing and counts nothing twice.
        True when both are done."""
        recorded, _stats = self._record(result)
        return recorded and self.clear_match()

    def _record(self, result: MatchResult) -> tuple[bool, Stats]:
        """The statistics with `result` counted, and whether the file holds them now."""
        from .stats import add_match

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
        fsync_dir(self.data_dir)
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
            import json

            from .. import __version__

            try:
                context_text = json.dumps(context, indent=2, default=repr, ensure_ascii=False)
            except Exception:
                context_text = repr(context)[: MAX_CRASH_CONTEXT_CHARS + 1]
            if len(context_text) > MAX_CRASH_CONTEXT_CHARS:
                context_text = context_text[:MAX_CRASH_CONTEXT_CHARS] + "\n[... cut]"
            import platform

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
            path = free_name(self.state_dir, f"crash-{stamp}", ".txt")
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
            target = free_name(path.parent, f"{stem}{_BROKEN_MARK}{stamp}", ".json")
            os.rename(path, target)
        except OSError as exc:
            log.warning("cannot move %s aside: %s", path, exc)
            return None
        with contextlib.suppress(OSError):
            note = target.with_name(target.name.removesuffix(".json") + ".txt")
            atomic_write_bytes(note, f"{one_line(reason)}\n".encode("utf-8", errors="replace"))
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
        remove_stale_temps(path.parent, lambda target: target == path.name)
        return True


__all__ = [
    "ANIMATION_SPEED_RANGE",
    "CHART_ROUNDS_LIMIT",
    "HISTORY_LIMIT",
    "LANGUAGE_CODES",
    "LOCK_FILE",
    "MATCH_FILE",
    "MAX_COUNT",
    "MAX_CRASH_CONTEXT_CHARS",
    "MAX_FILE_BYTES",
    "MAX_NAME_CHARS",
    "MAX_SEATS",
    "MAX_WINDOW_SIZE",
    "MIN_SEATS",
    "MIN_WINDOW_SIZE",
    "NAMES_LIMIT",
    "REPLAYS_DIR",
    "SETTINGS_FILE",
    "STALE_TEMP_S",
    "STATS_FILE",
    "THINK_TIME_S_RANGE",
    "UI_SCALE_RANGE",
    "VOLUME_RANGE",
    "DocumentDamaged",
    "DocumentMissing",
    "FolderLock",
    "LockUnavailable",
    "MatchRecord",
    "MatchResult",
    "PlayerStats",
    "RoundResult",
    "SeatKind",
    "SeatSetting",
    "Settings",
    "Stats",
    "Storage",
    "add_match",
    "add_round",
    "atomic_write_bytes",
    "default_seats",
    "encode_document",
    "fit_window_size",
    "parse_stats",
    "read_document",
    "remove_stale_temps",
]
