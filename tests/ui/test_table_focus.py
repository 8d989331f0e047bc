"""One focus at a time at the table: the ring is on one thing, and Enter presses it.

The penalty banner is not modal (a stackable card below it stays playable), so its
buttons are stops of the table's own focus ring: when it opens, its first button is
lit and the hand shows no ring; the arrows take the focus back to the hand.
"""

from __future__ import annotations

import pygame

from uno_desktop.engine import Card, Challenge, Play, RuleSet, Stacking
from uno_desktop.play.match import ManualClock
from uno_desktop.ui.table.dialogs import PenaltyOverlay
from uno_desktop.ui.table.notices import HandoffOverlay
from uno_desktop.ui.table.pickers import ColorPickerOverlay

from .test_table import TableHarness, make_match, one_human


def _ready(h: TableHarness) -> None:
    """The person named on the hand-off screen says they are at the screen."""
    assert isinstance(h.stack.top, HandoffOverlay)
    h.key(pygame.K_RETURN)
    h.frame()
    h.settle()


def wild_draw_four_on_bo(rules: RuleSet | None = None, bo: list[str] | None = None) -> TableHarness:
    """Pass-and-play: Ann plays a Wild Draw Four (red) on Bo; Bo's banner is up."""
    match = make_match(
        ["human", "human"],
        [["W4", "R7", "G5"], bo or ["B1", "B2", "Y6"]],
        start="R3",
        clock=ManualClock(),
        names=["Ann", "Bo"],
        rules=rules,
    )
    h = TableHarness(match)
    h.settle()
    _ready(h)  # Ann
    h.click(h.card_pos("W4"))
    h.key(pygame.K_1)  # red
    h.settle()
    _ready(h)  # Bo
    assert isinstance(h.stack.top, PenaltyOverlay)
    return h


def lit_things(h: TableHarness) -> list[str]:
    """Everything drawn with a focus ring now: hand cards, side buttons, banner buttons."""
    h.draw()
    frame = h.table.frame(h.surface.get_size())
    lit = [f"card {c.card}" for c in frame.hand if c.focused]
    lit += [f"side {b.key}" for b in frame.buttons if b.focus]
    top = h.stack.top
    if isinstance(top, PenaltyOverlay):
        lit += [f"banner {b.key}" for b in top.buttons if b.focused]
    return lit


def test_at_the_wild_draw_four_banner_only_its_challenge_button_is_lit():
    h = wild_draw_four_on_bo()
    assert lit_things(h) == ["banner challenge"]


def test_enter_at_the_wild_draw_four_banner_presses_the_lit_challenge_button():
    h = wild_draw_four_on_bo()
    h.key(pygame.K_RETURN)
    assert h.actions()[-1] == Challenge(1)
    assert "wrong" not in h.services.sounds.played


def test_the_arrows_take_the_focus_from_the_banner_to_the_hand_and_enter_plays_the_card():
    h = wild_draw_four_on_bo(RuleSet(hand_size=3, stacking=Stacking.SAME), ["W4", "B2", "Y6"])
    h.key(pygame.K_RIGHT)
    lit = lit_things(h)
    assert len(lit) == 1 and lit[0].startswith("card"), lit
    stackable = Card.parse("W4")
    for _ in range(3):
        if lit_things(h) == [f"card {stackable}"]:
            break
        h.key(pygame.K_RIGHT)
    h.key(pygame.K_RETURN)  # the colour picker
    h.key(pygame.K_2)
    last = h.actions()[-1]
    assert type(last) is Play and (last.seat, last.card) == (1, stackable)


def test_tab_goes_from_the_hand_to_the_banner_and_on_to_the_side_buttons():
    h = wild_draw_four_on_bo()
    h.key(pygame.K_LEFT)  # into the hand
    seen = []
    for _ in range(4):
        h.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
        seen.append(lit_things(h))
    assert seen == [["banner challenge"], ["banner take"], ["side draw"], ["side hint"]]


def test_a_picker_over_the_table_leaves_the_hand_without_a_ring():
    h = one_human([["W", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.settle()
    assert sum(c.focused for c in h.table.frame(h.surface.get_size()).hand) == 1
    h.click(h.card_pos("W"))
    assert isinstance(h.stack.top, ColorPickerOverlay)
    assert not any(c.focused for c in h.table.frame(h.surface.get_size()).hand)
