"""The big screen when nobody sits at it: with only phones and computers it is a shared
view, with no hand button and no key line (it says the table plays on phones); with a
person at the screen the buttons and keys are there."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock
from uno_desktop.ui.table.focus import SideButton

from .test_table import TableHarness, make_match

HANDS = [["R5", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G4", "G5", "G6"]]
HAND_BUTTONS = {SideButton.DRAW, SideButton.PASS, SideButton.UNO, SideButton.CATCH}


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    set_language("en")
    yield
    pygame.display.quit()


def table(kinds: list[str]) -> TableHarness:
    h = TableHarness(make_match(kinds, HANDS, "R3", clock=ManualClock()))
    h.run(3.0)
    return h


def ring(h: TableHarness) -> set[str]:
    """The side buttons a Tab can reach or a frame draws."""
    h.table.input.side_buttons()
    return {b.key for b in h.table.focus.side.values() if b.visible}


def test_with_only_phones_and_computers_no_hand_button_is_drawn_or_reachable():
    h = table(["phone", "phone", "normal"])
    frame = h.table.frame(h.surface.get_size())
    assert {b.key for b in frame.buttons} == {SideButton.MENU}
    assert not HAND_BUTTONS & ring(h)


def test_a_shared_view_says_the_table_plays_on_phones_instead_of_the_keys():
    h = table(["phone", "phone", "normal"])
    frame = h.table.frame(h.surface.get_size())
    text = " ".join(frame.hints)
    assert "Playing on phones" in text and "0 of 2 connected" in text
    assert "Keys:" not in text


def test_with_a_person_at_the_screen_the_hand_buttons_and_keys_are_there():
    h = table(["human", "phone", "normal"])
    frame = h.table.frame(h.surface.get_size())
    assert {SideButton.DRAW, SideButton.UNO, SideButton.CATCH} <= {b.key for b in frame.buttons}
    assert ring(h) >= HAND_BUTTONS
    assert "Keys:" in " ".join(frame.hints)


def test_a_table_of_computers_only_keeps_its_panel_as_it_was():
    h = table(["normal", "normal", "normal"])
    frame = h.table.frame(h.surface.get_size())
    assert "Keys:" in " ".join(frame.hints)
