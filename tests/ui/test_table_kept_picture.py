"""The table keeps everything under the cards in flight as one picture and paints again
only the parts a frame changed (`ui/table/paint/layer.py`). Whatever it skips, every frame must
look exactly as the same frame painted whole by a painter that keeps nothing."""

from __future__ import annotations

import random

import pygame
import pytest

from uno_desktop.render.layout import table_layout
from uno_desktop.ui.table.frame import SeatFrame
from uno_desktop.ui.table.paint.painter import TablePainter
from uno_desktop.ui.table.scene import TableScene

from .monkey import TABLE_KEYS, post_random_input, started_app

LONG_NAME = "W" * 40  # the longest name a seat may have, in the widest letters


def _play_and_compare(
    preset: str, seats: list[tuple[str, str]], size: tuple[int, int], seed: int, steps: int
) -> int:
    """Play with random clicks and keys; at each step paint the table with the scene's own
    painter and with one made to paint whole, and compare. Returns the frames compared."""
    app = started_app(preset, seats, seed, size, think_time_s=0.3, animation_speed=2.0)
    services = app.services
    rng = random.Random(seed)
    whole = TablePainter()
    kept_surface, whole_surface = pygame.Surface(size), pygame.Surface(size)
    compared = 0
    for step in range(steps):
        post_random_input(rng, size, click=0.15, move=0.15, key=0.1, keys=TABLE_KEYS)
        services.clock.advance(1 / 30)
        app.step(1 / 30)
        tables = [s for s in app.stack.scenes if isinstance(s, TableScene)]
        if not tables:
            continue
        table = tables[0]
        frame = table.frame(size)
        table.painter.paint(kept_surface, frame, services.painter)
        whole.forget_picture()
        whole.paint(whole_surface, frame, services.painter)
        assert pygame.image.tobytes(kept_surface, "RGB") == pygame.image.tobytes(
            whole_surface, "RGB"
        ), f"step {step}: the kept picture differs from the table painted whole"
        compared += 1
    return compared


@pytest.mark.parametrize(
    "preset, seats, size, seed",
    [
        (
            "official",
            [("Ann", "human")] + [(n, "easy") for n in ("Bo", "Cy", "Di", "Ed", "Flo", "Gus")],
            (1280, 720),
            1,
        ),
        (
            "party",
            [("Ann", "human"), (LONG_NAME, "normal"), ("Bo", "human"), ("Cy", "easy")],
            (1024, 600),
            2,
        ),
        ("swedish", [("Ann", "human"), ("Bo", "easy"), ("Cy", "hard")], (1280, 720), 3),
    ],
)
def test_every_frame_of_the_kept_picture_equals_the_table_painted_whole(preset, seats, size, seed):
    assert _play_and_compare(preset, seats, size, seed, steps=360) > 200


def test_a_seat_paints_its_long_name_where_its_part_says_it_painted():
    """A name too long for its plate is drawn whole past the plate: the rect a seat's part
    returns must hold every pixel it painted, or a later repaint would leave a stale edge."""
    pygame.display.init()
    size = (1024, 600)
    pygame.display.set_mode(size)
    from uno_desktop.render.cards import CardPainter

    lay = table_layout(10, 0, size, 1.0)
    painter = TablePainter()
    cards = CardPainter()
    for seat in range(1, 10):
        for count, uno, thinking, phone in [(0, False, False, None), (1, True, True, True)]:
            frame_seat = SeatFrame(seat, LONG_NAME, 512, count, True, uno, thinking, phone)
            surface = pygame.Surface(size, pygame.SRCALPHA)
            surface.fill((0, 0, 0, 0))
            frame = _frame_for(lay, frame_seat)
            painted = painter.seats.paint(surface, frame, cards, frame_seat)
            ink = surface.get_bounding_rect()
            assert painted.contains(ink), (seat, count, painted, ink)
            assert ink.w > lay.seats[seat].name_rect.w  # the name did run past its plate


def _frame_for(lay, seat: SeatFrame):  # type: ignore[no-untyped-def]
    """The least of a frame a seat's painting reads."""
    from types import SimpleNamespace

    return SimpleNamespace(layout=lay, time_s=0.4, bottom=0)
