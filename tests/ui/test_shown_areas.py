"""A frame shows only the areas it changed (`ui/areas.py`): the areas the scenes report
must hold every pixel that differs from the frame before, or the window would keep a
stale picture there. Anything the scenes cannot vouch for is shown whole."""

from __future__ import annotations

import random

import pygame

from uno_desktop.ui.app import App
from uno_desktop.ui.areas import WindowShow, covers_most, joined
from uno_desktop.ui.scene import Scene, SceneStack
from uno_desktop.ui.table.scene import TableScene

from .monkey import TABLE_KEYS, post_random_input, started_app
from .x11_shown_window import differences

SIZE = (1280, 720)
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"]


def _play_and_check(
    seats: list[tuple[str, str]], seed: int, frames: int, keys: list[int]
) -> tuple[int, int, int]:
    """Play with random clicks and keys in the real app; after every frame drawn, check
    that each pixel that changed lies inside an area the scenes reported. Returns the
    frames reported in areas, those among them with changed pixels, and the frames drawn
    with a hand-off, a banner or a toast on the table."""
    app: App = started_app("official", seats, seed, SIZE, think_time_s=0.3, animation_speed=1.0)
    services = app.services
    screen = pygame.display.get_surface()
    reported: list[list[pygame.Rect] | None] = []
    stack_draw = app.stack.draw

    def draw(surface: pygame.Surface) -> list[pygame.Rect] | None:
        reported.append(stack_draw(surface))
        return reported[-1]

    app.stack.draw = draw  # type: ignore[method-assign]
    rng = random.Random(seed)
    in_areas = changed = told = 0
    for frame in range(frames):
        post_random_input(rng, SIZE, click=0.06, move=0.06, key=0.04, keys=keys)
        before = screen.copy()
        services.clock.advance(1 / 60)
        reported.clear()
        if not app.step(1 / 60):
            continue
        table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
        shown = table.frame(SIZE)
        if shown.banner is not None or shown.toast or table.passing.handoff is not None:
            told += 1
        areas = reported[0]
        if areas is None:
            continue
        in_areas += 1
        outside = before.copy()
        after = screen.copy()
        for area in areas:
            outside.blit(after, area, area)
        if pygame.image.tobytes(outside, "RGB") != pygame.image.tobytes(after, "RGB"):
            raise AssertionError(
                f"frame {frame}: pixels changed outside the reported areas {areas}: "
                f"{differences(outside, after)}"
            )
        if pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB"):
            changed += 1
    return in_areas, changed, told


def test_every_pixel_a_ten_seat_table_changes_lies_in_the_areas_it_reports():
    seats = [("Ann", "human")] + [(n, "easy") for n in NAMES[1:]]
    keys = TABLE_KEYS
    in_areas, changed, _told = _play_and_check(seats, 4, 900, keys)
    assert in_areas > 500  # most frames were shown in parts
    assert changed > 400  # and those frames did change pixels


def test_pass_and_play_hand_offs_and_banners_change_nothing_outside_the_reported_areas():
    seats = [("Ann", "human"), ("Bo", "human"), ("Cy", "easy"), ("Di", "human"), ("Ed", "easy")]
    keys = TABLE_KEYS + [pygame.K_RETURN] * 4
    in_areas, changed, told = _play_and_check(seats, 7, 1500, keys)
    assert in_areas > 400 and changed > 300
    assert told > 100  # hand-offs, banners and toasts were on screen


class Patch(Scene):
    """A scene that knows what it changed: one small square."""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        return [pygame.Rect(10, 10, 20, 20)]


def test_the_stack_reports_areas_only_when_the_same_scenes_drew_the_frame_before():
    surface = pygame.Surface((200, 100))
    stack = SceneStack()
    stack.push(Patch())
    stack.apply_pending()
    assert stack.draw(surface) is None  # the first frame
    assert stack.draw(surface) == [pygame.Rect(10, 10, 20, 20)]
    overlay = Scene()
    overlay.transparent = True
    stack.push(overlay)
    stack.apply_pending()
    assert stack.draw(surface) is None  # an overlay that does not know its areas
    assert stack.draw(surface) is None
    stack.pop()
    stack.apply_pending()
    assert stack.draw(surface) is None  # the overlay's pixels must go: the whole window
    assert stack.draw(surface) == [pygame.Rect(10, 10, 20, 20)]


def test_the_window_is_shown_whole_first_after_an_expose_and_when_areas_cover_most_of_it():
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    show = WindowShow()
    small = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(50, 50, 4, 4)]
    show.show(small, (200, 100))
    assert show.last is None  # nothing shown before: the whole window
    show.show(small, (200, 100))
    assert show.last == [pygame.Rect(0, 0, 15, 15), pygame.Rect(50, 50, 4, 4)]
    show.forget()  # exposed, resized, ...
    show.show(small, (200, 100))
    assert show.last is None
    show.show([pygame.Rect(0, 0, 150, 90)], (200, 100))
    assert show.last is None  # most of the window: one flip
    show.show(None, (200, 100))
    assert show.last is None
    show.show([], (200, 100))
    assert show.last == []  # nothing changed: nothing to show


def test_joined_areas_stay_inside_the_window_and_never_overlap():
    areas = [pygame.Rect(-5, -5, 20, 20), pygame.Rect(10, 10, 10, 10), pygame.Rect(90, 0, 30, 5)]
    out = joined(areas, (100, 50))
    assert out == [pygame.Rect(0, 0, 20, 20), pygame.Rect(90, 0, 10, 5)]
    assert not covers_most(out, (100, 50))


def test_an_expose_shows_the_next_frame_whole(services):
    app = App(services, strict=True)
    app.open_window((320, 200))
    stack = app.stack
    stack.push(Patch())
    stack.apply_pending()
    app.draw()
    app.draw()
    assert app.window.last == [pygame.Rect(10, 10, 20, 20)]
    app.handle_event(pygame.event.Event(pygame.WINDOWEXPOSED))
    app.draw()
    assert app.window.last is None
    app.draw()
    assert app.window.last == [pygame.Rect(10, 10, 20, 20)]
