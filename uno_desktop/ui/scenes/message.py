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
from uno_desktop.ui.kit import Button, Dialog, Text, draw_panel, text_of, wrap_words


class MessageScene(Dialog):
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
        self._body = pygame.Rect(0, 0, 0, 0)
        self._lines: list[str] = []
        super().__init__(services)

    def build(self) -> None:
        self.ok = Button(self.button_text, self.close, style="primary")
        self.group.set_widgets([self.ok])

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close()
        elif self.stack is not None:
            self.stack.pop()

    def back(self) -> None:
        self.close()

    def layout(self, size: tuple[int, int], scale: float) -> None:
        """Title, wrapped text and the button in a panel sized to the text."""
        w, h = size
        s = scale
        pw = min(w - int(40 * s), int(820 * s))
        f = font(int(28 * s))
        self._lines = wrap_words(text_of(self.text), int(28 * s), pw - int(80 * s))
        big_h = font(int(44 * s), bold=True).get_linesize()
        body_h = len(self._lines) * f.get_linesize()
        ph = int(26 * s) + big_h + int(14 * s) + body_h + int(26 * s) + int(58 * s) + int(26 * s)
        self._panel = pygame.Rect(0, 0, pw, ph)
        self._panel.center = (w // 2, h // 2)
        self.place_text(
            "title",
            text_of(self.title),
            int(44 * s),
            bold=True,
            midtop=(self._panel.centerx, self._panel.top + int(26 * s)),
        )
        top = self._panel.top + int(26 * s) + big_h + int(14 * s)
        widest = max((f.size(line)[0] for line in self._lines), default=0)
        self._body = pygame.Rect(0, top, widest, body_h)
        self._body.centerx = self._panel.centerx
        self.ok.rect = pygame.Rect(0, 0, int(240 * s), int(58 * s))
        self.ok.rect.midbottom = (w // 2, self._panel.bottom - int(26 * s))

    def extra_rects(self) -> dict[str, pygame.Rect]:
        return {"text:body": self._body.copy()}

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self._panel, s)
        self.draw_placed(surface, "title", theme.ACCENT_RGB)
        f = font(int(28 * s))
        y = self._body.top
        for line in self._lines:
            img = f.render(line, True, theme.TEXT_RGB)
            surface.blit(img, img.get_rect(midtop=(self._panel.centerx, y)))
            y += f.get_linesize()
