"""The real game window with two phone seats, played from two phone pages in a real
browser: `uno-desktop --phones 2 --players 3` under SDL's dummy drivers prints the two
join links; Chromium opens both (the round starts by itself once both joined) and the
two people tap their way through several turns against the computer. With one card
dealt each, a round ends within a few taps: a phone then taps Next round and the next
round's hand appears on both phones."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.phones.wire import page_strings

from .browser import chromium, need_chromium, open_hand, tap_each

pytestmark = pytest.mark.browser
need_chromium()

ROOT = Path(__file__).resolve().parents[2]
ARGS = ("--phones", "2", "--players", "3", "--listen", "127.0.0.1:0", "--seed", "3")
START_S = 120.0
PLAY_S = 180.0
TAPS = 12


@contextmanager
def running_game(cwd: Path, *extra: str) -> Iterator[tuple[subprocess.Popen[str], list[str]]]:
    """`uno-desktop ARGS` under SDL's dummy drivers and its two join links; killed at the
    end (and by a timer, whatever happens), and its standard error free of tracebacks."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    game = subprocess.Popen(
        [sys.executable, "-m", "uno_desktop", *extra, *ARGS],
        cwd=cwd,
        env={**env, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    timer = threading.Timer(START_S + PLAY_S, game.kill)  # never left running
    timer.start()
    try:
        assert game.stdout is not None
        yield game, [game.stdout.readline().split(": ", 1)[1].strip() for _seat in range(2)]
    finally:
        timer.cancel()
        game.kill()
        _out, err = game.communicate(timeout=30)
    assert "Traceback" not in err, err[-2000:]


def test_two_phones_join_the_real_window_and_play_by_taps(tmp_path):
    set_language("en")
    words = page_strings()["words"]
    with running_game(tmp_path) as (game, urls):
        rng = random.Random(2)
        taps: list[str] = []
        with chromium() as browser:
            first = browser.new_page(viewport={"width": 390, "height": 844})
            first.goto(urls[0])
            # the cover stays up while the big screen waits for the second phone
            time.sleep(1.0)
            assert first.locator("#cover").is_visible()
            pages = [open_hand(browser, urls[1])]
            first.wait_for_selector("#cover", state="hidden", timeout=20_000)
            pages.insert(0, first)
            end = time.monotonic() + PLAY_S
            while len(taps) < TAPS:
                assert time.monotonic() < end, f"too few taps: {taps}"
                assert game.poll() is None, game.stderr.read() if game.stderr else ""
                done = tap_each(pages, words, rng)
                taps += done
                if not done:
                    time.sleep(0.1)
        assert any(t.startswith("0:") for t in taps) and any(t.startswith("1:") for t in taps)
        assert any("played" in t or "drew" in t for t in taps)


def test_after_a_round_in_the_real_window_a_phone_taps_next_round_and_the_next_hand_appears(
    tmp_path,
):
    set_language("en")
    words = page_strings()["words"]
    preset = tmp_path / "one-card.yaml"
    preset.write_text("extends: family\nhand_size: 1\n", encoding="utf-8")
    with running_game(tmp_path, "--preset", str(preset)) as (game, urls):
        rng = random.Random(2)
        with chromium() as browser:
            first = browser.new_page(viewport={"width": 390, "height": 844})
            first.goto(urls[0])  # its cover stays up until the second phone joins
            pages = [first, open_hand(browser, urls[1])]
            first.wait_for_selector("#cover", state="hidden", timeout=20_000)
            end = time.monotonic() + PLAY_S
            while not pages[0].locator("#result").is_visible():
                assert time.monotonic() < end, "the one-card round never ended"
                assert game.poll() is None, game.stderr.read() if game.stderr else ""
                tap_each(pages, words, rng)
                time.sleep(0.1)
            title = pages[0].locator("#result-title").inner_text()
            assert "round 1" in title
            # enabled once the big screen has shown the scores a moment
            pages[1].get_by_role("button", name=words["next"]).click(timeout=20_000)
            for page in pages:
                page.wait_for_selector("#result", state="hidden", timeout=20_000)
                assert page.locator("#hand button").count() >= 1
