"""The player picker (Wild Swap Hands, a 7 under 7-0): every name in full, and the seat
pointed at lit on the table while the picker is open."""

from __future__ import annotations

import pygame

from tests.ui.test_table import TableHarness, make_match
from uno_desktop.play.match import ManualClock
from uno_desktop.ui.kit import record_texts
from uno_desktop.ui.table.pickers import ChoosePlayerOverlay

NAMES = ["Alexandra", "Computer 1", "Computer 2"]


def swap_picker(size: tuple[int, int] = (1024, 600)) -> TableHarness:
    """Alexandra plays a Wild Swap Hands and has chosen red: whom to swap with?"""
    match = make_match(
        ["human"] * 3,
        [["WS", "R2", "B2"], ["R7", "G2", "G3"], ["Y1", "Y2", "Y3"]],
        clock=ManualClock(),
        names=NAMES,
    )
    h = TableHarness(match, size=size)
    h.settle()
    h.key(pygame.K_RETURN)  # Alexandra is at the screen
    h.settle()
    h.click(h.card_pos("WS"))
    h.key(pygame.K_1)
    h.frame()
    assert isinstance(h.stack.top, ChoosePlayerOverlay)
    return h


def test_the_picker_names_every_player_in_full():
    h = swap_picker()
    picker = h.stack.top
    h.table.draw(h.surface)
    with record_texts() as drawn:
        picker.draw(h.surface)
    texts = [t.text for t in drawn]
    assert "Computer 1" in texts
    assert "Computer 2" in texts
    assert not any("…" in t for t in texts)


def test_the_seat_the_picker_points_at_is_lit_on_the_table():
    h = swap_picker()
    assert h.table.frame(h.surface.get_size()).lit_seat == 1  # the focus starts on the first
    h.key(pygame.K_DOWN)
    assert h.table.frame(h.surface.get_size()).lit_seat == 2


def test_the_seat_under_the_pointer_is_lit_before_the_focused_one():
    h = swap_picker()
    second = h.stack.top.seat_buttons[1]
    h.send(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=second.rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    assert h.table.frame(h.surface.get_size()).lit_seat == 2


def test_no_seat_is_lit_once_the_player_is_chosen():
    h = swap_picker()
    h.key(pygame.K_2)
    h.frame()
    assert h.table.frame(h.surface.get_size()).lit_seat is None


def test_the_picker_sits_over_the_felt_and_leaves_your_name_and_the_side_panel_free():
    for size in ((1024, 600), (1280, 720), (2560, 1440)):
        h = swap_picker(size)
        picker = h.stack.top
        lay = h.table.frame(size).layout
        mine = lay.seats[h.table.bottom].name_rect
        assert lay.table_rect.contains(picker.panel), size
        assert not picker.panel.colliderect(mine), size
        assert picker.panel.centerx == lay.table_rect.centerx, size
