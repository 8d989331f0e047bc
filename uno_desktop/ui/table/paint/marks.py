"""Small marks on the table in paint: the card that may jump in now, the house rules in
force (chips), the penalty waiting on the pile, the card the pointer drags, a phone
seat's link, the UNO! badge of a seat that said it, a card's shadow.

Part of the table painter (`ui/table/paint/painter.py`); it paints only what it is given.
"""

from __future__ import annotations

import pygame

from uno_desktop.lang.i18n import _
from uno_desktop.render import theme
from uno_desktop.render.cards import CardPainter
from uno_desktop.render.layout import TableLayout
from uno_desktop.ui.kit import draw_text, text_image
from uno_desktop.ui.phone_marks import draw_status_mark
from uno_desktop.ui.table.chips import Chips, chip_px
from uno_desktop.ui.table.frame import HandCard


def paint_jump_in(surface: pygame.Surface, lay: TableLayout, rect: pygame.Rect) -> pygame.Rect:
    """A card that may jump in now: a white ring edged in black and a "Jump in!" tag above
    it (a shape and a word, not only a colour). Returns the rect painted."""
    s = lay.scale
    ring = rect.inflate(round(12 * s), round(12 * s))
    width = max(3, round(4 * s))
    radius = max(5, rect.w // 8)
    painted = pygame.draw.rect(surface, (0, 0, 0), ring.inflate(4, 4), width + 4, radius + 2)
    pygame.draw.rect(surface, theme.TEXT_RGB, ring, width, radius)
    img = text_image(_("Jump in!"), max(11, lay.font_px(0.75)), theme.TEXT_DARK_RGB, bold=True)
    tag = img.get_rect().inflate(round(12 * s), round(4 * s))
    tag.midbottom = (rect.centerx, ring.top + width // 2)
    tag.clamp_ip(surface.get_rect())
    edge = pygame.draw.rect(surface, (0, 0, 0), tag.inflate(4, 4), border_radius=tag.h // 2 + 2)
    pygame.draw.rect(surface, theme.TEXT_RGB, tag, border_radius=tag.h // 2)
    surface.blit(img, img.get_rect(center=tag.center))
    return painted.union(edge)


def paint_chips(surface: pygame.Surface, lay: TableLayout, chips: Chips) -> None:
    """The house rules in force: a dim heading, then one rounded chip per rule (a ring
    round the one under the pointer: it opens How to play there)."""
    px = chip_px(lay)
    draw_text(
        surface,
        chips.heading,
        px,
        theme.TEXT_DIM_RGB,
        midleft=chips.heading_rect.midleft,
        max_w=chips.heading_rect.w,
    )
    width = max(1, round(2 * lay.scale))
    for chip in chips.chips:
        r = chip.rect
        fill = theme.ACCENT_DARK_RGB if chip.hover else theme.PANEL_RGB
        pygame.draw.rect(surface, fill, r, border_radius=r.h // 2)
        edge = theme.ACCENT_RGB if chip.hover else theme.PANEL_BORDER_RGB
        pygame.draw.rect(surface, edge, r, width, border_radius=r.h // 2)
        pad = r.h // 2
        draw_text(surface, chip.text, px, theme.TEXT_RGB, center=r.center, max_w=r.w - pad)
        if chip.focus:
            ring = r.inflate(6, 6)
            pygame.draw.rect(surface, theme.ACCENT_RGB, ring, max(2, width), ring.h // 2)


def paint_penalty(surface: pygame.Surface, lay: TableLayout, total: int) -> pygame.Rect:
    """The cards waiting on the pile, "+6", on a red disc edged in white and black at the
    discard pile's corner (the number says it, not only the colour). Returns the rect
    painted."""
    pile = lay.discard_pile
    img = text_image(f"+{total}", max(14, lay.font_px(1.3)), theme.TEXT_RGB, bold=True)
    r = max(img.get_width(), img.get_height()) // 2 + max(5, round(7 * lay.scale))
    center = (pile.right - r // 3, pile.top + r // 3)
    shade = pygame.draw.circle(surface, (0, 0, 0), (center[0] + 1, center[1] + 2), r + 3)
    disc = pygame.draw.circle(surface, theme.TEXT_RGB, center, r + 2)
    pygame.draw.circle(surface, theme.DANGER_RGB, center, r - 1)
    return shade.union(disc).union(surface.blit(img, img.get_rect(center=center)))


def paint_dragged(surface: pygame.Surface, cards: CardPainter, drag: HandCard) -> None:
    """The card the pointer drags, lifted high (a long shadow), glowing if it may go."""
    if drag.card is None:
        return
    rect, cw = drag.rect, drag.rect.w
    shadow = cards.shadow(cw)
    off = max(4, cw // 10)
    surface.blit(shadow, shadow.get_rect(center=(rect.centerx + off // 2, rect.centery + off)))
    if drag.playable:
        glow = cards.highlight(cw)
        surface.blit(glow, glow.get_rect(center=rect.center))
    surface.blit(cards.face(drag.card, cw), rect)


def paint_phone_mark(
    surface: pygame.Surface,
    lay: TableLayout,
    plate: pygame.Rect,
    x: int,
    under: int,
    on: bool,
    *,
    stand_in: bool = False,
) -> tuple[int, pygame.Rect]:
    """A phone seat's link on its plate: a filled dot (connected) or a hollow ring
    (away), and the same in words at height `under` (`stand_in`: a computer plays the
    seat until its phone is back). Returns where the name starts and the rect painted."""
    r = max(4, round(plate.h * 0.24))
    dot = pygame.Rect(0, 0, 2 * r + 2, 2 * r + 2)
    dot.center = (x + r, plate.centery)
    draw_status_mark(surface, dot.center, r, on)
    words = _("phone connected") if on else _("phone away")
    if stand_in:
        words = _("phone away: the computer plays")
    line = draw_text(
        surface,
        words,
        lay.font_px(0.7),
        theme.TEXT_RGB if on else theme.ACCENT_RGB,
        shadow=True,
        midtop=(plate.centerx, under + max(1, round(2 * lay.scale))),
        max_w=plate.w,
    )
    shade = max(1, line.h // 8)  # the words' shadow lies a little right and down
    return x + 2 * r + max(4, r), dot.union(line.inflate(2 * shade, 2 * shade))


def paint_uno_badge(
    surface: pygame.Surface, lay: TableLayout, center: tuple[int, int]
) -> pygame.Rect:
    """The UNO! badge beside a seat that holds one card and said UNO (returns its rect)."""
    img = text_image(_("UNO!"), lay.font_px(0.9), theme.TEXT_DARK_RGB, bold=True)
    rect = img.get_rect(center=center).inflate(round(14 * lay.scale), round(6 * lay.scale))
    badge = pygame.draw.rect(surface, theme.ACCENT_RGB, rect, border_radius=rect.h // 2)
    surface.blit(img, img.get_rect(center=rect.center))
    return badge


def paint_shadow(
    surface: pygame.Surface,
    cards: CardPainter,
    rect: pygame.Rect,
    width: int,
    lift: float = 1.0,
) -> pygame.Rect:
    """A card's soft shadow under `rect`, lower the higher the card is lifted."""
    img = cards.shadow(width)
    off = round(max(2, width * 0.05) * lift)
    return surface.blit(img, img.get_rect(center=(rect.centerx + off // 2, rect.centery + off)))


def paint_key_cap(
    surface: pygame.Surface, key: str, plate: pygame.Rect, x: int, px: int
) -> tuple[int, pygame.Rect]:
    """The key a person presses in the people's window, as a key cap at the plate's left
    end: a little taller than the plate, in the accent colour with a darker lower edge,
    so it catches the eye. Returns where the name starts and the rect painted."""
    side = max(16, round(plate.h * 1.3))
    cap = pygame.Rect(0, 0, side, side)
    cap.midleft = (plate.x, plate.centery)
    radius = max(3, side // 5)
    edge = max(2, side // 7)
    pygame.draw.rect(surface, (0, 0, 0), cap.move(1, 2), border_radius=radius)
    pygame.draw.rect(surface, theme.ACCENT_DARK_RGB, cap, border_radius=radius)
    face = cap.inflate(-2, -edge - 1).move(0, -edge // 2)
    pygame.draw.rect(surface, theme.ACCENT_RGB, face, border_radius=radius)
    size = max(px, round(side * 0.62))
    draw_text(surface, key, size, theme.TEXT_DARK_RGB, bold=True, center=face.center)
    return cap.right + max(4, plate.h // 5), cap.move(1, 2).union(cap)
