"""The pause menu over the table (Esc): resume, read the rules, change settings, or save
and go back to the title. The match is autosaved after every action already; "save" here
only makes sure the very latest state is on disk before leaving. Over the tutorial the
last button leaves it instead, saving nothing."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from uno_desktop.lang.i18n import N_, _
from uno_desktop.ui.kit import Button, Dialog, column, draw_panel

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services
    from uno_desktop.ui.table.source import TableSource

log = logging.getLogger(__name__)


class PauseScene(Dialog):
    """An overlay: the table stays visible, dimmed, under the menu."""

    transparent = True
    title = N_("Paused")

    def __init__(self, services: Services, match: TableSource, *, tutorial: bool = False) -> None:
        self.match = match
        self.tutorial = tutorial
        self._panel = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    def build(self) -> None:
        self.resume_button = Button(N_("Resume"), self.back, style="primary")
        self.rules_button = Button(N_("Rules of this preset"), self.rules)
        self.settings_button = Button(N_("Settings"), self.settings)
        buttons = [self.resume_button]
        if self.services.phones is not None and not self.tutorial:
            # a phone that lost its link joins again from its code
            self.phones_button = Button(N_("Phone codes"), self.phone_codes)
            buttons.append(self.phones_button)
            away = self.services.phones.away()
            if away:
                # the table would wait for that phone: a computer may play meanwhile
                turn = self.services.phones.match.human_to_act()
                seat = turn if turn in away else away[0]  # the seat the table waits for first
                name = self.services.phones.match.seat_name(seat)
                self.stand_in_button = Button(
                    lambda: _("Let the computer play for {name}").format(name=name),
                    lambda: self.stand_in(seat),
                )
                buttons.append(self.stand_in_button)
        if self.tutorial:
            self.quit_button = Button(N_("Leave the tutorial"), self.leave)
        else:
            self.quit_button = Button(N_("Save and quit to title"), self.save_and_quit)
        self.group.set_widgets(
            [*buttons, self.rules_button, self.settings_button, self.quit_button]
        )

    def phone_codes(self) -> None:
        """The join panel over the table, in this menu's place."""
        if self.stack is not None:
            self.stack.replace(self.services.scenes.join_panel())

    def stand_in(self, seat: int) -> None:
        """A computer plays `seat` until its phone is back; back to the table."""
        phones = self.services.phones
        if phones is not None:
            phones.stand_in(seat)
        self.back()

    def rules(self) -> None:
        if self.stack is not None:
            self.stack.push(self.services.scenes.how_to_play(self.match.rules, overlay=True))

    def settings(self) -> None:
        if self.stack is not None:
            self.stack.push(self.services.scenes.settings(overlay=True))

    def leave(self) -> None:
        """Back to the title; the tutorial keeps nothing."""
        if self.stack is not None:
            self.stack.clear_to(self.services.scenes.title())

    def save_and_quit(self) -> None:
        """Save the match as it stands and go back to the title (Continue brings it back)."""
        session = self.services.session
        if session is not None and not session.match.match_over:
            session.save()
        self.services.end_session()
        if self.stack is not None:
            self.stack.clear_to(self.services.scenes.title())

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        bh, gap = int(56 * scale), int(16 * scale)
        n = len(self.group.widgets)
        ph = int(120 * scale) + n * bh + (n - 1) * gap + int(30 * scale)
        self._panel = pygame.Rect(0, 0, int(460 * scale), ph)
        self._panel.center = (w // 2, h // 2)
        column(
            self.group.widgets,
            w // 2,
            self._panel.top + int(110 * scale),
            int(360 * scale),
            bh,
            gap,
        )
        self.place_title(_("Paused"), self._panel.top + int(56 * scale))

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        super().draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self._panel, self.scale, alpha=255)
        self.draw_title(surface)
