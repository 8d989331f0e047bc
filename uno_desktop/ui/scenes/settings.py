"""Settings: every option takes effect the moment it changes (and is saved at once).

No "Apply" button: a family changing the language or the card size should see the
result immediately, and closing the screen can never lose a change.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from uno_desktop.lang.i18n import LANGUAGES, N_, _, decimal, language
from uno_desktop.store.settings import ANIMATION_SPEEDS, THINK_TIMES_S, UI_SCALES
from uno_desktop.ui.kit import (
    PANEL_ALPHA,
    Button,
    Choice,
    Dialog,
    Label,
    Slider,
    Toggle,
    draw_panel,
)

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services

SPEED_NAMES = {
    0.5: N_("Slow"),
    1.0: N_("Normal"),
    1.5: N_("Fast"),
    2.0: N_("Faster"),
    4.0: N_("Fastest"),
}
#: the sound played when the sound effects' volume changes, and the least time between two
SAMPLE_SOUND = "play"
SAMPLE_GAP_S = 0.25
SCALE_NAMES = {0.85: N_("Small"), 1.0: N_("Normal"), 1.15: N_("Large"), 1.3: N_("Extra large")}


def _nearest(value: float, options: tuple[float, ...]) -> float:
    return min(options, key=lambda o: abs(o - value))


def _seconds(value: float) -> str:
    return _("{seconds} s").format(seconds=decimal(value))


class SettingsScene(Dialog):
    """Volume, music, animation speed, thinking time, full screen, colour-blind mode, language,
    UI size. A full screen from the title and from the pause menu alike (a sub-screen is
    opaque: the table's texts never show through it)."""

    title = N_("Settings")

    def __init__(self, services: Services) -> None:
        self._panel = pygame.Rect(0, 0, 0, 0)
        #: a sample of the sound effects is due (the volume changed), and the seconds
        #: since the last one: a drag plays one every SAMPLE_GAP_S, not one a pixel
        self._sample_due = False
        self._since_sample_s = SAMPLE_GAP_S
        super().__init__(services)

    def _set_volume(self, value: float) -> None:
        self.services.update_settings(volume=value)
        self._sample_due = True
        self._play_sample()

    def _play_sample(self) -> None:
        if self._sample_due and self._since_sample_s >= SAMPLE_GAP_S:
            self._sample_due = False
            self._since_sample_s = 0.0
            self.services.sounds.play(SAMPLE_SOUND)

    def update(self, dt_s: float) -> None:
        super().update(dt_s)
        self._since_sample_s += dt_s
        self._play_sample()

    def wake_in_s(self) -> float | None:
        if self._sample_due:
            return max(0.0, SAMPLE_GAP_S - self._since_sample_s)
        return super().wake_in_s()

    def build(self) -> None:
        st = self.services.settings
        up = self.services.update_settings
        self.volume = Slider(st.volume, self._set_volume)
        self.music = Slider(st.music_volume, lambda v: up(music_volume=v), zero_text=N_("Off"))
        self.speed: Choice[float] = Choice(
            [(v, SPEED_NAMES[v]) for v in ANIMATION_SPEEDS],
            _nearest(st.animation_speed, ANIMATION_SPEEDS),
            lambda v: up(animation_speed=v),
            wrap=False,
        )
        self.think: Choice[float] = Choice(
            [(v, partial(_seconds, v)) for v in THINK_TIMES_S],
            _nearest(st.think_time_s, THINK_TIMES_S),
            lambda v: up(think_time_s=v),
            wrap=False,
        )
        self.fullscreen = Toggle(st.fullscreen, lambda v: up(fullscreen=v))
        self.colorblind = Toggle(st.colorblind, lambda v: up(colorblind=v))
        self.language: Choice[str] = Choice(
            [(code, partial(str, name)) for code, name in LANGUAGES.items()],  # not msgids
            st.language or language(),
            lambda v: up(language=v),
        )
        self.ui_scale: Choice[float] = Choice(
            [(v, SCALE_NAMES[v]) for v in UI_SCALES],
            _nearest(st.ui_scale, UI_SCALES),
            lambda v: up(ui_scale=v),
            wrap=False,
        )
        self.done = Button(N_("Done"), self.back, style="primary")
        self.presets_folder = Button(N_("Presets folder"), self._show_presets_folder)
        self.rows: list[tuple[Label, Any]] = [
            (Label(N_("Sound effects")), self.volume),
            (Label(N_("Music")), self.music),
            (Label(N_("Animation speed (also the time to jump in)")), self.speed),
            (Label(N_("Computer thinking time")), self.think),
            (Label(N_("Full screen")), self.fullscreen),
            (Label(N_("Colour-blind mode (shapes on cards)")), self.colorblind),
            (Label(N_("Language")), self.language),
            (Label(N_("UI size")), self.ui_scale),
        ]
        widgets: list[Any] = []
        for label, control in self.rows:
            widgets += [label, control]
        self.group.set_widgets([*widgets, self.presets_folder, self.done])

    def _show_presets_folder(self) -> None:
        """Where our own presets live (with a way to open it) and any file's problem."""
        if self.stack is not None:
            self.stack.push(self.services.scenes.presets_folder())

    def resume(self) -> None:
        super().resume()
        self.fullscreen.value = bool(self.services.settings.fullscreen)  # F11 elsewhere

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            return False
        used = super().handle_event(event)
        self.fullscreen.value = bool(self.services.settings.fullscreen)
        return used

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        pw = min(w - int(40 * s), int(900 * s))
        # rows closer together (never below 48/64 of their room) and the title closer
        # above them before the whole screen is drawn smaller: a large UI size on a short
        # window keeps its size
        head = int(96 * s)
        room = (h - head - int(140 * s)) / len(self.rows)
        if room < 64 * s:
            head = int(84 * s)
            room = (h - head - int(140 * s)) / len(self.rows)
        pitch = max(48 * s, min(64 * s, room))
        row = int(pitch * 50 / 64)
        gap = int(pitch) - row
        ph = len(self.rows) * (row + gap) + int(130 * s)
        self._panel = pygame.Rect(0, 0, pw, ph)
        self._panel.midtop = (w // 2, max(head, (h - ph) // 2 + int(30 * s)))
        inner = self._panel.inflate(-int(60 * s), 0)
        y = self._panel.top + int(30 * s)
        lab_w = int(inner.width * 0.52)
        for label, control in self.rows:
            label.rect = pygame.Rect(inner.left, y, lab_w, row)
            control.rect = pygame.Rect(inner.left + lab_w, y, inner.width - lab_w, row)
            if isinstance(control, Toggle):
                control.rect.height = int(row * 0.8)
                control.rect.centery = y + row // 2

            y += row + gap
        gap = int(24 * s)
        self.done.rect = pygame.Rect(0, 0, int(220 * s), int(56 * s))
        self.done.rect.bottomleft = (w // 2 + gap // 2, self._panel.bottom - int(22 * s))
        # our own rules presets: where their folder is, and any file's problem
        self.presets_folder.rect = pygame.Rect(0, 0, int(260 * s), int(56 * s))
        self.presets_folder.rect.bottomright = (w // 2 - gap // 2, self.done.rect.bottom)
        self.place_title(_("Settings"), max(int(48 * s), self._panel.top - int(44 * s)))

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self._panel, s, alpha=PANEL_ALPHA)
        self.draw_title(surface)
