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
from uno_desktop.ui.kit import Button, Dialog, draw_panel

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


def standings(totals: list[int], *, penalty: bool = False) -> list[tuple[int, int]]:
    """(place, seat) for every seat, best first: most points wins (fewest under penalty
    scoring), and seats on the same total share a place (1, 2, 2, 4)."""
    sign = 1 if penalty else -1
    order = sorted(range(len(totals)), key=lambda i: (sign * totals[i], i))
    out: list[tuple[int, int]] = []
    for k, seat in enumerate(order):
        if k and totals[seat] == totals[order[k - 1]]:
            out.append((out[-1][0], seat))
        else:
            out.append((k + 1, seat))
    return out


def record_match(services: Any, match: Any) -> None:
    """Count the match in the statistics once (by its id) and then clear the saved match;
    if the statistics cannot be written, the saved match stays until they can."""
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
            match_id=getattr(match, "match_id", None),
        )
        if not storage.finish_match(result):
            log.warning("the match could not be recorded yet; its save is kept")
    except Exception:  # statistics are nice to have; the winner screen must still show
        log.exception("could not record the match")


class MatchEndScene(Dialog):
    title = N_("Match over")

    def __init__(self, services: Any, match: Any) -> None:
        self.match = match
        self._recorded = False
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._rows: list[tuple[int, int, pygame.Rect, pygame.Rect]] = []
        self._row_h = 40
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
        self.done = Button(N_("Back to title"), self.to_title, style="primary")
        self.group.set_widgets([self.done])

    def to_title(self) -> None:
        if self.stack is not None:
            self.stack.clear_to(self.services.scenes.title())

    def back(self) -> None:
        self.to_title()

    def _headline(self) -> str:
        winner = self.match.match_winner
        if winner is not None:
            return _("{name} wins the match!").format(name=self.match.seat_name(winner))
        return _("The match is over")

    def _order(self) -> list[tuple[int, int]]:
        """(place, seat), best first; seats on the same total share a place."""
        return standings(self.match.totals, penalty=self.match.rules.scoring is Scoring.PENALTY)

    def layout(self, size: tuple[int, int], scale: float) -> None:
        """Headline, rounds played, the score panel with one row per seat, the button: one
        column in units of `scale` (ten seats on a small screen shrink it to fit)."""
        w, h = size
        s = scale
        head = self.place_text(
            "headline", self._headline(), int(64 * s), bold=True, midtop=(w // 2, int(24 * s))
        )
        played = len(self.match.round_history)
        if played == 1:
            rounds = _("1 round played")
        else:
            rounds = _("{rounds} rounds played").format(rounds=played)
        sub = self.place_text(
            "rounds", rounds, int(30 * s), midtop=(w // 2, head.bottom + int(8 * s))
        )
        n = len(self.match.seats)
        self._row_h = int(40 * s)
        ph = int(70 * s) + n * self._row_h + int(16 * s)
        self._panel = pygame.Rect(0, 0, min(w - int(40 * s), int(560 * s)), ph)
        below_button = int(110 * s)  # the button and a margin under the panel
        top = min(int(h * 0.30), h - ph - below_button)
        self._panel.midtop = (w // 2, max(sub.bottom + int(20 * s), top))
        self.place_text(
            "final",
            _("Final score"),
            int(30 * s),
            bold=True,
            center=(w // 2, self._panel.top + int(34 * s)),
        )
        self._rows: list[tuple[int, int, pygame.Rect, pygame.Rect]] = []
        f = font(int(28 * s))
        y = self._panel.top + int(70 * s)
        inner = self._panel.inflate(-int(80 * s), 0)
        for place, i in self._order():
            left = pygame.Rect((inner.left, y), f.size(f"{place}.  {self.match.seat_name(i)}"))
            pts_text = _("{points} points").format(points=self.match.totals[i])
            right = pygame.Rect((0, y), f.size(pts_text))
            right.right = inner.right
            self._rows.append((place, i, left, right))
            y += self._row_h
        self.done.rect = pygame.Rect(0, 0, int(260 * s), int(58 * s))
        self.done.rect.midtop = (w // 2, self._panel.bottom + int(20 * s))

    def extra_rects(self) -> dict[str, pygame.Rect]:
        out = {"panel": self._panel.copy()}
        for row, (_place, _i, left, right) in enumerate(self._rows):
            out[f"row{row}:name"] = left
            out[f"row{row}:points"] = right
        return out

    def layout_rects(self) -> dict[str, pygame.Rect]:
        """The rows sit inside the panel: checked against each other, not the panel."""
        rects = super().layout_rects()
        panel = rects.pop("panel")
        inside = {k: r for k, r in rects.items() if k.startswith("row") or k == "text:final"}
        for name, r in inside.items():
            if not panel.contains(r):
                rects[f"{name} (outside the panel)"] = r.union(panel)
        rest = {k: r for k, r in rects.items() if k not in inside}
        for name, r in rest.items():
            if r.colliderect(panel):
                rects[f"{name} (on the panel)"] = panel
        return rects

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        self._draw_confetti(surface, s)
        self.draw_placed(surface, "headline", theme.ACCENT_RGB, shadow=True)
        self.draw_placed(surface, "rounds", theme.TEXT_RGB, shadow=True)
        draw_panel(surface, self._panel, s)
        self.draw_placed(surface, "final", theme.ACCENT_RGB)
        winner = self.match.match_winner
        f = font(int(28 * s))
        for place, i, left, right in self._rows:
            col = theme.ACCENT_RGB if i == winner else theme.TEXT_RGB
            surface.blit(f.render(f"{place}.  {self.match.seat_name(i)}", True, col), left)
            pts = _("{points} points").format(points=self.match.totals[i])
            surface.blit(f.render(pts, True, col), right)

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
