"""The one base for every screen and overlay built of widgets: menus, notices, and the
dialogs over the table (colour picker, hand-off, round end, ...).

A `Dialog` owns a `FocusGroup`, lays its widgets out for the window (`layout(size,
scale)`; a layout that leaves the window or overlaps itself is done again a little
smaller until it fits, `metrics.fit_scales`), draws a backdrop (full screens) or dims
what is below (modal overlays), and routes input: shortcut keys first (`shortcut`),
then the widgets, then Esc (`back`). A modal dialog swallows every input; a non-modal
one (the penalty banner) takes only what hits its own widgets, so the table below stays
playable, and holds no keyboard focus of its own: the scene below puts its buttons in
its own focus ring.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from uno_desktop.lang.i18n import language
from uno_desktop.render import theme
from uno_desktop.render.fonts import font, text_size
from uno_desktop.ui.kit.focus import FocusGroup
from uno_desktop.ui.kit.metrics import BASE_SIZE, MIN_SCALE, fit_scales
from uno_desktop.ui.kit.paint import dim, draw_backdrop
from uno_desktop.ui.kit.text import Text, draw_text, fit_px, use_floor
from uno_desktop.ui.kit.widgets import Button, Label, Widget
from uno_desktop.ui.scene import Scene

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services

RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def rect_problems(rects: dict[str, pygame.Rect], size: tuple[int, int]) -> list[str]:
    """Rects that leave the window or overlap another (empty list: a clean layout)."""
    screen = pygame.Rect((0, 0), size)
    problems: list[str] = []
    items = list(rects.items())
    for name, r in items:
        if not screen.contains(r):
            problems.append(f"{name} {r} leaves the {size[0]}x{size[1]} window")
    for i, (n1, r1) in enumerate(items):
        for n2, r2 in items[i + 1 :]:
            if r1.colliderect(r2):
                problems.append(f"{n1} {r1} overlaps {n2} {r2}")
    return problems


class Dialog(Scene):
    """A screen of widgets. Subclasses build widgets in `build()` and place them (and the
    texts they draw themselves, with `place_text`) in `layout(size, scale)`."""

    title: Text = ""
    #: False: a full screen on the felt backdrop; True: drawn over the scenes below
    transparent = False
    #: True: every input stops here; False: only what hits this dialog's widgets
    modal = True
    #: how dark an overlay makes what is below it (0: not at all)
    dim_alpha = 0

    def __init__(self, services: Services) -> None:
        super().__init__()
        self.services = services
        self.group = FocusGroup(keyboard=self.modal)
        #: the button Enter presses when the focused widget has no use for it (a value
        #: being chosen, a name typed); None: Enter does nothing there
        self.enter_button: Button | None = None
        self._layout_key: tuple[int, int, float, str] | None = None
        self.scale = 1.0
        self.size: tuple[int, int] = BASE_SIZE
        #: texts the scene draws itself, placed in `layout`: name -> (text, rect, px, bold,
        #: heading face)
        self.texts: dict[str, tuple[str, pygame.Rect, int, bool, bool]] = {}
        self.closed = False
        self._popped = False
        self.build()
        self.group.focus_first()

    # --- hooks
    def build(self) -> None:
        """Create the widgets (self.group.set_widgets([...]))."""

    def layout(self, size: tuple[int, int], scale: float) -> None:
        """Set every widget's rect (and placed text) for this window size."""

    def back(self) -> None:
        """Esc: by default leave this screen."""
        self.close()

    def shortcut(self, event: pygame.event.Event) -> bool:
        """A key that means something here whatever has the focus; True when used."""
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        """Anything the scene draws besides its widgets (under them)."""

    def extra_rects(self) -> dict[str, pygame.Rect]:
        """Rects of other things the scene draws that must not overlap (fans, rows)."""
        return {}

    # --- closing
    def close(self) -> None:
        """Leave this screen (once); if another scene is above it, as soon as it is on top."""
        if not self.closed:
            self.closed = True
            self._pop_if_top()

    def _pop_if_top(self) -> None:
        if not self._popped and self.stack is not None and self.stack.top is self:
            self._popped = True
            self.stack.pop()

    def update(self, dt_s: float) -> None:
        if self.closed:
            self._pop_if_top()

    # --- widgets
    @property
    def buttons(self) -> list[Button]:
        """The buttons on screen now, in focus order."""
        return [w for w in self.group.widgets if isinstance(w, Button) and w.visible]

    def interactive_widgets(self) -> list[Widget]:
        """The widgets Tab can reach now, in Tab order."""
        return [w for w in self.group.widgets if w.wants()]

    # --- texts placed at layout time
    def place_text(
        self,
        name: str,
        text: str,
        size_px: int,
        *,
        bold: bool = False,
        heading: bool = False,
        **anchor: Any,
    ) -> pygame.Rect:
        """Place one line of text (shrunk to the window width) and remember where."""
        width = self.size[0] - int(24 * self.scale)
        px = fit_px(text, size_px, width, bold=bold, heading=heading)
        rect = pygame.Rect((0, 0), text_size(font(px, bold=bold, heading=heading), text))
        for key, value in anchor.items():
            setattr(rect, key, value)
        self.texts[name] = (text, rect, px, bold, heading)
        return rect

    def draw_placed(
        self,
        surface: pygame.Surface,
        name: str,
        color: tuple[int, int, int],
        shadow: bool = False,
    ) -> None:
        """Draw a text placed by `place_text` where it was placed."""
        if name not in self.texts:
            return
        text, rect, px, bold, heading = self.texts[name]
        draw_text(
            surface,
            text,
            px,
            color,
            center=rect.center,
            bold=bold,
            heading=heading,
            shadow=shadow,
        )

    def place_title(self, text: str, y: int) -> pygame.Rect:
        """Place the screen's big title centred at height `y`."""
        return self.place_text(
            "title", text, int(64 * self.scale), heading=True, center=(self.size[0] // 2, y)
        )

    def draw_title(self, surface: pygame.Surface) -> None:
        """Draw the title placed by `place_title`."""
        self.draw_placed(surface, "title", theme.TEXT_RGB, shadow=True)

    # --- what is where (also for the layout tests)
    def widget_names(self) -> dict[int, str]:
        """A readable name for each widget: its attribute name (lists get [i], dicts [key])."""
        names: dict[int, str] = {}
        for attr, value in vars(self).items():
            if isinstance(value, Widget):
                names.setdefault(id(value), attr)
            elif isinstance(value, list | tuple):
                for i, item in enumerate(value):
                    if isinstance(item, Widget):
                        names.setdefault(id(item), f"{attr}[{i}]")
            elif isinstance(value, dict):
                for k, item in value.items():
                    if isinstance(item, Widget):
                        names.setdefault(id(item), f"{attr}[{k}]")
        return names

    def layout_rects(self) -> dict[str, pygame.Rect]:
        """Every laid-out rect that must stay inside the window and apart from the others:
        visible widgets (a label by the rect its text really covers), placed texts and the
        scene's extra rects. Lays out first if needed."""
        if self._layout_key is None:
            self.relayout(self.size)
        names = self.widget_names()
        out: dict[str, pygame.Rect] = {}
        for i, w in enumerate(self.group.widgets):
            if not w.visible:
                continue
            name = names.get(id(w), f"{type(w).__name__}#{i}")
            if isinstance(w, Label):
                if w.text and w.text_rect().w:
                    out[f"text:{name}"] = w.text_rect()
            else:
                out[name] = w.rect.copy()
        for name, (_text, rect, *_how) in self.texts.items():
            out[f"text:{name}"] = rect.copy()
        out.update(self.extra_rects())
        return out

    def frame_rects(self) -> dict[str, pygame.Rect]:
        """The panels that hold widgets (`panel`, `_panel`): inside the window, but free to
        hold the other rects."""
        out: dict[str, pygame.Rect] = {}
        for attr in ("panel", "_panel"):
            rect = getattr(self, attr, None)
            if isinstance(rect, pygame.Rect) and rect.w > 0 and rect.h > 0:
                out[attr] = rect.copy()
        return out

    def layout_problems(self) -> list[str]:
        problems = rect_problems(self.layout_rects(), self.size)
        screen = pygame.Rect((0, 0), self.size)
        for name, rect in self.frame_rects().items():
            if not screen.contains(rect):
                problems.append(f"{name} {rect} leaves the {self.size[0]}x{self.size[1]} window")
        return problems

    # --- plumbing
    def _ui_scale(self) -> float:
        return self.services.settings.ui_scale

    def _window_size(self) -> tuple[int, int]:
        surf = pygame.display.get_surface() if pygame.display.get_init() else None
        if surf is not None:
            return surf.get_size()
        w, h = self.services.settings.window_size
        return (int(w), int(h))

    def relayout(self, size: tuple[int, int] | None = None) -> None:
        """Place widgets now (also used by tests that need the rects before a frame)."""
        if size is None:
            size = self._window_size()
        self.size = (int(size[0]), int(size[1]))
        use_floor(self.size, self._ui_scale())
        for scale in fit_scales(self.size, self._ui_scale()):
            self._place(scale)
            if scale <= MIN_SCALE or not self.layout_problems():
                break
        self._layout_key = self._key_for(self.size)
        self.dirty = True

    def _key_for(self, size: tuple[int, int]) -> tuple[int, int, float, str]:
        """What a layout depends on: window size, UI size and language (text widths)."""
        return (size[0], size[1], self._ui_scale(), language())

    def _place(self, scale: float) -> None:
        self.scale = scale
        self.texts = {}
        for w in self.group.widgets:
            w.scale = scale
        self.layout(self.size, scale)
        self._layout_key = (self.size[0], self.size[1], -1.0, "")  # placed, not yet final

    def rebuild(self) -> None:
        """Rebuild the widgets (after their set changes) and place them again."""
        self.build()
        self._layout_key = None
        self.dirty = True

    def enter(self) -> None:
        if self._layout_key is None:
            self.relayout()

    def resume(self) -> None:
        super().resume()
        self._layout_key = None  # the settings (UI size) may have changed meanwhile
        if self.group.focused is None or not self.group.focused.wants():
            self.group.focus_first()  # the focus ring must always show somewhere

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in RESIZE_EVENTS:
            self._layout_key = None
            self.dirty = True
            return False
        if self.closed:
            return False
        if self._layout_key is None:
            self.relayout()
        if event.type == pygame.KEYDOWN and self.shortcut(event):
            self.dirty = True
            return True
        if not self.modal:
            if event.type in POINTER_EVENTS and self.group.handle_pointer(event):
                self.dirty = True
                return event.type != pygame.MOUSEMOTION
            return False
        if self.group.focused is None and event.type == pygame.KEYDOWN:
            self.group.focus_first()
        if self.group.handle_event(event):
            self.dirty = True
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            self.dirty = True
            return True
        enter = self.enter_button
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and enter is not None
            and enter.visible
            and enter.enabled
        ):
            enter.activate()
            self.dirty = True
            return True
        return event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.TEXTINPUT,
        )

    def draw(self, surface: pygame.Surface) -> None:
        if self.closed:
            return
        size = surface.get_size()
        if self._layout_key != self._key_for(size):
            self.relayout(size)
        use_floor(size, self._ui_scale())
        if not self.transparent:
            draw_backdrop(surface)
        elif self.dim_alpha:
            dim(surface, self.dim_alpha)
        self.draw_content(surface)
        self.group.draw(surface, self.scale)


class Overlay(Dialog):
    """A dialog over other scenes (the table below shows, dimmed)."""

    transparent = True
    dim_alpha = 110

    def panel_rect(self, size: tuple[int, int], w: int, h: int) -> pygame.Rect:
        """A panel of `w` x `h` centred in the window (never larger than it)."""
        r = pygame.Rect(0, 0, min(w, size[0] - 16), min(h, size[1] - 16))
        r.center = (size[0] // 2, size[1] // 2)
        return r

    def picked(self, then: Callable[[], None]) -> Callable[[], None]:
        """A button's action: close this dialog, then report the choice (once)."""

        def press() -> None:
            if not self.closed:
                self.close()
                then()

        return press
