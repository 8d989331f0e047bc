"""Two phones play a whole round in a real browser (Chromium under Playwright), by taps,
against a computer; one phone drops and comes back mid-round; a wrong link is refused.

The game thread is `HeadlessGame` (what the pygame loop will do each frame); the test
thread is the two people, who read only their own page.
"""

from __future__ import annotations

import random
import time

import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.phones.table import PhoneTable
from uno_desktop.phones.wire import page_strings
from uno_desktop.play.match import Match, MonotonicClock, SeatSpec, Timing
from uno_desktop.rules.presets import load_preset
from uno_desktop.session.headless import HeadlessGame

from .browser import chromium, need_chromium, open_hand, snapshot, tap_each
from .helpers import LOCAL

pytestmark = pytest.mark.browser
need_chromium()

QUICK = Timing(think_time_s=0.05, catch_grace_s=0.3, react_s=0.1)
ROUND_LIMIT_S = 240


@pytest.fixture
def game():
    set_language("en")
    rules = load_preset("official")
    seats = [SeatSpec("Ann", "human"), SeatSpec("Bo", "human"), SeatSpec("Computer 1", "normal")]
    match = Match(rules, seats, 11, clock=MonotonicClock(), timing=QUICK)
    match.start_round()
    table = PhoneTable(match, [0, 1], listen=LOCAL)
    table.start()
    loop = HeadlessGame(table, match)
    loop.start()
    yield match, table, loop
    loop.stop()
    table.stop()
    assert loop.error is None


def is_turn(page) -> bool:
    return bool(page.evaluate("document.getElementById('app').classList.contains('turn')"))


def settled(page):
    """The page's state once two looks 0.3 s apart agree (an answer may be on its way)."""
    last = snapshot(page)
    for _ in range(20):
        time.sleep(0.3)
        now = snapshot(page)
        if now == last:
            return now
        last = now
    return last


def test_two_phones_play_a_round_to_its_end_by_taps(game):
    match, table, loop = game
    words = page_strings()["words"]
    rng = random.Random(5)
    taps: list[str] = []
    with chromium() as browser:
        pages = [open_hand(browser, table.join_url(s)) for s in (0, 1)]
        # each card is a button named by the card, disabled while it may not be played
        hand = snapshot(pages[0])["hand"]
        assert len(hand) == 7
        assert all(name and name[0].isupper() for name, _ in hand)
        own = match.observation(0)
        from uno_desktop.lang.card_names import card_name

        assert sorted(name for name, _ in hand) == sorted(card_name(c) for c in own.hand)
        legal_cards = {card_name(a.card) for a in match.legal_actions(0) if hasattr(a, "card")}
        assert {name for name, ok in hand if ok} == legal_cards

        reconnected = False
        end = time.monotonic() + ROUND_LIMIT_S
        while not match.round_over:
            assert time.monotonic() < end, f"the round did not end; last taps: {taps[-10:]}"
            assert loop.running, f"the game thread stopped: {loop.error!r}"
            if not reconnected and len(taps) >= 6 and is_turn(pages[1]):
                # Bo's phone drops (screen lock) on Bo's turn and the link is opened again
                before = settled(pages[1])  # Bo's last tap may still be on its way
                pages[1].close()
                pages[1] = open_hand(browser, table.join_url(1))
                assert snapshot(pages[1]) == before
                reconnected = True
            done = tap_each(pages, words, rng)
            taps += done
            if not done:
                time.sleep(0.05)
        assert reconnected
        for page in pages:
            page.wait_for_function(
                "t => document.getElementById('prompt').textContent === t",
                arg=words_over(),
                timeout=5000,
            )
            assert page.locator("#hand button:not([disabled])").count() == 0
    assert any("played" in t for t in taps) and len(taps) > 6


def words_over() -> str:
    from uno_desktop.lang.i18n import _

    return _("The round is over")


def test_a_link_with_a_wrong_token_is_refused(game):
    _match, table, _loop = game
    url = table.join_url(0)
    token = url.rstrip("/").rsplit("/", 1)[1]
    wrong = url.replace(token, token[::-1])
    with chromium() as browser:
        page = browser.new_context(locale="sv-SE").new_page()
        # a small page of ours in the phone's language, not the browser's own error
        response = page.goto(wrong)
        assert response.status == 403
        assert "Den här länken gäller inte" in page.inner_text("h1")
        assert token[::-1] not in page.content() and page.locator("script").count() == 0
        assert page.request.get(url).status == 200


def test_when_the_game_closes_the_table_the_phone_says_so_and_stops_calling(game):
    _match, table, loop = game
    words = page_strings()["words"]
    with chromium() as browser:
        page = open_hand(browser, table.join_url(0))
        loop.stop()
        table.stop()
        page.wait_for_function(
            "t => document.getElementById('cover-text').textContent === t",
            arg=words["ended"],
            timeout=5000,
        )
        assert page.locator("#banner").is_hidden()
