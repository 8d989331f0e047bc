"""Packaging check of the phone server: start the installed game (the wheel's
`uno-desktop` or the PyInstaller bundle) with one phone seat on 127.0.0.1, read its
`join seat 1: URL` line, fetch the phone page (it must be the page, with its script and
a card picture) and a wrong token's (403), then end the game.

    python packaging/phone_check.py PROGRAM [--timeout-s 120]

Standard library only: it runs beside a bare installed game. Exit 0 when all holds.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
import urllib.error
import urllib.request

ARGS = ["--phones", "1", "--players", "2", "--listen", "127.0.0.1:0", "--replace"]


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return int(response.status), response.read()
    except urllib.error.HTTPError as e:
        return int(e.code), b""


def check(program: str, timeout_s: float) -> str | None:
    """What is wrong (None: nothing)."""
    game = subprocess.Popen(
        [program, *ARGS], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    timer = threading.Timer(timeout_s, game.kill)
    timer.start()
    try:
        assert game.stdout is not None
        line = game.stdout.readline().strip()
        print(f"  {line.split('/t/')[0]}/t/…" if line else "  (no line)")
        if not line.startswith("join seat 1: http://127.0.0.1:"):
            return f"no join line within {timeout_s:.0f} s (got {line[:60]!r})"
        url = line.split(": ", 1)[1]
        status, page = fetch(url)
        if status != 200 or b'src="phone.js"' not in page:
            return f"the phone page: HTTP {status}, {len(page)} bytes"
        for name in ("phone.js", "phone.css", "cards/R5.png", "cards/back.png"):
            status, body = fetch(url + name)
            if status != 200 or not body:
                return f"{name}: HTTP {status}, {len(body)} bytes"
        wrong = url.rsplit("/t/", 1)[0] + "/t/" + "A" * 24 + "/"
        status, _body = fetch(wrong)
        if status != 403:
            return f"a wrong token got HTTP {status}, not 403"
        if game.poll() is not None:
            return f"the game ended by itself (exit {game.returncode})"
        print("  page 200, its files 200, a wrong token 403")
        return None
    finally:
        timer.cancel()
        game.kill()
        _out, err = game.communicate(timeout=30)
        if err.strip():
            print("  stderr: " + err.strip()[-800:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program")
    parser.add_argument("--timeout-s", type=float, default=120.0)
    args = parser.parse_args()
    problem = check(args.program, args.timeout_s)
    if problem is not None:
        print(f"phone check: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
