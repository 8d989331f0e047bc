"""Cards in flight and short glows, stepped by the scene's clock.

The table scene turns engine events into flights (a card from the draw pile to a
hand, from a hand to the discard pile) and shows the new state as each one lands,
through `on_done`. Time only moves in `update(dt_s)`, scaled by `speed` from the
settings, so tests step it by hand and `finish_all` can skip everything at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from uno_desktop.render.tween import Ease, ease_out_cubic, lerp

_EPS = 1e-9
_MAX_CHAIN = 10_000  # callbacks that keep scheduling instant flights must end somewhere

ColorLike = pygame.Color | tuple[int, int, int] | tuple[int, int, int, int]


@dataclass
class _Flight:
    seq: int
    image: pygame.Surface
    flip_to: pygame.Surface | None
    start: tuple[float, float]
    end: tuple[float, float]
    start_at: float  # animator clock when it begins moving (after its delay)
    duration: float
    ease: Ease
    start_angle: float
    end_angle: float
    on_done: Callable[[], None] | None

    @property
    def land_at(self) -> float:
        return self.start_at + self.duration

    def progress(self, clock: float) -> float:
        if clock <= self.start_at:
            return 0.0
        if self.duration <= 0.0:
            return 1.0
        return min(1.0, (clock - self.start_at) / self.duration)


@dataclass
class _Pulse:
    rect: pygame.Rect
    color: ColorLike
    start_at: float
    duration: float


class Animator:
    """Flights and pulses on one time line; `speed` 2.0 plays everything twice as fast."""

    def __init__(self, speed: float = 1.0) -> None:
        self._speed = 1.0
        self.speed = speed
        self._clock = 0.0
        self._seq = 0
        self._flights: list[_Flight] = []
        self._pulses: list[_Pulse] = []

    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        self._speed = max(0.05, float(value))

    # -- starting things ------------------------------------------------------------------

    def fly(
        self,
        image: pygame.Surface,
        start: tuple[int, int],
        end: tuple[int, int],
        duration_s: float = 0.35,
        delay_s: float = 0.0,
        ease: Ease = ease_out_cubic,
        flip_to: pygame.Surface | None = None,
        start_angle: float = 0.0,
        end_angle: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        """Move `image` with its centre from `start` to `end`.

        During `delay_s` it waits, visible, at `start`. With `flip_to` the card turns
        over halfway (it squashes to an edge and opens as `flip_to`). `on_done` runs
        when it lands; flights landing in the same step run in landing order.
        """
        self._seq += 1
        self._flights.append(
            _Flight(
                seq=self._seq,
                image=image,
                flip_to=flip_to,
                start=(float(start[0]), float(start[1])),
                end=(float(end[0]), float(end[1])),
                start_at=self._clock + max(0.0, delay_s),
                duration=max(0.0, duration_s),
                ease=ease,
                start_angle=start_angle,
                end_angle=end_angle,
                on_done=on_done,
            )
        )

    def pulse(self, rect: pygame.Rect, color: ColorLike, duration_s: float) -> None:
        """A glow that grows out of `rect` and fades (does not block `idle`)."""
        self._pulses.append(_Pulse(pygame.Rect(rect), color, self._clock, max(0.01, duration_s)))

    # -- time -------------------------------------------------------------------------------

    def update(self, dt_s: float) -> None:
        """Advance by dt_s real seconds (times `speed`); land what is due, in order."""
        if dt_s <= 0:
            return
        self._clock += dt_s * self._speed
        self._land_until(self._clock)
        self._pulses = [p for p in self._pulses if self._clock < p.start_at + p.duration]

    def finish_all(self) -> None:
        """Skip: land every flight now (callbacks run in landing order) and drop pulses."""
        self._land_until(math.inf)
        self._pulses.clear()

    def _land_until(self, until: float) -> None:
        for _ in range(_MAX_CHAIN):
            due = [f for f in self._flights if f.land_at <= until + _EPS]
            if not due:
                return
            due.sort(key=lambda f: (f.land_at, f.seq))
            first = due[0]
            self._flights.remove(first)
            if first.on_done is not None:
                first.on_done()  # may start new flights; they are considered next round
        raise RuntimeError("animation callbacks keep scheduling instant flights")

    def clear(self) -> None:
        """Drop everything without running callbacks (the scene is going away)."""
        self._flights.clear()
        self._pulses.clear()

    @property
    def idle(self) -> bool:
        """Nothing in flight (pulses are decoration and do not count)."""
        return not self._flights

    @property
    def busy(self) -> bool:
        """Anything moving at all, pulses included: the scene must redraw."""
        return bool(self._flights or self._pulses)

    @property
    def in_flight(self) -> int:
        return len(self._flights)

    def path_rects(self, samples: int = 8) -> list[pygame.Rect]:
        """Where the cards in the air are still to go: for each moving flight, the card's
        rect at `samples` points from where it is now to where it lands."""
        out: list[pygame.Rect] = []
        for f in self._flights:
            if f.start == f.end:
                continue  # a hold, or a card that does not move
            e = f.ease(f.progress(self._clock))
            w, h = f.image.get_size()
            side = max(w, h)  # the card turns on its way: its widest extent
            for i in range(samples + 1):
                x, y = lerp(f.start, f.end, e + (1.0 - e) * i / samples)
                out.append(pygame.Rect(round(x - side / 2), round(y - side / 2), side, side))
        return out

    # -- drawing ------------------------------------------------------------------------------

    def sprites(self) -> tuple[Sprite, ...]:
        """What is in the air now, as values: pulses first, then flights, oldest below."""
        out: list[Sprite] = [self._pulse_sprite(p) for p in self._pulses]
        out += [self._flight_sprite(f) for f in self._flights]
        return tuple(out)

    def draw(self, surface: pygame.Surface) -> None:
        """Pulses first, then flights, oldest below newest."""
        draw_sprites(surface, self.sprites())

    def _flight_sprite(self, f: _Flight) -> Sprite:
        p = f.progress(self._clock)
        e = f.ease(p)
        x, y = lerp(f.start, f.end, e)
        angle = f.start_angle + (f.end_angle - f.start_angle) * e
        img = f.image
        w, h = img.get_size()
        # a slight lift in mid-air
        k = 1.0 + 0.08 * math.sin(math.pi * p) if f.start != f.end else 1.0
        sx = k
        if f.flip_to is not None:
            if p >= 0.5:
                img = f.flip_to
                w, h = img.get_size()
            sx = k * max(0.04, abs(1.0 - 2.0 * p))
        size = (max(1, round(w * sx)), max(1, round(h * k)))
        return Sprite(img, (round(x), round(y)), size, angle)

    def _pulse_sprite(self, p: _Pulse) -> Sprite:
        t = min(1.0, max(0.0, (self._clock - p.start_at) / p.duration))
        grow = round(4 + t * max(10, min(p.rect.w, p.rect.h) * 0.25))
        rect = p.rect.inflate(2 * grow, 2 * grow)
        color = pygame.Color(p.color)
        alpha = round(255 * (1.0 - t) ** 1.5)
        width = max(2, round(min(p.rect.w, p.rect.h) * 0.06))
        return Sprite(None, rect.center, rect.size, 0.0, (color.r, color.g, color.b), alpha, width)


@dataclass(frozen=True)
class Sprite:
    """One thing in the air, ready to draw: a card image (scaled to `size` and turned by
    `angle`, centred on `center`) or, without an image, a glow ring of `color`."""

    image: pygame.Surface | None
    center: tuple[int, int]
    size: tuple[int, int]
    angle: float = 0.0
    color: tuple[int, int, int] = (0, 0, 0)
    alpha: int = 255
    width: int = 0


def draw_sprites(surface: pygame.Surface, sprites: tuple[Sprite, ...]) -> list[pygame.Rect]:
    """Draw `sprites` in order (as `Animator.sprites` gives them); the rect each covered."""
    painted: list[pygame.Rect] = []
    for sp in sprites:
        if sp.image is None:
            painted.append(_draw_ring(surface, sp))
            continue
        img = sp.image
        if img.get_size() != sp.size:
            img = pygame.transform.smoothscale(img, sp.size)
        if abs(sp.angle) > 0.01:
            img = pygame.transform.rotozoom(img, sp.angle, 1.0)
        painted.append(surface.blit(img, img.get_rect(center=sp.center)))
    return painted


def _draw_ring(surface: pygame.Surface, sp: Sprite) -> pygame.Rect:
    rect = pygame.Rect((0, 0), sp.size)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = max(4, min(rect.w, rect.h) // 5)
    pygame.draw.rect(layer, (*sp.color, sp.alpha // 3), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*sp.color, sp.alpha), layer.get_rect(), sp.width, border_radius=radius)
    rect.center = sp.center
    return surface.blit(layer, rect)
