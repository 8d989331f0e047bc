"""The big screen with phone seats, as people see it: the real window under Xvfb, the real
phone page in Debian's Chromium joining from 127.0.0.1.

    .venv/bin/python tools/bigscreen_screenshots.py [--out docs/screenshots] [--display 50]

For 1024x600 and 1280x720, in English and Swedish, it starts `uno-desktop --phones 2
--players 3` in a fresh user folder, saves the join panel once the first phone joined
(`bigscreen-join-WxH-LANG.png`), lets the second phone join (the round starts by itself)
and saves the table with its connected marks (`bigscreen-table-WxH-LANG.png`), then
with the second phone gone (`bigscreen-away-WxH-LANG.png`). Needs
Xvfb, ImageMagick's `import` and /usr/bin/chromium. Not a test: it draws and saves.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = ((1024, 600), (1280, 720))
LANGS = ("en", "sv")
GAME = ROOT / ".venv" / "bin" / "uno-desktop"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--display", type=int, default=50, help="an X display number nobody uses")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        display = f":{args.display}"
        xvfb = subprocess.Popen(
            ["Xvfb", display, "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(1.0)
            for lang in LANGS:
                shoot(out, size, lang, display)
        finally:
            xvfb.terminate()
            xvfb.wait(10)


def _settings(home: Path, size: tuple[int, int], lang: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DISPLAY="",
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_STATE_HOME=str(home / "state"),
        XDG_CACHE_HOME=str(home / "cache"),
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    code = (
        "from uno_desktop.store.storage import Storage, Settings\n"
        f"Storage().save_settings(Settings(window_size={size!r}, language={lang!r}, "
        "tutorial_offered=True))\n"
    )
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=ROOT)
    return env


def shoot(out: Path, size: tuple[int, int], lang: str, display: str) -> None:
    from tests.phones.browser import chromium

    with tempfile.TemporaryDirectory(prefix="uno-phone-shots-") as tmp:
        env = _settings(Path(tmp), size, lang)
        env["DISPLAY"] = display
        env.pop("SDL_VIDEODRIVER", None)
        game = subprocess.Popen(
            [str(GAME), *("--phones", "2", "--players", "3"), *("--listen", "127.0.0.1:0")],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert game.stdout is not None
            urls = [game.stdout.readline().split(": ", 1)[1].strip() for _seat in range(2)]
            with chromium() as browser:
                first = browser.new_page(viewport={"width": 390, "height": 844})
                first.goto(urls[0])
                time.sleep(2.0)
                grab(out / f"bigscreen-join-{size[0]}x{size[1]}-{lang}.png", display)
                second = browser.new_page(viewport={"width": 390, "height": 844})
                second.goto(urls[1])
                for page in (first, second):
                    page.wait_for_selector("#cover", state="hidden", timeout=15000)
                time.sleep(4.0)  # the deal's animation
                grab(out / f"bigscreen-table-{size[0]}x{size[1]}-{lang}.png", display)
                second.close()  # a phone's screen locks: its seat shows the phone away
                time.sleep(2.0)
                grab(out / f"bigscreen-away-{size[0]}x{size[1]}-{lang}.png", display)
        finally:
            game.terminate()
            game.wait(10)


def grab(path: Path, display: str) -> None:
    subprocess.run(["import", "-display", display, "-window", "root", str(path)], check=True)
    print(path)


if __name__ == "__main__":
    main()
