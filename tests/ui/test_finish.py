"""The finish a family sees: a bluff shown apart from a safe Wild Draw Four, ties ranked
together at the end of a match."""

from __future__ import annotations

import pygame

from uno_desktop.engine import Card
from uno_desktop.ui.scenes.match_end import standings
from uno_desktop.ui.table.frame import HandCard

from .test_table import one_human


def _hand(h) -> dict[str, HandCard]:  # type: ignore[no-untyped-def]
    frame = h.table.frame(h.surface.get_size())
    return {c.card.code: c for c in frame.hand if c.card is not None}


def test_a_wild_draw_four_held_with_the_active_colour_glows_as_a_bluff():
    h = one_human([["W4", "R2", "B7"], ["Y1", "Y2", "Y3"]], start="R5")
    h.settle()
    hand = _hand(h)
    assert hand["W4"].playable and hand["W4"].bluff
    assert hand["R2"].playable and not hand["R2"].bluff


def test_a_wild_draw_four_without_the_active_colour_is_safe():
    h = one_human([["W4", "G2", "B7"], ["Y1", "Y2", "Y3"]], start="R5")
    h.settle()
    assert not _hand(h)["W4"].bluff


def test_pointing_at_a_bluff_says_it_can_be_challenged():
    h = one_human([["W4", "R2", "B7"], ["Y1", "Y2", "Y3"]], start="R5")
    h.settle()
    cards = h.table.frames.hand_cards()
    h.table.focus.card = cards.index(Card.parse("W4"))
    assert h.table.frames.status_text() == "A bluff: you can be challenged"
    h.key(pygame.K_RIGHT)
    assert h.table.frames.status_text() != "A bluff: you can be challenged"


def test_three_players_tied_on_zero_share_second_place():
    assert standings([120, 0, 0, 0]) == [(1, 0), (2, 1), (2, 2), (2, 3)]


def test_under_penalty_scoring_the_fewest_points_come_first_and_ties_share():
    assert standings([30, 5, 5], penalty=True) == [(1, 1), (1, 2), (3, 0)]


def test_on_your_turn_the_focus_is_on_the_first_playable_card():
    h = one_human([["B7", "R2", "G4"], ["Y1", "Y2", "Y3"]], start="R5")
    h.settle()
    cards = h.table.frames.hand_cards()
    assert h.table.focus.card == cards.index(Card.parse("R2"))
    h.key(pygame.K_RETURN)  # Enter plays at once, no arrow needed
    assert h.actions()[0].card == Card.parse("R2")


def test_a_card_that_cannot_be_played_says_why():
    h = one_human([["B7", "R2", "G4"], ["Y1", "Y2", "Y3"]], start="R5")
    h.settle()
    h.click(h.card_pos("B7"))
    assert "wrong" in h.services.sounds.played
    assert h.table.frames.status_text() == "Does not match Red 5"
    h.run(3.0)
    assert h.table.frames.status_text() != "Does not match Red 5"


def test_tab_goes_from_the_hand_through_the_buttons_and_back():
    h = one_human([["B7", "R2", "G4"], ["Y1", "Y2", "Y3"]], start="R5")
    h.settle()
    seen = []
    for _ in range(5):
        h.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
        seen.append(h.table.focus.side_focus)
    assert seen == ["draw", "hint", "menu", None, "draw"]  # UNO and Catch cannot act now
    h.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode=""))
    assert h.table.focus.side_focus is None  # back in the hand
    frame = h.table.frame(h.surface.get_size())
    assert any(c.focused for c in frame.hand)


def test_up_reaches_the_buttons_and_enter_presses_the_focused_one():
    h = one_human([["B7", "R2", "G4"], ["Y1", "Y2", "Y3"]], start="R5")
    h.settle()
    h.key(pygame.K_UP)
    assert h.table.focus.side_focus == "draw"
    frame = h.table.frame(h.surface.get_size())
    assert [b.key for b in frame.buttons if b.focus] == ["draw"]
    h.key(pygame.K_RETURN)
    assert h.actions()[0].__class__.__name__ == "Draw"


def test_down_returns_to_the_hand():
    h = one_human([["B7", "R2", "G4"], ["Y1", "Y2", "Y3"]], start="R5")
    h.settle()
    h.key(pygame.K_UP)
    h.key(pygame.K_DOWN)
    assert h.table.focus.side_focus is None
