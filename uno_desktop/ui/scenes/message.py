"""A friendly notice: a title, a few sentences and one button.

Used for anything the player should read instead of a crash or a silent failure: a saved
match that could not be resumed, a problem found in the settings, a crash report's path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from uno_desktop.render import theme
from uno_desktop.render.fonts import font
from uno_desktop.ui.widgets import Button, MenuScene, Text, draw_panel, text_of, wrap_text


class MessageScene(MenuScene):
    """Shows `text` under `title`; the button (or Esc) runs `on_close` (default: go back)."""

    def __init__(
        self,
        services: Any,
        title: Text,
        text: Text,
        *,
        button: Text = "OK",
        on_close: Callable[[], None] | None = None,
    ) -> None:
        self.title = title
        self.text = text
        self.button_text = button
        self.on_close = on_close
        self._panel = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    def build(self) -> None:
        self.ok = Button(self.button_text, self.close, primary=True)
        self.group.set_widgets([self.ok])

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close()
        elif self.stack is not None:
            self.stack.pop()

    def back(self) -> None:
        self.close()

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        pw = min(w - int(40 * scale), int(820 * scale))
        f = font(int(28 * scale))
        lines = wrap_text(text_of(self.text), f, pw - int(80 * scale))
        ph = int(200 * scale) + len(lines) * f.get_linesize()
        self._panel = pygame.Rect(0, 0, pw, min(h - int(20 * scale), ph))
        self._panel.center = (w // 2, h // 2)
        self.ok.rect = pygame.Rect(0, 0, int(240 * scale), int(58 * scale))
        self.ok.rect.midbottom = (w // 2, self._panel.bottom - int(26 * scale))

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self._panel, s)
        big = font(int(44 * s), bold=True)
        title = big.render(text_of(self.title), True, theme.ACCENT_RGB)
        surface.blit(
            title, title.get_rect(midtop=(self._panel.centerx, self._panel.top + int(26 * s)))
        )
        f = font(int(28 * s))
        y = self._panel.top + int(26 * s) + big.get_linesize() + int(14 * s)
        for line in wrap_text(text_of(self.text), f, self._panel.width - int(80 * s)):
            img = f.render(line, True, theme.TEXT_RGB)
            surface.blit(img, img.get_rect(midtop=(self._panel.centerx, y)))
            y += f.get_linesize()
