"""The title screen: the game's name, a fan of cards and the main menu.

Continue appears only when a saved match exists. Notices from storage (a damaged settings
file moved aside, ...) are shown once, as a friendly message, when the title appears.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from uno_desktop.engine import Card
from uno_desktop.i18n import N_, _
from uno_desktop.render import theme
from uno_desktop.render.fonts import font
from uno_desktop.ui.widgets import Button, MenuScene, column, draw_text

#: the cards fanned on each side of the menu
LEFT_FAN = ("R7", "Y5", "GS", "BR", "W4")
RIGHT_FAN = ("B2", "GD2", "YR", "R0", "W")


class TitleScene(MenuScene):
    def __init__(self, services: Any) -> None:
        self._check_notices = True
        super().__init__(services)

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        super().resume()
        self.refresh()

    def refresh(self) -> None:
        """Show Continue only with a saved match; look for storage notices next frame."""
        storage = self.services.storage
        has_save = False
        if storage is not None:
            try:
                has_save = bool(storage.has_saved_match())
            except Exception:
                has_save = False
        self.continue_button.visible = has_save
        if self.group.focused is not None and not self.group.focused.wants():
            self.group.focus_first()
        self._layout_key = None
        self.dirty = True
        self._check_notices = True

    def update(self, dt_s: float) -> None:
        """Show storage notices once, when the title is really the top scene (a scene
        replaced above it resumes the title for an instant)."""
        if not self._check_notices or self.stack is None or self.stack.top is not self:
            return
        self._check_notices = False
        storage = self.services.storage
        notices = storage.take_notices() if storage is not None else []
        if notices:
            from uno_desktop.ui.scenes.message import MessageScene

            text = "\n".join(notices)  # already translated by storage
            self.stack.push(MessageScene(self.services, N_("Good to know"), lambda: text))

    def build(self) -> None:
        self.new_button = Button(N_("New game"), self.new_game, primary=True)
        self.continue_button = Button(N_("Continue"), self.continue_match)
        self.continue_button.visible = False
        self.settings_button = Button(N_("Settings"), self.settings)
        self.stats_button = Button(N_("Statistics"), self.statistics)
        self.help_button = Button(N_("How to play"), self.how_to_play)
        self.quit_button = Button(N_("Quit"), self.quit)
        self.group.set_widgets(
            [
                self.new_button,
                self.continue_button,
                self.settings_button,
                self.stats_button,
                self.help_button,
                self.quit_button,
            ]
        )

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        shown = [b for b in self.group.widgets if b.visible]
        bh, gap = int(54 * scale), int(14 * scale)
        total = len(shown) * bh + (len(shown) - 1) * gap
        free_top, free_bottom = int(h * 0.36), h - int(30 * scale)
        top = max(free_top, free_top + (free_bottom - free_top - total) // 2)
        column(shown, w // 2, top, int(300 * scale), bh, gap)

    # --- actions
    def new_game(self) -> None:
        from uno_desktop.ui.scenes.new_game import NewGameScene

        self._push(NewGameScene(self.services))

    def continue_match(self) -> None:
        from uno_desktop.ui.scenes.new_game import resume_saved_match

        scene = resume_saved_match(self.services)
        self._push(scene)

    def settings(self) -> None:
        from uno_desktop.ui.scenes.settings import SettingsScene

        self._push(SettingsScene(self.services))

    def statistics(self) -> None:
        from uno_desktop.ui.scenes.statistics import StatisticsScene

        self._push(StatisticsScene(self.services))

    def how_to_play(self) -> None:
        from uno_desktop.ui.scenes.how_to_play import HowToPlayScene

        self._push(HowToPlayScene(self.services))

    def quit(self) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    def back(self) -> None:
        """Esc on the title does nothing (Quit is one button away; no accidental exits)."""

    def _push(self, scene: Any) -> None:
        if self.stack is not None:
            self.stack.push(scene)

    # --- drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.scale
        self._draw_logo(surface, (w // 2, int(h * 0.17)), s)
        card_w = int(92 * s)
        fan_y = int(h * 0.62)
        gap = int(250 * s)
        self._draw_fan(surface, LEFT_FAN, (w // 2 - gap - card_w, fan_y), card_w)
        self._draw_fan(surface, RIGHT_FAN, (w // 2 + gap + card_w, fan_y), card_w)
        draw_text(
            surface,
            _("F11: full screen"),
            int(20 * s),
            theme.TEXT_DIM_RGB,
            midright=(w - int(16 * s), h - int(18 * s)),
        )

    def _draw_logo(self, surface: pygame.Surface, center: tuple[int, int], s: float) -> None:
        ow, oh = int(330 * s), int(150 * s)
        logo = pygame.Surface((ow + 20, oh + 20), pygame.SRCALPHA)
        r = pygame.Rect(10, 10, ow, oh)
        pygame.draw.ellipse(logo, (0, 0, 0, 80), r.move(int(6 * s), int(8 * s)))
        pygame.draw.ellipse(logo, theme.BACK_WORD_RGB, r)
        pygame.draw.ellipse(logo, theme.BACK_OVAL_RGB, r.inflate(-int(16 * s), -int(16 * s)))
        word = font(int(120 * s), bold=True).render("UNO", True, theme.BACK_WORD_RGB)
        shade = font(int(120 * s), bold=True).render("UNO", True, (60, 10, 14))
        wr = word.get_rect(center=r.center)
        logo.blit(shade, wr.move(int(4 * s), int(4 * s)))
        logo.blit(word, wr)
        logo = pygame.transform.rotozoom(logo, 8, 1.0)
        surface.blit(logo, logo.get_rect(center=center))
        draw_text(
            surface,
            "Desktop",
            int(40 * s),
            theme.TEXT_RGB,
            center=(center[0], center[1] + int(98 * s)),
            bold=True,
            shadow=True,
        )

    def _draw_fan(
        self,
        surface: pygame.Surface,
        codes: tuple[str, ...],
        pivot: tuple[int, int],
        card_w: int,
    ) -> None:
        painter = self.services.painter
        n = len(codes)
        for i, code in enumerate(codes):
            angle = (i - (n - 1) / 2) * 12.0
            img = painter.face(Card.parse(code), card_w)
            rot = pygame.transform.rotozoom(img, -angle, 1.0)
            rad = math.radians(angle)
            off = int(card_w * 1.1)
            cx = pivot[0] + int(math.sin(rad) * off)
            cy = pivot[1] - int(math.cos(rad) * off) + off
            surface.blit(rot, rot.get_rect(center=(cx, cy)))
