"""Banners keep clear of the turn prompt and of the cards in the air: they go in a free
band of the felt (above the prompt, or below the piles), to the side when cards fly
through the middle."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.engine import RuleSet
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock
from uno_desktop.render.layout import table_layout
from uno_desktop.ui.table.banner import banner_metrics, banner_rect, prompt_rect

from .test_table import TableHarness, make_match

SIZES = [(1024, 600), (1280, 720)]
TITLES = [("Wild Draw Four!", "Ann chooses blue."), ("Skip!", "Bo misses a turn."), ("UNO!", "")]


def seat_areas(lay) -> list[pygame.Rect]:
    return [s.name_rect.union(s.cards_rect) for i, s in enumerate(lay.seats) if i != lay.viewer]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 3, 4, 6, 10])
@pytest.mark.parametrize(("title", "sub"), TITLES)
def test_a_banner_never_covers_the_prompt_a_seat_or_leaves_the_felt(size, seats, title, sub):
    pygame.font.init()
    lay = table_layout(seats, 0, size, 1.0)
    title_px, _sub_px, w, h = banner_metrics(lay, title, sub)
    rect = banner_rect(lay, (w, h), ())
    assert not rect.colliderect(prompt_rect(lay))
    assert not rect.colliderect(lay.status_rect)
    assert lay.felt_frame.contains(rect)
    assert not any(rect.colliderect(a) for a in seat_areas(lay))
    assert not rect.colliderect(lay.seats[0].name_rect)
    assert title_px >= lay.font_px(1.4)  # still a big title


@pytest.mark.parametrize("size", SIZES)
def test_a_banner_steps_aside_from_a_card_flying_through_its_place(size):
    pygame.font.init()
    lay = table_layout(3, 0, size, 1.0)
    _t, _s, w, h = banner_metrics(lay, "Skip!", "Bo misses a turn.")
    calm = banner_rect(lay, (w, h), ())
    flying = [calm.inflate(-10, -10)]  # a card on its way right through it
    moved = banner_rect(lay, (w, h), flying)
    assert not moved.colliderect(flying[0])
    assert not moved.colliderect(prompt_rect(lay))


@pytest.mark.parametrize("size", SIZES)
def test_on_the_table_a_banner_never_crosses_a_flying_card_nor_the_prompt(size):
    """Ann plays a Draw Two on Bo: its banner is up while Bo's two cards fly to him."""
    set_language("en")
    hands = [["RD2", "R7", "G5"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B4"]]
    match = make_match(
        ["human", "normal", "normal"], hands, clock=ManualClock(), rules=RuleSet(hand_size=3)
    )
    h = TableHarness(match, size=size)
    h.settle()
    h.click(h.card_pos("RD2"))
    both = 0
    for _ in range(240):
        h.frame()
        frame = h.table.frame(size)
        if frame.banner is None or frame.banner.rect is None:
            continue
        rect = frame.banner.rect
        assert not rect.colliderect(prompt_rect(frame.layout))
        flying = h.table.flights.path_rects()
        both += bool(flying)
        assert not any(rect.colliderect(r) for r in flying), (rect, flying)
    assert both > 0  # the banner was up while cards flew
