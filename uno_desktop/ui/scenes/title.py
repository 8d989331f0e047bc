"""The title screen: the game's name, a fan of cards and the main menu.

Continue appears only when a saved match exists. Notices from storage (a damaged settings
file moved aside, ...) are shown once, as a friendly message, when the title appears.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from uno_desktop.engine import Card
from uno_desktop.lang.i18n import N_, _
from uno_desktop.play.saved_summary import saved_summary
from uno_desktop.render import theme
from uno_desktop.render.fonts import font
from uno_desktop.ui.kit import PANEL_ALPHA, Button, Dialog, column, draw_panel, draw_text

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services

#: the cards fanned on each side of the menu
LEFT_FAN = ("R7", "Y5", "GS", "BR", "W4")
RIGHT_FAN = ("B2", "GD2", "YR", "R0", "W")


class TitleScene(Dialog):
    notices_on_top = False  # the title shows its own notices

    def __init__(self, services: Services) -> None:
        self._check_notices = True
        #: card faces painted so far (code, width): the fans show once theirs are ready
        self._faces_ready: set[tuple[str, int]] = set()
        self._drawn_once = False
        self._fans: list[tuple[tuple[str, ...], tuple[int, int], int]] = []
        self._logo_center = (0, 0)
        self._logo_rect = pygame.Rect(0, 0, 0, 0)
        self._desktop = pygame.Rect(0, 0, 0, 0)
        self._desktop_px = 40
        #: the saved match's round and scores, under Continue (None: no line)
        self._summary: str | None = None
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
        self._summary = None
        if storage is not None:
            try:
                has_save = bool(storage.has_saved_match())
                if has_save:
                    self._summary = saved_summary(storage.load_match())
            except Exception:
                has_save = False
        self.continue_button.visible = has_save
        # with a match waiting, Continue is the way on (Enter continues it)
        self.continue_button.style = "primary" if has_save else "normal"
        self.new_button.style = "normal" if has_save else "primary"
        if has_save:
            self.group.focus(self.continue_button)
        elif self.group.focused is not None and not self.group.focused.wants():
            self.group.focus_first()
        self._layout_key = None
        self.dirty = True
        self._check_notices = True

    @property
    def animating(self) -> bool:
        """True while fan cards are still to be painted (one per frame after the first)."""
        return bool(self._missing_faces())

    def _missing_faces(self) -> list[tuple[str, int]]:
        return [
            (code, card_w)
            for codes, _pivot, card_w in self._fans
            for code in codes
            if (code, card_w) not in self._faces_ready
        ]

    def paint_faces(self, limit: int | None = None) -> None:
        """Paint up to `limit` missing fan faces into the painter's cache (all if None).

        Why: the ten faces cost more than everything else on the first frame; the menu
        appears at once and the fans follow a few frames later."""
        missing = self._missing_faces()
        for code, card_w in missing[:limit]:
            self.services.painter.face(Card.parse(code), card_w)
            self._faces_ready.add((code, card_w))
        if missing:
            self.dirty = True

    def update(self, dt_s: float) -> None:
        if self._drawn_once:
            self.paint_faces(limit=1)
        self._show_notices()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._drawn_once = True

    def _show_notices(self) -> None:
        """Show storage notices once, when the title is really the top scene (a scene
        replaced above it resumes the title for an instant)."""
        if not self._check_notices or self.stack is None or self.stack.top is not self:
            return
        self._check_notices = False
        storage = self.services.storage
        notices = storage.take_notices() if storage is not None else []
        if notices:
            text = "\n".join(notices)  # already translated by storage
            self.stack.push(self.services.scenes.message(N_("Good to know"), lambda: text))
        elif storage is not None and not self.services.settings.tutorial_offered:
            # the first start (a fresh user folder): offer the tutorial, once
            self.stack.push(self.services.scenes.tutorial_offer())

    def build(self) -> None:
        self.new_button = Button(N_("New game"), self.new_game, style="primary")
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
        """Logo on top, the buttons under it, a fan of cards on each side; in units of
        `scale` so nothing collides however small the window or large the UI size."""
        w, h = size
        s = scale
        shown = [b for b in self.group.widgets if b.visible]
        bh, gap = int(54 * s), int(14 * s)
        summary_px = int(22 * s)
        ring = int(20 * s)  # clear of Continue's focus ring
        summary_h = 0
        if self._summary is not None and self.continue_button.visible:
            summary_h = font(summary_px).get_linesize() + ring
        total = len(shown) * bh + (len(shown) - 1) * gap + summary_h
        logo_h = self._logo_size(s)[1]
        logo_y = max(int(h * 0.17), int(8 * s) + logo_h // 2)
        self._logo_center = (w // 2, logo_y)
        self._logo_rect = pygame.Rect(0, 0, *self._logo_size(s))
        self._logo_rect.center = self._logo_center
        self._desktop_px = int(40 * s)
        desktop = pygame.Rect((0, 0), font(self._desktop_px, bold=True).size("Desktop"))
        desktop.center = (w // 2, logo_y + int(98 * s))
        self._desktop = desktop
        free_top = max(int(h * 0.36), desktop.bottom + int(18 * s))
        free_bottom = h - int(40 * s)
        top = max(free_top, free_top + (free_bottom - free_top - total) // 2)
        column(shown, w // 2, top, int(300 * s), bh, gap)
        self.texts.pop("summary", None)
        if summary_h and self._summary is not None:
            # the saved match's round and scores just under Continue; the rest move down
            below = shown[shown.index(self.continue_button) + 1 :]
            for b in below:
                b.rect.move_ip(0, summary_h)
            self.place_text(
                "summary",
                self._summary,
                summary_px,
                midtop=(w // 2, self.continue_button.rect.bottom + ring),
            )
        self.place_text(
            "hint",
            _("F11: full screen"),
            int(20 * s),
            midright=(w - int(20 * s), h - int(20 * s)),
        )
        card_w = int(92 * s)
        fan_y = int(h * 0.62)
        side = int(250 * s) + card_w
        self._fans = [
            (LEFT_FAN, (w // 2 - side, fan_y), card_w),
            (RIGHT_FAN, (w // 2 + side, fan_y), card_w),
        ]

    @staticmethod
    def _logo_size(s: float) -> tuple[int, int]:
        """The logo's bounding box once tilted (the oval is 330x150 at scale 1)."""
        ow, oh = 330 * s, 150 * s
        c, sn = math.cos(math.radians(8)), math.sin(math.radians(8))
        return int(ow * c + oh * sn), int(ow * sn + oh * c)

    def extra_rects(self) -> dict[str, pygame.Rect]:
        """The logo (with its word "Desktop") and each fan of cards."""
        out = {"logo": self._logo_rect.union(self._desktop)}
        for name, (codes, pivot, card_w) in zip(("fan:left", "fan:right"), self._fans, strict=True):
            rects = [r for _code, _angle, r in self._fan_cards(codes, pivot, card_w)]
            out[name] = rects[0].unionall(rects[1:])
        return out

    def _fan_cards(
        self, codes: tuple[str, ...], pivot: tuple[int, int], card_w: int
    ) -> list[tuple[str, float, pygame.Rect]]:
        """Each card of a fan: its code, tilt and the rect its tilted face covers."""
        n = len(codes)
        out = []
        card_h = int(card_w * 1.5)
        for i, code in enumerate(codes):
            angle = (i - (n - 1) / 2) * 12.0
            rad = math.radians(angle)
            off = int(card_w * 1.1)
            cx = pivot[0] + int(math.sin(rad) * off)
            cy = pivot[1] - int(math.cos(rad) * off) + off
            c, sn = abs(math.cos(rad)), abs(math.sin(rad))
            rw, rh = int(card_w * c + card_h * sn), int(card_w * sn + card_h * c)
            out.append((code, angle, pygame.Rect(0, 0, rw, rh).move(cx - rw // 2, cy - rh // 2)))
        return out

    # --- actions
    def new_game(self) -> None:
        self._push(self.services.scenes.new_game())

    def continue_match(self) -> None:
        self._push(self.services.scenes.continue_match())

    def settings(self) -> None:
        self._push(self.services.scenes.settings())

    def statistics(self) -> None:
        self._push(self.services.scenes.statistics())

    def how_to_play(self) -> None:
        self._push(self.services.scenes.how_to_play())

    def quit(self) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    def back(self) -> None:
        """Esc on the title does nothing (Quit is one button away; no accidental exits)."""

    def _push(self, scene: Any) -> None:
        if self.stack is not None:
            self.stack.push(scene)

    # --- drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        self._draw_logo(surface, self._logo_center, s)
        for codes, pivot, card_w in self._fans:
            self._draw_fan(surface, codes, pivot, card_w)
        hint = self.texts["hint"][1]
        plate = hint.inflate(int(16 * s), int(8 * s))
        draw_panel(surface, plate, s * 0.4, alpha=PANEL_ALPHA)
        self.draw_placed(surface, "hint", theme.TEXT_RGB)
        if "summary" in self.texts:
            plate = self.texts["summary"][1].inflate(int(16 * s), int(6 * s))
            draw_panel(surface, plate, s * 0.4, alpha=PANEL_ALPHA)
            self.draw_placed(surface, "summary", theme.TEXT_RGB)

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
            self._desktop_px,
            theme.TEXT_RGB,
            center=self._desktop.center,
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
        """A fan of card faces. Faces are painted a few per frame after the first frame
        (see `update`), so the title shows at once on start-up."""
        painter = self.services.painter
        if any((code, card_w) not in self._faces_ready for code in codes):
            return
        for code, angle, rect in self._fan_cards(codes, pivot, card_w):
            img = painter.face(Card.parse(code), card_w)
            rot = pygame.transform.rotozoom(img, -angle, 1.0)
            surface.blit(rot, rot.get_rect(center=rect.center))
