"""`uno-desktop --phones K [--listen HOST:PORT]`: a table whose first K seats play from
phones; once it listens, one line per phone seat on standard output, `join seat S: URL`
(seats numbered from 1, as the table names them). Wrong values get one clear line and
exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from uno_desktop.cli import main

ROOT = Path(__file__).resolve().parents[1]
GAME_ARGS = ("--phones", "2", "--players", "3", "--listen", "127.0.0.1:0", "--seed", "4")
START_S = 120.0
"""How long the game may take to print its links on a busy machine (then it fails)."""


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--phones", "4", "--players", "3"], "--phones 4: more phone seats than players (3)"),
        (["--phones", "5"], "--phones 5: more phone seats than players (4)"),
        (["--phones", "1", "--listen", "nowhere"], "--listen: expected HOST:PORT, got 'nowhere'"),
        (["--phones", "1", "--listen", "localhost:80"], "'localhost' is not an IP address"),
        (["--phones", "1", "--listen", "127.0.0.1:99999"], "the port must be a number"),
        (["--listen", "127.0.0.1:0"], "--listen: only with --phones"),
        (["--phones", "1", "--smoke"], "--phones: not with --smoke"),
    ],
)
def test_wrong_phone_options_get_one_clear_line_and_exit_code_2(argv, said, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


@pytest.mark.parametrize("value", ["0", "11", "two"])
def test_the_number_of_phones_is_a_whole_number_from_1_to_10(value, capsys):
    with pytest.raises(SystemExit) as leaving:
        main(["--phones", value])
    assert leaving.value.code == 2
    assert "--phones" in capsys.readouterr().err


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            body = response.read()
            assert b"<html" in body.lower()
            return int(response.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


@pytest.mark.slow
def test_the_game_prints_a_join_line_per_phone_seat_and_serves_each_seats_page(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    game = subprocess.Popen(
        [sys.executable, "-m", "uno_desktop", *GAME_ARGS],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    timer = threading.Timer(START_S, game.kill)  # a game that never prints is ended
    timer.start()
    try:
        assert game.stdout is not None
        lines = [game.stdout.readline().strip() for _seat in range(2)]
        assert [line.split(": ", 1)[0] for line in lines] == ["join seat 1", "join seat 2"]
        urls = [line.split(": ", 1)[1] for line in lines]
        assert all(u.startswith("http://127.0.0.1:") and "/t/" in u for u in urls)
        assert urls[0] != urls[1]
        assert [_status(u) for u in urls] == [200, 200]
        wrong = urls[0].rsplit("/t/", 1)[0] + "/t/" + "A" * 24 + "/"
        assert _status(wrong) == 403
        assert game.poll() is None, "the game is still running"
    finally:
        timer.cancel()
        game.kill()
        game.communicate(timeout=30)
