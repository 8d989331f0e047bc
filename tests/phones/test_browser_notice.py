"""A notice the big screen shows (a save that failed) reaches the phone page as a line,
which the person dismisses; the hand stays playable under it."""

from __future__ import annotations

import os

import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.phones.table import PhoneTable
from uno_desktop.play.match import Match, MonotonicClock, SeatSpec
from uno_desktop.rules.presets import load_preset
from uno_desktop.session.headless import HeadlessGame

from .browser import chromium, need_chromium, open_hand
from .helpers import LOCAL

pytestmark = pytest.mark.browser
need_chromium()

TEXT = "The match could not be saved (No space left on device); the game goes on."


def test_the_page_shows_a_notice_until_it_is_dismissed(tmp_path):
    set_language("en")
    seats = [SeatSpec("Ann", "human"), SeatSpec("Computer 1", "normal")]
    match = Match(load_preset("official"), seats, 11, clock=MonotonicClock())
    match.start_round()
    table = PhoneTable(match, [0], listen=LOCAL)
    table.start()
    loop = HeadlessGame(table, match)
    loop.start()
    try:
        with chromium() as browser:
            page = open_hand(browser, table.join_url(0))
            table.notice(TEXT)
            page.wait_for_selector("#notice:not([hidden])")
            assert page.inner_text("#notice span") == TEXT
            assert page.inner_text("#notice button") == "OK"
            shot = os.environ.get("NOTICE_SHOT")
            if shot:
                page.screenshot(path=shot)
            page.click("#notice button")
            page.wait_for_selector("#notice", state="hidden")
            assert page.is_visible("#hand")
    finally:
        loop.stop()
        table.stop()
    assert loop.error is None
