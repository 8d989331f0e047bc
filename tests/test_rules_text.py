"""How to play: generated from the rule set, so every preset and option is explained."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path

import pytest

from uno_desktop.engine.rules import (
    STANDARD_DECK,
    CustomEffect,
    CustomRule,
    RuleSet,
    Scoring,
    Stacking,
)
from uno_desktop.lang.i18n import _, set_language
from uno_desktop.rules.options import (
    CUSTOM_AMOUNT_RANGE,
    DECK_RANKS,
    LABELS,
    OPTIONS,
    Kind,
    Option,
    Section,
)
from uno_desktop.rules.presets import load_preset
from uno_desktop.rules.rules_text import how_to_play, sections

ROOT = Path(__file__).resolve().parent.parent
PRESETS = sorted(p.stem for p in (ROOT / "rules_presets").glob("*.yaml"))

ENGLISH_CARD_NAMES = (
    "Skip",
    "Reverse",
    "Draw Two",
    "Wild",
    "Draw Four",
    "Swap Hands",
    "Customizable",
)
# Names from other printings that the Swedish edition does not use.
OTHER_SWEDISH_NAMES = ("Stopp", "Byt håll", "Dra två", "Joker", "dra fyra")

SWEDISH_DECK = {**STANDARD_DECK, "WS": 1, "WC": 3}


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    set_language("en")


def text_of(rules: RuleSet, lang: str = "en") -> str:
    set_language(lang)
    try:
        return "\n".join(f"{heading}\n{body}" for heading, body in how_to_play(rules))
    finally:
        set_language("en")


def sections_of(rules: RuleSet, lang: str = "en") -> dict[str, str]:
    set_language(lang)
    try:
        return dict(how_to_play(rules))
    finally:
        set_language("en")


# --- the built-in presets -----------------------------------------------------------


def test_official_rules_say_draw_one_card():
    assert "draw one card" in text_of(load_preset("official"))


def test_official_rules_say_no_stacking():
    assert "No stacking" in sections_of(load_preset("official"))["Stacking"]


def test_official_rules_have_no_jump_in_section():
    assert "Jump-in" not in sections_of(load_preset("official"))


def test_family_rules_explain_stacking_draw_two_on_draw_two():
    body = sections_of(load_preset("family"))["Stacking"]
    assert "Draw Two of your own" in body


def test_family_rules_explain_jump_in():
    assert "even when it is not your turn" in sections_of(load_preset("family"))["Jump-in"]


def test_family_rules_say_draw_until_playable():
    assert "until you get one you can play" in text_of(load_preset("family"))


def test_swedish_edition_explains_wild_swap_hands():
    assert "swap hands with" in sections_of(load_preset("swedish"))["Wild Swap Hands"]


def test_swedish_edition_shows_the_tables_custom_rule_text():
    rules = load_preset("swedish")
    assert rules.custom_rule.text in sections_of(rules)["Wild Customizable"]


def test_swedish_edition_counts_112_cards():
    assert "The deck has 112 cards." in sections_of(load_preset("swedish"))["The cards"]


def test_rules_without_swap_or_customizable_cards_do_not_mention_them():
    text = text_of(RuleSet())
    assert "Swap Hands" not in text
    assert "Customizable" not in text


def test_swedish_text_uses_the_editions_name_vild_dra_4():
    assert "Vild dra 4" in text_of(load_preset("swedish"), "sv")


@pytest.mark.parametrize("preset", PRESETS)
def test_swedish_text_has_no_english_card_names(preset):
    text = text_of(load_preset(preset), "sv")
    found = [name for name in ENGLISH_CARD_NAMES if name in text]
    assert not found, f"{preset}: English card names in the Swedish text: {found}"


@pytest.mark.parametrize("preset", PRESETS)
def test_swedish_text_uses_only_the_editions_card_names(preset):
    text = text_of(load_preset(preset), "sv")
    found = [name for name in OTHER_SWEDISH_NAMES if name in text]
    assert not found, f"{preset}: card names the Swedish edition does not print: {found}"


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("preset", PRESETS)
def test_every_section_has_a_heading_and_a_body(preset, lang):
    set_language(lang)
    for heading, body in how_to_play(load_preset(preset)):
        assert heading.strip(), f"{preset}/{lang}: a section without a heading"
        assert body.strip(), f"{preset}/{lang}: {heading!r} is empty"


@pytest.mark.parametrize("preset", PRESETS)
def test_every_swedish_paragraph_is_translated(preset):
    rules = load_preset(preset)
    english = set(text_of(rules, "en").splitlines())
    swedish = text_of(rules, "sv").splitlines()
    untranslated = [line for line in swedish if line in english and line != "UNO!"]
    assert not untranslated, f"{preset}: still English in Swedish: {untranslated}"


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("preset", PRESETS)
def test_no_placeholder_is_left_unfilled(preset, lang):
    text = text_of(load_preset(preset), lang)
    assert "{" not in text and "}" not in text


def test_the_keys_section_names_every_key():
    body = sections_of(RuleSet())["Keys"]
    for key in (
        "Left and Right",
        "Tab",
        "Up and Down",
        "Enter",
        "Esc",
        "U:",
        "D:",
        "K:",
        "C:",
        "F11",
    ):
        assert key in body


# --- options, one at a time ---------------------------------------------------------


def test_hand_size_is_the_number_dealt():
    assert "Everyone gets 5 cards" in sections_of(RuleSet(hand_size=5))["Dealing"]


def test_a_hand_of_one_card_reads_naturally():
    assert "Everyone gets one card." in sections_of(RuleSet(hand_size=1))["Dealing"]


def test_drawn_card_must_be_kept_when_play_drawn_is_off():
    assert "goes into your hand" in sections_of(RuleSet(play_drawn=False))["Your turn"]


def test_drawn_card_may_be_played_or_kept_by_default():
    assert "play it at once or keep it" in sections_of(RuleSet())["Your turn"]


def test_mixed_stacking_allows_either_draw_card():
    body = sections_of(RuleSet(stacking=Stacking.MIXED))["Stacking"]
    assert "either of them" in body


def test_stacking_notes_that_only_the_last_wild_draw_four_can_be_challenged():
    body = sections_of(RuleSet(stacking=Stacking.SAME))["Wild Draw Four"]
    assert "only the last Wild Draw Four" in body


def test_innocent_challenge_draws_four_plus_the_extra():
    body = sections_of(RuleSet(challenge_innocent_extra=3))["Wild Draw Four"]
    assert "the challenger draws 7 cards" in body


def test_guilty_challenge_draws_the_configured_number():
    body = sections_of(RuleSet(challenge_guilty_draw=6))["Wild Draw Four"]
    assert "you draw 6 cards instead" in body


def test_no_bluffing_means_wild_draw_four_only_without_the_colour():
    body = sections_of(RuleSet(bluffing=False))["Wild Draw Four"]
    assert "only when you hold no card of the colour in play" in body
    assert "challenge you" not in body


def test_no_challenge_means_wild_draw_four_cannot_be_challenged():
    body = sections_of(RuleSet(challenge=False))["Wild Draw Four"]
    assert "nobody can challenge it" in body


def test_seven_zero_gets_its_own_section():
    body = sections_of(RuleSet(seven_zero=True))["Sevens and zeros"]
    assert "play a 7" in body and "play a 0" in body


def test_uno_penalty_is_the_number_of_cards():
    assert "you draw 4 cards" in sections_of(RuleSet(uno_penalty=4))["UNO!"]


def test_uno_penalty_of_one_card_reads_naturally():
    assert "you draw one card." in sections_of(RuleSet(uno_penalty=1))["UNO!"]


def test_false_catch_penalty_is_explained():
    assert "you draw 2 cards yourself" in sections_of(RuleSet(false_catch_penalty=2))["UNO!"]


def test_without_false_catch_penalty_only_real_forgetting_can_be_caught():
    assert "really forgot" in sections_of(RuleSet())["UNO!"]


def test_two_players_section_says_reverse_acts_as_skip():
    assert "Reverse works like Skip" in sections_of(RuleSet())["Two players"]


def test_no_two_players_section_when_three_are_needed():
    assert "Two players" not in sections_of(RuleSet(min_players=3))


def test_winner_scoring_names_the_target_score():
    body = sections_of(RuleSet(target_score=250))["Scoring"]
    assert "The first to reach 250 points wins the match." in body


def test_penalty_scoring_says_the_fewest_points_win():
    body = sections_of(RuleSet(scoring=Scoring.PENALTY))["Scoring"]
    assert "the player with the fewest points wins" in body


def test_card_values_are_listed_from_the_rules():
    rules = RuleSet(card_values={"S": 30, "W4": 1})
    body = sections_of(rules)["Scoring"]
    assert "Skip: 30 points" in body and "Wild Draw Four: 1 point" in body


def test_custom_number_values_are_listed_one_by_one():
    body = sections_of(RuleSet(card_values={"5": 10}))["Scoring"]
    assert "5: 10 points" in body and "the number on the card" not in body


def test_deck_lists_only_the_kinds_in_it():
    rules = RuleSet(deck={**STANDARD_DECK, "W4": 0, "0": 0})
    cards = sections_of(rules)["The cards"]
    assert "Number cards 1–9" in cards
    assert "Wild Draw Four" not in cards
    assert "Wild Draw Four" not in sections_of(rules)


def test_custom_rule_effect_others_draw_counts_the_cards():
    rule = CustomRule(text="Everyone else draws two.", effect=CustomEffect.OTHERS_DRAW, amount=2)
    body = sections_of(RuleSet(deck=SWEDISH_DECK, custom_rule=rule))["Wild Customizable"]
    assert "Everyone else draws two." in body
    assert "every other player draw 2 cards" in body


def test_custom_rule_text_only_is_not_enforced():
    rule = CustomRule(text="Sing a song.", effect=CustomEffect.TEXT)
    body = sections_of(RuleSet(deck=SWEDISH_DECK, custom_rule=rule))["Wild Customizable"]
    assert "Sing a song." in body and "does not enforce" in body


def test_default_custom_rule_text_is_translated():
    assert "”Alla andra drar ett kort.”" in text_of(RuleSet(deck=SWEDISH_DECK), "sv")


# --- every declared option is explained ----------------------------------------------


def other_values(o: Option, value: object) -> list[object]:
    """Legal values of option `o` other than `value`, from its declaration: the other
    words, the neighbouring counts, one card kind changed at a time, another effect."""
    if o.kind is Kind.FLAG:
        return [not value]
    if o.kind is Kind.CHOICE:
        return [v for _word, v in o.words if v != value]
    if o.kind is Kind.COUNT:
        assert isinstance(value, int)
        return [n for n in (value - 1, value + 1) if o.low <= n <= o.high]
    if o.kind is Kind.TEXT:
        return ["Some other words"]
    if o.kind in (Kind.DECK, Kind.VALUES):
        assert isinstance(value, Mapping)
        out: list[object] = []
        for rank in DECK_RANKS:
            n = value.get(rank, 0)
            changed = n + 1 if n < o.high else n - 1
            out.append({**value, rank: changed})
        return out
    assert o.kind is Kind.CUSTOM_RULE and isinstance(value, CustomRule)
    low, high = CUSTOM_AMOUNT_RANGE
    out = [dataclasses.replace(value, effect=e) for e in CustomEffect if e is not value.effect]
    amount = value.amount + 1 if value.amount < high else low
    return [*out, dataclasses.replace(value, amount=amount)]


def variants(o: Option) -> list[tuple[str, RuleSet, RuleSet]]:
    """(preset, preset, the preset with only `o` changed) for every built-in preset and
    every other value `other_values` finds."""
    out = []
    for preset in PRESETS:
        rules = load_preset(preset)
        for value in other_values(o, getattr(rules, o.field)):
            out.append((preset, rules, dataclasses.replace(rules, **{o.field: value})))
    return out


def section_body(rules: RuleSet, section: Section, lang: str) -> str | None:
    set_language(lang)
    try:
        return next((body for s, _h, body in sections(rules) if s is section), None)
    finally:
        set_language("en")


EXPLAINED = [o for o in OPTIONS if o.section is not None]
NOT_SHOWN = [o for o in OPTIONS if o.section is None]


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("o", EXPLAINED, ids=lambda o: o.field)
def test_every_option_changes_the_section_its_declaration_names(o, lang):
    """Change one option of a preset and the page changes where the declaration says it
    is explained: an option added without its sentence fails here."""
    changed = [
        preset
        for preset, rules, other in variants(o)
        if section_body(rules, o.section, lang) != section_body(other, o.section, lang)
    ]
    assert changed, (
        f"{o.field}: no other value changes How to play's {o.section.value} section "
        f"in {lang} for any preset"
    )


@pytest.mark.parametrize("o", NOT_SHOWN, ids=lambda o: o.field)
def test_options_declared_not_shown_leave_the_page_alone(o):
    for _preset, rules, other in variants(o):
        for lang in ("en", "sv"):
            assert text_of(rules, lang) == text_of(other, lang), f"{o.field} shows in {lang}"


def test_only_the_names_a_menu_lists_are_left_out_of_how_to_play():
    assert {o.field for o in NOT_SHOWN} == LABELS


def test_every_section_has_a_heading_in_both_languages():
    rules = dataclasses.replace(
        load_preset("party"), deck=SWEDISH_DECK, min_players=2, jump_in=True, seven_zero=True
    )
    for lang in ("en", "sv"):
        set_language(lang)
        shown = sections(rules)
        assert [s for s, _h, _b in shown] == list(Section), lang
        assert all(heading.strip() for _s, heading, _b in shown), lang


@pytest.mark.parametrize("o", [o for o in OPTIONS if o.per_match], ids=lambda o: o.field)
def test_a_choice_new_game_offers_is_named_by_its_label_where_it_is_explained(o):
    rules = load_preset("swedish")
    assert f"“{o.label}”" in section_body(rules, o.section, "en")
    set_language("sv")
    label = _(o.label)
    set_language("en")
    assert f"”{label}”" in section_body(rules, o.section, "sv")


def test_players_range_is_named_in_the_goal():
    assert "For 3 to 6 players." in sections_of(RuleSet(min_players=3, max_players=6))["The goal"]


def test_a_fixed_table_size_reads_naturally():
    assert "For 4 players." in sections_of(RuleSet(min_players=4, max_players=4))["The goal"]
