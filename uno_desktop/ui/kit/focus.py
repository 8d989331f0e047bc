"""One focus system: the widgets of a screen, the one with the keyboard focus, and the
routing of mouse and keyboard events to them."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from uno_desktop.ui.kit.widgets import Button, Choice, Slider, Toggle, Widget


class FocusGroup:
    """The widgets of one screen: routes mouse and keyboard events, keeps one focused.

    Tab/Shift+Tab and Up/Down move the focus (Left/Right too, unless the focused widget
    uses them for its value); Enter/Space go to the focused widget.

    With `keyboard=False` the group only routes the pointer and never sets a focus: its
    widgets' keyboard focus belongs to the screen below (a non-modal dialog's buttons are
    stops of the table's focus ring), so two rings never show at once."""

    def __init__(self, widgets: Sequence[Widget] = (), *, keyboard: bool = True) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.keyboard = keyboard
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
        """Give `widget` the keyboard focus (None: nobody); a widget that did not have it
        hears `on_focus` (a text field then selects its text)."""
        if not self.keyboard:
            return
        was = self.focused
        for w in self.widgets:
            w.focused = False
        self.focus_index = None
        if widget is not None and widget in self.widgets:
            widget.focused = True
            self.focus_index = self.widgets.index(widget)
            if widget is not was:
                widget.on_focus()

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

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """Mouse events; True when a widget used it."""
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
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when a widget used the event (the screen should then redraw)."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.handle_pointer(event)
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
                w, Choice | Toggle | Slider
            ):
                self.move(1 if event.key == pygame.K_RIGHT else -1)
                return True
        return False

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        for w in self.widgets:
            w.scale = scale
        # the focused widget last so its ring is on top (whichever group gave the focus)
        for w in sorted(self.widgets, key=lambda w: w.focused):
            w.draw(surface)
