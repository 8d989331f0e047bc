"""Statistics: a table per player, the recent matches and a chart of the last match.

Read from storage each time the screen opens (nothing cached), so a match that just ended
is already counted.
"""

from __future__ import annotations

from typing import Any

import pygame

from uno_desktop.i18n import N_, _
from uno_desktop.render import theme
from uno_desktop.render.fonts import font
from uno_desktop.ui.kit import Button, Dialog, draw_panel, draw_text

#: line colours for the chart, one per seat (card colours first, then friendly extras)
SERIES_RGB: tuple[tuple[int, int, int], ...] = (
    (250, 196, 28),
    (222, 46, 52),
    (90, 170, 255),
    (96, 204, 120),
    (246, 244, 236),
    (255, 140, 60),
    (190, 120, 230),
    (90, 220, 210),
    (240, 130, 180),
    (160, 160, 160),
)
MAX_PLAYER_ROWS = 8
MAX_RECENT = 5


def load_stats(services: Any) -> Any | None:
    storage = services.storage
    if storage is None:
        return None
    try:
        return storage.load_stats()
    except Exception:
        return None


class StatisticsScene(Dialog):
    title = N_("Statistics")

    def __init__(self, services: Any) -> None:
        self.stats = load_stats(services)
        self._players = pygame.Rect(0, 0, 0, 0)
        self._recent = pygame.Rect(0, 0, 0, 0)
        self._chart = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    def build(self) -> None:
        self.done = Button(N_("Back"), self.back, style="primary")
        self.replays = Button(N_("Replays"), self._open_replays, key="replays")
        self.group.set_widgets([self.done, self.replays])

    def _open_replays(self) -> None:
        """The recorded rounds, newest first."""
        if self.stack is not None:
            self.stack.push(self.services.scenes.replays())

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        m = int(30 * s)
        top = int(100 * s)
        bottom = h - int(100 * s)
        left_w = int((w - 3 * m) * 0.58)
        self._players = pygame.Rect(m, top, left_w, int((bottom - top) * 0.56))
        self._recent = pygame.Rect(
            m, self._players.bottom + m // 2, left_w, bottom - self._players.bottom - m // 2
        )
        self._chart = pygame.Rect(2 * m + left_w, top, w - 3 * m - left_w, bottom - top)
        self.done.rect = pygame.Rect(0, 0, int(220 * s), int(56 * s))
        self.done.rect.bottomright = (w // 2 - int(10 * s), h - int(24 * s))
        self.replays.rect = self.done.rect.move(self.done.rect.w + int(20 * s), 0)
        self.place_title(_("Statistics"), int(52 * s))

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        self.draw_title(surface)
        for r in (self._players, self._recent, self._chart):
            draw_panel(surface, r, s)
        players = dict(getattr(self.stats, "players", {}) or {})
        history = list(getattr(self.stats, "history", ()) or ())
        if not players and not history:
            draw_text(
                surface,
                _("No finished matches yet. Play one and come back!"),
                int(28 * s),
                theme.TEXT_RGB,
                center=self._players.center,
            )
        else:
            self._draw_players(surface, players)
            self._draw_recent(surface, history)
        self._draw_chart(surface, history[-1] if history else None)

    def _heading(self, surface: pygame.Surface, rect: pygame.Rect, text: str) -> int:
        s = self.scale
        draw_text(
            surface,
            text,
            int(28 * s),
            theme.ACCENT_RGB,
            topleft=(rect.left + int(18 * s), rect.top + int(12 * s)),
            bold=True,
            max_w=rect.width - int(36 * s),
        )
        return rect.top + int(48 * s)

    def _draw_players(self, surface: pygame.Surface, players: dict[str, Any]) -> None:
        s = self.scale
        r = self._players
        y = self._heading(surface, r, _("Players"))
        cols = [_("Player"), _("Matches"), _("Wins"), _("Rounds"), _("Points"), _("Best round")]
        name_w = int(r.width * 0.3)
        xs = [r.left + int(18 * s)]
        step = (r.width - name_w - int(36 * s)) // (len(cols) - 1)
        xs += [r.left + int(18 * s) + name_w + i * step for i in range(len(cols) - 1)]
        widths = [name_w - int(8 * s)] + [step - int(8 * s)] * (len(cols) - 1)
        for x, c, width in zip(xs, cols, widths, strict=True):
            draw_text(
                surface,
                c,
                int(22 * s),
                theme.TEXT_DIM_RGB,
                topleft=(x, y),
                bold=True,
                max_w=width,
            )
        y += font(int(22 * s), bold=True).get_linesize() + int(4 * s)
        pygame.draw.line(
            surface,
            theme.PANEL_BORDER_RGB,
            (r.left + int(14 * s), y),
            (r.right - int(14 * s), y),
            max(1, int(2 * s)),
        )
        y += int(6 * s)
        ranked = sorted(players.items(), key=lambda kv: (-kv[1].match_wins, -kv[1].points, kv[0]))
        f = font(int(24 * s))
        for name, p in ranked[:MAX_PLAYER_ROWS]:
            if y + f.get_linesize() > r.bottom - int(8 * s):
                break
            values = [name, p.matches, p.match_wins, p.rounds, p.points, p.best_round]
            for x, v, width in zip(xs, values, widths, strict=True):
                draw_text(surface, str(v), int(24 * s), theme.TEXT_RGB, topleft=(x, y), max_w=width)
            y += f.get_linesize() + int(2 * s)

    def recent_lines(self, history: list[Any]) -> list[str]:
        """One line per recent match, newest first: when, the preset's title, who won, in
        how many rounds."""
        lines = []
        for rec in reversed(history[-MAX_RECENT:]):
            when = str(rec.finished_at)[:16].replace("T", " ")
            winner = rec.winner or "-"
            if rec.rounds == 1:
                template = _("{when}  {preset}: {winner} won (1 round)")
            else:
                template = _("{when}  {preset}: {winner} won ({rounds} rounds)")
            title = self._preset_title(rec.preset)
            lines.append(template.format(when=when, preset=title, winner=winner, rounds=rec.rounds))
        return lines

    def _draw_recent(self, surface: pygame.Surface, history: list[Any]) -> None:
        s = self.scale
        r = self._recent
        y = self._heading(surface, r, _("Recent matches"))
        f = font(int(22 * s))
        for line in self.recent_lines(history):
            if y + f.get_linesize() > r.bottom - int(6 * s):
                break
            draw_text(
                surface,
                line,
                int(22 * s),
                theme.TEXT_RGB,
                topleft=(r.left + int(18 * s), y),
                max_w=r.width - int(36 * s),
            )
            y += f.get_linesize() + int(2 * s)

    def _preset_title(self, name: str) -> str:
        """A preset's title as players know it ("Official rules"), not its file name."""
        titles: dict[str, str] = self.__dict__.setdefault("_titles", {})
        if name not in titles:
            try:
                from uno_desktop.presets import load_named_preset

                titles[name] = load_named_preset(name).title
            except Exception:  # a preset deleted since: its name still says which
                titles[name] = name
        return _(titles[name])

    def _draw_chart(self, surface: pygame.Surface, last: Any | None) -> None:
        """Running totals per round for each seat of the last match, as lines."""
        s = self.scale
        r = self._chart
        y0 = self._heading(surface, r, _("Last match: points after each round"))
        if last is None or not last.round_points:
            draw_text(
                surface, _("Nothing to show yet"), int(24 * s), theme.TEXT_DIM_RGB, center=r.center
            )
            return
        names = [seat.name for seat in last.seats]
        legend_f = font(int(20 * s))
        legend_h = ((len(names) + 1) // 2) * legend_f.get_linesize() + int(10 * s)
        plot = pygame.Rect(
            r.left + int(56 * s),
            y0 + int(10 * s),
            r.width - int(80 * s),
            r.bottom - y0 - legend_h - int(50 * s),
        )
        n_seats = len(names)
        runs = [[0] for _seat in range(n_seats)]
        for pts in last.round_points:
            for i in range(n_seats):
                runs[i].append(runs[i][-1] + pts[i])
        top = max(1, max(max(run) for run in runs))
        rounds = len(last.round_points)
        pygame.draw.line(
            surface, theme.TEXT_DIM_RGB, plot.bottomleft, plot.bottomright, max(1, int(2 * s))
        )
        pygame.draw.line(
            surface, theme.TEXT_DIM_RGB, plot.bottomleft, plot.topleft, max(1, int(2 * s))
        )
        small = font(int(18 * s))
        for frac in (0.5, 1.0):
            yy = plot.bottom - int(plot.height * frac)
            pygame.draw.line(surface, theme.PANEL_BORDER_RGB, (plot.left, yy), (plot.right, yy), 1)
            lab = small.render(str(int(top * frac)), True, theme.TEXT_DIM_RGB)
            surface.blit(lab, lab.get_rect(midright=(plot.left - int(6 * s), yy)))
        for i, run in enumerate(runs):
            pts = [
                (
                    plot.left + int(plot.width * k / max(1, rounds)),
                    plot.bottom - int(plot.height * v / top),
                )
                for k, v in enumerate(run)
            ]
            col = SERIES_RGB[i % len(SERIES_RGB)]
            if len(pts) > 1:
                pygame.draw.lines(surface, col, False, pts, max(2, int(3 * s)))
            for p in pts[1:]:
                pygame.draw.circle(surface, col, p, max(3, int(4 * s)))
        lab = small.render(_("Round"), True, theme.TEXT_DIM_RGB)
        surface.blit(lab, lab.get_rect(midtop=(plot.centerx, plot.bottom + int(4 * s))))
        ly = plot.bottom + int(30 * s)
        half = r.width // 2
        for i, name in enumerate(names):
            x = r.left + int(20 * s) + (i % 2) * half
            yy = ly + (i // 2) * legend_f.get_linesize()
            col = SERIES_RGB[i % len(SERIES_RGB)]
            pygame.draw.rect(surface, col, (x, yy + int(4 * s), int(14 * s), int(10 * s)))
            text = f"{name}: {runs[i][-1]}"
            draw_text(
                surface,
                text,
                int(20 * s),
                theme.TEXT_RGB,
                topleft=(x + int(20 * s), yy),
                max_w=half - int(30 * s),
            )
