"""The sound bank: plays with a working mixer, stays silent and quiet without one."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from uno_desktop import audio
from uno_desktop.audio import SOUND_NAMES, Sound, SoundBank, make_sound_bank

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"


@pytest.fixture(autouse=True)
def _fresh_mixer():
    """Every test opens the mixer itself and leaves it closed for the next one."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_bank_loads_every_sound_with_the_dummy_audio_driver():
    bank = make_sound_bank(0.5, ASSETS_DIR)
    assert bank.enabled
    assert bank.loaded == frozenset(SOUND_NAMES)


def test_play_starts_the_named_sound():
    bank = make_sound_bank(1.0, ASSETS_DIR)
    bank.play(Sound.UNO)
    assert pygame.mixer.get_busy()


def test_bank_finds_the_game_assets_by_itself():
    assert make_sound_bank(1.0).loaded == frozenset(SOUND_NAMES)


def test_bank_is_silent_and_quiet_when_the_mixer_cannot_open(monkeypatch, capfd):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    bank = make_sound_bank(0.8, ASSETS_DIR)
    bank.play(Sound.WIN)
    bank.volume = 0.3
    assert not bank.enabled
    assert bank.loaded == frozenset()
    assert capfd.readouterr() == ("", "")


def test_silent_bank_play_does_nothing_and_prints_nothing(capfd):
    bank = SoundBank.silent()
    bank.load(ASSETS_DIR)
    for name in SOUND_NAMES:
        bank.play(name)
    assert not pygame.mixer.get_init()
    assert capfd.readouterr() == ("", "")


def test_a_missing_sound_file_silences_only_that_sound(tmp_path, capfd):
    (tmp_path / "sounds").mkdir()
    shutil.copy(ASSETS_DIR / "sounds" / "uno.wav", tmp_path / "sounds" / "uno.wav")
    bank = make_sound_bank(1.0, tmp_path)
    bank.play(Sound.DEAL)
    assert bank.loaded == frozenset({"uno"})
    assert not pygame.mixer.get_busy()
    assert capfd.readouterr() == ("", "")


def test_a_missing_assets_folder_gives_a_silent_bank(tmp_path):
    bank = make_sound_bank(1.0, tmp_path / "nowhere")
    bank.play(Sound.PLAY)
    assert bank.loaded == frozenset()


def test_unknown_sound_name_is_ignored():
    bank = make_sound_bank(1.0, ASSETS_DIR)
    bank.play("trumpet")
    assert not pygame.mixer.get_busy()


@pytest.mark.parametrize(("asked", "kept"), [(1.7, 1.0), (-0.3, 0.0), (0.4, 0.4)])
def test_volume_is_clamped_to_zero_one(asked, kept):
    bank = SoundBank.silent()
    bank.volume = asked
    assert bank.volume == pytest.approx(kept)


def test_volume_change_applies_to_loaded_sounds_at_once():
    bank = make_sound_bank(1.0, ASSETS_DIR)
    assert bank.loaded == frozenset(SOUND_NAMES)  # every sound read, so each is checked
    bank.volume = 0.25
    assert len(bank._sounds) == len(SOUND_NAMES) and all(
        s.get_volume() == pytest.approx(0.25, abs=0.01) for s in bank._sounds.values()
    )


def test_volume_zero_plays_nothing():
    bank = make_sound_bank(0.0, ASSETS_DIR)
    bank.play(Sound.SHUFFLE)
    assert not pygame.mixer.get_busy()


def test_importing_the_module_touches_no_pygame():
    code = "import sys, uno_desktop.audio; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_sound_names_are_the_ones_the_ui_uses():
    assert SOUND_NAMES == (
        "deal",
        "play",
        "draw",
        "shuffle",
        "uno",
        "catch",
        "wrong",
        "win",
        "celebrate",
    )
    assert audio.Sound("uno") is Sound.UNO


def test_each_sound_file_is_read_when_that_sound_first_plays(monkeypatch):
    # Start-up does not wait for the effects: each is read at its first play, once.
    read: list[str] = []
    real_sound = pygame.mixer.Sound

    def recording_sound(path: str) -> pygame.mixer.Sound:
        read.append(Path(path).name)
        return real_sound(path)

    monkeypatch.setattr(pygame.mixer, "Sound", recording_sound)
    bank = make_sound_bank(0.6, ASSETS_DIR)
    assert read == []
    bank.play(Sound.UNO)
    bank.play(Sound.UNO)
    assert read == ["uno.wav"] and pygame.mixer.get_busy()
    bank.volume = 0.3
    bank.play(Sound.DEAL)
    assert read == ["uno.wav", "deal.wav"]
    assert all(s.get_volume() == pytest.approx(0.3, abs=0.01) for s in bank._sounds.values())
