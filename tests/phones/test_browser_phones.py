"""The phone page on the smallest phone (iPhone SE, 320x568) and a large Android one
(412x915), in Chromium: the cards a person may play and Draw are on screen at their turn
(7 cards or 17), nothing covers them, axe-core finds no serious or critical problem in any
state a person meets, focus stays where the person is, the colour sheet keeps the focus
and Esc closes it, a screen reader hears the others' plays and the round's result, and a
challenge's verdict is on the sheet that shows the hand.

Every seat is a person; the phones are Ann's and Bo's, Cy acts through the match. The
test thread is the game thread (`pump_until` between taps).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from uno_desktop.engine import Card, Draw, Play, RuleSet
from uno_desktop.lang.i18n import set_language
from uno_desktop.phones.table import PhoneTable
from uno_desktop.phones.wire import page_strings
from uno_desktop.play.match import ManualClock, Match

from ..ui.test_table import make_match
from .browser import (
    IPHONE_SE,
    LARGE_ANDROID,
    axe_problems,
    chromium,
    need_axe,
    need_chromium,
    open_phone,
    phone_page,
)
from .helpers import LOCAL

pytestmark = pytest.mark.browser
need_chromium()
need_axe()

WAIT_S = 20.0
SEVEN = [
    ["W4", "R5", "G7", "B3", "Y9", "G2", "R8"],  # Ann may bluff with the Wild Draw Four
    ["R6", "G3", "Y4", "B1", "Y7", "G0", "B9"],
    ["Y2", "G8", "B4", "Y1", "R9", "G5", "Y6"],
]
#: 17 cards each: Ann's playable ones (red, the wild) are spread through her hand
SEVENTEEN = [
    hand.split()
    for hand in (
        "W4 R5 G7 B3 Y9 G2 R8 B5 B6 Y3 G9 Y8 B0 G1 Y5 B2 R2",
        "R6 G3 Y4 B1 Y7 G0 B9 R7 G6 Y0 B7 G4 B8 Y1 R4 G5 R0",
        "Y2 G8 B4 Y1 R9 G5 Y6 R1 G1 B1 R2 G2 B2 Y2 R3 G3 B3",
    )
]
DEVICES = pytest.mark.parametrize("device", [IPHONE_SE, LARGE_ANDROID], ids=["se", "android"])


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


@pytest.fixture
def table_of() -> Iterator[Callable[..., tuple[Match, PhoneTable]]]:
    """A started phone table (Ann's and Bo's phones) for a match dealt `hands`."""
    tables: list[PhoneTable] = []

    def make(hands: list[list[str]], start: str = "R1", **rules: Any) -> tuple[Match, PhoneTable]:
        set_language("en")
        ruleset = RuleSet(hand_size=len(hands[0]), **rules)
        match = make_match(["human"] * 3, hands, start, clock=ManualClock(), rules=ruleset)
        table = PhoneTable(match, [0, 1], listen=LOCAL)
        table.start()
        tables.append(table)
        return match, table

    yield make
    for table in tables:
        table.stop()


def pump_until(table: PhoneTable, done: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + WAIT_S
    table.publish()
    while not done():
        assert time.monotonic() < end, f"never: {what}"
        table.wait(0.05)
        table.pump()


def wait_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => (document.querySelector(s) || {}).textContent?.includes(t)",
        arg=[selector, text],
        timeout=WAIT_S * 1000,
    )


def no_axe_problem(page: Any, state: str) -> None:
    problems = axe_problems(page)
    assert not problems, f"{state}: " + "\n".join(problems)


# ---------------------------------------------------------------------------- 1, 2: fit


def targets(page: Any) -> list[dict[str, Any]]:
    """Each card that may be played and each button that may be pressed: its name, its
    box, whether it lies inside the viewport, and what a tap at its centre would hit."""
    return page.evaluate(
        """() => [...document.querySelectorAll(
                '#hand button:not(:disabled), #actions button:not(:disabled)')].map(b => {
            const r = b.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            return {name: b.getAttribute('aria-label') || b.textContent,
                    x: r.left, y: r.top, w: r.width, h: r.height,
                    inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
                            && r.right <= innerWidth,
                    hit: hit === b || b.contains(hit)};
        })"""
    )


@DEVICES
@pytest.mark.parametrize("hands", [SEVEN, SEVENTEEN], ids=["7-cards", "17-cards"])
def test_at_your_turn_every_playable_card_and_draw_are_on_screen_to_tap(
    browser, table_of, device, hands
):
    _match, table = table_of(hands)
    page = open_phone(browser, table.join_url(0), device)
    seen = targets(page)
    names = {t["name"] for t in seen}
    assert {"Red 5", "Red 8", "Wild Draw Four", "Draw"} <= names
    for t in seen:
        assert t["inside"], f"{t['name']} is off screen: {seen}"
        assert t["hit"], f"a tap on {t['name']} lands on something else"
        assert t["w"] >= 44 and t["h"] >= 44, f"{t['name']} is too small: {t}"
    # nothing to scroll to: the page is the screen
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")


@DEVICES
def test_a_message_on_screen_covers_no_card_and_no_button(browser, table_of, device):
    _match, table = table_of([["R5", "G7"], ["R6", "G3"], ["Y2", "G8"]])
    page = open_phone(browser, table.join_url(0), device)
    before = targets(page)
    page.get_by_role("button", name="UNO!").click()  # armed: a message says so
    toast = page.locator("#toast")
    assert toast.is_visible()
    assert toast.inner_text() == page_strings()["words"]["uno_armed"]
    seen = targets(page)
    assert {"Red 5", "Draw", "UNO!"} <= {t["name"] for t in seen}
    for t in seen:
        assert t["inside"] and t["hit"], f"{t['name']} is covered or off screen: {seen}"
    box = ("name", "x", "y", "w", "h")
    assert [[t[k] for k in box] for t in seen] == [[t[k] for k in box] for t in before]


# ---------------------------------------------------------------------------- 3: axe, focus


@DEVICES
def test_no_serious_accessibility_problem_while_joining_or_reconnecting(browser, table_of, device):
    _match, table = table_of(SEVEN)
    joining = phone_page(browser, device)
    # the table has not dealt yet: it sends the page's words and nothing more
    joining.route_web_socket("**/ws", lambda ws: ws.send(json.dumps(page_strings())))
    joining.goto(table.join_url(0))
    wait_text(joining, "#cover-text", page_strings()["words"]["connecting"])
    no_axe_problem(joining, "joining")

    sockets: list[Any] = []

    def first_real_then_silent(ws: Any) -> None:
        if not sockets:
            ws.connect_to_server()
        sockets.append(ws)

    page = phone_page(browser, device)
    page.route_web_socket("**/ws", first_real_then_silent)
    page.goto(table.join_url(0))
    page.wait_for_selector("#cover", state="hidden")
    sockets[0].close()  # the Wi-Fi drops; the next try finds nobody answering
    wait_text(page, "#banner", page_strings()["words"]["reconnecting"])
    no_axe_problem(page, "reconnecting")


@DEVICES
def test_no_serious_accessibility_problem_through_a_wild_a_penalty_and_a_challenge(
    browser, table_of, device
):
    match, table = table_of(SEVEN)
    ann = open_phone(browser, table.join_url(0), device)
    bo = open_phone(browser, table.join_url(1), device)
    no_axe_problem(ann, "your turn")
    no_axe_problem(bo, "not your turn")
    ann.get_by_role("button", name="Wild Draw Four").click()
    ann.wait_for_selector("#sheet:not([hidden])")
    no_axe_problem(ann, "colour sheet")
    ann.get_by_role("button", name="Blue", exact=True).click()  # a bluff: Ann holds red
    pump_until(table, lambda: match.observation(None).top_card.rank == "W4", "the +4")
    bo.get_by_role("button", name="Challenge").wait_for()
    no_axe_problem(bo, "penalty")
    bo.get_by_role("button", name="Challenge").click()
    pump_until(table, lambda: match.observation(0).hand_sizes[0] == 10, "Ann draws 4")
    bo.wait_for_selector("#sheet:not([hidden])")
    # 7: the verdict is on the sheet with the hand it showed
    assert bo.locator("#sheet-title").inner_text() == "Ann's hand:"
    assert bo.locator("#sheet-text").inner_text() == "Ann was bluffing! Ann draws 4."
    no_axe_problem(bo, "challenge sheet")
    bo.keyboard.press("Escape")
    assert bo.locator("#sheet").is_hidden()


@DEVICES
def test_no_serious_accessibility_problem_at_a_round_and_a_matchs_end(browser, table_of, device):
    for target_score, selector in ((500, "#result-title"), (5, "#result-final")):
        match, table = table_of([["R5"], ["G3"], ["Y2"]], target_score=target_score)
        ann = open_phone(browser, table.join_url(0), device)
        bo = open_phone(browser, table.join_url(1), device)
        ann.get_by_role("button", name="Red 5").click()
        pump_until(table, lambda m=match: m.round_over, "Ann's card ends the round")
        bo.wait_for_selector(f"{selector}:not([hidden])")
        no_axe_problem(bo, "round end" if target_score == 500 else "match end")
        for page in (ann, bo):
            page.close()


@DEVICES
def test_no_serious_accessibility_problem_when_replaced_or_the_table_closes(
    browser, table_of, device
):
    _match, table = table_of(SEVEN)
    first = open_phone(browser, table.join_url(0), device)
    open_phone(browser, table.join_url(0), device)  # the same link on another phone
    wait_text(first, "#cover-text", page_strings()["words"]["replaced"])
    no_axe_problem(first, "replaced")
    bo = open_phone(browser, table.join_url(1), device)
    table.stop()
    wait_text(bo, "#cover-text", page_strings()["words"]["ended"])
    no_axe_problem(bo, "table closed")


def focused(page: Any) -> str:
    """Where the focus is: a card's or a button's name, the hand, or the body."""
    return page.evaluate(
        """() => { const a = document.activeElement;
            if (!a || a === document.body) return 'body';
            if (a.id === 'hand') return 'hand';
            return a.getAttribute('aria-label') || a.textContent; }"""
    )


@DEVICES
def test_after_a_play_the_focus_stays_in_the_hand_not_on_the_body(browser, table_of, device):
    match, table = table_of(SEVEN)
    ann = open_phone(browser, table.join_url(0), device)
    ann.get_by_role("button", name="Red 5").focus()
    ann.keyboard.press("Enter")
    pump_until(table, lambda: match.observation(None).top_card == Card.parse("R5"), "Red 5")
    wait_text(ann, "#prompt", "Bo's turn")
    assert focused(ann) == "hand"  # no card may be played now: the hand itself
    match.act(Draw(1))  # Bo draws (G1: nothing to play), Cy plays
    match.act(Play(2, Card.parse("R9")))
    pump_until(table, lambda: match.observation(None).current == 0, "Ann's turn again")
    wait_text(ann, "#prompt", "Your turn")
    ann.get_by_role("button", name="Draw", exact=True).focus()
    ann.keyboard.press("Enter")
    pump_until(table, lambda: match.observation(0).hand_sizes[0] == 7, "Ann draws")
    ann.wait_for_function("document.activeElement !== document.body")
    assert focused(ann) != "body"


@DEVICES
def test_the_colour_sheet_keeps_the_focus_and_esc_closes_it(browser, table_of, device):
    match, table = table_of(SEVEN)
    ann = open_phone(browser, table.join_url(0), device)
    wild = ann.get_by_role("button", name="Wild Draw Four")
    wild.focus()
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#sheet:not([hidden])")
    for key in ["Tab"] * 6 + ["Shift+Tab"] * 6:
        ann.keyboard.press(key)
        assert ann.evaluate("document.getElementById('sheet').contains(document.activeElement)")
    ann.keyboard.press("Escape")
    assert ann.locator("#sheet").is_hidden()
    assert focused(ann) == "Wild Draw Four"  # back where the person was
    table.pump()
    assert match.observation(None).top_card == Card.parse("R1")  # nothing was played


@DEVICES
def test_a_screen_reader_hears_the_others_plays_and_the_rounds_result(browser, table_of, device):
    match, table = table_of([["R5", "R7"], ["G3", "G4"], ["Y2", "Y3"]])
    bo = open_phone(browser, table.join_url(1), device)
    said = bo.locator("#said")
    assert said.get_attribute("aria-live") == "polite"
    match.act(Play(0, Card.parse("R5")))
    pump_until(table, lambda: True, "")
    wait_text(bo, "#said", "Ann plays Red 5.")
    match.act(Draw(1))  # Bo draws G1, Cy draws G2: nothing to play
    match.act(Draw(2))
    match.act(Play(0, Card.parse("R7")))
    pump_until(table, lambda: match.round_over, "Ann's last card")
    wait_text(bo, "#said", "Ann wins the round!")
    lines = said.locator("p").all_inner_texts()
    assert lines == ["Ann plays Red 5.", "Ann plays Red 7.", "Ann wins the round!"]
