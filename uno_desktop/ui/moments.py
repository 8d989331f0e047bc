"""The big moments at the table: banners, new cards glowing, a refused card's shake, the
direction ring turning.

`Moments` is plain state stepped by time: the table scene tells it what happened (only
events the viewer may see, so a banner never says more than the log) and reads back the
values its `TableFrame` carries to the painter. Everything here ends on its own, so the
table is still again a moment after the last thing happened (the loop then sleeps).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from uno_desktop.engine import Card
from uno_desktop.engine.events import Event
from uno_desktop.render import theme
from uno_desktop.view.narration import moment

if TYPE_CHECKING:
    import pygame

#: how long a banner stays up at animation speed 1 (faster speeds shorten it)
BANNER_S = 1.1
#: how long it stays when another banner waits behind it
BANNER_BUSY_S = 0.6
#: never shorter than this in real seconds, whatever the speed (it must be readable)
BANNER_FLOOR_S = 0.45
#: banners waiting at most (older ones are dropped: the log keeps everything)
BANNER_QUEUE = 2
#: a banner grows in for this share of its life and fades out for the last FADE share
GROW = 0.12
FADE = 0.25
#: a house rule the game does not enforce (a Wild Customizable's text) stays up this long
#: in real seconds at least, whatever the speed: everyone at the table reads it
HOUSE_RULE_S = 4.0
#: cards new to the viewer's hand glow this long (real seconds: it is for reading)
FRESH_S = 1.5
#: a refused card shakes this long, this many times
SHAKE_S = 0.3
SHAKE_TIMES = 3
#: the direction ring turns round in this long at animation speed 1
RING_TURN_S = 0.7


@dataclass(frozen=True)
class Banner:
    """One banner: a big title, one line under it, and its colour."""

    title: str
    sub: str
    rgb: tuple[int, int, int]
    #: what it is about (a wild's colour joins the banner of the same seat's play)
    seat: int | None = None
    kind: str = ""


@dataclass(frozen=True)
class BannerFrame:
    """A banner as drawn now: `alpha` 0..255 and `grow` 0..1 (how far it has popped in)."""

    title: str
    sub: str
    rgb: tuple[int, int, int]
    alpha: int
    grow: float
    #: where it is drawn, once the table has found it a free place (`ui/table/banner.py`)
    rect: pygame.Rect | None = None


def banner_for(
    event: Event, top: Card | None, names: Sequence[str], you: int | None
) -> Banner | None:
    """The banner an event deserves, or None: the moment's words (`narration.moment`)
    in its colour. `top` is the discard pile's top card as shown when the event is told."""
    m = moment(event, top, names, you)
    if m is None:
        return None
    if m.color is not None:
        rgb = theme.COLOR_RGB[m.color]
    else:
        rgb = theme.DANGER_RGB if m.alarm else theme.ACCENT_RGB
    return Banner(m.title, m.line, rgb, m.seat, m.kind)


class Moments:
    """Banners, fresh cards, a shake and the ring's turn, each with its own clock."""

    def __init__(self) -> None:
        self._banner: Banner | None = None
        self._banner_age_s = 0.0
        self._waiting: deque[Banner] = deque()
        self._fresh: list[tuple[Card, float]] = []  # (card, seconds left)
        self._shake: tuple[Card, float] | None = None  # (card, seconds gone)
        self._ring_s: float | None = None  # seconds since the ring began to turn
        self._speed = 1.0

    # -- telling

    def banner(self, banner: Banner) -> None:
        """Show `banner` now, or after the one up now (at most BANNER_QUEUE wait)."""
        if banner.kind == "color" and self._join_colour(banner):
            return
        if self._banner is None:
            self._banner, self._banner_age_s = banner, 0.0
            return
        self._waiting.append(banner)
        while len(self._waiting) > BANNER_QUEUE:
            self._waiting.popleft()

    def _join_colour(self, colour: Banner) -> bool:
        """A Wild Draw Four's colour joins its banner ("Wild Draw Four!" in blue, with
        "Ann chooses blue." under it) instead of a second banner after it."""
        if self._waiting:
            last = self._waiting[-1]
            if last.kind == "W4" and last.seat == colour.seat:
                self._waiting[-1] = replace(last, sub=colour.sub, rgb=colour.rgb, kind="W4+")
                return True
            return False
        b = self._banner
        if b is not None and b.kind == "W4" and b.seat == colour.seat:
            self._banner = replace(b, sub=colour.sub, rgb=colour.rgb, kind="W4+")
            return True
        return False

    def fresh(self, cards: Sequence[Card]) -> None:
        """`cards` just came into the viewer's hand: they glow for FRESH_S."""
        self._fresh += [(c, FRESH_S) for c in cards]

    def shake(self, card: Card) -> None:
        """`card` was refused: it shakes for SHAKE_S."""
        self._shake = (card, 0.0)

    def turn_ring(self) -> None:
        """The direction changed: the ring turns round."""
        self._ring_s = 0.0

    def forget_hand(self) -> None:
        """The hand on screen changes owner: nothing of it glows or shakes any more."""
        self._fresh = []
        self._shake = None

    # -- time

    def update(self, dt_s: float, speed: float = 1.0) -> None:
        """Advance by `dt_s` real seconds at animation speed `speed`."""
        self._speed = max(0.05, speed)
        if self._banner is not None:
            self._banner_age_s += dt_s
            if self._banner_age_s >= self._banner_life_s():
                self._banner = self._waiting.popleft() if self._waiting else None
                self._banner_age_s = 0.0
        if self._fresh:
            self._fresh = [(c, left - dt_s) for c, left in self._fresh if left - dt_s > 0]
        if self._shake is not None:
            card, gone = self._shake
            self._shake = (card, gone + dt_s) if gone + dt_s < SHAKE_S else None
        if self._ring_s is not None:
            self._ring_s += dt_s * self._speed
            if self._ring_s >= RING_TURN_S:
                self._ring_s = None

    def _banner_life_s(self) -> float:
        if self._banner is not None and self._banner.kind == "house_rule":
            return HOUSE_RULE_S
        base = BANNER_BUSY_S if self._waiting else BANNER_S
        return max(BANNER_FLOOR_S, base / self._speed)

    @property
    def active(self) -> bool:
        """Something still moves or glows (the scene needs frames)."""
        return (
            self._banner is not None
            or bool(self._fresh)
            or self._shake is not None
            or self._ring_s is not None
        )

    # -- reading

    def banner_frame(self) -> BannerFrame | None:
        b = self._banner
        if b is None:
            return None
        k = min(1.0, self._banner_age_s / self._banner_life_s())
        grow = min(1.0, k / GROW)
        fade = min(1.0, (1.0 - k) / FADE)
        alpha = round(255 * max(0.0, min(grow, fade)))
        return BannerFrame(b.title, b.sub, b.rgb, alpha, 1.0 - (1.0 - grow) ** 3)

    @property
    def banner_title(self) -> str | None:
        return self._banner.title if self._banner is not None else None

    def fresh_glow(self, hand: Sequence[Card | None]) -> list[float]:
        """How strongly each card of `hand` (as drawn) glows as new, 0..1. A card the hand
        holds twice glows once per copy that came in."""
        left = list(self._fresh)
        out: list[float] = []
        for card in hand:
            glow = 0.0
            for j, (new, secs) in enumerate(left):
                if new == card:
                    glow = min(1.0, secs / (FRESH_S * 0.4))
                    del left[j]
                    break
            out.append(glow)
        return out

    def shake_px(self, card: Card | None, amplitude_px: float) -> int:
        """How far `card` is pushed sideways now (0 unless it is the refused card)."""
        if self._shake is None or card is None or card != self._shake[0]:
            return 0
        k = self._shake[1] / SHAKE_S
        return round(amplitude_px * (1.0 - k) * math.sin(2 * math.pi * SHAKE_TIMES * k))

    @property
    def shaking(self) -> Card | None:
        return self._shake[0] if self._shake is not None else None

    @property
    def ring_turn(self) -> float:
        """0 at rest; between 0 and 1 while the ring turns after a Reverse."""
        if self._ring_s is None:
            return 0.0
        return min(1.0, self._ring_s / RING_TURN_S)
