"""Replays: a finished round is kept as preset + seed + action log, and played again it
gives the very same events, states and scores; stepping back and forth lands on the
same tables; the folder keeps the newest 50; a damaged record is explained and moved
aside, never a crash."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from uno_desktop.cli import main
from uno_desktop.play.match import ManualClock, Match, SeatSpec, run_round_headless
from uno_desktop.play.replay import (
    KEEP_RECORDS,
    MAX_RECORD_BYTES,
    Replay,
    ReplayError,
    ReplayShelf,
    ReplayState,
    RoundRecord,
    _key,
    _state_of,
    keep_round,
    read_record,
    record_from_dict,
    record_of,
)
from uno_desktop.rules.presets import load_preset
from uno_desktop.store.storage import Storage, encode_document

WHEN = datetime(2026, 12, 1, 20, 15, 0, tzinfo=timezone(timedelta(hours=1)))


def played_round(
    preset: str = "official", players: int = 4, seed: int = 7, rounds: int = 1
) -> tuple[Match, list[ReplayState]]:
    """An all-computer match played through `rounds` rounds (the last one over, not yet
    finished), with the table after every action of the last round as it happened."""
    clock = ManualClock()
    seats = [SeatSpec(f"P{i}", "easy") for i in range(players)]
    match = Match(load_preset(preset), seats, seed, preset=preset, clock=clock)
    seen: list[ReplayState] = []

    def watch(m: Match) -> None:
        game = m.game
        if game is not None and m.round_no == rounds:
            step = len(game.actions)
            if len(seen) == step:  # once per action (finish_round changes nothing)
                seen.append(_state_of(game, step))

    match.on_change = watch
    for r in range(rounds):
        match.start_round()
        run_round_headless(match, clock)
        if r < rounds - 1:
            match.finish_round()
    return match, seen


def stored_record(tmp_path: Path, **kw: object) -> tuple[Storage, Path, Match]:
    store = Storage(tmp_path / "c", tmp_path / "d", tmp_path / "s")
    match, _seen = played_round(**kw)  # type: ignore[arg-type]
    path = ReplayShelf(store).keep(record_of(match, WHEN))
    assert path is not None
    return store, path, match


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("official", 2),
        ("official", 4),
        ("swedish", 3),
        ("swedish", 6),
        ("family", 5),
        ("party", 4),
    ],
)
def test_a_replayed_round_gives_the_same_events_states_and_scores(preset, players):
    match, seen = played_round(preset, players, seed=players * 11, rounds=2)
    record = record_from_dict(json.loads(json.dumps(record_of(match, WHEN).to_dict())))
    replay = Replay(record)
    game = match.game
    assert game is not None
    assert replay.steps == len(game.actions) == len(seen) - 1
    assert replay.events_upto(replay.steps) == list(game.log)
    assert [replay.state(k) for k in range(replay.steps + 1)] == seen
    end = replay.state(replay.steps)
    assert end.over and end.points == tuple(game.points) and end.winner == game.winner
    assert record.scores_before == tuple(match.totals)  # round 2 is dealt on round 1's totals


@pytest.mark.parametrize("name", ["\ufe0f", "P\x00", "\u17b4", 5])
def test_a_record_whose_seat_name_cannot_be_shown_replays_with_the_seats_own_name(name):
    match, _seen = played_round("official", 3, seed=5)
    doc = json.loads(json.dumps(record_of(match, WHEN).to_dict()))
    doc["seats"][1]["name"] = name
    record = record_from_dict(doc)
    assert record.names == ("P0", "Computer 2", "P2")
    assert Replay(record).steps == len(doc["actions"])


def test_the_deal_is_step_zero_and_each_step_has_its_own_events():
    match, _seen = played_round("official", 3)
    replay = Replay(record_of(match))
    assert replay.state(0).step == 0
    assert all(len(h) == 7 for h in replay.state(0).hands)
    assert replay.events(0)  # the deal and the start card
    assert all(replay.events(k) for k in range(1, replay.steps + 1))
    with pytest.raises(IndexError):
        replay.state(replay.steps + 1)


def test_stepping_back_then_forward_reaches_identical_states():
    match, seen = played_round("swedish", 4, seed=3)
    replay = Replay(record_of(match))
    n = replay.steps
    assert n > 40  # long enough to cross several kept copies
    backwards = [replay.state(k) for k in range(n, -1, -1)]
    assert backwards[::-1] == seen
    forwards = [replay.state(k) for k in range(n + 1)]
    assert forwards == seen
    rng = random.Random(5)
    for _ in range(60):
        k = rng.randrange(n + 1)
        assert replay.state(k) == seen[k]


def test_a_round_is_recorded_once_however_often_the_table_saves(tmp_path):
    store = Storage(tmp_path / "c", tmp_path / "d", tmp_path / "s")
    match, _seen = played_round()
    keep_round(store, match)
    keep_round(store, match)
    match.finish_round()
    keep_round(store, match)
    files = ReplayShelf(store).files()
    assert len(files) == 1
    assert files[0].parent == store.data_dir / "replays"
    assert read_record(files[0]).round_no == 1


def test_a_read_only_window_records_nothing(tmp_path):
    store = Storage(tmp_path / "c", tmp_path / "d", tmp_path / "s", read_only=True)
    match, _seen = played_round()
    keep_round(store, match)
    assert not (store.data_dir / "replays").exists()


def test_only_the_newest_fifty_rounds_are_kept(tmp_path):
    store = Storage(tmp_path / "c", tmp_path / "d", tmp_path / "s")
    shelf = ReplayShelf(store)
    match, _seen = played_round("official", 2)
    base = record_of(match, WHEN)

    for i in range(KEEP_RECORDS + 5):
        when = (WHEN + timedelta(minutes=i)).isoformat(timespec="seconds")
        shelf.keep(replace(base, match_id=f"m{i}", finished_at=when))
    entries = shelf.entries()
    assert len(entries) == KEEP_RECORDS == len(shelf.files())
    assert [e.record.match_id for e in entries] == [f"m{i}" for i in range(54, 4, -1)]


def some_records(n: int, start: datetime = WHEN, prefix: str = "m") -> list[RoundRecord]:
    """`n` records of one short round, a minute apart from `start`, each its own match."""
    match, _seen = played_round("official", 2)
    base = record_of(match, start)
    return [
        replace(
            base,
            match_id=f"{prefix}{i}",
            finished_at=(start + timedelta(minutes=i)).isoformat(timespec="seconds"),
        )
        for i in range(n)
    ]


def write_as_before(folder: Path, record: RoundRecord) -> Path:
    """A record as the game wrote it before records were numbered (named by its time)."""
    stamp = datetime.fromisoformat(record.finished_at).strftime("%Y%m%d-%H%M%S")
    path = folder / f"round-{stamp}-{_key(record.match_id, record.round_no)}.json"
    folder.mkdir(parents=True, exist_ok=True)
    path.write_bytes(encode_document("round_record", 1, record.to_dict(), False))
    return path


@pytest.mark.parametrize("written", ["by this version", "before records were numbered"])
def test_rounds_played_after_the_clock_was_ahead_are_kept(tmp_path, written):
    store = Storage(tmp_path / "c", tmp_path / "d", tmp_path / "s")
    shelf = ReplayShelf(store)
    ahead = WHEN + timedelta(days=3 * 365)
    for record in some_records(KEEP_RECORDS, ahead, "ahead"):
        if written == "by this version":
            shelf.keep(record)
        else:
            write_as_before(shelf.folder, record)

    new = [shelf.keep(record) for record in some_records(3, WHEN, "now")]

    assert all(path is not None and path.exists() for path in new)
    assert len(shelf.files()) == KEEP_RECORDS
    assert [e.record.match_id for e in shelf.entries()[:4]] == ["now2", "now1", "now0", "ahead49"]


def test_files_in_the_replays_folder_that_are_not_our_records_survive_pruning(tmp_path):
    store = Storage(tmp_path / "c", tmp_path / "d", tmp_path / "s")
    shelf = ReplayShelf(store)
    folder = shelf.folder
    folder.mkdir(parents=True)
    mine = {
        "round-notes.json": b'{"my": "notes"}',
        "round-20200101-000000-0123456789ab.json": b'{"named": "like a record"}',
        "round-000001-20200101-000000-0123456789ac.json": b"not even JSON",
    }
    for name, content in mine.items():
        (folder / name).write_bytes(content)
    elsewhere = write_as_before(tmp_path / "elsewhere", some_records(1, prefix="theirs")[0])
    link = folder / "round-20200101-000001-00000000000a.json"
    link.symlink_to(elsewhere)
    (folder / "round-20200101-000002-00000000000b.json").mkdir()

    for record in some_records(KEEP_RECORDS + 5):
        shelf.keep(record)

    assert {name: (folder / name).read_bytes() for name in mine} == mine
    assert link.is_symlink() and elsewhere.exists()
    assert (folder / "round-20200101-000002-00000000000b.json").is_dir()
    ours = [e.record.match_id for e in shelf.entries() if e.record.match_id.startswith("m")]
    assert ours == [f"m{i}" for i in range(KEEP_RECORDS + 4, 4, -1)]


def test_a_replays_folder_that_is_a_link_gets_new_records_but_loses_none(tmp_path):
    theirs = tmp_path / "my-replays"
    (theirs / "round-20200101-000000-0123456789ab.json").parent.mkdir()
    (theirs / "round-20200101-000000-0123456789ab.json").write_bytes(b"{}")
    for record in some_records(KEEP_RECORDS, WHEN, "old"):
        write_as_before(theirs, record)
    store = Storage(tmp_path / "c", tmp_path / "d", tmp_path / "s")
    store.data_dir.mkdir(parents=True)
    store.replays_dir.symlink_to(theirs)
    before = set(theirs.iterdir())

    new = ReplayShelf(store).keep(some_records(1, WHEN + timedelta(hours=1), "new")[0])

    assert new is not None and new.exists()
    assert set(theirs.iterdir()) == before | {theirs / new.name}


def test_a_record_is_a_few_kilobytes(tmp_path):
    _store, path, _match = stored_record(tmp_path, preset="official", players=4)
    assert path.stat().st_size < 16_000


def test_a_record_keeps_its_rules_when_the_preset_is_gone(tmp_path):
    store, path, match = stored_record(tmp_path)
    doc = json.loads(path.read_text())
    doc["data"]["preset"] = "grandmas-rules-deleted-since"
    path.write_text(json.dumps(doc))
    replay = ReplayShelf(store).open(path)
    assert replay.state(replay.steps).points == tuple(match.game.points)  # type: ignore[union-attr]


def _spoil_truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:300])


def _spoil_not_json(path: Path) -> None:
    path.write_bytes(b"\x89PNG this is a picture, not a round")


def _spoil_version(path: Path) -> None:
    doc = json.loads(path.read_text())
    doc["version"] = 99
    path.write_text(json.dumps(doc))


def _spoil_illegal_action(path: Path) -> None:
    doc = json.loads(path.read_text())
    first = doc["data"]["actions"][0]
    doc["data"]["actions"][0] = {"type": "Pass", "seat": first["seat"]}  # nothing drawn yet
    path.write_text(json.dumps(doc))


def _spoil_rule_option(path: Path) -> None:
    doc = json.loads(path.read_text())
    doc["data"]["rules"]["flying_cards"] = True
    path.write_text(json.dumps(doc))


def _spoil_size(path: Path) -> None:
    with open(path, "ab") as f:
        f.write(b" " * (MAX_RECORD_BYTES + 1))


def _spoil_points(path: Path) -> None:
    doc = json.loads(path.read_text())
    doc["data"]["points"] = [p + 1 for p in doc["data"]["points"]]
    path.write_text(json.dumps(doc))


def _spoil_cut_log(path: Path) -> None:
    doc = json.loads(path.read_text())
    doc["data"]["actions"] = doc["data"]["actions"][:-1]
    path.write_text(json.dumps(doc))


SPOILERS = {
    "truncated": (_spoil_truncated, "not JSON"),
    "not JSON": (_spoil_not_json, "not JSON"),
    "wrong version": (_spoil_version, "version 99"),
    "illegal action": (_spoil_illegal_action, "action 1 (0: pass) is illegal"),
    "unknown rule option": (_spoil_rule_option, "unknown option 'flying_cards'"),
    "huge": (_spoil_size, "too large"),
    "other points": (_spoil_points, "scores differently"),
    "log cut short": (_spoil_cut_log, "does not end"),
}


@pytest.mark.parametrize("damage", list(SPOILERS))
def test_a_damaged_record_is_explained_and_moved_aside(tmp_path, damage):
    spoil, reason = SPOILERS[damage]
    store, path, _match = stored_record(tmp_path)
    spoil(path)
    with pytest.raises(ReplayError) as caught:
        ReplayShelf(store).open(path)
    message = caught.value.reason
    assert path.name in message and reason in message
    assert "\n" not in message
    assert not path.exists()
    kept = [p for p in path.parent.iterdir() if ".broken-" in p.name]
    assert sorted(p.suffix for p in kept) == [".json", ".txt"]
    assert reason in next(p for p in kept if p.suffix == ".txt").read_text()
    assert store.take_notices() == [message]


def test_the_list_leaves_out_a_damaged_record_and_keeps_the_good_ones(tmp_path):
    store, bad, _match = stored_record(tmp_path)
    shelf = ReplayShelf(store)
    match, _seen = played_round(seed=8)
    good = shelf.keep(record_of(match, WHEN + timedelta(hours=1)))
    _spoil_not_json(bad)
    entries = shelf.entries()
    assert [e.path for e in entries] == [good]
    assert not bad.exists()
    assert len(store.take_notices()) == 1


def test_a_replay_file_from_anywhere_is_read_but_never_moved(tmp_path):
    store, _path, _match = stored_record(tmp_path)
    elsewhere = tmp_path / "sent-by-grandpa.json"
    elsewhere.write_bytes(b"{not json")
    with pytest.raises(ReplayError) as caught:
        ReplayShelf(store).open(elsewhere)
    assert "sent-by-grandpa.json" in caught.value.reason
    assert elsewhere.exists()


def test_the_command_line_refuses_a_damaged_file_with_one_clear_line(tmp_path, capsys):
    bad = tmp_path / "round.json"
    bad.write_text('{"schema": "round_record", "version": 1, "data": {"preset": 5}}')
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("uno-desktop replay: The replay round.json cannot be shown (")
    assert "Traceback" not in err and err.count("\n") == 1
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_the_command_line_says_a_damaged_record_of_ours_in_one_line_without_its_path():
    store = Storage()  # the folders the command below uses (conftest's XDG_* folders)
    match, _seen = played_round()
    path = ReplayShelf(store).keep(record_of(match, WHEN))
    assert path is not None
    _spoil_not_json(path)
    done = subprocess.run(
        [sys.executable, "-m", "uno_desktop", "replay", str(path)],
        env=os.environ.copy(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"uno-desktop replay: The replay {path.name} cannot be shown (not JSON")
    assert str(path.parent) not in line and "It was kept as" in line


def test_the_command_line_opens_a_good_file_in_the_window(tmp_path, monkeypatch):
    _store, path, _match = stored_record(tmp_path)
    opened = []
    monkeypatch.setattr("uno_desktop.ui.launch.run_window", lambda opts: opened.append(opts) or 0)
    assert main(["replay", str(path), "--lang", "sv"]) == 0
    assert opened[0].replay == str(path) and opened[0].lang == "sv"
