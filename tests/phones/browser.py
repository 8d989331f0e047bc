"""Debian's Chromium driven by Playwright (no browser download), and a person's taps on
the phone page, chosen by reading only what the page shows (its buttons' names); the two
phones the page is tried on, and axe-core's accessibility check run in the page."""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TAP_TIMEOUT_MS = 1500

#: the smallest phone the page is made for, and a large Android one (Playwright's options)
IPHONE_SE: dict[str, Any] = {
    "viewport": {"width": 320, "height": 568},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
LARGE_ANDROID: dict[str, Any] = {
    "viewport": {"width": 412, "height": 915},
    "device_scale_factor": 2.625,
    "is_mobile": True,
    "has_touch": True,
}
#: axe-core, installed by `npm ci` in tests/phones (package.json pins its version)
AXE = Path(__file__).with_name("node_modules") / "axe-core" / "axe.min.js"


def need_chromium() -> None:
    """Skip loudly when Chromium is missing here; in CI (which installs it) fail."""
    if os.path.exists(CHROMIUM) or shutil.which("chromium"):
        return
    reason = f"{CHROMIUM} is missing: apt-get install -y chromium (the phone page is untested)"
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason, allow_module_level=True)


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium browser (Playwright's sync API)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def open_hand(browser: Any, url: str, size: tuple[int, int] = (390, 844), scale: int = 2) -> Any:
    """A phone-sized page (`scale` device pixels a CSS pixel) showing the hand at `url`,
    once its state has arrived."""
    viewport = {"width": size[0], "height": size[1]}
    page = browser.new_page(viewport=viewport, device_scale_factor=scale)
    page.goto(url)
    page.wait_for_selector("#cover", state="hidden")
    return page


def phone_page(browser: Any, device: dict[str, Any]) -> Any:
    """A blank page on an emulated phone (`IPHONE_SE`, `LARGE_ANDROID`), where axe-core
    may be added (the page's Content-Security-Policy allows only its own scripts)."""
    return browser.new_page(**device, bypass_csp=True)


def open_phone(browser: Any, url: str, device: dict[str, Any]) -> Any:
    """The hand at `url` on an emulated phone, once its state has arrived."""
    page = phone_page(browser, device)
    page.goto(url)
    page.wait_for_selector("#cover", state="hidden")
    return page


def need_axe() -> None:
    """Skip loudly when axe-core is not installed here; in CI (which installs it) fail."""
    if AXE.exists():
        return
    reason = f"{AXE} is missing: npm ci --prefix tests/phones (accessibility untested)"
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason, allow_module_level=True)


def axe_problems(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each
    (rule, impact, the first elements and axe's summary of what fails)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(
                n => n.target.join(' ') + ': ' + (n.failureSummary || '').split('\\n')[1]
            ).join('; '))"""
    )
    return list(found)


def snapshot(page: Any) -> dict[str, Any]:
    """What the page shows a person: the hand's names (and which may be played), the
    buttons, the top card, the players and the prompt."""
    return page.evaluate(
        """() => ({
            hand: [...document.querySelectorAll('#hand button')].map(
                b => [b.getAttribute('aria-label'), !b.disabled]),
            buttons: [...document.querySelectorAll('#actions button')].map(
                b => [b.textContent, !b.disabled]),
            top: document.getElementById('top-card').alt,
            players: document.getElementById('players').innerText,
            prompt: document.getElementById('prompt').textContent,
        })"""
    )


def _button(page: Any, word: str) -> Any:
    return page.locator("#actions button:not([disabled])", has_text=word)


def tap(page: Any, words: dict[str, Any], rng: random.Random) -> str | None:
    """One tap a person would make now, or None when there is nothing to do (not their
    turn). Returns what was tapped, for the test's record."""
    sheet = page.locator("#sheet:not([hidden])")
    if sheet.count():
        choices = page.locator("#sheet-body button:not([disabled])")
        if choices.count():
            pick = choices.nth(rng.randrange(choices.count()))
            label = pick.text_content()
            pick.click(timeout=TAP_TIMEOUT_MS)
            return f"chose {label}"
        page.locator("#sheet-close").click(timeout=TAP_TIMEOUT_MS)
        return "closed the shown hand"
    cards = page.locator("#hand button:not([disabled])")
    playable = cards.count()
    take = _button(page, words["take"].split("{")[0].strip())
    keep = _button(page, words["keep"])
    uno = _button(page, words["uno"])
    draw = _button(page, words["draw"])
    if uno.count() and page.locator("#hand button").count() == 1:
        uno.click(timeout=TAP_TIMEOUT_MS)
        return "said UNO"
    if playable:
        two_left = page.locator("#hand button").count() == 2
        if two_left and uno.count() and uno.get_attribute("aria-pressed") != "true":
            uno.click(timeout=TAP_TIMEOUT_MS)
        card = cards.nth(rng.randrange(playable))
        name = card.get_attribute("aria-label")
        card.click(timeout=TAP_TIMEOUT_MS)
        return f"played {name}"
    for button, what in ((take, "took"), (keep, "kept"), (draw, "drew")):
        if button.count():
            button.click(timeout=TAP_TIMEOUT_MS)
            return what
    return None


def tap_each(pages: list[Any], words: dict[str, Any], rng: random.Random) -> list[str]:
    """One tap on each page that has something to do, as "i: what"; a page that changed
    under its tap (a timeout) is looked at again next time."""
    done: list[str] = []
    for i, page in enumerate(pages):
        try:
            what = tap(page, words, rng)
        except Exception as e:
            if "Timeout" not in type(e).__name__:
                raise
            what = None
        if what is not None:
            done.append(f"{i}: {what}")
    return done
