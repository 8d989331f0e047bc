"""The widgets every screen is built of: labels, buttons, text fields, choices, toggles,
sliders. Each is reachable from the keyboard (a `FocusGroup` moves a visible focus ring;
Enter/Space activates, Left/Right changes a value) and from the mouse (hover, click).
Screens place widgets by setting `widget.rect`; sizes come from the screen's scale.
Texts are msgids translated at draw time, so a language switch shows at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from uno_desktop.lang.i18n import _
from uno_desktop.play.names import typeable
from uno_desktop.render import theme
from uno_desktop.render.fonts import font, render, text_size
from uno_desktop.ui.kit.paint import (
    SELECTION_RGB,
    TEXT_FIELD_RGB,
    draw_focus_ring,
    paint_button,
)
from uno_desktop.ui.kit.text import (
    RGB,
    Text,
    current_floor,
    draw_text,
    fit_lines,
    text_of,
    wrap_words,
)

T = TypeVar("T")


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

    def on_focus(self) -> None:
        """The widget has just taken the keyboard focus (by click, Tab or arrow key)."""

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
        color: RGB = theme.TEXT_RGB,
        align: str = "left",
        bold: bool = False,
        wrap: bool = False,
    ) -> None:
        super().__init__()
        self.text, self.size_px, self.color = text, size_px, color
        self.align, self.bold, self.wrap = align, bold, wrap

    def _lines(self) -> tuple[int, list[str]]:
        """The size and lines as drawn: wrapped to the rect, or one line shrunk to fit it
        (wrapped when it does not fit at the floor)."""
        px = max(current_floor(), int(self.size_px * self.scale))
        text = text_of(self.text)
        if self.wrap:
            return px, wrap_words(text, px, self.rect.width, bold=self.bold)
        return fit_lines(text, px, max(1, self.rect.width), bold=self.bold)

    def line_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Each drawn line with the rect its ink covers (for drawing and layout checks)."""
        px, lines = self._lines()
        f = font(px, bold=self.bold)
        y = (
            self.rect.top
            if self.wrap or len(lines) > 1
            else self.rect.centery - f.get_height() // 2
        )
        out: list[tuple[str, pygame.Rect]] = []
        for line in lines:
            w, h = text_size(f, line)
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
        px, _lines = self._lines()
        for line, r in self.line_rects():
            draw_text(surface, line, px, self.color, bold=self.bold, topleft=r.topleft)


class Button(Widget):
    """A button; `on_press()` runs on a click, Enter or Space.

    `style` is "normal", "primary" (the main way on), "go" (confirm) or "danger";
    `key` names what it does, for screens that tell their buttons apart."""

    def __init__(
        self,
        text: Text,
        on_press: Callable[[], None] = lambda: None,
        *,
        style: str = "normal",
        key: str = "",
        enabled: bool = True,
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__()
        self.text, self.on_press, self.style, self.key = text, on_press, style, key
        self.enabled = enabled
        if rect is not None:
            self.rect = pygame.Rect(rect)
        self.pressed = False

    @property
    def primary(self) -> bool:
        return self.style == "primary"

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
        paint_button(
            surface,
            self.rect,
            text_of(self.text),
            self.scale,
            style=self.style,
            enabled=self.enabled,
            hover=self.hovered,
            focus=self.focused,
            pressed=self.pressed,
        )


class TextInput(Widget):
    """A one-line text field (player names, the custom rule's text). Taking the focus
    selects the whole text, so typing replaces it and Backspace clears it, as in any
    form: a family renames "Computer 1" by clicking it and typing "Farmor"."""

    def __init__(
        self, value: str = "", *, max_len: int = 24, on_change: Callable[[str], None] | None = None
    ) -> None:
        super().__init__()
        self.value, self.max_len, self.on_change = value, max_len, on_change
        self.selected = False  # the whole text is selected: the next key replaces it

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.value)

    def on_focus(self) -> None:
        self.selected = bool(self.value)

    def _take_selection(self) -> None:
        if self.selected:
            self.selected = False
            self.value = ""

    def on_text(self, text: str) -> bool:
        text = typeable(text)
        if not text:
            return True
        self._take_selection()
        room = self.max_len - len(self.value)
        if room > 0:
            self.value += text[:room]
        self._changed()
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            if self.selected:
                self._take_selection()
            else:
                self.value = self.value[:-1]
            self._changed()
            return True
        # Space arrives as TEXTINPUT; swallow its KEYDOWN so it never "activates" anything.
        return bool(event.key == pygame.K_SPACE)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        s = self.scale
        radius = max(3, int(8 * s))
        pygame.draw.rect(surface, TEXT_FIELD_RGB, self.rect, border_radius=radius)
        pygame.draw.rect(surface, (120, 130, 124), self.rect, max(1, int(2 * s)), radius)
        px = min(int(26 * s), int(self.rect.height * 0.72))  # a short row: smaller text
        pad = int(10 * s)
        f = font(max(current_floor(), px))
        img = render(f, self.value, theme.TEXT_DARK_RGB)
        clip = self.rect.inflate(-2 * pad, 0)
        visible = img.get_rect(midleft=(clip.left, self.rect.centery))
        if visible.width > clip.width and self.focused:  # the end (the caret's) in view
            visible.right = clip.right
        prev = surface.get_clip()
        surface.set_clip(clip.clip(prev) if prev else clip)
        if self.selected and self.focused:
            pygame.draw.rect(surface, SELECTION_RGB, visible.inflate(int(4 * s), int(2 * s)))
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
    """One value out of a list, shown as ‹ value ›; Left/Right or a click on either half.
    Enter and Space leave it alone (they press buttons): a person moving through a form
    with Enter must not change a seat or a rule on the way."""

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
        if event.key == pygame.K_RIGHT:
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
            min(int(26 * s), int(self.rect.height * 0.72)),  # a short row: smaller text
            theme.TEXT_DARK_RGB,
            center=self.rect.center,
            max_w=self.rect.width - ah * 6,
            box=self.rect,
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
        opts: list[tuple[int, Text]] = [(v, _shown(fmt, v)) for v in range(low, high + 1, step)]
        super().__init__(opts, max(low, min(high, value)), on_change, wrap=False)


def _shown(fmt: Callable[[int], str], value: int) -> Callable[[], str]:
    """`value` as `fmt` words it, when drawn (so a language change shows at once)."""
    return lambda: fmt(value)


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
    """A value in [0, 1] (volume); Left/Right move by 0.1, click or drag sets it. At 0 it
    says `zero_text` (e.g. "Off") when given, else "0 %"."""

    def __init__(
        self,
        value: float,
        on_change: Callable[[float], None] | None = None,
        *,
        zero_text: Text | None = None,
    ) -> None:
        super().__init__()
        self.value, self.on_change = max(0.0, min(1.0, value)), on_change
        self.zero_text = zero_text

    def value_text(self) -> str:
        if self.zero_text is not None and self.value <= 0:
            return text_of(self.zero_text)
        return f"{round(self.value * 100)} %"

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
            r.width - int(84 * self.scale),
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
        knob_r = int(self.rect.height * 0.32)
        pygame.draw.circle(surface, theme.BUTTON_RGB, knob, knob_r)
        if self.focused:
            draw_focus_ring(surface, self.rect, s, int(12 * s))
        draw_text(
            surface,
            self.value_text(),
            int(24 * s),
            theme.TEXT_RGB,
            midleft=(t.right + knob_r + int(8 * s), t.centery),  # clear of a full knob
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


def row(
    widgets: Sequence[Widget], center_x: int, top: int, width: int, height: int, gap: int
) -> None:
    """Place widgets side by side, centred on `center_x`."""
    n = len(widgets)
    x = center_x - (n * width + (n - 1) * gap) // 2
    for i, w in enumerate(widgets):
        w.rect = pygame.Rect(x + i * (width + gap), top, width, height)
