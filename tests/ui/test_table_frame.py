"""The frame is a function of the table's state, the viewer's seat view and the layout:
built twice it is the same, building it changes nothing, and a click hits what it draws."""

from __future__ import annotations

import copy

from uno_desktop.engine import Card
from uno_desktop.lang.i18n import set_language
from uno_desktop.ui.table.frame_builder import build_frame
from uno_desktop.ui.table.targets import ButtonTarget, CardTarget, PileTarget

from .test_table import TableHarness, one_human

HANDS = [["R1", "B7", "G5"], ["Y5", "Y6", "Y7"]]  # on Red 3: only R1 fits


def ann() -> TableHarness:
    set_language("en")
    h = one_human(HANDS)
    h.settle()
    h.draw()
    return h


def test_building_the_frame_twice_gives_the_same_frame():
    h = ann()
    state, seat, lay = h.table.state(), h.table.seat(), h.table.layout
    assert lay is not None
    assert build_frame(state, seat, lay) == build_frame(state, seat, lay)


def test_building_the_frame_changes_neither_the_state_nor_the_seat_view():
    h = ann()
    state, seat, lay = h.table.state(), h.table.seat(), h.table.layout
    assert lay is not None
    hands, discard = copy.deepcopy(state.shown.hands), list(state.shown.discard)
    before = (seat, state.focus_card, state.hover, state.time_s, state.moments.banner_frame())
    build_frame(state, seat, lay)
    after = (seat, state.focus_card, state.hover, state.time_s, state.moments.banner_frame())
    assert before == after
    assert state.shown.hands == hands and state.shown.discard == discard
    assert h.table.state() == state  # the table itself did not move either


def test_the_frame_carries_what_a_click_hits():
    h = ann()
    frame = h.table.frame(h.surface.get_size())
    lay = frame.layout
    assert frame.target_at(lay.draw_pile.center) == PileTarget()
    assert frame.target_at(lay.buttons["draw"].center) == ButtonTarget("draw", True)
    r1 = [c.card for c in frame.hand].index(Card.parse("R1"))
    assert frame.target_at(h.card_pos("R1")) == CardTarget(r1, True)


def test_input_hits_the_targets_of_the_frame():
    h = ann()
    frame = h.table.frame(h.surface.get_size())
    for hit in frame.targets:
        assert h.table.input.target_at(hit.rect.center) == frame.target_at(hit.rect.center)
