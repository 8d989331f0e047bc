"""Fireworks for a winner: the match end's celebration and the round end's short moment.

Bursts are seeded (the same for the same match) and given in shares of the window and
seconds of the celebration, so each screen steps them with its own clock and every one is
over before its celebration ends. They burst at the window's sides, below the title
band: beside a centred panel and never over a title (a screen draws them first and its
panel over them).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import pygame

from uno_desktop.engine import Color
from uno_desktop.render import theme

#: how long the match end's celebration moves at animation speed 1 (then everything rests)
CELEBRATE_S = 4.0
#: the round end's moment for the round's winner: shorter, fewer bursts
ROUND_CELEBRATE_S = 2.2
ROUND_BURSTS = 4
#: fireworks: bursts, sparks in each, and how long one burst shines
BURSTS = 7
SPARKS = 28
BURST_S = 1.3
BURST_RGB: tuple[tuple[int, int, int], ...] = (
    theme.COLOR_RGB[Color.RED],
    theme.COLOR_RGB[Color.YELLOW],
    theme.COLOR_RGB[Color.GREEN],
    theme.COLOR_RGB[Color.BLUE],
    theme.ACCENT_RGB,
)


@dataclass(frozen=True)
class Burst:
    """One firework, in shares of the window and seconds of the celebration."""

    x: float
    y: float
    start_s: float
    reach: float  # how far its sparks fly, 0..1 of the window height
    rgb: tuple[int, int, int]
    sparks: tuple[tuple[float, float], ...]  # (direction in radians, speed 0.6..1)


def fireworks(seed: int, count: int = BURSTS, length_s: float = CELEBRATE_S) -> list[Burst]:
    """`count` bursts over a celebration of `length_s`, the same for the same seed; every
    burst is over before the celebration ends."""
    rng = random.Random(f"{seed}:fireworks")
    bursts = []
    for k in range(count):
        sparks = tuple(
            (2 * math.pi * (i + rng.uniform(-0.3, 0.3)) / SPARKS, rng.uniform(0.6, 1.0))
            for i in range(SPARKS)
        )
        left = k % 2 == 0  # beside the standings, below the title: never over a text
        bursts.append(
            Burst(
                x=rng.uniform(0.06, 0.16) if left else rng.uniform(0.84, 0.94),
                y=rng.uniform(0.32, 0.48),
                start_s=0.3 + k * (length_s - BURST_S - 0.4) / max(1, count - 1),
                reach=rng.uniform(0.09, 0.13),
                rgb=rng.choice(BURST_RGB),
                sparks=sparks,
            )
        )
    return bursts


def corner_fireworks(seed: int, count: int, length_s: float) -> list[Burst]:
    """Bursts in the top corners of a panel, left and right of its title (in shares of
    the panel: `draw_fireworks(..., area=panel)`)."""
    rng = random.Random(f"{seed}:corners")
    return [
        replace(
            b,
            x=rng.uniform(0.05, 0.09) if k % 2 == 0 else rng.uniform(0.91, 0.95),
            y=rng.uniform(0.09, 0.12),
            reach=rng.uniform(0.06, 0.08),
        )
        for k, b in enumerate(fireworks(seed, count, length_s))
    ]


def draw_fireworks(
    surface: pygame.Surface, bursts: list[Burst], t: float, area: pygame.Rect | None = None
) -> None:
    """Each burst at `t` seconds: sparks fly out from its centre, slow down, fall a little
    and fade. Places and reaches are shares of `area` (default: the whole surface)."""
    area = area or surface.get_rect()
    w, h = area.size
    for b in bursts:
        p = (t - b.start_s) / BURST_S
        if not 0 <= p <= 1:
            continue
        out = 1 - (1 - p) ** 2  # fast, then slowing
        fall = 0.05 * h * p * p
        width = max(2, round(h * 0.006 * (1 - p * 0.6)))
        fade = 1 - p * 0.55
        rgb = (round(b.rgb[0] * fade), round(b.rgb[1] * fade), round(b.rgb[2] * fade))
        head_rgb = tuple(min(255, c + 90) for c in rgb)
        cx, cy = area.x + w * b.x, area.y + h * b.y
        for angle, speed in b.sparks:
            d = b.reach * h * speed * out
            tail = d * 0.7
            x, y = cx + math.cos(angle) * d, cy + math.sin(angle) * d + fall
            tx, ty = cx + math.cos(angle) * tail, cy + math.sin(angle) * tail + fall * 0.8
            pygame.draw.line(surface, rgb, (round(tx), round(ty)), (round(x), round(y)), width)
            pygame.draw.circle(surface, head_rgb, (round(x), round(y)), width)
