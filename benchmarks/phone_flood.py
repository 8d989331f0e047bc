"""A hostile device on loopback against the phone server: what it can hold, and for how long.

    .venv/bin/python benchmarks/phone_flood.py [--connections 400] [--frames 5000] [--states 300]

Half-open: opens --connections sockets that send nothing; prints how many the server
held at once, how many it closed unread, and how long the held ones lived. Binary flood:
a phone that never reads sends up to --frames binary frames; prints how many got through
and how long until the server closed it. Unread states: --states states of 50 KB
published to a phone that never reads; prints the longest queue the server kept and the
memory this process allocated meanwhile (tracemalloc's peak). 127.0.0.1 only, bounded in
count; nothing here is a test.
"""

from __future__ import annotations

import argparse
import socket
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def closed(sock: socket.socket, timeout_s: float) -> bool:
    sock.settimeout(timeout_s)
    try:
        return sock.recv(4096) == b""
    except ConnectionResetError:
        return True
    except (TimeoutError, BlockingIOError):
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=400)
    parser.add_argument("--frames", type=int, default=5000)
    parser.add_argument("--states", type=int, default=300)
    args = parser.parse_args()
    sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "phones")]
    from rawws import RawSocket, frame

    from uno_desktop.phones.net import Listen
    from uno_desktop.phones.server import PhoneServer

    server = PhoneServer([0, 1], {"index.html": b"<p>hand</p>"}, listen=Listen("127.0.0.1", 0))
    server.start()
    try:
        socks = [
            socket.create_connection(("127.0.0.1", server.port), timeout=10)
            for _ in range(args.connections)
        ]
        opened = time.monotonic()
        time.sleep(0.3)
        print(f"{'half_open_opened':40} {len(socks)}")
        print(f"{'half_open_held_at_once':40} {server.tally().most_open}")
        print(f"{'half_open_closed_unread':40} {server.tally().refused}")
        held = [s for s in socks if not closed(s, 0.01)]
        for sock in held:
            closed(sock, 15.0)
        print(f"{'half_open_lived_s':40} {time.monotonic() - opened:.2f}")
        for sock in socks:
            sock.close()

        flooder = RawSocket(server.join_url(1), rcvbuf=4096)
        started, sent = time.monotonic(), 0
        while sent < args.frames and flooder.send(frame(0x2, b"\x00" * 100)):
            sent += 1
        code = flooder.close_code(10.0)
        print(f"{'binary_frames_sent_before_closed':40} {sent}")
        print(f"{'binary_flood_closed_with':40} {code}")
        print(f"{'binary_flood_closed_after_s':40} {time.monotonic() - started:.2f}")
        flooder.close()

        reader = RawSocket(server.join_url(0), rcvbuf=4096)
        tracemalloc.start()
        big = {"type": "state", "pad": "x" * 50_000}
        for _ in range(args.states):
            server.publish(0, big)
        deadline = time.monotonic() + 10
        while server.tally().too_slow == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"{'unread_states_published':40} {args.states}")
        print(f"{'unread_largest_queue':40} {server.tally().largest_queue}")
        print(f"{'unread_phone_dropped':40} {server.tally().too_slow}")
        print(f"{'unread_peak_allocated_mb':40} {peak / 1e6:.1f}")
        reader.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
