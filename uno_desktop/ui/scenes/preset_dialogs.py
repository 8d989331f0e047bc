"""The small dialogs around our own rules: a name for a preset (save, rename, duplicate),
"delete it?", and the presets folder with every problem of its files in full.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from uno_desktop.lang.i18n import N_, _
from uno_desktop.render import theme
from uno_desktop.render.fonts import font, text_size
from uno_desktop.rules.presets import MAX_NAME_CHARS
from uno_desktop.ui.kit import (
    ERROR_TEXT_RGB,
    PANEL_ALPHA,
    Button,
    Dialog,
    Overlay,
    Text,
    TextInput,
    current_floor,
    draw_panel,
    draw_scroll_bar,
    draw_text,
    text_of,
    wrap_words,
)

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services

#: a name dialog's answer: the reason the name cannot be used, or None when it was used
Named = Callable[[str], str | None]


def can_open_folder(platform: str | None = None) -> bool:
    """Whether this desktop has a way to open a folder in its file manager (Windows and
    macOS always; elsewhere xdg-open on the path). `house_presets.open_presets_folder`
    opens it; this only says whether to offer the button."""
    import shutil
    import sys

    platform = platform or sys.platform
    if platform.startswith("win") or platform == "darwin":
        return True
    return shutil.which("xdg-open") is not None


def wrap_path(path: str, px: int, width: int) -> list[str]:
    """A file path in lines no wider than `width`, broken after its separators (a path has
    no spaces to break at)."""
    f = font(px)
    lines: list[str] = []
    line = ""
    for part in re.split(r"(?<=[/\\])", path):
        if line and text_size(f, line + part)[0] > width:
            lines.append(line)
            line = part
        else:
            line += part
    return [*lines, line]


class PresetNameScene(Overlay):
    """Asks for a preset's name ("Grandma's rules"); `on_name` uses it or says why not."""

    def __init__(
        self, services: Services, title: Text, name: str, on_name: Named, *, button: Text
    ) -> None:
        self.title, self.start_name, self.on_name, self.button_text = title, name, on_name, button
        self.problem = ""
        self._panel = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    def build(self) -> None:
        self.field = TextInput(self.start_name, max_len=MAX_NAME_CHARS)
        self.cancel = Button(N_("Cancel"), self.close)
        self.ok = Button(self.button_text, self.confirm, style="primary")
        self.enter_button = self.ok  # Enter in the name field saves
        self.group.set_widgets([self.field, self.cancel, self.ok])
        self.group.focus(self.field)

    def confirm(self) -> None:
        name = self.field.value.strip()
        if not name:
            self.problem = _("Give the rules a name.")
            self._layout_key = None
            return
        problem = self.on_name(name)
        if problem is None:
            self.close()
        else:
            self.problem = problem
            self._layout_key = None

    def _problem_lines(self, width: int) -> list[str]:
        px = max(current_floor(), int(22 * self.scale))
        return wrap_words(self.problem, px, width) if self.problem else []

    def layout(self, size: tuple[int, int], scale: float) -> None:
        s = scale
        pw = min(size[0] - int(40 * s), int(740 * s))
        inner = pw - int(60 * s)
        px = max(current_floor(), int(22 * s))
        problem_h = len(self._problem_lines(inner)) * font(px).get_linesize()
        ph = int(250 * s) + problem_h
        self._panel = self.panel_rect(size, pw, ph)
        p = self._panel
        self.place_text(
            "title",
            text_of(self.title),
            int(36 * s),
            bold=True,
            midtop=(p.centerx, p.top + int(22 * s)),
        )
        self.place_text(
            "ask",
            _("Name (as New game lists it):"),
            int(22 * s),
            topleft=(p.left + int(30 * s), p.top + int(76 * s)),
        )
        self.field.rect = pygame.Rect(
            p.left + int(30 * s), p.top + int(108 * s), inner, int(48 * s)
        )
        self._problem_top = self.field.rect.bottom + int(8 * s)
        bw, bh = int(220 * s), int(52 * s)
        gap = int(20 * s)
        self.cancel.rect = pygame.Rect(0, 0, bw, bh)
        self.cancel.rect.bottomright = (p.centerx - gap // 2, p.bottom - int(20 * s))
        self.ok.rect = pygame.Rect(0, 0, bw, bh)
        self.ok.rect.bottomleft = (p.centerx + gap // 2, p.bottom - int(20 * s))

    def frame_rects(self) -> dict[str, pygame.Rect]:
        return {"_panel": self._panel.copy()}

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self._panel, self.scale)
        self.draw_placed(surface, "title", theme.ACCENT_RGB)
        self.draw_placed(surface, "ask", theme.TEXT_RGB)
        px = max(current_floor(), int(22 * self.scale))
        y = self._problem_top
        for line in self._problem_lines(self.field.rect.width):
            draw_text(surface, line, px, ERROR_TEXT_RGB, topleft=(self.field.rect.left, y))
            y += font(px).get_linesize()


class ConfirmScene(Overlay):
    """A yes/no question ("Delete Grandma's rules?"); only `yes_text` runs `on_yes`."""

    def __init__(
        self, services: Services, question: Text, yes_text: Text, on_yes: Callable[[], None]
    ) -> None:
        self.question, self.yes_text, self.on_yes = question, yes_text, on_yes
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._lines: list[str] = []
        super().__init__(services)

    def build(self) -> None:
        self.no = Button(N_("Cancel"), self.close)
        self.yes = Button(self.yes_text, self.picked(self.on_yes), style="danger")
        self.group.set_widgets([self.no, self.yes])
        self.group.focus(self.no)  # the safe answer first

    def layout(self, size: tuple[int, int], scale: float) -> None:
        s = scale
        pw = min(size[0] - int(40 * s), int(700 * s))
        px = max(current_floor(), int(28 * s))
        self._lines = wrap_words(text_of(self.question), px, pw - int(60 * s))
        text_h = len(self._lines) * font(px).get_linesize()
        self._panel = self.panel_rect(size, pw, text_h + int(140 * s))
        p = self._panel
        self._text_top = p.top + int(28 * s)
        bw, bh = int(220 * s), int(52 * s)
        gap = int(20 * s)
        self.no.rect = pygame.Rect(0, 0, bw, bh)
        self.no.rect.bottomright = (p.centerx - gap // 2, p.bottom - int(24 * s))
        self.yes.rect = pygame.Rect(0, 0, bw, bh)
        self.yes.rect.bottomleft = (p.centerx + gap // 2, p.bottom - int(24 * s))

    def frame_rects(self) -> dict[str, pygame.Rect]:
        return {"_panel": self._panel.copy()}

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self._panel, self.scale)
        px = max(current_floor(), int(28 * self.scale))
        y = self._text_top
        for line in self._lines:
            draw_text(surface, line, px, theme.TEXT_RGB, midtop=(self._panel.centerx, y))
            y += font(px).get_linesize()


class PresetsFolderScene(Dialog):
    """Where our own presets live, a button that opens the folder (where the desktop has a
    file manager), and why each file that could not be used was refused, in full."""

    title = N_("Your presets folder")

    def __init__(
        self,
        services: Services,
        folder: str,
        errors: Sequence[str],
        open_folder: Callable[[], bool] | None,
    ) -> None:
        self.folder, self.errors, self.open_folder = folder, list(errors), open_folder
        self.offset = 0
        self.opened: bool | None = None  # whether the last "open" worked
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._view = pygame.Rect(0, 0, 0, 0)
        self._page: list[tuple[str, int, tuple[int, int, int]]] = []
        self._page_h = 0
        super().__init__(services)

    def build(self) -> None:
        self.back_button = Button(N_("Back"), self.back, style="primary")
        self.open_button = Button(N_("Open the folder"), self._open)
        self.open_button.visible = self.open_folder is not None
        self.group.set_widgets([self.back_button, self.open_button])  # Back has the focus

    def _open(self) -> None:
        if self.open_folder is not None:
            self.opened = self.open_folder()
            self._layout_key = None

    def page_lines(self, width: int) -> list[tuple[str, int, tuple[int, int, int]]]:
        """The page as (line, px, colour): the folder, what goes in it, each problem."""
        s = self.scale
        body = max(current_floor(), int(24 * s))
        head = max(current_floor(), int(28 * s))
        out: list[tuple[str, int, tuple[int, int, int]]] = []
        out += [(ln, body, theme.TEXT_RGB) for ln in wrap_path(self.folder, body, width)]
        if self.opened is False:
            text = _("The folder could not be opened here: open it yourself from the path above.")
            out += [(ln, body, ERROR_TEXT_RGB) for ln in wrap_words(text, body, width)]
        hint = _(
            "Rules you save in the game are kept here as .yaml files. You can also copy a "
            "file here and change it by hand; New game lists it at once."
        )
        out += [("", body, theme.TEXT_RGB)]
        out += [(ln, body, theme.TEXT_DIM_RGB) for ln in wrap_words(hint, body, width)]
        if self.errors:
            out += [("", body, theme.TEXT_RGB)]
            title = _("These files could not be used:")
            out += [(ln, head, ERROR_TEXT_RGB) for ln in wrap_words(title, head, width)]
            for error in self.errors:
                out += [(ln, body, theme.TEXT_RGB) for ln in wrap_words(error, body, width)]
                out += [("", body // 2, theme.TEXT_RGB)]
        return out

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        self.place_title(_("Your presets folder"), int(48 * s))
        pw = min(w - int(40 * s), int(1000 * s))
        bh = int(54 * s)
        self._panel = pygame.Rect(
            (w - pw) // 2, int(96 * s), pw, h - int(96 * s) - bh - int(40 * s)
        )
        self._view = self._panel.inflate(-int(60 * s), -int(36 * s))
        self._page = self.page_lines(self._view.width)
        self._page_h = sum(font(px).get_linesize() for _t, px, _c in self._page)
        self.offset = max(0, min(self.offset, self._page_h - self._view.height))
        bw, gap = int(300 * s), int(24 * s)
        y = h - int(20 * s) - bh
        if self.open_button.visible:
            self.open_button.rect = pygame.Rect(w // 2 - gap // 2 - bw, y, bw, bh)
            self.back_button.rect = pygame.Rect(w // 2 + gap // 2, y, bw, bh)
        else:
            self.back_button.rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)

    def scroll(self, delta: int) -> None:
        self.offset = max(0, min(max(0, self._page_h - self._view.height), self.offset + delta))
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        step = int(40 * self.scale)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * step)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page = self._view.height - step
            self.scroll(page if event.key == pygame.K_PAGEDOWN else -page)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP):
            self.scroll(step if event.key == pygame.K_DOWN else -step)
            return True
        return super().handle_event(event)

    def frame_rects(self) -> dict[str, pygame.Rect]:
        return {"_panel": self._panel.copy()}

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        self.draw_title(surface)
        draw_panel(surface, self._panel, s, alpha=PANEL_ALPHA)
        prev = surface.get_clip()
        surface.set_clip(self._view)
        y = self._view.top - self.offset
        for line, px, rgb in self._page:
            step = font(px).get_linesize()
            if line and y + step > self._view.top and y < self._view.bottom:
                draw_text(surface, line, px, rgb, topleft=(self._view.left, y))
            y += step
        surface.set_clip(prev)
        draw_scroll_bar(surface, self._panel, self._view, self.offset, self._page_h, s)
