"""Pass-and-play: a hand is only ever shown to its owner.

Every check renders real frames and looks at which card faces the painter was asked
for: a face that was never drawn cannot have been seen.
"""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.engine import Card
from uno_desktop.play.match import ManualClock
from uno_desktop.ui.table.notices import HandoffOverlay

from .test_table import TableHarness, make_match

ANN = ["R5", "B7", "G2"]
BO = ["Y1", "Y4", "G8"]
CY = ["B1", "B2", "B9"]


def cards(codes: list[str]) -> set[Card]:
    return {Card.parse(c) for c in codes}


def two_humans(with_computer: bool = False) -> TableHarness:
    clock = ManualClock()
    kinds = ["human", "normal", "human"] if with_computer else ["human", "human"]
    hands = [ANN, CY, BO] if with_computer else [ANN, BO]
    names = ["Ann", "Cy", "Bo"] if with_computer else ["Ann", "Bo"]
    match = make_match(kinds, hands, start="R3", clock=clock, names=names)
    return TableHarness(match)


def faces_in_next_frame(h: TableHarness) -> set[Card]:
    h.services.painter.faces.clear()
    h.draw()
    return set(h.services.painter.faces)


def confirm(h: TableHarness) -> None:
    assert isinstance(h.stack.top, HandoffOverlay)
    h.key(pygame.K_RETURN)
    h.frame()


def test_the_first_human_gets_a_handoff_before_any_hand_is_shown():
    h = two_humans()
    h.settle()
    assert isinstance(h.stack.top, HandoffOverlay)
    assert h.stack.top.name == "Ann"
    assert faces_in_next_frame(h) == set()


def test_no_hand_is_face_up_during_the_deal_with_two_humans():
    h = two_humans()
    seen: set[Card] = set()
    for _ in range(60):
        h.frame()
        seen |= faces_in_next_frame(h)
    assert not seen & (cards(ANN) | cards(BO))


def test_after_confirming_only_the_confirming_players_hand_is_face_up():
    h = two_humans()
    h.settle()
    confirm(h)
    seen = faces_in_next_frame(h)
    assert cards(ANN) <= seen
    assert not seen & cards(BO)


def test_the_handoff_screen_appears_between_two_humans_and_hides_both_hands(tmp_path):
    h = two_humans()
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))
    h.settle()
    top = h.stack.top
    assert isinstance(top, HandoffOverlay) and top.name == "Bo"
    assert faces_in_next_frame(h) == set()
    h.save("handoff", tmp_path)


def test_bo_sees_his_own_hand_after_the_handoff_and_not_anns():
    h = two_humans()
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))
    h.settle()
    confirm(h)
    seen = faces_in_next_frame(h)
    assert cards(BO) <= seen
    assert not seen & (cards(ANN) - {Card.parse("R5")})


def test_while_the_computer_plays_no_human_hand_is_face_up():
    h = two_humans(with_computer=True)
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))  # Cy (computer) is next, then Bo
    seen: set[Card] = set()
    for _ in range(200):
        h.frame()
        if isinstance(h.stack.top, HandoffOverlay):
            break
        if h.table.quiet and h.match.human_to_act() is None:
            seen |= faces_in_next_frame(h)
    assert isinstance(h.stack.top, HandoffOverlay)
    hidden = cards(["B7", "G2"]) | cards(BO)
    assert not seen & hidden


def test_the_same_human_again_after_computer_turns_needs_no_handoff():
    clock = ManualClock()
    match = make_match(
        ["human", "normal", "human"],
        [ANN, ["RS", "B1", "B2"], BO],
        start="R3",
        clock=clock,
        names=["Ann", "Cy", "Bo"],
    )
    h = TableHarness(match)
    h.settle()
    confirm(h)
    h.settle()
    h.click(h.card_pos("R5"))  # Cy skips Bo: Ann again
    h.settle()
    assert not isinstance(h.stack.top, HandoffOverlay)
    assert h.match.human_to_act() == 0
    assert h.table.shown == 0


def _allowed_faces(game, seat: int | None) -> set[Card]:
    """Cards `seat` may have seen: everything played, its own draws, hands shown to it."""
    from uno_desktop.engine import events as ev

    allowed: set[Card] = set()
    for e in game.log:
        if isinstance(e, ev.CardPlayed | ev.StartCardFlipped | ev.StartCardReturned):
            allowed.add(e.card)
        elif isinstance(e, ev.CardsDrawn) and e.seat == seat:
            allowed.update(e.cards)
        elif isinstance(e, ev.ChallengeResolved) and e.challenger == seat:
            allowed.update(e.hand)
    return allowed


@pytest.mark.slow  # a whole round at the default speed; test_privacy checks it by pixels
def test_a_whole_pass_and_play_round_never_shows_a_hand_to_anyone_else():
    import random

    from uno_desktop.engine import RuleSet
    from uno_desktop.play.match import Match, SeatSpec
    from uno_desktop.ui.scenes.round_end import RoundEndScene

    from .test_table import _human_turn

    clock = ManualClock()
    kinds = ["human", "normal", "human", "easy"]
    match = Match(
        RuleSet(),
        [SeatSpec(n, k) for n, k in zip(["Ann", "Bo", "Cy", "Di"], kinds)],
        seed=9,
        clock=clock,
    )
    match.start_round()
    h = TableHarness(match)
    rng = random.Random(4)
    handoffs = 0
    for _ in range(3000):
        h.frame(1 / 15)
        seen = faces_in_next_frame(h)
        if isinstance(h.stack.top, RoundEndScene):
            break
        assert seen <= _allowed_faces(match.game, h.table.shown)
        if isinstance(h.stack.top, HandoffOverlay):
            handoffs += 1
            assert seen == set()
        if h.stack.top is not h.table or (h.table.input_ok and match.human_to_act() is not None):
            _human_turn(h, rng)
    assert match.round_over
    assert handoffs > 0


def test_escape_on_the_handoff_screen_opens_the_menu_and_keeps_every_hand_hidden():
    h = two_humans()
    h.settle()
    handoff = h.stack.top
    assert isinstance(handoff, HandoffOverlay)
    h.key(pygame.K_ESCAPE)
    assert h.stack.top is not handoff
    assert handoff in h.stack.scenes  # the menu sits over the hand-off screen
    assert faces_in_next_frame(h) == set()
