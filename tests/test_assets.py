"""The committed assets: every sound the game names exists and is sane, the icon loads,
and the generator script reproduces the committed files byte for byte."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from uno_desktop.audio import SOUND_NAMES

REPO_ROOT = Path(__file__).resolve().parent.parent
ASSETS_DIR = REPO_ROOT / "assets"
MAKE_ASSETS = REPO_ROOT / "tools" / "make_assets.py"


def _read_wav(name: str) -> tuple[wave._wave_params, tuple[int, ...]]:
    with wave.open(str(ASSETS_DIR / "sounds" / f"{name}.wav"), "rb") as w:
        params = w.getparams()
        frames = w.readframes(params.nframes)
    return params, struct.unpack(f"<{params.nframes}h", frames)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_named_sound_exists(name):
    assert (ASSETS_DIR / "sounds" / f"{name}.wav").is_file()


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_is_16_bit_mono_pcm(name):
    params, _ = _read_wav(name)
    assert (params.nchannels, params.sampwidth, params.comptype) == (1, 2, "NONE")
    assert params.framerate in (22050, 44100)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_is_shorter_than_one_and_a_half_seconds(name):
    params, _ = _read_wav(name)
    assert params.nframes / params.framerate < 1.5


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_is_not_silent(name):
    _, samples = _read_wav(name)
    assert max(abs(s) for s in samples) > 3000


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_starts_and_ends_at_zero_so_it_does_not_click(name):
    _, samples = _read_wav(name)
    assert samples[0] == 0
    assert samples[-1] == 0


@pytest.mark.parametrize(("filename", "size_px"), [("icon.png", 256), ("icon-64.png", 64)])
def test_icon_loads_with_pygame_at_its_size(filename, size_px):
    image = pygame.image.load(str(ASSETS_DIR / filename))
    assert image.get_size() == (size_px, size_px)


def test_icon_has_transparent_corners_and_an_opaque_middle():
    image = pygame.image.load(str(ASSETS_DIR / "icon.png"))
    assert image.get_at((0, 0)).a == 0
    assert image.get_at((128, 128)).a == 255


def test_windows_icon_is_an_ico_with_a_256_pixel_image():
    data = (ASSETS_DIR / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    widths = [data[6 + 16 * i] for i in range(count)]
    assert 0 in widths  # 0 means 256 in an .ico directory entry


def test_make_assets_reproduces_the_committed_files_byte_for_byte(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run(
        [sys.executable, str(MAKE_ASSETS), str(tmp_path)], check=True, capture_output=True, env=env
    )
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert made, "the generator wrote nothing"
    for rel in made:
        assert (tmp_path / rel).read_bytes() == (ASSETS_DIR / rel).read_bytes(), rel


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_macos_icon_is_an_icns_of_pngs_from_16_to_512_pixels():
    data = (ASSETS_DIR / "icon.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    sizes = {}
    at = 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack(">I", data[at + 4 : at + 8])[0]
        assert length > 8 and at + length <= len(data)
        sizes[kind] = _png_size(data[at + 8 : at + length])
        at += length
    assert sizes == {
        b"icp4": (16, 16),
        b"icp5": (32, 32),
        b"icp6": (64, 64),
        b"ic07": (128, 128),
        b"ic08": (256, 256),
        b"ic09": (512, 512),
    }


def test_the_windows_icons_entries_are_pngs_of_the_sizes_they_claim():
    data = (ASSETS_DIR / "icon.ico").read_bytes()
    count = struct.unpack_from("<H", data, 4)[0]
    for i in range(count):
        width, _, _, _, _, _, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert _png_size(data[offset : offset + size]) == (width or 256, width or 256)


def test_the_linux_package_icons_come_in_every_hicolor_size(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run(
        [sys.executable, str(MAKE_ASSETS), "--hicolor", str(tmp_path)],
        check=True,
        capture_output=True,
        env=env,
    )
    for n in (16, 24, 32, 48, 64, 128, 256):
        png = (tmp_path / f"{n}x{n}" / "apps" / "uno-desktop.png").read_bytes()
        assert _png_size(png) == (n, n)
