"""The table's side panel at a small laptop's 1024x600 with ten seats: the scores and the
keys under the log are drawn at a face of at least 11 pixels (issue 26: they were 8-9),
and still fit without overlapping."""

from __future__ import annotations

import pytest

from uno_desktop.render.fonts import face_px
from uno_desktop.render.layout import layout_problems
from uno_desktop.ui.table.paint.panel import PANEL_FACE_PX

from .test_layout_sizes import (
    draw_recorded,
    painter,
    remember,
    services,
    table_of,
    text_problems,
)

__all__ = ["painter", "services"]  # the fixtures, shared with the layout tests


@pytest.mark.parametrize("ui", [1.0, 1.15, 1.3])
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_side_panel_scores_and_keys_are_readable_at_1024x600_with_ten_seats(services, lang, ui):
    remember(services, ui_scale=ui, language=lang)
    h = table_of(10)((1024, 600), services)
    drawn = draw_recorded(h.stack, h.surface)
    lay = h.table.layout
    scores = [t for t in drawn if t.surface_size == lay.size and lay.scores_rect.contains(t.rect)]
    keys = [t for t in drawn if t.box == lay.log_rect]
    assert len(scores) == 3 * 11  # a header row and ten seats: name, cards, score
    assert keys, "the keys under the log"
    small = [(t.text, face_px(t.px)) for t in scores + keys if face_px(t.px) < PANEL_FACE_PX]
    assert small == []
    assert PANEL_FACE_PX >= 11
    assert layout_problems(lay) == []
    assert text_problems(drawn) == []
    bottom = max(t.rect.bottom for t in keys)
    frame = h.table.frame(lay.size)
    assert bottom <= min(b.rect.top for b in frame.buttons if b.rect.top > lay.log_rect.y)


@pytest.mark.parametrize("size", [(800, 500), (1024, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_side_log_is_drawn_at_a_readable_face_in_a_small_window(services, size):
    """At 800x500 the log was drawn at a face of about 8 pixels (issue 33)."""
    remember(services, ui_scale=1.0, language="sv")
    h = table_of(4)(size, services)
    h.table.painter.panel._log = None  # the log drawn afresh, with the texts recorded
    drawn = draw_recorded(h.stack, h.surface)
    frame = h.table.frame(h.table.layout.size)
    log = h.table.painter.panel.log_rect(frame)
    lines = [t for t in drawn if t.surface_size == log.size]
    assert lines, "the log's lines"
    assert min(face_px(t.px) for t in lines) >= PANEL_FACE_PX
