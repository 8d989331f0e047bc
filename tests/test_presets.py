"""Rule presets: the built-in files say what their documentation says, `extends` changes
only what it names, user presets are listed, and every broken file gets a clear message."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from uno_desktop.engine.rules import CustomEffect, RuleSet, Scoring, Stacking
from uno_desktop.resources import presets_path
from uno_desktop.rules.presets import (
    BUILTIN_NAMES,
    PresetError,
    list_presets,
    load_preset,
)
from uno_desktop.store.paths import user_presets_dir

LABELS = ("name", "title", "description")


def rule_fields(rules: RuleSet) -> dict[str, object]:
    """Every field that changes the game (not the preset's name, title or description)."""
    return {
        f.name: getattr(rules, f.name) for f in dataclasses.fields(rules) if f.name not in LABELS
    }


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- built-in presets


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_builtin_preset_loads_under_its_own_name(name: str) -> None:
    rules = load_preset(name)
    assert rules.name == name
    assert rules.title and rules.description


@pytest.mark.parametrize("field", [f.name for f in dataclasses.fields(RuleSet)])
def test_official_preset_equals_the_default_rule_set_in_every_field(field: str) -> None:
    assert getattr(load_preset("official"), field) == getattr(RuleSet(), field)


def test_official_deck_has_108_cards() -> None:
    assert load_preset("official").deck_size() == 108


def test_family_stacks_same_kind_draws_until_playable_and_allows_jump_in() -> None:
    rules = load_preset("family")
    assert rules.stacking is Stacking.SAME
    assert rules.draw_until_playable is True
    assert rules.jump_in is True


def test_family_is_official_apart_from_its_three_house_rules() -> None:
    family = rule_fields(load_preset("family"))
    official = rule_fields(RuleSet())
    changed = {k for k in official if family[k] != official[k]}
    assert changed == {"stacking", "draw_until_playable", "jump_in"}


def test_swedish_deck_has_112_cards_with_one_swap_and_three_customizable() -> None:
    rules = load_preset("swedish")
    assert rules.deck_size() == 112
    assert rules.deck["WS"] == 1
    assert rules.deck["WC"] == 3


def test_swedish_swap_and_customizable_cards_are_worth_40() -> None:
    rules = load_preset("swedish")
    assert rules.card_values["WS"] == 40
    assert rules.card_values["WC"] == 40


def test_swedish_has_no_stacking_and_a_challenge_costing_4_or_6() -> None:
    rules = load_preset("swedish")
    assert rules.stacking is Stacking.NONE
    assert rules.challenge is True
    assert rules.challenge_guilty_draw == 4
    assert 4 + rules.challenge_innocent_extra == 6


def test_swedish_custom_rule_makes_everyone_else_draw_one() -> None:
    rule = load_preset("swedish").custom_rule
    assert rule.effect is CustomEffect.OTHERS_DRAW
    assert rule.amount == 1
    assert rule.text == "Everyone else draws one card."  # shown in the player's language


def test_swedish_is_official_apart_from_its_deck() -> None:
    # its Wild Customizable rule is the game's own default, written out in its file
    swedish = rule_fields(load_preset("swedish"))
    official = rule_fields(RuleSet())
    changed = {k for k in official if swedish[k] != official[k]}
    assert changed == {"deck"}


def test_party_turns_on_every_house_rule() -> None:
    rules = load_preset("party")
    assert rules.stacking is Stacking.MIXED
    assert rules.seven_zero is True
    assert rules.jump_in is True
    assert rules.draw_until_playable is True
    assert rules.uno_penalty == 4


def test_builtin_preset_loads_by_path_too() -> None:
    path = presets_path() / "family.yaml"
    assert load_preset(str(path)) == load_preset("family")


def test_unknown_preset_name_is_refused_naming_the_builtins() -> None:
    with pytest.raises(PresetError, match="unknown preset 'nosuch'; built-in presets: official"):
        load_preset("nosuch")


def test_missing_preset_path_is_refused() -> None:
    with pytest.raises(PresetError, match="no such preset file"):
        load_preset("/nowhere/at/all.yaml")


def test_builtin_error_message_names_file_line_and_option(tmp_path: Path) -> None:
    """The format of the style guide, on a copy of family.yaml with one value spoiled."""
    lines = (presets_path() / "family.yaml").read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("stacking:"))
    lines[number - 1] = "stacking: yes"
    path = write(tmp_path, "family", "\n".join(lines))
    with pytest.raises(PresetError) as err:
        load_preset(str(path))
    assert str(err.value) == (
        f"{path}: line {number}: stacking: expected one of none, same, mixed; got 'yes'"
    )


# ---------------------------------------------------------------- options and extends


def test_extends_changes_only_the_options_it_names(tmp_path: Path) -> None:
    path = write(tmp_path, "ours", "extends: family\nuno_penalty: 3\n")
    ours = rule_fields(load_preset(str(path)))
    family = rule_fields(load_preset("family"))
    assert ours == {**family, "uno_penalty": 3}


def test_extends_keeps_nested_options_that_are_not_named(tmp_path: Path) -> None:
    path = write(tmp_path, "ours", "extends: official\nwild_draw_four:\n  bluffing: false\n")
    rules = load_preset(str(path))
    assert (rules.bluffing, rules.challenge) == (False, True)


def test_extends_chain_passes_changes_down(tmp_path: Path) -> None:
    write(tmp_path, "middle", "extends: swedish\nhand_size: 5\n")
    path = write(tmp_path, "last", "extends: middle\ntarget_score: 200\n")
    rules = load_preset(str(path))
    assert (rules.deck_size(), rules.hand_size, rules.target_score) == (112, 5, 200)


def test_extends_cycle_between_two_files_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "ping", "extends: pong\n")
    path = write(tmp_path, "pong", "title: Pong\nextends: ping\n")
    with pytest.raises(PresetError) as err:
        load_preset(str(path))
    assert (
        str(err.value) == f"{tmp_path / 'ping'}.yaml: line 1: extends: cycle: pong -> ping -> pong"
    )


def test_title_defaults_to_the_file_name(tmp_path: Path) -> None:
    rules = load_preset(str(write(tmp_path, "grandma", "extends: official\n")))
    assert (rules.name, rules.title, rules.description) == ("grandma", "grandma", "")


def test_deck_numbers_shorthand_sets_one_to_nine_and_single_numbers_win(tmp_path: Path) -> None:
    text = 'deck:\n  "0": 2\n  "1-9": 3\n  7: 1\n  W: 4\n'
    rules = load_preset(str(write(tmp_path, "numbers", text)))
    assert dict(rules.deck) == {"0": 2, **{str(n): 3 for n in range(1, 10)}, "7": 1, "W": 4}


def test_card_values_left_out_keep_their_usual_value(tmp_path: Path) -> None:
    rules = load_preset(str(write(tmp_path, "cheap", "card_values:\n  W4: 25\n")))
    assert (rules.card_values["W4"], rules.card_values["W"], rules.card_values["7"]) == (25, 50, 7)


def test_every_option_maps_to_its_rule_set_field(tmp_path: Path) -> None:
    text = """\
draw: until_playable
drawn_card: keep
players: {min: 3, max: 6}
hand_size: 8
false_catch_penalty: 1
scoring: penalty
wild_draw_four: {bluffing: false, challenge: false, innocent_extra: 0}
custom_rule: {text: Swap!, effect: swap_hands}
"""
    rules = load_preset(str(write(tmp_path, "all", text)))
    assert (rules.draw_until_playable, rules.play_drawn) == (True, False)
    assert (rules.min_players, rules.max_players, rules.hand_size) == (3, 6, 8)
    assert (rules.false_catch_penalty, rules.scoring) == (1, Scoring.PENALTY)
    assert (rules.bluffing, rules.challenge, rules.challenge_innocent_extra) == (False, False, 0)
    assert (rules.custom_rule.text, rules.custom_rule.effect) == ("Swap!", CustomEffect.SWAP_HANDS)


def test_yaml_tags_that_would_run_code_are_refused_not_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = f"title: !!python/object/apply:os.system ['touch {marker}']\n"
    with pytest.raises(PresetError, match=r"title: a YAML tag \(!!python/object/apply:os"):
        load_preset(str(write(tmp_path, "evil", text)))
    assert not marker.exists()


# ---------------------------------------------------------------- broken files

BROKEN: list[tuple[str, str, str]] = [
    (
        "syntax_error",
        "stacking: [same\njump_in: true\n",
        "line 2: YAML syntax error: while parsing a flow sequence, expected ',' or ']', "
        "but got ':'",
    ),
    (
        "colon_in_text",
        "title: Ours\ndescription: Ours: more fun\n",
        "line 2: YAML syntax error: mapping values are not allowed here "
        "(put text containing ': ' in quotes)",
    ),
    (
        "unknown_key",
        "title: Ours\nstackin: same\n",
        "line 2: stackin: unknown option; did you mean 'stacking' (passing a Draw Two or "
        "Wild Draw Four on by playing another on it)?",
    ),
    (
        "unknown_nested_key",
        "wild_draw_four:\n  bluff: true\n",
        "line 2: wild_draw_four.bluff: unknown option; did you mean 'bluffing' (a Wild Draw "
        "Four may be played while holding the colour in play)?",
    ),
    (
        "bool_given_as_string",
        'jump_in: "true"\n',
        "line 1: jump_in: expected true or false; got 'true'",
    ),
    (
        "number_given_as_word",
        "hand_size: seven\n",
        "line 1: hand_size: expected a whole number from 1 to 30; got 'seven'",
    ),
    (
        "hand_size_out_of_range",
        "hand_size: 0\n",
        "line 1: hand_size: expected a whole number from 1 to 30; got 0",
    ),
    (
        "negative_deck_count",
        "deck:\n  S: -1\n",
        "line 2: deck.S: expected a whole number from 0 to 20; got -1",
    ),
    (
        "silly_uno_penalty",
        "uno_penalty: 500\n",
        "line 1: uno_penalty: expected a whole number from 0 to 20; got 500",
    ),
    (
        "target_score_not_whole",
        "target_score: 500.5\n",
        "line 1: target_score: expected a whole number from 1 to 100000; got 500.5",
    ),
    (
        "bad_enum",
        "stacking: yes\n",
        "line 1: stacking: expected one of none, same, mixed; got 'yes'",
    ),
    (
        "bad_bool_in_group",
        "wild_draw_four:\n  bluffing: maybe\n",
        "line 2: wild_draw_four.bluffing: expected true or false; got 'maybe'",
    ),
    (
        "bad_deck_key",
        "deck:\n  Joker: 2\n",
        "line 2: deck.Joker: unknown card kind; expected one of 0-9, 1-9, S, R, D2, W, W4, WS, WC",
    ),
    (
        "deck_key_in_wrong_case",
        "deck:\n  d2: 2\n",
        "line 2: deck.d2: unknown card kind; did you mean 'D2'?",
    ),
    (
        "too_small_deck",
        'deck:\n  "0": 1\n',
        "line 1: deck: a deck of 4 cards cannot deal 7 cards to 10 players and turn a "
        "start card (needs 71)",
    ),
    (
        "hand_too_big_for_deck",
        "hand_size: 11\n",
        "line 1: hand_size: a deck of 108 cards cannot deal 11 cards to 10 players and turn "
        "a start card (needs 111)",
    ),
    (
        "only_wild_draw_four_deck",
        "players: {min: 2, max: 2}\nhand_size: 1\ndeck:\n  W4: 5\n",
        "line 3: deck: only Wild Draw Four cards: no card can start the discard pile",
    ),
    (
        "too_few_start_cards",
        "hand_size: 8\ndeck:\n  '1-9': 2\n  W4: 20\n",
        "line 2: deck: only 72 cards are not Wild Draw Four; dealing 8 cards to 10 players "
        "could leave no start card (needs 81)",
    ),
    (
        "min_above_max_players",
        "players:\n  min: 5\n  max: 3\n",
        "line 2: players: min (5) is larger than max (3)",
    ),
    (
        "players_outside_2_to_10",
        "players:\n  max: 12\n",
        "line 2: players.max: expected a whole number from 2 to 10; got 12",
    ),
    (
        "unknown_extends",
        "extends: nosuch\n",
        "line 1: extends: unknown preset 'nosuch'; built-in presets: official, family, "
        "swedish, party",
    ),
    (
        "extends_itself",
        "extends: extends_itself\n",
        "line 1: extends: cycle: extends_itself -> extends_itself",
    ),
    ("empty_file", "", "line 1: the file is empty; write options like 'stacking: none'"),
    (
        "only_comments",
        "# stacking: same\n",
        "line 1: the file is empty; write options like 'stacking: none'",
    ),
    (
        "list_at_top_level",
        "- stacking: same\n",
        "line 1: expected options as 'key: value' lines at the top level; got a list",
    ),
    (
        "bad_custom_effect",
        "custom_rule:\n  text: Hi\n  effect: explode\n",
        "line 3: custom_rule.effect: expected one of text, others_draw, next_draws_skipped, "
        "extra_turn, swap_hands, rotate_hands; got 'explode'",
    ),
    (
        "custom_effect_without_amount",
        "custom_rule:\n  text: Hi\n  effect: others_draw\n",
        "line 3: custom_rule.amount: effect others_draw needs an amount (cards to draw, 1 to 10)",
    ),
    (
        "custom_rule_without_text",
        "custom_rule:\n  effect: extra_turn\n",
        "line 2: custom_rule: needs a text (what the card says)",
    ),
    (
        "option_given_twice",
        "stacking: same\njump_in: true\nstacking: none\n",
        "line 3: stacking: given twice (first on line 1)",
    ),
    (
        "name_differs_from_file",
        "name: other\n",
        "line 1: name: must match the file name 'name_differs_from_file'; got 'other'",
    ),
    (
        "two_documents",
        "stacking: same\n---\njump_in: true\n",
        "line 2: YAML syntax error: expected a single document in the stream, "
        "but found another document",
    ),
]


@pytest.mark.parametrize(("name", "text", "message"), BROKEN, ids=[c[0] for c in BROKEN])
def test_broken_preset_is_refused_with_file_line_and_option(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    path = write(tmp_path, name, text)
    with pytest.raises(PresetError) as err:
        load_preset(str(path))
    assert str(err.value) == f"{path}: {message}"


def test_preset_error_is_a_value_error() -> None:
    assert issubclass(PresetError, ValueError)


# ---------------------------------------------------------------- listing and user presets


def test_listing_shows_the_builtins_in_menu_order() -> None:
    listing = list_presets()
    assert listing.names() == BUILTIN_NAMES
    assert all(p.builtin for p in listing.presets)
    assert listing.errors == ()


def test_listing_gives_title_and_description_for_the_menu() -> None:
    info = list_presets().get("swedish")
    assert info is not None
    assert (info.title, info.description) == (info.rules.title, info.rules.description)
    assert info.path == presets_path() / "swedish.yaml"


def test_user_preset_appears_in_the_listing() -> None:
    write(user_presets_dir(), "grandma", "extends: family\ntitle: Grandma's rules\n")
    info = list_presets().get("grandma")
    assert info is not None
    assert (info.title, info.builtin) == ("Grandma's rules", False)
    assert info.path == user_presets_dir() / "grandma.yaml"


def test_user_preset_loads_by_name() -> None:
    write(user_presets_dir(), "grandma", "extends: family\nuno_penalty: 0\n")
    assert load_preset("grandma").uno_penalty == 0


def test_user_preset_may_extend_another_user_preset() -> None:
    write(user_presets_dir(), "base", "extends: party\nhand_size: 5\n")
    write(user_presets_dir(), "mine", "extends: base\ntarget_score: 100\n")
    rules = load_preset("mine")
    assert (rules.seven_zero, rules.hand_size, rules.target_score) == (True, 5, 100)


def test_broken_user_preset_is_listed_as_an_error_and_the_others_still_load() -> None:
    write(user_presets_dir(), "good", "extends: official\njump_in: true\n")
    bad = write(user_presets_dir(), "bad", "stacking: sometimes\n")
    listing = list_presets()
    assert listing.names() == (*BUILTIN_NAMES, "good")
    assert listing.errors == (
        f"{bad}: line 1: stacking: expected one of none, same, mixed; got 'sometimes'",
    )
    assert load_preset("good").jump_in is True


def test_user_preset_with_a_builtin_name_is_reported_and_the_builtin_wins() -> None:
    path = write(user_presets_dir(), "official", "jump_in: true\n")
    listing = list_presets()
    assert listing.names() == BUILTIN_NAMES
    assert listing.errors == (
        f"{path}: the name 'official' belongs to a built-in preset; rename the file",
    )
    assert load_preset("official").jump_in is False


def test_listing_without_a_user_presets_folder_creates_nothing() -> None:
    assert not user_presets_dir().exists()
    list_presets()
    assert not user_presets_dir().exists()


# ---------------------------------------------------------------- Swedish yes and no


@pytest.mark.parametrize(
    ("word", "value"), [("ja", True), ("Ja", True), ("JA", True), ("nej", False), ("Nej", False)]
)
def test_swedish_yes_and_no_are_read_where_true_and_false_are(
    tmp_path: Path, word: str, value: bool
) -> None:
    path = write(tmp_path, "svenska", f"jump_in: {word}\nwild_draw_four:\n  challenge: {word}\n")
    rules = load_preset(str(path))
    assert (rules.jump_in, rules.challenge) == (value, value)


@pytest.mark.parametrize("text", ['"ja"', "'nej'", "jA", "jaa"])
def test_quoted_or_misspelt_swedish_yes_and_no_are_refused(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, "svenska", f"jump_in: {text}\n")
    with pytest.raises(PresetError, match="jump_in: expected true or false"):
        load_preset(str(path))


def test_swedish_yes_is_no_choice_word(tmp_path: Path) -> None:
    path = write(tmp_path, "svenska", "stacking: ja\n")
    with pytest.raises(PresetError, match="stacking: expected one of none, same, mixed; got 'ja'"):
        load_preset(str(path))
