"""The animator: flights land on stepped time, callbacks run in order, skip works."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.render.animator import Animator
from uno_desktop.render.tween import linear

FRAME_S = 1 / 60


def _card(color=(200, 0, 0)) -> pygame.Surface:
    s = pygame.Surface((20, 30))
    s.fill(color)
    return s


def _hue(color: pygame.Color) -> str:
    """The strongest channel (smooth scaling may shift values by one)."""
    rgb = (color.r, color.g, color.b)
    return ("red", "green", "blue")[rgb.index(max(rgb))]


def _step(animator: Animator, seconds: float) -> None:
    for _ in range(round(seconds / FRAME_S)):
        animator.update(FRAME_S)


def test_a_flight_lands_after_its_duration():
    animator = Animator()
    landed = []
    animator.fly(_card(), (0, 0), (100, 0), duration_s=0.5, on_done=lambda: landed.append(1))
    _step(animator, 0.45)
    assert landed == [] and not animator.idle
    _step(animator, 0.1)
    assert landed == [1] and animator.idle


@pytest.mark.parametrize("speed", [0.5, 2.0, 4.0])
def test_speed_divides_the_flight_time(speed):
    animator = Animator(speed=speed)
    landed = []
    animator.fly(_card(), (0, 0), (100, 0), duration_s=0.6, on_done=lambda: landed.append(1))
    _step(animator, 0.6 / speed - 2 * FRAME_S)
    assert landed == []
    _step(animator, 3 * FRAME_S)
    assert landed == [1]


def test_delay_postpones_the_landing():
    animator = Animator()
    landed = []
    animator.fly(_card(), (0, 0), (9, 9), 0.2, delay_s=0.3, on_done=lambda: landed.append(1))
    _step(animator, 0.45)
    assert landed == []
    _step(animator, 0.1)
    assert landed == [1]


def test_callbacks_run_in_landing_order_within_one_step():
    animator = Animator()
    order = []
    animator.fly(_card(), (0, 0), (1, 1), 0.3, on_done=lambda: order.append("slow"))
    animator.fly(_card(), (0, 0), (1, 1), 0.1, on_done=lambda: order.append("fast"))
    animator.fly(_card(), (0, 0), (1, 1), 0.2, on_done=lambda: order.append("middle"))
    animator.update(1.0)  # one big step lands all three
    assert order == ["fast", "middle", "slow"]


def test_flights_landing_together_run_in_the_order_they_were_started():
    animator = Animator()
    order = []
    for i in range(5):
        animator.fly(_card(), (0, 0), (1, 1), 0.25, on_done=lambda i=i: order.append(i))
    _step(animator, 0.3)
    assert order == [0, 1, 2, 3, 4]


def test_dealing_with_staggered_delays_lands_cards_one_by_one():
    animator = Animator()
    order = []
    for i in range(7):
        animator.fly(
            _card(), (0, 0), (50, 50), 0.3, delay_s=0.1 * i, on_done=lambda i=i: order.append(i)
        )
    _step(animator, 0.55)
    assert order == [0, 1, 2]
    _step(animator, 1.0)
    assert order == list(range(7))


def test_a_callback_may_start_the_next_flight():
    animator = Animator()
    order = []

    def first_landed() -> None:
        order.append("first")
        animator.fly(_card(), (1, 1), (2, 2), 0.2, on_done=lambda: order.append("second"))

    animator.fly(_card(), (0, 0), (1, 1), 0.2, on_done=first_landed)
    _step(animator, 0.25)
    assert order == ["first"] and not animator.idle
    _step(animator, 0.25)
    assert order == ["first", "second"] and animator.idle


def test_finish_all_lands_everything_and_runs_callbacks_in_order():
    animator = Animator()
    order = []
    animator.fly(_card(), (0, 0), (1, 1), 2.0, delay_s=1.0, on_done=lambda: order.append("b"))
    animator.fly(_card(), (0, 0), (1, 1), 0.5, on_done=lambda: order.append("a"))
    animator.pulse(pygame.Rect(0, 0, 10, 10), (255, 255, 0), 5.0)
    animator.finish_all()
    assert order == ["a", "b"]
    assert animator.idle and not animator.busy


def test_finish_all_also_lands_flights_started_by_callbacks():
    animator = Animator()
    order = []
    animator.fly(
        _card(),
        (0, 0),
        (1, 1),
        1.0,
        on_done=lambda: animator.fly(
            _card(), (0, 0), (1, 1), 1.0, on_done=lambda: order.append("chained")
        ),
    )
    animator.finish_all()
    assert order == ["chained"] and animator.idle


def test_a_pulse_does_not_block_input_but_keeps_the_animator_busy():
    animator = Animator()
    animator.pulse(pygame.Rect(10, 10, 40, 20), (255, 200, 0), 0.5)
    assert animator.idle and animator.busy
    _step(animator, 0.6)
    assert not animator.busy


def test_a_flying_card_is_drawn_between_start_and_end():
    animator = Animator()
    animator.fly(_card(), (20, 50), (180, 50), 1.0, ease=linear)
    screen = pygame.Surface((200, 100))
    _step(animator, 0.5)
    animator.draw(screen)
    assert screen.get_at((100, 50))[:3] == (200, 0, 0)
    assert screen.get_at((20, 50))[:3] == (0, 0, 0)


def test_a_flipping_card_shows_the_other_side_after_halfway():
    animator = Animator()
    back, face = _card((0, 0, 200)), _card((0, 200, 0))
    animator.fly(back, (50, 50), (50, 50), 1.0, ease=linear, flip_to=face)
    screen = pygame.Surface((100, 100))
    _step(animator, 0.2)
    animator.draw(screen)
    assert _hue(screen.get_at((50, 50))) == "blue"
    _step(animator, 0.6)
    animator.draw(screen)
    assert _hue(screen.get_at((50, 50))) == "green"


def test_a_rotating_flight_draws_without_error():
    animator = Animator()
    animator.fly(_card(), (20, 20), (80, 80), 0.4, start_angle=0, end_angle=90)
    screen = pygame.Surface((100, 100))
    for _ in range(30):
        animator.update(FRAME_S)
        animator.draw(screen)
    assert animator.idle


def test_clear_drops_flights_without_running_callbacks():
    animator = Animator()
    landed = []
    animator.fly(_card(), (0, 0), (1, 1), 0.2, on_done=lambda: landed.append(1))
    animator.clear()
    animator.update(1.0)
    assert landed == [] and animator.idle
