"""The table's smaller words and moments (issue 33): what a wrong challenge costs, the
challenge's result told at once, a stack told as a stack, a card drawn named with its
article, and a jump-in told with its banner."""

from __future__ import annotations

import pytest

from uno_desktop.engine import Card, Challenge, RuleSet, events
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock
from uno_desktop.ui.table.dialogs import PenaltyOverlay, PlayOrKeepOverlay
from uno_desktop.ui.table.notices import ChallengeResultOverlay
from uno_desktop.view.narration import challenge_costs, moment, penalty_title

from .test_table import TableHarness, make_match, make_services


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def bo_plays_a_wild_draw_four_on_ann(rules: RuleSet | None = None) -> TableHarness:
    match = make_match(
        ["normal", "human"],
        [["W4", "R7", "G5"], ["B1", "B2", "Y6"]],
        start="R3",
        clock=ManualClock(),
        names=["Bo", "Ann"],
        rules=rules,
    )
    h = TableHarness(match)
    h.settle()
    return h


def test_the_challenge_banner_says_what_a_wrong_challenge_costs_by_the_rules():
    h = bo_plays_a_wild_draw_four_on_ann()
    banner = h.stack.top
    assert isinstance(banner, PenaltyOverlay)
    assert banner.costs == "If Bo bluffed, Bo draws 4. If not, you draw 6."
    rules = RuleSet(hand_size=3, challenge_guilty_draw=6, challenge_innocent_extra=4)
    h = bo_plays_a_wild_draw_four_on_ann(rules)
    assert h.stack.top.costs == "If Bo bluffed, Bo draws 6. If not, you draw 8."


def test_the_challenge_result_is_shown_as_the_cards_start_to_fly_not_after():
    h = bo_plays_a_wild_draw_four_on_ann()
    banner = h.stack.top
    h.click(banner.buttons[0].rect.center)
    assert Challenge(1) in h.actions()
    frames = 0
    for frames in range(60):  # noqa: B007 (counted)
        h.frame()
        if isinstance(h.stack.top, ChallengeResultOverlay):
            break
    assert isinstance(h.stack.top, ChallengeResultOverlay)
    assert frames / 30 < 0.5  # within half a second of the challenge
    assert h.stack.top.text == "Bo was bluffing! Bo draws 4."


@pytest.mark.parametrize(
    ("kind", "amount", "bluff", "title"),
    [
        ("D2", 2, False, "Anna played a Draw Two on you!"),
        ("D2", 4, False, "Anna added a Draw Two: 4 cards wait for you!"),
        ("W4", 4, True, "Anna played a Wild Draw Four on you!"),
        ("W4", 8, False, "Anna added a Wild Draw Four: 8 cards wait for you!"),
        (None, 3, False, "3 cards wait for you!"),
    ],
)
def test_a_penalty_is_told_as_what_was_played_never_as_the_last_player_passing_a_stack(
    kind, amount, bluff, title
):
    assert penalty_title("Anna", kind, amount, bluff) == title


def test_the_challenge_costs_count_the_stack():
    assert challenge_costs("Bo", 6, 4, 2) == "If Bo bluffed, Bo draws 6. If not, you draw 8."


def test_a_drawn_card_is_named_with_its_article():
    import pygame

    pygame.display.init()
    pygame.font.init()
    overlay = PlayOrKeepOverlay(make_services(), Card.parse("W4"), lambda: None, lambda: None)
    from uno_desktop.ui.kit import record_texts

    with record_texts() as texts:
        overlay.draw(pygame.Surface((1280, 720)))
    assert "You drew a Wild Draw Four" in [t.text for t in texts]


@pytest.mark.parametrize("you", [0, None])
def test_a_jump_in_gets_its_banner_your_own_too(you):
    jump = events.CardPlayed(0, Card.parse("R8"), jump_in=True)
    told = moment(jump, Card.parse("R8"), ["Ann", "Bo"], you)
    assert told is not None and told.title == "Jump in!"
    line = "You jump in with Red 8!" if you == 0 else "Ann jumps in with Red 8!"
    assert told.line == line


def test_your_own_jump_in_is_logged_as_a_jump_in_with_its_banner():
    from .test_table_jump_in import R8, bo_answers_with_r8

    h = bo_answers_with_r8()
    h.click(h.card_pos("R8"))
    banners = set()
    for _ in range(60):
        h.frame()
        frame = h.table.frame(h.surface.get_size())
        if frame.banner is not None:
            banners.add(frame.banner.title)
    assert h.table.frame(h.surface.get_size()).log[-1] == "You jump in with Red 8!"
    assert "Jump in!" in banners
    assert h.match.game.discard_pile[-1] == R8
