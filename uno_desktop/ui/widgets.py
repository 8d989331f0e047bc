"""Menu widgets and the menu-scene base: buttons, labels, text fields, choices, toggles, sliders.

Every widget is reachable from the keyboard (Tab/Shift-Tab and Up/Down move a visible focus
ring, Enter/Space activates, Left/Right changes a value, Esc goes back) and from the mouse
(hover, click). Scenes place widgets by setting `widget.rect` in `layout`; sizes come from
`scale_for(size, ui_scale)` so everything grows with the window and the UI-size setting.
Texts are msgids translated at draw time, so a language switch shows at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import pygame

from uno_desktop.i18n import _, language
from uno_desktop.render import theme
from uno_desktop.render.fonts import font
from uno_desktop.ui.scene import Scene

T = TypeVar("T")
#: a text: a msgid (translated when drawn) or a function giving the finished text
Text = str | Callable[[], str]

BASE_SIZE = (1280, 720)
TEXT_FIELD_RGB = (250, 248, 240)
FOCUS_RGB = theme.ACCENT_RGB
FOCUS_EDGE_RGB = (12, 20, 16)
#: the lowest panel opacity `draw_panel` is used with (the most felt shows through)
PANEL_ALPHA = 215
#: error text on a panel: the theme's danger red is too dark to read there (3:1)
ERROR_TEXT_RGB = (255, 156, 146)


def blend(fg: tuple[int, int, int], bg: tuple[int, int, int], alpha: int) -> tuple[int, int, int]:
    """`fg` drawn with `alpha` (0-255) over `bg`."""
    a = alpha / 255
    return (
        round(fg[0] * a + bg[0] * (1 - a)),
        round(fg[1] * a + bg[1] * (1 - a)),
        round(fg[2] * a + bg[2] * (1 - a)),
    )


#: a panel over the brightest felt: the worst background any panel text gets
PANEL_ON_FELT_RGB = blend(theme.PANEL_RGB, theme.TABLE_LIGHT_RGB, PANEL_ALPHA)

#: every text colour the menus draw, on its background, and whether the text is large
#: (at least 24 px bold or 30 px): checked against WCAG contrast (4.5:1, large 3:1)
TEXT_PAIRS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], bool]] = {
    "label on panel": (theme.TEXT_RGB, PANEL_ON_FELT_RGB, False),
    "secondary text on panel": (theme.TEXT_DIM_RGB, PANEL_ON_FELT_RGB, False),
    "heading on panel": (theme.ACCENT_RGB, PANEL_ON_FELT_RGB, False),
    "error on panel": (ERROR_TEXT_RGB, PANEL_ON_FELT_RGB, False),
    "toggle and slider value on panel": (theme.TEXT_RGB, PANEL_ON_FELT_RGB, False),
    "button": (theme.TEXT_DARK_RGB, theme.BUTTON_RGB, False),
    "button, hovered or focused": (theme.TEXT_DARK_RGB, theme.BUTTON_HOVER_RGB, False),
    "primary button": (theme.TEXT_DARK_RGB, theme.ACCENT_RGB, False),
    "primary button, focused": (theme.TEXT_DARK_RGB, theme.HIGHLIGHT_RGB, False),
    "choice value": (theme.TEXT_DARK_RGB, theme.BUTTON_RGB, False),
    "text field": (theme.TEXT_DARK_RGB, TEXT_FIELD_RGB, False),
    "screen title on felt": (theme.TEXT_RGB, theme.TABLE_LIGHT_RGB, True),
    "headline on felt": (theme.ACCENT_RGB, theme.TABLE_LIGHT_RGB, True),
    "hint plate": (theme.TEXT_RGB, PANEL_ON_FELT_RGB, False),
}


def text_of(text: Text) -> str:
    """The visible text now (translating msgids in the current language)."""
    return text() if callable(text) else _(text)


MIN_SCALE = 0.45
MAX_SCALE = 3.0


def scale_for(size: tuple[int, int], ui_scale: float = 1.0) -> float:
    """How much bigger than the 1280x720 design everything is drawn."""
    s = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]) * ui_scale
    return max(MIN_SCALE, min(MAX_SCALE, s))


def draw_text(
    surface: pygame.Surface,
    text: str,
    size_px: int,
    color: tuple[int, int, int],
    *,
    center: tuple[int, int] | None = None,
    topleft: tuple[int, int] | None = None,
    midleft: tuple[int, int] | None = None,
    midright: tuple[int, int] | None = None,
    bold: bool = False,
    shadow: bool = False,
    max_width: int | None = None,
) -> pygame.Rect:
    """Render one line of text at the given anchor (shrunk to `max_width` when given);
    returns the rect drawn."""
    if max_width is not None:
        size_px = fit_px(text, size_px, max_width, bold=bold)
    f = font(size_px, bold=bold)
    img = f.render(text, True, color)
    anchors = {"center": center, "topleft": topleft, "midleft": midleft, "midright": midright}
    kw = {k: v for k, v in anchors.items() if v is not None} or {"topleft": (0, 0)}
    rect = img.get_rect(**kw)
    if shadow:
        sh = f.render(text, True, (0, 0, 0))
        sh.set_alpha(90)
        surface.blit(sh, rect.move(max(1, size_px // 18), max(1, size_px // 18)))
    surface.blit(img, rect)
    return rect


def fit_px(text: str, size_px: int, width: int, *, bold: bool = False) -> int:
    """`size_px`, or smaller until `text` fits in `width` (never below 10 px).

    Why: a Swedish word or a large UI size must never spill out of its button.
    """
    px = max(10, int(size_px))
    while px > 10 and font(px, bold=bold).size(text)[0] > width:
        px = max(10, int(px * 0.92))
    return px


def fit_font(text: str, size_px: int, width: int, *, bold: bool = False) -> pygame.font.Font:
    """The font of `fit_px`."""
    return font(fit_px(text, size_px, width, bold=bold), bold=bold)


def wrap_text(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines no wider than `width` (paragraphs kept on "\\n")."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


_backdrop_cache: dict[tuple[int, int], pygame.Surface] = {}


def draw_backdrop(surface: pygame.Surface) -> None:
    """The felt table with a soft centre light and darker edges (cached per window size)."""
    size = surface.get_size()
    bg = _backdrop_cache.get(size)
    if bg is None:
        _backdrop_cache.clear()
        bg = pygame.Surface(size)
        bg.fill(theme.TABLE_DARK_RGB)
        w, h = size
        steps = 24
        for i in range(steps):
            t = i / (steps - 1)
            col = tuple(
                int(a + (b - a) * t)
                for a, b in zip(theme.TABLE_DARK_RGB, theme.TABLE_LIGHT_RGB, strict=True)
            )
            rw, rh = int(w * (1.5 - 1.0 * t)), int(h * (1.5 - 1.0 * t))
            pygame.draw.ellipse(
                bg, col, pygame.Rect(0, 0, rw, rh).move((w - rw) // 2, (h - rh) // 2)
            )
        _backdrop_cache[size] = bg
    surface.blit(bg, (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, scale: float, alpha: int = 215) -> None:
    """A rounded, slightly see-through dark panel behind a group of widgets."""
    radius = max(6, int(18 * scale))
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.PANEL_RGB, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(
        panel, (*theme.PANEL_BORDER_RGB, 255), panel.get_rect(), max(1, int(2 * scale)), radius
    )
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=radius)
    off = max(2, int(6 * scale))
    surface.blit(shadow, rect.move(off, off))
    surface.blit(panel, rect)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float, radius: int) -> None:
    """The keyboard focus: a thick yellow ring with a dark edge, so it shows on the light
    buttons, the dark panels and the green felt alike."""
    width = max(3, int(4 * scale))
    ring = rect.inflate(int(12 * scale) + 2 * width, int(12 * scale) + 2 * width)
    pygame.draw.rect(surface, FOCUS_EDGE_RGB, ring.inflate(4, 4), width + 4, radius + 2)
    pygame.draw.rect(surface, FOCUS_RGB, ring, width, radius)


# --- widgets -----------------------------------------------------------------------------
class Widget:
    """Base: a rect, focus and hover state; override `on_key`, `on_click`, `draw`."""

    focusable = True

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.hovered = False
        self.enabled = True
        self.visible = True
        self.scale = 1.0

    def wants(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def on_key(self, event: pygame.event.Event) -> bool:
        """A key while focused; True when consumed."""
        return False

    def on_text(self, text: str) -> bool:
        """Typed text while focused (TEXTINPUT); True when consumed."""
        return False

    def on_click(self, pos: tuple[int, int]) -> None:
        """A full click (button pressed and released on this widget)."""

    def on_drag(self, pos: tuple[int, int]) -> None:
        """The mouse moves with the button held after pressing on this widget."""

    def draw(self, surface: pygame.Surface) -> None: ...

    def draw_focus(self, surface: pygame.Surface) -> None:
        if self.focused:
            draw_focus_ring(surface, self.rect, self.scale, int(16 * self.scale))


class Label(Widget):
    """A line (or wrapped block) of text; not focusable."""

    focusable = False

    def __init__(
        self,
        text: Text,
        size_px: int = 26,
        *,
        color: tuple[int, int, int] = theme.TEXT_RGB,
        align: str = "left",
        bold: bool = False,
        wrap: bool = False,
    ) -> None:
        super().__init__()
        self.text, self.size_px, self.color = text, size_px, color
        self.align, self.bold, self.wrap = align, bold, wrap

    def _lines(self) -> tuple[pygame.font.Font, list[str]]:
        """The font and lines as drawn: wrapped to the rect, or one line shrunk to fit it."""
        px = int(self.size_px * self.scale)
        text = text_of(self.text)
        if self.wrap:
            f = font(px, bold=self.bold)
            return f, wrap_text(text, f, self.rect.width)
        return fit_font(text, px, max(1, self.rect.width), bold=self.bold), [text]

    def line_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Each drawn line with the rect its ink covers (for drawing and layout checks)."""
        f, lines = self._lines()
        y = (
            self.rect.top
            if self.wrap or len(lines) > 1
            else self.rect.centery - f.get_height() // 2
        )
        out: list[tuple[str, pygame.Rect]] = []
        for line in lines:
            w, h = f.size(line)
            r = pygame.Rect(0, 0, w, h)
            if self.align == "center":
                r.midtop = (self.rect.centerx, y)
            elif self.align == "right":
                r.topright = (self.rect.right, y)
            else:
                r.topleft = (self.rect.left, y)
            out.append((line, r))
            y += f.get_linesize()
        return out

    def text_rect(self) -> pygame.Rect:
        """The rect the label's text really covers (may be taller than `rect` when wrapped)."""
        rects = [r for line, r in self.line_rects() if line]
        if not rects:
            return pygame.Rect(self.rect.topleft, (0, 0))
        return rects[0].unionall(rects[1:])

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        f, _lines = self._lines()
        for line, r in self.line_rects():
            surface.blit(f.render(line, True, self.color), r)


class Button(Widget):
    """A rounded button; `on_press()` runs on click, Enter or Space."""

    def __init__(self, text: Text, on_press: Callable[[], None], *, primary: bool = False) -> None:
        super().__init__()
        self.text, self.on_press, self.primary = text, on_press, primary
        self.pressed = False

    def activate(self) -> None:
        if self.enabled:
            self.on_press()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.activate()
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        s = self.scale
        radius = max(4, int(14 * s))
        if not self.enabled:
            body, ink = theme.BUTTON_DISABLED_RGB, (70, 84, 78)
        elif self.primary:
            body = theme.HIGHLIGHT_RGB if self.hovered or self.focused else theme.ACCENT_RGB
            ink = theme.TEXT_DARK_RGB
        else:
            body = theme.BUTTON_HOVER_RGB if self.hovered or self.focused else theme.BUTTON_RGB
            ink = theme.TEXT_DARK_RGB
        r = self.rect.move(0, int(2 * s)) if self.pressed else self.rect
        shadow = self.rect.move(0, max(2, int(5 * s)))
        dark = theme.ACCENT_DARK_RGB if self.primary and self.enabled else (90, 96, 88)
        pygame.draw.rect(surface, dark, shadow, border_radius=radius)
        pygame.draw.rect(surface, body, r, border_radius=radius)
        draw_text(
            surface,
            text_of(self.text),
            int(30 * s),
            ink,
            center=r.center,
            bold=self.primary,
            max_width=r.width - int(16 * s),
        )
        self.draw_focus(surface)


class TextInput(Widget):
    """A one-line text field (player names, the custom rule's text)."""

    def __init__(
        self, value: str = "", *, max_len: int = 24, on_change: Callable[[str], None] | None = None
    ) -> None:
        super().__init__()
        self.value, self.max_len, self.on_change = value, max_len, on_change

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.value)

    def on_text(self, text: str) -> bool:
        room = self.max_len - len(self.value)
        if room > 0 and text.isprintable():
            self.value += text[:room]
            self._changed()
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            self._changed()
            return True
        # Space arrives as TEXTINPUT; swallow its KEYDOWN so it never "activates" anything.
        return event.key == pygame.K_SPACE

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        s = self.scale
        radius = max(3, int(8 * s))
        pygame.draw.rect(surface, TEXT_FIELD_RGB, self.rect, border_radius=radius)
        pygame.draw.rect(surface, (120, 130, 124), self.rect, max(1, int(2 * s)), radius)
        px = int(26 * s)
        pad = int(10 * s)
        f = font(px)
        img = f.render(self.value, True, theme.TEXT_DARK_RGB)
        clip = self.rect.inflate(-2 * pad, 0)
        visible = img.get_rect(midleft=(clip.left, self.rect.centery))
        if visible.width > clip.width:  # keep the end (where the caret is) in view
            visible.right = clip.right
        prev = surface.get_clip()
        surface.set_clip(clip.clip(prev) if prev else clip)
        surface.blit(img, visible)
        surface.set_clip(prev)
        if self.focused:
            x = min(visible.right + 2, clip.right)
            pygame.draw.line(
                surface,
                theme.TEXT_DARK_RGB,
                (x, self.rect.top + pad // 2 + 2),
                (x, self.rect.bottom - pad // 2 - 2),
                max(1, int(2 * s)),
            )
        self.draw_focus(surface)


class Choice(Widget, Generic[T]):
    """One value out of a list, shown as ‹ value ›; Left/Right or a click on either half."""

    def __init__(
        self,
        options: Sequence[tuple[T, Text]],
        value: T,
        on_change: Callable[[T], None] | None = None,
        *,
        wrap: bool = True,
    ) -> None:
        super().__init__()
        self.options = list(options)
        self.on_change = on_change
        self.wrap = wrap
        values = [v for v, _t in self.options]
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> T:
        return self.options[self.index][0]

    def set_value(self, value: T) -> None:
        values = [v for v, _t in self.options]
        if value in values:
            self.index = values.index(value)

    def step(self, delta: int) -> None:
        n = len(self.options)
        new = (self.index + delta) % n if self.wrap else max(0, min(n - 1, self.index + delta))
        if new != self.index:
            self.index = new
            if self.on_change is not None:
                self.on_change(self.value)

    def label(self) -> str:
        return text_of(self.options[self.index][1])

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.step(+1)
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> None:
        self.step(-1 if pos[0] < self.rect.left + self.rect.width // 4 else +1)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        s = self.scale
        radius = max(3, int(10 * s))
        body = theme.BUTTON_HOVER_RGB if self.hovered or self.focused else theme.BUTTON_RGB
        pygame.draw.rect(
            surface, (90, 96, 88), self.rect.move(0, max(1, int(3 * s))), border_radius=radius
        )
        pygame.draw.rect(surface, body, self.rect, border_radius=radius)
        ah = self.rect.height // 4
        for side in (-1, 1):
            cx = self.rect.left + ah * 2 if side < 0 else self.rect.right - ah * 2
            cy = self.rect.centery
            pts = [
                (cx + side * ah // 2, cy),
                (cx - side * ah // 2, cy - ah),
                (cx - side * ah // 2, cy + ah),
            ]
            pygame.draw.polygon(surface, theme.ACCENT_DARK_RGB, pts)
        draw_text(
            surface,
            self.label(),
            int(26 * s),
            theme.TEXT_DARK_RGB,
            center=self.rect.center,
            max_width=self.rect.width - ah * 6,
        )
        self.draw_focus(surface)


class Stepper(Choice[int]):
    """A whole number in [low, high] (number of players, target score, amounts)."""

    def __init__(
        self,
        low: int,
        high: int,
        value: int,
        on_change: Callable[[int], None] | None = None,
        *,
        step: int = 1,
        fmt: Callable[[int], str] = str,
    ) -> None:
        opts: list[tuple[int, Text]] = [
            (v, (lambda v=v: fmt(v))) for v in range(low, high + 1, step)
        ]
        super().__init__(opts, max(low, min(high, value)), on_change, wrap=False)


class Toggle(Widget):
    """On/off switch; Enter/Space/click flips it."""

    def __init__(self, value: bool, on_change: Callable[[bool], None] | None = None) -> None:
        super().__init__()
        self.value, self.on_change = value, on_change

    def flip(self) -> None:
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.flip()
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.value != (event.key == pygame.K_RIGHT):
                self.flip()
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> None:
        self.flip()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        s = self.scale
        h = self.rect.height
        track = pygame.Rect(0, 0, int(h * 1.9), int(h * 0.8))
        track.midleft = self.rect.midleft
        col = theme.SUCCESS_RGB if self.value else theme.BUTTON_DISABLED_RGB
        pygame.draw.rect(surface, col, track, border_radius=track.height // 2)
        knob_x = track.right - track.height // 2 if self.value else track.left + track.height // 2
        pygame.draw.circle(
            surface, theme.BUTTON_RGB, (knob_x, track.centery), int(track.height * 0.42)
        )
        word = _("On") if self.value else _("Off")
        draw_text(
            surface,
            word,
            int(26 * s),
            theme.TEXT_RGB,
            midleft=(track.right + int(12 * s), track.centery),
        )
        if self.focused:
            draw_focus_ring(surface, track, s, track.height)


class Slider(Widget):
    """A value in [0, 1] (volume); Left/Right move by 0.1, click or drag sets it."""

    def __init__(self, value: float, on_change: Callable[[float], None] | None = None) -> None:
        super().__init__()
        self.value, self.on_change = max(0.0, min(1.0, value)), on_change

    def set(self, value: float) -> None:
        value = round(max(0.0, min(1.0, value)), 2)
        if not math.isclose(value, self.value):
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def _track(self) -> pygame.Rect:
        r = self.rect.inflate(-int(self.rect.height * 0.6), 0)
        return pygame.Rect(
            r.left,
            self.rect.centery - max(2, self.rect.height // 10),
            r.width - int(70 * self.scale),
            max(4, self.rect.height // 5),
        )

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.set(self.value + (0.1 if event.key == pygame.K_RIGHT else -0.1))
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> None:
        self.on_drag(pos)

    def on_drag(self, pos: tuple[int, int]) -> None:
        t = self._track()
        if t.width > 0:
            self.set((pos[0] - t.left) / t.width)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        s = self.scale
        t = self._track()
        pygame.draw.rect(surface, theme.BUTTON_DISABLED_RGB, t, border_radius=t.height // 2)
        fill = t.copy()
        fill.width = int(t.width * self.value)
        pygame.draw.rect(surface, theme.ACCENT_RGB, fill, border_radius=t.height // 2)
        knob = (t.left + fill.width, t.centery)
        pygame.draw.circle(surface, theme.BUTTON_RGB, knob, int(self.rect.height * 0.32))
        if self.focused:
            draw_focus_ring(surface, self.rect, s, int(12 * s))
        draw_text(
            surface,
            f"{round(self.value * 100)} %",
            int(24 * s),
            theme.TEXT_RGB,
            midleft=(t.right + int(16 * s), t.centery),
        )


# --- focus and events ---------------------------------------------------------------------
class FocusGroup:
    """The widgets of one screen: routes mouse and keyboard events, keeps one focused."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self._pressed: Widget | None = None
        self.focus_index: int | None = None

    @property
    def focused(self) -> Widget | None:
        if self.focus_index is None or self.focus_index >= len(self.widgets):
            return None
        return self.widgets[self.focus_index]

    def set_widgets(self, widgets: Sequence[Widget]) -> None:
        old = self.focused
        self.widgets = list(widgets)
        self.focus_index = None
        if old is not None and old in self.widgets and old.wants():
            self.focus(old)
        else:
            self.focus_first()

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = False
        self.focus_index = None
        if widget is not None and widget in self.widgets:
            widget.focused = True
            self.focus_index = self.widgets.index(widget)

    def focus_first(self) -> None:
        self.focus(next((w for w in self.widgets if w.wants()), None))

    def move(self, delta: int) -> None:
        order = [w for w in self.widgets if w.wants()]
        if not order:
            return
        cur = self.focused
        i = order.index(cur) if cur in order else (-1 if delta > 0 else 0)
        self.focus(order[(i + delta) % len(order)])

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for w in reversed(self.widgets):
            if w.wants() and w.rect.collidepoint(pos):
                return w
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when a widget used the event (the scene should then redraw)."""
        if event.type == pygame.MOUSEMOTION:
            hit = self.widget_at(event.pos)
            changed = False
            for w in self.widgets:
                if w.hovered != (w is hit):
                    w.hovered = w is hit
                    changed = True
            if self._pressed is not None and event.buttons and event.buttons[0]:
                self._pressed.on_drag(event.pos)
                return True
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.widget_at(event.pos)
            if hit is None:
                return False
            self._pressed = hit
            self.focus(hit)
            if isinstance(hit, Button):
                hit.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            if pressed is None:
                return False
            if isinstance(pressed, Button):
                pressed.pressed = False
            if pressed.rect.collidepoint(event.pos) and pressed.wants():
                pressed.on_click(event.pos)
            return True
        if event.type == pygame.TEXTINPUT:
            w = self.focused
            return w is not None and w.on_text(event.text)
        if event.type == pygame.KEYDOWN:
            w = self.focused
            if w is not None and w.on_key(event):
                return True
            if event.key == pygame.K_TAB:
                self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.move(1 if event.key == pygame.K_DOWN else -1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_LEFT) and not isinstance(
                w, (Choice, Toggle, Slider)
            ):
                self.move(1 if event.key == pygame.K_RIGHT else -1)
                return True
        return False

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        for w in self.widgets:
            w.scale = scale
            if not w.focused:
                w.draw(surface)
        if self.focused is not None:  # the focused widget last so its ring is on top
            self.focused.draw(surface)


# --- the menu-scene base ------------------------------------------------------------------
#: a layout that does not fit is tried again this much smaller, at most FIT_TRIES times
FIT_STEP = 0.92
FIT_TRIES = 14


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


class MenuScene(Scene):
    """A full-screen menu: backdrop, a title, widgets; Esc calls `back()`.

    Subclasses build widgets in `build()` (called again after a language change is not
    needed: texts translate at draw time) and place them in `layout(size, scale)`.
    Texts the scene draws itself (titles, headings) are placed in `layout` too, with
    `place_text`, so `layout_rects()` knows every rect before anything is drawn. When a
    layout does not fit the window (a large UI size on a small screen, long Swedish
    words), it is done again a little smaller until it fits.
    """

    title: Text = ""

    def __init__(self, services: Any) -> None:
        super().__init__()
        self.services = services
        self.group = FocusGroup()
        self._layout_key: tuple[int, int, float, str] | None = None
        self.scale = 1.0
        self.size: tuple[int, int] = BASE_SIZE
        #: texts the scene draws itself, placed in `layout`: name -> (text, rect, px, bold)
        self.texts: dict[str, tuple[str, pygame.Rect, int, bool]] = {}
        self.build()
        self.group.focus_first()

    # --- hooks
    def build(self) -> None:
        """Create the widgets (self.group.set_widgets([...]))."""

    def layout(self, size: tuple[int, int], scale: float) -> None:
        """Set every widget's rect for this window size."""

    def back(self) -> None:
        """Esc: by default leave this screen."""
        if self.stack is not None:
            self.stack.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        """Anything the scene draws besides its widgets (under them)."""

    def extra_rects(self) -> dict[str, pygame.Rect]:
        """Rects of other things the scene draws that must not overlap (fans, rows)."""
        return {}

    # --- texts placed at layout time
    def place_text(
        self, name: str, text: str, size_px: int, *, bold: bool = False, **anchor: Any
    ) -> pygame.Rect:
        """Place one line of text (shrunk to the window width) and remember where."""
        px = fit_px(text, size_px, self.size[0] - int(24 * self.scale), bold=bold)
        rect = pygame.Rect((0, 0), font(px, bold=bold).size(text))
        for key, value in anchor.items():
            setattr(rect, key, value)
        self.texts[name] = (text, rect, px, bold)
        return rect

    def draw_placed(
        self, surface: pygame.Surface, name: str, color: tuple[int, int, int], shadow: bool = False
    ) -> None:
        """Draw a text placed by `place_text` where it was placed."""
        if name not in self.texts:
            return
        text, rect, px, bold = self.texts[name]
        draw_text(surface, text, px, color, center=rect.center, bold=bold, shadow=shadow)

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
                    elif isinstance(item, tuple):
                        for j, sub in enumerate(item):
                            if isinstance(sub, Widget):
                                names.setdefault(id(sub), f"{attr}[{i}][{j}]")
            elif isinstance(value, dict):
                for k, item in value.items():
                    if isinstance(item, Widget):
                        names.setdefault(id(item), f"{attr}[{k}]")
        return names

    def interactive_widgets(self) -> list[Widget]:
        """The widgets Tab can reach now, in Tab order."""
        return [w for w in self.group.widgets if w.wants()]

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
                if text_of(w.text):
                    out[f"text:{name}"] = w.text_rect()
            else:
                out[name] = w.rect.copy()
        for name, (_text, rect, _px, _bold) in self.texts.items():
            out[f"text:{name}"] = rect.copy()
        out.update(self.extra_rects())
        return out

    def layout_problems(self) -> list[str]:
        return rect_problems(self.layout_rects(), self.size)

    # --- plumbing
    def relayout(self, size: tuple[int, int] | None = None) -> None:
        """Place widgets now (also used by tests that need the rects before a frame)."""
        if size is None:
            surf = pygame.display.get_surface()
            size = surf.get_size() if surf is not None else BASE_SIZE
        ui = float(getattr(self.services.settings, "ui_scale", 1.0) or 1.0)
        self.size = (int(size[0]), int(size[1]))
        scale = scale_for(size, ui)
        for _try in range(FIT_TRIES):
            self._place(scale)
            if scale <= MIN_SCALE or not self.layout_problems():
                break
            scale = max(MIN_SCALE, scale * FIT_STEP)
        self._layout_key = self._key_for(self.size)
        self.dirty = True

    def _key_for(self, size: tuple[int, int]) -> tuple[int, int, float, str]:
        """What a layout depends on: window size, UI size and language (text widths)."""
        ui = float(getattr(self.services.settings, "ui_scale", 1.0) or 1.0)
        return (size[0], size[1], ui, language())

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

    def resume(self) -> None:
        super().resume()
        self._layout_key = None  # the settings (UI size) may have changed meanwhile
        if self.group.focused is None or not self.group.focused.wants():
            self.group.focus_first()  # the focus ring must always show somewhere

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._layout_key = None
            self.dirty = True
            return False
        if self._layout_key is None:
            self.relayout()
        if self.group.focused is None and event.type == pygame.KEYDOWN:
            self.group.focus_first()
        if self.group.handle_event(event):
            self.dirty = True
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            self.dirty = True
            return True
        return event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.TEXTINPUT,
        )

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._layout_key != self._key_for(size):
            self.relayout(size)
        if not self.transparent:
            draw_backdrop(surface)
        self.draw_content(surface)
        self.group.draw(surface, self.scale)

    def place_title(self, text: str, y: int) -> pygame.Rect:
        """Place the screen's big title centred at height `y`."""
        return self.place_text(
            "title", text, int(64 * self.scale), bold=True, center=(self.size[0] // 2, y)
        )

    def draw_title(self, surface: pygame.Surface, text: str | None = None, y: int = 0) -> None:
        """Draw the title placed by `place_title` (or, for old callers, `text` at `y`)."""
        if "title" in self.texts and (text is None or text == self.texts["title"][0]):
            self.draw_placed(surface, "title", theme.TEXT_RGB, shadow=True)
            return
        draw_text(
            surface,
            text or "",
            int(64 * self.scale),
            theme.TEXT_RGB,
            center=(surface.get_width() // 2, y),
            bold=True,
            shadow=True,
            max_width=surface.get_width() - int(24 * self.scale),
        )


def column(
    widgets: Sequence[Widget], center_x: int, top: int, width: int, height: int, gap: int
) -> int:
    """Stack widgets vertically, centred; returns the y below the last one."""
    y = top
    for w in widgets:
        w.rect = pygame.Rect(0, 0, width, height)
        w.rect.midtop = (center_x, y)
        y += height + gap
    return y
