"""Easing curves and tweens, with time stepped by hand."""

from __future__ import annotations

import pytest

from uno_desktop.render.tween import (
    Tween,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    linear,
)

EASES = [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back]


@pytest.mark.parametrize("ease", EASES)
def test_easing_starts_at_zero_and_ends_at_one(ease):
    assert ease(0.0) == pytest.approx(0.0)
    assert ease(1.0) == pytest.approx(1.0)


@pytest.mark.parametrize("ease", EASES)
def test_easing_clamps_time_outside_zero_to_one(ease):
    assert ease(-1.0) == pytest.approx(0.0)
    assert ease(2.0) == pytest.approx(1.0)


def test_ease_out_back_overshoots_before_settling():
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.0


def test_tween_reaches_its_end_value_exactly_at_its_duration():
    tween = Tween(10.0, 20.0, 0.5, ease=linear)
    for _ in range(5):
        tween.update(0.1)
    assert tween.done
    assert tween.value == 20.0


def test_tween_is_not_done_before_its_duration():
    tween = Tween(0.0, 1.0, 0.5)
    tween.update(0.49)
    assert not tween.done
    assert 0.0 < tween.value < 1.0


def test_tween_holds_its_start_value_during_the_delay():
    tween = Tween(3.0, 9.0, 1.0, ease=linear, delay_s=0.25)
    tween.update(0.2)
    assert tween.value == 3.0
    tween.update(0.55)  # half-way through the motion
    assert tween.value == pytest.approx(6.0)


def test_tween_with_delay_is_done_after_delay_plus_duration():
    tween = Tween(0.0, 1.0, 0.3, delay_s=0.2)
    tween.update(0.45)
    assert not tween.done
    tween.update(0.05)
    assert tween.done
    assert tween.value == 1.0


def test_tween_interpolates_tuples():
    tween = Tween((0.0, 100.0), (50.0, 0.0), 1.0, ease=linear)
    tween.update(0.5)
    assert tween.value == pytest.approx((25.0, 50.0))


def test_tween_of_zero_duration_is_done_at_once():
    tween = Tween(1.0, 2.0, 0.0)
    assert tween.done
    assert tween.value == 2.0


def test_tween_rejects_mixed_number_and_tuple():
    with pytest.raises(TypeError):
        Tween(0.0, (1.0, 2.0), 1.0)
