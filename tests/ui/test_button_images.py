"""A painted button is kept as an image and blitted again: it must look exactly as if
painted afresh, and change with its text, its state and the window's floor. So must the
felt backdrop, smoothed straight into the window the first time."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.ui.kit.paint import paint_button
from uno_desktop.ui.kit.text import record_texts, use_floor

RECT = pygame.Rect(40, 30, 180, 52)
FELT_RGB = (20, 90, 50)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    use_floor((1280, 720))
    yield
    use_floor((1280, 720))


def painted(text: str, *, fresh: bool = False, **state: bool) -> bytes:
    surface = pygame.Surface((260, 110))
    surface.fill(FELT_RGB)
    if fresh:  # while texts are recorded the button is painted afresh every time
        with record_texts():
            paint_button(surface, RECT, text, 1.0, **state)
    else:
        paint_button(surface, RECT, text, 1.0, **state)
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("state", [{}, {"hover": True}, {"pressed": True}, {"enabled": False}])
def test_a_kept_button_looks_exactly_like_one_painted_afresh(state):
    painted("Draw a card", **state)
    assert painted("Draw a card", **state) == painted("Draw a card", fresh=True, **state)


def test_a_kept_button_follows_its_text_and_its_state():
    plain = painted("Pass")
    assert painted("Dra") != plain
    assert painted("Pass", hover=True) != plain
    assert painted("Pass") == plain


def test_a_kept_button_is_painted_afresh_for_a_new_window_floor():
    long_text = "Say UNO before anyone catches you out"
    painted(long_text)
    use_floor((1024, 600))
    assert painted(long_text) == painted(long_text, fresh=True)


def test_a_kept_layer_blits_like_the_layer_to_within_one_level_and_skips_clear_pixels():
    from uno_desktop.ui.kit import kept_layer

    layer = pygame.Surface((300, 160), pygame.SRCALPHA)
    pygame.draw.ellipse(layer, (255, 255, 255, 120), layer.get_rect().inflate(-20, -20), 3)
    pygame.draw.circle(layer, (250, 220, 60, 200), (40, 40), 12)
    plain, kept = pygame.Surface((320, 180)), pygame.Surface((320, 180))
    for surface in (plain, kept):
        surface.fill(FELT_RGB)
    plain.blit(layer, (10, 10))
    kept.blit(kept_layer(layer.copy()), (10, 10))
    a, b = pygame.image.tobytes(plain, "RGB"), pygame.image.tobytes(kept, "RGB")
    assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 1
    assert kept_layer(layer).get_flags() & pygame.RLEACCELOK  # encoded at its first blit


@pytest.mark.parametrize("size", [(1280, 720), (1023, 577)])
def test_the_felt_smoothed_straight_into_the_window_looks_exactly_like_the_kept_one(size):
    from uno_desktop.ui.kit import paint

    paint._backdrop.clear()
    paint._felt_small.clear()
    drawn = []
    for _time in range(3):  # straight into the surface, then the kept image twice
        surface = pygame.Surface(size)
        surface.fill(FELT_RGB)
        paint.draw_backdrop(surface)
        drawn.append(pygame.image.tobytes(surface, "RGB"))
        assert (size in paint._backdrop) == (len(drawn) > 1)  # no kept image the first time
    assert drawn[0] == drawn[1] == drawn[2]
