"""Fuzzing what the game reads: random bytes and random YAML documents to the preset
loader, random JSON to the settings, the statistics and the saved match. Only the clear
errors come out (PresetError, SavedMatchError, or a file set aside with defaults), never
anything else, and each input is read within bounded memory."""

from __future__ import annotations

import copy
import json
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_desktop.engine.rules import RuleSet
from uno_desktop.play.match import ManualClock, Match, SavedMatchError, SeatSpec
from uno_desktop.rules.options import top_keys
from uno_desktop.rules.presets import PresetError, load_preset
from uno_desktop.store.storage import Settings, Stats, Storage

MAX_PEAK_BYTES = 64 * 1024 * 1024
FUZZ = settings(
    max_examples=80,
    deadline=timedelta(seconds=20),  # a hang guard, not a speed figure
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@contextmanager
def bounded_memory() -> Iterator[None]:
    tracemalloc.start()
    try:
        yield
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MAX_PEAK_BYTES


# ----------------------------------------------------------------------------- presets

KEYS = st.sampled_from([*top_keys(), "min", "max", "bluffing", "text", "effect", "amount", "1-9"])
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["none", "same", "mixed", "until_playable", "keep", "official", "W4"])
    | st.text(max_size=20)
)
DOCUMENTS = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(KEYS | st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=25,
)


def check_preset_file(path: Path) -> None:
    with bounded_memory():
        try:
            rules = load_preset(str(path))
        except PresetError as e:
            message = str(e)
            assert message.startswith(str(path))
            assert "\n" not in message
        else:
            assert isinstance(rules, RuleSet)


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes_as_a_preset_give_a_preset_error_or_rules(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_bytes(data)
    check_preset_file(path)


@FUZZ
@given(DOCUMENTS)
def test_random_yaml_documents_give_a_preset_error_or_rules(tmp_path: Path, doc: Any) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    check_preset_file(path)


@FUZZ
@given(
    st.lists(
        st.sampled_from(
            [
                "extends: family\n",
                "extends: fuzz\n",
                "a: &x [1, 2, *x]\n",
                "deck: {W: 4, W4: 4}\n",
                "deck: {'1': 1, '2': 1}\n",
                "draw: until_playable\n",
                "hand_size: 1\n",
                "players: {min: 2, max: 2}\n",
                "card_values: {W: 0, W4: 0}\n",
                "custom_rule: {text: x, effect: others_draw, amount: 10}\n",
                "!!python/object/apply:os.system ['true']\n",
                "? [a, b]\n: c\n",
                "title: |\n  one\n  two\n",
                "--- \n",
                "[[[[[[[[[[]]]]]]]]]]\n",
                "    stacking: same\n",
                "\t\n",
                "\ufeffjump_in: true\n",
            ]
        ),
        max_size=8,
    )
)
def test_preset_fragments_in_any_order_give_a_preset_error_or_rules(
    tmp_path: Path, lines: list[str]
) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    check_preset_file(path)


# ----------------------------------------------------------------------------- stored documents

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=6)
    ),
    max_leaves=30,
)


def write_document(path: Path, schema: str, data: Any, version: Any = 1) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"schema": schema, "version": version, "data": data}))


def load_quietly(store: Storage, load: Callable[[Storage], Any]) -> Any:
    with bounded_memory():
        return load(store)


@FUZZ
@given(st.dictionaries(st.sampled_from(list(Settings().to_dict())) | st.text(max_size=8), JSON))
def test_random_settings_load_as_settings(data: dict[str, Any]) -> None:
    store = Storage()
    write_document(store.settings_path, "settings", data)
    loaded = load_quietly(store, Storage.load_settings)
    assert isinstance(loaded, Settings)
    assert Settings.from_dict(loaded.to_dict()) == loaded  # what is kept can be kept again


@FUZZ
@given(JSON, st.sampled_from([1, 2, "1", None]))
def test_any_json_as_a_stored_document_loads_or_is_set_aside(data: Any, version: Any) -> None:
    store = Storage()
    for path, schema in (
        (store.settings_path, "settings"),
        (store.stats_path, "stats"),
        (store.match_path, "saved_match"),
    ):
        write_document(path, schema, data, version)
    assert isinstance(load_quietly(store, Storage.load_settings), Settings)
    assert isinstance(load_quietly(store, Storage.load_stats), Stats)
    doc = load_quietly(store, Storage.load_match)
    if doc is not None:
        rebuild(doc)


@FUZZ
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "players": st.dictionaries(
                st.text(max_size=45), st.dictionaries(st.sampled_from(["matches", "points"]), JSON)
            ),
            "history": st.lists(
                st.dictionaries(st.sampled_from(["seats", "totals", "winner"]), JSON)
            ),
        },
    )
)
def test_random_statistics_load_and_can_be_written_back(data: dict[str, Any]) -> None:
    store = Storage()
    write_document(store.stats_path, "stats", data)
    stats = load_quietly(store, Storage.load_stats)
    assert isinstance(stats, Stats)
    assert Storage().load_stats() == stats  # the good part is what stays on disk


def rebuild(doc: Any) -> None:
    """A saved match document either rebuilds or raises SavedMatchError: nothing else."""
    with bounded_memory():
        try:
            match = Match.from_dict(doc, clock=ManualClock())
        except SavedMatchError as e:
            assert "\n" not in str(e) and len(str(e)) < 400
        else:
            assert isinstance(match, Match)


def a_real_save() -> dict[str, Any]:
    seats = [SeatSpec("Ann", "easy"), SeatSpec("Bo", "easy"), SeatSpec("Cy", "easy")]
    match = Match(load_preset("swedish"), seats, 4, clock=ManualClock())
    match.start_round()
    for _ in range(30):
        game = match.game
        assert game is not None
        match.act(game.legal_actions(game.current)[-1])
    return json.loads(json.dumps(match.to_dict()))


REAL_SAVE: dict[str, Any] = {}


def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths_of(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:4]):
            out += paths_of(v, (*prefix, i))
    return out


@FUZZ
@given(st.data())
def test_a_real_save_with_any_part_replaced_rebuilds_or_gives_a_saved_match_error(
    data: st.DataObject,
) -> None:
    if not REAL_SAVE:
        REAL_SAVE.update(a_real_save())
    doc = copy.deepcopy(REAL_SAVE)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths_of(doc)[1:]))
        target = doc
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = data.draw(JSON)
    rebuild(doc)


def test_the_unchanged_real_save_rebuilds_to_the_same_document() -> None:
    doc = a_real_save()
    assert Match.from_dict(doc, clock=ManualClock()).to_dict() == doc
