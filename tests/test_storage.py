"""Storage: settings, statistics and the saved match survive restarts, crashes, full
disks and damaged files; every problem becomes one notice and play goes on."""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_desktop import __version__
from uno_desktop.engine.rules import CustomEffect, CustomRule
from uno_desktop.store import documents, storage
from uno_desktop.store import settings as user_settings
from uno_desktop.store.storage import (
    HISTORY_LIMIT,
    MatchResult,
    PlayerStats,
    SeatKind,
    SeatSetting,
    Settings,
    Stats,
    Storage,
    add_match,
)

FIXED_NOW = datetime(2026, 11, 29, 12, 25, 1, tzinfo=timezone(timedelta(hours=1)))
STAMP = "20261129-122501"
CHILD = Path(__file__).with_name("storage_writer_child.py")


def fixed_clock() -> datetime:
    return FIXED_NOW


@pytest.fixture
def store() -> Storage:
    return Storage(clock=fixed_clock)


def envelope(schema: str, version: Any, data: Any) -> bytes:
    return json.dumps({"schema": schema, "version": version, "data": data}).encode()


# ----------------------------------------------------------------------------- kinds


class Kind:
    """One stored file kind: where it lives, how to load it, what 'defaults' means."""

    def __init__(
        self,
        name: str,
        schema: str,
        path: Callable[[Storage], Path],
        load: Callable[[Storage], Any],
        default: Callable[[], Any],
        good_data: dict[str, Any],
    ) -> None:
        self.name, self.schema, self.path, self.load = name, schema, path, load
        self.default, self.good_data = default, good_data

    def __repr__(self) -> str:
        return self.name


KINDS = [
    Kind("settings", "settings", lambda s: s.settings_path, Storage.load_settings, Settings, {}),
    Kind("stats", "stats", lambda s: s.stats_path, Storage.load_stats, Stats, {}),
    Kind("match", "saved_match", lambda s: s.match_path, Storage.load_match, lambda: None, {}),
]


def _truncated(kind: Kind) -> bytes:
    whole = envelope(kind.schema, 1, {"last_preset": "family", "pad": "y" * 50})
    return whole[: len(whole) // 2]


DAMAGE: dict[str, Callable[[Kind], bytes]] = {
    "garbage_bytes": lambda k: b"\x00\xff\x13\x9cgarbage\x80\x81",
    "truncated_json": _truncated,
    "empty_file": lambda k: b"",
    "json_list_instead_of_object": lambda k: b"[1, 2, 3]",
    "json_string_instead_of_object": lambda k: b'"hello"',
    "wrong_schema": lambda k: envelope("someone_elses_file", 1, {}),
    "future_version": lambda k: envelope(k.schema, 99, {}),
    "version_as_text": lambda k: envelope(k.schema, "1", {}),
    "missing_version": lambda k: json.dumps({"schema": k.schema, "data": {}}).encode(),
    "data_is_a_list": lambda k: envelope(k.schema, 1, [1, 2]),
    "unreadable_utf8": lambda k: (
        b'{"schema": "' + k.schema.encode() + b'", "version": 1, "data": {"x": "\xff\xfe"}}'
    ),
    "deeply_nested_json": lambda k: b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("kind", KINDS, ids=repr)
@pytest.mark.parametrize("damage", list(DAMAGE), ids=str)
def test_damaged_file_is_moved_aside_and_defaults_are_used(
    store: Storage, kind: Kind, damage: str
) -> None:
    path = kind.path(store)
    path.parent.mkdir(parents=True, exist_ok=True)
    content = DAMAGE[damage](kind)
    path.write_bytes(content)

    loaded = kind.load(store)

    assert loaded == kind.default()
    assert not path.exists()
    moved = path.with_name(f"{path.stem}.broken-{STAMP}.json")
    assert moved.read_bytes() == content
    notices = store.take_notices()
    assert len(notices) == 1
    assert moved.name in notices[0]


@pytest.mark.parametrize("kind", KINDS, ids=repr)
def test_directory_where_the_file_should_be_is_moved_aside(store: Storage, kind: Kind) -> None:
    path = kind.path(store)
    path.mkdir(parents=True)
    (path / "inside.txt").write_text("keep me")

    assert kind.load(store) == kind.default()

    moved = path.with_name(f"{path.stem}.broken-{STAMP}.json")
    assert (moved / "inside.txt").read_text() == "keep me"
    assert len(store.take_notices()) == 1


def test_settings_file_without_read_permission_is_moved_aside(store: Storage) -> None:
    path = store.settings_path
    path.parent.mkdir(parents=True)
    path.write_bytes(Settings(volume=0.3).to_dict().__repr__().encode())
    path.chmod(0)
    if os.access(path, os.R_OK):
        pytest.skip("running as root: chmod does not stop reading")

    assert store.load_settings() == Settings()
    assert path.with_name(f"settings.broken-{STAMP}.json").exists()
    assert len(store.take_notices()) == 1


def test_settings_file_that_cannot_be_opened_is_moved_aside(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same as above, for machines where the tests run as root (open is made to refuse)."""
    path = store.settings_path
    store.save_settings(Settings(volume=0.3))

    def refuse(file: Any, *args: Any, **kwargs: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied", str(file))

    monkeypatch.setattr(documents, "open", refuse, raising=False)
    assert store.load_settings() == Settings()
    assert path.with_name(f"settings.broken-{STAMP}.json").exists()
    assert len(store.take_notices()) == 1


def test_second_damaged_file_in_the_same_second_gets_a_numbered_name(store: Storage) -> None:
    path = store.settings_path
    path.parent.mkdir(parents=True)
    path.write_bytes(b"first")
    store.load_settings()
    path.write_bytes(b"second")
    store.load_settings()

    assert path.with_name(f"settings.broken-{STAMP}.json").read_bytes() == b"first"
    assert path.with_name(f"settings.broken-{STAMP}-1.json").read_bytes() == b"second"


def test_damaged_file_that_cannot_be_moved_stays_and_is_reported_once(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = store.settings_path
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{broken")

    def refuse(src: Any, dst: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    assert store.load_settings() == Settings()
    assert store.load_settings() == Settings()

    assert path.read_bytes() == b"{broken"
    assert len(store.take_notices()) == 1


def test_damaged_settings_notice_reads_like_a_sentence(store: Storage) -> None:
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_bytes(b"\x00")
    store.load_settings()
    assert store.take_notices() == [
        f"Your settings file was damaged; it was saved as settings.broken-{STAMP}.json "
        "and the defaults are used."
    ]


def test_missing_files_give_defaults_without_notices(store: Storage) -> None:
    assert store.load_settings() == Settings()
    assert store.load_stats() == Stats()
    assert store.load_match() is None
    assert not store.has_saved_match()
    assert store.take_notices() == []


# ----------------------------------------------------------------------------- single fields

BAD_FIELDS: list[tuple[str, Any]] = [
    ("volume", "loud"),
    ("volume", True),
    ("volume", None),
    ("animation_speed", [1]),
    ("think_time_s", "fast"),
    ("fullscreen", "yes"),
    ("fullscreen", 1),
    ("window_size", [1280]),
    ("window_size", ["wide", 720]),
    ("window_size", 1280),
    ("colorblind", None),
    ("language", "klingon"),
    ("language", 5),
    ("ui_scale", {}),
    ("last_preset", 42),
    ("last_preset", ""),
    ("last_seats", [{"name": "Anna", "kind": "wizard"}, {"name": "Bo", "kind": "easy"}]),
    ("last_seats", [{"name": "Anna", "kind": "human"}]),
    ("last_seats", "Anna, Bo"),
    ("last_target_score", "500"),
    ("last_target_score", 0),
    ("custom_rule", {"text": 1, "effect": "text", "amount": 1}),
    ("custom_rule", {"text": "Dance", "effect": "explode", "amount": 1}),
    ("custom_rule", {"text": "Dance", "effect": "others_draw", "amount": "two"}),
    ("custom_rule", "Dance"),
]


@pytest.mark.parametrize(("key", "value"), BAD_FIELDS, ids=lambda v: repr(v)[:30])
def test_one_bad_settings_field_takes_its_default_and_keeps_the_rest(
    store: Storage, key: str, value: Any
) -> None:
    data = {"colorblind": True, "last_preset": "family", "volume": 0.25, "fullscreen": True}
    data[key] = value
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_bytes(envelope("settings", 1, data))

    loaded = store.load_settings()

    assert getattr(loaded, key) == getattr(Settings(), key)
    kept = {k: v for k, v in data.items() if k != key}
    for k, v in kept.items():
        assert getattr(loaded, k) == v
    notices = store.take_notices()
    assert len(notices) == 1
    assert f'"{key}"' in notices[0]
    assert store.settings_path.exists()


def test_settings_numbers_out_of_range_are_brought_into_range(store: Storage) -> None:
    data = {"volume": 5, "ui_scale": 0.1, "think_time_s": -1, "window_size": [100, 16384]}
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_bytes(envelope("settings", 1, data))

    loaded = store.load_settings()

    assert (loaded.volume, loaded.ui_scale, loaded.think_time_s) == (1.0, 0.75, 0.0)
    assert loaded.window_size == (800, 4320)
    assert store.take_notices() == []


def test_settings_from_an_older_file_fill_missing_fields_silently(store: Storage) -> None:
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_bytes(envelope("settings", 1, {"volume": 0.5, "future_key": 1}))
    assert store.load_settings() == Settings(volume=0.5)
    assert store.take_notices() == []


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(
        st.sampled_from([*user_settings._FIELD_PARSERS, "other"]),
        st.recursive(
            st.none()
            | st.booleans()
            | st.integers()
            | st.floats()
            | st.text(max_size=5)
            | st.sampled_from(["human", "sv", "text", "others_draw"]),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(
                    st.sampled_from(["name", "kind", "text", "effect", "amount"]), inner
                )
            ),
            max_leaves=12,
        ),
    )
)
def test_no_settings_content_crashes_loading(data: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Storage(Path(tmp), Path(tmp), Path(tmp))
        store.settings_path.write_text(
            json.dumps({"schema": "settings", "version": 1, "data": data})
        )
        loaded = store.load_settings()
        assert isinstance(loaded, Settings)
        assert store.save_settings(loaded)
        assert Storage(Path(tmp), Path(tmp), Path(tmp)).load_settings() == loaded


# ----------------------------------------------------------------------------- round trips


def test_settings_round_trip(store: Storage) -> None:
    chosen = Settings(
        volume=0.3,
        animation_speed=2.5,
        think_time_s=1.5,
        fullscreen=True,
        window_size=(1920, 1080),
        colorblind=True,
        language="sv",
        ui_scale=1.25,
        last_preset="swedish",
        last_seats=(SeatSetting("Anna", SeatKind.HUMAN), SeatSetting("Bot", "hard")),
        last_target_score=300,
        custom_rule=CustomRule("Everyone sings", CustomEffect.NEXT_DRAWS_SKIPPED, 2),
    )
    assert store.save_settings(chosen)
    assert Storage().load_settings() == chosen
    assert store.take_notices() == []


#: what reading the settings of an everyday file loads nothing of: the rule options, the
#: presets (a preset is checked by name) and the engine's rules (the title's first frame
#: reads the settings)
RULES_MODULES = (
    "uno_desktop.engine.rules",
    "uno_desktop.rules.options",
    "uno_desktop.rules.presets",
)


def test_reading_everyday_settings_loads_no_rules_until_a_value_needs_them(
    store: Storage,
) -> None:
    everyday = Settings(
        volume=0.3,
        window_size=(1024, 600),
        language="sv",
        last_preset="family",
        last_seats=(SeatSetting("Anna", SeatKind.HUMAN), SeatSetting("", "hard")),
    )
    assert store.save_settings(everyday)
    code = (
        "import sys\n"
        "from uno_desktop.store.storage import Storage\n"
        "storage = Storage()\n"
        "print(repr(storage.load_settings()))\n"
        f"print(sorted(m for m in sys.modules if m.startswith({RULES_MODULES!r})))\n"
        "print(storage.take_notices())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == [repr(everyday), "[]", "[]"]

    with_rules = dataclasses.replace(
        everyday,
        last_target_score=300,
        custom_rule=CustomRule("Everyone sings", CustomEffect.NEXT_DRAWS_SKIPPED, 2),
    )
    assert store.save_settings(with_rules)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0] == repr(with_rules) and out[2] == "[]"
    assert "uno_desktop.rules.options" in out[1]


def test_files_are_schema_version_data_documents_under_the_user_folders(store: Storage) -> None:
    store.save_settings(Settings())
    store.save_match({"seed": 1})
    doc = json.loads(store.settings_path.read_text())
    assert (doc["schema"], doc["version"], doc["data"]["volume"]) == ("settings", 1, 0.8)
    assert store.settings_path.is_relative_to(os.environ["XDG_CONFIG_HOME"])
    assert store.match_path.is_relative_to(os.environ["XDG_DATA_HOME"])


def test_saved_match_round_trip_and_clear(store: Storage) -> None:
    doc = {"preset": "official", "seed": 7, "seats": [["You", "human"]], "rounds": [[{"a": 1}]]}
    assert store.save_match(doc)
    assert store.has_saved_match()
    assert Storage().load_match() == doc

    store.clear_match()

    assert not store.has_saved_match()
    assert store.load_match() is None
    store.clear_match()  # clearing twice is harmless
    assert store.take_notices() == []


def test_saving_a_match_that_is_not_json_is_a_notice_not_a_crash(store: Storage) -> None:
    assert store.save_match({"seed": 1})
    assert not store.save_match({"seed": object()})
    assert store.load_match() == {"seed": 1}
    assert len(store.take_notices()) == 1


# ----------------------------------------------------------------------------- failed writes

WRITE_ERRORS = [errno.ENOSPC, errno.EACCES, errno.EROFS]


@pytest.mark.parametrize("code", WRITE_ERRORS, ids=errno.errorcode.get)
@pytest.mark.parametrize("call", ["replace", "write"])
def test_failed_settings_write_keeps_the_old_file_and_is_a_notice(
    store: Storage, monkeypatch: pytest.MonkeyPatch, code: int, call: str
) -> None:
    store.save_settings(Settings(volume=0.3))
    before = store.settings_path.read_bytes()

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise OSError(code, os.strerror(code))

    with monkeypatch.context() as patched:
        patched.setattr(os, call, fail)
        assert not store.save_settings(Settings(volume=0.9))

    assert store.settings_path.read_bytes() == before
    assert [p.name for p in store.settings_path.parent.iterdir()] == ["settings.json"]
    notices = store.take_notices()
    assert len(notices) == 1
    assert os.strerror(code) in notices[0]
    assert Storage().load_settings().volume == 0.3


def test_repeated_failed_autosaves_give_one_notice(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    for n in range(5):
        store.save_match({"n": n})
    assert len(store.take_notices()) == 1


def test_failed_stats_write_still_returns_the_counted_stats(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    stats = store.record_match(two_player_match(winner=0))
    assert stats.player("Anna").matches == 1
    assert len(store.take_notices()) == 1


def test_read_only_settings_folder_keeps_the_old_file_and_is_a_notice(store: Storage) -> None:
    store.save_settings(Settings(volume=0.3))
    folder = store.settings_path.parent
    folder.chmod(0o555)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as root: a read-only folder is still writable")
        assert not store.save_settings(Settings(volume=0.9))
    finally:
        folder.chmod(0o755)
    assert Storage().load_settings().volume == 0.3
    assert len(store.take_notices()) == 1


def test_settings_folder_that_is_a_file_is_a_notice(store: Storage) -> None:
    store.config_dir.parent.mkdir(parents=True, exist_ok=True)
    store.config_dir.write_text("not a folder")
    assert store.load_settings() == Settings()
    assert not store.save_settings(Settings())
    assert len(store.take_notices()) == 1


def test_leftover_temporary_files_of_a_killed_write_are_removed(store: Storage) -> None:
    store.save_match({"n": 1})
    old = store.match_path.parent / ".saved_match.json.abc123.tmp"
    fresh = store.match_path.parent / ".saved_match.json.def456.tmp"
    old.write_text("{half")
    fresh.write_text("{half")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))

    store.save_match({"n": 2})

    assert not old.exists()
    assert fresh.exists()  # maybe another copy of the game is writing it right now


def _killed_while_saving_the_match() -> Path:
    """A real game process killed in the middle of writing the saved match: the
    temporary file it leaves (found by name, as the game would not know it)."""
    script = (
        "import os\n"
        "from uno_desktop.store.storage import Storage\n"
        "s = Storage()\n"
        "assert s.acquire_lock()\n"
        "os.fsync = lambda fd: os._exit(9)  # dies after writing, before the rename\n"
        "s.save_match({'half': 'written'})\n"
    )
    done = subprocess.run([sys.executable, "-c", script], env=os.environ.copy(), timeout=60)
    assert done.returncode == 9
    folder = Storage().data_dir
    (left,) = folder.glob(".saved_match.json.*.tmp")
    return left


def _leftover(folder: Path, name: str) -> Path:
    """A temporary file as the game's atomic writer names it for `name`."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    return Path(tmp)


def _an_hour_old(path: Path) -> Path:
    an_hour_ago = time.time() - 3600
    os.utime(path, (an_hour_ago, an_hour_ago), follow_symlinks=False)
    return path


def test_temporary_files_of_writes_cut_short_are_removed_at_the_next_start(
    tmp_path: Path,
) -> None:
    store = Storage()
    killed = _an_hour_old(_killed_while_saving_the_match())
    old = [
        killed,
        _an_hour_old(_leftover(store.config_dir, "settings.json")),
        _an_hour_old(_leftover(store.data_dir, "stats.json")),
        _an_hour_old(_leftover(store.data_dir, "saved_match.broken-20261129-122501.txt")),
        _an_hour_old(
            _leftover(store.replays_dir, "round-000003-20261129-122501-0123456789ab.json")
        ),
        _an_hour_old(_leftover(store.state_dir, "crash-20261129-122501-1.txt")),
    ]
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("not ours")
    link = store.data_dir / ".stats.json.abcd1234.tmp"
    link.symlink_to(outside)
    kept = [
        _leftover(store.data_dir, "saved_match.json"),  # a write going on right now
        _an_hour_old(_leftover(store.data_dir, "notes.txt")),  # not a file of ours
        store.data_dir / ".saved_match.json.abcd1234.tmp.bak",  # a player's copy
        _an_hour_old(link),
    ]
    kept[2].write_text("a player's copy")
    _an_hour_old(kept[2])

    assert Storage().acquire_lock() is True

    assert [p for p in old if os.path.lexists(p)] == []
    assert all(os.path.lexists(p) for p in kept)
    assert outside.read_text() == "not ours"


# ----------------------------------------------------------------------------- kill test


def _acked_counters(text: str) -> list[int]:
    """Counters of the complete lines the child printed (a cut last line is ignored)."""
    return [int(line) for line in text.split("\n")[:-1] if line.strip()]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killing_a_writer_mid_stream_always_leaves_a_whole_document() -> None:
    rng = random.Random(20261129)
    for _attempt in range(6):
        child = subprocess.Popen(
            [sys.executable, str(CHILD)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=os.environ.copy(),
            cwd=Path(__file__).resolve().parent.parent,
        )
        watchdog = threading.Timer(60.0, child.kill)
        watchdog.start()
        try:
            assert child.stdout is not None
            wanted, seen = rng.randint(3, 40), ""
            while len(_acked_counters(seen)) < wanted:
                chunk = child.stdout.read1(4096).decode()
                if not chunk:
                    break
                seen += chunk
            time.sleep(rng.random() * 0.005)
            os.kill(child.pid, signal.SIGKILL)
            out, err = child.communicate()
        finally:
            watchdog.cancel()
            with contextlib.suppress(ProcessLookupError):
                child.kill()
        acked = _acked_counters(seen + out.decode())
        assert len(acked) >= wanted, err.decode()
        last = acked[-1]

        reader = Storage()
        doc = reader.load_match()
        assert doc is not None
        assert doc["counter"] in (last, last + 1)
        assert len(doc["padding"]) == doc["counter"] % 7 * 997
        assert len(doc["actions"]) == 300
        preset = reader.load_settings().last_preset
        assert preset in (f"preset-{last}", f"preset-{last + 1}")
        assert reader.take_notices() == []


# ----------------------------------------------------------------------------- statistics


def two_player_match(winner: int | None, points: tuple[tuple[int, int], ...] = ()) -> MatchResult:
    rounds = points or ((30, 0), (0, 12), (480, 0))
    return MatchResult(
        preset="official",
        seats=(SeatSetting("Anna", "human"), SeatSetting("Bot", "hard")),
        round_points=rounds,
        round_winners=tuple(0 if a > 0 else 1 if b > 0 else None for a, b in rounds),
        winner=winner,
    )


def test_stats_accumulate_over_two_matches(store: Storage) -> None:
    store.record_match(two_player_match(winner=0))
    store.record_match(two_player_match(winner=1, points=((0, 250), (0, 0), (40, 260))))

    stats = Storage().load_stats()

    assert stats.player("Anna") == PlayerStats(
        matches=2, match_wins=1, rounds=6, round_wins=3, points=550, best_round=480
    )
    assert stats.player("Bot") == PlayerStats(
        matches=2, match_wins=1, rounds=6, round_wins=2, points=522, best_round=260, computer=True
    )
    assert [r.winner for r in stats.history] == ["Anna", "Bot"]
    assert store.take_notices() == []


def test_stats_mark_a_name_that_last_sat_at_a_computer_seat(store: Storage) -> None:
    store.record_match(two_player_match(winner=0))
    assert Storage().load_stats().player("Bot").computer
    assert not Storage().load_stats().player("Anna").computer
    swapped = MatchResult(
        preset="official",
        seats=(SeatSetting("Anna", "easy"), SeatSetting("Bot", "human")),
        round_points=((0, 30),),
        round_winners=(1,),
        winner=1,
    )
    store.record_match(swapped)
    stats = Storage().load_stats()
    assert (stats.player("Anna").computer, stats.player("Bot").computer) == (True, False)


def test_older_stats_without_the_mark_take_it_from_the_history_or_the_name() -> None:
    seats = [{"name": "Anna", "kind": "human"}, {"name": "Robot", "kind": "hard"}]
    record = {
        "finished_at": "2026-11-29T12:25:01+01:00",
        "preset": "official",
        "seats": seats,
        "winner": "Anna",
        "totals": [30, 0],
        "round_points": [[30, 0]],
        "round_winners": [0],
    }
    players = {name: {"matches": 1} for name in ("Anna", "Robot", "Computer 3", "Dator 2", "Bo")}
    stats, lost = storage.parse_stats({"players": players, "history": [record]})
    assert not lost
    computers = {name for name, p in stats.players.items() if p.computer}
    assert computers == {"Robot", "Computer 3", "Computer 2"}  # "Dator 2" kept in English


def test_history_records_the_whole_match(store: Storage) -> None:
    store.record_match(two_player_match(winner=0))
    (record,) = Storage().load_stats().history
    assert record.finished_at == "2026-11-29T12:25:01+01:00"
    assert record.preset == "official"
    assert [(s.name, s.kind) for s in record.seats] == [("Anna", "human"), ("Bot", "hard")]
    assert record.totals == (510, 12)
    assert record.round_points == ((30, 0), (0, 12), (480, 0))
    assert record.round_winners == (0, 1, 0)


def test_history_keeps_the_last_hundred_matches() -> None:
    stats = Stats()
    for n in range(HISTORY_LIMIT + 5):
        stats = add_match(stats, two_player_match(winner=0), FIXED_NOW + timedelta(minutes=n))
    assert len(stats.history) == HISTORY_LIMIT
    assert stats.history[0].finished_at == (FIXED_NOW + timedelta(minutes=5)).isoformat()
    assert stats.player("Anna").matches == HISTORY_LIMIT + 5


def test_damaged_stats_entries_are_left_out_and_the_rest_kept(store: Storage) -> None:
    good = two_player_match(winner=0)
    store.record_match(good)
    doc = json.loads(store.stats_path.read_text())
    doc["data"]["players"]["Ghost"] = {"matches": "many"}
    doc["data"]["history"].append({"finished_at": "yesterday"})
    store.stats_path.write_text(json.dumps(doc))

    stats = store.load_stats()

    assert set(stats.players) == {"Anna", "Bot"}
    assert len(stats.history) == 1
    assert len(store.take_notices()) == 1


def test_match_result_with_a_missing_score_is_refused() -> None:
    with pytest.raises(ValueError):
        MatchResult(
            preset="official",
            seats=(SeatSetting("Anna", "human"), SeatSetting("Bot", "hard")),
            round_points=((10,),),
            round_winners=(0,),
            winner=0,
        )


# ----------------------------------------------------------------------------- crash reports


def _explode() -> None:
    raise ZeroDivisionError("the deck ran out of numbers")


def test_crash_report_holds_traceback_version_and_context(store: Storage) -> None:
    try:
        _explode()
    except ZeroDivisionError as exc:
        path = store.write_crash_report(
            exc, {"preset": "swedish", "seed": 4242, "actions": [{"type": "draw", "seat": 1}]}
        )

    assert path is not None
    assert path == Path(os.environ["XDG_STATE_HOME"]) / "uno-desktop" / f"crash-{STAMP}.txt"
    text = path.read_text()
    assert "Traceback" in text
    assert "_explode" in text
    assert "ZeroDivisionError: the deck ran out of numbers" in text
    assert f"version: {__version__}" in text
    assert '"seed": 4242' in text
    assert '"preset": "swedish"' in text
    assert '"type": "draw"' in text


def test_two_crashes_in_one_second_keep_both_reports(store: Storage) -> None:
    first = store.write_crash_report(RuntimeError("one"), {})
    second = store.write_crash_report(RuntimeError("two"), {})
    assert first is not None and second is not None
    assert first != second
    assert "two" in second.read_text()


def test_crash_report_that_cannot_be_written_returns_none(store: Storage) -> None:
    store.state_dir.parent.mkdir(parents=True, exist_ok=True)
    store.state_dir.write_text("a file where the folder should be")
    assert store.write_crash_report(RuntimeError("boom"), {"seed": 1}) is None


def test_crash_report_context_that_is_not_json_is_still_written(store: Storage) -> None:
    path = store.write_crash_report(RuntimeError("boom"), {"game": object(), "seed": 3})
    assert path is not None
    assert "object object at" in path.read_text()


def test_reading_creates_no_folders() -> None:
    store = Storage()
    store.load_settings()
    store.load_stats()
    store.has_saved_match()
    assert not store.config_dir.exists()
    assert not store.data_dir.exists()


# ----------------------------------------------------------------------------- seat names


def test_the_games_own_seat_names_are_saved_as_no_text(store: Storage) -> None:
    assert store.save_settings(Settings())
    saved = json.loads(store.settings_path.read_text())["data"]["last_seats"]
    assert saved == [
        {"name": "", "kind": "human"},
        *[{"name": "", "kind": "normal"}] * 3,
    ]


def test_old_settings_holding_english_or_swedish_given_names_read_them_as_the_games_own() -> None:
    names = ["You", "Computer 1", "Dator 2", "Spelare 4", "Du", "Mormor", "Computer Bob"]
    kinds = ["human", "easy", "normal", "human", "human", "hard", "normal"]
    data = {"last_seats": [{"name": n, "kind": k} for n, k in zip(names, kinds, strict=True)]}
    bad: list[str] = []
    seats = Settings.from_dict(data, bad).last_seats
    assert bad == []
    assert [s.name for s in seats] == ["", "", "", "", "", "Mormor", "Computer Bob"]
    assert [s.kind.value for s in seats] == kinds


def test_a_remembered_seat_without_a_name_is_the_games_own_but_a_blank_name_is_refused() -> None:
    seats = Settings.from_dict({"last_seats": [{"kind": "human"}, {"name": "", "kind": "hard"}]})
    assert [(s.name, s.kind) for s in seats.last_seats] == [("", "human"), ("", "hard")]
    bad: list[str] = []
    Settings.from_dict({"last_seats": [{"name": "   ", "kind": "human"}] * 2}, bad)
    assert bad == ["last_seats"]


def test_the_games_own_names_are_counted_as_one_player_in_every_language(store: Storage) -> None:
    def match(you: str, computer: str, match_id: str) -> MatchResult:
        return MatchResult(
            preset="official",
            seats=(SeatSetting(you, "human"), SeatSetting(computer, "easy")),
            round_points=((10, 0),),
            round_winners=(0,),
            winner=0,
            match_id=match_id,
        )

    store.record_match(match("You", "Computer 1", "a"))
    store.record_match(match("Du", "Dator 1", "b"))
    stats = Storage().load_stats()
    assert set(stats.players) == {"You", "Computer 1"}
    assert stats.player("You").matches == stats.player("Computer 1").matches == 2
    assert stats.history[-1].winner == "You"


def test_older_stats_holding_a_swedish_given_name_beside_the_english_one_add_them_up() -> None:
    players = {
        "You": {"matches": 2, "points": 30, "best_round": 20},
        "Du": {"matches": 1, "points": 5, "best_round": 25},
    }
    stats, lost = storage.parse_stats({"players": players, "history": []})
    assert not lost
    assert stats.player("You") == PlayerStats(matches=3, points=35, best_round=25)
