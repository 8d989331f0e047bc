"""Drag a card from the hand onto the pile to play it, as well as click: the mouse only,
with pygame mouse events as the window sends them. Dropped elsewhere, the card goes back;
an unplayable card dropped on the pile is refused with its reason."""

from __future__ import annotations

import pygame

from uno_desktop.engine import Card, Play
from uno_desktop.lang.i18n import set_language

from .test_table import TableHarness, one_human

HANDS = [["R1", "B7", "G5"], ["Y5", "Y6", "Y7"]]  # on Red 3: only R1 fits


def ann() -> TableHarness:
    set_language("en")
    h = one_human(HANDS)
    h.settle()
    return h


def pile(h: TableHarness) -> tuple[int, int]:
    h.table.ensure_layout(h.surface.get_size())
    assert h.table.layout is not None
    return h.table.layout.discard_pile.center


def drag(h: TableHarness, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """Press at `start`, move to `end` in `steps` with the left button down, let go."""
    h.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    move_to(h, start, end, steps)
    h.send(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))


def move_to(h: TableHarness, start: tuple[int, int], end: tuple[int, int], steps: int) -> None:
    for i in range(1, steps + 1):
        pos = (
            start[0] + (end[0] - start[0]) * i // steps,
            start[1] + (end[1] - start[1]) * i // steps,
        )
        h.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))


def test_a_playable_card_dragged_onto_the_pile_is_played():
    h = ann()
    drag(h, h.card_pos("R1"), pile(h))
    assert h.actions() == [Play(0, Card.parse("R1"))]


def test_a_dragged_card_follows_the_pointer_and_leaves_a_ghost_in_the_hand():
    h = ann()
    start = h.card_pos("R1")
    h.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    end = (start[0] + 60, start[1] - 150)
    move_to(h, start, end, 5)
    frame = h.table.frame(h.surface.get_size())
    assert frame.drag is not None and frame.drag.card == Card.parse("R1")
    assert frame.drag.rect.collidepoint(end)
    ghost = next(c for c in frame.hand if c.card == Card.parse("R1"))
    assert ghost.dimmed


def test_a_card_dropped_off_the_pile_goes_back_and_nothing_is_played():
    h = ann()
    start = h.card_pos("R1")
    drag(h, start, (100, 400))  # the empty felt at the left
    assert h.actions() == []
    frame = h.table.frame(h.surface.get_size())
    assert frame.drag is None
    assert Card.parse("R1") in [c.card for c in frame.hand]
    assert "wrong" not in h.services.sounds.played


def test_an_unplayable_card_dragged_onto_the_pile_is_refused_with_its_reason():
    h = ann()
    drag(h, h.card_pos("B7"), pile(h))
    assert h.actions() == []
    assert "wrong" in h.services.sounds.played
    assert h.table.frame(h.surface.get_size()).status == "Does not match Red 3"


def test_a_press_and_let_go_without_moving_is_still_a_click():
    h = ann()
    pos = h.card_pos("R1")
    h.send(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(pos[0] + 2, pos[1]), rel=(2, 0), buttons=(1, 0, 0)
        )
    )
    h.click(pos)
    assert h.actions() == [Play(0, Card.parse("R1"))]


def test_a_drag_changes_nothing_for_the_keys():
    h = ann()
    start = h.card_pos("B7")
    drag(h, start, (start[0] + 100, start[1] - 200))
    focused = [c.card for c in h.table.frame(h.surface.get_size()).hand if c.focused]
    assert focused == [Card.parse("R1")]
    h.key(pygame.K_RETURN)
    assert h.actions() == [Play(0, Card.parse("R1"))]


def test_a_computers_cards_cannot_be_dragged():
    h = ann()
    lay = h.table.layout
    assert lay is not None
    strip = lay.seats[1].cards_rect.center
    drag(h, strip, pile(h))
    assert h.actions() == []
    assert h.table.frame(h.surface.get_size()).drag is None


def test_a_drag_never_shows_a_card_to_the_next_person_at_the_screen():
    from uno_desktop.play.match import ManualClock

    from .test_table import make_match
    from .test_table_focus import _ready

    set_language("en")
    match = make_match(
        ["human", "human"], [["R1", "B7", "G5"], ["Y5", "Y6", "Y7"]], clock=ManualClock()
    )
    h = TableHarness(match)
    h.settle()
    _ready(h)  # Ann at the screen
    start = h.card_pos("B7")
    h.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    move_to(h, start, (100, 400), 4)  # Ann holds B7 in the air...
    h.table.set_viewer(None)  # ...when the screen is handed on
    h.table.set_viewer(1)
    assert h.table.frame(h.surface.get_size()).drag is None
