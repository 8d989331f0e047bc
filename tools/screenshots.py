"""Screens of the game in set situations, saved as PNG files for people to look at.

    .venv/bin/python tools/screenshots.py [--out docs/screenshots] [--only NAME]

Each situation is played from a stacked deck through the real table (headless, time
stepped by hand), at 1024x600 and 1280x720, in English and Swedish. The files are named
`NAME-WxH-LANG.png`. Not a test: it draws and saves.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = ((1024, 600), (1280, 720))
LANGS = ("en", "sv")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--only", default=None, help="one situation by name")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))

    import pygame

    from uno_desktop.i18n import set_language

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    for name, situation in SITUATIONS.items():
        if args.only and name != args.only:
            continue
        for lang in LANGS:
            set_language(lang)
            for size in SIZES:
                pygame.display.set_mode(size)
                harness = situation(size)
                path = out / f"{name}-{size[0]}x{size[1]}-{lang}.png"
                pygame.image.save(harness.draw(), str(path))
                print(path)


# ----------------------------------------------------------------------------- situations


def _people(names: list[str], hands: list[list[str]], size: tuple[int, int]) -> object:
    """A table of people only, dealt `hands` (last seat deals, seat 0 starts)."""
    from tests.ui.test_privacy import small_match
    from tests.ui.test_table import TableHarness

    return TableHarness(small_match(names, hands), size=size)


def _press(h: object, *keys: int) -> None:
    for key in keys:
        h.settle()  # type: ignore[attr-defined]
        h.key(key)  # type: ignore[attr-defined]
    h.settle()  # type: ignore[attr-defined]


def handoff(size: tuple[int, int]) -> object:
    """Bo is handed the screen after Ann played: what happened since his last turn."""
    import pygame

    h = _people(
        ["Ann", "Bo", "Cy"], [["R1", "R2", "B2"], ["R7", "G2", "G3"], ["Y1", "Y2", "Y3"]], size
    )
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("R1"))  # type: ignore[attr-defined]
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("R7"))  # type: ignore[attr-defined]
    h.settle()  # type: ignore[attr-defined]
    return h


def challenge(size: tuple[int, int]) -> object:
    """Bo challenged Ann's Wild Draw Four and was right: only Bo sees Ann's hand."""
    import pygame

    h = _people(
        ["Ann", "Bo", "Cy"], [["W4", "R1", "B2"], ["G1", "G2", "G3"], ["Y1", "Y2", "Y3"]], size
    )
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("W4"))  # type: ignore[attr-defined]
    _press(h, pygame.K_1, pygame.K_RETURN, pygame.K_h)
    return h


def news(size: tuple[int, int]) -> object:
    """Bo, caught without UNO while away, is shown the two cards he drew."""
    import pygame

    h = _people(["Ann", "Bo"], [["R1", "R2", "B2"], ["R7", "R8", "G3"]], size)
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("R1"))  # type: ignore[attr-defined]
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("R7"))  # type: ignore[attr-defined]
    _press(h, pygame.K_RETURN, pygame.K_u)
    h.click(h.card_pos("R2"))  # type: ignore[attr-defined]
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("R8"))  # type: ignore[attr-defined]
    _press(h, pygame.K_RETURN, pygame.K_c, pygame.K_d, pygame.K_RETURN)
    h.frame()  # type: ignore[attr-defined]
    return h


class _Screen:
    """A menu screen on its own stack, drawn like the game draws it."""

    def __init__(self, scene: object, size: tuple[int, int]) -> None:
        from uno_desktop.ui.scene import SceneStack

        self.size, self.stack = size, SceneStack()
        self.stack.push(scene)  # type: ignore[arg-type]
        self.stack.apply_pending()
        scene.relayout(size)  # type: ignore[attr-defined]

    def draw(self) -> object:
        import pygame

        surface = pygame.Surface(self.size)
        self.stack.draw(surface)
        return surface


def _services_in_a_new_folder() -> object:
    """Services whose storage is a fresh temporary folder (never the player's own)."""
    import tempfile

    from uno_desktop.i18n import language
    from uno_desktop.ui.services import build_services

    folder = Path(tempfile.mkdtemp(prefix="uno-screens-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        os.environ[var] = str(folder / var.lower())
    lang = language()
    services = build_services()
    services.update_settings(language=lang)
    return services


def statistics_empty(size: tuple[int, int]) -> object:
    """Statistics on the first start: nothing played yet."""
    from uno_desktop.ui.scenes.statistics import StatisticsScene

    return _Screen(StatisticsScene(_services_in_a_new_folder()), size)


def statistics(size: tuple[int, int]) -> object:
    """Statistics after three matches of two people and two computer players."""
    from datetime import datetime, timedelta

    from uno_desktop.seats import given_names
    from uno_desktop.storage import MatchResult, SeatSetting
    from uno_desktop.ui.scenes.statistics import StatisticsScene

    services = _services_in_a_new_folder()
    seats = (
        SeatSetting("Ann", "human"),
        SeatSetting("Bo", "human"),
        SeatSetting(given_names(["human", "human", "normal", "hard"])[2], "normal"),
        SeatSetting(given_names(["human", "human", "normal", "hard"])[3], "hard"),
    )
    matches = [
        ("family", [(0, 0, 0, 300), (0, 0, 0, 260)], 3),
        ("swedish", [(180, 0, 0, 0), (0, 0, 0, 240), (120, 0, 0, 0), (210, 0, 0, 0)], 0),
        (
            "official",
            [
                (0, 64, 0, 0),
                (112, 0, 0, 0),
                (0, 0, 0, 95),
                (0, 141, 0, 0),
                (0, 0, 0, 0),
                (73, 0, 0, 0),
                (0, 0, 88, 0),
                (0, 0, 0, 120),
                (0, 205, 0, 0),
            ],
            1,
        ),
    ]
    start = datetime(2026, 11, 28, 19, 5).astimezone()
    for n, (preset, rounds, winner) in enumerate(matches):
        result = MatchResult(
            preset=preset,
            seats=seats,
            round_points=tuple(rounds),
            round_winners=tuple(
                max(range(4), key=lambda s, r=r: r[s]) if any(r) else None for r in rounds
            ),
            winner=winner,
            finished_at=start + timedelta(hours=n, minutes=17 * n),
            match_id=f"screens-{n}",
        )
        services.storage.record_match(result)  # type: ignore[attr-defined]
    return _Screen(StatisticsScene(services), size)


def new_game_name(size: tuple[int, int]) -> object:
    """New game on the Swedish preset, the second seat's name just clicked (selected)."""
    import pygame

    from uno_desktop.ui.scenes.new_game import NewGameScene

    services = _services_in_a_new_folder()
    services.update_settings(last_preset="swedish")  # type: ignore[attr-defined]
    scene = NewGameScene(services)
    screen = _Screen(scene, size)
    center = scene.name_inputs[1].rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=center, button=1))
    return screen


SITUATIONS: dict[str, Callable[[tuple[int, int]], object]] = {
    "handoff": handoff,
    "challenge": challenge,
    "news": news,
    "statistics": statistics,
    "statistics-empty": statistics_empty,
    "new-game-name": new_game_name,
}


if __name__ == "__main__":
    main()
