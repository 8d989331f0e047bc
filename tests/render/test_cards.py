"""Card pictures: every kind renders at every size, pictures are cached, modes differ."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.engine import COLORS, Card
from uno_desktop.engine.cards import all_card_kinds
from uno_desktop.render.cards import CARD_RATIO, CardPainter, all_faces_sheet, card_height

WIDTHS = (40, 64, 120, 300)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("width", WIDTHS)
def test_every_card_kind_renders_at_the_asked_size(width):
    painter = CardPainter()
    for card in all_card_kinds():
        face = painter.face(card, width)
        assert face.get_size() == (width, round(width * CARD_RATIO)), card


def test_card_height_follows_the_ratio():
    assert card_height(120) == 180
    assert card_height(41) == round(41 * 1.5)


def test_a_face_is_drawn_once_and_then_cached():
    painter = CardPainter()
    card = Card.parse("R5")
    assert painter.face(card, 120) is painter.face(card, 120)


def test_each_width_has_its_own_cached_face():
    painter = CardPainter()
    card = Card.parse("G7")
    assert painter.face(card, 80) is not painter.face(card, 81)


def test_colorblind_mode_changes_the_face():
    card = Card.parse("Y3")
    normal = CardPainter(colorblind=False).face(card, 120)
    colorblind = CardPainter(colorblind=True).face(card, 120)
    assert _pixels(normal) != _pixels(colorblind)


def test_colorblind_mode_marks_the_wild_oval_with_shapes():
    card = Card.parse("W")
    normal = CardPainter(colorblind=False).face(card, 120)
    colorblind = CardPainter(colorblind=True).face(card, 120)
    assert _pixels(normal) != _pixels(colorblind)


def test_switching_colorblind_mode_clears_the_cache():
    painter = CardPainter()
    card = Card.parse("B9")
    before = painter.face(card, 100)
    painter.colorblind = True
    after = painter.face(card, 100)
    assert painter.colorblind is True
    assert after is not before
    assert _pixels(after) != _pixels(before)


def test_different_cards_look_different():
    painter = CardPainter()
    faces = {c.code: _pixels(painter.face(c, 60)) for c in all_card_kinds()}
    assert len(set(faces.values())) == len(faces)


def _white_pixels(surface: pygame.Surface, area: pygame.Rect | None = None):
    area = area or surface.get_rect()
    return frozenset(
        (x, y)
        for y in range(area.top, area.bottom)
        for x in range(area.left, area.right)
        if min(surface.get_at((x, y))[:3]) > 225
    )


def test_colourblind_swatches_carry_four_different_white_shapes():
    painter = CardPainter(colorblind=True)
    # the white rim is the same for all four; what differs is the shape in the middle
    shapes = [_white_pixels(painter.color_swatch(c, 64)) for c in COLORS]
    assert len(set(shapes)) == 4


def test_colourblind_faces_of_one_rank_differ_by_shape_not_only_by_hue():
    painter = CardPainter(colorblind=True)
    below_index = pygame.Rect(0, 29, 32, 34)  # left column under the top-left index
    whites = [_white_pixels(painter.face(Card(c, "5"), 80), below_index) for c in COLORS]
    assert len(set(whites)) == 4 and all(whites)


def test_card_corners_are_transparent_so_rounded_edges_show_the_table():
    face = CardPainter().face(Card.parse("R1"), 120)
    assert face.get_at((0, 0)).a == 0
    assert face.get_at((60, 90)).a == 255


def test_back_renders_and_is_cached():
    painter = CardPainter()
    back = painter.back(90)
    assert back.get_size() == (90, 135)
    assert painter.back(90) is back


@pytest.mark.parametrize("colorblind", [False, True])
def test_color_swatches_are_square_cached_and_distinct(colorblind):
    painter = CardPainter(colorblind=colorblind)
    swatches = [painter.color_swatch(c, 48) for c in COLORS]
    assert all(s.get_size() == (48, 48) for s in swatches)
    assert painter.color_swatch(COLORS[0], 48) is swatches[0]
    assert len({_pixels(s) for s in swatches}) == 4


def test_colorblind_swatch_shows_the_shape_boldly():
    normal = CardPainter(False).color_swatch(COLORS[1], 64)
    bold = CardPainter(True).color_swatch(COLORS[1], 64)
    assert _pixels(normal) != _pixels(bold)


def test_highlight_is_larger_than_the_card_on_every_side():
    painter = CardPainter()
    glow = painter.highlight(100)
    pad = CardPainter.glow_pad(100)
    assert glow.get_size() == (100 + 2 * pad, 150 + 2 * pad)
    assert painter.highlight(100) is glow


def test_sheet_of_all_cards_can_be_saved_for_a_person_to_look_at(tmp_path):
    for colorblind in (False, True):
        sheet = all_faces_sheet(CardPainter(colorblind), 80)
        path = tmp_path / f"cards_{colorblind}.png"
        pygame.image.save(sheet, str(path))
        assert path.stat().st_size > 10_000


def test_the_cache_drops_the_oldest_pictures_beyond_its_pixel_budget(monkeypatch):
    import uno_desktop.render.cards as cards

    monkeypatch.setattr(cards, "MAX_CACHE_PIXELS", 3 * 100 * 150)
    painter = CardPainter()
    first = painter.face(Card.parse("R1"), 100)
    for code in ("R2", "R3", "R4"):
        painter.face(Card.parse(code), 100)
    assert painter.face(Card.parse("R4"), 100) is painter.face(Card.parse("R4"), 100)
    assert painter.face(Card.parse("R1"), 100) is not first


def test_a_card_shadow_fades_to_nothing_before_its_edges():
    """A shadow cut off at its surface edge shows as a hard rectangle on the felt."""
    from uno_desktop.render.cards import CardPainter

    surf = CardPainter().shadow(100)
    w, h = surf.get_size()
    edges = [surf.get_at((w - 1, h // 2)).a, surf.get_at((w // 2, h - 1)).a]
    edges += [surf.get_at((0, h // 2)).a, surf.get_at((w // 2, 0)).a]
    assert max(edges) <= 4
    assert surf.get_at((w // 2, h // 2)).a > 80
