"""A family's own rules (house_presets): what the Rules screen is told about each option,
changes checked as the preset reader checks a file, saved as a file like the built-in
ones (only what changed, each under its comment), read back to the same rules, and
renamed, copied and deleted without ever touching a built-in preset or another's file."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from uno_desktop.engine.rules import CustomEffect, CustomRule, RuleSet, Scoring, Stacking
from uno_desktop.resources import presets_path
from uno_desktop.rules import house_presets as hp
from uno_desktop.rules.options import OPTIONS, Kind
from uno_desktop.rules.presets import BUILTIN_NAMES, list_presets, load_named_preset
from uno_desktop.store.paths import user_presets_dir

LABELS = ("name", "title", "description")
OURS = {"stacking": Stacking.MIXED, "jump_in": True, "uno_penalty": 4}


def game_fields(rules: RuleSet) -> dict[str, object]:
    return {
        f.name: getattr(rules, f.name) for f in dataclasses.fields(rules) if f.name not in LABELS
    }


def option_lines(path: Path) -> list[str]:
    """The lines of a preset file that set something (not comments, not blank)."""
    return [
        ln for ln in path.read_text().splitlines() if ln.strip() and not ln.lstrip().startswith("#")
    ]


# ---------------------------------------------------------------- the controls


def test_every_declared_option_a_preset_can_hold_has_a_control() -> None:
    shown = {c.option.field for c in hp.controls("official")}
    without = {o.field for o in OPTIONS} - shown
    # the labels are given when saving; the bluffer's draw is no preset option
    assert without == {"name", "title", "description", "challenge_guilty_draw"}
    assert all(not o.key for o in OPTIONS if o.field == "challenge_guilty_draw")


@pytest.mark.parametrize("field", [o.field for o in hp.editable_options()])
def test_each_control_says_what_it_is_what_it_does_and_what_it_allows(field: str) -> None:
    control = next(c for c in hp.controls("swedish") if c.option.field == field)
    assert control.label and control.explain and "\n" not in control.explain
    assert control.section is not None
    if control.kind is Kind.CHOICE:
        assert [ch.word for ch in control.choices] == [w for w, _v in control.option.words]
        assert all(ch.label for ch in control.choices)
        assert control.value in [ch.value for ch in control.choices]
    elif control.kind is Kind.COUNT:
        assert control.low <= control.value <= control.high  # type: ignore[operator]
    elif control.kind is Kind.FLAG:
        assert isinstance(control.value, bool)
    else:
        assert control.parts and all(p.label for p in control.parts)


def test_the_deck_control_counts_every_card_kind_the_swedish_ones_too() -> None:
    deck = next(c for c in hp.controls("swedish") if c.key == "deck")
    counts = {p.key: (p.value, p.note) for p in deck.parts}
    assert counts["deck.WS"] == (1, "in total")
    assert counts["deck.WC"] == (3, "in total")
    assert counts["deck.D2"] == (2, "per colour")
    assert len(deck.parts) == 17


def test_the_custom_rule_control_offers_its_text_effect_and_amount() -> None:
    custom = next(c for c in hp.controls("swedish") if c.key == "custom_rule")
    text, effect, amount = custom.parts
    assert text.value == "Everyone else draws one card."
    assert effect.value is CustomEffect.OTHERS_DRAW
    assert {ch.value for ch in effect.choices} == set(CustomEffect)
    assert (amount.value, amount.low, amount.high, amount.used) == (1, 1, 10, True)


def test_a_control_shows_the_changed_value_beside_the_base_value() -> None:
    stacking = next(
        c for c in hp.controls("family", {"stacking": Stacking.MIXED}) if c.key == "stacking"
    )
    assert (stacking.value, stacking.base_value, stacking.changed) == (
        Stacking.MIXED,
        Stacking.SAME,
        True,
    )


def test_controls_speak_swedish_when_the_game_does() -> None:
    from uno_desktop.lang.i18n import set_language

    set_language("sv")
    try:
        jump_in = next(c for c in hp.controls("official") if c.key == "jump_in")
        english = "a card identical to the top card may be played out of turn"
        assert jump_in.explain != english
    finally:
        set_language("en")


# ---------------------------------------------------------------- checks


def test_our_rules_pass_the_check() -> None:
    assert hp.check("official", OURS) == []


def test_a_value_out_of_range_is_refused_naming_option_value_and_range() -> None:
    problems = hp.check("official", {"uno_penalty": 40})
    assert [str(p) for p in problems] == [
        "uno_penalty: expected a whole number from 0 to 20; got 40"
    ]


def test_every_bad_value_is_named_not_only_the_first() -> None:
    problems = hp.check("official", {"hand_size": 0, "jump_in": "ture"})
    assert [p.key for p in problems] == ["hand_size", "jump_in"]
    assert problems[1].reason == "expected true or false; got 'ture'"


def test_rules_where_every_card_is_worth_nothing_are_refused() -> None:
    nothing = {rank: 0 for rank in RuleSet().card_values}
    (problem,) = hp.check("official", {"card_values": nothing})
    assert problem.key == "card_values"
    assert "worth 0 points" in problem.reason


def test_rules_whose_rounds_go_round_in_circles_are_refused() -> None:
    changes = {"deck": {"1": 1, "2": 1}, "draw": True, "hand_size": 1, "players.max": 2}
    (problem,) = hp.check("official", changes)
    assert problem.key == "deck"
    assert "play can go round in circles" in problem.reason


def test_an_unknown_option_or_base_is_refused() -> None:
    assert [p.key for p in hp.check("official", {"stackin": Stacking.SAME})] == ["stackin"]
    assert [p.key for p in hp.check("nosuch", {})] == ["extends"]
    assert [p.key for p in hp.check("../official", {})] == ["extends"]


# ---------------------------------------------------------------- playing without saving


def test_unsaved_rules_play_as_the_base_with_the_changes() -> None:
    rules = hp.build_rules("official", OURS)
    assert game_fields(rules) == game_fields(
        RuleSet().replace(stacking=Stacking.MIXED, jump_in=True, uno_penalty=4)
    )
    assert (rules.name, rules.title) == ("official", "Official rules")
    assert not user_presets_dir().exists()


def test_unplayable_unsaved_rules_are_refused() -> None:
    with pytest.raises(hp.RulesRefused) as err:
        hp.build_rules("official", {"hand_size": 31})
    assert err.value.problems[0].key == "hand_size"


# ---------------------------------------------------------------- saving


def test_saved_rules_read_back_as_the_base_with_the_changes() -> None:
    path = hp.save("Grandma's rules", "official", OURS)
    assert path == user_presets_dir() / "grandmas-rules.yaml"
    rules = load_named_preset("grandmas-rules")
    assert game_fields(rules) == game_fields(hp.build_rules("official", OURS))
    assert rules.title == "Grandma's rules"


def test_a_saved_file_holds_only_the_changed_options_each_under_its_comment() -> None:
    path = hp.save("Grandma's rules", "family", {"stacking": Stacking.MIXED, "jump_in": True})
    lines = path.read_text().splitlines()
    assert option_lines(path) == ['title: "Grandma\'s rules"', "extends: family", "stacking: mixed"]
    above = lines[: lines.index("stacking: mixed")]
    comment = []
    while above and above[-1].startswith("#"):
        comment.insert(0, above.pop()[2:])
    assert " ".join(comment) == (
        "passing a Draw Two or Wild Draw Four on by playing another on it: none or same or mixed"
    )


def test_nested_options_are_written_in_their_group() -> None:
    path = hp.save(
        "No challenge", "official", {"wild_draw_four.challenge": False, "players.max": 6}
    )
    assert option_lines(path)[2:] == [
        "players:",
        "  max: 6",
        "wild_draw_four:",
        "  challenge: false",
    ]
    rules = load_named_preset(path.stem)
    assert (rules.challenge, rules.max_players) == (False, 6)


def test_a_deck_points_and_custom_rule_round_trip() -> None:
    deck = dict(RuleSet().deck) | {"WS": 2, "WC": 1}
    custom = CustomRule('Sing "Happy birthday"\u2028twice', CustomEffect.NEXT_DRAWS_SKIPPED, 3)
    changes = {
        "deck": deck,
        "card_values": {"WS": 60},
        "custom_rule": custom,
        "scoring": Scoring.PENALTY,
    }
    path = hp.save("Birthday", "official", changes)
    rules = load_named_preset(path.stem)
    assert dict(rules.deck) == deck
    assert rules.card_values["WS"] == 60 and rules.card_values["WC"] == 40
    assert rules.custom_rule == custom
    assert rules.scoring is Scoring.PENALTY
    assert "card_values:" in path.read_text() and '"WC": 40' not in path.read_text()


def test_editing_a_saved_preset_again_gives_back_its_base_and_changes() -> None:
    path = hp.save("Grandma's rules", "family", {"uno_penalty": 4, "card_values": {"W": 100}})
    draft = hp.load_draft(path.stem)
    assert (draft.title, draft.base, draft.name) == ("Grandma's rules", "family", path.stem)
    assert draft.changes == {"uno_penalty": 4, "card_values": {"W": 100}}


def test_a_builtin_preset_is_edited_as_its_own_base_with_no_changes() -> None:
    assert hp.load_draft("swedish") == hp.Draft("Swedish edition", "swedish", {}, "", "")


def test_a_hand_written_preset_without_extends_is_edited_from_the_official_rules() -> None:
    user_presets_dir().mkdir(parents=True)
    (user_presets_dir() / "ours.yaml").write_text("title: Ours\nseven_zero: ja\n")
    draft = hp.load_draft("ours")
    assert (draft.base, draft.changes) == ("official", {"seven_zero": True})


def test_saving_over_the_preset_being_edited_replaces_it() -> None:
    path = hp.save("Grandma's rules", "official", OURS)
    again = hp.save("Grandma's rules", "official", {"jump_in": True}, replace=path.stem)
    assert again == path
    assert load_named_preset(path.stem).stacking is Stacking.NONE


def test_a_preset_may_start_from_another_of_ours() -> None:
    first = hp.save("Grandma's rules", "official", OURS)
    second = hp.save("Grandpa's rules", first.stem, {"seven_zero": True})
    rules = load_named_preset(second.stem)
    assert (rules.stacking, rules.seven_zero) == (Stacking.MIXED, True)
    assert "extends: grandmas-rules" in second.read_text()


def test_a_preset_cannot_start_from_itself() -> None:
    first = hp.save("Grandma's rules", "official", OURS)
    with pytest.raises(hp.RulesRefused) as err:
        hp.save("Grandma's rules", first.stem, {"seven_zero": True}, replace=first.stem)
    assert "cycle" in str(err.value)


# ---------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Grandma's rules", "grandmas-rules"),
        ("Åsas regler", "asas-regler"),
        ("../../etc/passwd", "etc-passwd"),
        ("C:\\Windows\\win.ini", "c-windows-win-ini"),
        ("..", "rules"),
        ("日本のルール", "rules"),
        ("x" * 80, "x" * 40),
    ],
)
def test_a_file_name_is_a_safe_slug_of_the_title(title: str, name: str) -> None:
    assert hp.slug(title) == name


def test_a_title_like_a_path_is_saved_inside_the_presets_folder() -> None:
    path = hp.save("../../evil", "official", {"jump_in": True})
    assert path.parent == user_presets_dir()
    assert path.name == "evil.yaml"


@pytest.mark.parametrize("title", ["", "   ", "x" * 81, "two\nlines", "tab\there"])
def test_a_bad_title_is_refused_and_nothing_is_written(title: str) -> None:
    with pytest.raises(hp.RulesRefused) as err:
        hp.save(title, "official", OURS)
    assert err.value.problems[0].key == "title"
    assert not user_presets_dir().exists()


def test_a_title_like_a_builtin_preset_never_takes_its_file() -> None:
    path = hp.save("Official!", "official", {"jump_in": True})
    assert path.name == "official-2.yaml"
    assert load_named_preset("official").jump_in is False
    assert (presets_path() / "official.yaml").read_text().count("jump_in: false") == 1


def test_a_builtin_title_is_taken() -> None:
    with pytest.raises(hp.RulesRefused) as err:
        hp.save("family rules", "official", OURS)
    assert err.value.problems[0].key == "title"


def test_two_titles_with_one_slug_get_two_files() -> None:
    a = hp.save("Grandma's rules", "official", OURS)
    b = hp.save("Grandmas rules!", "official", {"seven_zero": True})
    assert (a.name, b.name) == ("grandmas-rules.yaml", "grandmas-rules-2.yaml")
    assert load_named_preset("grandmas-rules").seven_zero is False


def test_the_same_title_twice_is_refused() -> None:
    hp.save("Grandma's rules", "official", OURS)
    with pytest.raises(hp.RulesRefused):
        hp.save("grandma's RULES", "official", {"seven_zero": True})


# ---------------------------------------------------------------- rename, duplicate, delete


def test_rename_gives_a_new_title_and_file_and_keeps_the_rules() -> None:
    old = hp.save("Grandma's rules", "family", {"uno_penalty": 4})
    new = hp.rename(old.stem, "Mormors regler")
    assert (new.name, old.exists()) == ("mormors-regler.yaml", False)
    rules = load_named_preset("mormors-regler")
    assert (rules.title, rules.uno_penalty, rules.stacking) == ("Mormors regler", 4, Stacking.SAME)


HAND_WRITTEN = """\
# Grandma's table, written by hand at Christmas.
title: Grandma's rules
extends: family

# four cards for a forgotten UNO: she insists
uno_penalty: 4
jump_in: true   # the cousins' favourite
"""


def hand_written(text: str = HAND_WRITTEN) -> Path:
    folder = user_presets_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "grandma.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_renaming_a_hand_written_preset_keeps_its_comments_and_order() -> None:
    hand_written()
    before = load_named_preset("grandma")
    new = hp.rename("grandma", "Mormors regler")
    expected = HAND_WRITTEN.replace("title: Grandma's rules", 'title: "Mormors regler"')
    assert (new.read_text(), new.name) == (expected, "mormors-regler.yaml")
    after = load_named_preset("mormors-regler")
    assert after.title == "Mormors regler"
    assert game_fields(after) == game_fields(before)


def test_a_hand_written_preset_saved_on_windows_keeps_its_line_ends_when_renamed() -> None:
    text = "\ufeff" + HAND_WRITTEN.replace("\n", "\r\n")
    folder = user_presets_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "grandma.yaml").write_bytes(text.encode("utf-8"))
    new = hp.rename("grandma", "Mormors regler")
    expected = text.replace("title: Grandma's rules", 'title: "Mormors regler"')
    assert new.read_bytes().decode("utf-8") == expected
    assert load_named_preset(new.stem).uno_penalty == 4


def test_changing_a_hand_written_presets_rules_writes_it_as_the_game_writes_presets() -> None:
    hand_written()
    draft = hp.load_draft("grandma")
    path = hp.save(draft.title, draft.base, {**draft.changes, "uno_penalty": 6}, replace="grandma")
    text = path.read_text()
    assert text.startswith("# UNO Desktop rule preset: Grandma's rules.")
    assert "she insists" not in text
    assert load_named_preset(path.stem).uno_penalty == 6


def test_renaming_a_preset_the_game_wrote_puts_the_new_title_in_its_header_too() -> None:
    old = hp.save("Grandma's rules", "family", {"uno_penalty": 4})
    new = hp.rename(old.stem, "Mormors regler")
    assert new.read_text() == hp.preset_text("Mormors regler", "family", {"uno_penalty": 4})


def test_a_hand_written_title_over_two_lines_is_renamed_by_writing_the_file_anew() -> None:
    hand_written(HAND_WRITTEN.replace("title: Grandma's rules", "title: >\n  Grandma's\n  rules"))
    new = hp.rename("grandma", "Mormors regler")
    rules = load_named_preset(new.stem)
    assert (rules.title, rules.uno_penalty, rules.jump_in) == ("Mormors regler", 4, True)
    assert "she insists" not in new.read_text()


def test_duplicate_copies_a_users_or_a_builtin_preset() -> None:
    mine = hp.save("Grandma's rules", "official", OURS)
    copy = hp.duplicate(mine.stem, "Grandma's rules 2")
    assert game_fields(load_named_preset(copy.stem)) == game_fields(load_named_preset(mine.stem))
    party = hp.duplicate("party", "Our party")
    assert game_fields(load_named_preset(party.stem)) == game_fields(load_named_preset("party"))
    assert mine.exists()


def test_delete_removes_only_that_file() -> None:
    keep = hp.save("Keep", "official", OURS)
    gone = hp.save("Gone", "official", {"seven_zero": True})
    assert hp.delete(gone.stem) == gone
    assert not gone.exists() and keep.exists()
    assert [p.name for p in hp.list_user_presets()] == ["keep"]


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_a_builtin_preset_cannot_be_renamed_or_deleted(name: str) -> None:
    with pytest.raises(hp.RulesRefused):
        hp.delete(name)
    with pytest.raises(hp.RulesRefused):
        hp.rename(name, "Mine now")
    assert list_presets().names() == BUILTIN_NAMES


def test_a_preset_another_starts_from_is_not_deleted_or_renamed() -> None:
    first = hp.save("Grandma's rules", "official", OURS)
    hp.save("Grandpa's rules", first.stem, {"seven_zero": True})
    with pytest.raises(hp.RulesRefused) as err:
        hp.delete(first.stem)
    assert "Grandpa's rules" in str(err.value)
    with pytest.raises(hp.RulesRefused):
        hp.rename(first.stem, "Mormor")
    assert first.exists()


# ---------------------------------------------------------------- the folder


def test_the_presets_folder_is_the_one_the_game_reads() -> None:
    assert hp.presets_folder() == user_presets_dir()


def test_opening_the_presets_folder_makes_it_and_starts_the_file_manager() -> None:
    started: list[list[str]] = []
    assert hp.open_presets_folder(platform="linux", launch=started.append) is True
    assert started == [["xdg-open", str(user_presets_dir())]]
    assert user_presets_dir().is_dir()
    started.clear()
    assert hp.open_presets_folder(platform="darwin", launch=started.append) is True
    assert started[0][0] == "open"


def test_without_a_file_manager_opening_the_folder_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda _name: None)
    assert hp.open_presets_folder(platform="linux") is False


def test_a_file_manager_that_cannot_start_is_a_no() -> None:
    def fails(_command: list[str]) -> object:
        raise FileNotFoundError("xdg-open")

    assert hp.open_presets_folder(platform="linux", launch=fails) is False


def test_a_match_with_unsaved_rules_continues_with_them() -> None:
    import json

    from uno_desktop.play.clock import ManualClock
    from uno_desktop.play.match import Match, SeatSpec

    rules = hp.build_rules("family", {"stacking": Stacking.MIXED, "uno_penalty": 4})
    seats = [SeatSpec("Ann", "human"), SeatSpec("Bo", "easy")]
    match = Match(rules, seats, 7, preset="family", clock=ManualClock())
    match.start_round()
    saved = json.loads(json.dumps(match.to_dict()))
    resumed = Match.from_dict(saved, clock=ManualClock())
    assert resumed.rules == rules
    assert (resumed.rules.stacking, resumed.rules.uno_penalty, resumed.preset) == (
        Stacking.MIXED,
        4,
        "family",
    )


# ---------------------------------------------------------------- a broken file, in Swedish


def test_a_broken_files_reason_is_worded_in_swedish_with_file_line_and_option() -> None:
    from uno_desktop.lang.i18n import set_language
    from uno_desktop.rules.presets import PresetError

    user_presets_dir().mkdir(parents=True)
    path = user_presets_dir() / "ours.yaml"
    path.write_text("title: Ours\nhand_size: 99\n")
    with pytest.raises(PresetError) as err:
        load_named_preset("ours")
    set_language("sv")
    try:
        swedish = err.value.translated()
        listed = list_presets().errors
    finally:
        set_language("en")
    assert swedish == f"{path}: rad 2: hand_size: väntade ett heltal från 1 till 30; fick 99"
    assert listed == (swedish,)
    assert (
        str(err.value) == f"{path}: line 2: hand_size: expected a whole number from 1 to 30; got 99"
    )
    assert (err.value.line, err.value.key) == (2, "hand_size")


def test_an_unknown_option_is_explained_in_swedish_with_what_the_right_one_does() -> None:
    from uno_desktop.lang.i18n import set_language

    set_language("sv")
    try:
        (problem,) = hp.check("official", {"jump_inn": True})
        user_presets_dir().mkdir(parents=True)
        (user_presets_dir() / "typo.yaml").write_text("jump_inn: ja\n")
        (listed,) = list_presets().errors
    finally:
        set_language("en")
    assert problem.reason == "inte ett alternativ som reglerna kan ändra"
    assert listed.endswith(
        "rad 1: jump_inn: okänd regel; menade du 'jump_in' (ett kort som är likadant som det "
        "översta får spelas utanför tur)?"
    )


def test_editing_a_preset_another_starts_from_may_not_rename_it() -> None:
    first = hp.save("Grandma's rules", "official", OURS)
    hp.save("Grandpa's rules", first.stem, {"seven_zero": True})
    again = hp.save("Grandma's rules", "official", {"jump_in": True}, replace=first.stem)
    assert again == first  # the same title: saved over, nothing breaks
    with pytest.raises(hp.RulesRefused):
        hp.save("Mormor", "official", {"jump_in": True}, replace=first.stem)
    assert first.exists() and load_named_preset("grandpas-rules").seven_zero is True


def test_a_control_changes_one_card_kind_and_a_value_back_at_the_base_is_no_change() -> None:
    changes = hp.change("official", {}, "deck.WS", 2)
    assert changes == {"deck": {**dict(RuleSet().deck), "WS": 2, "WC": 0}}
    assert hp.change("official", changes, "deck.WS", 0) == {}
    assert hp.change("family", {}, "stacking", Stacking.SAME) == {}
    assert hp.change("family", {}, "stacking", Stacking.MIXED) == {"stacking": Stacking.MIXED}


def test_a_control_changes_one_part_of_the_custom_rule_or_the_card_points() -> None:
    changes = hp.change("swedish", {}, "custom_rule.effect", "extra_turn")
    rule = changes["custom_rule"]
    assert isinstance(rule, CustomRule) and rule.effect is CustomEffect.EXTRA_TURN
    points = hp.change("official", {}, "card_values.W", 60)["card_values"]
    assert isinstance(points, dict) and points["W"] == 60 and points["W4"] == 50
    with pytest.raises(hp.RulesRefused):
        hp.change("official", {}, "custom_rule.colour", "red")
    with pytest.raises(hp.RulesRefused):
        hp.change("official", {}, "deck.Joker", 2)


@pytest.mark.parametrize("name", ["our rules #1", "!tagged", "&anchor", "[x]", "ja"])
def test_a_hand_named_preset_is_extended_by_exactly_its_name(name: str) -> None:
    user_presets_dir().mkdir(parents=True)
    (user_presets_dir() / f"{name}.yaml").write_text("hand_size: 5\n")
    path = hp.save("Ours", name, {"jump_in": True})
    rules = load_named_preset(path.stem)
    assert (rules.hand_size, rules.jump_in) == (5, True)
    assert hp.load_draft(path.stem).base == name
