"""The Statistics chart: each seat's running total after every round of one match, as
lines on labelled axes ("Points" up, "Round" along, values on both), with a legend.

Drawing only; what to draw comes from a finished match's record (names and points per
round). The tick values are worked out by `ticks`, which tests read without a window.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from uno_desktop.lang.i18n import _, integer
from uno_desktop.render import theme
from uno_desktop.render.fonts import font
from uno_desktop.ui.kit import current_floor, draw_text

#: line colours, one per seat (card colours first, then friendly extras)
SERIES_RGB: tuple[tuple[int, int, int], ...] = (
    (250, 196, 28),
    (222, 46, 52),
    (90, 170, 255),
    (96, 204, 120),
    (246, 244, 236),
    (255, 140, 60),
    (190, 120, 230),
    (90, 220, 210),
    (240, 130, 180),
    (160, 160, 160),
)
MAX_X_TICKS = 10
"""Round numbers written under the axis at most (a longer match labels every k-th)."""


def running_totals(round_points: Sequence[Sequence[int]], seats: int) -> list[list[int]]:
    """Each seat's total before the first round (0) and after every round."""
    runs = [[0] for _seat in range(seats)]
    for points in round_points:
        for seat in range(seats):
            runs[seat].append(runs[seat][-1] + points[seat])
    return runs


NICE_TOPS = (10, 15, 20, 30, 40, 50, 60, 80)
"""Tops of the points axis, times a power of ten: the top and its half are round numbers."""


def nice_top(value: int) -> int:
    """The top of the points axis: the smallest of NICE_TOPS times a power of ten that
    holds `value` (at least 10)."""
    power = 1
    while True:
        for top in NICE_TOPS:
            if top * power >= value:
                return top * power
        power *= 10


def ticks(top_points: int, rounds: int) -> tuple[list[int], list[int]]:
    """(points ticks, round ticks): 0, half and the top of the points axis; every round
    number up to MAX_X_TICKS rounds, else every 2nd, 5th, 10th, ... round."""
    top = nice_top(top_points)
    y_ticks = [0, top // 2, top]
    if rounds <= MAX_X_TICKS:
        return y_ticks, list(range(1, rounds + 1))
    every = next(
        (
            step * power
            for power in (1, 10, 100, 1000, 10_000)
            for step in (2, 5, 10)
            if rounds <= step * power * MAX_X_TICKS
        ),
        rounds,
    )
    return y_ticks, list(range(every, rounds + 1, every))


def dodges(runs: Sequence[Sequence[int]], line_w: int) -> list[list[int]]:
    """Each seat's shift in pixels at each round: seats on the same total that round
    are drawn a line's width apart (upwards, the first lowest), so no line hides
    another (several seats stay at 0 in most matches)."""
    shifts = [[0] * len(run) for run in runs]
    for k in range(min((len(run) for run in runs), default=0)):
        same: dict[int, list[int]] = {}
        for seat, run in enumerate(runs):
            same.setdefault(run[k], []).append(seat)
        for seats in same.values():
            for j, seat in enumerate(seats):
                shifts[seat][k] = -j * line_w
    return shifts


def draw_chart(
    surface: pygame.Surface,
    area: pygame.Rect,
    names: Sequence[str],
    round_points: Sequence[Sequence[int]],
    scale: float,
) -> None:
    """The chart with its axes, tick values and legend, inside `area`."""
    s = scale
    runs = running_totals(round_points, len(names))
    rounds = len(round_points)
    y_ticks, x_ticks = ticks(max(max(run) for run in runs), rounds)
    top = y_ticks[-1]
    # sizes as drawn: the kit raises a size under the floor to the floor
    small_px = max(int(18 * s), current_floor())
    small = font(small_px)
    legend_f = font(max(int(20 * s), current_floor()))
    legend_rows = (len(names) + 1) // 2
    legend_h = legend_rows * legend_f.get_linesize() + int(6 * s)
    label_w = max(small.size(integer(v))[0] for v in y_ticks) + int(10 * s)
    plot = pygame.Rect(
        area.left + label_w,
        area.top + small.get_linesize() * 3 // 2 + int(8 * s),
        area.width - label_w - int(14 * s),
        0,
    )
    plot.height = area.bottom - legend_h - 2 * small.get_linesize() - int(14 * s) - plot.top
    if plot.height < int(30 * s) or plot.width < int(60 * s):
        return
    axis_rgb = theme.TEXT_DIM_RGB
    # axis names: points above the vertical axis, rounds under the horizontal one
    draw_text(
        surface,
        _("Points"),
        small_px,
        axis_rgb,
        bold=True,
        bottomleft=(area.left, plot.top - small.get_linesize() // 2 - int(2 * s)),
    )
    for value in y_ticks:
        y = plot.bottom - round(plot.height * value / top)
        if value:
            pygame.draw.line(surface, theme.PANEL_BORDER_RGB, (plot.left, y), (plot.right, y), 1)
        draw_text(surface, integer(value), small_px, axis_rgb, midright=(plot.left - int(6 * s), y))
    width = max(1, int(2 * s))
    pygame.draw.line(surface, axis_rgb, plot.bottomleft, plot.bottomright, width)
    pygame.draw.line(surface, axis_rgb, plot.bottomleft, plot.topleft, width)

    def x_of(k: int) -> int:
        return plot.left + round(plot.width * k / max(1, rounds))

    for r in x_ticks:
        x = x_of(r)
        pygame.draw.line(surface, axis_rgb, (x, plot.bottom), (x, plot.bottom + int(4 * s)), width)
        draw_text(surface, integer(r), small_px, axis_rgb, midtop=(x, plot.bottom + int(5 * s)))
    axis_y = plot.bottom + small.get_linesize() + int(6 * s)
    draw_text(surface, _("Round"), small_px, axis_rgb, bold=True, midtop=(plot.centerx, axis_y))
    line_w = max(2, int(3 * s))
    shifts = dodges(runs, line_w)
    for i, run in enumerate(runs):
        points = [
            (x_of(k), plot.bottom - round(plot.height * v / top) + shifts[i][k])
            for k, v in enumerate(run)
        ]
        rgb = SERIES_RGB[i % len(SERIES_RGB)]
        if len(points) > 1:
            pygame.draw.lines(surface, rgb, False, points, line_w)
        for p in points[1:]:
            pygame.draw.circle(surface, rgb, p, max(3, int(4 * s)))
    legend_top = area.bottom - legend_h + int(6 * s)
    half = area.width // 2
    for i, name in enumerate(names):
        x = area.left + (i % 2) * half
        y = legend_top + (i // 2) * legend_f.get_linesize()
        rgb = SERIES_RGB[i % len(SERIES_RGB)]
        pygame.draw.rect(surface, rgb, (x, y + int(5 * s), int(14 * s), int(10 * s)))
        draw_text(
            surface,
            f"{name}: {integer(runs[i][-1])}",
            int(20 * s),
            theme.TEXT_RGB,
            topleft=(x + int(20 * s), y),
            max_w=half - int(28 * s),
        )
