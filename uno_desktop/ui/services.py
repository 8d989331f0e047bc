"""What every scene needs, built once in the composition root and handed to each scene.

Scenes never reach for globals (settings files, the sound device, the clock); they get a
`Services` in their constructor, so tests can build one with fakes. `services.scenes` is
how a scene opens another (see `navigation.py`). The parts written by other layers
(storage, audio, card painter, match clock) are imported when `build_services` runs.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from uno_desktop.lazy_logger import LazyLogger
from uno_desktop.play.clock import Clock
from uno_desktop.ui.navigation import Scenes

if TYPE_CHECKING:
    from uno_desktop.phones.net import Listen
    from uno_desktop.play.match import Match
    from uno_desktop.play.pacing import Timing
    from uno_desktop.render.cards import CardPainter
    from uno_desktop.session.match_session import MatchSession
    from uno_desktop.session.phones import PhoneLink
    from uno_desktop.store.storage import Settings, Storage

log = LazyLogger(__name__)


class Sounds(Protocol):
    """What the scenes need of a sound bank."""

    volume: float
    music_volume: float  # the music loop's own volume (0: off)

    def play(self, name: str) -> None: ...


class SilentSounds:
    """A sound bank that plays nothing (no audio device)."""

    def __init__(self, volume: float = 0.0, music_volume: float = 0.0) -> None:
        self.volume = volume
        self.music_volume = music_volume

    def play(self, name: str) -> None:
        """Accept every sound name and stay silent."""


def make_painter(colorblind: bool) -> CardPainter:
    from uno_desktop.render.cards import CardPainter

    return CardPainter(colorblind=colorblind)


def make_sounds(volume: float, music_volume: float = 0.0) -> Sounds:
    """The sound bank; silence when there is no audio device or it fails."""
    from uno_desktop.audio import make_sound_bank

    try:
        return make_sound_bank(volume, music_volume=music_volume)
    except Exception:  # no audio device or a broken file must never stop the game
        log.exception("sound bank failed; playing silently")
        return SilentSounds(volume, music_volume)


class DeferredSounds:
    """The sound bank, opened when first wanted: the window opens it after its first frame
    (`Services.open_sounds`), or a sound played before then does. Opening the audio device
    takes milliseconds at best and far longer on a machine with a sound server, and the
    first frame makes no sound. Volumes set meanwhile are handed to the bank it opens."""

    def __init__(self, volume: float, music_volume: float = 0.0) -> None:
        self._volume = volume
        self._music_volume = music_volume
        self._bank: Sounds | None = None

    def open(self) -> Sounds:
        """The sound bank (`make_sounds`), made the first time."""
        if self._bank is None:
            self._bank = make_sounds(self._volume, self._music_volume)
        return self._bank

    @property
    def volume(self) -> float:
        return self._volume if self._bank is None else self._bank.volume

    @volume.setter
    def volume(self, value: float) -> None:
        if self._bank is None:
            self._volume = value
        else:
            self._bank.volume = value

    @property
    def music_volume(self) -> float:
        return self._music_volume if self._bank is None else self._bank.music_volume

    @music_volume.setter
    def music_volume(self, value: float) -> None:
        if self._bank is None:
            self._music_volume = value
        else:
            self._bank.music_volume = value

    def play(self, name: str) -> None:
        self.open().play(name)


def make_clock() -> Clock:
    from uno_desktop.play.clock import MonotonicClock

    return MonotonicClock()


@dataclasses.dataclass
class Services:
    """Shared services for every scene."""

    storage: Storage | None
    settings: Settings
    sounds: Sounds
    painter: CardPainter
    clock: Clock
    #: the match being played and what keeps it (saves, statistics, next round, its
    #: phones); set when a table is made, None once the match is left
    session: MatchSession | None = None
    #: called after every apply_settings (the app switches full screen, the table re-times)
    listeners: list[Callable[[Settings], None]] = dataclasses.field(default_factory=list)
    #: where a phone server listens (--listen; None: the LAN address on a free port)
    phone_listen: Listen | None = None
    #: print each phone seat's link on standard output once it listens (--phones)
    print_phone_links: bool = False
    #: wakes the window's idle loop from another thread (set by the app)
    wake: Callable[[], None] | None = None
    #: how a scene opens another
    scenes: Scenes = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        self.scenes = Scenes(self)

    @property
    def match(self) -> Match | None:
        """The match being played (for pause and crash reports): not one that is over,
        though its session stays until its last screen is left (Play again keeps the
        phones)."""
        session = self.session
        if session is None or session.match.match_over:
            return None
        return session.match

    def session_for(self, match: Match) -> MatchSession:
        """The session keeping `match` (made now for a match no table was made for)."""
        from uno_desktop.session.match_session import MatchSession

        if self.session is None or self.session.match is not match:
            self.session = MatchSession(match, self.storage)
        return self.session

    def end_session(self) -> None:
        """The match was left: nothing keeps it any more, and its phones stop."""
        session, self.session = self.session, None
        if session is not None:
            session.close()

    @property
    def phones(self) -> PhoneLink | None:
        """The phone seats of the match being played (None: no phone seat, or no match)."""
        return self.session.phones if self.session is not None else None

    def open_sounds(self) -> None:
        """Open the audio device now if the sound bank still waits for it (the window calls
        this after its first frame; see `DeferredSounds`)."""
        if isinstance(self.sounds, DeferredSounds):
            self.sounds.open()

    def close_phones(self) -> None:
        """Stop the phone server, if one runs (the window closes, the game crashed):
        nothing listens after."""
        if self.session is not None:
            self.session.stop_phones()

    def update_settings(self, **changes: Any) -> None:
        """apply_settings with some fields changed (the usual call from a settings widget)."""
        self.apply_settings(dataclasses.replace(self.settings, **changes))

    def apply_settings(self, settings: Settings) -> None:
        """Save the settings and make them take effect at once (no restart)."""
        from uno_desktop.lang.i18n import set_language, system_language

        old = self.settings
        self.settings = settings
        if self.storage is not None:
            try:
                self.storage.save_settings(settings)
            except Exception:  # a read-only disk must not stop the game
                log.exception("could not save settings")
        set_language(settings.language or system_language())
        try:
            self.sounds.volume = settings.volume
            self.sounds.music_volume = settings.music_volume
        except Exception:
            log.exception("could not set the volume")
        if old.colorblind != settings.colorblind:
            # Change the painter in place: scenes hold on to it (CardPainter clears its cache).
            self.painter.colorblind = settings.colorblind
        if self.match is not None:
            self.apply_timing(self.match)
        for listener in list(self.listeners):
            listener(settings)

    def timing(self) -> Timing:
        """The computers' timing the settings give: their thinking time, and people's
        window to jump in or catch at the animation speed (`Timing.for_people`)."""
        from uno_desktop.play.pacing import Timing

        st = self.settings
        return Timing.for_people(float(st.think_time_s), float(st.animation_speed))

    def apply_timing(self, match: Match) -> None:
        """Give a match the computers' timing from the settings."""
        with contextlib.suppress(TypeError, AttributeError):
            match.timing = self.timing()


def load_storage() -> Storage | None:
    """Storage() when the user folders are usable, else None (nothing is saved). Takes
    the user folder's lock: a second window gets read-only storage (and is told so)."""
    from uno_desktop.store.storage import Storage

    try:
        storage = Storage()
        storage.acquire_lock()
        return storage
    except Exception:
        log.exception("storage unavailable; nothing will be saved")
        return None


def build_services(storage: Storage | None = None, *, use_storage: bool = True) -> Services:
    """The composition root's one call: storage, settings, sounds (opened after the first
    frame), painter and clock."""
    from uno_desktop.lang.i18n import set_language, system_language

    if storage is None and use_storage:
        storage = load_storage()
    from uno_desktop.store.storage import Settings

    settings = Settings()
    if storage is not None:
        try:
            settings = storage.load_settings()
        except Exception:
            log.exception("could not read settings; using defaults")
    set_language(settings.language or system_language())
    return Services(
        storage=storage,
        settings=settings,
        sounds=DeferredSounds(settings.volume, settings.music_volume),
        painter=make_painter(settings.colorblind),
        clock=make_clock(),
    )
