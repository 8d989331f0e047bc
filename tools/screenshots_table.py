"""The table's new marks in set situations, saved as PNG files for people to look at:
a card lit to jump in, the house-rule chips, a stack's total on the pile, a banner clear
of the turn prompt.

    .venv/bin/python tools/screenshots_table.py [--out docs/screenshots] [--only NAME]

Played from stacked decks through the real table (headless, time stepped by hand), at
1024x600 and 1280x720, in English and Swedish; files are `table-NAME-WxH-LANG.png`.
Not a test: it draws and saves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def main() -> None:
    from screenshots import shoot  # tools/ is the script's folder, first on sys.path

    shoot(SITUATIONS, "table-", __doc__ or "")


def _table(kinds: list[str], hands: list[list[str]], size: tuple[int, int], **kw: Any) -> Any:
    from tests.ui.test_table import FILLER, TableHarness, make_match
    from uno_desktop.match import ManualClock

    match = make_match(kinds, hands, "R3", FILLER, clock=ManualClock(), **kw)
    h = TableHarness(match, size=size)
    h.match.timing = h.services.timing()  # the settings' timing, as a real table has
    h.settle()
    return h


def _until(h: Any, ready: Callable[[], bool], frames: int = 600) -> None:
    for _ in range(frames):
        if ready():
            return
        h.frame()
    raise RuntimeError("the situation never came")


def jumpin(size: tuple[int, int]) -> Any:
    """Ann plays R5, Bo answers with R8: Ann's own R8 is lit to jump in."""
    from uno_desktop.engine import Card, RuleSet

    hands = [
        ["R5", "R8", "G2", "B6", "Y4"],
        ["R8", "Y2", "Y3", "B5", "G9"],
        ["B1", "B2", "B4", "G7", "Y8"],
    ]
    h = _table(["human", "normal", "normal"], hands, size, rules=RuleSet(hand_size=5, jump_in=True))
    h.click(h.card_pos("R5"))
    r8 = Card.parse("R8")
    _until(h, lambda: h.table.input_ok and h.match.game.top_card == r8)
    h.frame()
    return h


def chips(size: tuple[int, int]) -> Any:
    """The family preset's house rules at the top of the side panel, one under the pointer."""
    import pygame

    from uno_desktop.presets import load_preset

    rules = load_preset("family").replace(hand_size=5)
    hands = [
        ["R5", "R8", "G2", "B6", "Y4"],
        ["Y1", "Y2", "Y3", "B5", "G9"],
        ["B1", "B2", "B4", "G7", "Y8"],
        ["G1", "G3", "G4", "G5", "G6"],
    ]
    h = _table(["human", "normal", "normal", "normal"], hands, size, rules=rules)
    frame = h.table.frame(size)
    pos = frame.chips.chips[1].rect.center
    h.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return h


def stack(size: tuple[int, int]) -> Any:
    """Ann's Draw Two, Bo's and Cy's on it: +6 waits on the pile; Ann tried her Red 7."""
    from uno_desktop.engine import RuleSet, Stacking

    hands = [
        ["RD2", "R7", "G5", "YD2", "B1"],
        ["BD2", "Y1", "Y2", "G8", "B9"],
        ["GD2", "B1", "B4", "Y6", "R9"],
    ]
    rules = RuleSet(hand_size=5, stacking=Stacking.SAME)
    h = _table(["human", "normal", "normal"], hands, size, rules=rules)
    h.click(h.card_pos("RD2"))
    h.settle()
    h.click(h.card_pos("R7"))
    h.frame()
    return h


def banner(size: tuple[int, int]) -> Any:
    """Bo plays a Wild: its banner is up above the prompt, which says it is Ann's turn."""
    hands = [["R1", "B7", "G2", "Y5", "R6"], ["W", "Y1", "Y3", "B2", "G4"]]
    h = _table(["human", "normal"], hands, size)
    h.click(h.card_pos("R1"))

    def up() -> bool:
        b = h.table.moments.banner_frame()
        return b is not None and b.alpha == 255 and h.table.my_turn()

    _until(h, up)
    return h


SITUATIONS: dict[str, Callable[[tuple[int, int]], Any]] = {
    "jumpin": jumpin,
    "chips": chips,
    "stack": stack,
    "banner": banner,
}

if __name__ == "__main__":
    main()
