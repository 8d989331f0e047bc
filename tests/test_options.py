"""Rule options are declared once: every RuleSet field has one declaration, and a saved
rule set is held to the same ranges and whole-set checks as a preset file."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from uno_desktop.engine.rules import CustomEffect, CustomRule, RuleSet
from uno_desktop.rules.options import (
    CUSTOM_AMOUNT_RANGE,
    OPTIONS,
    Kind,
    OptionError,
    game_options_differ,
    option,
    quote,
    rule_set_problem,
    rules_from_json,
    rules_to_json,
)
from uno_desktop.rules.presets import BUILTIN_NAMES, PresetError, load_preset


def test_every_rule_set_field_is_declared_exactly_once() -> None:
    declared = [o.field for o in OPTIONS]
    assert declared == [f.name for f in dataclasses.fields(RuleSet)]


def test_no_two_options_share_a_preset_key() -> None:
    keys = [o.key for o in OPTIONS if o.key]
    assert len(keys) == len(set(keys))


def test_only_the_target_score_and_the_custom_rule_may_differ_per_match() -> None:
    assert {o.field for o in OPTIONS if o.per_match} == {"target_score", "custom_rule"}


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_a_builtin_rule_set_survives_its_json_form_unchanged(name: str) -> None:
    rules = load_preset(name)
    assert rules_from_json(rules_to_json(rules)) == rules


def test_an_option_missing_from_saved_rules_takes_the_official_value() -> None:
    saved = rules_to_json(load_preset("party"))
    del saved["jump_in"]
    assert rules_from_json(saved).jump_in is RuleSet().jump_in


OUT_OF_RANGE = [
    ("uno_penalty", 21),
    ("uno_penalty", -1),
    ("uno_penalty", True),
    ("hand_size", 0),
    ("target_score", 100_001),
    ("min_players", 1),
    ("max_players", 11),
    ("deck", {"W": 100_000_000}),
    ("deck", {"Joker": 2}),
    ("card_values", {"W": 501}),
    ("stacking", "sometimes"),
    ("draw_until_playable", "yes"),
    ("jump_in", 1),
    ("title", "x" * 81),
    ("custom_rule", {"text": "Hi", "effect": "others_draw", "amount": 0}),
    ("custom_rule", {"text": "Hi", "effect": "others_draw", "amount": 11}),
    ("custom_rule", {"text": "Hi", "effect": "explode", "amount": 1}),
    ("custom_rule", {"text": "", "effect": "text", "amount": 1}),
]


@pytest.mark.parametrize(
    ("field", "value"), OUT_OF_RANGE, ids=[f"{f}={v!r:.20}" for f, v in OUT_OF_RANGE]
)
def test_a_saved_value_outside_the_preset_range_is_refused(field: str, value: object) -> None:
    saved = rules_to_json(RuleSet())
    saved[field] = value
    with pytest.raises(OptionError):
        rules_from_json(saved)


def test_an_unknown_saved_option_is_refused_by_name() -> None:
    saved = {**rules_to_json(RuleSet()), "free_cards": 3}
    with pytest.raises(OptionError, match="unknown option 'free_cards'"):
        rules_from_json(saved)


@pytest.mark.parametrize("amount", [0, 11])
def test_the_custom_amount_range_is_the_same_in_a_preset_and_a_saved_match(
    tmp_path: Path, amount: int
) -> None:
    assert not CUSTOM_AMOUNT_RANGE[0] <= amount <= CUSTOM_AMOUNT_RANGE[1]
    path = tmp_path / "mine.yaml"
    path.write_text(f"custom_rule: {{text: Hi, effect: others_draw, amount: {amount}}}\n")
    with pytest.raises(
        PresetError, match=f"custom_rule.amount: expected a whole number from 1 to 10; got {amount}"
    ):
        load_preset(str(path))
    with pytest.raises(
        OptionError, match=r"custom_rule\.amount: expected a whole number from 1 to 10"
    ):
        option("custom_rule").from_json({"text": "Hi", "effect": "others_draw", "amount": amount})


def test_the_largest_custom_amount_is_accepted_everywhere(tmp_path: Path) -> None:
    high = CUSTOM_AMOUNT_RANGE[1]
    path = tmp_path / "mine.yaml"
    path.write_text(f"custom_rule: {{text: Hi, effect: others_draw, amount: {high}}}\n")
    assert load_preset(str(path)).custom_rule.amount == high
    rule = option("custom_rule").from_json({"text": "Hi", "effect": "others_draw", "amount": high})
    assert rule == CustomRule("Hi", CustomEffect.OTHERS_DRAW, high)


def test_saved_rules_that_cannot_deal_are_refused_like_a_preset() -> None:
    saved = {**rules_to_json(RuleSet()), "deck": {"0": 1}}
    with pytest.raises(OptionError, match="a deck of 4 cards cannot deal 7 cards to 10 players"):
        rules_from_json(saved)


def test_a_deck_worth_nothing_cannot_end_a_match() -> None:
    rules = RuleSet(card_values={rank: 0 for rank in RuleSet().card_values})
    problem = rule_set_problem(rules)
    assert problem is not None and "nobody can ever reach the target score" in problem.message


def test_ones_and_twos_drawn_until_playable_can_go_round_in_circles() -> None:
    rules = RuleSet(deck={"1": 1, "2": 1}, hand_size=1, max_players=2, draw_until_playable=True)
    problem = rule_set_problem(rules)
    assert problem is not None and "went round in circles" in problem.message


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_every_builtin_preset_can_be_played_to_the_end(name: str) -> None:
    assert rule_set_problem(load_preset(name)) is None


def test_an_edited_preset_differs_in_its_game_options_not_its_target() -> None:
    official = RuleSet()
    assert game_options_differ(official, official.replace(target_score=200)) == []
    changed = official.replace(jump_in=True, uno_penalty=4, title="Ours")
    assert game_options_differ(official, changed) == ["jump_in", "uno_penalty"]


def test_every_kind_of_option_is_used() -> None:
    assert {o.kind for o in OPTIONS} == set(Kind)


QUOTES = [
    ("root:x:0:0\ndaemon:x:1:1\n", "'root:x:0:0…'"),
    ("y" * 5_000_000, "'" + "y" * 60 + "…'"),
    ([[[[]]]], "a list"),
    ({"a": 1}, "a mapping"),
    (10**100, "a huge number"),
    (None, "nothing"),
    ("short", "'short'"),
]


@pytest.mark.parametrize(("value", "shown"), QUOTES, ids=[s for _v, s in QUOTES])
def test_a_quoted_value_is_at_most_one_clipped_line(value: object, shown: str) -> None:
    assert quote(value) == shown


def test_every_option_says_what_it_does() -> None:
    assert all(o.explain and "\n" not in o.explain for o in OPTIONS)


def test_a_misspelt_option_is_answered_with_what_the_right_one_does(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text("uno_penalti: 3\n")
    with pytest.raises(PresetError) as err:
        load_preset(str(path))
    assert str(err.value).endswith(
        "did you mean 'uno_penalty' (cards drawn when caught without having said UNO)?"
    )


def test_new_game_offers_the_target_score_in_steps_of_its_declaration() -> None:
    target = option("target_score")
    offered = target.steps()
    assert (offered.start, offered[-1], offered.step) == (50, target.high, 50)
    assert all(target.low <= value <= target.high for value in (offered.start, offered[-1]))
    assert [target.nearest_step(v) for v in (1, 74, 76, 500, 10**9)] == [50, 50, 100, 500, 100_000]


def test_every_per_match_option_has_a_label_for_new_game() -> None:
    assert all(o.label for o in OPTIONS if o.per_match)
