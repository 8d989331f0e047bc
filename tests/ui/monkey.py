"""Random input for tests that play the real app loop: the keys a player might press,
a started app with its clock stepped by hand, and one step's random click, move or key."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pygame

from uno_desktop.play.match import ManualClock

MONKEY_KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
    pygame.K_SPACE,
    pygame.K_d,
    pygame.K_u,
    pygame.K_c,
    pygame.K_k,
    pygame.K_p,
    pygame.K_t,
    pygame.K_h,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
]
# The same keys without Esc, for tests that must stay at the table.
TABLE_KEYS = [k for k in MONKEY_KEYS if k != pygame.K_ESCAPE]


def started_app(
    preset: str,
    seats: list[tuple[str, str]],
    seed: int,
    size: tuple[int, int],
    *,
    think_time_s: float,
    animation_speed: float,
) -> Any:
    """The real app in a window of `size`, a match started, its clock stepped by hand."""
    import dataclasses

    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.app import App
    from uno_desktop.ui.services import build_services

    services = build_services()
    services.clock = ManualClock()
    services.apply_settings(
        dataclasses.replace(
            services.settings, think_time_s=think_time_s, animation_speed=animation_speed
        )
    )
    app = App(services, strict=True)
    app.open_window(size)
    pygame.event.clear()
    app.start(services.scenes.start_match(preset, load_preset(preset), seats, seed))
    return app


def post_random_input(
    rng: random.Random,
    size: tuple[int, int],
    *,
    click: float,
    move: float,
    key: float,
    keys: Sequence[int] = MONKEY_KEYS,
    move_before_click: bool = False,
) -> None:
    """Post at most one random input: a click with odds `click` (the pointer moved there
    first when `move_before_click`), else a pointer move with odds `move`, else a key of
    `keys` with odds `key`."""
    r = rng.random()
    if r < click + move:
        pos = (rng.randrange(size[0]), rng.randrange(size[1]))
        if r >= click or move_before_click:
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            )
        if r < click:
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    elif r < click + move + key:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="")
        )
