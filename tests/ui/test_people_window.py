"""Pass-and-play at one screen: the people's window after each card (issue 33).

Ann, Bo and Cy share the screen with jump-in on. Ann plays Red 5; Cy holds another Red 5.
Every hand is face down between turns, so the table gives everybody a window: each
person's plate shows their number key, and the one who presses it sees only their own
hand to jump in (or backs out). Time is stepped by hand.
"""

from __future__ import annotations

from typing import Any

import pygame

from uno_desktop.engine import Card, CatchUno, Play, RuleSet
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock
from uno_desktop.play.pacing import people_window_s
from uno_desktop.ui.table.notices import HandoffOverlay

from .test_table import NeverUnoBot, TableHarness, make_match

R5 = Card.parse("R5")
ANN = ["R5", "B7", "G2"]
BO = ["Y1", "Y4", "G8"]
CY = ["R5", "B2", "B9"]


def three_people(hands: list[list[str]] | None = None, computer: bool = False) -> TableHarness:
    set_language("en")
    kinds = ["human", "human", "human"] + (["normal"] if computer else [])
    hands = hands or [ANN, BO, CY] + ([["Y2", "Y3", "Y5"]] if computer else [])
    names = ["Ann", "Bo", "Cy", "Di"][: len(kinds)]
    rules = RuleSet(hand_size=len(hands[0]), jump_in=True)
    match = make_match(kinds, hands, start="R3", clock=ManualClock(), rules=rules, names=names)
    h = TableHarness(match)
    match.timing = h.services.timing()  # the settings' timing, as a real table has
    return h


def window_s(h: TableHarness) -> float:
    return people_window_s(h.services.settings.animation_speed)


def confirm(h: TableHarness) -> None:
    assert isinstance(h.stack.top, HandoffOverlay)
    h.key(pygame.K_RETURN)
    h.frame()


def ann_plays_red_5() -> TableHarness:
    """Ann (at the screen) plays her Red 5; the table runs until the card has landed."""
    h = three_people()
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))
    for _ in range(300):
        h.frame()
        if h.table.input_ok and h.table.passing.window_open:
            return h
    raise AssertionError("the people's window never opened")


def keys_on_plates(h: TableHarness) -> dict[int, str]:
    return {s.seat: s.key for s in h.table.frame(h.surface.get_size()).seats if s.key}


def faces_in_next_frame(h: TableHarness) -> set[Card]:
    h.services.painter.faces.clear()
    h.draw()
    return set(h.services.painter.faces)


def test_after_a_card_lands_every_persons_plate_shows_their_number_key():
    h = ann_plays_red_5()
    assert keys_on_plates(h) == {0: "1", 1: "2", 2: "3"}
    assert "press your number (1 Ann, 2 Bo, 3 Cy)" in h.table.frame(h.surface.get_size()).status


def test_during_the_peoples_window_every_hand_is_face_down_and_no_handoff_is_up():
    h = ann_plays_red_5()
    assert not isinstance(h.stack.top, HandoffOverlay)
    assert h.table.shown is None
    assert faces_in_next_frame(h) <= {R5, Card.parse("R3")}  # the pile only


def test_the_handoff_to_the_next_person_comes_once_the_window_has_closed():
    h = ann_plays_red_5()
    h.run(window_s(h) - 0.2)
    assert not isinstance(h.stack.top, HandoffOverlay)
    h.run(0.4)
    assert isinstance(h.stack.top, HandoffOverlay) and h.stack.top.name == "Bo"
    assert keys_on_plates(h) == {}


def test_cy_presses_her_number_and_sees_only_her_own_hand_to_jump_in():
    h = ann_plays_red_5()
    h.key(pygame.K_3)
    h.frame()
    assert h.table.shown == 2
    seen = faces_in_next_frame(h)
    assert {Card.parse(c) for c in CY} <= seen
    assert not seen & {Card.parse(c) for c in ["B7", "G2", *BO]}
    assert {c.card for c in h.table.frame(h.surface.get_size()).hand if c.jump_in} == {R5}


def test_cy_jumps_in_with_the_identical_card_and_the_turn_goes_on_from_her():
    h = ann_plays_red_5()
    h.key(pygame.K_3)
    h.frame()
    h.click(h.card_pos("R5"))
    assert h.actions()[-1] == Play(2, R5)
    assert h.match.game.current == 0  # after Cy comes Ann
    h.settle()
    assert isinstance(h.stack.top, HandoffOverlay) and h.stack.top.name == "Ann"


def test_in_the_jump_in_view_the_focus_is_on_the_identical_card_and_enter_plays_it():
    h = ann_plays_red_5()
    h.key(pygame.K_3)
    h.frame()
    focused = [c.card for c in h.table.frame(h.surface.get_size()).hand if c.focused]
    assert focused == [R5]
    h.key(pygame.K_RETURN)
    assert h.actions()[-1] == Play(2, R5)


def test_the_next_players_own_key_brings_their_handoff_at_once():
    h = ann_plays_red_5()
    h.key(pygame.K_2)  # Bo is next: "it's me, go on"
    h.frame()
    assert isinstance(h.stack.top, HandoffOverlay) and h.stack.top.name == "Bo"


def test_a_number_key_out_of_the_window_does_nothing_but_buzz():
    h = ann_plays_red_5()
    h.run(window_s(h) + 0.2)
    confirm(h)  # Bo holds the screen
    taken = len(h.actions())
    h.key(pygame.K_3)
    h.frame()
    assert h.table.shown == 1 and len(h.actions()) == taken
    assert h.services.sounds.played[-1] == "wrong"


def test_without_jump_in_and_nobody_to_catch_no_window_delays_the_handoff():
    set_language("en")
    rules = RuleSet(hand_size=3)
    match = make_match(["human", "human", "human"], [ANN, BO, CY], clock=ManualClock(), rules=rules)
    h = TableHarness(match)
    match.timing = h.services.timing()
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))
    h.settle(max_s=window_s(h) - 0.3)  # the hand-off comes well before a window's end
    assert isinstance(h.stack.top, HandoffOverlay) and h.stack.top.name == "Bo"


def test_clicking_ones_own_plate_says_i_can_jump_in_too():
    h = ann_plays_red_5()
    h.click(h.table.layout.seats[2].name_rect.center)
    h.frame()
    assert h.table.passing.jumper == 2 and h.table.shown == 2


def test_a_person_who_cannot_jump_in_backs_out_with_escape_and_the_hands_go_face_down():
    h = ann_plays_red_5()
    h.key(pygame.K_1)  # Ann has no second Red 5
    h.frame()
    assert h.table.shown == 0
    assert "no card of yours is the same" in h.table.frame(h.surface.get_size()).status
    h.key(pygame.K_ESCAPE)
    h.frame()
    assert h.table.shown is None and h.table.passing.jumper is None
    assert h.stack.top is h.table  # Esc backed out; it did not open the menu


class JumpingBot(NeverUnoBot):
    """Jumps in whenever it may, else plays as `NeverUnoBot`."""

    def choose(self, obs: Any, legal: list[Any], rng: Any) -> Any:
        if obs.current != obs.seat:
            return next((a for a in legal if type(a) is Play), None)
        return super().choose(obs, legal, rng)


def with_a_jumping_computer(kinds: list[str], hands: list[list[str]]) -> TableHarness:
    set_language("en")
    rules = RuleSet(hand_size=3, jump_in=True)
    names = ["Ann", "Bo", "Cy", "Di"][: len(kinds)]
    match = make_match(
        kinds,
        hands,
        start="R3",
        clock=ManualClock(),
        rules=rules,
        names=names,
        bot_factory=lambda kind: JumpingBot(),
    )
    h = TableHarness(match)
    match.timing = h.services.timing()
    return h


def test_while_a_person_looks_to_jump_in_no_computer_jumps_in_or_plays_on():
    """Ann plays Red 5; Di (a computer) and Cy both hold one. Cy presses 3 in time."""
    hands = [ANN, BO, CY, ["R5", "Y2", "Y3"]]
    h = with_a_jumping_computer(["human", "human", "human", "normal"], hands)
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))
    for _ in range(300):
        h.frame()
        if h.table.input_ok and h.table.passing.window_open:
            break
    taken = len(h.actions())
    h.key(pygame.K_3)
    h.frame()
    assert h.table.passing.jumper == 2
    h.run(window_s(h) * 3)
    assert len(h.actions()) == taken  # nobody moved while Cy looked at her cards
    h.click(h.card_pos("R5"))
    assert h.actions()[-1] == Play(2, R5)


def test_a_computer_jumps_in_at_the_end_of_the_peoples_window_before_any_handoff():
    """Ann plays Red 5, Bo is next; Cy (a computer) holds Red 5 too."""
    hands = [ANN, BO, ["R5", "Y2", "Y3"], CY]
    h = with_a_jumping_computer(["human", "human", "normal", "human"], hands)
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))
    for _ in range(600):
        h.frame()
        if isinstance(h.stack.top, HandoffOverlay):
            break
    assert h.actions()[-1] == Play(2, R5)  # Cy jumped in first...
    assert h.stack.top.name == "Di"  # ...so the hand-off goes to Di, who plays after Cy


def test_a_handoff_is_never_stale_no_computer_jumps_in_behind_it():
    """Issue 33: "Pass to Bo" was up, a computer jumped in during it, and Bo's "show my
    cards" led to "Pass to Di". Whoever a hand-off names is the one to play."""
    hands = [ANN, BO, ["R5", "Y2", "Y3"], CY]
    h = with_a_jumping_computer(["human", "human", "normal", "human"], hands)
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))
    for _ in range(600):
        h.frame()
        if isinstance(h.stack.top, HandoffOverlay):
            break
    handoff = h.stack.top
    assert isinstance(handoff, HandoffOverlay)
    h.run(3.0)  # the family takes its time to pass the screen on
    confirm(h)
    h.run(3.0)
    assert not isinstance(h.stack.top, HandoffOverlay)
    assert h.match.human_to_act() == handoff.seat == h.table.shown


def test_a_person_catches_a_forgotten_uno_with_their_number_key():
    """Ann plays her second-to-last card without UNO; Bo presses 2: Ann is caught."""
    h = three_people([["R5", "B7"], ["Y1", "Y4"], ["B2", "B9"]])
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))  # no UNO armed
    for _ in range(300):
        h.frame()
        if h.table.input_ok and h.table.passing.window_open:
            break
    assert "Ann forgot UNO!" in h.table.frame(h.surface.get_size()).status
    h.key(pygame.K_2)
    assert h.actions()[-1] == CatchUno(1, 0)


def test_the_table_wakes_when_the_window_closes_and_not_again_after():
    """The loop sleeps while people look; it wakes to take the key caps down, once. Cy (a
    computer) skips Bo, so Ann plays again with no hand-off between."""
    set_language("en")
    rules = RuleSet(hand_size=3, jump_in=True)
    match = make_match(
        ["human", "normal", "human"],
        [ANN, ["RS", "B1", "B2"], BO],
        clock=ManualClock(),
        rules=rules,
        names=["Ann", "Cy", "Bo"],
    )
    h = TableHarness(match)
    match.timing = h.services.timing()
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))
    for _ in range(300):
        h.frame()
        if h.table.input_ok and h.table.passing.window_open:
            break
    assert 0 < h.table.wake_in_s() <= window_s(h)
    h.settle()
    assert h.match.human_to_act() == 0 == h.table.shown  # Ann again
    assert h.table.wake_in_s() is None  # Ann decides: nothing falls due by itself
