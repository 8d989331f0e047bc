"""The real program in a real X window (Xvfb): it starts, draws the table and takes input.

Every other UI test uses SDL's dummy video driver; these start `uno-desktop` as a child
process on a private Xvfb display with SDL_VIDEODRIVER removed, the way a family runs it.
They skip when Xvfb (or, for the window checks, xdotool / ImageMagick's `import`) is
missing. Each child runs with its own temporary XDG folders and is ended by its pid.
All of them wait for the real game in real time: they are in the slow set (`-m slow`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

pytestmark = [pytest.mark.x11, pytest.mark.slow]

SCREEN = (1280, 720)
START_TIMEOUT_S = 10.0


def _free_display() -> int:
    for n in range(90, 200):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """A private Xvfb display for this module's tests."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("Xvfb is not installed")
    n = _free_display()
    proc = subprocess.Popen(
        [xvfb, f":{n}", "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not Path(f"/tmp/.X11-unix/X{n}").exists():
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.skip("Xvfb did not start")
            time.sleep(0.05)
        yield f":{n}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()


def child_env(display: str, tmp_path: Path) -> dict[str, str]:
    """The environment a player has: a real display, no SDL video override."""
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)
    env["DISPLAY"] = display
    env["SDL_AUDIODRIVER"] = "dummy"
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        folder = tmp_path / name.lower()
        folder.mkdir(exist_ok=True)
        env[name] = str(folder)
    return env


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is not installed")
    return path


def screenshot(display: str, path: Path) -> pygame.Surface:
    subprocess.run(
        [need("import"), "-display", display, "-window", "root", str(path)],
        check=True,
        timeout=20,
        capture_output=True,
    )
    return pygame.image.load(str(path))


def brightness(img: pygame.Surface) -> int:
    return max(pygame.transform.average_color(img)[:3])


def find_window(display: str, pid: int) -> str:
    xdotool = need("xdotool")
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        out = subprocess.run(
            [xdotool, "search", "--pid", str(pid)],
            env={**os.environ, "DISPLAY": display},
            capture_output=True,
            text=True,
            timeout=10,
        )
        ids = out.stdout.split()
        if ids:
            return ids[0]
        time.sleep(0.2)
    raise AssertionError("no window appeared for the game")


def test_smoke_round_in_a_real_window_exits_zero(display, tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "uno_desktop", "--smoke", "--players", "2", "--seed", "6"],
        env=child_env(display, tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "smoke: round over" in run.stdout


@pytest.fixture
def game(display, tmp_path) -> Iterator[subprocess.Popen[bytes]]:
    """The game at a four-seat table, one human; ended by its pid after the test."""
    args = ["--preset", "official", "--players", "4", "--seed", "5"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "uno_desktop", *args],
        env=child_env(display, tmp_path),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_the_window_appears_and_shows_the_table(display, game, tmp_path):
    find_window(display, game.pid)
    time.sleep(4.0)  # the deal
    assert game.poll() is None
    img = screenshot(display, tmp_path / "table.png")
    assert img.get_size() == SCREEN
    assert brightness(img) > 40  # not a black window
    # the green felt fills most of the window
    r, g, b, *_ = pygame.transform.average_color(img)
    assert g > r and g > b


def test_escape_in_the_real_window_opens_the_pause_menu(display, game, tmp_path):
    window = find_window(display, game.pid)
    time.sleep(4.0)
    before = screenshot(display, tmp_path / "before.png")
    env = {**os.environ, "DISPLAY": display}
    xdotool = need("xdotool")
    subprocess.run([xdotool, "mousemove", "640", "360"], env=env, check=True, timeout=10)
    # The window found first may be gone by now (SDL can replace it while it sets the
    # video mode: BadWindow once on CI); find it again and retry until a key lands.
    deadline = time.monotonic() + 10.0
    while True:
        sent = subprocess.run(
            [xdotool, "key", "--window", window, "Escape"], env=env, timeout=10, check=False
        )
        if sent.returncode == 0 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
        window = find_window(display, game.pid)
    assert sent.returncode == 0, "xdotool could not send Escape to the game's window"
    # the pause menu dims the table (a loaded machine may take a few frames to show it)
    deadline = time.monotonic() + 10.0
    while True:
        time.sleep(0.5)
        after = screenshot(display, tmp_path / "after.png")
        if brightness(after) < brightness(before) or time.monotonic() > deadline:
            break
    assert game.poll() is None
    assert brightness(after) > 15
    assert brightness(after) < brightness(before)
