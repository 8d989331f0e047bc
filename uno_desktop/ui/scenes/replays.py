"""Replays: the recorded rounds, newest first; choosing one plays it on the table.

Each row says when the round ended, by which rules, who sat at the table and who won
with how many points. Rows are buttons: arrows or Tab move, Enter or a click opens. A
record is read when its row is shown; one that cannot be read is moved aside then (a
notice says so).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from uno_desktop.lang.i18n import N_, _
from uno_desktop.render import theme
from uno_desktop.ui.kit import Button, Dialog, draw_text, paint_button
from uno_desktop.ui.kit.paint import draw_focus_ring

if TYPE_CHECKING:
    from uno_desktop.play.replay import ReplayEntry, ReplayListing
    from uno_desktop.ui.services import Services

#: rows on one page (six fit the smallest window at every UI size)
ROWS = 6


class ReplayRow(Button):
    """A row of the list: a button face with two lines (result; when, rules, seats)."""

    def __init__(self, entry: ReplayEntry, on_press: Callable[[], None]) -> None:
        super().__init__("", on_press, key="row")
        self.entry = entry

    def lines(self) -> tuple[str, str]:
        rec = self.entry.record
        winner = self.entry.winner_name
        if winner is None:
            first = _("Round {n}: blocked, no points").format(n=rec.round_no)
        else:
            first = _("Round {n}: {name} won {points} points").format(
                n=rec.round_no, name=winner, points=sum(rec.points)
            )
        when = rec.finished_at[:16].replace("T", " ")
        second = "  ·  ".join((when, _(rec.rules.title), ", ".join(rec.names)))  # its rules then
        return first, second

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        s = self.scale
        paint_button(surface, self.rect, "", s, hover=self.hovered, pressed=self.pressed)
        first, second = self.lines()
        pad = round(18 * s)
        max_w = self.rect.w - 2 * pad
        draw_text(
            surface,
            first,
            max(12, round(self.rect.h * 0.34)),
            theme.TEXT_DARK_RGB,
            bold=True,
            topleft=(self.rect.x + pad, self.rect.y + round(self.rect.h * 0.1)),
            max_w=max_w,
        )
        draw_text(
            surface,
            second,
            max(11, round(self.rect.h * 0.26)),
            theme.TEXT_DARK_RGB,
            bottomleft=(self.rect.x + pad, self.rect.bottom - round(self.rect.h * 0.12)),
            max_w=max_w,
        )
        if self.focused:
            draw_focus_ring(surface, self.rect, s, max(6, round(16 * s)) + round(4 * s))


def read_listing(services: Services) -> ReplayListing:
    """The recorded rounds, newest first, read page by page (none without storage)."""
    from uno_desktop.play.replay import ReplayListing, ReplayShelf

    storage = services.storage
    return ReplayListing(ReplayShelf(storage) if storage is not None else None)


class ReplaysScene(Dialog):
    """The list of recorded rounds, ROWS to a page: the folder is listed when the screen
    opens and again when a replay is left, and only the rows on screen are read."""

    title = N_("Replays")

    def __init__(self, services: Services) -> None:
        self.listing = read_listing(services)
        self.page = 0
        self._empty = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.listing) // ROWS))

    def build(self) -> None:
        entries = self.listing.page(self.page * ROWS, ROWS)
        while not entries and self.page > 0:  # its records proved unusable
            self.page = min(self.page - 1, self.pages - 1)
            entries = self.listing.page(self.page * ROWS, ROWS)
        self.rows = [ReplayRow(e, self._opener(e)) for e in entries]
        self.newer = Button(N_("Newer"), lambda: self._turn(-1), key="newer")
        self.older = Button(N_("Older"), lambda: self._turn(1), key="older")
        self.done = Button(N_("Back"), self.back, style="primary", key="back")
        self.newer.visible = self.page > 0
        self.older.visible = self.page + 1 < self.pages
        self.group.set_widgets([*self.rows, self.newer, self.older, self.done])

    def _opener(self, entry: ReplayEntry) -> Callable[[], None]:
        def open_it() -> None:
            if self.stack is not None:
                self.stack.push(self.services.scenes.open_replay(entry.path))

        return open_it

    def _turn(self, delta: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + delta))
        self.rebuild()
        self.group.focus_first()

    def resume(self) -> None:
        """Back from a replay (or a message about one): read the folder again."""
        self.listing = read_listing(self.services)
        self.page = min(self.page, self.pages - 1)
        self.rebuild()
        super().resume()

    def shortcut(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self._turn(1 if event.key == pygame.K_PAGEDOWN else -1)
            return True
        return False

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        self.place_title(_("Replays"), int(52 * s))
        top, row_h, gap = int(100 * s), int(74 * s), int(10 * s)
        row_w = min(w - int(60 * s), int(1000 * s))
        x = (w - row_w) // 2
        for i, r in enumerate(self.rows):
            r.rect = pygame.Rect(x, top + i * (row_h + gap), row_w, row_h)
        self._empty = pygame.Rect(x, top, row_w, row_h * 2)
        bw, bh = int(200 * s), int(56 * s)
        y = h - int(24 * s) - bh
        self.done.rect = pygame.Rect(0, y, bw, bh)
        self.done.rect.centerx = w // 2
        self.newer.rect = pygame.Rect(self.done.rect.x - gap - bw, y, bw, bh)
        self.older.rect = pygame.Rect(self.done.rect.right + gap, y, bw, bh)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_title(surface)
        if not self.rows:
            draw_text(
                surface,
                _("No rounds recorded yet. Every finished round is kept here."),
                int(28 * self.scale),
                theme.TEXT_RGB,
                center=self._empty.center,
                max_w=self._empty.w,
            )
