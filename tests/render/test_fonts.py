"""Fonts come from the game's bundled faces (true bold, every Swedish letter) and are cached."""

from __future__ import annotations

from uno_desktop.render.fonts import font


def test_the_same_size_and_style_gives_the_same_font_object():
    assert font(24) is font(24)


def test_bold_is_a_true_bold_face_not_a_synthesised_one():
    bold = font(24, bold=True)
    assert bold is not font(24)
    # the face itself is bold (pygame reports it), nothing synthesised on a regular face
    assert "Bold" in (bold.style_name or "")


def test_the_bundled_faces_have_every_swedish_letter():
    for f in (font(30), font(30, bold=True), font(30, heading=True)):
        assert all(m is not None for m in f.metrics("åäöÅÄÖéü"))
        assert f.name not in ("freesansbold", None)


def test_the_heading_face_is_not_the_text_face():
    assert font(30, heading=True).name != font(30).name


def test_a_font_renders_text():
    image = font(30).render("UNO", True, (255, 255, 255))
    assert image.get_width() > image.get_height() > 0
