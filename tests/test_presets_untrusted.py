"""Preset files are untrusted: names never become paths, big or deep files are refused
before parsing, `extends:` chains are short, a message quotes at most one line of a
file, rules that cannot end are refused, and the listing reads only what changed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from uno_desktop.rules import presets
from uno_desktop.rules.presets import (
    MAX_EXTENDS,
    MAX_PRESET_BYTES,
    PresetError,
    is_preset_name,
    list_presets,
    load_named_preset,
    load_preset,
)
from uno_desktop.store.paths import user_presets_dir


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path_or_name: str) -> str:
    with pytest.raises(PresetError) as err:
        load_preset(path_or_name)
    return str(err.value)


SECRET = "first line of a secret\nsecond: line of a secret\nthird line\n"


# ---------------------------------------------------------------- names, not paths


@pytest.mark.parametrize(
    "parent", ["/etc/passwd", "../official", "..", "sub/official", "official.yaml", "C:\\x"]
)
def test_extends_with_a_path_is_refused_naming_what_a_name_is(tmp_path: Path, parent: str) -> None:
    path = write(tmp_path, "ours", f"extends: '{parent}'\n")
    message = error_of(str(path))
    assert message.startswith(f"{path}: line 1: extends: give the name of a preset")


def test_extends_never_reads_a_file_outside_the_presets_folders(tmp_path: Path) -> None:
    outside = write(tmp_path / "outside", "stolen", SECRET)
    path = write(user_presets_dir(), "ours", f"extends: {outside}\n")
    message = error_of("ours")
    assert "secret" not in message
    assert message.startswith(f"{path}: line 1: extends:")


@pytest.mark.parametrize("name", ["/etc/passwd", "../../etc/passwd", "a/b", ".hidden", "x.yaml"])
def test_a_stored_preset_name_that_is_a_path_is_refused(name: str) -> None:
    assert not is_preset_name(name)
    with pytest.raises(PresetError, match="is not a preset name"):
        load_named_preset(name)


def test_a_stored_preset_name_finds_a_user_preset() -> None:
    write(user_presets_dir(), "grandma", "jump_in: true\n")
    assert load_named_preset("grandma").jump_in is True


def test_the_command_line_may_still_give_a_path(tmp_path: Path) -> None:
    path = write(tmp_path, "mine", "uno_penalty: 3\n")
    assert load_preset(str(path)).uno_penalty == 3


# ---------------------------------------------------------------- one line at most


def test_a_file_that_is_not_a_preset_is_quoted_by_one_clipped_line(tmp_path: Path) -> None:
    path = tmp_path / "passwd.yaml"
    path.write_text("root:x:0:0:root:/root:/bin/bash\n" + "daemon:x:1:1::/usr/sbin\n" * 500)
    message = error_of(str(path))
    assert "\n" not in message
    assert "daemon" not in message
    assert len(message) < len(str(path)) + 200


@pytest.mark.parametrize(
    "text",
    [
        "hand_size: |\n  first line of a secret\n  second line of a secret\n",
        "title: [" + ", ".join(["secret"] * 100) + "]\n",
        "description: 12\nstacking: |\n  first line of a secret\n  second\n",
        "'" + "k" * 10_000 + "': 1\n",
        "deck:\n  '" + "k" * 10_000 + "': 1\n",
        "hand_size: " + "9" * 3000 + "\n",
    ],
    ids=["block_text", "long_list", "block_choice", "long_key", "long_deck_key", "long_number"],
)
def test_no_message_shows_more_than_one_line_of_the_file(tmp_path: Path, text: str) -> None:
    message = error_of(str(write(tmp_path, "bad", text)))
    assert "\n" not in message
    assert "second" not in message
    assert len(message) < 700


# ---------------------------------------------------------------- no YAML tags

TAG_REFUSED = "is not accepted; write the value without it"


@pytest.mark.parametrize(
    ("line", "option", "tag"),
    [
        ("jump_in: !!bool maybe", "jump_in", "!!bool"),
        ("jump_in: !!bool 1", "jump_in", "!!bool"),
        ("hand_size: !!int abc", "hand_size", "!!int"),
        ("title: !!str Mormor", "title", "!!str"),
        ("title: !!python/object:os.system {}", "title", "!!python/object:os.system"),
        ("custom_rule: !house {text: Swap!}", "custom_rule", "!house"),
        ("players: {min: 2, max: !!int 5}", "players.max", "!!int"),
        ("!!str jump_in: true", "jump_in", "!!str"),
        ("jump_in: ! true", "jump_in", "!"),
    ],
)
def test_a_value_with_a_yaml_tag_is_refused_naming_file_line_and_option(
    tmp_path: Path, line: str, option: str, tag: str
) -> None:
    path = write(tmp_path, "tagged", f"# a preset\n{line}\n")
    assert error_of(str(path)) == f"{path}: line 2: {option}: a YAML tag ({tag}) {TAG_REFUSED}"


def test_a_preset_with_a_yaml_tag_is_listed_as_broken_and_skipped() -> None:
    path = write(user_presets_dir(), "maybe", "title: Maybe\njump_in: !!bool maybe\n")
    listing = list_presets()
    assert listing.get("maybe") is None
    assert listing.errors == (f"{path}: line 2: jump_in: a YAML tag (!!bool) {TAG_REFUSED}",)


def test_a_tag_on_an_anchored_value_is_reported_where_it_is_written(tmp_path: Path) -> None:
    path = write(tmp_path, "alias", "uno_penalty: &two !!int 2\nhand_size: *two\n")
    assert error_of(str(path)).startswith(f"{path}: line 1: uno_penalty: a YAML tag (!!int)")


def test_untagged_yes_and_no_still_read_as_true_and_false(tmp_path: Path) -> None:
    text = "jump_in: yes\nwild_draw_four: {bluffing: no}\n"
    rules = load_preset(str(write(tmp_path, "words", text)))
    assert (rules.jump_in, rules.bluffing) == (True, False)


# ---------------------------------------------------------------- links


def secret_file(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    secret = folder / "secret.txt"
    secret.write_text("first line of a secret\nsecond line\n")
    return secret


def test_a_preset_linked_to_a_file_outside_the_folder_is_refused_without_its_content(
    tmp_path: Path,
) -> None:
    folder = user_presets_dir()
    folder.mkdir(parents=True, exist_ok=True)
    link = folder / "stolen.yaml"
    link.symlink_to(secret_file(tmp_path / "elsewhere"))
    listing = list_presets()
    assert listing.get("stolen") is None
    [error] = listing.errors
    assert error.startswith(f"{link}: this preset is a link to a file outside the presets folder")
    with pytest.raises(PresetError) as err:
        load_named_preset("stolen")
    for message in (error, str(err.value)):
        assert "secret" not in message and "first line" not in message


def test_extends_does_not_follow_a_link_out_of_the_folder(tmp_path: Path) -> None:
    folder = user_presets_dir()
    write(folder, "child", "extends: outside\n")
    (folder / "outside.yaml").symlink_to(secret_file(tmp_path / "elsewhere"))
    with pytest.raises(PresetError) as err:
        load_named_preset("child")
    assert "is a link to a file outside the presets folder" in str(err.value)
    assert "first line" not in str(err.value)


def test_a_link_to_another_preset_inside_the_folder_is_read() -> None:
    folder = user_presets_dir()
    write(folder, "grandma", "title: Grandma\nuno_penalty: 4\n")
    (folder / "mormor.yaml").symlink_to(folder / "grandma.yaml")
    assert load_named_preset("mormor").uno_penalty == 4
    assert list_presets().errors == ()


# ---------------------------------------------------------------- bounded input


def test_a_file_over_the_size_limit_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.yaml"
    path.write_bytes(b"# comment\n" * (MAX_PRESET_BYTES // 10 + 1))
    opened: list[str] = []
    real_open = open
    monkeypatch.setattr(
        "builtins.open", lambda p, *a, **k: opened.append(str(p)) or real_open(p, *a, **k)
    )
    message = error_of(str(path))
    assert (
        message
        == f"{path}: the file is {path.stat().st_size} bytes; a preset may be at most 256 KiB"
    )
    assert str(path) not in opened


def test_too_much_content_is_refused_before_parsing(tmp_path: Path) -> None:
    text = "".join(f"k{i}: {i}\n" for i in range(5000))
    message = error_of(str(write(tmp_path, "long", text)))
    assert "more than 16 KiB of options (comments not counted)" in message


def test_a_file_of_comments_under_the_size_limit_is_fine(tmp_path: Path) -> None:
    text = "# a long explanation of our house rules\n" * 3000 + "jump_in: true\n"
    assert load_preset(str(write(tmp_path, "chatty", text))).jump_in is True


@pytest.mark.parametrize(
    "text",
    [
        "title: " + "[" * 100_000 + "]" * 100_000 + "\n",
        "".join(" " * i + f"a{i}:\n" for i in range(200)),
        "- " * 50 + "1\n",
        "deck: {" * 20 + "}" * 20 + "\n",
    ],
    ids=["flow_100000_deep", "indented_200_deep", "dashes", "braces"],
)
def test_nesting_past_the_limit_is_refused_with_its_line(tmp_path: Path, text: str) -> None:
    message = error_of(str(write(tmp_path, "deep", text)))
    assert ": line " in message
    assert "nested more than 8 levels deep" in message or "KiB of options" in message


def test_the_builtin_presets_are_within_every_limit() -> None:
    for name in presets.BUILTIN_NAMES:
        path = presets._builtin_dir() / f"{name}.yaml"
        presets._check_shape(str(path), path.read_text(encoding="utf-8"))


def test_an_extends_chain_longer_than_the_limit_is_refused(tmp_path: Path) -> None:
    links = 400
    for i in range(links):
        write(tmp_path, f"c{i}", f"extends: c{i + 1}\n")
    write(tmp_path, f"c{links}", "jump_in: true\n")
    message = error_of(str(tmp_path / "c0.yaml"))
    assert f"extends: more than {MAX_EXTENDS} presets extend each other in a row" in message
    short = tmp_path / f"c{links - MAX_EXTENDS + 1}.yaml"
    assert load_preset(str(short)).jump_in is True


def test_an_extends_chain_reads_each_file_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(MAX_EXTENDS - 1):
        write(tmp_path, f"c{i}", f"extends: c{i + 1}\n")
    write(tmp_path, f"c{MAX_EXTENDS - 1}", "jump_in: true\n")
    reads: list[str] = []
    real = presets._read_text
    monkeypatch.setattr(presets, "_read_text", lambda p: reads.append(p.name) or real(p))
    assert load_preset(str(tmp_path / "c0.yaml")).jump_in is True
    assert sorted(reads) == sorted(f"c{i}.yaml" for i in range(MAX_EXTENDS))


# ---------------------------------------------------------------- the listing's cache


def test_opening_the_list_again_reads_no_file_that_did_not_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    write(user_presets_dir(), "grandma", "extends: family\ntitle: Grandma\n")
    list_presets()
    reads: list[str] = []
    real = presets._read_text
    monkeypatch.setattr(presets, "_read_text", lambda p: reads.append(p.name) or real(p))
    assert list_presets().get("grandma") is not None
    assert reads == []


def test_an_edited_preset_is_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(user_presets_dir(), "grandma", "uno_penalty: 1\n")
    assert list_presets().get("grandma").rules.uno_penalty == 1  # type: ignore[union-attr]
    path.write_text("uno_penalty: 3\n# now longer\n")
    assert list_presets().get("grandma").rules.uno_penalty == 3  # type: ignore[union-attr]


def test_editing_the_preset_a_file_extends_is_seen_through_the_cache() -> None:
    base = write(user_presets_dir(), "base", "uno_penalty: 1\n")
    write(user_presets_dir(), "child", "extends: base\njump_in: true\n")
    assert load_named_preset("child").uno_penalty == 1
    base.write_text("uno_penalty: 4\n# changed\n")
    os.utime(base, ns=(base.stat().st_atime_ns, base.stat().st_mtime_ns + 10**9))
    assert load_named_preset("child").uno_penalty == 4


def test_a_broken_file_stays_an_error_until_it_is_fixed() -> None:
    path = write(user_presets_dir(), "mine", "stacking: sometimes\n")
    assert len(list_presets().errors) == 1
    assert len(list_presets().errors) == 1
    path.write_text("stacking: same\n")
    assert list_presets().errors == ()


# ---------------------------------------------------------------- rules that cannot end


def test_a_deck_of_ones_and_twos_drawn_until_playable_is_refused_saying_why(
    tmp_path: Path,
) -> None:
    text = 'deck:\n  "1": 1\n  "2": 1\ndraw: until_playable\nhand_size: 1\nplayers:\n  max: 2\n'
    message = error_of(str(write(tmp_path, "circles", text)))
    assert message.startswith(f"{tmp_path / 'circles.yaml'}: line 1: deck: a test round")
    assert "play can go round in circles" in message


def test_cards_all_worth_nothing_are_refused_saying_why(tmp_path: Path) -> None:
    values = ", ".join(f'"{r}": 0' for r in [*map(str, range(10)), "S", "R", "D2", "W", "W4"])
    path = write(tmp_path, "free", f"card_values: {{{values}}}\n")
    message = error_of(str(path))
    assert message == (
        f"{path}: line 1: card_values: every card in the deck is worth 0 points, so nobody "
        "can ever reach the target score and a match would never end"
    )


def test_cards_worth_nothing_are_fine_while_one_kind_still_scores(tmp_path: Path) -> None:
    values = ", ".join(f'"{r}": 0' for r in [*map(str, range(10)), "S", "R", "D2", "W"])
    assert load_preset(str(write(tmp_path, "cheap", f"card_values: {{{values}}}\n")))


def test_a_preset_refused_by_its_parent_points_at_extends(tmp_path: Path) -> None:
    values = ", ".join(f'"{r}": 0' for r in [*map(str, range(10)), "S", "R", "D2", "W"])
    write(tmp_path, "cheap", f"card_values: {{{values}}}\n")
    child = write(tmp_path, "child", "extends: cheap\ndeck:\n  '1-9': 2\n")
    assert "line 2: deck: every card in the deck is worth 0 points" in error_of(str(child))
