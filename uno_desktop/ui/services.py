"""What every scene needs, built once in the composition root and handed to each scene.

Scenes never reach for globals (settings files, the sound device, the clock); they get a
`Services` in their constructor, so tests can build one with fakes. The parts written by
other layers (storage, audio, card painter, match clock) are imported when `build_services`
runs, with small stand-ins while a part is missing, so the window always opens.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from uno_desktop.match import Match

log = logging.getLogger(__name__)

#: animation speeds offered in the settings (1.0 = normal)
ANIMATION_SPEEDS: tuple[float, ...] = (0.5, 1.0, 1.5, 2.0, 4.0)
#: computer thinking times offered in the settings, in seconds
THINK_TIMES_S: tuple[float, ...] = (0.3, 0.6, 0.8, 1.2, 2.0)
#: UI sizes offered in the settings
UI_SCALES: tuple[float, ...] = (0.85, 1.0, 1.15, 1.3)


@dataclasses.dataclass(frozen=True)
class FallbackSettings:
    """The settings shape from storage.py, used only while storage.py is missing."""

    volume: float = 0.8
    animation_speed: float = 1.0
    think_time_s: float = 0.8
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    colorblind: bool = False
    language: str | None = None
    ui_scale: float = 1.0
    last_preset: str = "official"
    last_seats: tuple[dict[str, str], ...] = ()
    last_target_score: int | None = None
    custom_rule: dict[str, Any] | None = None


class SilentSounds:
    """A sound bank that plays nothing (no audio device, or audio.py not there yet)."""

    def __init__(self, volume: float = 0.0) -> None:
        self.volume = volume

    def play(self, name: str) -> None:
        """Accept every sound name and stay silent."""


class PlainPainter:
    """A minimal card painter used only while render/cards.py is missing.

    It keeps the CardPainter interface (face/back/color_swatch/highlight) so scenes never
    need to know which one they got.
    """

    def __init__(self, colorblind: bool = False) -> None:
        self.colorblind = colorblind
        self._cache: dict[tuple[str, int], pygame.Surface] = {}

    def _card(self, key: str, width: int, body: tuple[int, int, int], text: str) -> pygame.Surface:
        import pygame

        from uno_desktop.render.fonts import font

        cached = self._cache.get((key, width))
        if cached is not None:
            return cached
        h = int(width * 1.5)
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        r = max(3, width // 10)
        pygame.draw.rect(surf, (252, 250, 246), surf.get_rect(), border_radius=r)
        inner = surf.get_rect().inflate(-max(4, width // 8), -max(4, width // 8))
        pygame.draw.rect(surf, body, inner, border_radius=r)
        label = font(int(width * 0.5), bold=True).render(text, True, (252, 250, 246))
        surf.blit(label, label.get_rect(center=inner.center))
        self._cache[(key, width)] = surf
        return surf

    def face(self, card: Any, width: int) -> pygame.Surface:
        from uno_desktop.render.theme import COLOR_RGB

        color = getattr(card, "color", None)
        body = COLOR_RGB.get(color, (26, 26, 30)) if color is not None else (26, 26, 30)
        return self._card(str(card), width, body, str(getattr(card, "rank", card)))

    def back(self, width: int) -> pygame.Surface:
        return self._card("back", width, (214, 36, 44), "UNO")

    def color_swatch(self, color: Any, size: int) -> pygame.Surface:
        import pygame

        from uno_desktop.render.theme import COLOR_RGB

        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(surf, COLOR_RGB[color], (size // 2, size // 2), size // 2)
        return surf

    def highlight(self, width: int) -> pygame.Surface:
        import pygame

        surf = pygame.Surface((width, int(width * 1.5)), pygame.SRCALPHA)
        pygame.draw.rect(surf, (255, 236, 120, 120), surf.get_rect(), border_radius=width // 10)
        return surf


class _MonotonicClock:
    """time.monotonic(), while match.py (which owns MonotonicClock) is missing."""

    def now_s(self) -> float:
        return time.monotonic()


def make_painter(colorblind: bool) -> Any:
    """The real CardPainter when render/cards.py exists, else the plain stand-in."""
    try:
        from uno_desktop.render.cards import CardPainter
    except ImportError:
        return PlainPainter(colorblind=colorblind)
    return CardPainter(colorblind=colorblind)


def make_sounds(volume: float) -> Any:
    """The real sound bank when audio.py exists and works, else silence."""
    try:
        from uno_desktop.audio import make_sound_bank
    except ImportError:
        return SilentSounds(volume)
    try:
        return make_sound_bank(volume)
    except Exception:  # no audio device or a broken file must never stop the game
        log.exception("sound bank failed; playing silently")
        return SilentSounds(volume)


def make_clock() -> Any:
    try:
        from uno_desktop.match import MonotonicClock
    except ImportError:
        return _MonotonicClock()
    return MonotonicClock()


@dataclasses.dataclass
class Services:
    """Shared services for every scene (see contracts.md)."""

    storage: Any | None
    settings: Any
    sounds: Any
    painter: Any
    clock: Any
    #: the match being played (for pause/crash reports); set by the scenes that start one
    match: Match | None = None
    #: called after every apply_settings (the app switches full screen, the table re-times)
    listeners: list[Callable[[Any], None]] = dataclasses.field(default_factory=list)

    def update_settings(self, **changes: Any) -> None:
        """apply_settings with some fields changed (the usual call from a settings widget)."""
        self.apply_settings(dataclasses.replace(self.settings, **changes))

    def apply_settings(self, settings: Any) -> None:
        """Save the settings and make them take effect at once (no restart)."""
        from uno_desktop.i18n import set_language, system_language

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
        except Exception:
            log.exception("could not set the volume")
        if getattr(old, "colorblind", None) != settings.colorblind:
            # Change the painter in place: scenes hold on to it (CardPainter clears its cache).
            try:
                self.painter.colorblind = settings.colorblind
            except AttributeError:
                self.painter = make_painter(settings.colorblind)
        if self.match is not None:
            self.apply_timing(self.match)
        for listener in list(self.listeners):
            listener(settings)

    def apply_timing(self, match: Any) -> None:
        """Give a match the computer thinking time from the settings."""
        with contextlib.suppress(TypeError, AttributeError):
            match.timing = dataclasses.replace(
                match.timing, think_time_s=self.settings.think_time_s
            )


def load_storage() -> Any | None:
    """Storage() when storage.py exists and the user folders are usable, else None."""
    try:
        from uno_desktop.storage import Storage
    except ImportError:
        return None
    try:
        return Storage()
    except Exception:
        log.exception("storage unavailable; nothing will be saved")
        return None


def build_services(storage: Any | None = None, *, use_storage: bool = True) -> Services:
    """The composition root's one call: storage, settings, sounds, painter and clock."""
    from uno_desktop.i18n import set_language, system_language

    if storage is None and use_storage:
        storage = load_storage()
    settings: Any = FallbackSettings()
    if storage is not None:
        try:
            settings = storage.load_settings()
        except Exception:
            log.exception("could not read settings; using defaults")
    set_language(settings.language or system_language())
    return Services(
        storage=storage,
        settings=settings,
        sounds=make_sounds(settings.volume),
        painter=make_painter(settings.colorblind),
        clock=make_clock(),
    )
