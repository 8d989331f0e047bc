"""Jump-in for people: the card that may jump in now is lit, and people get their window.

Ann holds R5 and R8; Bo answers her R5 with R8, Cy is next: Ann's R8 may jump in.
"""

from __future__ import annotations

import pygame

from uno_desktop.engine import Card, Play, RuleSet
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.pacing import people_window_s

from .test_table import TableHarness, one_human

R8 = Card.parse("R8")


def bo_answers_with_r8() -> TableHarness:
    """Ann has played R5; Bo's R8 has landed and the table rests (Cy is to play)."""
    set_language("en")
    rules = RuleSet(hand_size=3, jump_in=True)
    h = one_human([["R5", "R8", "G2"], ["R8", "Y2", "Y3"], ["B1", "B2", "B4"]], bots=2, rules=rules)
    h.match.timing = h.services.timing()  # the settings' timing, as a real table has
    h.settle()
    h.click(h.card_pos("R5"))
    for _ in range(300):
        h.frame()
        if h.table.input_ok and h.match.game.top_card == R8:
            return h
    raise AssertionError("Bo's R8 never landed")


def jump_lit(h: TableHarness) -> set[Card]:
    return {c.card for c in h.table.frame(h.surface.get_size()).hand if c.jump_in and c.card}


def test_a_card_is_lit_to_jump_in_exactly_when_the_seat_view_offers_its_jump_in():
    h = bo_answers_with_r8()
    seen_lit = False
    for _ in range(120):
        offered = h.match.seat_view(0).jump_ins if h.table.input_ok else frozenset()
        assert jump_lit(h) == set(offered)
        seen_lit = seen_lit or R8 in offered
        h.frame()
    assert seen_lit


def test_the_status_line_says_which_card_may_jump_in():
    h = bo_answers_with_r8()
    assert h.table.frame(h.surface.get_size()).status == (
        "Jump in! Your Red 8 is the same card: play it now"
    )


def test_no_card_is_lit_to_jump_in_on_the_persons_own_turn():
    set_language("en")
    rules = RuleSet(hand_size=3, jump_in=True)
    h = one_human([["R5", "R8", "G2"], ["Y1", "Y2", "Y3"]], bots=1, rules=rules)
    h.settle()
    assert h.match.human_to_act() == 0
    assert jump_lit(h) == set()


def test_a_person_jumps_in_within_peoples_window_before_any_computer_plays_on():
    h = bo_answers_with_r8()
    taken = len(h.actions())
    h.run(people_window_s(h.services.settings.animation_speed) - 0.2)
    assert len(h.actions()) == taken  # Cy has not played on, nobody jumped in
    assert R8 in jump_lit(h)
    h.click(h.card_pos("R8"))
    assert h.actions()[-1] == Play(0, R8)


def test_the_focus_moves_to_the_card_lit_to_jump_in_and_enter_jumps_in():
    h = bo_answers_with_r8()
    h.frame()
    focused = [c.card for c in h.table.frame(h.surface.get_size()).hand if c.focused]
    assert focused == [R8]
    h.key(pygame.K_RETURN)
    assert h.actions()[-1] == Play(0, R8)


def test_once_the_chance_to_jump_in_is_gone_the_focus_leaves_that_card():
    """Four seats: after Bo's R8, Cy plays R2 (no jump-in on it); Di is to play."""
    set_language("en")
    rules = RuleSet(hand_size=3, jump_in=True)
    hands = [["R5", "R8", "G2"], ["R8", "Y2", "Y3"], ["R2", "B1", "B4"], ["Y5", "Y6", "Y7"]]
    h = one_human(hands, bots=3, rules=rules)
    h.match.timing = h.services.timing()
    h.settle()
    h.click(h.card_pos("R5"))
    r2 = Card.parse("R2")
    for _ in range(600):
        h.frame()
        if h.table.input_ok and h.match.game.top_card == r2 and h.match.game.current == 3:
            break
    assert h.match.game.top_card == r2
    assert [c.card for c in h.table.frame(h.surface.get_size()).hand if c.focused] == []
