"""The kit's shapes: the felt backdrop, panels, the dimmer, the focus ring and buttons.

Colours come from `render.theme`; every text colour used on these shapes is listed in
`TEXT_PAIRS`, which a test checks against the WCAG contrast ratios.
"""

from __future__ import annotations

import pygame

from uno_desktop.render import theme
from uno_desktop.ui.kit.text import RGB, current_floor, draw_fitted, recording_texts

TEXT_FIELD_RGB = (250, 248, 240)
SELECTION_RGB = (150, 200, 255)  # selected text in a text field (dark text stays readable)
FOCUS_RGB = theme.ACCENT_RGB
FOCUS_EDGE_RGB = (12, 20, 16)
#: the panel opacity: nothing below shows through enough to be read
PANEL_ALPHA = 250
#: error text on a panel: the theme's danger red is too dark to read there (3:1)
ERROR_TEXT_RGB = (255, 156, 146)
DISABLED_INK_RGB = (70, 84, 78)

#: a button's look by style: (body, body when hovered or focused, ink, shadow)
BUTTON_STYLES: dict[str, tuple[RGB, RGB, RGB, RGB]] = {
    "normal": (theme.BUTTON_RGB, theme.BUTTON_HOVER_RGB, theme.TEXT_DARK_RGB, (90, 96, 88)),
    "primary": (theme.ACCENT_RGB, theme.HIGHLIGHT_RGB, theme.TEXT_DARK_RGB, theme.ACCENT_DARK_RGB),
    "go": (theme.SUCCESS_RGB, (120, 222, 140), theme.TEXT_DARK_RGB, (30, 96, 50)),
    "danger": (theme.DANGER_RGB, (232, 92, 80), theme.TEXT_RGB, (110, 30, 24)),
}


def blend(fg: RGB, bg: RGB, alpha: int) -> RGB:
    """`fg` drawn with `alpha` (0-255) over `bg`."""
    a = alpha / 255
    return (
        round(fg[0] * a + bg[0] * (1 - a)),
        round(fg[1] * a + bg[1] * (1 - a)),
        round(fg[2] * a + bg[2] * (1 - a)),
    )


#: a panel over the brightest felt: the worst background any panel text gets
PANEL_ON_FELT_RGB = blend(theme.PANEL_RGB, theme.TABLE_LIGHT_RGB, PANEL_ALPHA)

#: every text colour the kit draws, on its background, and whether the text is large
#: (at least 24 px bold or 30 px): checked against WCAG contrast (4.5:1, large 3:1)
TEXT_PAIRS: dict[str, tuple[RGB, RGB, bool]] = {
    "label on panel": (theme.TEXT_RGB, PANEL_ON_FELT_RGB, False),
    "secondary text on panel": (theme.TEXT_DIM_RGB, PANEL_ON_FELT_RGB, False),
    "heading on panel": (theme.ACCENT_RGB, PANEL_ON_FELT_RGB, False),
    "error on panel": (ERROR_TEXT_RGB, PANEL_ON_FELT_RGB, False),
    "button": (theme.TEXT_DARK_RGB, theme.BUTTON_RGB, False),
    "button, hovered or focused": (theme.TEXT_DARK_RGB, theme.BUTTON_HOVER_RGB, False),
    "primary button": (theme.TEXT_DARK_RGB, theme.ACCENT_RGB, False),
    "primary button, focused": (theme.TEXT_DARK_RGB, theme.HIGHLIGHT_RGB, False),
    "go button": (theme.TEXT_DARK_RGB, theme.SUCCESS_RGB, False),
    "danger button": (theme.TEXT_RGB, theme.DANGER_RGB, True),
    "choice value": (theme.TEXT_DARK_RGB, theme.BUTTON_RGB, False),
    "text field": (theme.TEXT_DARK_RGB, TEXT_FIELD_RGB, False),
    "screen title on felt": (theme.TEXT_RGB, theme.TABLE_LIGHT_RGB, True),
    "headline on felt": (theme.ACCENT_RGB, theme.TABLE_LIGHT_RGB, True),
}

#: the felt at a quarter of the window's size, and at the window's size once used twice
_felt_small: dict[tuple[int, int], pygame.Surface] = {}
_backdrop: dict[tuple[int, int], pygame.Surface] = {}


def draw_backdrop(surface: pygame.Surface) -> None:
    """The felt table with a soft centre light and darker edges. Its rings are drawn at a
    quarter of the size and smoothed up (the bands come out softer): the first time at a
    size straight into `surface`, so the first frame waits for no window-sized image to
    be made and copied; from the second time an image kept at that size is copied."""
    size = surface.get_size()
    bg = _backdrop.get(size)
    if bg is None:
        small = _felt_small.get(size)
        if small is None:
            _felt_small.clear()
            _backdrop.clear()
            small = _felt_small[size] = _paint_felt(size, surface)
            try:
                pygame.transform.smoothscale(small, size, surface)
                return
            except ValueError:  # a surface smoothscale cannot draw into (8 or 16 bits)
                pass
        bg = _backdrop[size] = pygame.transform.smoothscale(small, size)
    surface.blit(bg, (0, 0))


def _paint_felt(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """The felt's rings at a quarter of `size`, in the pixel format of `like`."""
    w, h = max(1, size[0] // 4), max(1, size[1] // 4)
    small = pygame.Surface((w, h), 0, like)
    small.fill(theme.TABLE_DARK_RGB)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        col = blend(theme.TABLE_LIGHT_RGB, theme.TABLE_DARK_RGB, round(255 * t))
        rw, rh = int(w * (1.5 - 1.0 * t)), int(h * (1.5 - 1.0 * t))
        pygame.draw.ellipse(small, col, pygame.Rect((w - rw) // 2, (h - rh) // 2, rw, rh))
    return small


def kept_layer(layer: pygame.Surface) -> pygame.Surface:
    """`layer` (per-pixel alpha, mostly clear, blitted frame after frame) run-length
    encoded: its clear pixels then cost nothing to blit (a colour may round one level
    differently)."""
    layer.set_alpha(255, pygame.RLEACCEL)
    return layer


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scale: float,
    *,
    alpha: int = PANEL_ALPHA,
    border: RGB = theme.PANEL_BORDER_RGB,
) -> pygame.Rect:
    """A rounded dark panel with a soft shadow (dialogs, banners, menus, the side panel);
    returns the rect it covered, shadow and all."""
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
    covered = surface.blit(shadow, (rect.x - off + off // 2, rect.y))
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.PANEL_RGB, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(
        panel, (*border, 255), panel.get_rect(), max(1, round(2 * scale)), border_radius=radius
    )
    return covered.union(surface.blit(panel, rect))


def dim(surface: pygame.Surface, alpha: int = 120) -> None:
    """Darken what is below a modal dialog."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


def draw_focus_ring(
    surface: pygame.Surface, rect: pygame.Rect, scale: float, radius: int
) -> pygame.Rect:
    """The keyboard focus: a thick yellow ring with a dark edge, so it shows on the light
    buttons, the dark panels and the green felt alike. Returns the rect it covers."""
    width = max(3, int(4 * scale))
    ring = rect.inflate(int(12 * scale) + 2 * width, int(12 * scale) + 2 * width)
    edge = pygame.draw.rect(surface, FOCUS_EDGE_RGB, ring.inflate(4, 4), width + 4, radius + 2)
    pygame.draw.rect(surface, FOCUS_RGB, ring, width, radius)
    return edge


def paint_button(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: str,
    scale: float,
    *,
    style: str = "normal",
    enabled: bool = True,
    hover: bool = False,
    focus: bool = False,
    pressed: bool = False,
) -> pygame.Rect:
    """A rounded button: a light (or coloured) face with a dark edge below; the text fits
    the face by shrinking, then wrapping, never cut. Returns the rect painted."""
    radius = max(6, min(rect.h // 2, round(16 * scale)))
    body, lit, ink, edge = BUTTON_STYLES.get(style, BUTTON_STYLES["normal"])
    if not enabled:
        body, ink, edge = theme.BUTTON_DISABLED_RGB, DISABLED_INK_RGB, (90, 96, 88)
    elif hover or focus:
        body = lit
    px = max(12, round(min(30 * scale, rect.h * 0.5)))
    drop = max(2, round(4 * scale))
    painted = pygame.Rect(rect.x, rect.y, rect.w, rect.h + drop)
    if recording_texts():  # the layout tests see every line drawn
        _paint_button_body(surface, rect, text, scale, radius, px, (body, ink, edge), pressed)
    else:
        # the floor is in the key: a new window size may fit the text otherwise
        key = (rect.size, text, scale, radius, px, body, ink, edge, pressed, current_floor())
        image = _button_images.get(key)
        if image is None:
            if len(_button_images) >= MAX_BUTTON_IMAGES:
                _button_images.clear()
            image = pygame.Surface((rect.w, rect.h + drop), pygame.SRCALPHA)
            at = pygame.Rect((0, 0), rect.size)
            _paint_button_body(image, at, text, scale, radius, px, (body, ink, edge), pressed)
            _button_images[key] = image
        surface.blit(image, rect.topleft)
    if focus:
        painted.union_ip(draw_focus_ring(surface, rect, scale, radius + round(4 * scale)))
    return painted


#: painted buttons: a table frame paints the same few buttons every frame
_button_images: dict[tuple[object, ...], pygame.Surface] = {}
MAX_BUTTON_IMAGES = 256


def _paint_button_body(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: str,
    scale: float,
    radius: int,
    px: int,
    colors: tuple[RGB, RGB, RGB],
    pressed: bool,
) -> None:
    """The button's edge, face and fitted text at `rect` on `surface`."""
    body, ink, edge = colors
    face = rect.move(0, max(1, round(2 * scale))) if pressed else rect
    pygame.draw.rect(surface, edge, rect.move(0, max(2, round(4 * scale))), border_radius=radius)
    pygame.draw.rect(surface, body, face, border_radius=radius)
    pad = max(6, round(8 * scale))
    draw_fitted(
        surface, text, px, ink, face.inflate(-2 * pad, -max(2, round(4 * scale))), bold=True
    )


def draw_scroll_bar(
    surface: pygame.Surface,
    panel: pygame.Rect,
    view: pygame.Rect,
    offset: int,
    page_h: int,
    scale: float,
) -> None:
    """A page's scroll bar at the panel's right edge (nothing when the page fits)."""
    most = page_h - view.height
    if most <= 0:
        return
    s = scale
    track = pygame.Rect(panel.right - int(17 * s), view.top, int(6 * s), view.height)
    pygame.draw.rect(surface, theme.PANEL_BORDER_RGB, track, border_radius=track.width // 2)
    thumb = track.copy()
    thumb.height = max(int(30 * s), track.height * view.height // page_h)
    thumb.top = track.top + (track.height - thumb.height) * offset // most
    pygame.draw.rect(surface, theme.ACCENT_RGB, thumb, border_radius=track.width // 2)
