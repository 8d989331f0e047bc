"""The soft music loop: off by default, its own volume, saved and checked like the other
settings, silent without an audio device, and a small file that loops without a seam."""

from __future__ import annotations

import dataclasses
import itertools
import statistics
import struct
import wave
from pathlib import Path

import pygame
import pytest

from uno_desktop.audio import MUSIC_NAME, SoundBank, make_sound_bank
from uno_desktop.store.settings import Settings
from uno_desktop.ui.scenes.settings import SettingsScene
from uno_desktop.ui.services import SilentSounds, build_services

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
MUSIC_FILE = ASSETS_DIR / "sounds" / f"{MUSIC_NAME}.wav"


@pytest.fixture(autouse=True)
def _fresh_mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def music_samples() -> tuple[wave._wave_params, tuple[int, ...]]:
    with wave.open(str(MUSIC_FILE), "rb") as w:
        params = w.getparams()
        frames = w.readframes(params.nframes)
    return params, struct.unpack(f"<{params.nframes}h", frames)


def test_music_is_off_by_default():
    assert Settings().music_volume == 0.0
    assert not make_sound_bank(0.8, ASSETS_DIR).music_playing


def test_raising_the_music_volume_starts_the_loop_and_lowering_it_to_zero_stops_it():
    bank = make_sound_bank(0.8, ASSETS_DIR)
    bank.music_volume = 0.4
    assert bank.music_playing
    assert pygame.mixer.Channel(0).get_volume() == pytest.approx(0.4, abs=0.01)
    bank.volume = 0.0  # the effects' volume leaves the music alone
    assert bank.music_playing
    bank.music_volume = 0.0
    assert not bank.music_playing


def test_effects_never_take_the_music_channel():
    bank = make_sound_bank(1.0, ASSETS_DIR, music_volume=0.5)
    for _ in range(40):
        bank.play("deal")
    assert pygame.mixer.Channel(0).get_sound() is not None
    assert bank.music_playing


def test_without_an_audio_device_the_music_is_silent():
    bank = SoundBank.silent(0.8)
    bank.music_volume = 0.7
    assert bank.music_volume == 0.7 and not bank.music_playing
    assert not pygame.mixer.get_init()


@pytest.mark.parametrize(("stored", "kept"), [(0.3, 0.3), (7.0, 1.0), (-1.0, 0.0)])
def test_the_music_volume_is_kept_in_range(stored, kept):
    assert Settings.from_dict({"music_volume": stored}).music_volume == kept


def test_a_bad_music_volume_in_the_file_costs_that_field_only():
    bad: list[str] = []
    settings = Settings.from_dict({"music_volume": "loud", "volume": 0.3}, bad)
    assert bad == ["music_volume"]
    assert (settings.music_volume, settings.volume) == (0.0, 0.3)


def test_the_music_volume_is_saved_and_read_back():
    from uno_desktop.store.storage import Storage

    store = Storage()
    store.save_settings(dataclasses.replace(Settings(), music_volume=0.25))
    assert Storage().load_settings().music_volume == 0.25


def test_the_settings_screen_has_a_music_slider_that_sets_the_music(monkeypatch):
    pygame.display.init()
    pygame.font.init()
    monkeypatch.setattr("uno_desktop.ui.services.make_sounds", SilentSounds)
    services = build_services(use_storage=False)
    scene = SettingsScene(services)
    scene.music.set(0.6)
    assert services.settings.music_volume == pytest.approx(0.6)
    assert services.sounds.music_volume == pytest.approx(0.6)


def test_the_music_file_is_small_soft_and_about_ten_seconds():
    params, samples = music_samples()
    assert (params.nchannels, params.sampwidth) == (1, 2)
    assert MUSIC_FILE.stat().st_size < 256 * 1024
    assert 8.0 <= params.nframes / params.framerate <= 12.0
    peak = max(abs(v) for v in samples)
    assert 3000 < peak < 0.4 * 32767


def test_the_music_loops_without_a_seam():
    """The jump from the last sample back to the first is no bigger than the steps the
    music takes anyway (a seam would be a click every ten seconds)."""
    _params, samples = music_samples()
    steps = [abs(b - a) for a, b in itertools.pairwise(samples)]
    seam = abs(samples[0] - samples[-1])
    assert seam <= max(steps)
    assert seam <= 4 * statistics.mean(steps) + 50


def test_the_music_file_is_read_only_when_the_music_is_turned_on(monkeypatch):
    # Start-up must not pay for the largest sound file while the music is off (the default).
    read: list[str] = []
    real_sound = pygame.mixer.Sound

    def recording_sound(path: str) -> pygame.mixer.Sound:
        read.append(Path(path).name)
        return real_sound(path)

    monkeypatch.setattr(pygame.mixer, "Sound", recording_sound)
    bank = make_sound_bank(0.8, ASSETS_DIR)
    bank.play("deal")
    assert read == ["deal.wav"]
    bank.music_volume = 0.4
    assert read.count(MUSIC_FILE.name) == 1 and bank.music_playing
    bank.music_volume = 0.0
    bank.music_volume = 0.5
    assert read.count(MUSIC_FILE.name) == 1 and bank.music_playing
