"""Fonts come from pygame's bundled default font and are cached."""

from __future__ import annotations

from uno_desktop.render.fonts import font


def test_the_same_size_and_style_gives_the_same_font_object():
    assert font(24) is font(24)


def test_bold_is_a_separate_cached_font():
    assert font(24, bold=True) is not font(24)
    assert font(24, bold=True).bold


def test_a_font_renders_text():
    image = font(30).render("UNO", True, (255, 255, 255))
    assert image.get_width() > image.get_height() > 0
