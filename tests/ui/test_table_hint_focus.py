"""After a hint the keys do what the screen shows: the focus moves to what the hint
lights, a refusal's reason replaces the hint's line, and the bluff warning of a Wild
Draw Four follows the pointer as well as the keyboard focus."""

from __future__ import annotations

import pygame

from uno_desktop.engine import Card, Draw, Play

from .test_hint_ui import NOTHING_FITS, ask, shown_hint, table
from .test_table import TableHarness
from .test_table_focus import lit_things

#: Ann's focus starts on R1 (her first playable card); the hard computer would play R7
TWO_REDS = [["R1", "R7", "G3", "B7"], ["Y5", "Y6", "Y7", "G8"], ["G1", "G2", "B1", "B2"]]


def status(h: TableHarness) -> str:
    return h.table.frame(h.surface.get_size()).status


def test_after_a_draw_hint_the_focus_is_on_draw_and_enter_draws():
    h = table(NOTHING_FITS)
    ask(h)
    assert lit_things(h) == ["side draw"]
    h.key(pygame.K_RETURN)
    assert h.actions() == [Draw(0)]
    assert "wrong" not in h.services.sounds.played


def test_after_a_hint_to_play_a_card_the_focus_is_on_that_card_and_enter_plays_it():
    h = table(TWO_REDS)
    assert lit_things(h) == ["card R1"]
    ask(h)
    assert lit_things(h) == ["card R7"]
    h.key(pygame.K_RETURN)
    assert h.actions() == [Play(0, Card.parse("R7"))]


def test_a_refusal_replaces_the_hint_line_with_its_reason():
    h = table(TWO_REDS)
    ask(h)
    assert shown_hint(h) is not None
    h.click(h.card_pos("B7"))
    assert shown_hint(h) is None
    assert status(h) == "Does not match Red 3"


def test_the_hint_line_comes_back_once_the_reason_is_taken_down():
    h = table(TWO_REDS)
    ask(h)
    h.click(h.card_pos("B7"))
    h.run(3.0)
    assert shown_hint(h) is not None


def test_the_bluff_warning_shows_while_the_pointer_is_on_the_wild_draw_four():
    h = table([["W4", "R7", "G5"], ["Y5", "Y6", "Y7"], ["G1", "G2", "B1"]])
    cards = h.table.frames.hand_cards()
    h.table.focus.card = cards.index(Card.parse("R7"))
    assert status(h) != "A bluff: you can be challenged"
    h.send(pygame.event.Event(pygame.MOUSEMOTION, pos=h.card_pos("W4"), rel=(0, 0), buttons=()))
    assert status(h) == "A bluff: you can be challenged"
    h.send(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=()))
    assert status(h) != "A bluff: you can be challenged"


def test_a_hint_to_play_and_say_uno_lights_the_card_and_the_uno_button():
    h = table([["R5", "R6"], ["Y1", "Y2"], ["G1", "G2"]])
    ask(h)
    assert shown_hint(h) == "Play Red 6, say UNO: most of your cards are red"
    frame = h.table.frame(h.surface.get_size())
    assert [b.key for b in frame.buttons if b.glow] == ["uno"]
    assert lit_things(h) == ["card R6"]
    h.key(pygame.K_u)
    h.key(pygame.K_RETURN)
    assert h.actions() == [Play(0, Card.parse("R6"), uno=True)]
