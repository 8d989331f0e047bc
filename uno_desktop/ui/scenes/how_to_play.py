"""How to play: the rules of the chosen preset in plain words, and the keys.

The text comes from `uno_desktop.rules_text`, built from the `RuleSet` itself (not written
per preset), so a house-rules preset a family made is explained correctly too. The page
scrolls with the mouse wheel, the arrow keys and Page Up/Page Down. From the title it
also leads into the first-game tutorial (not from a match's pause menu).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine.rules import RuleSet
from uno_desktop.i18n import N_, _
from uno_desktop.options import Section
from uno_desktop.render import theme
from uno_desktop.render.fonts import font, render
from uno_desktop.ui.kit import PANEL_ALPHA, Button, Dialog, draw_panel, wrap_words

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services

log = logging.getLogger(__name__)


def sections_for(rules: RuleSet) -> list[tuple[str, list[str]]]:
    """The page's sections: `rules_text.how_to_play` (generated from the RuleSet, in the
    current language) as (heading, paragraphs), ending with the keys."""
    from uno_desktop.rules_text import how_to_play

    return [(heading, body.split("\n")) for heading, body in how_to_play(rules)]


def rules_for(services: Services) -> RuleSet:
    """The running match's rules, else the last chosen preset's, else the official ones."""
    match = services.match
    if match is not None:
        return match.rules
    name = services.settings.last_preset or "official"
    try:
        from uno_desktop.presets import load_named_preset

        return load_named_preset(name)
    except Exception:
        log.info("preset %r not loadable; explaining the official rules", name)
        return RuleSet()


class HowToPlayScene(Dialog):
    """A scrollable page; a full screen from the title and from the pause menu alike (a
    sub-screen is opaque: the table's texts never show through it)."""

    def __init__(
        self,
        services: Services,
        rules: RuleSet | None = None,
        *,
        overlay: bool = False,
        at: Section | None = None,
    ) -> None:
        self.rules = rules if rules is not None else rules_for(services)
        self.overlay = overlay
        self.offset = 0
        #: the section to open at (scrolled to once the page is laid out)
        self.at = at
        self._heading_y: dict[str, int] = {}
        self._page: pygame.Surface | None = None
        self._page_lang = ""
        self._panel = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    def build(self) -> None:
        self.done = Button(N_("Back"), self.back, style="primary")
        self.tutorial = Button(N_("Play the tutorial"), self.play_tutorial)
        self.tutorial.visible = not self.overlay  # not from a match's pause menu
        self.group.set_widgets([self.done, self.tutorial])

    def play_tutorial(self) -> None:
        if self.stack is not None:
            self.stack.replace(self.services.scenes.tutorial())

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        pw = min(w - int(40 * s), int(980 * s))
        self._panel = pygame.Rect(0, 0, pw, h - int(200 * s))
        self._panel.midtop = (w // 2, int(100 * s))
        self.done.rect = pygame.Rect(0, 0, int(220 * s), int(56 * s))
        self.done.rect.midbottom = (w // 2, h - int(24 * s))
        if self.tutorial.visible:
            gap = int(24 * s)
            self.done.rect.bottomright = (w // 2 - gap // 2, h - int(24 * s))
            self.tutorial.rect = pygame.Rect(0, 0, int(280 * s), int(56 * s))
            self.tutorial.rect.bottomleft = (w // 2 + gap // 2, h - int(24 * s))
        self.place_title(_("How to play: {rules}").format(rules=_(self.rules.title)), int(52 * s))
        self._page = None

    def _render_page(self) -> pygame.Surface:
        from uno_desktop.i18n import language

        if self._page is not None and self._page_lang == language():
            return self._page
        s = self.scale
        width = self._panel.width - int(70 * s)
        head = font(int(32 * s), bold=True)
        body = font(int(26 * s))
        blocks: list[tuple[pygame.font.Font, str, tuple[int, int, int], int]] = []
        for heading, paras in sections_for(self.rules):
            blocks.append((head, heading, theme.ACCENT_RGB, int(10 * s)))
            for para in paras:
                for line in wrap_words(para, int(26 * s), width - int(24 * s)):
                    blocks.append((body, line, theme.TEXT_RGB, 0))
                blocks.append((body, "", theme.TEXT_RGB, -body.get_linesize() + int(8 * s)))
            blocks.append((body, "", theme.TEXT_RGB, int(6 * s)))
        height = sum(f.get_linesize() + extra for f, _t, _c, extra in blocks) + int(20 * s)
        page = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        y = 0
        self._heading_y = {}
        for f, text, color, extra in blocks:
            if f is head:
                self._heading_y.setdefault(text, y)
            if text:
                x = 0 if f is head else int(24 * s)
                page.blit(render(f, text, color), (x, y))
            y += f.get_linesize() + extra
        self._page = page
        self._page_lang = language()
        return page

    def section_y(self, section: Section) -> int:
        """Where `section`'s heading is on the page (0: not on it, the top)."""
        from uno_desktop.rules_text import sections

        self._render_page()
        heading = next((h for sec, h, _body in sections(self.rules) if sec is section), None)
        return self._heading_y.get(heading, 0) if heading is not None else 0

    def max_offset(self) -> int:
        page = self._render_page()
        return max(0, page.get_height() - (self._panel.height - int(40 * self.scale)))

    def scroll(self, delta: int) -> None:
        new = max(0, min(self.max_offset(), self.offset + delta))
        if new != self.offset:
            self.offset = new
            self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        step = int(40 * self.scale)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * step)
            return True
        if event.type == pygame.KEYDOWN:
            page = self._panel.height - step
            moves = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_END: 10**6,
                pygame.K_HOME: -(10**6),
            }
            if event.key in moves:
                self.scroll(moves[event.key])
                return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        self.draw_title(surface)
        draw_panel(surface, self._panel, s, alpha=PANEL_ALPHA)
        page = self._render_page()
        if self.at is not None:
            self.offset = self.section_y(self.at)
            self.at = None
        self.offset = min(self.offset, self.max_offset())
        inner = self._panel.inflate(-int(70 * s), -int(40 * s))
        view = pygame.Rect(0, self.offset, inner.width, inner.height)
        surface.blit(page, inner.topleft, view)
        if self.max_offset() > 0:  # a scroll bar tells that there is more
            track = pygame.Rect(
                self._panel.right - int(18 * s), inner.top, int(6 * s), inner.height
            )
            pygame.draw.rect(surface, theme.PANEL_BORDER_RGB, track, border_radius=track.width // 2)
            frac = inner.height / page.get_height()
            thumb = track.copy()
            thumb.height = max(int(30 * s), int(track.height * frac))
            thumb.top = track.top + int(
                (track.height - thumb.height) * self.offset / self.max_offset()
            )
            pygame.draw.rect(surface, theme.ACCENT_RGB, thumb, border_radius=track.width // 2)
