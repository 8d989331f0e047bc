"""The table's new marks in set situations, saved as PNG files for people to look at:
a card lit to jump in, the house-rule chips, a stack's total on the pile, a banner clear
of the turn prompt; pass-and-play's people's window (the key caps, a person's jump-in
view), the challenge banner's costs, a hand-off that tells what was done to you, a
resumed match's catch-up and the news of many cards drawn.

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
    from uno_desktop.play.match import ManualClock

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

    from uno_desktop.rules.presets import load_preset

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


def _three_people(size: tuple[int, int], hands: list[list[str]], **kw: Any) -> Any:
    """Ann, Bo and Mormor Birgitta at one screen with jump-in on; Ann's hand-off done."""
    import pygame

    from uno_desktop.engine import RuleSet

    rules = kw.pop("rules", None) or RuleSet(hand_size=len(hands[0]), jump_in=True)
    names = ["Ann", "Bo", "Mormor Birgitta"]
    h = _table(["human", "human", "human"], hands, size, rules=rules, names=names)
    h.key(pygame.K_RETURN)
    h.settle()
    return h


PEOPLE = [
    ["R5", "B7", "G2", "Y4", "B1"],
    ["Y1", "Y9", "G8", "B3", "G6"],
    ["R5", "B2", "B9", "G1", "Y7"],
]


def people_window(size: tuple[int, int]) -> Any:
    """Ann played Red 5: every plate shows its person's key to jump in, hands face down."""
    h = _three_people(size, PEOPLE)
    h.click(h.card_pos("R5"))
    _until(h, lambda: h.table.input_ok and h.table.passing.window_open)
    h.frame()
    return h


def people_jump(size: tuple[int, int]) -> Any:
    """Mormor Birgitta pressed 3: only her hand is shown, her Red 5 lit to jump in."""
    import pygame

    h = people_window(size)
    h.key(pygame.K_3)
    h.frame()
    return h


def handoff_summary(size: tuple[int, int]) -> Any:
    """Bo's Wild Draw Four made Mormor Birgitta draw; many moves later it is her turn: the
    hand-off tells her what was done to her first, then the rest counted."""
    from uno_desktop.engine import Card, Color, Draw, Pass, Play

    hands = [
        ["R5", "R6", "R7", "R8", "R9"],
        ["W4", "R1", "R2", "R3", "R4"],
        ["Y1", "Y9", "G8", "B3", "G6"],
    ]
    h = _three_people(size, hands)
    h.table.holder.seen[2] = h.table.holder.pos  # as if she had looked at the deal
    match = h.match
    match.act(Play(0, Card.parse("R5")))
    match.act(Play(1, Card.parse("W4"), color=Color.RED))
    match.act(Draw(2))
    for ann, bo in (("R6", "R1"), ("R7", "R2"), ("R8", "R3")):
        match.act(Play(0, Card.parse(ann)))
        match.act(Play(1, Card.parse(bo)))
        if match.human_to_act() == 2 and ann != "R8":
            match.act(Draw(2))
            if match.human_to_act() == 2:
                match.act(Pass(2))
    _until(h, lambda: getattr(h.stack.top, "name", None) == "Mormor Birgitta", 1800)
    return h


def catch_up(size: tuple[int, int]) -> Any:
    """Continue a saved match of three people: the first hand-off sums the round so far."""
    from tests.ui.test_table import TableHarness
    from uno_desktop.engine import Draw, Pass, Play, RuleSet
    from uno_desktop.play.match import ManualClock, Match, SeatSpec

    clock = ManualClock()
    seats = [SeatSpec(n, "human") for n in ("Ann", "Bo", "Mormor Birgitta")]
    match = Match(RuleSet(), seats, 5, clock=clock)
    match.start_round()
    for _ in range(120):
        seat = match.human_to_act()
        if seat is None:
            break
        legal = match.legal_actions(seat)
        plays = [a for a in legal if type(a) is Play and not a.uno]
        drew = [a for a in legal if type(a) in (Draw, Pass)]
        match.act(plays[0] if plays and len(match.game.hands[seat]) > 3 else drew[0])
    h = TableHarness(Match.from_dict(match.to_dict(), clock=clock), size=size)
    h.settle()
    return h


def news_flood(size: tuple[int, int]) -> Any:
    """Many cards drawn while away: one row of cards in a notice that fits the window."""
    from tests.ui.test_table import make_services
    from uno_desktop.engine import Card, events
    from uno_desktop.ui.table.events import news_items
    from uno_desktop.ui.table.notices import NewsOverlay

    codes = ["B1", "G7", "R2", "Y9", "WS", "B5", "G3", "R8", "Y0", "W"] * 3
    drawn = [events.CardsDrawn(0, 1, (Card.parse(c),), "draw") for c in codes]
    moved = [events.HandsRotated(1)]
    names = ["Ann", "Bo", "Mormor Birgitta"]
    notice = NewsOverlay(make_services(), news_items([*drawn, *moved], names, 0))

    class Shot:
        def draw(self) -> Any:
            import pygame

            surface = pygame.display.get_surface()
            surface.fill((20, 60, 40))
            notice.relayout(size)
            notice.draw(surface)
            return surface

    return Shot()


def challenge_offer(size: tuple[int, int]) -> Any:
    """Bo's Wild Draw Four waits for Ann: the banner says what a challenge costs."""
    hands = [["W4", "R7", "G5", "B2", "Y8"], ["B1", "B2", "Y6", "G3", "R9"]]
    return _table(["normal", "human"], hands, size, names=["Bo", "Ann"])


SITUATIONS: dict[str, Callable[[tuple[int, int]], Any]] = {
    "challenge-offer": challenge_offer,
    "people-window": people_window,
    "people-jump": people_jump,
    "handoff-summary": handoff_summary,
    "catch-up": catch_up,
    "news-flood": news_flood,
    "jumpin": jumpin,
    "chips": chips,
    "stack": stack,
    "banner": banner,
}

if __name__ == "__main__":
    main()
