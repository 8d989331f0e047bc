"""The end of a match: the winner, the final totals, then back to the title.

On arrival it records the match in the statistics and forgets the saved match (once, even
if the scene is shown again), so "Continue" never offers a finished match.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import pygame

from uno_desktop.engine import Card
from uno_desktop.engine.rules import Scoring
from uno_desktop.i18n import N_, _
from uno_desktop.render import theme
from uno_desktop.render.fonts import font
from uno_desktop.ui.widgets import Button, MenuScene, draw_panel, draw_text

log = logging.getLogger(__name__)

CELEBRATION = ("R1", "YS", "GD2", "BR", "W", "W4", "B7", "G9", "YR", "R0")


def round_winners(match: Any) -> list[int | None]:
    """Who went out in each finished round, from the points (None: a blocked round)."""
    winners: list[int | None] = []
    for pts in match.round_history:
        if not any(pts):
            winners.append(None)
        elif match.rules.scoring is Scoring.PENALTY:
            zeros = [i for i, p in enumerate(pts) if p == 0]
            winners.append(zeros[0] if len(zeros) == 1 else None)
        else:
            best = max(pts)
            winners.append(pts.index(best))
    return winners


def record_match(services: Any, match: Any) -> None:
    """Count the match in the statistics and clear the saved match."""
    storage = services.storage
    if storage is None:
        return
    try:
        from uno_desktop.storage import MatchResult, SeatSetting

        result = MatchResult(
            preset=match.preset,
            seats=tuple(SeatSetting(s.name, s.kind) for s in match.seats),
            round_points=tuple(tuple(p) for p in match.round_history),
            round_winners=tuple(round_winners(match)),
            winner=match.match_winner,
        )
        storage.record_match(result)
    except Exception:  # statistics are nice to have; the winner screen must still show
        log.exception("could not record the match")
    try:
        storage.clear_match()
    except Exception:
        log.exception("could not clear the saved match")


class MatchEndScene(MenuScene):
    title = N_("Match over")

    def __init__(self, services: Any, match: Any) -> None:
        self.match = match
        self._recorded = False
        self._panel = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    def enter(self) -> None:
        if not self._recorded:
            self._recorded = True
            record_match(self.services, self.match)
            self.match.on_change = None
            self.services.match = None
            try:
                self.services.sounds.play("win")
            except Exception:
                log.exception("sound failed")

    def build(self) -> None:
        self.done = Button(N_("Back to title"), self.to_title, primary=True)
        self.group.set_widgets([self.done])

    def to_title(self) -> None:
        from uno_desktop.ui.scenes.title import TitleScene

        if self.stack is not None:
            self.stack.clear_to(TitleScene(self.services))

    def back(self) -> None:
        self.to_title()

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        n = len(self.match.seats)
        row = int(40 * scale)
        ph = int(90 * scale) + n * row
        self._panel = pygame.Rect(0, 0, int(560 * scale), ph)
        self._panel.midtop = (w // 2, int(h * 0.30))
        self.done.rect = pygame.Rect(0, 0, int(260 * scale), int(58 * scale))
        self.done.rect.midtop = (
            w // 2,
            min(h - int(80 * scale), self._panel.bottom + int(24 * scale)),
        )

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        self._draw_confetti(surface, s)
        winner = self.match.match_winner
        if winner is not None:
            head = _("{name} wins the match!").format(name=self.match.seats[winner].name)
        else:
            head = _("The match is over")
        draw_text(
            surface,
            head,
            int(64 * s),
            theme.ACCENT_RGB,
            center=(w // 2, int(h * 0.14)),
            bold=True,
            shadow=True,
        )
        draw_text(
            surface,
            _("{rounds} rounds played").format(rounds=len(self.match.round_history)),
            int(30 * s),
            theme.TEXT_RGB,
            center=(w // 2, int(h * 0.22)),
            shadow=True,
        )
        draw_panel(surface, self._panel, s, alpha=230)
        draw_text(
            surface,
            _("Final score"),
            int(30 * s),
            theme.ACCENT_RGB,
            center=(w // 2, self._panel.top + int(34 * s)),
            bold=True,
        )
        order = sorted(range(len(self.match.seats)), key=lambda i: -self.match.totals[i])
        if self.match.rules.scoring is Scoring.PENALTY:
            order.reverse()
        f = font(int(28 * s))
        y = self._panel.top + int(70 * s)
        for place, i in enumerate(order, start=1):
            col = theme.ACCENT_RGB if i == winner else theme.TEXT_RGB
            left = f"{place}.  {self.match.seats[i].name}"
            surface.blit(f.render(left, True, col), (self._panel.left + int(40 * s), y))
            pts = f.render(_("{points} points").format(points=self.match.totals[i]), True, col)
            surface.blit(pts, pts.get_rect(topright=(self._panel.right - int(40 * s), y)))
            y += int(40 * s)

    def _draw_confetti(self, surface: pygame.Surface, s: float) -> None:
        """A ring of tilted cards around the edges: a party, not a spreadsheet."""
        w, h = surface.get_size()
        card_w = int(70 * s)
        for k, code in enumerate(CELEBRATION):
            side = -1 if k % 2 == 0 else 1
            row = k // 2
            x = w // 2 + side * int(w * 0.39) + int(math.sin(k * 1.7) * 30 * s)
            y = int(h * 0.18) + row * int(h * 0.17)
            img = self.services.painter.face(Card.parse(code), card_w)
            rot = pygame.transform.rotozoom(img, side * (12 + 9 * math.sin(k)), 1.0)
            surface.blit(rot, rot.get_rect(center=(x, y)))
