"""Child process for test_server_guard.py (not a test module itself): a phone server on
127.0.0.1 in a process with few files to spare, as a desktop has them.

    server_child.py SOFT_LIMIT FOLDER

Lowers its open-file limit to SOFT_LIMIT, serves one seat, prints the seat's link, then
answers lines on stdin: "save" writes a document into FOLDER the way the game saves
(printing "saved" or "failed: why"), "tally" prints the server's tally as JSON.
"""

from __future__ import annotations

import dataclasses
import json
import resource
import sys
from pathlib import Path

from uno_desktop.phones.net import Listen
from uno_desktop.phones.server import PhoneServer
from uno_desktop.store.documents import atomic_write_bytes


def main() -> None:
    soft, folder = int(sys.argv[1]), Path(sys.argv[2])
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    server = PhoneServer([0], {"index.html": b"<p>hand</p>"}, listen=Listen("127.0.0.1", 0))
    server.start()
    print(server.join_url(0), flush=True)
    for line in sys.stdin:
        if line.strip() == "save":
            try:
                atomic_write_bytes(folder / "match.json", b'{"saved": true}')
            except OSError as e:
                print(f"failed: {e.strerror}", flush=True)
            else:
                print("saved", flush=True)
        elif line.strip() == "tally":
            print(json.dumps(dataclasses.asdict(server.tally())), flush=True)
    server.stop()


if __name__ == "__main__":
    main()
