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
    """Mormor Birgitta is handed the screen after Ann and Bo played: what happened since."""
    import pygame

    h = _people(
        ["Ann", "Bo", "Mormor Birgitta"],
        [["R1", "R2", "B2"], ["R7", "G2", "G3"], ["Y1", "Y2", "Y3"]],
        size,
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


def swap_picker(size: tuple[int, int]) -> object:
    """Mormor Birgitta plays a Wild Swap Hands, chose red, and picks whom to swap with."""
    import pygame

    h = _people(
        ["Mormor Birgitta", "Alexandra", "Wilhelmina Ekman"],
        [["WS", "R1", "B2"], ["R7", "G2", "G3"], ["Y1", "Y2", "Y3"]],
        size,
    )
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("WS"))  # type: ignore[attr-defined]
    h.key(pygame.K_1)  # type: ignore[attr-defined]
    h.frame()  # type: ignore[attr-defined]
    return h


def drawn_card(size: tuple[int, int]) -> object:
    """Ann drew a card she can play: play it or keep it, with the piles in sight."""
    import pygame

    from tests.ui.test_privacy import small_match
    from tests.ui.test_table import TableHarness

    match = small_match(["Ann", "Bo"], [["B7", "Y2", "B1"], ["Y1", "Y3", "B3"]], start="G3")
    h = TableHarness(match, size=size)
    _press(h, pygame.K_RETURN, pygame.K_d)  # the next card is a Green 4
    return h


SITUATIONS: dict[str, Callable[[tuple[int, int]], object]] = {
    "handoff": handoff,
    "swap-picker": swap_picker,
    "drawn-card": drawn_card,
    "challenge": challenge,
    "news": news,
}


if __name__ == "__main__":
    main()
