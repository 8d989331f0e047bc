"""From one round to the next in a real browser (Chromium under Playwright): Ann's phone
plays her last card, Bo's phone shows the round's result with a Next round button that
is disabled until the round end offers it, Bo taps it and the next round's hand appears.

The game thread is this test's own (`pump` between taps); `offer_next_round` stands for
the window's round end, which offers it once its scores were shown a moment.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from uno_desktop.engine import RuleSet
from uno_desktop.lang.i18n import set_language
from uno_desktop.phones.table import PhoneTable
from uno_desktop.play.match import ManualClock, Match

from ..ui.test_table import make_match
from .browser import chromium, need_chromium, open_hand, snapshot
from .helpers import LOCAL

pytestmark = pytest.mark.browser
need_chromium()

#: Ann goes out with her one card at once
HANDS = [["R5"], ["G3"], ["Y2"]]
WAIT_S = 20.0


def pump_until(table: PhoneTable, done: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + WAIT_S
    while not done():
        assert time.monotonic() < end, f"never: {what}"
        table.wait(0.05)
        table.pump()


def test_after_a_round_a_phone_taps_next_round_and_the_next_hand_appears():
    set_language("en")
    rules = RuleSet(hand_size=1)
    match: Match = make_match(
        ["human", "human", "normal"], HANDS, "R1", clock=ManualClock(), rules=rules
    )
    table = PhoneTable(match, [0, 1], listen=LOCAL)
    table.start()
    try:
        with chromium() as browser:
            ann, bo = (open_hand(browser, table.join_url(s)) for s in (0, 1))
            ann.get_by_role("button", name="Red 5").click()
            pump_until(table, lambda: match.round_over, "Ann's card ends the round")
            bo.wait_for_selector("#result:not([hidden])")
            assert bo.locator("#result-title").inner_text() == "Ann wins round 1!"
            next_button = bo.get_by_role("button", name="Next round")
            assert next_button.is_disabled()  # the scores are shown first

            def next_round() -> None:  # what the window's round end does
                match.finish_round()
                match.start_round()

            table.offer_next_round(next_round)
            table.publish()
            next_button.click()
            pump_until(table, lambda: match.round_no == 2, "Bo's tap deals round 2")
            bo.wait_for_selector("#result", state="hidden")
            ann.wait_for_selector("#result", state="hidden")
            assert len(snapshot(bo)["hand"]) == 1
            assert len(snapshot(ann)["hand"]) == 1
    finally:
        table.stop()


def test_at_the_matchs_end_the_phone_keeps_the_final_standings_when_the_table_closes():
    set_language("en")
    rules = RuleSet(hand_size=1, target_score=5)
    match: Match = make_match(
        ["human", "human", "normal"], HANDS, "R1", clock=ManualClock(), rules=rules
    )
    table = PhoneTable(match, [0, 1], listen=LOCAL)
    table.start()
    try:
        with chromium() as browser:
            ann, bo = (open_hand(browser, table.join_url(s)) for s in (0, 1))
            ann.get_by_role("button", name="Red 5").click()
            pump_until(table, lambda: match.round_over, "Ann's card wins the match")
            bo.wait_for_selector("#result-final:not([hidden])")
            assert bo.locator("#result-final").inner_text() == "Ann wins the match!"
            assert bo.get_by_role("button", name="Next round").count() == 0
            match.finish_round()  # the big screen shows the match's end: the server stops
            table.stop()
            bo.wait_for_selector("#banner:not([hidden])")
            assert bo.locator("#banner").inner_text() == "The match is over. Thanks for playing!"
            assert bo.locator("#cover").is_hidden()
            assert bo.locator("#result-final").is_visible()
    finally:
        table.stop()
