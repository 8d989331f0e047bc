"""Run by `tests/ui/test_x11.py` in a real X window (not a test itself): a ten-seat table
of computers, cards in flight, each frame shown as the app shows it (only the areas it
changed, `ui/areas.py`); after every frame drawn the window's pixels are read back from
the X server (ImageMagick's `import`) and compared with the display surface, which is
what a whole flip would have shown.

    python tests/ui/x11_shown_window.py FRAMES OUT_DIR

Prints `compared N frames, P shown in parts` and exits 0; at the first frame whose window
differs from the surface it saves both pictures in OUT_DIR, says where and exits 1.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pygame

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"]
DT_S = 1 / 60


def differences(before: pygame.Surface, after: pygame.Surface) -> list[pygame.Rect]:
    """The bounding rects of the pixels that differ between two surfaces."""
    up, down = after.copy(), before.copy()
    up.blit(before, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    down.blit(after, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    up.blit(down, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(up, (0, 0, 0), (1, 1, 1, 255))
    same.invert()
    return same.get_bounding_rects()


def window_pixels(window: int, size: tuple[int, int]) -> bytes:
    """What the X server shows in `window`, as RGB bytes (read by ImageMagick's import)."""
    grab = ["import", "-window", str(window), "-depth", "8", "rgb:-"]
    out = subprocess.run(grab, check=True, capture_output=True, timeout=30).stdout
    if len(out) != size[0] * size[1] * 3:
        raise SystemExit(f"import gave {len(out)} bytes for a {size} window")
    return out


def main(argv: list[str]) -> int:
    frames, out = int(argv[1]), Path(argv[2])
    from uno_desktop.play.match import ManualClock
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.app import App
    from uno_desktop.ui.services import build_services

    services = build_services(use_storage=False)
    services.clock = clock = ManualClock()
    services.apply_settings(dataclasses.replace(services.settings, think_time_s=0.2))
    app = App(services, strict=True)
    app.open_window((1280, 720))
    seats = [(name, "normal") for name in NAMES]
    app.start(services.scenes.start_match("official", load_preset("official"), seats, 5))
    window = pygame.display.get_wm_info()["window"]
    screen = pygame.display.get_surface()
    assert screen is not None
    size = screen.get_size()
    compared = parts = 0
    for frame in range(frames):
        clock.advance(DT_S)
        if not app.step(DT_S):
            continue
        shown = window_pixels(window, size)
        if shown != pygame.image.tobytes(screen, "RGB"):
            grabbed = pygame.image.frombytes(shown, size, "RGB")
            pygame.image.save(grabbed, str(out / "window.png"))
            pygame.image.save(screen, str(out / "surface.png"))
            where = differences(grabbed, screen.convert())
            print(f"frame {frame}: the window differs from the surface at {where}; last shown")
            print(f"  {app.window.last} (pictures in {out})")
            return 1
        compared += 1
        parts += app.window.last is not None
    print(f"compared {compared} frames, {parts} shown in parts")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
