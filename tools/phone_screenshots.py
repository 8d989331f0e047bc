"""The phone page in set situations, saved as PNG files for people to look at.

    .venv/bin/python tools/phone_screenshots.py [--out docs/screenshots]

A four-seat match (two phones, two computers) is played by the computer players' own
choices up to a phone's second turn; Chromium (Debian's, under Playwright) shows that
phone's hand on the smallest phone (320x568, an iPhone SE) and a large Android one
(412x915), in English and Swedish: the hand with a hint, the colour picker of a wild
card, and the other phone waiting; a challenge's shown hand with its verdict; a round's
end (its result and Next round) and a match's end (the final standings). Files are named
`phone-NAME-WxH-LANG.png`, one image pixel a CSS pixel. Not a test: it serves on
127.0.0.1, draws and saves.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZES = ((320, 568), (412, 915))
LANGS = ("en", "sv")


def staged_match() -> Any:
    """A match at Ann's second turn, holding a wild card and cards that do not fit."""
    from uno_desktop.ai import make_bot
    from uno_desktop.engine.actions import Play
    from uno_desktop.play.match import ManualClock, Match, SeatSpec
    from uno_desktop.rules.presets import load_preset

    rules = load_preset("official")
    seats = [
        SeatSpec("Ann", "human"),
        SeatSpec("Bo", "human"),
        SeatSpec("Computer 1", "normal"),
        SeatSpec("Computer 2", "normal"),
    ]
    bot = make_bot("normal")
    for seed in range(1, 500):
        match = Match(rules, seats, seed, clock=ManualClock())
        match.start_round()
        rng = random.Random(seed)
        turns = 0
        while not match.round_over and match.actions_taken() < 60:
            obs = match.observation(None)
            seat = obs.current
            if seat == 0:
                turns += 1
                if turns == 2:
                    break
            legal = match.legal_actions(seat)
            choice = bot.choose(match.observation(seat), legal, rng)
            match.act(choice if choice in legal else legal[0])
        hand = match.observation(0).hand
        plays = [a for a in match.legal_actions(0) if type(a) is Play]
        if (
            turns == 2
            and any(c.is_wild for c in hand)
            and 6 <= len(hand) <= 9
            and len({a.card for a in plays}) < len(set(hand))
            and match.actions_taken() >= 5
        ):
            return match
    raise SystemExit("no seed gives the situation")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument(
        "--only", choices=("all", "round-end"), default="all", help="which pictures to take"
    )
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))

    from tests.phones.browser import chromium, open_hand
    from uno_desktop.lang.i18n import set_language
    from uno_desktop.phones.net import Listen
    from uno_desktop.phones.table import PhoneTable

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    set_language("en")
    with chromium() as browser:
        for name, target in (("round-end", 500), ("match-end", 1)):
            round_end_shots(browser, out, name, target)
        if args.only == "round-end":
            return
        challenge_shots(browser, out)
    match = staged_match()
    table = PhoneTable(match, [0, 1], listen=Listen("127.0.0.1", 0))
    table.start()
    try:
        with chromium() as browser:
            for lang in LANGS:
                set_language(lang)
                table.publish()
                for w, h in SIZES:
                    page = open_hand(browser, table.join_url(0), (w, h), scale=1)
                    page.locator(".hint-btn").click()
                    end = time.monotonic() + 20
                    while page.locator("#hint").is_hidden() and time.monotonic() < end:
                        table.pump()
                        time.sleep(0.05)
                    time.sleep(0.3)  # the card pictures settle
                    shoot(page, out / f"phone-hand-{w}x{h}-{lang}.png")
                    wild = page.locator(
                        "#hand button:not([disabled])",
                        has=page.locator("img[src$='/W.png'], img[src$='/W4.png']"),
                    )
                    wild.first.click()
                    page.wait_for_selector("#sheet:not([hidden])")
                    shoot(page, out / f"phone-colour-{w}x{h}-{lang}.png")
                    page.close()
                    page = open_hand(browser, table.join_url(1), (w, h), scale=1)
                    time.sleep(0.3)
                    shoot(page, out / f"phone-waiting-{w}x{h}-{lang}.png")
                    page.close()
    finally:
        table.stop()
        set_language("en")


def played_round(target_score: int) -> Any:
    """A four-seat match whose first round the computer players' choices played out."""
    from uno_desktop.ai import make_bot
    from uno_desktop.play.match import ManualClock, Match, SeatSpec
    from uno_desktop.rules.presets import load_preset

    rules = load_preset("official").replace(target_score=target_score)
    names = ("Ann", "Bo", "Computer 1", "Computer 2")
    kinds = ("human", "human", "normal", "normal")
    match = Match(rules, [SeatSpec(n, k) for n, k in zip(names, kinds)], 4, clock=ManualClock())
    match.start_round()
    bot, rng = make_bot("normal"), random.Random(4)
    while not match.round_over:
        seat = match.observation(None).current
        legal = match.legal_actions(seat)
        choice = bot.choose(match.observation(seat), legal, rng)
        match.act(choice if choice in legal else legal[0])
    return match


def round_end_shots(browser: Any, out: Path, name: str, target_score: int) -> None:
    """Ann's phone at the round end (Next round offered, as after the delay)."""
    from tests.phones.browser import open_hand
    from uno_desktop.lang.i18n import set_language
    from uno_desktop.phones.net import Listen
    from uno_desktop.phones.table import PhoneTable

    match = played_round(target_score)
    table = PhoneTable(match, [0, 1], listen=Listen("127.0.0.1", 0))
    table.offer_next_round(lambda: None)
    table.start()
    try:
        for lang in LANGS:
            set_language(lang)
            table.publish()
            for w, h in SIZES:
                page = open_hand(browser, table.join_url(0), (w, h), scale=1)
                page.wait_for_selector("#result:not([hidden])")
                time.sleep(0.3)  # the card pictures settle
                shoot(page, out / f"phone-{name}-{w}x{h}-{lang}.png")
                page.close()
    finally:
        table.stop()
        set_language("en")


def challenge_shots(browser: Any, out: Path) -> None:
    """Bo's phone after he challenged Ann's Wild Draw Four (a bluff): her hand and the
    verdict on the sheet."""
    from tests.phones.browser import open_hand
    from tests.ui.test_table import make_match
    from uno_desktop.engine import Card, Color, Play, RuleSet
    from uno_desktop.lang.i18n import set_language
    from uno_desktop.phones.net import Listen
    from uno_desktop.phones.table import PhoneTable
    from uno_desktop.play.match import ManualClock

    hands = [
        ["W4", "R5", "G7", "B3", "Y9", "G2", "R8"],
        ["R6", "G3", "Y4", "B1", "Y7", "G0", "B9"],
        ["Y2", "G8", "B4", "Y1", "R9", "G5", "Y6"],
    ]
    kinds = ["human", "human", "normal"]
    for lang in LANGS:
        set_language(lang)
        for w, h in SIZES:
            match = make_match(kinds, hands, "R1", clock=ManualClock(), rules=RuleSet())
            match.act(Play(0, Card.parse("W4"), Color.BLUE))
            table = PhoneTable(match, [0, 1], listen=Listen("127.0.0.1", 0))
            table.start()
            try:
                page = open_hand(browser, table.join_url(1), (w, h), scale=1)
                page.locator("#actions button.go").click()
                end = time.monotonic() + 20
                while page.locator("#sheet").is_hidden() and time.monotonic() < end:
                    table.wait(0.05)
                    table.pump()
                time.sleep(0.3)
                shoot(page, out / f"phone-challenge-{w}x{h}-{lang}.png")
                page.close()
            finally:
                table.stop()
    set_language("en")


def shoot(page: Any, path: Path) -> None:
    page.screenshot(path=str(path))
    print(path)


if __name__ == "__main__":
    main()
