"""A friendly notice: a title, a few sentences and one button (or a question with two).

Used for anything the player should read instead of a crash or a silent failure: a saved
match that could not be resumed, a problem found in the settings, a crash report's path;
and for the first-game tutorial's offer (on the first start) and its end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from uno_desktop.lang.i18n import N_
from uno_desktop.render import theme
from uno_desktop.render.fonts import font, render, text_size
from uno_desktop.ui.kit import Button, Dialog, Text, draw_panel, text_of, wrap_words

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services


class MessageScene(Dialog):
    """Shows `text` under `title`; the button (or Esc) runs `on_close` (default: go back)."""

    notices_on_top = False

    def __init__(
        self,
        services: Services,
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
        self.ok = Button(self.button_text, self.done, style="primary")
        self.group.set_widgets([self.ok])

    def done(self) -> None:
        """The button: `on_close` when given, else back to the screen below."""
        if self.on_close is not None:
            self.on_close()
        else:
            self.close()

    def back(self) -> None:
        self.done()

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
        widest = max((text_size(f, line)[0] for line in self._lines), default=0)
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
            img = render(f, line, theme.TEXT_RGB)
            surface.blit(img, img.get_rect(midtop=(self._panel.centerx, y)))
            y += f.get_linesize()


class ContinueOrReplaceScene(MessageScene):
    """Asked before a new match would replace the saved one: Continue it / Replace it /
    Back (as Esc: to New game without choosing)."""

    def __init__(
        self, services: Services, on_continue: Callable[[], None], on_replace: Callable[[], None]
    ) -> None:
        self._on_replace = on_replace
        super().__init__(
            services,
            N_("A match is waiting"),
            N_(
                "You have a saved match that is not finished. Continue it, or replace it "
                "with the new one? A replaced match is gone for good."
            ),
            button=N_("Continue it"),
            on_close=on_continue,
        )

    def build(self) -> None:
        super().build()
        self.replace_button = Button(N_("Replace it"), self._on_replace)
        self.back_button = Button(N_("Back"), self.back)
        self.group.set_widgets([self.ok, self.replace_button, self.back_button])

    def back(self) -> None:
        self.close()

    def layout(self, size: tuple[int, int], scale: float) -> None:
        """The three buttons side by side across the panel's foot."""
        super().layout(size, scale)
        gap = int(20 * scale)
        buttons = (self.ok, self.replace_button, self.back_button)
        bw = min(self.ok.rect.w, (self._panel.w - int(40 * scale) - 2 * gap) // 3)
        x = self._panel.centerx - (3 * bw + 2 * gap) // 2
        bottom = self.ok.rect.bottom
        for b in buttons:
            b.rect = pygame.Rect(0, 0, bw, self.ok.rect.h)
            b.rect.bottomleft = (x, bottom)
            x += bw + gap


class TutorialOfferScene(MessageScene):
    """New to UNO? Play the tutorial / Not now. Either answer is remembered, so the offer
    comes once; How to play keeps the tutorial within reach."""

    transparent = True
    dim_alpha = 200

    def __init__(self, services: Services) -> None:
        super().__init__(
            services,
            N_("New to UNO?"),
            N_(
                "Learn in one short round against two computers. Each step says what to do "
                "and lights the card to play."
            ),
            button=N_("Play the tutorial"),
            on_close=self.play,
        )

    def build(self) -> None:
        super().build()
        self.not_now = Button(N_("Not now"), self.back)
        self.group.set_widgets([self.ok, self.not_now])

    def _answered(self) -> None:
        self.services.update_settings(tutorial_offered=True)

    def play(self) -> None:
        self._answered()
        if self.stack is not None:
            self.stack.replace(self.services.scenes.tutorial())

    def back(self) -> None:
        """Not now (or Esc)."""
        self._answered()
        self.close()

    def layout(self, size: tuple[int, int], scale: float) -> None:
        super().layout(size, scale)
        gap = int(24 * scale)
        bottom = self.ok.rect.bottom
        self.ok.rect.width = int(260 * scale)
        self.ok.rect.bottomright = (self._panel.centerx - gap // 2, bottom)
        self.not_now.rect = self.ok.rect.copy()
        self.not_now.rect.bottomleft = (self._panel.centerx + gap // 2, bottom)


class TutorialDoneScene(MessageScene):
    """Over the table when the tutorial's round is won: back to the title."""

    transparent = True
    dim_alpha = 150

    def __init__(self, services: Services) -> None:
        super().__init__(
            services,
            N_("You know UNO!"),
            N_(
                "You matched colours and numbers, played Skip, Reverse, Draw Two and a Wild, "
                "called UNO, caught a forgotten UNO and a bluff.\n"
                "Scoring: the round's winner scores the cards left in the other hands "
                "(a number card its number, Skip, Reverse and Draw Two 20, a Wild 50); "
                "the first to 500 points wins the match.\n"
                "Some tables stack: a Draw Two answered with a Draw Two passes the growing "
                "penalty on. How to play says what each table's rules allow."
            ),
            button=N_("Back to the title"),
            on_close=self.leave,
        )

    def leave(self) -> None:
        if self.stack is not None:
            self.stack.clear_to(self.services.scenes.title())
