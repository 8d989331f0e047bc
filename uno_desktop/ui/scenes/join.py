"""The phones' join panel: per phone seat its name, a QR code of its link, the link as
text, and whether its phone has joined.

Before the round (`on_start` given) it stands in the table's place: the table opens by
itself once every phone seat has joined, or when the host presses Start now (a seat not
joined yet waits: its turn waits for its phone). Esc or Back to title leaves; the match
is saved and resumes with new links. During the match the same panel comes back over
the table (the pause menu's Phone codes) for a phone that lost its link; Close or Esc
takes it down.

Each seat not joined yet also shows a short code, for a phone that cannot scan: the
hint line gives the computer's address, where a page asks for it. With more than
PAGE_SEATS phone seats the codes come in pages (Previous, Next codes; a page whose seats
have all joined turns by itself) with every seat's joined mark in one line above, so
each code is as large as the screen allows.

The codes are drawn module by module as pygame rects at a whole number of pixels each,
on a light square that holds the quiet zone, so they stay crisp at any window size.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

import pygame

from uno_desktop.lang.i18n import N_, _
from uno_desktop.phones.qr import qr_matrix
from uno_desktop.render import theme
from uno_desktop.ui.kit import Button, Dialog, draw_panel
from uno_desktop.ui.kit.text import draw_fitted, draw_text, line_step
from uno_desktop.ui.phone_marks import JOINED_RGB, draw_status_mark

if TYPE_CHECKING:
    from uno_desktop.session.phones import PhoneLink
    from uno_desktop.ui.scene import Scene
    from uno_desktop.ui.services import Services

#: the light and dark of a code (black on white scans best, whatever the theme)
QR_LIGHT_RGB = (255, 255, 255)
QR_DARK_RGB = (0, 0, 0)
#: a code is never drawn with modules smaller than this (a phone must read it)
MIN_MODULE_PX = 2
#: the widest a seat's column gets (two seats stay near each other on a wide screen)
MAX_CELL_W = 460


#: the size of the link's text (at UI scale 1)
LINK_PX = 18
#: the size of a seat's short code (at UI scale 1)
CODE_PX = 30
#: the most codes side by side on one page
PAGE_SEATS = 4
#: the most seats' joined marks on one line above the pages
MARKS_PER_ROW = 5


def pages_of(seats: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The seats in pages of at most PAGE_SEATS, as even as can be (10: 4, 4, 2)."""
    n = len(seats)
    count = math.ceil(n / PAGE_SEATS) if n else 1
    size = math.ceil(n / count) if n else 1
    return [seats[i : i + size] for i in range(0, n, size)] or [()]


def link_lines(url: str) -> tuple[str, str]:
    """The link as the panel writes it, on two lines: the address ("192.168.1.20:8765"),
    then the seat's path ("/t/<token>/"); "http://" left out."""
    address, _slash, path = url.split("://", 1)[-1].partition("/")
    return address, "/" + path


class _Cell(NamedTuple):
    """Where one seat's part of the panel goes."""

    seat: int
    name: pygame.Rect
    code: pygame.Rect
    link: pygame.Rect
    status: pygame.Rect


class JoinScene(Dialog):
    """The join codes of `phones` (see the module docstring)."""

    notices_on_top = False

    def __init__(
        self, services: Services, phones: PhoneLink, *, on_start: Scene | None = None
    ) -> None:
        self.phones = phones
        self.on_start = on_start
        self.transparent = on_start is None  # over the table during the match
        self.started = False
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._cells: list[_Cell] = []
        self._codes: dict[tuple[int, int], pygame.Surface] = {}
        self._matrices = {seat: qr_matrix(phones.url(seat)) for seat in phones.seats}
        self.pages = pages_of(phones.seats)
        self.page = 0
        self._marks = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    # ------------------------------------------------------------ widgets

    def build(self) -> None:
        if self.on_start is not None:
            self.start_button = Button(N_("Start now"), self.start, style="primary")
            self.leave_button = Button(N_("Back to title"), self.leave)
            widgets = [self.start_button, self.leave_button]
        else:
            self.close_button = Button(N_("Close"), self.close, style="primary")
            widgets = [self.close_button]
        if len(self.pages) > 1:
            self.previous_button = Button(N_("Previous codes"), lambda: self.turn(-1))
            self.next_button = Button(N_("Next codes"), lambda: self.turn(1))
            widgets = [*widgets, self.previous_button, self.next_button]  # Start keeps focus
        self.group.set_widgets(widgets)

    def turn(self, step: int) -> None:
        """Show the next (1) or previous (-1) page of codes, round and round."""
        self.page = (self.page + step) % len(self.pages)
        self._layout_key = None
        self.dirty = True

    def _turn_past_joined(self) -> None:
        """A page whose seats have all joined gives way to the first one still waiting."""
        joined = self.phones.connected()
        if not set(self.pages[self.page]) <= joined:
            return
        for i, page in enumerate(self.pages):
            if not set(page) <= joined:
                self.page = i
                self._layout_key = None
                self.dirty = True
                return

    def start(self) -> None:
        """Play: the table opens (phones not joined yet keep their seat waiting)."""
        if self.started or self.on_start is None:
            return
        self.started = True
        self.phones.playing = True
        if self.stack is not None:
            self.stack.replace(self.on_start)

    def leave(self) -> None:
        """Back to the title; the match stays saved and gets new links when continued."""
        if self.stack is not None:
            self.stack.clear_to(self.services.scenes.title())

    def back(self) -> None:
        if self.on_start is not None:
            self.leave()
        else:
            self.close()

    def enter(self) -> None:
        super().enter()
        if self.on_start is None:
            self.phones.playing = True  # over a table being played

    def update(self, dt_s: float) -> None:
        super().update(dt_s)
        if len(self.pages) > 1:
            self._turn_past_joined()
        if self.on_start is not None and not self.started and self.phones.all_joined:
            self.start()

    # ------------------------------------------------------------ layout

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        margin = int(16 * s)
        if self.transparent:
            self._panel = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        else:
            self._panel = pygame.Rect(0, 0, w, h)
        p = self._panel
        title = self.place_text(
            "title",
            _("Join with your phone"),
            int(44 * s),
            heading=True,
            midtop=(p.centerx, p.top + int(14 * s)),
        )
        hint = self.place_text(
            "hint",
            _("On the same Wi-Fi as this computer, scan your seat's code with the phone's camera."),
            int(22 * s),
            midtop=(p.centerx, title.bottom + int(4 * s)),
        )
        hint = self.place_text(
            "address",
            _("No camera? Open {address} and type your seat's letters.").format(
                address=self.phones.address()
            ),
            int(22 * s),
            midtop=(p.centerx, hint.bottom + int(2 * s)),
        )
        if len(self.pages) > 1:
            rows = math.ceil(len(self.phones.seats) / MARKS_PER_ROW)
            self._marks = pygame.Rect(
                p.left + margin, hint.bottom + int(6 * s), p.w - 2 * margin, rows * int(30 * s)
            )
            hint = self._marks
        bh, gap = int(54 * s), int(20 * s)
        buttons = self.buttons
        bw = min(
            int(240 * s), (p.w - 2 * margin - (len(buttons) - 1) * gap) // max(1, len(buttons))
        )
        total = len(buttons) * bw + (len(buttons) - 1) * gap
        x = p.centerx - total // 2
        for button in buttons:
            button.rect = pygame.Rect(x, p.bottom - margin - bh, bw, bh)
            x += bw + gap
        area = pygame.Rect(
            p.left + margin,
            hint.bottom + int(12 * s),
            p.w - 2 * margin,
            p.bottom - margin - bh - int(12 * s) - (hint.bottom + int(12 * s)),
        )
        self._place_cells(area, s)

    def _place_cells(self, area: pygame.Rect, s: float) -> None:
        seats = self.pages[min(self.page, len(self.pages) - 1)]
        n = len(seats)
        cols = max(1, n)
        rows = 1
        gap = int(12 * s)
        cell_w = min((area.w - (cols - 1) * gap) // cols, int(MAX_CELL_W * s))
        cell_h = (area.h - (rows - 1) * gap) // rows
        name_h, status_h = int(30 * s), int(30 * s)
        link_h = 2 * line_step(int(LINK_PX * s))  # the address, then the seat's path
        link_h += line_step(int(CODE_PX * s))  # the short code
        modules = max(len(m) for m in self._matrices.values())
        side = max(0, min(cell_w, cell_h - name_h - link_h - status_h - gap))
        module_px = max(MIN_MODULE_PX, side // modules)
        self._cells = []
        for i, seat in enumerate(seats):
            r, c = divmod(i, cols)
            in_row = min(cols, n - r * cols)
            left = area.left + (area.w - (in_row * cell_w + (in_row - 1) * gap)) // 2
            top = area.top + r * (cell_h + gap)
            x = left + c * (cell_w + gap)
            name = pygame.Rect(x, top, cell_w, name_h)
            code_side = module_px * len(self._matrices[seat])
            code = pygame.Rect(0, 0, code_side, code_side)
            code.midtop = (name.centerx, name.bottom + gap // 2)
            link = pygame.Rect(x, code.bottom + gap // 4, cell_w, link_h)
            status = pygame.Rect(x, link.bottom, cell_w, status_h)
            self._cells.append(_Cell(seat, name, code, link, status))

    def extra_rects(self) -> dict[str, pygame.Rect]:
        return {f"code:{cell.seat}": cell.code.copy() for cell in self._cells}

    # ------------------------------------------------------------ drawing

    def _code_image(self, seat: int, module_px: int) -> pygame.Surface:
        key = (seat, module_px)
        image = self._codes.get(key)
        if image is None:
            matrix = self._matrices[seat]
            side = module_px * len(matrix)
            image = pygame.Surface((side, side))
            image.fill(QR_LIGHT_RGB)
            for y, row in enumerate(matrix):
                for x, dark in enumerate(row):
                    if dark:
                        image.fill(
                            QR_DARK_RGB, (x * module_px, y * module_px, module_px, module_px)
                        )
            self._codes = {k: v for k, v in self._codes.items() if k[0] != seat}
            self._codes[key] = image
        return image

    def draw(self, surface: pygame.Surface) -> None:
        if self.transparent and not self.closed:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            surface.blit(shade, (0, 0))
        super().draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        if self.transparent:
            draw_panel(surface, self._panel, s, alpha=255)
        self.draw_title(surface)
        self.draw_placed(surface, "hint", theme.TEXT_DIM_RGB)
        self.draw_placed(surface, "address", theme.TEXT_RGB)
        joined = self.phones.connected()
        if len(self.pages) > 1:
            self._draw_marks(surface, joined)
        px = int(24 * s)
        for cell in self._cells:
            seat = cell.seat
            draw_fitted(surface, self.seat_name(seat), px, theme.TEXT_RGB, cell.name, bold=True)
            module_px = cell.code.w // len(self._matrices[seat])
            surface.blit(self._code_image(seat, module_px), cell.code)
            step = line_step(int(LINK_PX * s))
            for i, line in enumerate(link_lines(self.phones.url(seat))):
                draw_text(
                    surface,
                    line,
                    int(LINK_PX * s),
                    theme.TEXT_DIM_RGB,
                    max_w=cell.link.w,
                    box=cell.link,
                    midtop=(cell.link.centerx, cell.link.top + i * step),
                )
            code = self.phones.code(seat)
            if code is not None and seat not in joined:
                draw_text(
                    surface,
                    _("Letters: {code}").format(code=" ".join(code)),
                    int(CODE_PX * s),
                    theme.TEXT_RGB,
                    bold=True,
                    max_w=cell.link.w,
                    midtop=(cell.link.centerx, cell.link.top + 2 * step),
                )
            here = seat in joined
            word = _("Joined") if here else _("Waiting for the phone")
            status = cell.status
            radius = max(4, int(8 * s))
            text_rect = draw_text(
                surface,
                word,
                int(22 * s),
                JOINED_RGB if here else theme.TEXT_RGB,
                bold=here,
                max_w=status.w - 4 * radius,
                box=status,
                center=(status.centerx + radius, status.centery),
            )
            draw_status_mark(surface, (text_rect.left - 2 * radius, status.centery), radius, here)

    def _draw_marks(self, surface: pygame.Surface, joined: frozenset[int]) -> None:
        """Every phone seat's name and joined mark in one line (the codes come in pages)."""
        seats = self.phones.seats
        box = self._marks
        per_row = min(len(seats), MARKS_PER_ROW)
        w = box.w // max(1, per_row)
        h = box.h // math.ceil(len(seats) / MARKS_PER_ROW)
        radius = max(3, int(6 * self.scale))
        for i, seat in enumerate(seats):
            row, col = divmod(i, per_row)
            cell = pygame.Rect(box.left + col * w, box.top + row * h, w, h)
            here = seat in joined
            draw_status_mark(surface, (cell.left + 2 * radius, cell.centery), radius, here)
            name = cell.inflate(-4 * radius, 0)
            name.left = cell.left + 4 * radius
            on_page = seat in self.pages[self.page]
            draw_fitted(
                surface,
                self.seat_name(seat),
                int(20 * self.scale),
                JOINED_RGB if here else theme.TEXT_RGB if on_page else theme.TEXT_DIM_RGB,
                name,
                bold=on_page,
                align="left",
            )

    def seat_name(self, seat: int) -> str:
        """The seat's name as the table shows it."""
        return self.phones.match.seat_name(seat)
