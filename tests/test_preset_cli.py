"""`uno-desktop preset ...`: a family's own rules from the command line, with the same
writer and checks as the Rules screen; a bad value is one line, exit code 2, and
nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from uno_desktop.cli import main
from uno_desktop.engine import Phase, Stacking
from uno_desktop.rules.presets import list_presets, load_named_preset
from uno_desktop.store.paths import user_presets_dir

from .engine.helpers import deal, play

OURS = ["--set", "stacking=mixed", "--set", "jump_in=true", "--set", "uno_penalty=4"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["preset", "--lang", "en", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def files() -> list[str]:
    folder = user_presets_dir()
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


# ---------------------------------------------------------------- save


def test_save_prints_the_path_of_the_file_it_wrote(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "save", "Grandma's rules", "--from", "official", *OURS)
    assert (code, err) == (0, "")
    assert out == f"{user_presets_dir() / 'grandmas-rules.yaml'}\n"
    assert Path(out.strip()).is_file()


def test_our_table_saved_on_the_command_line_lets_a_wild_draw_four_answer_a_draw_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _err = run(capsys, "save", "Our table", "--from", "official", *OURS)
    assert code == 0
    rules = load_named_preset(Path(out.strip()).stem)
    assert (rules.stacking, rules.jump_in, rules.uno_penalty) == (Stacking.MIXED, True, 4)
    pile = " ".join(f"{c}{n}" for c in "RY" for n in range(1, 10))
    game = deal(
        ["R1 R2 R3", "GD2 B1 B2", "W4 Y2 Y3"],
        start="G5",
        pile=pile,
        rules=rules.replace(hand_size=3),
    )
    game.apply(play(1, "GD2"))
    assert game.phase is Phase.PENALTY
    game.apply(play(2, "W4", "R"))  # the Wild Draw Four answers the pending Draw Two
    assert game.observation(0).pending_draw == 6


def test_nested_options_and_card_parts_are_set_with_a_dot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _err = run(
        capsys,
        "save",
        "Swedish cards",
        "--from",
        "official",
        "--set",
        "wild_draw_four.challenge=false",
        "--set",
        "players.max=6",
        "--set",
        "deck.WS=1",
        "--set",
        "card_values.W=60",
        "--set",
        "custom_rule.text=Sing a song",
        "--set",
        "custom_rule.effect=text",
    )
    assert code == 0
    rules = load_named_preset(Path(out.strip()).stem)
    assert (rules.challenge, rules.max_players, rules.deck["WS"]) == (False, 6, 1)
    assert (rules.deck["W4"], rules.card_values["W"], rules.card_values["W4"]) == (4, 60, 50)
    assert (rules.custom_rule.text, rules.custom_rule.effect.value) == ("Sing a song", "text")


def test_swedish_yes_and_no_are_true_and_false(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(
        capsys, "save", "Ja", "--from", "party", "--set", "jump_in=nej", "--set", "seven_zero=JA"
    )
    assert code == 0
    rules = load_named_preset(Path(out.strip()).stem)
    assert (rules.jump_in, rules.seven_zero) == (False, True)


BAD = [
    (
        ["--set", "wild_draw_four.challenge=maybe"],
        "wild_draw_four.challenge: expected true or false; got 'maybe'",
    ),
    (["--set", "uno_penalty=40"], "uno_penalty: expected a whole number from 0 to 20; got 40"),
    (
        ["--set", "hand_size=[1, 2]"],
        "hand_size: expected a whole number from 1 to 30; got '[1, 2]'",
    ),
    (
        ["--set", "stacking=sometimes"],
        "stacking: expected one of none, same, mixed; got 'sometimes'",
    ),
    (
        ["--set", "stackin=mixed"],
        "stackin: unknown option; did you mean 'stacking' (passing a Draw Two or Wild Draw "
        "Four on by playing another on it)?",
    ),
    (["--set", "deck.WS=21"], "deck.WS: expected a whole number from 0 to 20; got 21"),
    (["--set", "jump_in"], "--set: expected OPTION=VALUE, e.g. jump_in=true; got 'jump_in'"),
    (["--set", "title=Other"], "title: not an option the rules can change"),
    (["--set", "jump_in=true", "--set", "jump_in=false"], "jump_in: given twice"),
    (
        ["--set", "card_values.0=0"]
        + [f"--set=card_values.{r}=0" for r in "123456789"]
        + [f"--set=card_values.{r}=0" for r in ("S", "R", "D2", "W", "W4")],
        "card_values: every card in the deck is worth 0 points, so nobody can ever reach the "
        "target score and a match would never end",
    ),
]


@pytest.mark.parametrize(("settings", "line"), BAD, ids=[b[1].split(":")[0] for b in BAD])
def test_a_bad_value_exits_2_with_one_line_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], settings: list[str], line: str
) -> None:
    code, out, err = run(capsys, "save", "Broken", "--from", "official", *settings)
    assert (code, out) == (2, "")
    assert err == f"uno-desktop preset save: {line}\n"
    assert files() == []


def test_an_unknown_base_exits_2_and_writes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "save", "Mine", "--from", "../official", *OURS)
    assert code == 2
    assert err.startswith("uno-desktop preset save: --from: '../official' is not a preset name")
    assert files() == []


def test_a_name_taken_is_refused_unless_replaced(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "save", "Mine", "--from", "official", *OURS)[0] == 0
    code, _out, err = run(capsys, "save", "Mine", "--from", "official", "--set", "hand_size=5")
    assert code == 2 and "is taken" in err
    assert load_named_preset("mine").hand_size == 7
    code, _out, _err = run(
        capsys, "save", "Mine", "--from", "official", "--set", "hand_size=5", "--replace"
    )
    assert code == 0
    assert load_named_preset("mine").hand_size == 5
    assert files() == ["mine.yaml"]


def test_a_bad_value_is_explained_in_swedish(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["preset", "--lang", "sv", "save", "X", "--from", "official", "--set", "jump_in=kanske"]
    )
    err = capsys.readouterr().err
    assert code == 2
    assert (
        err == "uno-desktop preset save: jump_in: väntade true eller false (eller ja, nej); "
        "fick 'kanske'\n"
    )


# ---------------------------------------------------------------- show, list, delete


def test_show_says_the_rules_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "save", "Grandma's rules", "--from", "official", *OURS)
    code, out, _err = run(capsys, "show", "Grandma's rules")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Grandma's rules"
    assert "starting from official" in lines[1]
    assert "Stacking" in lines and "Jump-in" in lines
    assert any("catches you first" in ln and "you draw 4 cards" in ln for ln in lines)


def test_show_a_builtin_preset_in_swedish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preset", "--lang", "sv", "show", "swedish"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1] == "En inbyggd regeluppsättning (swedish)."


def test_show_an_unknown_preset_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "show", "nosuch")
    assert code == 2
    assert err.startswith("uno-desktop preset show: no preset named 'nosuch'; presets: official")


def test_list_names_every_preset_and_whose_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "save", "Grandma's rules", "--from", "family", *OURS)
    user_presets_dir().joinpath("broken.yaml").write_text("jump_in: ture\n")
    code, out, err = run(capsys, "list")
    assert code == 0
    assert out.splitlines()[0].split() == ["official", "Official", "rules", "(built-in)"]
    assert out.splitlines()[-1].split() == ["grandmas-rules", "Grandma's", "rules", "(yours)"]
    assert "broken.yaml: line 1: jump_in: expected true or false; got 'ture'" in err


def test_delete_removes_one_of_yours_and_never_a_builtin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run(capsys, "save", "Grandma's rules", "--from", "official", *OURS)
    code, out, _err = run(capsys, "delete", "grandmas-rules")
    assert (code, files()) == (0, [])
    assert out.startswith("deleted ")
    code, _out, err = run(capsys, "delete", "family")
    assert code == 2 and "built-in" in err
    assert list_presets().get("family") is not None


def test_delete_an_unknown_preset_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "delete", "nosuch")[0] == 2


def test_rename_gives_one_of_yours_a_new_name_and_file_and_keeps_its_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run(capsys, "save", "Grandma's rules", "--from", "official", *OURS)
    code, out, err = run(capsys, "rename", "Grandma's rules", "Mormors regler")
    assert (code, err) == (0, "")
    assert out == f"{user_presets_dir() / 'mormors-regler.yaml'}\n"
    assert files() == ["mormors-regler.yaml"]
    rules = load_named_preset("mormors-regler")
    assert (rules.title, rules.stacking, rules.uno_penalty) == ("Mormors regler", Stacking.MIXED, 4)


def test_rename_refuses_a_builtin_and_a_name_another_preset_has(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run(capsys, "save", "Grandma's rules", "--from", "official", *OURS)
    code, _out, err = run(capsys, "rename", "official", "Ours")
    assert code == 2 and "built-in" in err
    code, _out, err = run(capsys, "rename", "grandmas-rules", "Family rules")
    assert code == 2 and err.count("\n") == 1
    assert files() == ["grandmas-rules.yaml"]


def test_copy_makes_a_preset_of_yours_from_a_builtin_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "copy", "swedish", "Our Swedish table")
    assert (code, err) == (0, "")
    assert Path(out.strip()).name == "our-swedish-table.yaml"
    ours, theirs = load_named_preset("our-swedish-table"), load_named_preset("swedish")
    assert ours.title == "Our Swedish table"
    assert ours.replace(name=theirs.name, title=theirs.title, description=theirs.description) == (
        theirs
    )
    assert run(capsys, "copy", "nosuch", "X")[0] == 2


def test_a_preset_of_ours_may_be_named_by_its_title_to_start_from(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run(capsys, "save", "Grandma's rules", "--from", "official", *OURS)
    code, out, _err = run(
        capsys, "save", "Grandpa's rules", "--from", "Grandma's rules", "--set", "hand_size=5"
    )
    assert code == 0
    assert "extends: grandmas-rules" in Path(out.strip()).read_text()
    rules = load_named_preset("grandpas-rules")
    assert (rules.stacking, rules.hand_size) == (Stacking.MIXED, 5)
