"""The table's decision overlays, and the small drawing helpers they share with the table.

Each decision the rules ask of a person is a transparent scene pushed over the table:
the colour for a wild, the player to swap with, play-or-keep a drawn card, challenge or
accept a Wild Draw Four (and its result), take a pending penalty or stack on it. The
pass-the-device screen is the one opaque overlay: it covers every hand until the next
player says they are at the screen.

Overlays never talk to the match: each one calls back into the table with the choice
and pops itself. Every one works with the mouse and with the keyboard.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from uno_desktop.engine import COLORS, Card, Color
from uno_desktop.i18n import _
from uno_desktop.render import theme
from uno_desktop.render.fonts import font
from uno_desktop.ui.log_text import card_name, color_name
from uno_desktop.ui.scene import Scene

BASE_W, BASE_H = 1280, 720
RGB = tuple[int, int, int]

# ----------------------------------------------------------------------------- helpers

_text_cache: dict[tuple[str, int, RGB, bool], pygame.Surface] = {}


def ui_scale_for(size: tuple[int, int], ui_scale: float = 1.0) -> float:
    """How much bigger than the 1280x720 design everything is drawn."""
    s = min(size[0] / BASE_W, size[1] / BASE_H) * ui_scale
    return max(0.4, min(3.0, s))


def text_image(
    text: str, px: int, color: RGB = theme.TEXT_RGB, bold: bool = False
) -> pygame.Surface:
    """A rendered line of text (cached: the table draws the same texts every frame)."""
    key = (text, int(px), tuple(color), bold)  # type: ignore[arg-type]
    img = _text_cache.get(key)  # type: ignore[arg-type]
    if img is None:
        if len(_text_cache) > 600:
            _text_cache.clear()
        img = font(int(px), bold=bold).render(text, True, color)
        _text_cache[key] = img  # type: ignore[index]
    return img


def blit_text(
    surface: pygame.Surface,
    text: str,
    px: int,
    color: RGB = theme.TEXT_RGB,
    *,
    bold: bool = False,
    shadow: bool = False,
    max_w: int | None = None,
    **anchor: Any,
) -> pygame.Rect:
    """Draw one line at an anchor (`center=`, `midleft=`, ...); too long: shortened with …."""
    img = text_image(text, px, color, bold)
    if max_w is not None and img.get_width() > max_w and len(text) > 1:
        cut = text
        while len(cut) > 1 and text_image(cut + "…", px, color, bold).get_width() > max_w:
            cut = cut[:-1]
        img = text_image(cut.rstrip() + "…", px, color, bold)
    rect = img.get_rect(**(anchor or {"topleft": (0, 0)}))
    if shadow:
        sh = text_image(text if img.get_width() else "", px, (0, 0, 0), bold)
        if max_w is None or sh.get_width() <= max_w:
            sh = sh.copy()
            sh.set_alpha(110)
            off = max(1, px // 16)
            surface.blit(sh, rect.move(off, off))
    surface.blit(img, rect)
    return rect


def wrap(text: str, px: int, width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines that fit `width` pixels."""
    f = font(int(px), bold=bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if not line or f.size(trial)[0] <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: float,
    alpha: int = 250,
    border: RGB = theme.PANEL_BORDER_RGB,
) -> None:
    """A rounded dark panel with a soft shadow (dialogs, banners, the side panel)."""
    radius = max(6, round(16 * scale))
    off = max(2, round(6 * scale))
    shadow = pygame.Surface((rect.w + 2 * off, rect.h + 2 * off), pygame.SRCALPHA)
    for i, a in enumerate((26, 26, 30)):
        pygame.draw.rect(
            shadow,
            (0, 0, 0, a),
            shadow.get_rect().inflate(-2 * i * off // 3, -2 * i * off // 3),
            border_radius=radius + off - i,
        )
    surface.blit(shadow, (rect.x - off + off // 2, rect.y - off + off))
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.PANEL_RGB, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(
        panel, (*border, 255), panel.get_rect(), max(1, round(2 * scale)), border_radius=radius
    )
    surface.blit(panel, rect)


def dim(surface: pygame.Surface, alpha: int = 120) -> None:
    """Darken what is below a modal dialog."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


@dataclass
class Button:
    """A clickable rounded button; `key` names what it does."""

    key: str
    text: str
    rect: pygame.Rect
    enabled: bool = True
    style: str = "normal"  # normal | primary | danger | accent


def draw_button(
    surface: pygame.Surface,
    b: Button,
    scale: float,
    *,
    hover: bool = False,
    focus: bool = False,
    pressed: bool = False,
) -> None:
    """A friendly pill button: light face, dark text; primary/danger/accent are coloured."""
    radius = max(6, b.rect.h // 2)
    if not b.enabled:
        body, ink = theme.BUTTON_DISABLED_RGB, (70, 84, 78)
    elif b.style == "primary":
        body, ink = theme.SUCCESS_RGB, theme.TEXT_DARK_RGB
    elif b.style == "danger":
        body, ink = theme.DANGER_RGB, theme.TEXT_RGB
    elif b.style == "accent":
        body, ink = theme.ACCENT_RGB, theme.TEXT_DARK_RGB
    else:
        body, ink = (theme.BUTTON_HOVER_RGB if hover else theme.BUTTON_RGB), theme.TEXT_DARK_RGB
    rect = b.rect.move(0, max(1, round(2 * scale)) if pressed else 0)
    if b.enabled:
        shade = rect.move(0, max(2, round(3 * scale)))
        pygame.draw.rect(surface, (0, 0, 0), shade, border_radius=radius)
    if hover and b.enabled and b.style != "normal":
        body = tuple(min(255, c + 22) for c in body)  # type: ignore[assignment]
    pygame.draw.rect(surface, body, rect, border_radius=radius)
    if focus:
        pygame.draw.rect(
            surface,
            theme.ACCENT_RGB,
            rect.inflate(round(8 * scale), round(8 * scale)),
            max(2, round(3 * scale)),
            border_radius=radius + round(4 * scale),
        )
    px = max(12, round(rect.h * 0.5))
    blit_text(surface, b.text, px, ink, bold=True, center=rect.center, max_w=rect.w - radius)


def column_buttons(
    specs: Sequence[tuple[str, str, str]],
    center_x: int,
    top: int,
    width: int,
    height: int,
    gap: int,
) -> list[Button]:
    """Buttons side by side, centred on `center_x`: specs are (key, text, style)."""
    n = len(specs)
    total = n * width + (n - 1) * gap
    x = center_x - total // 2
    out = []
    for i, (key, text, style) in enumerate(specs):
        out.append(
            Button(key, text, pygame.Rect(x + i * (width + gap), top, width, height), style=style)
        )
    return out


# ----------------------------------------------------------------------------- base class


class TableOverlay(Scene):
    """A dialog over the table: buttons with mouse and keyboard focus.

    Subclasses build `self.buttons` in `layout(size, scale)` and act in `choose(key)`.
    `modal` overlays swallow every input; others only what hits their buttons, so the
    hand below stays playable (stacking a card on a pending penalty).
    """

    transparent = True
    modal = True
    dim_alpha = 110

    def __init__(self, services: Any) -> None:
        super().__init__()
        self.services = services
        self.buttons: list[Button] = []
        self.focus = 0
        self.hover: int | None = None
        self._pressed: int | None = None
        self._size: tuple[int, int] | None = None
        self.scale = 1.0
        self.closed = False
        self._popped = False

    # -- subclass hooks
    def layout(self, size: tuple[int, int], scale: float) -> None: ...
    def choose(self, key: str) -> None: ...
    def cancel(self) -> bool:
        """Esc: return True when handled (the default: not cancellable, Esc is swallowed)."""
        return self.modal

    def draw_content(self, surface: pygame.Surface) -> None: ...

    def key_choice(self, event: pygame.event.Event) -> str | None:
        """A button key for a shortcut key, or None."""
        return None

    # -- machinery
    def close(self) -> None:
        """Pop this overlay (once); if another scene is above it, as soon as it is on top."""
        if not self.closed:
            self.closed = True
            self._pop_if_top()

    def _pop_if_top(self) -> None:
        if not self._popped and self.stack is not None and self.stack.top is self:
            self._popped = True
            self.stack.pop()

    def update(self, dt_s: float) -> None:
        if self.closed:
            self._pop_if_top()

    def _ensure_layout(self, size: tuple[int, int]) -> None:
        if size != self._size:
            self._size = size
            self.scale = ui_scale_for(size, getattr(self.services.settings, "ui_scale", 1.0))
            self.layout(size, self.scale)
            self.dirty = True

    def _surface_size(self) -> tuple[int, int]:
        surf = pygame.display.get_surface() if pygame.display.get_init() else None
        if surf is not None:
            return surf.get_size()
        return tuple(getattr(self.services.settings, "window_size", (BASE_W, BASE_H)))  # type: ignore[return-value]

    def enter(self) -> None:
        self._ensure_layout(self._surface_size())

    def _button_at(self, pos: tuple[int, int]) -> int | None:
        for i, b in enumerate(self.buttons):
            if b.enabled and b.rect.collidepoint(pos):
                return i
        return None

    def _activate(self, i: int) -> None:
        b = self.buttons[i]
        if b.enabled and not self.closed:
            self.choose(b.key)

    def _move_focus(self, delta: int) -> None:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            return
        if self.focus not in enabled:
            self.focus = enabled[0]
        else:
            self.focus = enabled[(enabled.index(self.focus) + delta) % len(enabled)]
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.closed:
            return False
        if event.type in (pygame.VIDEORESIZE, getattr(pygame, "WINDOWSIZECHANGED", -1)):
            size = getattr(event, "size", None) or (event.x, event.y)
            self._ensure_layout((int(size[0]), int(size[1])))
            return False  # the table below re-lays out too
        if self._size is None:
            self._ensure_layout(self._surface_size())
        if event.type == pygame.MOUSEMOTION:
            hover = self._button_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
            return self.modal or hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self._button_at(event.pos)
            if self._pressed is not None:
                self.dirty = True
                return True
            return self.modal
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            hit = self._button_at(event.pos)
            if pressed is not None and hit == pressed:
                self._activate(hit)
                self.dirty = True
                return True
            return self.modal or pressed is not None
        if event.type == pygame.MOUSEBUTTONDOWN or event.type == pygame.MOUSEBUTTONUP:
            return self.modal
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                return self.cancel()
            shortcut = self.key_choice(event)
            if shortcut is not None:
                self.choose(shortcut)
                self.dirty = True
                return True
            if self.modal or self.focus_keys:
                if key in (pygame.K_LEFT, pygame.K_UP):
                    self._move_focus(-1)
                    return True
                if key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                    self._move_focus(1)
                    return True
                if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.modal:
                    if 0 <= self.focus < len(self.buttons):
                        self._activate(self.focus)
                    return True
            return self.modal
        return False

    #: non-modal overlays still move their focus with Tab
    focus_keys = False

    def draw(self, surface: pygame.Surface) -> None:
        if self.closed:
            return
        self._ensure_layout(surface.get_size())
        if self.modal and self.dim_alpha:
            dim(surface, self.dim_alpha)
        self.draw_content(surface)
        for i, b in enumerate(self.buttons):
            draw_button(
                surface,
                b,
                self.scale,
                hover=i == self.hover,
                focus=i == self.focus and self.modal,
                pressed=i == self._pressed,
            )

    def panel_rect(self, size: tuple[int, int], w: int, h: int) -> pygame.Rect:
        r = pygame.Rect(0, 0, w, h)
        r.center = (size[0] // 2, size[1] // 2)
        return r


# ----------------------------------------------------------------------------- colour picker


class ColorPickerOverlay(TableOverlay):
    """Four big swatches with their shapes; keys 1-4, arrows and Enter; Esc puts the card back."""

    def __init__(
        self,
        services: Any,
        on_choose: Callable[[Color], None],
        on_cancel: Callable[[], None] | None = None,
        card: Card | None = None,
    ) -> None:
        super().__init__(services)
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.card = card
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.swatch = 64

    def layout(self, size: tuple[int, int], scale: float) -> None:
        sw = round(96 * scale)
        gap = round(26 * scale)
        w = 4 * sw + 3 * gap + round(80 * scale)
        h = round(250 * scale)
        self.panel = self.panel_rect(size, w, h)
        self.swatch = sw
        x0 = self.panel.centerx - (4 * sw + 3 * gap) // 2
        top = self.panel.y + round(78 * scale)
        self.buttons = [
            Button(str(i + 1), color_name(c), pygame.Rect(x0 + i * (sw + gap), top, sw, sw))
            for i, c in enumerate(COLORS)
        ]

    def choose(self, key: str) -> None:
        color = COLORS[int(key) - 1]
        self.close()
        self.on_choose(color)

    def cancel(self) -> bool:
        if self.on_cancel is not None:
            self.close()
            self.on_cancel()
        return True

    def key_choice(self, event: pygame.event.Event) -> str | None:
        keys = {
            pygame.K_1: "1",
            pygame.K_2: "2",
            pygame.K_3: "3",
            pygame.K_4: "4",
            pygame.K_KP1: "1",
            pygame.K_KP2: "2",
            pygame.K_KP3: "3",
            pygame.K_KP4: "4",
        }
        return keys.get(event.key)

    def draw(self, surface: pygame.Surface) -> None:
        if self.closed:
            return
        self._ensure_layout(surface.get_size())
        dim(surface, self.dim_alpha)
        s = self.scale
        draw_panel(surface, self.panel, s)
        title = _("Choose a colour")
        if self.card is not None:
            title = _("Choose a colour for your {card}").format(card=card_name(self.card))
        blit_text(
            surface,
            title,
            round(34 * s),
            bold=True,
            shadow=True,
            midtop=(self.panel.centerx, self.panel.y + round(22 * s)),
            max_w=self.panel.w - round(30 * s),
        )
        painter = self.services.painter
        for i, b in enumerate(self.buttons):
            color = COLORS[i]
            lift = round(6 * s) if i in (self.hover, self.focus) else 0
            rect = b.rect.move(0, -lift)
            if i == self.focus or i == self.hover:
                ring = rect.inflate(round(14 * s), round(14 * s))
                pygame.draw.ellipse(surface, theme.ACCENT_RGB, ring, max(2, round(4 * s)))
            shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.ellipse(shadow, (0, 0, 0, 80), shadow.get_rect())
            surface.blit(shadow, rect.move(0, round(6 * s)))
            img = painter.color_swatch(color, b.rect.w)
            surface.blit(img, img.get_rect(center=rect.center))
            blit_text(
                surface,
                b.text,
                round(24 * s),
                bold=True,
                midtop=(b.rect.centerx, b.rect.bottom + round(10 * s)),
            )
            blit_text(
                surface,
                str(i + 1),
                round(18 * s),
                theme.TEXT_DIM_RGB,
                midtop=(b.rect.centerx, b.rect.bottom + round(32 * s)),
            )


# ----------------------------------------------------------------------------- choose a player


@dataclass(frozen=True)
class SeatChoice:
    seat: int
    name: str
    cards: int


class ChoosePlayerOverlay(TableOverlay):
    """The other seats with their card counts (Wild Swap Hands, a 7 under 7-0, a swap rule)."""

    def __init__(
        self,
        services: Any,
        title: str,
        choices: Sequence[SeatChoice],
        on_choose: Callable[[int], None],
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(services)
        self.title = title
        self.choices = list(choices)
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.panel = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int], scale: float) -> None:
        n = len(self.choices)
        cols = 1 if n <= 3 else 2 if n <= 6 else 3
        rows = (n + cols - 1) // cols
        bw, bh, gap = round(230 * scale), round(56 * scale), round(14 * scale)
        w = cols * bw + (cols - 1) * gap + round(60 * scale)
        h = round(110 * scale) + rows * bh + (rows - 1) * gap + round(30 * scale)
        self.panel = self.panel_rect(size, w, h)
        x0 = self.panel.x + round(30 * scale)
        y0 = self.panel.y + round(100 * scale)
        self.buttons = []
        for i, c in enumerate(self.choices):
            r, col = divmod(i, cols)
            rect = pygame.Rect(x0 + col * (bw + gap), y0 + r * (bh + gap), bw, bh)
            self.buttons.append(Button(str(c.seat), c.name, rect))

    def choose(self, key: str) -> None:
        self.close()
        self.on_choose(int(key))

    def cancel(self) -> bool:
        if self.on_cancel is not None:
            self.close()
            self.on_cancel()
        return True

    def key_choice(self, event: pygame.event.Event) -> str | None:
        if pygame.K_1 <= event.key <= pygame.K_9:
            i = event.key - pygame.K_1
            if i < len(self.choices):
                return str(self.choices[i].seat)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if self.closed:
            return
        self._ensure_layout(surface.get_size())
        dim(surface, self.dim_alpha)
        s = self.scale
        draw_panel(surface, self.panel, s)
        blit_text(
            surface,
            self.title,
            round(32 * s),
            bold=True,
            shadow=True,
            midtop=(self.panel.centerx, self.panel.y + round(24 * s)),
            max_w=self.panel.w - round(30 * s),
        )
        blit_text(
            surface,
            _("Pick a player"),
            round(20 * s),
            theme.TEXT_DIM_RGB,
            midtop=(self.panel.centerx, self.panel.y + round(62 * s)),
        )
        back = self.services.painter.back(max(12, round(22 * s)))
        for i, (b, c) in enumerate(zip(self.buttons, self.choices)):
            hover, focus = i == self.hover, i == self.focus
            draw_button(
                surface,
                Button(b.key, "", b.rect),
                s,
                hover=hover,
                focus=focus,
                pressed=i == self._pressed,
            )
            x = b.rect.x + round(12 * s)
            surface.blit(back, back.get_rect(midleft=(x, b.rect.centery)))
            blit_text(
                surface,
                f"{i + 1}",
                round(16 * s),
                (90, 96, 92),
                center=(x + back.get_width() // 2, b.rect.centery),
            )
            tx = x + back.get_width() + round(10 * s)
            blit_text(
                surface,
                c.name,
                round(26 * s),
                theme.TEXT_DARK_RGB,
                bold=True,
                midleft=(tx, b.rect.centery),
                max_w=b.rect.right - tx - round(80 * s),
            )
            count = _("{n} cards").format(n=c.cards) if c.cards != 1 else _("1 card")
            blit_text(
                surface,
                count,
                round(20 * s),
                (80, 84, 88),
                midright=(b.rect.right - round(14 * s), b.rect.centery),
            )


# ----------------------------------------------------------------------------- play or keep


class PlayOrKeepOverlay(TableOverlay):
    """The card just drawn is playable: play it now, or keep it and end the turn."""

    def __init__(
        self, services: Any, card: Card, on_play: Callable[[], None], on_keep: Callable[[], None]
    ) -> None:
        super().__init__(services)
        self.card = card
        self.on_play = on_play
        self.on_keep = on_keep
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.card_w = 90

    def layout(self, size: tuple[int, int], scale: float) -> None:
        self.card_w = round(110 * scale)
        w, h = round(460 * scale), round(150 * scale) + round(self.card_w * 1.5) + round(70 * scale)
        self.panel = self.panel_rect(size, w, h)
        self.buttons = column_buttons(
            [("play", _("Play it"), "primary"), ("keep", _("Keep it"), "normal")],
            self.panel.centerx,
            self.panel.bottom - round(76 * scale),
            round(170 * scale),
            round(52 * scale),
            round(20 * scale),
        )

    def choose(self, key: str) -> None:
        self.close()
        (self.on_play if key == "play" else self.on_keep)()

    def key_choice(self, event: pygame.event.Event) -> str | None:
        return {pygame.K_p: "play", pygame.K_k: "keep"}.get(event.key)

    def cancel(self) -> bool:
        return False  # Esc reaches the table: the pause menu

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.panel, s)
        blit_text(
            surface,
            _("You drew {card}").format(card=card_name(self.card)),
            round(30 * s),
            bold=True,
            shadow=True,
            midtop=(self.panel.centerx, self.panel.y + round(20 * s)),
            max_w=self.panel.w - round(30 * s),
        )
        img = self.services.painter.face(self.card, self.card_w)
        rect = img.get_rect(midtop=(self.panel.centerx, self.panel.y + round(62 * s)))
        _card_shadow(surface, self.services.painter, rect, self.card_w)
        surface.blit(img, rect)


def _card_shadow(surface: pygame.Surface, painter: Any, rect: pygame.Rect, width: int) -> None:
    shadow_fn = getattr(painter, "shadow", None)
    if shadow_fn is None:
        return
    sh = shadow_fn(width)
    surface.blit(
        sh,
        sh.get_rect(
            center=(rect.centerx + max(2, width // 20), rect.centery + max(3, width // 12))
        ),
    )


# ----------------------------------------------------------------------------- penalties


class PenaltyOverlay(TableOverlay):
    """A banner above the hand: a Draw Two / Wild Draw Four waits for you.

    Not modal: stackable cards in the hand below stay clickable (they are highlighted
    by the table). Buttons: Challenge (when allowed) and "Take N cards". Keys: T takes,
    H challenges ("hold on!").
    """

    modal = False
    focus_keys = False

    def __init__(
        self,
        services: Any,
        amount: int,
        offender: str | None,
        can_challenge: bool,
        can_stack: bool,
        on_take: Callable[[], None],
        on_challenge: Callable[[], None] | None,
        anchor: Callable[[], tuple[pygame.Rect, pygame.Rect]] | None = None,
    ) -> None:
        super().__init__(services)
        self.amount = amount
        self.offender = offender
        self.can_challenge = can_challenge
        self.can_stack = can_stack
        self.on_take = on_take
        self.on_challenge = on_challenge
        self.anchor = anchor
        self.panel = pygame.Rect(0, 0, 0, 0)

    @property
    def kind(self) -> str:
        return "challenge" if self.can_challenge else "stack"

    def layout(self, size: tuple[int, int], scale: float) -> None:
        w = round(560 * scale)
        h = round(132 * scale)
        if self.anchor is not None:
            table, hand = self.anchor()
            self.panel = pygame.Rect(0, 0, min(w, table.w), h)
            self.panel.midbottom = (table.centerx, hand.top + round(hand.h * 0.18))
        else:
            self.panel = pygame.Rect(0, 0, w, h)
            self.panel.midbottom = (size[0] // 2, size[1] - round(200 * scale))
        specs = []
        if self.can_challenge:
            specs.append(("challenge", _("Challenge"), "danger"))
        specs.append(("take", _("Take {n} cards").format(n=self.amount), "accent"))
        self.buttons = column_buttons(
            specs,
            self.panel.centerx,
            self.panel.bottom - round(60 * scale),
            round(200 * scale),
            round(46 * scale),
            round(18 * scale),
        )

    def choose(self, key: str) -> None:
        self.close()
        if key == "challenge" and self.on_challenge is not None:
            self.on_challenge()
        else:
            self.on_take()

    def cancel(self) -> bool:
        return False  # Esc goes to the table (pause menu)

    def key_choice(self, event: pygame.event.Event) -> str | None:
        if event.key == pygame.K_t:
            return "take"
        if event.key == pygame.K_h and self.can_challenge:
            return "challenge"
        return None

    def relayout(self) -> None:
        """The table moved (resize): place the banner again."""
        self._size = None

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        draw_panel(surface, self.panel, s, border=theme.ACCENT_RGB)
        if self.can_challenge and self.offender:
            title = _("{name} played a Wild Draw Four on you!").format(name=self.offender)
        elif self.offender:
            title = _("{name} passes {n} cards to you!").format(name=self.offender, n=self.amount)
        else:
            title = _("{n} cards wait for you!").format(n=self.amount)
        if self.can_challenge and self.can_stack:
            hint = _("Challenge it, stack a card, or take the cards.")
        elif self.can_challenge:
            hint = _("Think it was a bluff? Challenge it, or take the cards.")
        elif self.can_stack:
            hint = _("Stack a glowing card on it, or take the cards.")
        else:
            hint = _("Take the cards.")
        blit_text(
            surface,
            title,
            round(26 * s),
            bold=True,
            shadow=True,
            midtop=(self.panel.centerx, self.panel.y + round(12 * s)),
            max_w=self.panel.w - round(24 * s),
        )
        blit_text(
            surface,
            hint,
            round(19 * s),
            theme.TEXT_DIM_RGB,
            midtop=(self.panel.centerx, self.panel.y + round(42 * s)),
            max_w=self.panel.w - round(24 * s),
        )


# Names the brief uses for the two faces of the penalty banner.
ChallengeOverlay = PenaltyOverlay
StackOrTakeOverlay = PenaltyOverlay


class ChallengeResultOverlay(TableOverlay):
    """After a challenge: who was right, who draws; the offender's hand only for the challenger."""

    def __init__(
        self,
        services: Any,
        text: str,
        guilty: bool,
        hand: Sequence[Card] = (),
        owner: str = "",
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(services)
        self.text = text
        self.guilty = guilty
        self.hand = tuple(hand)
        self.owner = owner
        self.on_close = on_close
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.card_w = 60

    def layout(self, size: tuple[int, int], scale: float) -> None:
        self.card_w = round(64 * scale)
        w = round(620 * scale)
        h = round(190 * scale) + (round(self.card_w * 1.5) + round(40 * scale) if self.hand else 0)
        self.panel = self.panel_rect(size, w, h)
        self.buttons = column_buttons(
            [("ok", _("OK"), "primary")],
            self.panel.centerx,
            self.panel.bottom - round(70 * scale),
            round(160 * scale),
            round(50 * scale),
            0,
        )

    def choose(self, key: str) -> None:
        self.close()
        if self.on_close is not None:
            self.on_close()

    def cancel(self) -> bool:
        self.choose("ok")
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        border = theme.SUCCESS_RGB if self.guilty else theme.DANGER_RGB
        draw_panel(surface, self.panel, s, border=border)
        blit_text(
            surface,
            _("Challenge!"),
            round(24 * s),
            theme.TEXT_DIM_RGB,
            midtop=(self.panel.centerx, self.panel.y + round(18 * s)),
        )
        blit_text(
            surface,
            self.text,
            round(32 * s),
            bold=True,
            shadow=True,
            midtop=(self.panel.centerx, self.panel.y + round(48 * s)),
            max_w=self.panel.w - round(30 * s),
        )
        if not self.hand:
            return
        blit_text(
            surface,
            _("{name}'s hand:").format(name=self.owner),
            round(20 * s),
            theme.TEXT_DIM_RGB,
            midtop=(self.panel.centerx, self.panel.y + round(92 * s)),
        )
        cw = self.card_w
        avail = self.panel.w - round(40 * s)
        step = min(cw * 1.05, (avail - cw) / max(1, len(self.hand) - 1))
        total = cw + step * (len(self.hand) - 1)
        x0 = self.panel.centerx - total / 2
        y = self.panel.y + round(118 * s)
        for i, card in enumerate(sorted(self.hand, key=Card.sort_key)):
            surface.blit(self.services.painter.face(card, cw), (round(x0 + i * step), y))


# ----------------------------------------------------------------------------- hand-off


class HandoffOverlay(TableOverlay):
    """Pass-and-play: an opaque screen that hides every hand until the next player is ready."""

    transparent = False
    modal = True

    def __init__(
        self,
        services: Any,
        seat: int,
        name: str,
        on_ready: Callable[[int], None],
        note: str = "",
        on_menu: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(services)
        self.seat = seat
        self.name = name
        self.on_ready = on_ready
        self.note = note
        #: Esc: the pause menu over this screen (the family may want to stop right here)
        self.on_menu = on_menu
        self._bg: pygame.Surface | None = None

    def layout(self, size: tuple[int, int], scale: float) -> None:
        self.buttons = column_buttons(
            [("ready", _("I'm {name}: show my cards").format(name=self.name), "accent")],
            size[0] // 2,
            size[1] // 2 + round(70 * scale),
            round(420 * scale),
            round(76 * scale),
            0,
        )
        self.focus = 0
        self._bg = None

    def choose(self, key: str) -> None:
        self.close()
        self.on_ready(self.seat)

    def cancel(self) -> bool:
        return False  # Esc falls through to nothing; the table below is covered

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.on_menu is not None and not self.closed:
                self.on_menu()
            return True
        super().handle_event(event)
        return True  # nothing reaches the hidden table

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        if self._bg is None or self._bg.get_size() != size:
            bg = pygame.Surface(size)
            bg.fill(theme.TABLE_DARK_RGB)
            w, h = size
            for i in range(16):
                t = i / 15
                col = tuple(
                    round(a + (b - a) * t) for a, b in zip(theme.TABLE_DARK_RGB, theme.TABLE_RGB)
                )
                rw, rh = round(w * (1.4 - 0.9 * t)), round(h * (1.4 - 0.9 * t))
                pygame.draw.ellipse(bg, col, pygame.Rect((w - rw) // 2, (h - rh) // 2, rw, rh))
            self._bg = bg
        return self._bg

    def draw(self, surface: pygame.Surface) -> None:
        if self.closed:
            return
        self._ensure_layout(surface.get_size())
        surface.blit(self._background(surface.get_size()), (0, 0))
        s = self.scale
        w, h = surface.get_size()
        back = self.services.painter.back(round(70 * s))
        for i, angle in enumerate((-14, 0, 14)):
            img = pygame.transform.rotozoom(back, angle, 1.0)
            surface.blit(
                img,
                img.get_rect(center=(w // 2 + (i - 1) * round(34 * s), h // 2 - round(170 * s))),
            )
        blit_text(
            surface,
            _("Pass to {name}").format(name=self.name),
            round(64 * s),
            bold=True,
            shadow=True,
            center=(w // 2, h // 2 - round(50 * s)),
            max_w=w - 40,
        )
        blit_text(
            surface,
            _("Everyone else, please look away."),
            round(26 * s),
            theme.TEXT_DIM_RGB,
            center=(w // 2, h // 2 + round(4 * s)),
        )
        if self.note:
            blit_text(
                surface,
                self.note,
                round(22 * s),
                theme.ACCENT_RGB,
                center=(w // 2, h // 2 + round(34 * s)),
                max_w=w - 40,
            )
        for i, b in enumerate(self.buttons):
            draw_button(
                surface, b, s, hover=i == self.hover, focus=True, pressed=i == self._pressed
            )
        blit_text(
            surface,
            _("Press Enter when you are ready · Esc: menu"),
            round(18 * s),
            theme.TEXT_DIM_RGB,
            midtop=(w // 2, self.buttons[0].rect.bottom + round(18 * s)),
        )
