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


def _against_computers(hands: list[list[str]], rest: list[str], size: tuple[int, int]) -> object:
    """Ann at the screen against computers that play their first legal card."""
    from tests.ui.test_table import FILLER, TableHarness, make_match
    from uno_desktop.match import ManualClock

    kinds = ["human"] + ["normal"] * (len(hands) - 1)
    match = make_match(kinds, hands, "R3", [*rest, *FILLER], clock=ManualClock())
    return TableHarness(match, size=size)


def _ask_hint(h: object) -> None:
    """Press the hint key and wait for the answer (it is worked out beside the frames)."""
    from uno_desktop.ui.table_dialogs import HINT_KEY

    h.key(HINT_KEY)  # type: ignore[attr-defined]
    job = h.table._hint_job  # type: ignore[attr-defined]
    if job is not None:
        job.done.wait(10)
    h.frame()  # type: ignore[attr-defined]


def hint(size: tuple[int, int]) -> object:
    """Bo is down to two cards; Ann asks for a hint: her Red Skip, lit in her hand."""
    import pygame

    from uno_desktop.ui.table_dialogs import PlayOrKeepOverlay

    h = _against_computers(
        [
            ["R1", "R2", "RS", "B7", "G5"],
            ["R5", "R6", "R7", "G8", "Y1"],
            ["R8", "R9", "B1", "B2", "B3"],
        ],
        ["Y9", "G1"],
        size,
    )
    for code in ("R1", "R2"):
        h.settle()  # type: ignore[attr-defined]
        h.click(h.card_pos(code))  # type: ignore[attr-defined]
    _press(h, pygame.K_d)
    if isinstance(h.stack.top, PlayOrKeepOverlay):  # type: ignore[attr-defined]
        _press(h, pygame.K_k)
    _ask_hint(h)
    return h


def hint_colour(size: tuple[int, int]) -> object:
    """Ann plays a Wild and asks which colour to name: blue, lit among the four."""
    h = _against_computers(
        [
            ["W", "B1", "B2", "B5", "G7"],
            ["Y5", "Y6", "Y7", "G8", "Y1"],
            ["G4", "G9", "B1", "Y2", "Y3"],
        ],
        [],
        size,
    )
    h.settle()  # type: ignore[attr-defined]
    h.click(h.card_pos("W"))  # type: ignore[attr-defined]
    _ask_hint(h)
    return h


SITUATIONS: dict[str, Callable[[tuple[int, int]], object]] = {
    "handoff": handoff,
    "challenge": challenge,
    "news": news,
    "hint": hint,
    "hint-colour": hint_colour,
}


if __name__ == "__main__":
    main()
