"""What a hand-off screen and the private news tell a person (issue 33): what was done to
them always, the rest counted; a first turn said as one; a resumed match's catch-up
summarised, its news in one row of cards that fits the window."""

from __future__ import annotations

import pygame

from uno_desktop.engine import Card, events
from uno_desktop.lang.i18n import set_language
from uno_desktop.ui.table.events import news_items, summary
from uno_desktop.ui.table.notices import NewsOverlay

from .test_table import make_services

NAMES = ["Ann", "Bo", "Cy"]
W4 = Card.parse("W4")


def busy_lap() -> list[events.Event]:
    """Bo plays a Wild Draw Four on Ann, then ten quiet moves by Bo and Cy."""
    out: list[events.Event] = [
        events.CardPlayed(1, W4),
        events.PenaltyPending(0, 4, True),
        events.CardsDrawn(0, 4, (), "penalty"),
        events.TurnSkipped(0),
    ]
    for i in range(10):
        out.append(events.CardPlayed(1 + i % 2, Card.parse(f"G{i}")))
    return out


def test_the_wild_draw_four_played_on_you_is_always_told_however_much_came_after():
    set_language("en")
    told = summary(busy_lap(), NAMES, seat=0, most=6, first=False)
    assert len(told.lines) <= 6
    assert list(told.lines[:3]) == [
        "Bo plays Wild Draw Four.",
        "You draw 4 cards.",
        "You are skipped.",
    ]
    assert told.lines[3] == "Also: cards played 8. The latest:"
    assert told.lines[-1] == "Cy plays Green 9."


def test_a_short_summary_is_told_whole_in_order():
    set_language("en")
    few = [events.CardPlayed(1, Card.parse("G1")), events.CardPlayed(2, Card.parse("G2"))]
    told = summary(few, NAMES, seat=0, most=6, first=False)
    assert told.lines == ("Bo plays Green 1.", "Cy plays Green 2.")
    assert told.heading == "Since your last turn:"


def test_a_persons_first_turn_is_not_called_their_last():
    set_language("en")
    told = summary([events.StartCardFlipped(Card.parse("R3"))], NAMES, 0, 6, first=True)
    assert told.heading == "Before your first turn:"


def test_the_first_person_after_a_handoff_is_told_it_is_their_first_turn():
    from .test_handoff import two_humans

    h = two_humans()
    h.settle()
    assert h.stack.top.heading == "Before your first turn:"


def many_draws(n: int) -> list[events.Event]:
    return [events.CardsDrawn(0, 1, (Card.parse(f"B{i % 10}"),), "draw") for i in range(n)]


def test_cards_drawn_while_away_are_one_item_with_every_card():
    set_language("en")
    items = news_items(many_draws(30), NAMES, 0)
    assert len(items) == 1
    line, cards = items[0]
    assert line == "You drew 30 cards:"
    assert len(cards) == 30


def test_the_news_notice_fits_the_window_with_its_ok_button_inside():
    pygame.display.init()
    pygame.font.init()
    shown = [events.HandsRotated(1)] * 3 + many_draws(40)
    for size in ((1024, 600), (800, 500)):
        notice = NewsOverlay(make_services(), news_items(shown, NAMES, 0))
        notice.relayout(size)
        window = pygame.Rect((0, 0), size)
        assert window.contains(notice.panel)
        assert notice.panel.contains(notice.ok.rect)


def test_a_resumed_match_tells_the_round_so_far_and_no_old_draws_as_news():
    """Save and Continue: the first hand-off sums the round up; cards drawn before the
    save are in the hand, not news."""
    from uno_desktop.engine import Draw, Pass, Play, RuleSet
    from uno_desktop.play.match import ManualClock, Match, SeatSpec

    from .test_handoff import confirm
    from .test_table import TableHarness

    set_language("en")
    clock = ManualClock()
    match = Match(RuleSet(), [SeatSpec("Ann", "human"), SeatSpec("Bo", "human")], 5, clock=clock)
    match.start_round()
    for _ in range(60):  # both draw whenever they may, so news would pile up
        seat = match.human_to_act()
        if seat is None:
            break
        legal = match.legal_actions(seat)
        choice = next((a for a in legal if type(a) in (Draw, Pass)), None)
        match.act(choice or next(a for a in legal if type(a) is Play))
    resumed = Match.from_dict(match.to_dict(), clock=clock)
    h = TableHarness(resumed)
    h.settle()
    handoff = h.stack.top
    assert handoff.heading == "The round so far:"
    assert len(handoff.lines) <= 6
    assert any(line.startswith("Also: cards") for line in handoff.lines)
    confirm(h)
    assert not isinstance(h.stack.top, NewsOverlay)
