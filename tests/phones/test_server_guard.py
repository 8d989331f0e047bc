"""A neighbour's device on the home network cannot stop the table: half-open connections
time out, connections are capped, a phone's memory is bounded, malformed requests are
counted and never printed, a wrong Host or an unmasked frame is refused. Every flood
here is bounded in count and time, and on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from uno_desktop.phones.guard import (
    ACCEPT_PAUSE_S,
    HEAD_TIMEOUT_S,
    MAX_PER_ADDRESS,
    SWEEP_S,
    Door,
    Limits,
    Tally,
    quiet_loop_errors,
)
from uno_desktop.phones.net import host_headers
from uno_desktop.phones.server import MAX_QUEUED, PhoneServer

from .helpers import LOCAL, fake_files, open_phone, phone_match, serve
from .rawws import RawSocket, frame
from .test_server import HANDS, raw_get, run

CHILD = Path(__file__).with_name("server_child.py")
#: how late after its deadline the door may close a connection (its sweep, a busy machine)
SLACK_S = SWEEP_S + 1.5


@pytest.fixture
def table():
    _match, table = phone_match(HANDS, start="R1")
    table.start()
    yield table
    table.stop()


def token_path(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def hung_up(sock: socket.socket, timeout_s: float) -> bool:
    """Whether the server closed `sock` (EOF or reset) within `timeout_s`."""
    sock.settimeout(timeout_s)
    try:
        return sock.recv(4096) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


# ---------------------------------------------------------------------- descriptors


def test_a_request_that_never_ends_its_head_is_closed_within_the_head_timeout(table):
    port = table.server.port
    silent = socket.create_connection(("127.0.0.1", port))
    partial = socket.create_connection(("127.0.0.1", port))
    partial.sendall(b"GET " + token_path(table.join_url(0)).encode() + b" HTTP/1.1\r\nHost: x")
    dribbling = socket.create_connection(("127.0.0.1", port))
    dribbling.sendall(b"GET / HTTP/1.1\r\n")
    started = time.monotonic()
    cut_off = False
    while not cut_off and time.monotonic() - started < HEAD_TIMEOUT_S + SLACK_S:
        try:
            dribbling.sendall(b"X-A: b\r\n")  # a header line every 0.3 s, never the blank line
        except OSError:
            cut_off = True
        time.sleep(0.3)
    assert cut_off or hung_up(dribbling, 0.5)
    assert hung_up(silent, 0.5) and hung_up(partial, 0.5)
    assert time.monotonic() - started < HEAD_TIMEOUT_S + SLACK_S + 1.0
    assert table.server.tally().timed_out == 3
    for sock in (silent, partial, dribbling):
        sock.close()


@pytest.mark.parametrize(
    ("limits", "held"),
    [(Limits(), MAX_PER_ADDRESS), (Limits(connections=6, per_address=100), 6)],
    ids=["per address", "in all"],
)
def test_connections_over_a_cap_are_closed_at_once(limits, held):
    server = PhoneServer([0], fake_files(), listen=LOCAL, limits=limits)
    server.start()
    try:
        socks = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(held + 8)]
        over = [s for s in socks if hung_up(s, 0.3)]
        assert len(over) == 8
        assert server.tally().refused == 8
        for sock in socks:
            sock.close()
    finally:
        server.stop()


def test_hundreds_of_half_open_connections_leave_the_game_its_files_and_phones(tmp_path):
    """The game's process has 100 files to spare; a device opens 400 connections and
    sends nothing. The server holds no more than one address may, the game still saves
    while they are open, nothing reaches stderr, and a phone gets its page after."""
    child = subprocess.Popen(
        [sys.executable, str(CHILD), "100", str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    socks: list[socket.socket] = []

    def ask(line: str) -> str:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(line + "\n")
        child.stdin.flush()
        return child.stdout.readline().strip()

    try:
        assert child.stdout is not None
        url = child.stdout.readline().strip()
        port = int(url.split("/")[2].rsplit(":", 1)[1])
        for _ in range(400):
            socks.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        time.sleep(0.5)  # let the server accept what it will
        assert ask("save") == "saved"
        during = json.loads(ask("tally"))
        for sock in socks:
            sock.close()
        time.sleep(HEAD_TIMEOUT_S + SLACK_S)  # any still waiting to be accepted time out
        assert raw_get(port, token_path(url))[0] == 200
    finally:
        for sock in socks:
            sock.close()
        _out, err = child.communicate(timeout=10)
    assert during["most_open"] == MAX_PER_ADDRESS
    assert during["refused"] >= 400 - 4 * MAX_PER_ADDRESS  # the rest still queued to be accepted
    assert json.loads((tmp_path / "match.json").read_text()) == {"saved": True}
    assert err == ""


# ---------------------------------------------------------------------- memory


def test_a_phone_that_sends_binary_and_never_reads_is_closed_and_another_plays_on(table):
    url = table.join_url(1)
    flooder = RawSocket(url, rcvbuf=4096)
    sent = 0
    while sent < 5000 and flooder.send(frame(0x2, b"\x00" * 100)):
        sent += 1
    assert flooder.close_code() in (1003, 1008)  # binary refused, or a flood of frames
    flooder.close()

    async def go():
        async with aiohttp.ClientSession() as session:
            ann = await open_phone(session, table.join_url(0))
            await ann.until("state")
            await ann.act(do="play", card="R5")
            await serve(table)
            return await ann.until("state")

    assert run(go())["top"]["code"] == "R5"
    assert table.server.tally().largest_queue <= MAX_QUEUED


def test_one_binary_message_closes_the_websocket_with_1003(table):
    phone = RawSocket(table.join_url(1))
    phone.send(frame(0x2, b"\x01\x02"))
    assert phone.close_code() == 1003
    phone.close()


def test_a_flood_of_pings_is_closed_with_1008(table):
    phone = RawSocket(table.join_url(1))
    phone.send(b"".join(frame(0x9, b"p") for _ in range(1000)))
    assert phone.close_code() == 1008
    assert table.server.tally().flooded == 1
    phone.close()


def test_a_phone_that_never_reads_its_states_is_dropped_and_its_queue_stays_bounded(table):
    phone = RawSocket(table.join_url(1), rcvbuf=4096)
    big = {"type": "state", "pad": "x" * 50_000}
    for _ in range(300):  # 15 MB, more than the sockets' buffers hold
        table.server.publish(1, big)
    deadline = time.monotonic() + 5
    while table.server.tally().too_slow == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert table.server.tally().too_slow == 1
    assert table.server.tally().largest_queue <= MAX_QUEUED
    assert 1 not in table.server.connected()
    phone.close()


# ---------------------------------------------------------------------- no token in output


def test_malformed_requests_are_counted_and_the_token_reaches_no_output(table, capfd, caplog):
    caplog.set_level(logging.DEBUG)
    path = token_path(table.join_url(0))
    token = path.split("/")[2]
    port = table.server.port
    host = f"127.0.0.1:{port}".encode()
    requests = [
        b"GET " + path.encode() + b"\xff HTTP/1.1\r\nHost: " + host + b"\r\n\r\n",
        b"GET " + path.encode() + b"a" * 9000 + b" HTTP/1.1\r\nHost: " + host + b"\r\n\r\n",
        b"GET " + path.encode() + b" HTTP/1.1\r\nHost: " + host + b"\r\nX-\xff: 1\r\n\r\n",
        b"G\x01T " + path.encode() + b" HTTP/1.1\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01" + path.encode() + b"\r\n\r\n",
    ]
    for request in requests:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(request)
            while sock.recv(65536):
                pass
    time.sleep(0.2)
    out, err = capfd.readouterr()
    assert token not in out + err + caplog.text
    assert "Traceback" not in err + caplog.text
    assert table.server.tally().malformed == len(requests)


def test_a_full_file_table_is_logged_once_and_counted_every_time(caplog):
    """asyncio reports "socket.accept() out of system resource" each time it retries
    accepting with no file to spare; the server's loop logs it once, counts them all."""
    tally = Tally()
    handler = quiet_loop_errors(tally, logging.getLogger("test"))
    loop = asyncio.new_event_loop()
    try:
        for _ in range(1000):
            handler(
                loop,
                {
                    "message": "socket.accept() out of system resource",
                    "exception": OSError(24, "Too many open files"),
                },
            )
    finally:
        loop.close()
    assert tally.loop_errors == 1000
    assert [r.getMessage() for r in caplog.records] == [
        "the phone server: socket.accept() out of system resource (OSError); "
        "more are counted, not shown"
    ]


class NoFileToSpare:
    """A listening socket whose every accept finds the process out of files (EMFILE);
    readable, as Linux keeps such a socket."""

    def __init__(self) -> None:
        self.ends = socket.socketpair()
        self.ends[1].send(b"x")
        self.accepts = 0

    def fileno(self) -> int:
        return self.ends[0].fileno()

    def accept(self) -> tuple[socket.socket, object]:
        self.accepts += 1
        raise OSError(errno.EMFILE, "Too many open files")


def test_a_door_with_no_file_to_spare_reports_it_to_the_loop_and_rests_before_trying_again():
    tally = Tally()
    sock = NoFileToSpare()

    async def accept_for(seconds: float) -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(quiet_loop_errors(tally, logging.getLogger("test")))
        door = Door(lambda: asyncio.Protocol(), Limits(), tally)
        door.start(sock)  # type: ignore[arg-type]
        await asyncio.sleep(seconds)
        door.stop()

    try:
        asyncio.run(accept_for(ACCEPT_PAUSE_S / 2))
        assert (sock.accepts, tally.loop_errors) == (1, 1)  # no spinning while it rests
        asyncio.run(accept_for(ACCEPT_PAUSE_S * 1.5))
        assert sock.accepts == 3  # once at once, once more after the rest
    finally:
        for end in sock.ends:
            end.close()


# ---------------------------------------------------------------------- defence in depth


@pytest.mark.parametrize("host", ["evil.example:{port}", "127.0.0.1:1", "127.0.0.1", "x"])
def test_a_request_for_another_host_gets_the_empty_403_even_with_the_token(table, host):
    port = table.server.port
    path = token_path(table.join_url(0))
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: {host.format(port=port)}\r\n"
            "Connection: close\r\n\r\n".encode()
        )
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    assert (head.split()[1], body) == (b"403", b"")


def test_the_hosts_a_listener_answers_to():
    assert host_headers("0.0.0.0", "192.168.1.20", 8765) == {"192.168.1.20:8765"}
    assert host_headers("192.168.1.20", "192.168.1.20", 80) == {"192.168.1.20:80", "192.168.1.20"}
    assert host_headers("127.0.0.1", "127.0.0.1", 9) == {"127.0.0.1:9", "localhost:9", "[::1]:9"}


def test_localhost_names_a_loopback_server(table):
    port = table.server.port
    path = token_path(table.join_url(0))
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n".encode())
        assert sock.recv(65536).split()[1] == b"200"


def test_an_unmasked_frame_is_answered_1002_and_never_reaches_the_game(table):
    phone = RawSocket(table.join_url(1))
    assert phone.status == 101
    phone.send(frame(0x1, b'{"type": "act", "do": "uno"}', masked=False))
    assert phone.close_code() == 1002
    phone.close()
    time.sleep(0.1)
    assert table.server.drain() == []
    assert table.server.tally().unmasked == 1


def test_frames_sent_before_the_handshakes_answer_get_no_websocket(table):
    phone = RawSocket(
        table.join_url(1), early=frame(0x1, b'{"type": "act", "do": "uno"}', masked=False)
    )
    assert phone.status == 400
    phone.close()
    assert table.server.drain() == []


def test_the_game_thread_still_gets_taps_after_the_door_turned_devices_away(table):
    """The door's refusals never touch a phone that came through it properly."""
    for _ in range(3):
        RawSocket(table.join_url(1)).send(frame(0x1, b"x", masked=False))

    async def go():
        async with aiohttp.ClientSession() as session:
            bo = await open_phone(session, table.join_url(1))
            await bo.until("state")
            await bo.act(do="uno")
            await asyncio.to_thread(table.server.wait, 3.0)
            return table.server.drain()

    assert [seat for seat, _request in run(go())] == [1]
