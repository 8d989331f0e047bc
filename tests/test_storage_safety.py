"""Storage under attack: one window writes, a killed game's lock is taken over, a finished
match is counted exactly once, statistics are never dropped, settings hold only names
and sane sizes, and a match that cannot be rebuilt is set aside, never deleted."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_desktop.store import storage
from uno_desktop.store.storage import (
    CHART_ROUNDS_LIMIT,
    HISTORY_LIMIT,
    MAX_NAME_CHARS,
    NAMES_LIMIT,
    MatchResult,
    SeatSetting,
    Settings,
    Stats,
    Storage,
    add_match,
    fit_window_size,
    parse_stats,
)

FIXED_NOW = datetime(2026, 11, 29, 12, 25, 1, tzinfo=timezone(timedelta(hours=1)))
STAMP = "20261129-122501"
CHILD = Path(__file__).with_name("lock_holder_child.py")


def fixed_clock() -> datetime:
    return FIXED_NOW


@pytest.fixture
def store() -> Storage:
    return Storage(clock=fixed_clock)


def result(
    match_id: str | None = "m-1", *, names: tuple[str, str] = ("Anna", "Bot")
) -> MatchResult:
    return MatchResult(
        preset="official",
        seats=(SeatSetting(names[0], "human"), SeatSetting(names[1], "hard")),
        round_points=((30, 0), (0, 12), (480, 0)),
        round_winners=(0, 1, 0),
        winner=0,
        match_id=match_id,
    )


# ----------------------------------------------------------------------------- one window


class Holder:
    """A real second game process holding the user folder's lock."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=os.environ.copy(),
            cwd=Path(__file__).resolve().parent.parent,
        )
        assert self.process.stdout is not None
        self.said = self.process.stdout.readline().decode().strip()

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        self.process.wait(timeout=30)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture
def holder() -> Any:
    h = Holder()
    yield h
    h.close()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_second_window_is_told_the_game_is_open_and_writes_nothing(holder: Holder) -> None:
    assert holder.said == "locked"
    first = Storage()
    first.save_match({"n": 1})  # what the first window had saved before
    first.save_settings(Settings(volume=0.3))
    before = {p: p.read_bytes() for p in (first.match_path, first.settings_path)}

    second = Storage()
    assert second.acquire_lock() is False
    assert second.read_only and second.other_window
    assert "already open in another window" in second.take_notices()[0]
    assert second.save_match({"n": 2}) is False
    assert second.save_settings(Settings(volume=0.9)) is False
    assert second.clear_match() is False
    assert second.finish_match(result()) is False
    assert not second.has_saved_match()  # Continue belongs to the first window
    assert {p: p.read_bytes() for p in before} == before
    assert not second.stats_path.exists()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_lock_of_a_killed_game_is_taken_over(holder: Holder) -> None:
    assert holder.said == "locked"
    assert Storage().acquire_lock() is False
    holder.kill()
    taken = Storage()
    assert taken.acquire_lock() is True
    assert not taken.read_only
    assert taken.save_settings(Settings(volume=0.5))


def test_the_lock_is_free_again_once_released() -> None:
    first = Storage()
    assert first.acquire_lock()
    assert Storage().acquire_lock() is False
    first.release_lock()
    assert Storage().acquire_lock() is True


def _refuse_to_open(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `path` a file this process cannot open (chmod stops nobody when tests run as
    root, so os.open is told to refuse, as for a lock left by a run with sudo)."""
    real = os.open

    def open_(file: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(file) == path:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
        return real(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_)


def _folder_in_the_locks_place(path: Path, _monkeypatch: pytest.MonkeyPatch) -> None:
    path.mkdir(parents=True)


UNOPENABLE = {"a folder": _folder_in_the_locks_place, "no permission": _refuse_to_open}


@pytest.mark.parametrize("cause", list(UNOPENABLE))
def test_a_lock_file_that_cannot_be_opened_makes_a_window_that_saves_nothing_and_says_why(
    cause: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = Storage()
    lock = window.data_dir / storage.LOCK_FILE
    UNOPENABLE[cause](lock, monkeypatch)

    assert window.acquire_lock() is False
    assert window.read_only and window.other_window
    (notice,) = window.take_notices()
    reason = "Is a directory" if cause == "a folder" else "Permission denied"
    assert f"cannot open its lock file {lock} ({reason})" in notice
    assert "saves nothing" in notice
    assert window.save_settings(Settings(volume=0.2)) is False
    assert window.save_match({"n": 1}) is False
    assert not window.settings_path.exists() and not window.match_path.exists()


@pytest.mark.parametrize("cause", list(UNOPENABLE))
def test_two_windows_facing_a_lock_that_cannot_be_opened_never_both_write_the_match(
    cause: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Storage()
    first.save_match({"window": "before"})  # a match saved by an earlier run
    UNOPENABLE[cause](first.data_dir / storage.LOCK_FILE, monkeypatch)
    first.acquire_lock()
    second = Storage()
    assert second.acquire_lock() is False
    writers = [w for w in (first, second) if w.save_match({"window": id(w)})]
    assert len(writers) <= 1
    expected = id(writers[0]) if writers else "before"
    assert Storage(read_only=True).load_match() == {"window": expected}


def test_the_second_window_facing_a_lock_it_cannot_open_leaves_the_first_ones_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = Storage()
    assert first.acquire_lock() is True
    first.save_match({"round": 1})
    _refuse_to_open(first.data_dir / storage.LOCK_FILE, monkeypatch)  # e.g. owned by root

    second = Storage()
    assert second.acquire_lock() is False
    assert second.save_match({"round": 99}) is False
    assert first.save_match({"round": 2})
    assert Storage(read_only=True).load_match() == {"round": 2}


def test_a_lock_file_that_is_a_link_is_not_followed(tmp_path: Path) -> None:
    precious = tmp_path / "notes.txt"
    precious.write_text("my notes\n")
    window = Storage()
    lock = window.data_dir / storage.LOCK_FILE
    lock.parent.mkdir(parents=True)
    lock.symlink_to(precious)
    assert window.acquire_lock() is False
    assert "a symbolic link, not a file" in window.take_notices()[0]
    assert precious.read_text() == "my notes\n"


# ----------------------------------------------------------------------------- exactly once


def test_a_finish_replayed_after_a_crash_is_not_counted_twice(store: Storage) -> None:
    store.save_match({"match_id": "m-1", "format": 2})
    store.record_match(result("m-1"))  # the process dies here, before the save is removed

    after_restart = Storage(clock=fixed_clock)
    assert after_restart.load_stats().player("Anna").matches == 1
    assert after_restart.finish_match(result("m-1"))  # the match end is shown again
    assert after_restart.load_stats().player("Anna").matches == 1
    assert not after_restart.match_path.exists()


def test_a_counted_match_left_behind_by_a_crash_is_no_longer_offered(store: Storage) -> None:
    store.save_match({"match_id": "m-7", "format": 2})
    store.record_match(result("m-7"))
    assert Storage().has_saved_match() is False
    assert not store.match_path.exists()
    assert Storage().load_stats().player("Anna").matches == 1


def test_a_match_that_is_not_counted_yet_is_still_offered(store: Storage) -> None:
    store.record_match(result("m-1"))
    store.save_match({"match_id": "m-2", "format": 2})
    assert Storage().has_saved_match() is True


def test_the_saved_match_stays_while_the_statistics_cannot_be_written(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.save_match({"match_id": "m-1", "format": 2})
    real = storage.atomic_write_bytes

    def full_disk(path: Path, payload: bytes) -> None:
        if path.name == storage.STATS_FILE:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(path, payload)

    monkeypatch.setattr(storage, "atomic_write_bytes", full_disk)
    assert store.finish_match(result("m-1")) is False
    assert store.match_path.exists()
    assert any("could not be saved" in n for n in store.take_notices())

    monkeypatch.setattr(storage, "atomic_write_bytes", real)
    assert store.finish_match(result("m-1")) is True
    assert not store.match_path.exists()
    assert Storage().load_stats().player("Anna").matches == 1


def test_results_without_an_id_are_each_counted(store: Storage) -> None:
    store.record_match(result(None))
    store.record_match(result(None))
    assert Storage().load_stats().player("Anna").matches == 2


# ----------------------------------------------------------------------------- statistics kept


@pytest.mark.parametrize(
    "make",
    [
        lambda: result(names=("A" * (MAX_NAME_CHARS + 1), "Bot")),
        lambda: result(names=("   ", "Bot")),
        lambda: MatchResult(
            preset="official",
            seats=(SeatSetting("Anna", "human"), SeatSetting("Bot", "hard")),
            round_points=((-30, 0),),
            round_winners=(0,),
            winner=0,
        ),
    ],
    ids=["name_too_long", "blank_name", "negative_points"],
)
def test_a_result_the_statistics_could_not_read_back_is_refused_at_once(make: Any) -> None:
    with pytest.raises(ValueError):
        make()


names = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=MAX_NAME_CHARS
).filter(lambda s: s.strip() != "")


KINDS = ["human", "easy", "normal", "hard"]


@st.composite
def results(draw: st.DrawFn) -> MatchResult:
    n = draw(st.integers(2, 10))
    seats = tuple(
        SeatSetting(name, kind)
        for name, kind in zip(
            draw(st.lists(names, min_size=n, max_size=n, unique=True)),
            draw(
                st.lists(
                    st.sampled_from(["human", "easy", "normal", "hard"]), min_size=n, max_size=n
                )
            ),
            strict=True,
        )
    )
    rounds = draw(st.integers(0, CHART_ROUNDS_LIMIT + 3))
    points = tuple(
        tuple(draw(st.integers(0, 2000)) for _ in range(n)) for _ in range(min(rounds, 5))
    )
    points = points * (rounds // 5) + points[: rounds % 5] if points else ()
    winners = tuple(draw(st.none() | st.integers(0, n - 1)) for _ in points)
    return MatchResult(
        preset=draw(st.sampled_from(["official", "family", "mormor's regler"])),
        seats=seats,
        round_points=points,
        round_winners=winners,
        winner=draw(st.none() | st.integers(0, n - 1)),
        match_id=draw(st.none() | st.text("0123456789abcdef", min_size=1, max_size=16)),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(results(), min_size=1, max_size=4))
def test_everything_recorded_reads_back_whole(recorded: list[MatchResult]) -> None:
    stats = Stats()
    for n, r in enumerate(recorded):
        stats = add_match(stats, r, FIXED_NOW + timedelta(minutes=n))
    payload = storage.encode_document("stats", 1, stats.to_dict(), False)
    back, lost = parse_stats(json.loads(payload)["data"])
    assert not lost
    assert back == stats


def test_a_damaged_statistics_file_is_kept_whole_and_the_good_entries_stay(
    store: Storage,
) -> None:
    store.record_match(result("m-1"))
    doc = json.loads(store.stats_path.read_text())
    doc["data"]["players"]["Ghost"] = {"matches": -3}
    damaged = json.dumps(doc).encode()
    store.stats_path.write_bytes(damaged)

    stats = store.load_stats()

    kept = store.stats_path.with_name(f"stats.broken-{STAMP}.json")
    assert kept.read_bytes() == damaged
    assert "entries could not be read" in kept.with_suffix(".txt").read_text()
    assert set(stats.players) == {"Anna", "Bot"}
    assert set(Storage().load_stats().players) == {"Anna", "Bot"}  # written back at once
    notices = store.take_notices()
    assert len(notices) == 1 and kept.name in notices[0]


def test_the_largest_statistics_the_game_can_write_are_far_below_the_readers_limit() -> None:
    seats = tuple(SeatSetting(f"{n:02d}" + "N" * (MAX_NAME_CHARS - 2), "hard") for n in range(10))
    points = ((storage.MAX_COUNT // 10**6,) * 10,) * CHART_ROUNDS_LIMIT
    longest = MatchResult(
        "p" * 1000, seats, points, (9,) * CHART_ROUNDS_LIMIT, 9, match_id="f" * 64
    )
    stats = Stats()
    for n in range(HISTORY_LIMIT):
        stats = add_match(stats, longest, FIXED_NOW + timedelta(minutes=n))
    many = {f"{n:040d}": stats.player(seats[0].name) for n in range(NAMES_LIMIT)}
    biggest = Stats(many, stats.history)
    size = len(storage.encode_document("stats", 1, biggest.to_dict(), False))
    assert size * 4 < storage.MAX_FILE_BYTES


def test_names_past_the_limit_drop_the_least_played_first() -> None:
    stats = add_match(Stats(), result(None, names=("keep", "me")), FIXED_NOW)
    stats = add_match(stats, result(None, names=("keep", "me")), FIXED_NOW)
    for n in range(NAMES_LIMIT // 2 + 1):
        stats = add_match(stats, result(None, names=(f"p{n}", f"q{n}")), FIXED_NOW)
    assert len(stats.players) == NAMES_LIMIT
    assert {"keep", "me", f"p{NAMES_LIMIT // 2}"} <= set(stats.players)


def test_a_match_longer_than_the_chart_keeps_its_totals_and_round_count() -> None:
    seats = (SeatSetting("Anna", "human"), SeatSetting("Bot", "hard"))
    rounds = CHART_ROUNDS_LIMIT + 1
    long = MatchResult("official", seats, ((1, 0),) * rounds, (0,) * rounds, 0)
    (record,) = add_match(Stats(), long, FIXED_NOW).history
    assert (record.rounds, record.totals, record.round_points) == (rounds, (rounds, 0), ())


# ----------------------------------------------------------------------------- settings


@pytest.mark.parametrize("name", ["/etc/passwd", "../../official", "C:\\presets\\x", "x.yaml"])
def test_a_remembered_preset_that_is_a_path_is_not_used(store: Storage, name: str) -> None:
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_bytes(
        json.dumps({"schema": "settings", "version": 1, "data": {"last_preset": name}}).encode()
    )
    assert store.load_settings().last_preset == "official"
    assert 'invalid value for "last_preset"' in store.take_notices()[0]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("last_target_score", 10**9),
        ("custom_rule", {"text": "Hi", "effect": "others_draw", "amount": 0}),
        ("custom_rule", {"text": "Hi", "effect": "others_draw", "amount": 20}),
        ("custom_rule", {"text": "x" * 301, "effect": "text", "amount": 1}),
        ("last_seats", [{"name": "A" * 5_000_000, "kind": "human"}, {"name": "B", "kind": "easy"}]),
    ],
    ids=["target", "amount_0", "amount_20", "long_text", "huge_name"],
)
def test_remembered_choices_obey_the_preset_ranges(store: Storage, key: str, value: Any) -> None:
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_bytes(
        json.dumps({"schema": "settings", "version": 1, "data": {key: value}}).encode()
    )
    assert getattr(store.load_settings(), key) == getattr(Settings(), key)
    assert f'invalid value for "{key}"' in store.take_notices()[0]


def test_a_huge_remembered_window_is_cut_to_sane_bounds_and_to_the_screen() -> None:
    assert Settings(window_size=(16384, 16384)).window_size == storage.MAX_WINDOW_SIZE
    assert fit_window_size((16384, 16384), (1366, 768)) == (1366, 768)
    assert fit_window_size((1280, 720), (1920, 1080)) == (1280, 720)
    assert fit_window_size((100, 100), (1920, 1080)) == storage.MIN_WINDOW_SIZE


# ----------------------------------------------------------------------------- the saved match


def test_a_match_set_aside_keeps_its_bytes_and_its_reason(store: Storage) -> None:
    store.save_match({"format": 2, "preset": "grandma"})
    content = store.match_path.read_bytes()

    moved = store.set_match_aside("its rules come from the preset 'grandma'\nsecond line")

    assert moved == store.match_path.with_name(f"saved_match.broken-{STAMP}.json")
    assert moved.read_bytes() == content
    assert moved.with_suffix(".txt").read_text() == "its rules come from the preset 'grandma'\n"
    assert not store.match_path.exists()


def test_the_first_save_of_a_run_sets_a_damaged_match_aside_instead_of_writing_over_it(
    store: Storage,
) -> None:
    store.match_path.parent.mkdir(parents=True)
    store.match_path.write_bytes(b"{half a match")
    assert store.save_match({"format": 2})
    assert store.match_path.with_name(f"saved_match.broken-{STAMP}.json").read_bytes() == (
        b"{half a match"
    )


def test_a_saved_match_of_the_first_layout_is_still_read(store: Storage) -> None:
    store.match_path.parent.mkdir(parents=True)
    data = {"preset": "official", "overrides": {}}
    store.match_path.write_bytes(
        json.dumps({"schema": "saved_match", "version": 1, "data": data}).encode()
    )
    assert store.load_match() == data


def test_a_read_only_storage_moves_nothing_aside() -> None:
    writer = Storage(clock=fixed_clock)
    writer.match_path.parent.mkdir(parents=True)
    writer.match_path.write_bytes(b"garbage")
    reader = Storage(read_only=True)
    assert reader.load_match() is None
    assert writer.match_path.read_bytes() == b"garbage"
