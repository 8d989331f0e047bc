"""The one rule for text: a floor from the window and the UI size, shrink to it, then wrap;
never an ellipsis."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.ui.kit import current_floor, draw_fitted, draw_text, record_texts, use_floor
from uno_desktop.ui.kit.metrics import floor_px


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield
    use_floor((1280, 720))


def test_the_floor_is_14_px_at_the_design_size_and_11_on_a_small_laptop():
    assert floor_px((1280, 720)) == 14
    assert floor_px((1024, 600)) == 11


def test_the_floor_grows_with_the_window_and_the_ui_size():
    assert floor_px((2560, 1440)) == 28
    assert floor_px((1280, 720), 1.3) > floor_px((1280, 720), 1.0)


def test_no_window_or_ui_size_brings_the_floor_under_11_px():
    assert floor_px((800, 500), 0.85) == 11


def test_a_text_asked_smaller_than_the_floor_is_drawn_at_the_floor():
    use_floor((1280, 720))
    surface = pygame.Surface((400, 100))
    with record_texts() as drawn:
        draw_text(surface, "Keys: D draw", 9, topleft=(0, 0))
    assert drawn[0].px == current_floor() == 14


def test_a_long_title_wraps_in_its_box_whole_instead_of_being_cut():
    use_floor((1024, 600))
    surface = pygame.Surface((400, 300))
    box = pygame.Rect(10, 10, 130, 120)
    title = "Choose a colour for your Wild Swap Hands"
    with record_texts() as drawn:
        draw_fitted(surface, title, 34, (255, 255, 255), box, bold=True)
    assert " ".join(t.text for t in drawn) == title
    assert len(drawn) > 1
    assert all(box.contains(t.rect) and t.px >= 11 for t in drawn)


def test_a_short_text_keeps_its_size_in_a_roomy_box():
    use_floor((1280, 720))
    surface = pygame.Surface((400, 100))
    with record_texts() as drawn:
        draw_fitted(surface, "Draw", 24, (255, 255, 255), pygame.Rect(0, 0, 300, 60))
    assert [(t.text, t.px) for t in drawn] == [("Draw", 24)]
