"""How to play: the rules of the chosen preset in plain words, and the keys, illustrated
with the cards themselves (each action card beside its paragraph, the special cards and
the house rules beside their sections), drawn by the game's own card painter.

The text comes from `uno_desktop.rules.rules_text`, built from the `RuleSet` itself (not written
per preset), so a house-rules preset a family made is explained correctly too. The page
scrolls with the mouse wheel, the arrow keys and Page Up/Page Down. From the title it
also leads into the first-game tutorial (not from a match's pause menu).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import Card
from uno_desktop.engine.rules import RuleSet
from uno_desktop.lang.i18n import N_, _
from uno_desktop.render import theme
from uno_desktop.render.fonts import font, render, text_size
from uno_desktop.rules.options import Section
from uno_desktop.ui.kit import PANEL_ALPHA, Button, Dialog, draw_panel, wrap_words

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services

log = logging.getLogger(__name__)


#: the cards shown beside a section (at its first paragraph); "Action cards" shows each
#: card beside its own paragraph instead (`rules_text.action_ranks`)
SECTION_CARDS: Mapping[Section, tuple[str, ...]] = {
    Section.TURN: ("G5", "R5"),
    Section.WILD_DRAW_FOUR: ("W4",),
    Section.STACKING: ("GD2", "YD2"),
    Section.JUMP_IN: ("B7", "B7"),
    Section.SEVEN_ZERO: ("R7", "G0"),
    Section.SWAP_HANDS: ("WS",),
    Section.CUSTOMIZABLE: ("WC",),
    Section.TWO_PLAYERS: ("BR",),
}
#: the card beside each action card's paragraph, by rank
ACTION_CARDS = {"S": "RS", "R": "YR", "D2": "GD2", "W": "W", "W4": "W4"}


@dataclass(frozen=True)
class PagePart:
    """One thing on the page, in page pixels: a line of text or a card (`card` its code)."""

    rect: pygame.Rect
    text: str = ""
    card: str = ""
    heading: bool = False


def illustrations(rules: RuleSet) -> list[tuple[Section, int, tuple[str, ...]]]:
    """(section, paragraph index, card codes) for every picture on the page of `rules`."""
    from uno_desktop.rules.rules_text import action_ranks, sections

    out: list[tuple[Section, int, tuple[str, ...]]] = []
    for section, _heading, _body in sections(rules):
        if section is Section.ACTION_CARDS:
            out += [(section, i, (ACTION_CARDS[r],)) for i, r in enumerate(action_ranks(rules))]
        elif section in SECTION_CARDS:
            out.append((section, 0, SECTION_CARDS[section]))
    return out


def sections_for(rules: RuleSet) -> list[tuple[str, list[str]]]:
    """The page's sections: `rules_text.how_to_play` (generated from the RuleSet, in the
    current language) as (heading, paragraphs), ending with the keys."""
    from uno_desktop.rules.rules_text import how_to_play

    return [(heading, body.split("\n")) for heading, body in how_to_play(rules)]


def rules_for(services: Services) -> RuleSet:
    """The running match's rules, else the last chosen preset's, else the official ones."""
    match = services.match
    if match is not None:
        return match.rules
    name = services.settings.last_preset or "official"
    try:
        from uno_desktop.rules.presets import load_named_preset

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
        self._page: pygame.Surface | None = None
        self._page_lang = ""
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._page_height = 0
        #: where each section starts on the page (page pixels), once the page is laid out
        self.section_tops: dict[Section, int] = {}
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

    def page_parts(self) -> list[PagePart]:
        """Where every line and card of the page goes (page pixels), for the current
        language and width; `section_tops` says where each section starts."""
        from uno_desktop.rules.rules_text import sections

        s = self.scale
        width = self._panel.width - int(70 * s)
        head_px, body_px = int(32 * s), int(26 * s)
        head, body = font(head_px, bold=True), font(body_px)
        card_w = max(16, int(46 * s))
        card_h = round(card_w * 1.5)
        fan = round(card_w * 0.45)  # a second card's step to the right
        text_x = int(24 * s) + card_w + fan + int(18 * s)
        pictures = {(sec, i): codes for sec, i, codes in illustrations(self.rules)}
        parts: list[PagePart] = []
        self.section_tops = {}
        y = 0
        for section, heading, text in sections(self.rules):
            self.section_tops[section] = y
            rect = pygame.Rect(0, y, text_size(head, heading)[0], head.get_linesize())
            parts.append(PagePart(rect, heading, heading=True))
            y += head.get_linesize() + int(10 * s)
            for i, para in enumerate(text.split("\n")):
                top = y
                step = body.get_linesize()
                for line in wrap_words(para, body_px, width - text_x):
                    line_w = text_size(body, line)[0]
                    parts.append(PagePart(pygame.Rect(text_x, y, line_w, step), line))
                    y += step
                codes = pictures.get((section, i), ())
                for k, code in enumerate(codes):
                    x = int(24 * s) + k * fan
                    card = pygame.Rect(x, top + k * int(4 * s), card_w, card_h)
                    parts.append(PagePart(card, card=code))
                if codes:
                    y = max(y, top + card_h + (len(codes) - 1) * int(4 * s))
                y += int(8 * s)
            y += int(6 * s)
        self._page_height = y + int(20 * s)
        return parts

    def _render_page(self) -> pygame.Surface:
        from uno_desktop.lang.i18n import language

        if self._page is not None and self._page_lang == language():
            return self._page
        s = self.scale
        parts = self.page_parts()
        width = self._panel.width - int(70 * s)
        head = font(int(32 * s), bold=True)
        body = font(int(26 * s))
        page = pygame.Surface((width, max(1, self._page_height)), pygame.SRCALPHA)
        painter = self.services.painter
        for part in parts:
            if part.card:
                page.blit(painter.face(Card.parse(part.card), part.rect.w), part.rect)
            elif part.heading:
                page.blit(render(head, part.text, theme.ACCENT_RGB), part.rect)
            else:
                page.blit(render(body, part.text, theme.TEXT_RGB), part.rect)
        self._page = page
        self._page_lang = language()
        return page

    def section_y(self, section: Section) -> int:
        """Where `section`'s heading is on the page (0: not on it, the top)."""
        self._render_page()
        return self.section_tops.get(section, 0)

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
