"""Fonts come from the game's bundled faces (true bold, every Swedish letter) and are cached."""

from __future__ import annotations

from uno_desktop.render import fonts
from uno_desktop.render.fonts import clear_cache, font, text_size


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


class _CountingFont:
    """A font that counts how often it is asked to measure."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def size(self, text: str) -> tuple[int, int]:
        self.asked.append(text)
        return 7 * len(text), 12


def test_a_line_is_measured_once_per_font_and_text_and_again_after_the_fonts_are_cleared():
    f = _CountingFont()
    assert text_size(f, "Ann") == text_size(f, "Ann") == (21, 12)
    assert text_size(f, "Bo\x00") == (21, 12)
    assert f.asked == ["Ann", "Bo\ufffd"]
    clear_cache()
    text_size(f, "Ann")
    assert f.asked == ["Ann", "Bo\ufffd", "Ann"]


def test_the_measures_kept_are_bounded():
    f = _CountingFont()
    for i in range(fonts.MAX_SIZES + 10):
        text_size(f, str(i))
    assert len(fonts._sizes) <= fonts.MAX_SIZES
