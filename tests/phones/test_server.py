"""The phone server through real sockets on 127.0.0.1: who gets in, what a phone may
send, and that a phone gets the whole state again after a drop."""

from __future__ import annotations

import asyncio
import socket

import aiohttp
import pytest

from uno_desktop.engine.actions import Draw, Play
from uno_desktop.engine.cards import Card
from uno_desktop.phones.protocol import MAX_MESSAGE_BYTES
from uno_desktop.phones.server import CLOSE_ENDED, CLOSE_REPLACED, RATE_BURST

from .helpers import Phone, open_phone, origin_of, phone_match, serve

HANDS = [
    ["R5", "G7", "B3", "Y9", "W", "G2", "B8"],
    ["R6", "G3", "Y4", "B1", "Y7", "G0", "B9"],
    ["Y2", "G8", "B4", "Y1", "R9", "G5", "Y6"],
]


@pytest.fixture
def table():
    _match, table = phone_match(HANDS, start="R1")
    table.start()
    yield table
    table.stop()


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 20))


def raw_get(port: int, path: str) -> tuple[int, bytes]:
    """GET `path` exactly as written (no client tidies it), the status and body."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()
        )
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


# ---------------------------------------------------------------------- who gets in


def test_the_right_token_opens_the_seats_page_and_its_state(table):
    url = table.join_url(0)

    async def go():
        async with aiohttp.ClientSession() as session:
            async with session.get(url) as page:
                assert page.status == 200
                assert "phone.js" in await page.text()
            phone = await open_phone(session, url)
            joined = await phone.next()
            strings = await phone.next()
            state = await phone.next()
            return joined, strings, state

    joined, strings, state = run(go())
    assert joined == {"type": "joined", "seat": 0}
    assert strings["type"] == "strings" and strings["words"]["draw"] == "Draw"
    assert state["type"] == "state" and state["seat"] == 0
    assert [c["code"] for c in state["hand"]] == ["R5", "Y9", "G2", "G7", "B3", "B8", "W"]


@pytest.mark.parametrize(
    "path",
    ["/t/", "/t/x/", "/index.html", "/phone.js", "/t/wrong-token-aaaaaaaaaa/ws", "/ws"],
)
def test_a_request_without_the_right_token_gets_403_and_only_the_small_page(table, path):
    status, body = raw_get(table.server.port, path)
    assert status == 403
    assert b"This link is not valid" in body and b"<script" not in body
    assert b"phone.js" not in body and len(body) < 2000


def test_a_token_of_another_length_or_with_one_letter_changed_is_refused(table):
    token = table.join_url(0).split("/t/")[1].rstrip("/")
    changed = ("a" if token[0] != "a" else "b") + token[1:]
    for bad in (changed, token[:-1], token + "x"):
        status, body = raw_get(table.server.port, f"/t/{bad}/")
        assert status == 403 and token.encode() not in body and bad.encode() not in body


@pytest.mark.parametrize(
    "rest",
    ["../../etc/passwd", "static/../../etc/passwd", "cards/", "cards", "static/", "%2e%2e/x", "."],
)
def test_no_path_outside_the_games_own_files_is_served(table, rest):
    token_path = table.join_url(0).split(":", 2)[2].split("/", 1)[1]  # t/<token>/
    status, body = raw_get(table.server.port, f"/{token_path}{rest}")
    assert status in (403, 404)
    assert b"root:" not in body and b"<html" not in body


def test_the_card_pictures_are_served_from_memory_by_exact_name(table):
    url = table.join_url(0)
    port = table.server.port
    path = url.split(str(port), 1)[1]
    assert raw_get(port, path + "cards/R5.png")[0] == 200
    assert raw_get(port, path + "cards/R4.png")[0] == 404  # not in the table


def test_a_websocket_from_another_origin_is_refused(table):
    url = table.join_url(0)

    async def go(origin):
        async with aiohttp.ClientSession() as session:
            headers = {"Origin": origin} if origin is not None else {}
            try:
                await session.ws_connect(url + "ws", headers=headers)
            except aiohttp.WSServerHandshakeError as e:
                return e.status
            return 101

    assert run(go("http://evil.example:8080")) == 403
    assert run(go(None)) == 403
    assert run(go(origin_of(url))) == 101


# ---------------------------------------------------------------------- acting


def test_a_phone_plays_for_its_own_seat_and_every_phone_gets_the_new_state(table):
    match = table.match

    async def go():
        async with aiohttp.ClientSession() as session:
            ann = await open_phone(session, table.join_url(0))
            bo = await open_phone(session, table.join_url(1))
            await ann.until("state")
            await bo.until("state")
            await ann.act(do="play", card="R5")
            await serve(table)
            return await ann.until("state"), await bo.until("state")

    ann_state, bo_state = run(go())
    assert match.actions_taken() == 1
    assert ann_state["top"]["code"] == bo_state["top"]["code"] == "R5"
    assert ann_state["players"][0]["cards"] == 6 and bo_state["players"][0]["cards"] == 6


def test_one_seat_cannot_act_as_another(table):
    """Bo's phone asks to draw while it is Ann's turn, and names Ann's seat in the
    message: the seat comes from Bo's token, so nothing happens to Ann."""
    match = table.match

    async def go():
        async with aiohttp.ClientSession() as session:
            bo = await open_phone(session, table.join_url(1))
            await bo.until("state")
            await bo.ws.send_str('{"type": "act", "do": "draw", "seat": 0}')
            named = await bo.until("error")
            await bo.act(do="draw")
            await serve(table)
            return named, await bo.until("error")

    named, refused = run(go())
    assert named == {"type": "error", "code": "malformed"}
    assert refused["text"] == "Wait for your turn"
    assert match.actions_taken() == 0
    assert match.observation(0).hand_sizes == (7, 7, 7)


def test_an_illegal_action_gets_a_clear_error_and_changes_nothing(table):
    match = table.match
    before = (match.actions_taken(), match.observation(0).hand)

    async def go():
        async with aiohttp.ClientSession() as session:
            ann = await open_phone(session, table.join_url(0))
            await ann.until("state")
            await ann.act(do="play", card="G7")  # on Red 1: does not match
            await serve(table)
            first = await ann.until("error")
            await ann.act(do="play", card="R9")  # not in Ann's hand
            await serve(table)
            second = await ann.until("error")
            await ann.act(do="play", card="W")  # a wild needs its colour
            await serve(table)
            return first, second, await ann.until("error")

    assert run(go()) == (
        {"type": "error", "text": "Does not match Red 1"},
        {"type": "error", "text": "You do not hold Red 9"},
        {"type": "error", "text": "Choose a colour"},
    )
    assert (match.actions_taken(), match.observation(0).hand) == before


def test_a_message_over_the_size_limit_is_refused_and_nothing_is_queued(table):
    async def go():
        async with aiohttp.ClientSession() as session:
            ann = await open_phone(session, table.join_url(0))
            await ann.until("state")
            padding = "x" * MAX_MESSAGE_BYTES
            await ann.ws.send_str(f'{{"type": "act", "do": "draw", "pad": "{padding}"}}')
            return await ann.until("error")

    end = run(go())
    assert end["type"] == "closed" and end["code"] == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert table.server.drain() == []


def test_a_phone_that_sends_too_fast_is_told_so_and_the_rest_are_dropped(table):
    burst = int(RATE_BURST)

    async def go():
        async with aiohttp.ClientSession() as session:
            bo = await open_phone(session, table.join_url(1))
            await bo.until("state")
            for _ in range(burst + 30):
                await bo.act(do="uno")
            told = await bo.until("error")
            await asyncio.sleep(0.2)
            return told

    told = run(go())
    assert told == {"type": "error", "code": "rate"}
    queued = table.server.drain()
    assert burst <= len(queued) < burst + 10  # a few more refill while the frames arrive
    assert all(seat == 1 for seat, _ in queued)


def test_a_second_connection_for_a_seat_replaces_the_first(table):
    async def go():
        async with aiohttp.ClientSession() as session:
            first = await open_phone(session, table.join_url(0))
            await first.until("state")
            second = await open_phone(session, table.join_url(0))
            told = await first.next()
            closed = await first.next()
            state = await second.until("state")
            await second.act(do="play", card="R5")
            await serve(table)
            after = await second.until("state")
            return told, closed, state, after, table.server.connected()

    told, closed, state, after, connected = run(go())
    assert told == {"type": "replaced"}
    assert closed["type"] == "closed" and closed["code"] == CLOSE_REPLACED
    assert state["seat"] == 0 and after["top"]["code"] == "R5"
    assert connected == {0}


def test_a_phone_that_reconnects_gets_the_same_state_as_before(table):
    match = table.match
    match.act(Play(0, Card.parse("R5")))
    match.act(Draw(1))
    table.pump()

    async def state_once() -> dict:
        async with aiohttp.ClientSession() as session:
            phone = await open_phone(session, table.join_url(1))
            state = await phone.until("state")
            await phone.ws.close()
            return state

    before = run(state_once())
    after = run(state_once())
    assert before == after
    assert before["drawn"] is not None or before["current"] != 1


def test_stop_closes_the_phones_and_nothing_listens_any_more():
    _match, table = phone_match(HANDS)
    table.start()
    port = table.server.port

    async def go() -> Phone:
        async with aiohttp.ClientSession() as session:
            phone = await open_phone(session, table.join_url(0))
            await phone.until("state")
            stopping = asyncio.create_task(asyncio.to_thread(table.stop))
            closed = await phone.until("closed")
            await stopping
            return closed

    assert run(go())["code"] == CLOSE_ENDED
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    table.stop()  # twice is harmless
