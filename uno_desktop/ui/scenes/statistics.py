"""Statistics: the people's totals (computer players apart), the recent matches and a
chart of the last match. The totals count every finished round, so they show from the
first round on; before the first round ends, a word and the way to play one.

Read from storage each time the screen opens (nothing cached), so a match that just ended
is already counted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from uno_desktop.lang.i18n import N_, _, integer
from uno_desktop.play.seats import in_language
from uno_desktop.render import theme
from uno_desktop.render.fonts import font, text_size
from uno_desktop.ui.kit import (
    Button,
    Dialog,
    current_floor,
    draw_panel,
    draw_text,
    line_step,
    wrap_words,
)
from uno_desktop.ui.stats_chart import draw_chart

if TYPE_CHECKING:
    from uno_desktop.store.storage import MatchRecord, PlayerStats, Stats
    from uno_desktop.ui.services import Services

MAX_PLAYER_ROWS = 8
MAX_RECENT = 5
EMPTY_TEXT = N_(
    "Play a round and it shows here: everyone's rounds, wins and points. Play a match to "
    "the end for a chart of its rounds."
)


def player_rows(
    players: Mapping[str, PlayerStats],
) -> tuple[list[tuple[str, PlayerStats]], list[tuple[str, PlayerStats]]]:
    """(people, computer players), each ranked by match wins, then points, then name."""
    ranked = sorted(players.items(), key=lambda kv: (-kv[1].match_wins, -kv[1].points, kv[0]))
    people = [(name, p) for name, p in ranked if not p.computer]
    computers = [(name, p) for name, p in ranked if p.computer]
    return people, computers


def header_px(cols: list[str], widths: list[int], px: int) -> int:
    """The one size every column header is drawn at: the largest up to `px` at which each
    fits its column on at most two lines (never below the floor)."""
    floor = current_floor()
    size = max(floor, px)
    while size > floor:
        fits = True
        for c, w in zip(cols, widths, strict=True):
            f = font(size, bold=True)
            lines = wrap_words(c, size, w, bold=True)
            if len(lines) > 2 or any(text_size(f, line)[0] > w for line in lines):
                fits = False
                break
        if fits:
            return size
        size = max(floor, int(size * 0.92))
    return size


def _when(record: MatchRecord) -> str:
    """When a match finished, as "2026-11-28 21:39" (the same in every language)."""
    return str(record.finished_at)[:16].replace("T", " ")


def load_stats(services: Services) -> Stats | None:
    storage = services.storage
    if storage is None:
        return None
    try:
        return storage.load_stats()
    except Exception:
        return None


class StatisticsScene(Dialog):
    title = N_("Statistics")

    def __init__(self, services: Services) -> None:
        self.stats = load_stats(services)
        self._players = pygame.Rect(0, 0, 0, 0)
        self._recent = pygame.Rect(0, 0, 0, 0)
        self._chart = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    @property
    def empty(self) -> bool:
        """No finished round yet (the first start)."""
        return self.stats is None or (not self.stats.players and not self.stats.history)

    def build(self) -> None:
        self._empty_panel = pygame.Rect(0, 0, 0, 0)
        self._empty_lines: list[str] = []
        self.replays = Button(N_("Replays"), self._open_replays, key="replays")
        if self.empty:
            self.done = Button(N_("Back"), self.back)
            self.play = Button(N_("New game"), self._new_game, style="primary")
            # rounds may be recorded before any match is finished
            shown = [self.replays] if self._has_replays() else []
            self.group.set_widgets([self.play, *shown, self.done])
        else:
            self.done = Button(N_("Back"), self.back, style="primary")
            self.group.set_widgets([self.done, self.replays])

    def _has_replays(self) -> bool:
        from uno_desktop.play.replay import ReplayShelf

        storage = self.services.storage
        return storage is not None and bool(ReplayShelf(storage).names())

    def _open_replays(self) -> None:
        """The recorded rounds, newest first."""
        if self.stack is not None:
            self.stack.push(self.services.scenes.replays())

    def _new_game(self) -> None:
        if self.stack is not None:
            self.stack.replace(self.services.scenes.new_game())

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
        if self.empty:
            self._layout_empty(size, s)

    def _layout_empty(self, size: tuple[int, int], s: float) -> None:
        """One panel in the middle: a heading, the message, Back and New game."""
        w, h = size
        panel_w = min(w - int(60 * s), int(700 * s))
        pad, gap = int(32 * s), int(28 * s)
        self._empty_lines = wrap_words(_(EMPTY_TEXT), int(26 * s), panel_w - 2 * pad)
        text_h = len(self._empty_lines) * font(int(26 * s)).get_linesize()
        button_h = self.done.rect.height
        panel_h = pad + int(48 * s) + text_h + gap + button_h + pad
        self._empty_panel = pygame.Rect(0, 0, panel_w, panel_h)
        self._empty_panel.center = (w // 2, h // 2 + int(20 * s))
        # New game, (Replays,) Back in one row across the panel
        row = [b for b in self.group.widgets if isinstance(b, Button)]
        n = len(row)
        button_w = min(self.done.rect.w, (panel_w - 2 * pad - (n - 1) * gap) // n)
        x = self._empty_panel.centerx - (n * button_w + (n - 1) * gap) // 2
        for b in row:
            b.rect = pygame.Rect(x, 0, button_w, button_h)
            b.rect.bottom = self._empty_panel.bottom - pad
            x += button_w + gap

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        self.draw_title(surface)
        if self.empty:
            self._draw_empty(surface)
            return
        for r in (self._players, self._recent, self._chart):
            draw_panel(surface, r, s)
        players = dict(self.stats.players) if self.stats is not None else {}
        history = list(self.stats.history) if self.stats is not None else []
        self._draw_players(surface, players)
        self._draw_recent(surface, history)
        self._draw_chart(surface, history[-1] if history else None)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        """The first start: what will show here, and a button to play."""
        s = self.scale
        r = self._empty_panel
        draw_panel(surface, r, s)
        y = r.top + int(32 * s)
        heading = _("No rounds played yet")
        px = int(34 * s)
        draw_text(
            surface,
            heading,
            px,
            theme.ACCENT_RGB,
            bold=True,
            midtop=(r.centerx, y),
            max_w=r.width - int(40 * s),
        )
        y += int(48 * s)
        line_h = font(int(26 * s)).get_linesize()
        for line in self._empty_lines:
            draw_text(surface, line, int(26 * s), theme.TEXT_RGB, midtop=(r.centerx, y))
            y += line_h

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

    def _draw_players(self, surface: pygame.Surface, players: dict[str, PlayerStats]) -> None:
        s = self.scale
        r = self._players
        y = self._heading(surface, r, _("Players"))
        cols = [
            _("Name"),
            _("Matches"),
            _("Won"),  # each count is followed by how many of them were won
            _("Rounds"),
            _("Won"),
            _("Points"),
            _("Best round"),
        ]
        name_w = int(r.width * 0.26)
        xs = [r.left + int(18 * s)]
        step = (r.width - name_w - int(36 * s)) // (len(cols) - 1)
        xs += [r.left + int(18 * s) + name_w + i * step for i in range(len(cols) - 1)]
        widths = [name_w - int(8 * s)] + [step - int(8 * s)] * (len(cols) - 1)
        # the headers share one size: a header too wide for its column wraps onto a
        # second line before any of them is drawn smaller
        px = header_px(cols, widths, int(22 * s))
        wrapped = [wrap_words(c, px, w, bold=True) for c, w in zip(cols, widths, strict=True)]
        step_px = line_step(px, bold=True)
        head_h = max(len(lines) for lines in wrapped) * step_px
        for x, lines, width in zip(xs, wrapped, widths, strict=True):
            box = pygame.Rect(x, y, width, head_h)
            top = box.bottom - len(lines) * step_px
            for i, line in enumerate(lines):
                draw_text(
                    surface,
                    line,
                    px,
                    theme.TEXT_DIM_RGB,
                    bold=True,
                    box=box,
                    topleft=(x, top + i * step_px),
                )
        y += head_h + int(4 * s)
        pygame.draw.line(
            surface,
            theme.PANEL_BORDER_RGB,
            (r.left + int(14 * s), y),
            (r.right - int(14 * s), y),
            max(1, int(2 * s)),
        )
        y += int(6 * s)
        people, computers = player_rows(players)
        y = self._player_lines(surface, people, xs, widths, y, theme.TEXT_RGB)
        if computers and y + 2 * font(int(24 * s)).get_linesize() < r.bottom - int(8 * s):
            y += int(6 * s)
            draw_text(
                surface,
                _("Computer players"),
                int(22 * s),
                theme.TEXT_DIM_RGB,
                topleft=(xs[0], y),
                bold=True,
                max_w=r.width - int(36 * s),
            )
            y += font(int(22 * s), bold=True).get_linesize()
            self._player_lines(surface, computers, xs, widths, y, theme.TEXT_DIM_RGB)

    def _player_lines(
        self,
        surface: pygame.Surface,
        rows: list[tuple[str, PlayerStats]],
        xs: list[int],
        widths: list[int],
        y: int,
        rgb: tuple[int, int, int],
    ) -> int:
        """Draw rows of the players table from `y` while they fit; the y after them."""
        s = self.scale
        f = font(int(24 * s))
        for name, p in rows[:MAX_PLAYER_ROWS]:
            if y + f.get_linesize() > self._players.bottom - int(8 * s):
                break
            counts = [p.matches, p.match_wins, p.rounds, p.round_wins, p.points, p.best_round]
            values = [in_language(name), *(integer(n) for n in counts)]
            for x, v, width in zip(xs, values, widths, strict=True):
                draw_text(surface, v, int(24 * s), rgb, topleft=(x, y), max_w=width)
            y += f.get_linesize() + int(2 * s)
        return y

    def recent_lines(self, history: list[Any]) -> list[str]:
        """One line per recent match, newest first: when, the preset's title, who won, in
        how many rounds."""
        lines = []
        for rec in reversed(history[-MAX_RECENT:]):
            when = _when(rec)
            winner = in_language(rec.winner) if rec.winner else "-"
            if rec.rounds == 1:
                template = _("{when}  {preset}: {winner} won (1 round)")
            else:
                template = _("{when}  {preset}: {winner} won ({rounds} rounds)")
            title = self._preset_title(rec.preset)
            lines.append(
                template.format(when=when, preset=title, winner=winner, rounds=integer(rec.rounds))
            )
        return lines

    def _draw_recent(self, surface: pygame.Surface, history: list[Any]) -> None:
        s = self.scale
        r = self._recent
        y = self._heading(surface, r, _("Recent matches"))
        f = font(int(22 * s))
        if not history:
            draw_text(
                surface,
                _("No match finished yet: the rounds played so far are counted above."),
                int(22 * s),
                theme.TEXT_DIM_RGB,
                topleft=(r.left + int(18 * s), y),
                max_w=r.width - int(36 * s),
            )
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
                from uno_desktop.rules.presets import load_named_preset

                titles[name] = load_named_preset(name).title
            except Exception:  # a preset deleted since: its name still says which
                titles[name] = name
        return _(titles[name])

    def _draw_chart(self, surface: pygame.Surface, last: MatchRecord | None) -> None:
        """Running totals per round for each seat of the last match, as lines."""
        s = self.scale
        r = self._chart
        y0 = self._heading(surface, r, _("Last match: points after each round"))
        if last is None or not last.round_points:
            draw_text(
                surface, _("Nothing to show yet"), int(24 * s), theme.TEXT_DIM_RGB, center=r.center
            )
            return
        left = r.left + int(18 * s)
        caption = f"{self._preset_title(last.preset)}, {_when(last)}"  # which match this is
        px = int(20 * s)
        draw_text(surface, caption, px, theme.TEXT_DIM_RGB, topleft=(left, y0 - int(6 * s)))
        y0 += font(px).get_linesize()
        area = pygame.Rect(left - int(2 * s), y0, r.width - int(32 * s), r.bottom - y0)
        area.height -= int(10 * s)
        names = [in_language(seat.name) for seat in last.seats]
        draw_chart(surface, area, names, last.round_points, s)
