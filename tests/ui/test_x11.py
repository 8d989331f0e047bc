"""The real program in a real X window (Xvfb): it starts, draws the table, shows what
changed (the window equals the surface, frame by frame) and takes input.

Every other UI test uses SDL's dummy video driver; these start `uno-desktop` (or a script
driving its app, `x11_shown_window.py`) as a child process on a private Xvfb display with
SDL_VIDEODRIVER removed, the way a family runs it.
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

from uno_desktop.store.settings import Settings
from uno_desktop.ui.areas import FRAMEBUFFER_HINT
from uno_desktop.ui.window_fit import first_window_size

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
    # no window manager: the window sits in the top left corner, as large as fits
    img = img.subsurface(pygame.Rect((0, 0), first_window_size(Settings(), SCREEN)))
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


@pytest.mark.parametrize("framebuffer", [None, "opengl"])
def test_a_table_shown_in_its_changed_areas_equals_whole_flips_in_a_real_x_window(
    display, tmp_path, framebuffer
):
    """Every frame of a ten-seat table with cards in flight, shown by rect updates, read
    back from the X server equals the surface a whole flip would show (the child says
    where it differs and keeps both pictures): in the framebuffer the game asks for on
    X11 (the X server's own) and in SDL's OpenGL texture, the one other systems get."""
    need("import")
    child = Path(__file__).with_name("x11_shown_window.py")
    env = child_env(display, tmp_path)
    env.pop(FRAMEBUFFER_HINT, None)
    if framebuffer is not None:
        env[FRAMEBUFFER_HINT] = framebuffer
    run = subprocess.run(
        [sys.executable, str(child), "300", str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    words = run.stdout.split()
    compared, parts = int(words[words.index("compared") + 1]), int(words[words.index("shown") - 1])
    assert compared >= 250
    assert parts >= 200  # most of them were shown in parts, not whole


# --- full screen under a real window manager ----------------------------------------------
BIG_SCREEN = (2560, 1440)


@pytest.fixture
def managed_display(request: pytest.FixtureRequest) -> Iterator[str]:
    """A 2560x1440 Xvfb display (or the size the test asks by `indirect` parameter) with
    Debian's openbox managing its windows (F11 goes through the window manager there,
    and it adds a title bar, as on a family's desktop)."""
    xvfb, openbox = need("Xvfb"), need("openbox")
    n = _free_display()
    size = getattr(request, "param", BIG_SCREEN)
    screen = f"{size[0]}x{size[1]}x24"
    server = subprocess.Popen(
        [xvfb, f":{n}", "-screen", "0", screen, "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    manager = None
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not Path(f"/tmp/.X11-unix/X{n}").exists():
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.skip("Xvfb did not start")
            time.sleep(0.05)
        manager = subprocess.Popen(
            [openbox],
            env={**os.environ, "DISPLAY": f":{n}"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)  # openbox takes the screen before the game's window maps
        yield f":{n}"
    finally:
        for proc in (manager, server):
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    proc.kill()


def geometry(display: str, window: str) -> tuple[int, int, int, int] | None:
    """The window's place and size, or None when it is gone by the time it is asked (the
    game may open its window again while it fits it to the screen)."""
    out = subprocess.run(
        [need("xdotool"), "getwindowgeometry", "--shell", window],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        timeout=10,
    )
    values = dict(line.split("=", 1) for line in out.stdout.split() if "=" in line)
    if out.returncode != 0 or not {"X", "Y", "WIDTH", "HEIGHT"} <= values.keys():
        return None
    return (int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"]))


def settled_geometry(display: str, pid: int, unlike: tuple[int, int, int, int] | None = None):
    """The game window's place and size once it stops changing (and differs from
    `unlike`, when given)."""
    deadline = time.monotonic() + START_TIMEOUT_S
    last = None
    while time.monotonic() < deadline:
        now = geometry(display, find_window(display, pid))
        if now is not None and now == last and now != unlike:
            return now
        last = now
        time.sleep(0.5)
    assert last is not None, "the game's window could not be measured"
    return last


def test_f11_fills_the_screen_and_gives_the_window_back_under_a_window_manager(
    managed_display, tmp_path
):
    proc = subprocess.Popen(
        [sys.executable, "-m", "uno_desktop"],
        env=child_env(managed_display, tmp_path),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        window = settled_geometry(managed_display, proc.pid)
        assert window is not None and window[2:] == first_window_size(Settings(), BIG_SCREEN)
        env = {**os.environ, "DISPLAY": managed_display}
        x, y = window[0] + 8, window[1] + 8  # a bare corner of the felt: the window has
        click = [need("xdotool"), "mousemove", str(x), str(y), "click", "1"]  # the keys
        subprocess.run(click, env=env, check=True, timeout=10)
        time.sleep(0.5)
        subprocess.run([need("xdotool"), "key", "F11"], env=env, check=True, timeout=10)
        full = settled_geometry(managed_display, proc.pid, unlike=window)
        assert full == (0, 0, *BIG_SCREEN)
        subprocess.run([need("xdotool"), "key", "F11"], env=env, check=True, timeout=10)
        assert settled_geometry(managed_display, proc.pid, unlike=full) == window
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.parametrize("managed_display", [(1024, 600), (1366, 768)], indirect=True)
def test_the_first_window_is_whole_on_a_small_screen_title_bar_included(managed_display, tmp_path):
    """On small laptops' screens the bottom of the window (Draw, the key hint) was off
    the screen (issue 33): the window and the title bar above it are on it whole."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "uno_desktop", "--preset", "family", "--players", "4"],
        env=child_env(managed_display, tmp_path),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        x, y, w, h = settled_geometry(managed_display, proc.pid)
        root = screenshot(managed_display, tmp_path / "screen.png").get_size()
        assert y > 10, "room for the title bar above the window"
        assert x >= 0 and x + w <= root[0] and y + h <= root[1]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
