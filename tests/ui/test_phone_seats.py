"""Phone seats in the game window: the join panel and its start rules, phones' taps
through the real app loop (and waking it when idle), the connected marks, the server
stopping whenever the match is left or the window closes, and the same phones kept from
a match to the next (Play again).

The phones are aiohttp websocket clients on an asyncio loop of their own thread
(`Phones`), as a browser would be; everything listens on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import pygame
import pytest

from uno_desktop.engine import Draw, Phase
from uno_desktop.phones.net import Listen
from uno_desktop.play.match import ManualClock, Match
from uno_desktop.rules.presets import load_preset
from uno_desktop.ui.app import App
from uno_desktop.ui.idle import EventWaiter
from uno_desktop.ui.kit.text import text_of
from uno_desktop.ui.scenes.join import JoinScene
from uno_desktop.ui.scenes.title import TitleScene
from uno_desktop.ui.table.scene import TableScene

from ..phones.helpers import origin_of
from .test_table import make_services

SIZE = (1024, 600)
LOOPBACK = Listen("127.0.0.1", 0)
WAIT_S = 10.0
"""The longest a test waits for a phone's message to arrive (never reached when it works)."""


class Phones:
    """Websocket phones on an asyncio loop in a thread of their own, driven synchronously."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.session: aiohttp.ClientSession = self.call(self._session())
        self.ws: dict[int, aiohttp.ClientWebSocketResponse] = {}
        self.got: dict[int, list[dict[str, Any]]] = {}

    async def _session(self) -> aiohttp.ClientSession:
        return aiohttp.ClientSession()

    def call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(WAIT_S)

    def join(self, seat: int, url: str) -> None:
        async def connect() -> None:
            ws = await self.session.ws_connect(url + "ws", headers={"Origin": origin_of(url)})
            self.ws[seat] = ws
            self.got[seat] = []
            self.loop.create_task(self._read(seat, ws))

        self.call(connect())

    async def _read(self, seat: int, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for msg in ws:
            if msg.type is aiohttp.WSMsgType.TEXT:
                self.got[seat].append(json.loads(msg.data))

    def act(self, seat: int, **action: Any) -> None:
        self.call(self.ws[seat].send_str(json.dumps({"type": "act", **action})))

    def close(self) -> None:
        async def shut() -> None:
            for ws in self.ws.values():
                await ws.close()
            await self.session.close()

        self.call(shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT_S)


@pytest.fixture
def phones() -> Iterator[Phones]:
    p = Phones()
    try:
        yield p
    finally:
        p.close()


def phone_app(kinds: list[str], *, preset: str = "official") -> tuple[App, Any]:
    """The real app (strict, dummy display) at a new match of `kinds`, listening on
    127.0.0.1; the services."""
    services = make_services(ManualClock())
    services.phone_listen = LOOPBACK
    app = App(services, strict=True)
    app.open_window(SIZE)
    pygame.event.clear()
    seats = [(f"P{i + 1}", kind) for i, kind in enumerate(kinds)]
    app.start(services.scenes.start_match(preset, load_preset(preset), seats, 5))
    return app, services


def frames(app: App, n: int = 1, dt_s: float = 1 / 30) -> None:
    for _ in range(n):
        app.services.clock.advance(dt_s)
        app.step(dt_s)


def until(app: App, done: Any, what: str, max_frames: int = 3000) -> None:
    """Frames until `done()`; a phone's message is waited for like the idle loop does."""
    for _ in range(max_frames):
        if done():
            return
        app.wait_for_events(0.05)
        frames(app)
    pytest.fail(f"never: {what}")


def refused(url: str) -> bool:
    """Whether nothing listens at `url`'s host and port any more."""
    host, port = url.split("/")[2].rsplit(":", 1)
    with socket.socket() as s:
        s.settimeout(2.0)
        return s.connect_ex((host, int(port))) != 0


def port_of(url: str) -> int:
    return int(urlsplit(url).port or 0)


def redirect_of(url: str) -> tuple[int, str]:
    """The status of a GET of `url`, and where it leads (not followed)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=WAIT_S)
    try:
        conn.request("GET", parts.path)
        response = conn.getresponse()
        return response.status, urlsplit(response.getheader("Location") or "").path
    finally:
        conn.close()


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=WAIT_S) as response:
            return int(response.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


@pytest.fixture(autouse=True)
def _close_windows() -> Iterator[None]:
    yield
    pygame.display.quit()


# ------------------------------------------------------------------------- joining


def test_a_match_with_phone_seats_shows_the_join_panel_before_the_deal():
    app, services = phone_app(["phone", "phone", "normal"])
    try:
        assert isinstance(app.stack.top, JoinScene)
        assert services.match.round_no == 0  # the deal waits for the phones
        urls = [services.phones.url(s) for s in (0, 1)]
        assert urls[0] != urls[1] and all(u.startswith("http://127.0.0.1:") for u in urls)
        frames(app, 3)
        assert isinstance(app.stack.top, JoinScene)
    finally:
        services.close_phones()


def test_the_round_starts_by_itself_when_every_phone_seat_has_joined(phones):
    app, services = phone_app(["phone", "phone", "normal"])
    link = services.phones
    try:
        phones.join(0, link.url(0))
        until(app, lambda: link.connected() == {0}, "the first phone is seen")
        frames(app, 5)
        assert isinstance(app.stack.top, JoinScene), "one of two phones: the panel waits"
        phones.join(1, link.url(1))
        until(app, lambda: isinstance(app.stack.top, TableScene), "the table opens")
        assert services.match.round_no == 1
        until(app, lambda: any(m["type"] == "state" for m in phones.got[1]), "a state")
    finally:
        services.close_phones()


def test_start_now_starts_the_round_and_a_seat_not_joined_waits_for_its_phone():
    app, services = phone_app(["normal", "phone"])
    try:
        panel = app.stack.top
        assert isinstance(panel, JoinScene)
        assert panel.group.focused is panel.start_button
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
        frames(app)
        assert isinstance(app.stack.top, TableScene)
        table = app.stack.top
        match = services.match
        until(app, lambda: match.round_no == 1 and match.human_to_act() == 1, "seat 1's turn")
        until(app, lambda: table.settled, "the table rests")
        assert "waiting for their phone" in table.frames.status_text()
        frames(app, 200)
        assert match.human_to_act() == 1, "the turn waits for the phone"
        assert table.frames.frame(SIZE).seats[1].phone is False
    finally:
        services.close_phones()


def waiting_for_seat_1(app: App, services: Any) -> tuple[TableScene, Match]:
    """Start now from the join panel (seat 1's phone never joins); run until the table
    rests on seat 1's turn. The table and the match."""
    app.stack.top.start()
    frames(app)
    table = app.stack.top
    assert isinstance(table, TableScene)
    match = services.match
    until(app, lambda: match.round_no == 1 and match.human_to_act() == 1, "seat 1's turn")
    until(app, lambda: table.settled, "the table rests")
    return table, match


def test_the_banner_waiting_for_a_phone_says_how_to_let_the_computer_play_and_esc_does():
    from uno_desktop.ui.scenes.pause import PauseScene

    app, services = phone_app(["normal", "phone"])
    try:
        table, match = waiting_for_seat_1(app, services)
        assert "Esc: let the computer play" in table.frames.status_text()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        frames(app)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        assert text_of(pause.stand_in_button.text) == "Let the computer play for P2"
        pause.stand_in_button.activate()
        frames(app)
        assert app.stack.top is table
        until(app, lambda: match.human_to_act() != 1, "a computer plays seat 1")
        assert table.frames.frame(SIZE).seats[1].stand_in
    finally:
        services.close_phones()


def test_the_banner_counts_the_minutes_the_table_has_waited_for_an_away_phone():
    app, services = phone_app(["normal", "phone"])
    try:
        table, match = waiting_for_seat_1(app, services)
        assert " min." not in table.frames.status_text()
        services.phones.table.waits._clock = lambda: time.monotonic() + 125.0
        frames(app)
        assert "waiting for their phone for 2 min. Esc: let the computer play" in (
            table.frames.status_text()
        )
        assert 0 < table.wake_in_s() <= 60, "the loop wakes for the next minute"
        assert match.human_to_act() == 1, "the table still waits: only a person hands it on"
    finally:
        services.close_phones()


def test_escape_on_the_join_panel_goes_back_to_the_title_and_nothing_listens():
    app, services = phone_app(["phone", "normal"])
    url = services.phones.url(0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    frames(app)
    assert isinstance(app.stack.top, TitleScene)
    assert services.phones is None
    assert refused(url)


def test_the_join_codes_come_back_over_the_table_from_the_pause_menu(phones):
    app, services = phone_app(["phone", "normal"])
    link = services.phones
    try:
        phones.join(0, link.url(0))
        until(app, lambda: isinstance(app.stack.top, TableScene), "the table opens")
        table = app.stack.top
        table.open_pause()
        frames(app)
        pause = app.stack.top
        pause.phones_button.activate()
        frames(app)
        panel = app.stack.top
        assert isinstance(panel, JoinScene) and panel.transparent
        assert panel.phones is link  # the same links: a phone that lost its page joins again
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        frames(app, 2)
        assert app.stack.top is table
    finally:
        services.close_phones()


# ------------------------------------------------------------------------- playing


def test_a_phones_tap_goes_through_the_engine_and_wakes_the_idle_loop(phones):
    app, services = phone_app(["phone", "normal"])
    link = services.phones
    match: Match = services.match
    try:
        phones.join(0, link.url(0))
        until(app, lambda: isinstance(app.stack.top, TableScene), "the table opens")
        table = app.stack.top
        until(app, lambda: match.human_to_act() == 0 and table.settled, "the phone's turn")
        frames(app, 3)
        assert not (app.stack.dirty or app.stack.animating), "the loop would sleep now"
        before = match.actions_taken()
        threading.Timer(0.2, lambda: phones.act(0, do="draw")).start()
        start = time.monotonic()
        app.wait_for_events(WAIT_S * 3)  # asleep: only the phone's message can end it early
        assert time.monotonic() - start < WAIT_S * 3, "the phone's message did not wake the loop"
        until(app, lambda: match.actions_taken() > before, "the draw is applied", 5)
        assert type(match.game.actions[-1]) is Draw
        assert match.observation(None).phase in (Phase.DRAWN, Phase.PLAY)
    finally:
        services.close_phones()


def test_a_wake_from_another_thread_ends_the_waiters_sleep():
    pygame.display.init()
    waiter = EventWaiter()
    pygame.event.clear()
    threading.Timer(0.1, waiter.wake).start()
    start = time.monotonic()
    assert waiter.wait(60.0) == []
    assert time.monotonic() - start < 30.0
    waiter.wake()
    waiter.wake()  # two wakes before a wait: one wait returns, the next sleeps again
    assert waiter.wait(5.0) == []
    start = time.monotonic()
    waiter.wait(0.3)
    assert time.monotonic() - start >= 0.25


def test_the_table_marks_which_phones_are_connected(phones):
    app, services = phone_app(["phone", "phone", "normal"])
    link = services.phones
    try:
        phones.join(0, link.url(0))
        until(app, lambda: link.connected() == {0}, "seat 0 connected")
        app.stack.top.start()  # Start now, seat 1 still away
        frames(app, 2)
        table = app.stack.top
        assert isinstance(table, TableScene)
        seats = table.frames.frame(SIZE).seats
        assert [s.phone for s in seats] == [True, False, None]
        phones.join(1, link.url(1))
        until(app, lambda: table.frames.frame(SIZE).seats[1].phone is True, "seat 1 connected")
    finally:
        services.close_phones()


# ------------------------------------------------------------------------- stopping


def test_the_phones_keep_the_final_standings_until_the_match_end_is_left_for_the_title():
    app, services = phone_app(["phone", "normal"])
    url = services.phones.url(0)
    app.stack.clear_to(services.scenes.match_end(services.match))
    frames(app)
    assert not refused(url)  # the phones still show the match's end
    app.stack.top.to_title()
    frames(app)
    assert isinstance(app.stack.top, TitleScene)
    assert services.phones is None
    assert refused(url)


def test_play_again_keeps_the_phones_on_the_same_port_and_each_old_link_leads_to_the_new():
    app, services = phone_app(["phone", "normal"])
    first = services.phones
    old_url = first.url(0)
    try:
        app.stack.clear_to(services.scenes.match_end(services.match))
        frames(app)
        app.stack.top.play_again()
        frames(app)
        assert isinstance(app.stack.top, JoinScene)
        link = services.phones
        assert link is not None and link is not first and link.running
        new_url = link.url(0)
        assert new_url != old_url
        assert port_of(new_url) == port_of(old_url)
        assert not first.running
        assert redirect_of(old_url) == (303, urlsplit(new_url).path)
    finally:
        services.close_phones()
    assert refused(new_url)


def test_the_server_stops_when_the_window_closes():
    app, services = phone_app(["phone", "normal"])
    url = services.phones.url(0)
    assert status_of(url) == 200
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(fixed_dt_s=1 / 30, max_frames=50) == 0
    assert services.phones is None
    assert refused(url)


def test_saving_and_quitting_from_the_pause_menu_stops_the_server(phones):
    app, services = phone_app(["phone", "normal"])
    link = services.phones
    url = link.url(0)
    phones.join(0, url)
    until(app, lambda: isinstance(app.stack.top, TableScene), "the table opens")
    app.stack.top.open_pause()
    frames(app)
    app.stack.top.quit_button.activate()
    frames(app)
    assert isinstance(app.stack.top, TitleScene)
    assert refused(url)


def test_a_crash_leaves_the_match_and_stops_the_server():
    app, services = phone_app(["phone", "normal"])
    url = services.phones.url(0)
    app.strict = False
    app.crash(RuntimeError("a bug"))
    assert services.phones is None
    assert refused(url)


def test_a_wrong_token_gets_403_and_the_seats_link_the_page():
    _app, services = phone_app(["phone", "normal"])
    try:
        url = services.phones.url(0)
        assert status_of(url) == 200
        assert status_of(url.replace("/t/", "/t/x")) == 403
    finally:
        services.close_phones()


# ------------------------------------------------------------------------- saving


def test_a_saved_match_with_phone_seats_resumes_with_new_links(tmp_path):
    from uno_desktop.store.storage import Storage

    services = make_services(ManualClock())
    services.storage = Storage()
    services.phone_listen = LOOPBACK
    seats = [("Ann", "phone"), ("Bo", "human"), ("Cy", "normal")]
    services.scenes.start_match("official", load_preset("official"), seats, 9)
    first = services.phones.url(0)
    token = first.rstrip("/").rsplit("/", 1)[1]
    services.close_phones()
    saved = services.storage.load_match()
    assert saved is not None and saved["seats"][0]["kind"] == "phone"
    assert token not in services.storage.match_path.read_text(encoding="utf-8")
    panel = services.scenes.continue_match()
    try:
        assert isinstance(panel, JoinScene)
        again = services.phones.url(0)
        assert again != first
        assert services.match.is_phone(0) and not services.match.is_phone(1)
        every_file = [p for p in tmp_path.rglob("*") if p.is_file()]
        for path in every_file:
            assert token.encode() not in path.read_bytes(), path
    finally:
        services.close_phones()


# ------------------------------------------------------------------------- New game


def test_new_game_offers_a_phone_seat_beside_people_and_computers():
    from uno_desktop.ui.scene import SceneStack
    from uno_desktop.ui.scenes.new_game import NewGameScene

    from .test_menus import click, show

    pygame.display.init()
    services = make_services(ManualClock())
    services.phone_listen = LOOPBACK
    new_game = NewGameScene(services)
    stack = show(new_game, SceneStack())
    choice = new_game.kind_choices[1]  # seat 2: Computer: normal -> hard -> phone
    click(new_game, choice)
    click(new_game, choice)
    assert new_game.chosen_seats()[1] == ("Player 2", "phone")
    click(new_game, new_game.start_button)
    stack.apply_pending()
    try:
        assert isinstance(stack.top, JoinScene)
        match = services.match
        assert [match.is_phone(s) for s in range(match.players)][:2] == [False, True]
        assert match.seat_name(0) == "Player 1"  # two people now: nobody is "You"
        assert services.phones.seats == (1,)
    finally:
        services.close_phones()


def test_a_phone_joining_or_leaving_wakes_the_window(phones):
    """The join panel and the table's marks change when a phone comes or goes: the
    server calls its wake then, as it does for a request."""
    from uno_desktop.phones.server import PhoneServer

    woken = threading.Event()
    server = PhoneServer([0], {"index.html": b"<html>"}, listen=LOOPBACK, on_request=woken.set)
    server.start()
    try:
        assert not woken.is_set()
        phones.join(0, server.join_url(0))
        assert woken.wait(WAIT_S), "joining woke nobody"
        assert server.connected() == {0}
        woken.clear()
        phones.call(phones.ws[0].close())
        assert woken.wait(WAIT_S), "leaving woke nobody"
        assert server.connected() == set()
    finally:
        server.stop()


@pytest.mark.browser
def test_in_the_window_a_joined_phone_follows_play_again_to_the_next_match_by_itself():
    from ..phones.browser import IPHONE_SE, chromium, need_chromium

    need_chromium()
    app, services = phone_app(["phone", "normal"])
    first = services.phones
    try:
        with chromium() as browser:
            page = browser.new_context(**IPHONE_SE).new_page()
            page.goto(first.url(0))
            until(app, lambda: isinstance(app.stack.top, TableScene), "the phone joins")
            app.stack.clear_to(services.scenes.match_end(services.match))
            frames(app)
            app.stack.top.play_again()
            new_url = services.phones.url(0)
            page.wait_for_url(new_url, timeout=15_000)  # the servers' threads lead it there
            until(app, lambda: page.is_hidden("#cover"), "the page sits at the new table")
            assert page.inner_text("#me-name") == "P1"
            until(app, lambda: 0 in services.phones.connected(), "the phone sits down again")
    finally:
        services.close_phones()
