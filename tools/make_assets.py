"""Generate the game's sounds and icon: `python tools/make_assets.py [OUT_DIR]`.

`python tools/make_assets.py --hicolor DIR` writes only the icon for a Linux package:
DIR/<N>x<N>/apps/uno-desktop.png for each size of the freedesktop hicolor theme.

Everything in `assets/` is drawn or synthesised here, so the repository holds no binary
of unknown origin and anyone can rebuild it. Sounds use the standard library only (one
seeded `random.Random` per sound, so noise is the same every run); the icon is drawn with
pygame on an off-screen surface. Running the script twice writes byte-identical files,
and tests/test_assets.py checks that the committed files match a fresh run.

OUT_DIR defaults to the repository's `assets/` folder. It receives:
    sounds/<name>.wav   16-bit mono 22050 Hz, one per name in uno_desktop.audio.SOUND_NAMES
    sounds/music.wav    the soft music loop: 16-bit mono 11025 Hz (it holds nothing high),
                        ten seconds whose end runs straight into its start
    icon.png            256x256 application icon (RGBA)
    icon-64.png         64x64 version for small places (window title bar)
    icon.ico            Windows icon (PNG-compressed entries, 256/64/48/32/16) for PyInstaller
    icon.icns           macOS icon (PNG entries, 16 to 512) for PyInstaller's .app
"""

from __future__ import annotations

import io
import math
import os
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    import pygame

SAMPLE_RATE_HZ = 22050
REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT_DIR = REPO_ROOT / "assets"
ICON_SIZES_PX = (256, 64, 48, 32, 16)
# .icns entry types holding a PNG of each size (Apple's "icp4".."ic09")
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
HICOLOR_SIZES_PX = (16, 24, 32, 48, 64, 128, 256)

Samples = list[float]


# --------------------------------------------------------------------------- sound helpers


def _silence(duration_s: float) -> Samples:
    return [0.0] * round(duration_s * SAMPLE_RATE_HZ)


def _mix_into(dest: Samples, src: Sequence[float], start_s: float, gain: float = 1.0) -> None:
    """Add `src` into `dest` at `start_s`, growing `dest` if needed."""
    offset = round(start_s * SAMPLE_RATE_HZ)
    need = offset + len(src)
    if need > len(dest):
        dest.extend([0.0] * (need - len(dest)))
    for i, v in enumerate(src):
        dest[offset + i] += gain * v


def _envelope(n: int, attack_s: float, decay_per_s: float, release_s: float) -> Samples:
    """Smooth attack (half cosine), exponential decay, and a cosine release to exact zero.

    The release to zero at both ends is what keeps the sounds free of clicks.
    """
    attack_n = max(1, int(attack_s * SAMPLE_RATE_HZ))
    release_n = max(1, int(release_s * SAMPLE_RATE_HZ))
    out = []
    for i in range(n):
        t_s = i / SAMPLE_RATE_HZ
        if i < attack_n:
            a = 0.5 - 0.5 * math.cos(math.pi * i / attack_n)
        else:
            a = math.exp(-decay_per_s * (t_s - attack_s))
        left = n - 1 - i
        if left < release_n:
            a *= 0.5 - 0.5 * math.cos(math.pi * left / release_n)
        out.append(a)
    return out


def _one_pole_lowpass(x: Sequence[float], cutoff_hz: float) -> Samples:
    k = 1.0 - math.exp(-2.0 * math.pi * cutoff_hz / SAMPLE_RATE_HZ)
    y = 0.0
    out = []
    for v in x:
        y += k * (v - y)
        out.append(y)
    return out


def _bandpass(x: Sequence[float], low_hz: float, high_hz: float) -> Samples:
    """Two low-pass stages minus a low-pass: a gentle band of noise (a paper sound)."""
    top = _one_pole_lowpass(_one_pole_lowpass(x, high_hz), high_hz)
    bottom = _one_pole_lowpass(top, low_hz)
    return [a - b for a, b in zip(top, bottom)]


def _noise(n: int, rng: random.Random) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def _normalise(x: Sequence[float], peak: float) -> Samples:
    m = max(abs(v) for v in x) or 1.0
    return [v * peak / m for v in x]


def _flick(
    rng: random.Random, duration_s: float, low_hz: float, high_hz: float, decay_per_s: float
) -> Samples:
    """One card flicked: a short burst of band-passed noise with a fast soft decay."""
    n = int(duration_s * SAMPLE_RATE_HZ)
    body = _bandpass(_noise(n, rng), low_hz, high_hz)
    env = _envelope(n, attack_s=0.003, decay_per_s=decay_per_s, release_s=0.01)
    return _normalise([b * e for b, e in zip(body, env)], 1.0)


def _tone(
    freq_hz: float,
    duration_s: float,
    partials: Sequence[tuple[float, float, float]] = ((1.0, 1.0, 0.0),),
    attack_s: float = 0.006,
    decay_per_s: float = 4.0,
    release_s: float = 0.03,
) -> Samples:
    """A bell-like tone; partials are (frequency ratio, gain, extra decay per second)."""
    n = int(duration_s * SAMPLE_RATE_HZ)
    env = _envelope(n, attack_s, decay_per_s, release_s)
    out = []
    for i in range(n):
        t_s = i / SAMPLE_RATE_HZ
        v = 0.0
        for ratio, gain, extra_decay in partials:
            v += gain * math.exp(-extra_decay * t_s) * math.sin(2 * math.pi * freq_hz * ratio * t_s)
        out.append(v * env[i])
    return out


_BELL = ((1.0, 1.0, 0.0), (2.0, 0.35, 3.0), (3.0, 0.12, 6.0), (4.2, 0.05, 9.0))


def _sweep(start_hz: float, end_hz: float, duration_s: float, decay_per_s: float) -> Samples:
    """A gliding tone (exponential pitch glide) with a little second harmonic for warmth."""
    n = int(duration_s * SAMPLE_RATE_HZ)
    env = _envelope(n, attack_s=0.01, decay_per_s=decay_per_s, release_s=0.04)
    phase = 0.0
    out = []
    for i in range(n):
        frac = i / max(1, n - 1)
        f_hz = start_hz * (end_hz / start_hz) ** frac
        phase += 2 * math.pi * f_hz / SAMPLE_RATE_HZ
        out.append((math.sin(phase) + 0.25 * math.sin(2 * phase)) * env[i])
    return out


# --------------------------------------------------------------------------- the sounds


def sound_deal() -> Samples:
    """A light, quick card flick (cards going out to the players)."""
    return _normalise(_flick(random.Random(101), 0.09, 1800.0, 6500.0, 55.0), 0.55)


def sound_play() -> Samples:
    """A card slapped on the pile: a flick plus a soft low thump."""
    rng = random.Random(202)
    out = _flick(rng, 0.14, 900.0, 4500.0, 38.0)
    thump = _tone(140.0, 0.12, ((1.0, 1.0, 0.0),), attack_s=0.002, decay_per_s=35.0, release_s=0.02)
    _mix_into(out, thump, 0.0, 0.45)
    return _normalise(out, 0.6)


def sound_draw() -> Samples:
    """A card slid off the pile: a longer swish whose brightness rises then falls."""
    rng = random.Random(303)
    n = int(0.22 * SAMPLE_RATE_HZ)
    low = _bandpass(_noise(n, rng), 700.0, 2500.0)
    high = _bandpass(_noise(n, rng), 2500.0, 7000.0)
    out = []
    for i in range(n):
        frac = i / n
        bright = math.sin(math.pi * frac)
        out.append(low[i] * (1.0 - 0.6 * bright) + high[i] * bright)
    env = _envelope(n, attack_s=0.03, decay_per_s=9.0, release_s=0.05)
    return _normalise([v * e for v, e in zip(out, env)], 0.5)


def sound_shuffle() -> Samples:
    """A riffle: a run of small flicks, quick and uneven like real cards."""
    rng = random.Random(404)
    out = _silence(0.05)
    t_s = 0.0
    for k in range(11):
        gain = 0.5 + 0.5 * math.sin(math.pi * (k + 0.5) / 11) * rng.uniform(0.7, 1.0)
        flick = _flick(rng, 0.07, rng.uniform(1300.0, 2200.0), rng.uniform(5000.0, 7500.0), 70.0)
        _mix_into(out, flick, t_s, gain)
        t_s += rng.uniform(0.045, 0.07)
    out.extend(_silence(0.02))
    return _normalise(out, 0.5)


def sound_uno() -> Samples:
    """Two rising bell notes (E5, A5): someone has one card left."""
    out = _silence(0.0)
    _mix_into(out, _tone(659.25, 0.5, _BELL, decay_per_s=5.0), 0.0, 0.8)
    _mix_into(out, _tone(880.0, 0.75, _BELL, decay_per_s=4.0), 0.14, 1.0)
    return _normalise(out, 0.55)


def sound_catch() -> Samples:
    """A short descending glide: you were caught without saying UNO."""
    return _normalise(_sweep(880.0, 440.0, 0.32, 6.0), 0.5)


def sound_wrong() -> Samples:
    """A low, soft double buzz: that move is not allowed."""
    out = _silence(0.0)
    for start_s in (0.0, 0.16):
        n = int(0.14 * SAMPLE_RATE_HZ)
        env = _envelope(n, attack_s=0.015, decay_per_s=6.0, release_s=0.04)
        raw = []
        for i in range(n):
            t_s = i / SAMPLE_RATE_HZ
            ph = 2 * math.pi * 130.0 * t_s
            # Odd harmonics falling fast: a rounded square wave, soft rather than harsh.
            v = math.sin(ph) + math.sin(3 * ph) / 5 + math.sin(5 * ph) / 14
            raw.append(v + 0.4 * math.sin(2 * math.pi * 131.5 * t_s))
        buzz = [v * e for v, e in zip(_one_pole_lowpass(raw, 900.0), env)]
        _mix_into(out, buzz, start_s)
    return _normalise(out, 0.45)


def sound_win() -> Samples:
    """A bright rising arpeggio (C5 E5 G5 C6) that rings out: a round is won."""
    out = _silence(0.0)
    notes_hz = (523.25, 659.25, 783.99, 1046.5)
    for k, f_hz in enumerate(notes_hz):
        last = k == len(notes_hz) - 1
        dur_s = 0.7 if last else 0.5
        _mix_into(out, _tone(f_hz, dur_s, _BELL, decay_per_s=3.5 if last else 5.0), 0.11 * k, 0.8)
    return _normalise(out, 0.55)


def sound_celebrate() -> Samples:
    """A little fanfare for the end of a match: three quick brassy pick-up notes, a held
    major chord, and a sparkle of bells above it."""
    brass = ((1.0, 1.0, 0.0), (2.0, 0.5, 2.0), (3.0, 0.3, 4.0), (4.0, 0.15, 6.0))
    out = _silence(0.0)
    for k, f_hz in enumerate((392.0, 392.0, 392.0)):
        _mix_into(out, _tone(f_hz, 0.12, brass, attack_s=0.01, decay_per_s=8.0), 0.1 * k, 0.7)
    for f_hz in (523.25, 659.25, 783.99):
        _mix_into(out, _tone(f_hz, 1.0, brass, attack_s=0.02, decay_per_s=2.2), 0.3, 0.45)
    rng = random.Random(909)
    for k in range(6):
        f_hz = rng.choice((1567.98, 2093.0, 2637.0))
        _mix_into(out, _tone(f_hz, 0.35, _BELL, decay_per_s=9.0), 0.45 + 0.1 * k, 0.18)
    return _normalise(out, 0.6)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "deal": sound_deal,
    "play": sound_play,
    "draw": sound_draw,
    "shuffle": sound_shuffle,
    "uno": sound_uno,
    "catch": sound_catch,
    "wrong": sound_wrong,
    "win": sound_win,
    "celebrate": sound_celebrate,
}

# --------------------------------------------------------------------------- the music loop

MUSIC_RATE_HZ = 11025
MUSIC_BEAT_S = 60 / 96  # 96 beats a minute: unhurried
MUSIC_BARS = 4
#: one chord a bar (C, A minor, F, G), as note numbers (60 = middle C)
MUSIC_CHORDS = ((48, 60, 64, 67), (45, 57, 60, 64), (41, 57, 60, 65), (43, 55, 59, 62))


def _hz(note: int) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def _soft_note(freq_hz: float, duration_s: float, decay_per_s: float) -> Samples:
    """A round electric-piano-like note at the music's rate: a sine with a little octave,
    a soft attack and a long decay to zero."""
    n = int(duration_s * MUSIC_RATE_HZ)
    attack_n = int(0.02 * MUSIC_RATE_HZ)
    out = []
    for i in range(n):
        t_s = i / MUSIC_RATE_HZ
        a = min(1.0, i / attack_n) * math.exp(-decay_per_s * t_s) * min(1.0, (n - 1 - i) / 200)
        w = 2 * math.pi * freq_hz * t_s
        out.append(a * (math.sin(w) + 0.18 * math.exp(-3.0 * t_s) * math.sin(2 * w)))
    return out


def music_loop() -> Samples:
    """Four bars that loop without a seam: every note's tail past the end is added at the
    start, so the last sample runs on into the first."""
    beats = 4 * MUSIC_BARS
    n = round(beats * MUSIC_BEAT_S * MUSIC_RATE_HZ)
    out = [0.0] * n

    def put(samples: Samples, start_s: float, gain: float) -> None:
        offset = round(start_s * MUSIC_RATE_HZ)
        for i, v in enumerate(samples):
            out[(offset + i) % n] += gain * v

    for bar, (bass, *chord) in enumerate(MUSIC_CHORDS):
        start_s = bar * 4 * MUSIC_BEAT_S
        put(_soft_note(_hz(bass), 4 * MUSIC_BEAT_S, 0.9), start_s, 0.5)
        for note in chord:
            for beat in (0, 2):
                chord_note = _soft_note(_hz(note), 2 * MUSIC_BEAT_S, 1.6)
                put(chord_note, start_s + beat * MUSIC_BEAT_S, 0.16)
        for step, index in enumerate((0, 1, 2, 1, 2, 0, 1, 2)):  # a lazy arpeggio an octave up
            note = chord[index] + 12
            put(_soft_note(_hz(note), 1.2, 3.0), start_s + step * MUSIC_BEAT_S / 2, 0.12)
    return _normalise(_one_pole_lowpass_at(out, 2500.0, MUSIC_RATE_HZ), 0.35)


def _one_pole_lowpass_at(x: Sequence[float], cutoff_hz: float, rate_hz: int) -> Samples:
    """A one-pole low-pass run twice round the loop, so its start matches its end."""
    k = 1.0 - math.exp(-2.0 * math.pi * cutoff_hz / rate_hz)
    y = 0.0
    out: Samples = []
    for _lap in range(2):
        out = []
        for v in x:
            y += k * (v - y)
            out.append(y)
    return out


def _finish(x: Sequence[float]) -> Samples:
    """Fade the last 5 ms to exact zero and add 10 ms of silence: never a click at the end."""
    out = list(x)
    fade_n = min(len(out), round(0.005 * SAMPLE_RATE_HZ))
    for k in range(fade_n):
        out[len(out) - fade_n + k] *= 0.5 + 0.5 * math.cos(math.pi * (k + 1) / fade_n)
    return out + _silence(0.01)


def write_wav(target: BinaryIO, samples: Sequence[float], rate_hz: int = SAMPLE_RATE_HZ) -> None:
    """16-bit mono PCM; `wave` writes no timestamp, so the bytes only depend on the samples."""
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(v * 32767)))) for v in samples)
    with wave.open(target, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate_hz)
        w.writeframes(frames)


# --------------------------------------------------------------------------- the icon

Point = tuple[float, float]

_RED = (214, 40, 40)
_YELLOW = (245, 190, 20)
_GREEN = (46, 160, 67)
_BLUE = (24, 98, 200)
_WHITE = (255, 255, 255)
_SHADOW = (0, 0, 0, 70)


@dataclass(frozen=True)
class _CardPose:
    """Where one card of the fan sits: centre, size, and tilt in degrees (clockwise)."""

    cx: float
    cy: float
    w: float
    h: float
    angle_deg: float


def _rounded_rect_points(w: float, h: float, r: float, steps: int = 12) -> list[Point]:
    """Outline of a rounded rectangle centred on the origin (drawn as a polygon so it can tilt)."""
    pts: list[Point] = []
    corners = (
        (w / 2 - r, -h / 2 + r, -90),
        (w / 2 - r, h / 2 - r, 0),
        (-w / 2 + r, h / 2 - r, 90),
        (-w / 2 + r, -h / 2 + r, 180),
    )
    for cx, cy, start in corners:
        for s in range(steps + 1):
            a = math.radians(start + 90 * s / steps)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _ellipse_points(rx: float, ry: float, steps: int = 72) -> list[Point]:
    return [
        (rx * math.cos(2 * math.pi * i / steps), ry * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]


def _place(
    points: Sequence[Point], pose: _CardPose, extra_deg: float = 0.0, scale: float = 1.0
) -> list[Point]:
    """Rotate about the origin, then move to the card centre (pixel units of the big canvas)."""
    a = math.radians(pose.angle_deg + extra_deg)
    ca, sa = math.cos(a), math.sin(a)
    return [
        (pose.cx + scale * (x * ca - y * sa), pose.cy + scale * (x * sa + y * ca))
        for x, y in points
    ]


def _draw_card(
    surface: pygame.Surface, pose: _CardPose, body: tuple[int, int, int], quarters: bool
) -> None:
    """One card: shadow, white border, coloured face, tilted white oval; a wild-style
    four-colour oval on the front card so the icon says "colours" at a glance."""
    import pygame

    r = pose.w * 0.11
    shadow = _place(
        _rounded_rect_points(pose.w, pose.h, r),
        _CardPose(pose.cx + pose.w * 0.04, pose.cy + pose.w * 0.05, pose.w, pose.h, pose.angle_deg),
    )
    shadow_layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(shadow_layer, _SHADOW, shadow)
    surface.blit(shadow_layer, (0, 0))
    pygame.draw.polygon(surface, _WHITE, _place(_rounded_rect_points(pose.w, pose.h, r), pose))
    inset = pose.w * 0.075
    pygame.draw.polygon(
        surface,
        body,
        _place(_rounded_rect_points(pose.w - 2 * inset, pose.h - 2 * inset, r * 0.6), pose),
    )
    oval = _ellipse_points(pose.w * 0.36, pose.h * 0.36 * 0.62)
    pygame.draw.polygon(surface, _WHITE, _place(oval, pose, extra_deg=-35.0))
    if quarters:
        inner_rx, inner_ry = pose.w * 0.29, pose.h * 0.29 * 0.6
        colours = (_RED, _BLUE, _YELLOW, _GREEN)
        for q, colour in enumerate(colours):
            steps = 24
            wedge: list[Point] = [(0.0, 0.0)]
            for s in range(steps + 1):
                t = 2 * math.pi * (q / 4 + s / (4 * steps))
                wedge.append((inner_rx * math.cos(t), inner_ry * math.sin(t)))
            pygame.draw.polygon(surface, colour, _place(wedge, pose, extra_deg=-35.0))
    else:
        inner = _ellipse_points(pose.w * 0.24, pose.h * 0.24 * 0.6)
        pygame.draw.polygon(surface, body, _place(inner, pose, extra_deg=-35.0))


def draw_icon(size_px: int) -> pygame.Surface:
    """The icon at `size_px`: drawn 4x larger, then averaged down for smooth edges.

    The smoothscale backend is forced to the portable C code path: the SIMD paths are
    allowed to round differently on other CPUs, which would break byte-identical output.
    """
    import pygame

    big = size_px * 4
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    w, h = big * 0.43, big * 0.43 * 1.5
    back = _CardPose(big * 0.405, big * 0.49, w, h, -14.0)
    front = _CardPose(big * 0.585, big * 0.51, w, h, 12.0)
    _draw_card(canvas, back, _RED, quarters=False)
    _draw_card(canvas, front, _BLUE, quarters=True)
    pygame.transform.set_smoothscale_backend("GENERIC")
    return pygame.transform.smoothscale(canvas, (size_px, size_px))


def png_bytes(surface: pygame.Surface) -> bytes:
    import pygame

    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: Sequence[tuple[int, bytes]]) -> bytes:
    """A Windows .ico holding PNG-compressed images (valid since Windows Vista).

    pygame cannot write .ico and Pillow is not a dependency, but the container is only a
    6-byte header and one 16-byte entry per image, so the standard library is enough.
    """
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = 6 + 16 * len(pngs)
    entries = b""
    for size_px, data in pngs:
        dim = 0 if size_px >= 256 else size_px
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(data for _, data in pngs)


def icns_bytes(pngs: Sequence[tuple[int, bytes]]) -> bytes:
    """A macOS .icns holding PNG images: "icns" and the total length, then per image its
    type (`ICNS_TYPES`) and length (both big-endian, each length counting its 8-byte
    header) followed by the PNG. The standard library is enough here too."""
    body = b"".join(
        ICNS_TYPES[size_px] + struct.pack(">I", 8 + len(data)) + data for size_px, data in pngs
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_hicolor(out_dir: Path) -> list[Path]:
    """The icon at each hicolor size, as a Linux package installs it."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    written = []
    for size in HICOLOR_SIZES_PX:
        path = out_dir / f"{size}x{size}" / "apps" / "uno-desktop.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_if_changed(path, png_bytes(draw_icon(size)))
        written.append(path)
    return written


# --------------------------------------------------------------------------- main


def _write_if_changed(path: Path, data: bytes) -> None:
    """Leave untouched files alone so their modification times stay put."""
    if path.exists() and path.read_bytes() == data:
        return
    path.write_bytes(data)


def make_assets(out_dir: Path) -> list[Path]:
    """Write every generated asset under `out_dir`; return the paths written."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    sounds_dir = out_dir / "sounds"
    sounds_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, make in SOUNDS.items():
        buf = io.BytesIO()
        write_wav(buf, _finish(make()))
        path = sounds_dir / f"{name}.wav"
        _write_if_changed(path, buf.getvalue())
        written.append(path)
    buf = io.BytesIO()
    write_wav(buf, music_loop(), MUSIC_RATE_HZ)  # no fade: its end runs into its start
    _write_if_changed(sounds_dir / "music.wav", buf.getvalue())
    written.append(sounds_dir / "music.wav")

    # Off-screen surfaces need no pygame.init(): that would also open the audio device.
    pngs = {size: png_bytes(draw_icon(size)) for size in {*ICON_SIZES_PX, *ICNS_TYPES}}
    for name, data in (("icon.png", pngs[256]), ("icon-64.png", pngs[64])):
        _write_if_changed(out_dir / name, data)
        written.append(out_dir / name)
    ico = ico_bytes([(s, pngs[s]) for s in ICON_SIZES_PX])
    _write_if_changed(out_dir / "icon.ico", ico)
    written.append(out_dir / "icon.ico")
    icns = icns_bytes([(s, pngs[s]) for s in sorted(ICNS_TYPES)])
    _write_if_changed(out_dir / "icon.icns", icns)
    written.append(out_dir / "icon.icns")
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) == 2 and args[0] == "--hicolor":
        for path in write_hicolor(Path(args[1])):
            print(path)
        return 0
    if len(args) > 1 or (args and args[0] in ("-h", "--help")):
        print(__doc__)
        return 0 if args and args[0] in ("-h", "--help") else 2
    out_dir = Path(args[0]) if args else DEFAULT_OUT_DIR
    for path in make_assets(out_dir):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
