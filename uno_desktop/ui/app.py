"""The window and its loop: events down the scene stack, update, draw only when needed.

Why it is built this way:
- Idle is idle: the loop draws and shows only while a visible scene is dirty or something
  animates. Otherwise it sleeps (`ui/idle.py`) until an event comes or the next timer a
  scene asked for is due (`Scene.wake_in_s`).
- A frame shows only the areas it changed when the scenes know them (`ui/areas.py`), the
  whole window after anything that may have left it unlike the surface.
- Scene changes are queued by scenes and applied at the end of each frame, so a scene never
  disappears in the middle of its own event handler.
- The crash guard: an exception anywhere in a frame writes a crash report (with the
  running match's preset, seed and action log; the match itself is autosaved after every
  action) and shows a friendly message instead of closing the window.
- `step(dt_s)` runs exactly one frame, so tests drive the real loop frame by frame.
"""

from __future__ import annotations

import contextlib
import sys
import traceback
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from uno_desktop.lang.i18n import N_, _
from uno_desktop.lazy_logger import LazyLogger
from uno_desktop.play.clock import ManualClock
from uno_desktop.store.settings import fit_window_size
from uno_desktop.ui.areas import WindowShow, use_x11_framebuffer
from uno_desktop.ui.idle import EventWaiter
from uno_desktop.ui.scene import Scene, SceneStack
from uno_desktop.ui.window_fit import first_window_size, screen_size

if TYPE_CHECKING:
    from uno_desktop.store.storage import Settings
    from uno_desktop.ui.services import Services

log = LazyLogger(__name__)

WINDOW_TITLE = "UNO Desktop"
FPS = 60
#: the longest an idle loop sleeps before it runs a frame anyway (a safety net)
IDLE_WAIT_S = 3.0
#: the longest time step one frame may advance (after a sleep, a drag of the window, ...)
MAX_DT_S = 0.1
#: this many crashes in one run and the game gives up (a crash in the crash screen itself)
MAX_CRASHES = 3


class App:
    """The game window: owns the display surface, the scene stack and the loop."""

    def __init__(self, services: Services, *, fps: int = FPS, strict: bool = False) -> None:
        self.services = services
        self.stack = SceneStack()
        self.fps = fps
        #: strict: re-raise exceptions instead of showing the crash screen (--smoke, tests)
        self.strict = strict
        self.running = False
        self.frames_drawn = 0
        self.crashes = 0
        self.last_crash_report: Any = None
        self.screen: pygame.Surface | None = None
        self._clock: pygame.time.Clock | None = None
        self._fullscreen = False
        self._opened_size: tuple[int, int] | None = None
        self._f11_down = False  # F11 pressed in this window and not yet let go
        self.on_flip: Callable[[App], None] | None = None
        #: puts each frame drawn in the window (`last`: what the last frame showed)
        self.window = WindowShow()
        self._waiter = EventWaiter()
        services.listeners.append(self._settings_changed)
        services.wake = self._waiter.wake  # the phone server's thread wakes the idle loop

    # --- window
    def open_window(self, size: tuple[int, int] | None = None) -> pygame.Surface:
        """Create the window (resizable; full screen when the settings say so)."""
        pygame.display.init()
        use_x11_framebuffer()
        pygame.font.init()
        pygame.display.set_caption(WINDOW_TITLE)
        self._set_icon()
        settings = self.services.settings
        screen = screen_size()
        if size is None:
            self._window_size = first_window_size(settings, screen)
        else:
            self._window_size = fit_window_size(size, screen)
        self._opened_size = self._window_size
        self._fullscreen = False
        self.screen = pygame.display.set_mode(self._window_size, pygame.RESIZABLE)
        if settings.fullscreen:
            self.set_fullscreen(True)
        pygame.key.set_repeat(400, 40)
        self._clock = pygame.time.Clock()
        return self.screen

    def _set_icon(self) -> None:
        try:
            from uno_desktop.resources import asset

            path = asset("icon-64.png")
            if path.is_file():
                pygame.display.set_icon(pygame.image.load(str(path)))
        except (FileNotFoundError, OSError, pygame.error):
            log.info("no window icon")

    def set_fullscreen(self, on: bool) -> None:
        """Switch between a resizable window and full screen. The same window is asked to
        fill the desktop (the window manager is told, so it lets the window cover panels
        and gives back the window's own size and place on the way back); where pygame has
        no window object, the display mode is set anew instead."""
        if on == self._fullscreen:
            return
        try:
            window = _display_window()
            if window is not None:
                if on:
                    window.set_fullscreen(desktop=True)
                else:
                    window.set_windowed()
                self.screen = pygame.display.get_surface()
            elif on:
                surf = pygame.display.get_surface()
                if surf is not None:
                    self._window_size = surf.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self._window_size, pygame.RESIZABLE)
            self._fullscreen = on
            self._waiter.forget_window()
        except pygame.error:
            log.exception("could not switch full screen")
        self._mark_all_dirty()

    def _settings_changed(self, settings: Settings) -> None:
        want = settings.fullscreen
        if self.screen is not None and want != self._fullscreen:
            self.set_fullscreen(want)
        self._mark_all_dirty()

    def _mark_all_dirty(self) -> None:
        """Draw every visible scene again and show the next frame whole."""
        for scene in self.stack.scenes:
            scene.dirty = True
        self.window.forget()

    # --- scenes
    def start(self, scene: Scene) -> None:
        """Put the first scene on the stack (applied at once)."""
        self.stack.push(scene)
        self.stack.apply_pending()

    # --- the loop
    def run(
        self,
        *,
        until: Callable[[], bool] | None = None,
        max_frames: int | None = None,
        fixed_dt_s: float | None = None,
        idle_wait: bool = True,
    ) -> int:
        """Run frames until the window closes, the stack empties or `until()` is true.

        Returns 0 normally, 3 when `max_frames` ran out first. `fixed_dt_s` advances time
        by that much per frame without sleeping (smoke runs), also moving `services.clock`
        when it is a manual clock.
        """
        self.running = True
        frames = 0
        while self.running and self.stack.scenes:
            if until is not None and until():
                return 0
            if max_frames is not None and frames >= max_frames:
                return 3
            frames += 1
            events: list[pygame.event.Event] | None = None
            if fixed_dt_s is not None:
                dt_s = fixed_dt_s
                clock = self.services.clock
                if isinstance(clock, ManualClock):  # time goes on by hand (--smoke, tests)
                    clock.advance(fixed_dt_s)
            else:
                if idle_wait and not (self.stack.dirty or self.stack.animating):
                    events = self.wait_for_events(self.idle_timeout_s())
                assert self._clock is not None
                # The first frame is not held back to the frame rate: it is the start-up.
                cap = self.fps if frames > 1 else 0
                dt_s = min(MAX_DT_S, self._clock.tick(cap) / 1000.0)
            self.step(dt_s, events)
            if frames == 1 and self.running:
                self.services.open_sounds()  # the first frame made no sound: it waited for none
        self.save_window_size()
        self.services.close_phones()
        return 0

    def idle_timeout_s(self) -> float:
        """How long the loop may sleep: until the earliest timer a scene asked for."""
        wakes = [w for s in self.stack.scenes if (w := s.wake_in_s()) is not None]
        return max(0.0, min([IDLE_WAIT_S, *wakes]))

    def wait_for_events(self, timeout_s: float) -> list[pygame.event.Event]:
        """Sleep until input arrives or `timeout_s` passes; the events (maybe none)."""
        return self._waiter.wait(timeout_s)

    def step(self, dt_s: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One frame: events, update, draw if needed, queued scene changes. True if drawn."""
        try:
            return self._frame(dt_s, events)
        except Exception as exc:
            if self.strict:
                raise
            self.crash(exc)
            return False

    def _frame(self, dt_s: float, events: list[pygame.event.Event] | None) -> bool:
        for event in pygame.event.get() if events is None else events:
            self.handle_event(event)
        phones = self.services.phones
        if phones is not None and phones.pump():
            self._mark_all_dirty()  # a phone joined or left: the panel and the labels say so
        self.stack.update(dt_s)
        if phones is not None:
            phones.publish()  # a computer's move reaches the phones in this frame
        self._show_storage_notices()
        drew = False
        if self.stack.scenes and (self.stack.dirty or self.stack.animating):
            self.draw()
            drew = True
        self.stack.apply_pending()
        return drew

    def _show_storage_notices(self) -> None:
        """A save that failed mid-match (full disk, read-only folder) is told at once, over
        whatever is on screen, and to every phone; play goes on under it (OK takes it
        down). The title shows its own."""
        storage = self.services.storage
        if storage is None or not storage.has_notices:
            return
        top = self.stack.top
        if top is None or not top.notices_on_top:
            return
        text = "\n".join(storage.take_notices())  # already translated by storage
        notice = self.services.scenes.message(N_("Good to know"), lambda: text)
        notice.pauses_play = False  # computers and phones keep playing under it
        self.stack.push(notice)
        if self.services.phones is not None:
            self.services.phones.notice(text)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_F11:
            # switched on the release: a window that changes under a held key never sees
            # it let go, and pygame then repeats the press (full screen on, off, on...)
            if event.type == pygame.KEYDOWN:
                self._f11_down = True
            elif self._f11_down:
                self._f11_down = False
                self.services.update_settings(fullscreen=not self._fullscreen)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface()
            self._mark_all_dirty()
        elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self._mark_all_dirty()
        self.stack.handle_event(event)

    def draw(self) -> None:
        surface = pygame.display.get_surface()
        if surface is None:
            return
        self.window.show(self.stack.draw(surface), surface.get_size())
        self.frames_drawn += 1
        if self.on_flip is not None:
            self.on_flip(self)

    def save_window_size(self) -> None:
        """Remember the size the player gave the window, for the next start (not the
        full-screen size, nor the size the game chose for this screen: a window never
        resized opens at the largest that fits the next screen)."""
        surf = pygame.display.get_surface() if pygame.display.get_init() else None
        if surf is None or self._fullscreen:
            return
        size = surf.get_size()
        if size == self._opened_size:
            return
        settings = self.services.settings
        if tuple(settings.window_size) != size or not settings.window_size_chosen:
            with contextlib.suppress(TypeError, ValueError):
                self.services.update_settings(window_size=size, window_size_chosen=True)

    # --- the crash guard
    def crash_context(self) -> dict[str, Any]:
        """Preset, seed and action log of the running match, for the crash report."""
        match = self.services.match
        if match is None:
            return {"scenes": [type(s).__name__ for s in self.stack.scenes]}
        ctx: dict[str, Any] = {
            "scenes": [type(s).__name__ for s in self.stack.scenes],
            "preset": match.preset,
            "seed": match.seed,
        }
        try:
            ctx["match"] = match.to_dict()
        except Exception as exc:  # the report must be written even if the match is broken
            ctx["match"] = f"unavailable: {exc!r}"
        return ctx

    def crash(self, exc: BaseException) -> None:
        """Write a crash report and show a friendly message (give up after MAX_CRASHES).
        The match is left (the message leads to the title): its phones are let go."""
        self.crashes += 1
        self.services.close_phones()
        traceback.print_exception(exc, file=sys.stderr)
        storage = self.services.storage
        path = None
        if storage is not None:
            try:
                path = storage.write_crash_report(exc, self.crash_context())
            except Exception:
                log.exception("could not write the crash report")
        self.last_crash_report = path
        if self.crashes >= MAX_CRASHES:
            self.running = False
            raise SystemExit(1) from exc
        self.show_crash_message(path)

    def show_crash_message(self, path: Any) -> None:
        if path is not None:
            text = _(
                "The game ran into a problem it did not expect. Your match is saved: choose "
                "Continue on the title screen to play on. A report for the developers was "
                "written to {path}"
            ).format(path=str(path))
        else:
            text = _(
                "The game ran into a problem it did not expect. Your match is saved: choose "
                "Continue on the title screen to play on."
            )
        services = self.services
        stack = SceneStack()  # the old stack may be the broken part: start clean

        def to_title() -> None:
            stack.clear_to(services.scenes.title())

        stack.push(
            services.scenes.message(
                N_("Oops! Something went wrong"),
                lambda: text,
                button=N_("Back to title"),
                on_close=to_title,
            )
        )
        stack.apply_pending()
        self.stack = stack
        self.window.forget()


def _display_window() -> Any:
    """The display module's window as a `pygame.Window` (pygame-ce 2.4 and later), or
    None. Only its full-screen switch is used; drawing stays with the display module."""
    window_type = getattr(pygame, "Window", None)
    if window_type is None or pygame.display.get_surface() is None:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # it warns of drawing through it
        return window_type.from_display_module()
