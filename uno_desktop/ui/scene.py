"""The scene protocol and the scene stack (DESIGN.md: UI).

Input travels from the top scene down until one consumes it; drawing starts from the
topmost opaque scene. Scene changes are queued and applied at the end of a frame. A
frame's drawing tells the window where it changed (`ui/areas.py`): only when every
scene drawn knows its own areas and the same scenes drew the frame before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame


class Scene:
    """Base class. Override what you need; all methods have safe defaults."""

    #: an overlay lets the scenes below it draw first (colour picker, pause menu)
    transparent: bool = False
    #: a storage notice may pop up over this scene (not over the title or a notice)
    notices_on_top: bool = True
    #: over the table, the match waits while this scene is up (the pause menu, a
    #: question); a notice that only tells (a save that failed) sets it False
    pauses_play: bool = True

    def __init__(self) -> None:
        self.stack: SceneStack | None = None
        #: set True whenever something visible changed; the app redraws only then
        self.dirty = True

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None:
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed."""
        return False

    def update(self, dt_s: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the scene; returns the areas of `surface` that differ from this scene's
        last frame there, or None when it does not know them (the whole window)."""
        return None

    @property
    def animating(self) -> bool:
        """True while the scene needs frames even without input (tweens)."""
        return False

    def wake_in_s(self) -> float | None:
        """Seconds until the scene must run a frame though nothing moves and no input
        came (a message to take down, a computer's move due); None: only on input."""
        return None


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self._drawn: list[Scene] = []  # the scenes the last frame drew, bottom first

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    # --- queued changes (applied by `apply_pending`, at the end of a frame)
    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        def do() -> None:
            self._pop()
            self._push(scene)

        self._pending.append(do)

    def clear_to(self, scene: Scene) -> None:
        def do() -> None:
            while self.scenes:
                self._pop()
            self._push(scene)

        self._pending.append(do)

    def apply_pending(self) -> bool:
        changed = bool(self._pending)
        while self._pending:
            self._pending.pop(0)()
        return changed

    def _push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        scene.stack = self
        self.scenes.append(scene)
        scene.enter()
        scene.dirty = True

    def _pop(self) -> None:
        if not self.scenes:
            return
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
            self.scenes[-1].dirty = True

    # --- per frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        for scene in reversed(self.scenes):
            if scene.handle_event(event):
                return True
            if not scene.transparent:
                break
        return False

    def update(self, dt_s: float) -> None:
        for scene in list(self.scenes):
            scene.update(dt_s)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque scene up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].transparent:
                start = i
                break
        return self.scenes[start:]

    @property
    def dirty(self) -> bool:
        return any(s.dirty for s in self.visible())

    @property
    def animating(self) -> bool:
        return any(s.animating for s in self.scenes)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the visible scenes; returns the areas the frame changed (None: the whole
        window), as `Scene.draw` does. Other scenes than the last frame's mean the whole."""
        visible = self.visible()
        areas: list[pygame.Rect] | None = [] if visible == self._drawn else None
        for scene in visible:
            changed = scene.draw(surface)
            scene.dirty = False
            if areas is not None and changed is not None:
                areas += changed
            else:
                areas = None
        self._drawn = visible
        return areas
