"""UNO at the table as the hint tells it (issue 33): following the hint never gets you
caught, and UNO shows as armed the moment it is pressed."""

from __future__ import annotations

import pygame

from uno_desktop.engine import Card, Play

from .test_hint_ui import ask, shown_hint, table

TWO_LEFT = [["R5", "R6"], ["Y1", "Y2"], ["G1", "G2"]]


def uno_lit(h) -> bool:
    return any(b.key == "uno" and b.glow for b in h.table.frame(h.surface.get_size()).buttons)


def uno_pressed_in(h) -> bool:
    return any(b.key == "uno" and b.pressed for b in h.table.frame(h.surface.get_size()).buttons)


def test_enter_after_a_hint_that_says_uno_plays_the_card_with_uno():
    h = table(TWO_LEFT)
    ask(h)
    assert shown_hint(h) == "Play Red 6, say UNO: most of your cards are red"
    h.key(pygame.K_RETURN)
    assert h.actions()[-1] == Play(0, Card.parse("R6"), uno=True)


def test_a_hint_that_says_uno_lights_the_uno_button_at_once():
    h = table(TWO_LEFT)
    ask(h)
    assert uno_lit(h)


def test_u_after_the_hint_still_plays_with_uno():
    h = table(TWO_LEFT)
    ask(h)
    h.key(pygame.K_u)
    h.key(pygame.K_RETURN)
    assert h.actions()[-1] == Play(0, Card.parse("R6"), uno=True)


def test_pressing_u_lights_the_uno_button_and_sounds_before_any_card_is_played():
    h = table(TWO_LEFT)
    assert not uno_lit(h) and not uno_pressed_in(h)
    h.key(pygame.K_u)
    assert uno_lit(h) and uno_pressed_in(h)
    assert h.services.sounds.played[-1] == "uno"
    assert h.actions() == []
    assert h.table.frame(h.surface.get_size()).status == (
        "UNO is said with your next card: play it"
    )


def test_pressing_u_again_takes_uno_back_and_the_button_goes_dark():
    h = table(TWO_LEFT)
    h.key(pygame.K_u)
    h.key(pygame.K_u)
    assert not uno_lit(h) and not uno_pressed_in(h)
    h.click(h.card_pos("R6"))
    assert h.actions()[-1] == Play(0, Card.parse("R6"), uno=False)
