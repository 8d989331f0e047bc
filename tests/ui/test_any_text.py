"""The text kit measures and draws any string without raising: zero-width characters
alone, NUL, lone surrogates, unassigned code points and very long lines all give a
surface of a sane size (text from files and typing reaches every screen)."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_desktop.render.fonts import MAX_LINE_CHARS, font, render, text_size
from uno_desktop.ui.kit import (
    Label,
    TextInput,
    draw_fitted,
    draw_text,
    fit_lines,
    fit_px,
    fitted_height,
    text_image,
    use_floor,
    wrap_words,
)

#: every code point, surrogates and unassigned ones included
ANY_CHARACTER = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
ANY_TEXT = st.text(ANY_CHARACTER, max_size=40) | st.sampled_from(
    ["", "\x00", "\ufe0f", "\u034f", "\u17b4", "\u200b", "\ud800", "a\udc00b", "\U000e0001"]
)
PX = 30
#: the widest a line may draw: no glyph of the bundled faces is wider than 2 em
MAX_W = MAX_LINE_CHARS * PX * 2


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    use_floor((1280, 720))
    yield


def assert_sane(surface: pygame.Surface) -> None:
    w, h = surface.get_size()
    assert 0 <= w <= MAX_W and 0 < h <= 4 * PX


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_TEXT)
def test_any_text_is_measured_and_drawn_without_raising(text: str) -> None:
    f = font(PX)
    assert_sane(render(f, text, (255, 255, 255)))
    w, h = text_size(f, text)
    assert 0 <= w <= MAX_W and 0 < h <= 4 * PX
    assert_sane(text_image(text, PX, bold=True))
    assert_sane(text_image(text, PX, heading=True))
    surface = pygame.Surface((400, 200))
    rect = draw_text(surface, text, PX, max_w=200, shadow=True, center=(200, 100))
    assert rect.w <= MAX_W
    assert 0 < fit_px(text, PX, 100) <= PX
    size, lines = fit_lines(text, PX, 120, max_lines=3)
    assert 0 < size <= PX and lines
    assert wrap_words(text, PX, 120)
    assert fitted_height(text, PX, 120) > 0
    box = pygame.Rect(10, 10, 150, 80)
    draw_fitted(surface, text, PX, (255, 255, 255), box, bold=True)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_TEXT)
def test_a_label_and_a_text_field_draw_any_text(text: str) -> None:
    surface = pygame.Surface((400, 200))
    label = Label(lambda: text)
    label.rect = pygame.Rect(10, 10, 200, 40)
    label.draw(surface)
    field = TextInput(text, max_len=100)
    field.rect = pygame.Rect(10, 60, 200, 40)
    field.focused = True
    field.draw(surface)


@pytest.mark.parametrize(
    "text",
    ["x" * 200_000, "\u034f" * 200_000, "\ud800" * 200_000, "\x00" * 200_000],
    ids=["letters", "zero_width", "surrogates", "nul"],
)
def test_a_very_long_line_draws_a_surface_of_sane_size(text: str) -> None:
    assert_sane(render(font(PX), text, (0, 0, 0)))
    assert_sane(text_image(text, PX))
    surface = pygame.Surface((400, 200))
    assert draw_text(surface, text, PX, max_w=300, topleft=(0, 0)).w <= MAX_W
    draw_fitted(surface, text, PX, (255, 255, 255), pygame.Rect(0, 0, 300, 100))


def test_a_zero_width_text_draws_as_an_empty_line_of_the_fonts_height() -> None:
    f = font(PX)
    img = render(f, "\ufe0f", (0, 0, 0))
    assert img.get_size() == (0, f.get_height())
