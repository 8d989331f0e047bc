"""The phone page before the deal ("You're in", Tap to sit down) and the small page a
wrong link gets, at 320x568 in English and Swedish, in Debian's Chromium.

    .venv/bin/python tools/phone_join_screenshots.py [--out docs/screenshots]

Saves `phone-joined-320x568-LANG.png` and `phone-refused-320x568-LANG.png`. Not a test.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from tests.phones.browser import chromium
    from uno_desktop.lang.i18n import set_language
    from uno_desktop.phones.net import Listen
    from uno_desktop.phones.table import PhoneTable
    from uno_desktop.play.match import ManualClock, Match, SeatSpec
    from uno_desktop.rules.presets import load_preset

    out = Path(args.out)
    for lang in ("en", "sv"):
        set_language(lang)
        seats = [SeatSpec("Anna", "phone"), SeatSpec("Bo", "phone"), SeatSpec("Cy", "normal")]
        match = Match(load_preset("family"), seats, 3, clock=ManualClock())
        table = PhoneTable(match, [0, 1], listen=Listen("127.0.0.1", 0))
        table.start()  # no round yet: the phones wait for the deal
        try:
            with chromium() as browser:
                context = browser.new_context(
                    viewport={"width": 320, "height": 568},
                    locale="sv-SE" if lang == "sv" else "en-US",
                )
                page = context.new_page()
                page.goto(table.join_url(0))
                page.wait_for_selector("#cover-button:not([hidden])")
                page.screenshot(path=str(out / f"phone-joined-320x568-{lang}.png"))
                bad = table.join_url(0).rsplit("/t/", 1)[0] + "/t/" + "a" * 26 + "/"
                page.goto(bad)
                page.screenshot(path=str(out / f"phone-refused-320x568-{lang}.png"))
                root = bad.split("/t/", 1)[0] + "/"
                page.goto(root)
                page.screenshot(path=str(out / f"phone-code-320x568-{lang}.png"))
        finally:
            table.stop()
        print(out / f"phone-joined-320x568-{lang}.png")


if __name__ == "__main__":
    main()
