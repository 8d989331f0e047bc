"""Sound effects: a small bank of named sounds that is silent when sound cannot work.

A family computer may have no sound card, a muted or busy audio server, or a damaged
install. None of that may stop the game or fill a terminal with errors, so every failure
turns the bank (or just the one missing sound) into a silent no-op. Nothing here touches
pygame until `make_sound_bank` or `SoundBank.load` is called.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame


class Sound(StrEnum):
    """The names of the sounds; each is `assets/sounds/<name>.wav`."""

    DEAL = "deal"
    PLAY = "play"
    DRAW = "draw"
    SHUFFLE = "shuffle"
    UNO = "uno"
    CATCH = "catch"
    WRONG = "wrong"
    WIN = "win"
    CELEBRATE = "celebrate"


SOUND_NAMES: tuple[str, ...] = tuple(s.value for s in Sound)
#: the soft music loop, `assets/sounds/music.wav`: played over and over on a channel of its
#: own at its own volume (0: off, the default)
MUSIC_NAME = "music"
MUSIC_CHANNEL = 0

# Mixer settings: a 512-frame buffer (~12 ms at 44.1 kHz) keeps a card's sound in step
# with its animation; larger buffers are safer against underruns but audibly late.
MIXER_FREQUENCY_HZ = 44100
MIXER_BUFFER_FRAMES = 512
MIXER_CHANNELS = 2
MIXER_VOICES = 16


def _clamp_volume(volume: float) -> float:
    return min(1.0, max(0.0, float(volume)))


class SoundBank:
    """Named sounds at one volume. `play` never raises and never prints.

    A bank made with `enabled=False` (or whose mixer is gone) is the null object: every
    call is accepted and does nothing, so callers never need to check for sound support.
    """

    def __init__(self, volume: float = 1.0, *, enabled: bool = True) -> None:
        self._volume = _clamp_volume(volume)
        self._enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        # each effect's file, read when it first plays: start-up does not wait for them
        self._sound_paths: dict[str, Path] = {}
        self._music: pygame.mixer.Sound | None = None
        # the loop's file, read the first time the music is turned on (it is off by default
        # and the largest file: reading it at start-up would delay the first frame)
        self._music_path: Path | None = None
        self._music_volume = 0.0

    @classmethod
    def silent(cls, volume: float = 1.0) -> SoundBank:
        """A bank that plays nothing (no audio device, or sound switched off by a test)."""
        return cls(volume, enabled=False)

    @property
    def enabled(self) -> bool:
        """True when the mixer works; False for the silent null bank."""
        return self._enabled

    @property
    def loaded(self) -> frozenset[str]:
        """Names of the sounds that will actually make a noise (reads any not read yet)."""
        for name in list(self._sound_paths):
            self._sound(name)
        return frozenset(self._sounds)

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        """Clamp to 0..1 and apply to every loaded sound at once (also ones playing now)."""
        self._volume = _clamp_volume(value)
        for sound in self._sounds.values():
            with contextlib.suppress(Exception):
                sound.set_volume(self._volume)

    @property
    def music_volume(self) -> float:
        return self._music_volume

    @music_volume.setter
    def music_volume(self, value: float) -> None:
        """Clamp to 0..1; above 0 the loop plays (from its start when it was off), at 0 it
        stops. A silent bank only remembers the value."""
        self._music_volume = _clamp_volume(value)
        self._apply_music()

    @property
    def music_playing(self) -> bool:
        """Whether the music loop is sounding now."""
        if not self._enabled or self._music is None:
            return False
        try:
            import pygame

            return bool(pygame.mixer.Channel(MUSIC_CHANNEL).get_busy())
        except Exception:
            return False

    def _apply_music(self) -> None:
        if not self._enabled or (self._music is None and self._music_path is None):
            return
        try:
            import pygame

            if self._music is None and self._music_volume > 0.0:
                self._music = self._read_music()
            if self._music is None:
                return
            channel = pygame.mixer.Channel(MUSIC_CHANNEL)
            if self._music_volume <= 0.0:
                channel.stop()
                return
            channel.set_volume(self._music_volume)
            if not channel.get_busy():
                channel.play(self._music, loops=-1)
        except Exception:  # music is never worth a crash either
            self._music = None

    def load(self, assets_dir: Path) -> None:
        """Find `<assets_dir>/sounds/<name>.wav` for every name (each is read when it first
        plays); a missing or unreadable file leaves that one name silent, and a disabled
        bank loads nothing."""
        if not self._enabled:
            return
        import pygame

        if not pygame.mixer.get_init():
            self._enabled = False
            return
        sounds_dir = Path(assets_dir) / "sounds"
        for name in SOUND_NAMES:
            path = sounds_dir / f"{name}.wav"
            if path.is_file():
                self._sound_paths[name] = path
        music = sounds_dir / f"{MUSIC_NAME}.wav"
        if music.is_file():
            with contextlib.suppress(pygame.error):
                pygame.mixer.set_reserved(MUSIC_CHANNEL + 1)  # effects never take its channel
            self._music_path = music
            self._apply_music()

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        """The named effect, read from its file the first time (an unreadable file leaves
        that one name silent)."""
        sound = self._sounds.get(name)
        path = self._sound_paths.pop(name, None)
        if sound is not None or path is None:
            return sound
        import pygame

        try:
            sound = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError):
            return None
        sound.set_volume(self._volume)
        self._sounds[name] = sound
        return sound

    def _read_music(self) -> pygame.mixer.Sound | None:
        """The music loop from its file, once; an unreadable file silences the music."""
        import pygame

        path, self._music_path = self._music_path, None
        if path is None:
            return None
        try:
            return pygame.mixer.Sound(str(path))
        except (pygame.error, OSError):
            return None

    def play(self, name: str) -> None:
        """Start the named sound; unknown or missing names and a dead mixer are ignored.

        The exception guard is broad on purpose: a sound effect is never worth a crash.
        """
        if not self._enabled or self._volume <= 0.0:
            return
        try:
            sound = self._sound(str(name))
            if sound is None:
                return
            sound.play()
        except Exception:
            self._enabled = False


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence C libraries (ALSA prints "cannot find card" itself when there is no sound
    card) while the mixer opens; Python-level errors still arrive as exceptions."""
    try:
        fd = sys.stderr.fileno()
        saved = os.dup(fd)
    except (AttributeError, OSError, ValueError):
        yield
        return
    try:
        sys.stderr.flush()
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


def init_mixer() -> bool:
    """Open the audio device for low-latency playback; False when there is none.

    Call this before `pygame.init()`, which would otherwise open the mixer with its own
    defaults (still usable, just not tuned).
    """
    try:
        import pygame
    except ImportError:
        return False
    try:
        if pygame.mixer.get_init():
            return True
        pygame.mixer.pre_init(MIXER_FREQUENCY_HZ, -16, MIXER_CHANNELS, MIXER_BUFFER_FRAMES)
        with _quiet_stderr():
            pygame.mixer.init()
        pygame.mixer.set_num_channels(MIXER_VOICES)
    except (pygame.error, NotImplementedError, OSError):
        # NotImplementedError: this pygame build has no mixer module at all.
        return False
    return True


def make_sound_bank(
    volume: float, assets_dir: Path | None = None, music_volume: float = 0.0
) -> SoundBank:
    """A loaded bank at `volume` (the music loop at `music_volume`), or a silent one when
    there is no usable audio device.

    `assets_dir` defaults to the game's own assets folder (checkout, wheel or bundle).
    """
    bank = SoundBank.silent(volume)
    if init_mixer():
        if assets_dir is None:
            from .resources import data_path

            with contextlib.suppress(FileNotFoundError):
                assets_dir = data_path("assets")
        if assets_dir is not None:
            bank = SoundBank(volume)
            bank.load(assets_dir)
    bank.music_volume = music_volume
    return bank
