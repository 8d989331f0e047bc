"""The ways into a seat besides its link: the short code typed at the root address, the
old link after Play again, and the small 403 page in the phone's language."""

from __future__ import annotations

import asyncio
import math

import aiohttp
import pytest

from uno_desktop.phones.doors import (
    CODE_ALPHABET,
    MAX_CODE_TRIES,
    TOKEN_ALPHABET,
    Doors,
    new_token,
    pick_language,
    token_bits,
)
from uno_desktop.phones.net import Listen
from uno_desktop.phones.table import PhoneTable

from .helpers import fake_files, open_phone, phone_match


@pytest.fixture
def table():
    _match, table = phone_match()
    table.start()
    yield table
    table.stop()


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 20))


def root_of(url: str) -> str:
    return url.split("/t/", 1)[0] + "/"


LOOK_ALIKES = set("0O1lI5S2Z8B6G")


def test_a_link_keeps_128_random_bits_and_no_look_alike_character():
    assert token_bits() >= 128
    assert not set("01ilo") & set(TOKEN_ALPHABET)  # lower case: 0/o, 1/l/i
    assert not LOOK_ALIKES & set(CODE_ALPHABET)
    token = new_token()
    assert set(token) <= set(TOKEN_ALPHABET) and len({new_token() for _ in range(50)}) == 50


def test_a_wrong_link_gets_a_small_page_in_the_phones_language(table):
    async def go():
        async with aiohttp.ClientSession() as session:
            url = root_of(table.join_url(0)) + "t/" + "a" * 26 + "/"
            async with session.get(url, headers={"Accept-Language": "sv-SE,sv;q=0.9"}) as r:
                return r.status, await r.text(), r.headers["Content-Security-Policy"]

    status, text, csp = run(go())
    assert status == 403
    assert "Den här länken gäller inte" in text and "<script" not in text
    assert "a" * 26 not in text and len(text.encode()) < 2000
    assert "script-src" not in csp and "default-src 'none'" in csp


def test_the_phones_language_is_read_from_accept_language():
    assert pick_language("sv-SE,sv;q=0.9,en;q=0.5") == "sv"
    assert pick_language("de-DE,de;q=0.9") == "en"
    assert pick_language("") == "en"


def test_a_seats_code_typed_at_the_root_address_opens_its_link(table):
    code = table.server.code_of(1)
    assert code is not None and len(code) == 4 and set(code) <= set(CODE_ALPHABET)

    async def go():
        async with aiohttp.ClientSession() as session:
            root = root_of(table.join_url(1))
            async with session.get(root) as page:
                form = await page.text()
            async with session.post(root, data={"code": code.lower()}) as r:
                return form, str(r.url), r.status

    form, landed, status = run(go())
    assert 'name="code"' in form and "<script" not in form
    assert (landed, status) == (table.join_url(1), 200)


def test_a_code_works_only_until_its_seat_has_joined(table):
    code = table.server.code_of(0)

    async def go():
        async with aiohttp.ClientSession() as session:
            phone = await open_phone(session, table.join_url(0))
            await phone.next()  # joined
            async with session.post(root_of(table.join_url(0)), data={"code": code}) as r:
                return str(r.url), await r.text()

    landed, text = run(go())
    assert landed == root_of(table.join_url(0)) and "Tries left: 4" in text
    assert table.server.code_of(0) is None


def test_a_device_is_locked_after_a_few_wrong_codes():
    doors = Doors((0, 1))
    good = doors.code_of(0)
    assert good is not None
    wrong = next(c for c in ("AAAA", "CCCC", "DDDD") if c not in (good, doors.code_of(1)))
    for _ in range(MAX_CODE_TRIES):
        assert doors.exchange("10.0.0.9", wrong) is None
    assert doors.locked("10.0.0.9")
    assert doors.exchange("10.0.0.9", good) is None  # even the right code now
    assert doors.exchange("10.0.0.8", good) == 0  # another device is not locked


def test_after_play_again_an_old_link_leads_to_the_same_seats_new_link():
    _m1, first = phone_match()
    first.start()
    old_url = first.join_url(1)
    forward = first.server.handover()
    port = first.server.port
    first.stop()
    m2, _t = phone_match()
    second = PhoneTable(
        m2, [0, 1], listen=Listen("127.0.0.1", port), files=fake_files(), forward=forward
    )
    second.start()
    try:
        assert second.server.port == port  # the same port: the pages follow by themselves
        assert second.join_url(1) != old_url  # a new token per match

        async def go():
            async with aiohttp.ClientSession() as session:
                async with session.get(old_url) as r:
                    landed = str(r.url)
                phone = await open_phone(session, landed)
                await phone.next()
                async with session.get(old_url, allow_redirects=False) as again:
                    return landed, again.status

        landed, status_after_join = run(go())
        assert landed == second.join_url(1)
        assert status_after_join == 403  # once the seat joined, the old link leads nowhere
    finally:
        second.stop()


def test_handover_tells_each_connected_phone_the_table_moves():
    _m, first = phone_match()
    first.start()

    async def go():
        async with aiohttp.ClientSession() as session:
            phone = await open_phone(session, first.join_url(0))
            for _ in range(3):
                await phone.next()  # joined, strings, state
            first.server.handover()
            return await phone.next()

    try:
        assert run(go()) == {"type": "moved"}
    finally:
        first.stop()


def test_the_codes_are_distinct_per_seat():
    doors = Doors(tuple(range(10)))
    codes = [doors.code_of(s) for s in range(10)]
    assert len(set(codes)) == 10
    assert math.log2(len(CODE_ALPHABET) ** 4) > 16


def test_the_seats_name_comes_with_the_pages_words(table):
    async def go():
        async with aiohttp.ClientSession() as session:
            phone = await open_phone(session, table.join_url(1))
            await phone.next()
            return await phone.next()

    strings = run(go())
    assert strings["type"] == "strings" and strings["name"] == "Bo"
    assert "{name}" in strings["words"]["joined_wait"]
