"""Table layout for 2..10 seats at every supported window size, and the hand fan."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.render.layout import (
    BUTTON_KEYS,
    fan_rects,
    hit_test_fan,
    layout_problems,
    table_layout,
)

SIZES = [(800, 500), (1024, 600), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)]
PLAYERS = range(2, 11)
SCALES = [0.75, 1.0, 1.5, 2.0]


def _others(layout):
    return [s for s in layout.seats if s.seat != layout.viewer]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_every_rect_is_inside_the_screen(players, size):
    layout = table_layout(players, 0, size)
    screen = pygame.Rect((0, 0), size)
    for name, rect in layout.named_rects().items():
        assert screen.contains(rect), name


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_nothing_overlaps_and_nothing_leaves_the_screen(players, size, scale):
    layout = table_layout(players, players - 1, size, ui_scale=scale)
    assert layout_problems(layout) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_seat_plates_do_not_overlap_piles_hand_buttons_or_log(players, size):
    layout = table_layout(players, 0, size)
    fixed = [
        layout.hand_rect,
        layout.draw_pile,
        layout.discard_pile,
        layout.color_marker,
        layout.direction_marker,
        layout.log_rect,
        layout.scores_rect,
        layout.status_rect,
        *layout.buttons.values(),
    ]
    for spot in _others(layout):
        for rect in (spot.name_rect, spot.cards_rect):
            assert rect.collidelist(fixed) == -1, spot
        assert not spot.name_rect.colliderect(spot.cards_rect)


@pytest.mark.parametrize("players", PLAYERS)
def test_seats_are_indexed_by_seat_number(players):
    layout = table_layout(players, 0, (1280, 720))
    assert [s.seat for s in layout.seats] == list(range(players))


@pytest.mark.parametrize("viewer", [0, 3, 5])
@pytest.mark.parametrize("players", [6, 10])
def test_the_viewer_sits_at_the_bottom_centre(players, viewer):
    layout = table_layout(players, viewer, (1280, 720))
    me = layout.seats[viewer]
    assert me.cards_rect == layout.hand_rect
    assert abs(me.name_rect.centerx - layout.table_rect.centerx) <= 1
    for spot in _others(layout):
        assert spot.cards_rect.bottom <= me.name_rect.top
        assert spot.center[1] < me.center[1]


@pytest.mark.parametrize("players", [3, 4, 5, 8, 10])
def test_the_next_seats_go_clockwise_up_the_left_and_left_to_right_across_the_top(players):
    viewer = 1
    layout = table_layout(players, viewer, (1920, 1080))
    # walking the seats in play order from the viewer must go around clockwise:
    # the angle seen from the table centre increases steadily (screen coordinates)
    import math

    cx, cy = layout.table_rect.center
    angles = []
    for k in range(1, players):
        x, y = layout.seats[(viewer + k) % players].center
        angles.append(math.atan2(cx - x, y - cy) % (2 * math.pi))  # 0 = bottom, clockwise
    assert angles == sorted(angles)


@pytest.mark.parametrize("players", [4, 7, 10])
def test_seat_numbers_increase_left_to_right_across_the_top(players):
    layout = table_layout(players, 0, (1280, 720))
    top = min(s.name_rect.top for s in _others(layout))
    top_row = sorted(
        (s for s in _others(layout) if s.name_rect.top == top), key=lambda s: s.center[0]
    )
    seats = [s.seat for s in top_row]
    assert seats == sorted(seats)


def test_three_players_sit_left_of_and_right_of_the_top():
    layout = table_layout(3, 0, (1280, 720))
    assert layout.seats[1].center[0] < layout.seats[2].center[0]


def test_all_buttons_are_there():
    layout = table_layout(4, 0, (1280, 720))
    assert set(layout.buttons) == set(BUTTON_KEYS)


def test_cards_grow_with_the_window():
    widths = [table_layout(4, 0, size).card_w for size in SIZES]
    assert widths == sorted(widths) and widths[0] < widths[-1]


def test_ui_scale_makes_cards_bigger_where_it_fits():
    assert table_layout(4, 0, (1920, 1080), 1.5).card_w > table_layout(4, 0, (1920, 1080)).card_w


def test_a_too_large_ui_scale_is_clamped_to_what_fits():
    layout = table_layout(10, 0, (800, 500), ui_scale=2.0)
    assert layout_problems(layout) == []
    assert layout.scale < 2.0 * 800 / 1280


@pytest.mark.parametrize("size", SIZES)
def test_cards_stay_between_40_and_300_pixels(size):
    for scale in SCALES:
        layout = table_layout(10, 0, size, scale)
        assert 40 <= layout.card_w <= 300
        assert layout.small_card_w < layout.card_w


def test_players_outside_2_to_10_are_refused():
    with pytest.raises(ValueError):
        table_layout(11, 0, (1280, 720))
    with pytest.raises(ValueError):
        table_layout(4, 4, (1280, 720))


def test_layouts_can_be_saved_as_pictures_for_a_person_to_look_at(tmp_path):
    for players in (4, 10):
        layout = table_layout(players, 0, (1280, 720))
        screen = pygame.Surface(layout.size)
        for rect in layout.named_rects().values():
            pygame.draw.rect(screen, (255, 255, 255), rect, 1)
        pygame.image.save(screen, str(tmp_path / f"layout_{players}.png"))
        assert (tmp_path / f"layout_{players}.png").exists()


# --- the hand fan --------------------------------------------------------------------------

HAND = pygame.Rect(100, 500, 900, 200)


@pytest.mark.parametrize("n", range(1, 41))
def test_the_fan_fits_the_hand_rect(n):
    rects = fan_rects(n, HAND, 100)
    assert len(rects) == n
    assert all(HAND.contains(r) for r in rects)


@pytest.mark.parametrize("n", [1, 7, 40])
def test_the_fan_fits_with_a_lifted_card(n):
    rects = fan_rects(n, HAND, 100, lifted=n - 1)
    assert all(HAND.contains(r) for r in rects)


def test_the_lifted_card_rises_by_a_fifth_of_its_height():
    flat = fan_rects(5, HAND, 100)
    lifted = fan_rects(5, HAND, 100, lifted=2)
    assert flat[2].y - lifted[2].y == round(flat[2].height * 0.2)
    assert [r.y for i, r in enumerate(lifted) if i != 2] == [flat[0].y] * 4


def test_the_overlap_grows_with_the_card_count():
    steps = [fan_rects(n, HAND, 100)[1].x - fan_rects(n, HAND, 100)[0].x for n in (5, 15, 40)]
    assert steps[0] >= steps[1] > steps[2] > 0


def test_cards_are_left_to_right_and_centred():
    rects = fan_rects(6, HAND, 100)
    assert [r.x for r in rects] == sorted(r.x for r in rects)
    assert abs((rects[0].left + rects[-1].right) / 2 - HAND.centerx) <= 1


def test_a_card_too_big_for_the_hand_is_shrunk_to_fit():
    small_hand = pygame.Rect(0, 0, 300, 90)
    rects = fan_rects(3, small_hand, 120)
    assert all(small_hand.contains(r) for r in rects)


def test_hit_test_picks_the_topmost_card_where_two_overlap():
    rects = fan_rects(10, HAND, 100)
    overlap = rects[3].clip(rects[4])
    assert hit_test_fan(rects, overlap.center) == 4


def test_hit_test_finds_the_last_card_on_its_right_edge():
    rects = fan_rects(10, HAND, 100)
    assert hit_test_fan(rects, (rects[-1].right - 2, rects[-1].centery)) == 9


def test_hit_test_misses_outside_the_cards():
    rects = fan_rects(3, HAND, 100)
    assert hit_test_fan(rects, (HAND.left + 1, HAND.top + 1)) is None


def test_an_empty_hand_has_no_rects():
    assert fan_rects(0, HAND, 100) == []
    assert hit_test_fan([], (0, 0)) is None
