"""The rules at the table: a Wild Customizable's text rule is a banner everyone can read,
and the round end and How to play name the preset the match is played with."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.engine import CustomEffect, CustomRule, RuleSet
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock, Match, SeatSpec, run_round_headless
from uno_desktop.ui.kit import record_texts
from uno_desktop.ui.moments import HOUSE_RULE_S
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.how_to_play import HowToPlayScene
from uno_desktop.ui.scenes.round_end import RoundEndScene
from uno_desktop.ui.table.banner import banner_metrics, sub_lines

from .test_moments import play
from .test_table import one_human

TEXT = "Everyone who has a red card stands up and sings a line of a song"


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield
    set_language("en")


def wild_customizable_table(effect: CustomEffect = CustomEffect.TEXT):  # type: ignore[no-untyped-def]
    deck = {**RuleSet().deck, "WC": 4}
    rules = RuleSet(hand_size=3, deck=deck, custom_rule=CustomRule(TEXT, effect, 2))
    hands = [["WC", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "B1"]]
    return one_human(hands, bots=2, rules=rules)


def shown_banners(h) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    seen: list[tuple[str, str]] = []
    for _ in range(8 * 30):
        h.frame()
        b = h.table.moments.banner_frame()
        if b is not None and (b.title, b.sub) not in seen:
            seen.append((b.title, b.sub))
    return seen


def test_a_text_only_house_rule_is_a_banner_with_its_whole_text():
    h = wild_customizable_table()
    play(h, "WC", pygame.K_4)
    assert ("House rule!", TEXT) in shown_banners(h)


def test_a_rule_the_game_enforces_gets_no_house_rule_banner():
    h = wild_customizable_table(CustomEffect.OTHERS_DRAW)
    play(h, "WC", pygame.K_4)
    assert all(title != "House rule!" for title, _sub in shown_banners(h))


def test_the_house_rule_banner_stays_up_long_enough_to_read():
    h = wild_customizable_table()
    play(h, "WC", pygame.K_4)
    up_s = 0.0
    for _ in range(10 * 30):
        h.frame()
        if h.table.moments.banner_title == "House rule!":
            up_s += 1 / 30
    assert up_s >= HOUSE_RULE_S - 0.1


def test_a_long_house_rule_wraps_on_the_banner_instead_of_shrinking_away():
    h = wild_customizable_table()
    h.frame()
    lay = h.table.layout
    assert lay is not None
    long_text = " ".join([TEXT] * 4)
    title_px, sub_px, _w, height = banner_metrics(lay, "House rule!", long_text)
    lines = sub_lines(lay, long_text, sub_px)
    assert len(lines) > 1 and " ".join(lines) == long_text
    assert sub_px >= lay.font_px(0.8) - 4  # still text for reading across the table
    assert height > title_px  # every line is inside the banner


def finished_round(title: str) -> Match:
    rules = RuleSet(title=title)
    seats = [SeatSpec("Bot 1", "easy"), SeatSpec("Bot 2", "easy")]
    clock = ManualClock()
    match = Match(rules, seats, seed=3, preset="official", clock=clock)
    match.start_round()
    run_round_headless(match, clock)
    return match


def test_the_round_end_names_the_rules_the_match_is_played_with(services):
    match = finished_round("Grandma's rules")
    scene = RoundEndScene(services, match)
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    with record_texts() as drawn:
        stack.draw(pygame.display.get_surface())
    assert any("Rules: Grandma's rules" in d.text for d in drawn)


def test_how_to_play_during_a_match_names_its_rules(services):
    match = finished_round("Grandma's rules")
    services.session_for(match)
    scene = HowToPlayScene(services, overlay=True)
    scene.relayout((1280, 720))
    assert "Grandma's rules" in scene.texts["title"][0]
