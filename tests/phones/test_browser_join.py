"""Joining and staying joined, in Chromium at an iPhone SE's size: "You're in" with the
seat's name and one tap before the deal, the page following the table to the next match
by itself (Play again), and the others told whose phone the table waits for, with the
offer to let a computer play it."""

from __future__ import annotations

import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.phones.net import Listen
from uno_desktop.phones.table import PhoneTable
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset

from .browser import chromium, need_chromium
from .helpers import LOCAL, phone_match

pytestmark = pytest.mark.browser
need_chromium()

SE = {"width": 320, "height": 568}
HANDS = [
    ["W4", "R5", "G7", "B3", "Y9", "G2", "R8"],
    ["R6", "G3", "Y4", "B1", "Y7", "G0", "B9"],
    ["Y2", "G8", "B4", "Y1", "R9", "G5", "Y6"],
]


def a_match() -> Match:
    seats = [SeatSpec("Ann", "phone"), SeatSpec("Bo", "phone"), SeatSpec("Cy", "normal")]
    return Match(load_preset("official"), seats, 5, clock=ManualClock())


def test_a_phone_that_joins_before_the_deal_says_youre_in_and_asks_one_tap():
    set_language("en")
    match = a_match()
    table = PhoneTable(match, [0, 1], listen=LOCAL)
    table.start()
    try:
        with chromium() as browser:
            page = browser.new_page(viewport=SE)
            page.goto(table.join_url(0))
            page.wait_for_selector("#cover-button:not([hidden])")
            assert page.inner_text("#cover-text") == "You're in, Ann: waiting for the deal"
            assert page.is_visible(".spinner")
            page.click("#cover-button")
            page.wait_for_selector("#cover-button", state="hidden")
            assert page.inner_text("#cover-text") == "You're in, Ann: waiting for the deal"
            match.start_round()
            table.publish()
            page.wait_for_selector("#cover", state="hidden")
            assert page.locator("#hand button").count() == 7
    finally:
        table.stop()


def test_after_play_again_the_page_follows_to_the_next_match_by_itself():
    set_language("en")
    first_match = a_match()
    first_match.start_round()
    first = PhoneTable(first_match, [0, 1], listen=LOCAL)
    first.start()
    second = None
    try:
        with chromium() as browser:
            page = browser.new_page(viewport=SE)
            page.goto(first.join_url(1))
            page.wait_for_selector("#cover", state="hidden")
            port = first.server.port
            forward = first.server.handover()
            first.stop()
            next_match = a_match()
            next_match.start_round()
            second = PhoneTable(
                next_match, [0, 1], listen=Listen("127.0.0.1", port), forward=forward
            )
            second.start()
            page.wait_for_url(second.join_url(1), timeout=15_000)
            page.wait_for_selector("#cover", state="hidden")
            assert page.inner_text("#me-name") == "Bo"
            assert 1 in second.server.connected()
    finally:
        first.stop()
        if second is not None:
            second.stop()


def test_the_others_see_whose_phone_the_table_waits_for_and_may_let_a_computer_play():
    set_language("en")
    match, table = phone_match(HANDS, start="R1", kinds=("phone", "phone", "normal"))
    table.start()
    try:
        with chromium() as browser:
            page = browser.new_page(viewport=SE)
            page.goto(table.join_url(1))  # Bo's phone; Ann's (whose turn it is) is away
            page.wait_for_selector("#cover", state="hidden")
            table.pump()
            page.wait_for_selector("#waiting:not([hidden])")
            assert page.inner_text("#waiting span").startswith("Waiting for Ann's phone (0:0")
            page.click("#waiting button")
            for _ in range(50):
                table.wait(0.1)
                table.pump()
                if match.stand_ins:
                    break
            assert match.stand_ins == {0}
            match.clock.advance(5.0)
            match.poll()  # the computer plays Ann's turn
            table.publish()
            assert match.actions_taken() == 1
            page.wait_for_selector("#waiting", state="hidden")
    finally:
        table.stop()
