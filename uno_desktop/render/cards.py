"""Card faces, backs, colour swatches and glows, drawn by code and cached.

Nothing is loaded from disk: every picture is drawn with `pygame.draw` at two to four
times the wanted size and smooth-scaled down (supersampling), so edges are soft at any
width from 40 px to 300 px and the game needs no image assets. A face is drawn once
per (code, width, colour-blind mode) and then only blitted.

Colour-blind support: every colour has a shape (red circle, yellow triangle, green
square, blue diamond, see `theme.COLOR_SHAPE`). In colour-blind mode the shape is large
and outlined under each corner index, on the wild oval and on swatches; in normal mode
it is a faint emboss, so the look stays classic.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from uno_desktop.engine import COLORS, Card, Color
from uno_desktop.render import theme
from uno_desktop.render.fonts import font

CARD_RATIO: float = 1.5
"""Card height / width: `height = round(width * CARD_RATIO)`."""

RGB = tuple[int, int, int]
Point = tuple[float, float]
CacheKey = tuple[str | int | RGB, ...]  # a picture's kind first, then what it depends on

#: how many pixels of pictures a painter keeps before dropping the oldest (window
#: resizes make new widths; the old ones would otherwise pile up). 24 M pixels is
#: about 96 MB, several full sets of faces at the largest width.
MAX_CACHE_PIXELS = 24_000_000

#: the wild oval's four colours, in the order its quadrants are drawn
_WILD_ORDER: tuple[Color, ...] = (Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW)

_OVAL_TILT_DEG = 62.0  # the oval's long axis, measured up from the horizontal


def card_height(width: int) -> int:
    """The height of a card `width` pixels wide."""
    return round(width * CARD_RATIO)


def card_size(width: int) -> tuple[int, int]:
    return (width, card_height(width))


def _supersample(width: int) -> int:
    """Small cards need more supersampling for their thin lines to stay smooth."""
    if width < 72:
        return 4
    if width < 160:
        return 3
    return 2


# ----------------------------------------------------------------------------------------
# geometry helpers (all in supersampled pixels)


def _ellipse_points(
    center: Point, a: float, b: float, tilt_deg: float, n: int = 120
) -> list[Point]:
    """Points of an ellipse with semi-axes a (long) and b, long axis tilted up by tilt_deg."""
    cx, cy = center
    phi = math.radians(tilt_deg)
    cp, sp = math.cos(phi), math.sin(phi)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = a * math.cos(t), b * math.sin(t)
        # screen y grows downwards, so "up" is -y
        pts.append((cx + x * cp - y * sp, cy - (x * sp + y * cp)))
    return pts


def _ellipse_sector(
    center: Point, a: float, b: float, tilt_deg: float, t0: float, t1: float, n: int = 40
) -> list[Point]:
    """A pie slice of the tilted ellipse between parameter angles t0 and t1 (radians)."""
    cx, cy = center
    phi = math.radians(tilt_deg)
    cp, sp = math.cos(phi), math.sin(phi)
    pts: list[Point] = [center]
    for i in range(n + 1):
        t = t0 + (t1 - t0) * i / n
        x, y = a * math.cos(t), b * math.sin(t)
        pts.append((cx + x * cp - y * sp, cy - (x * sp + y * cp)))
    return pts


def _ellipse_point(
    center: Point, a: float, b: float, tilt_deg: float, t: float, k: float = 1.0
) -> Point:
    cx, cy = center
    phi = math.radians(tilt_deg)
    cp, sp = math.cos(phi), math.sin(phi)
    x, y = a * k * math.cos(t), b * k * math.sin(t)
    return (cx + x * cp - y * sp, cy - (x * sp + y * cp))


def _arrow(tail: Point, head: Point, shaft_w: float, head_w: float, head_len: float) -> list[Point]:
    """A straight arrow polygon from tail to head (the tip is at head)."""
    tx, ty = tail
    hx, hy = head
    length = math.hypot(hx - tx, hy - ty) or 1.0
    ux, uy = (hx - tx) / length, (hy - ty) / length
    px, py = -uy, ux
    bx, by = hx - ux * head_len, hy - uy * head_len
    s, h = shaft_w / 2, head_w / 2
    return [
        (tx + px * s, ty + py * s),
        (bx + px * s, by + py * s),
        (bx + px * h, by + py * h),
        (hx, hy),
        (bx - px * h, by - py * h),
        (bx - px * s, by - py * s),
        (tx - px * s, ty - py * s),
    ]


def _shape_points(shape: str, center: Point, size: float) -> list[Point]:
    """Polygon for a colour shape that fits a size x size box (circle handled apart)."""
    cx, cy = center
    r = size / 2
    if shape == "triangle":
        # an equilateral triangle, optically centred (its centroid sits a little low)
        h = size * 0.93
        return [(cx, cy - h * 0.58), (cx + r, cy + h * 0.42), (cx - r, cy + h * 0.42)]
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * 0.86, cy), (cx, cy + r), (cx - r * 0.86, cy)]
    raise ValueError(f"unknown shape {shape!r}")


def _draw_shape(surf: pygame.Surface, shape: str, center: Point, size: float, color: RGB) -> None:
    if shape == "circle":
        pygame.draw.circle(surf, color, center, size * 0.46)
    else:
        pygame.draw.polygon(surf, color, _shape_points(shape, center, size))


# ----------------------------------------------------------------------------------------
# masks: white-on-transparent pictures that get tinted, outlined and stamped


def _new(size: Point) -> pygame.Surface:
    return pygame.Surface((max(1, int(size[0])), max(1, int(size[1]))), pygame.SRCALPHA)


def _tint(mask: pygame.Surface, color: Sequence[int]) -> pygame.Surface:
    out = mask.copy()
    rgba = (color[0], color[1], color[2], color[3] if len(color) > 3 else 255)
    out.fill(rgba, special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _fit(surf: pygame.Surface, max_w: float, max_h: float) -> pygame.Surface:
    """Scale `surf` (smoothly) to the largest size that fits max_w x max_h."""
    w, h = surf.get_size()
    k = min(max_w / w, max_h / h)
    size = (max(1, round(w * k)), max(1, round(h * k)))
    if size == (w, h):
        return surf
    return pygame.transform.smoothscale(surf, size)


def _text_mask(text: str, max_w: float, max_h: float, italic: bool = False) -> pygame.Surface:
    """The text's ink in the rounded heading face, cropped tight and scaled so it fills
    max_w x max_h; `italic` leans it like the printed cards' big numbers."""
    px = max(8, int(max_h * 1.5))
    img = font(px, heading=True).render(text, True, (255, 255, 255))
    if italic:
        w, h = img.get_size()
        lean = max(1, round(h * 0.18))
        slanted = pygame.Surface((w + lean, h), pygame.SRCALPHA)
        for y in range(h):  # shear row by row: the top leans right
            slanted.blit(img, (round(lean * (1 - y / h)), y), pygame.Rect(0, y, w, 1))
        img = slanted
    box = img.get_bounding_rect(min_alpha=8)
    if box.width and box.height:
        img = img.subsurface(box).copy()
    return _fit(img, max_w, max_h)


def _skip_mask(size: float) -> pygame.Surface:
    """The prohibition sign: a ring with a slash, drawn with lines."""
    s = _new((size, size))
    c = size / 2
    r = size / 2 - 1
    t = max(2, round(size * 0.15))
    pygame.draw.circle(s, (255, 255, 255), (c, c), r)
    pygame.draw.circle(s, (0, 0, 0, 0), (c, c), r - t)
    d = (r - t / 2) * math.sqrt(0.5)
    slash = _arrow((c - d, c - d), (c + d, c + d), t, t, 0)
    pygame.draw.polygon(s, (255, 255, 255), slash)
    return s


def _reverse_mask(w: float, h: float) -> pygame.Surface:
    """Two arrows pointing opposite ways along the card's diagonal."""
    s = _new((w, h))
    m = min(w, h)
    shaft, head_w, head_len = m * 0.19, m * 0.46, m * 0.30
    off = m * 0.17
    # along the direction from bottom-left to top-right
    ux, uy = 1 / math.sqrt(2), -1 / math.sqrt(2)
    px, py = -uy, ux  # perpendicular, pointing down-right
    cx, cy = w / 2, h / 2
    half = m * 0.42
    for sign in (1, -1):
        ox, oy = cx - px * off * sign, cy - py * off * sign
        tail = (ox - ux * half * sign, oy - uy * half * sign)
        head = (ox + ux * half * sign, oy + uy * half * sign)
        pygame.draw.polygon(s, (255, 255, 255), _arrow(tail, head, shaft, head_w, head_len))
    return s


def _swap_mask(w: float, h: float) -> pygame.Surface:
    """The swap sign: an arrow to the right above an arrow to the left."""
    s = _new((w, h))
    m = min(w, h)
    shaft, head_w, head_len = m * 0.16, m * 0.40, m * 0.28
    gap = m * 0.20
    x0, x1 = w * 0.08, w * 0.92
    pygame.draw.polygon(
        s, (255, 255, 255), _arrow((x0, h / 2 - gap), (x1, h / 2 - gap), shaft, head_w, head_len)
    )
    pygame.draw.polygon(
        s, (255, 255, 255), _arrow((x1, h / 2 + gap), (x0, h / 2 + gap), shaft, head_w, head_len)
    )
    return s


def _pencil_mask(w: float, h: float, question: bool = True) -> pygame.Surface:
    """A pencil drawn with shapes, tilted, with a small question mark: "write your rule"."""
    s = _new((w, h))
    m = min(w, h)
    white = (255, 255, 255)
    clear = (0, 0, 0, 0)
    # pencil axis: from the eraser (top-right) to the tip (bottom-left)
    ex, ey = w * 0.80, h * 0.20
    tx, ty = w * 0.16, h * 0.84
    length = math.hypot(ex - tx, ey - ty)
    ux, uy = (tx - ex) / length, (ty - ey) / length
    px, py = -uy, ux
    half = m * 0.13
    tip_len = length * 0.24
    cap_len = length * 0.16

    def at(k: float, side: float) -> Point:
        return (ex + ux * k + px * side, ey + uy * k + py * side)

    body = [at(0, -half), at(length - tip_len, -half), at(length - tip_len, half), at(0, half)]
    pygame.draw.polygon(s, white, body)
    pygame.draw.polygon(
        s, white, [at(length - tip_len, -half), at(length, 0), at(length - tip_len, half)]
    )
    # carve thin lines: the eraser band and the wood/graphite edges, so it reads as a pencil
    line = max(1, round(m * 0.035))
    pygame.draw.line(s, clear, at(cap_len, -half), at(cap_len, half), line)
    pygame.draw.line(s, clear, at(length - tip_len, -half), at(length - tip_len, half), line)
    pygame.draw.line(s, clear, at(cap_len, 0), at(length - tip_len, 0), line)
    graphite = length - tip_len * 0.35
    pygame.draw.line(s, clear, at(graphite, -half * 0.35), at(graphite, half * 0.35), line)
    if question:
        q = _text_mask("?", w * 0.34, h * 0.40)
        s.blit(q, q.get_rect(center=(w * 0.26, h * 0.26)))
    return s


def _dilate(mask: pygame.Surface, r: int) -> pygame.Surface:
    """The mask grown by r pixels in every direction (a cheap round outline)."""
    out = _new((mask.get_width() + 2 * r, mask.get_height() + 2 * r))
    if r <= 0:
        out.blit(mask, (0, 0))
        return out
    offsets: set[tuple[int, int]] = {(0, 0)}
    for radius, steps in ((r, max(12, int(r * 2.2))), (r * 0.55, 12)):
        for i in range(steps):
            a = 2 * math.pi * i / steps
            offsets.add((round(radius * math.cos(a)), round(radius * math.sin(a))))
    for dx, dy in offsets:
        out.blit(mask, (r + dx, r + dy), special_flags=pygame.BLEND_RGBA_MAX)
    return out


def _stamp(
    dst: pygame.Surface,
    mask: pygame.Surface,
    center: Point,
    fill: Sequence[int],
    ink: Sequence[int] | None = None,
    outline: int = 0,
    shadow: int = 0,
) -> None:
    """Blit `mask` centred at `center`: a drop shadow, an ink outline, then the fill."""
    if ink is not None and (outline > 0 or shadow > 0):
        grown = _tint(_dilate(mask, outline), ink)
        r = grown.get_rect(center=(round(center[0]), round(center[1])))
        if shadow:
            sh = grown.copy()
            sh.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
            dst.blit(sh, r.move(shadow, shadow))
        dst.blit(grown, r)
    dst.blit(_tint(mask, fill), mask.get_rect(center=(round(center[0]), round(center[1]))))


def _shape_mask(shape: str, size: float) -> pygame.Surface:
    s = _new((size, size))
    _draw_shape(s, shape, (size / 2, size / 2), size, (255, 255, 255))
    return s


def _corner_radius(w: int) -> int:
    return round(w * 0.085)


def _cut_corners(surf: pygame.Surface, width: int) -> pygame.Surface:
    """Scale an opaque supersampled card to its final width and round its corners.

    The alpha is computed at the final size (smooth-scaling alpha loses a few levels,
    which would leave the whole card slightly see-through).
    """
    size = (width, card_height(width))
    small = pygame.transform.smoothscale(surf, size)
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(small, (0, 0))
    out.blit(
        _rounded_alpha(size, _corner_radius(width)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN
    )
    return out


_alpha_cache: dict[tuple[int, int, int], pygame.Surface] = {}


def _rounded_alpha(size: tuple[int, int], radius: int) -> pygame.Surface:
    """White, opaque inside a rounded rectangle, with exact anti-aliased corners."""
    key = (size[0], size[1], radius)
    mask = _alpha_cache.get(key)
    if mask is not None:
        return mask
    w, h = size
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 255))
    n = 4  # sub-samples per axis
    r = max(1, radius)
    for y in range(min(r, h)):
        for x in range(min(r, w)):
            inside = 0
            for sy in range(n):
                for sx in range(n):
                    dx = r - (x + (sx + 0.5) / n)
                    dy = r - (y + (sy + 0.5) / n)
                    if dx <= 0 or dy <= 0 or dx * dx + dy * dy <= r * r:
                        inside += 1
            a = round(255 * inside / (n * n))
            for px, py in ((x, y), (w - 1 - x, y), (x, h - 1 - y), (w - 1 - x, h - 1 - y)):
                mask.set_at((px, py), (255, 255, 255, a))
    if len(_alpha_cache) > 256:
        _alpha_cache.clear()
    _alpha_cache[key] = mask
    return mask


# ----------------------------------------------------------------------------------------
# the painter


class CardPainter:
    """Draws and caches every card picture the game shows.

    One painter per window is enough; the scenes share it. Changing `colorblind`
    drops the cache so the next frame redraws faces with the large shapes.
    """

    def __init__(self, colorblind: bool = False) -> None:
        self._colorblind = bool(colorblind)
        self._cache: dict[CacheKey, pygame.Surface] = {}
        self._bases: dict[tuple[int, int, int, RGB], tuple[pygame.Surface, pygame.Rect]] = {}
        self._pixels = 0  # total size of the cached pictures

    # -- cache ---------------------------------------------------------------------------

    @property
    def colorblind(self) -> bool:
        return self._colorblind

    @colorblind.setter
    def colorblind(self, value: bool) -> None:
        value = bool(value)
        if value != self._colorblind:
            self._colorblind = value
            self.clear_cache()

    def clear_cache(self) -> None:
        """Forget every picture (they are redrawn on demand)."""
        self._cache.clear()
        self._bases.clear()
        self._pixels = 0

    def _remember(self, key: CacheKey, surf: pygame.Surface) -> pygame.Surface:
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()  # the display's pixel format blits fastest
        self._pixels += surf.get_width() * surf.get_height()
        while self._pixels > MAX_CACHE_PIXELS and self._cache:
            oldest = next(iter(self._cache))
            gone = self._cache.pop(oldest)
            self._pixels -= gone.get_width() * gone.get_height()
        self._cache[key] = surf
        return surf

    # -- public pictures -------------------------------------------------------------------

    def face(self, card: Card, width: int) -> pygame.Surface:
        """The face of `card`, `width` pixels wide (cached per code, width and mode)."""
        key = ("face", card.code, width, self._colorblind)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._remember(key, self._draw_face(card, max(8, int(width))))
        return surf

    def back(self, width: int) -> pygame.Surface:
        """The card back, `width` pixels wide (cached)."""
        key = ("back", width)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._remember(key, self._draw_back(max(8, int(width))))
        return surf

    def color_swatch(self, color: Color, size: int) -> pygame.Surface:
        """A round chip of `color` carrying its shape (active-colour marker, colour picker)."""
        key = ("swatch", Color(color), size, self._colorblind)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._remember(key, self._draw_swatch(Color(color), max(8, int(size))))
        return surf

    def highlight(self, width: int, rgb: RGB = theme.HIGHLIGHT_RGB) -> pygame.Surface:
        """A soft glow with a bright rim, larger than a card: blit it centred on the card."""
        key = ("glow", width, rgb)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._remember(key, self._draw_highlight(max(8, int(width)), rgb))
        return surf

    @staticmethod
    def glow_pad(width: int) -> int:
        """How far `highlight(width)` reaches beyond the card on each side."""
        return max(4, round(width * 0.12))

    def shadow(self, width: int) -> pygame.Surface:
        """A soft drop shadow the size of a card plus a blur margin (`glow_pad`)."""
        key = ("shadow", width)
        surf = self._cache.get(key)
        if surf is None:
            # The silhouette is drawn a little inside the card so the blur fades out before
            # the surface edge (no hard rectangle on the felt).
            surf = self._remember(key, self._draw_blur(max(8, int(width)), (0, 0, 0), 110, -0.5))
        return surf

    # -- drawing -----------------------------------------------------------------------------

    def _card_base(self, w: int, h: int, ss: int, body: RGB) -> tuple[pygame.Surface, pygame.Rect]:
        """White card with a thin edge and a shaded coloured body inset (a fresh copy).

        The surface is opaque (faster, exact blending); `_cut_corners` rounds it off.
        Bases are kept per size and colour: every face of a colour starts from one.
        """
        key = (w, h, ss, body)
        cached = self._bases.get(key)
        if cached is None:
            if len(self._bases) > 64:
                self._bases.clear()
            cached = self._bases[key] = self._draw_card_base(w, h, ss, body)
        return cached[0].copy(), cached[1]

    def _draw_card_base(
        self, w: int, h: int, ss: int, body: RGB
    ) -> tuple[pygame.Surface, pygame.Rect]:
        surf = pygame.Surface((w, h))
        surf.fill(theme.CARD_EDGE_RGB)
        radius = _corner_radius(w)
        edge = max(ss, round(w * 0.008))
        pygame.draw.rect(
            surf,
            theme.CARD_WHITE_RGB,
            surf.get_rect().inflate(-2 * edge, -2 * edge),
            border_radius=max(1, radius - edge),
        )
        inset = round(w * 0.055)
        body_rect = surf.get_rect().inflate(-2 * inset, -2 * inset)
        body_s = _new(body_rect.size)
        pygame.draw.rect(body_s, body, body_s.get_rect(), border_radius=max(1, round(w * 0.06)))
        # a gentle sheen: lighter towards the top, darker towards the bottom
        grad_h = body_rect.height
        light = _new((1, grad_h))
        dark = _new((1, grad_h))
        for y in range(grad_h):
            k = y / max(1, grad_h - 1)
            v = round(30 * (1 - k / 0.5)) if k < 0.5 else 0
            light.set_at((0, y), (v, v, v, 0))
            v = round(34 * (k - 0.45) / 0.55) if k > 0.45 else 0
            dark.set_at((0, y), (v, v, v, 0))
        light = pygame.transform.scale(light, body_rect.size)
        dark = pygame.transform.scale(dark, body_rect.size)
        body_s.blit(light, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        body_s.blit(dark, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        surf.blit(body_s, body_rect)
        return surf, body_rect

    def _draw_face(self, card: Card, width: int) -> pygame.Surface:
        ss = _supersample(width)
        w, h = width * ss, card_height(width) * ss
        body = theme.WILD_BODY_RGB if card.color is None else theme.COLOR_RGB[card.color]
        surf, _ = self._card_base(w, h, ss, body)
        center = (w / 2, h / 2)
        a, b = w * 0.64, w * 0.355
        ink = theme.CARD_INK_RGB
        outline = max(ss, round(w * 0.022))

        if card.is_wild:
            self._wild_oval(surf, center, a, b, ss)
        else:
            pygame.draw.polygon(
                surf, theme.CARD_WHITE_RGB, _ellipse_points(center, a, b, _OVAL_TILT_DEG)
            )

        # the big symbol in the middle
        fill = theme.CARD_WHITE_RGB if card.is_wild else body
        k = 0.8 if card.is_wild and self._colorblind else 1.0  # room for the shapes
        mask = self._symbol_mask(card.rank, w * 0.62 * k, w * 0.66 * k, big=True)
        if mask is not None:
            _stamp(surf, mask, center, fill, ink, outline, shadow=round(outline * 1.1))

        # corner indices: top-left, then the same rotated 180 degrees bottom-right
        corner = self._corner(card, w, h, ss)
        surf.blit(corner, (0, 0))
        surf.blit(
            pygame.transform.rotate(corner, 180), (w - corner.get_width(), h - corner.get_height())
        )
        return _cut_corners(surf, width)

    def _corner(self, card: Card, w: int, h: int, ss: int) -> pygame.Surface:
        """The top-left index (and colour shape) on a transparent layer."""
        layer = _new((w * 0.4, h * 0.42))
        ink = theme.CARD_INK_RGB
        box_w, box_h = w * 0.25, h * 0.158
        cx, cy = w * 0.19, h * 0.135
        thin = max(ss, round(w * 0.014))
        if card.rank == "W":
            self._wild_oval(layer, (cx, cy), box_h * 0.62, box_h * 0.36, ss, small=True)
        else:
            mask = self._symbol_mask(card.rank, box_w, box_h, big=False)
            if mask is not None:
                _stamp(layer, mask, (cx, cy), theme.CARD_WHITE_RGB, ink, thin, shadow=thin)
        if card.color is not None:
            shape = theme.COLOR_SHAPE[card.color]
            if self._colorblind:
                size = w * 0.17
                m = _shape_mask(shape, size)
                _stamp(
                    layer, m, (cx, cy + box_h * 0.62 + size * 0.62), theme.CARD_WHITE_RGB, ink, thin
                )
            else:
                size = w * 0.095
                m = _shape_mask(shape, size)
                tone = theme.COLOR_DARK_RGB[card.color]
                _stamp(layer, m, (cx, cy + box_h * 0.55 + size * 0.7), (*tone, 150))
        return layer

    def _symbol_mask(
        self, rank: str, max_w: float, max_h: float, big: bool
    ) -> pygame.Surface | None:
        """The white picture of a rank's symbol, fitted into max_w x max_h."""
        if rank.isdigit():
            mask = _text_mask(rank, max_w, max_h, italic=big)
            if rank in ("6", "9"):
                # underline 6 and 9 so they read the right way up
                line = _new((mask.get_width(), mask.get_height() + max(2, round(max_h * 0.16))))
                line.blit(mask, (0, 0))
                t = max(2, round(max_h * 0.08))
                pygame.draw.rect(
                    line,
                    (255, 255, 255),
                    (mask.get_width() * 0.12, line.get_height() - t, mask.get_width() * 0.76, t),
                )
                mask = _fit(line, max_w, max_h)
            return mask
        if rank == "S":
            return _skip_mask(min(max_w, max_h))
        if rank == "R":
            m = min(max_w, max_h)
            return _reverse_mask(m, m)
        if rank == "D2":
            return _text_mask("+2", max_w, max_h, italic=big)
        if rank == "W4":
            return _text_mask("+4", max_w, max_h, italic=big)
        if rank == "WS":
            m = min(max_w, max_h)
            return _swap_mask(m, m * (0.8 if big else 1.0))
        if rank == "WC":
            m = min(max_w, max_h)
            return _pencil_mask(m, m)
        return None  # plain wild: the oval says it all

    def _wild_oval(
        self, surf: pygame.Surface, center: Point, a: float, b: float, ss: int, small: bool = False
    ) -> None:
        """The four-colour oval with a white rim (and shapes in colour-blind mode)."""
        rim = max(ss, round(b * (0.12 if small else 0.07)))
        if small:
            pygame.draw.polygon(
                surf,
                theme.CARD_INK_RGB,
                _ellipse_points(center, a + rim * 2, b + rim * 2, _OVAL_TILT_DEG),
            )
        pygame.draw.polygon(
            surf, theme.CARD_WHITE_RGB, _ellipse_points(center, a + rim, b + rim, _OVAL_TILT_DEG)
        )
        for i, color in enumerate(_WILD_ORDER):
            t0 = math.pi / 2 + i * math.pi / 2
            pts = _ellipse_sector(center, a, b, _OVAL_TILT_DEG, -t0, -t0 - math.pi / 2)
            pygame.draw.polygon(surf, theme.COLOR_RGB[color], pts)
        if self._colorblind and not small:
            for i, color in enumerate(_WILD_ORDER):
                t_mid = -(math.pi / 2 + i * math.pi / 2 + math.pi / 4)
                p = _ellipse_point(center, a, b, _OVAL_TILT_DEG, t_mid, 0.76)
                size = b * 0.36
                _stamp(
                    surf,
                    _shape_mask(theme.COLOR_SHAPE[color], size),
                    p,
                    theme.CARD_WHITE_RGB,
                    theme.CARD_INK_RGB,
                    max(ss, round(size * 0.09)),
                )

    def _draw_back(self, width: int) -> pygame.Surface:
        ss = _supersample(width)
        w, h = width * ss, card_height(width) * ss
        surf, body_rect = self._card_base(w, h, ss, theme.BACK_BODY_RGB)
        # a quiet diamond lattice on the body
        pattern = _new(body_rect.size)
        step = max(4 * ss, round(w * 0.09))
        line_w = max(1, round(ss * 0.8))
        tone = (255, 255, 255, 16)
        bw, bh = body_rect.size
        for k in range(-bh, bw + bh, step):
            pygame.draw.line(pattern, tone, (k, 0), (k + bh, bh), line_w)
            pygame.draw.line(pattern, tone, (k, 0), (k - bh, bh), line_w)
        surf.blit(pattern, body_rect)
        center = (w / 2, h / 2)
        a, b = w * 0.60, w * 0.33
        pygame.draw.polygon(
            surf,
            theme.BACK_WORD_RGB,
            _ellipse_points(center, a + w * 0.02, b + w * 0.02, _OVAL_TILT_DEG),
        )
        pygame.draw.polygon(
            surf, theme.BACK_OVAL_RGB, _ellipse_points(center, a, b, _OVAL_TILT_DEG)
        )
        word = _text_mask("UNO", w * 0.66, w * 0.30, italic=True)
        word = pygame.transform.rotozoom(word, 28, 1.0)
        outline = max(ss, round(w * 0.02))
        _stamp(
            surf,
            word,
            center,
            theme.BACK_WORD_RGB,
            theme.CARD_INK_RGB,
            outline,
            shadow=round(outline * 1.2),
        )
        return _cut_corners(surf, width)

    def _draw_swatch(self, color: Color, size: int) -> pygame.Surface:
        ss = 4 if size < 64 else 2
        s = size * ss
        surf = _new((s, s))
        c = (s / 2, s / 2)
        pygame.draw.circle(surf, theme.CARD_INK_RGB, c, s / 2)
        pygame.draw.circle(surf, theme.CARD_WHITE_RGB, c, s / 2 - max(ss, s * 0.03))
        pygame.draw.circle(surf, theme.COLOR_RGB[color], c, s / 2 - s * 0.1)
        shape = theme.COLOR_SHAPE[color]
        if self._colorblind:
            m = _shape_mask(shape, s * 0.46)
            _stamp(surf, m, c, theme.CARD_WHITE_RGB, theme.CARD_INK_RGB, max(ss, round(s * 0.035)))
        else:
            m = _shape_mask(shape, s * 0.34)
            _stamp(surf, m, c, (*theme.COLOR_DARK_RGB[color], 110))
        return pygame.transform.smoothscale(surf, (size, size))

    def _draw_highlight(self, width: int, rgb: RGB) -> pygame.Surface:
        glow = self._draw_blur(width, rgb, 255, 0.55)
        pad = self.glow_pad(width)
        rim = pygame.Rect(0, 0, width, card_height(width)).inflate(
            max(4, round(width * 0.06)), max(4, round(width * 0.06))
        )
        rim.center = glow.get_rect().center
        ss = 2
        big = _new((glow.get_width() * ss, glow.get_height() * ss))
        r = pygame.Rect(rim.x * ss, rim.y * ss, rim.width * ss, rim.height * ss)
        pygame.draw.rect(
            big,
            (*rgb, 255),
            r,
            max(2, round(width * 0.022)) * ss,
            border_radius=round(width * 0.11) * ss,
        )
        glow.blit(pygame.transform.smoothscale(big, glow.get_size()), (0, 0))
        assert glow.get_width() == width + 2 * pad
        return glow

    def _draw_blur(self, width: int, rgb: RGB, alpha: int, grow: float) -> pygame.Surface:
        """A blurred card silhouette (glow or shadow) of size card + 2 * glow_pad."""
        pad = self.glow_pad(width)
        size = (width + 2 * pad, card_height(width) + 2 * pad)
        k = 4  # blur by drawing small and smooth-scaling up twice
        small = _new((max(2, size[0] // k), max(2, size[1] // k)))
        inner = pygame.Rect(0, 0, width / k, card_height(width) / k)
        inner = inner.inflate(round(pad * grow * 2 / k), round(pad * grow * 2 / k))
        inner.center = small.get_rect().center
        pygame.draw.rect(small, (*rgb, alpha), inner, border_radius=max(1, round(width * 0.1 / k)))
        mid = pygame.transform.smoothscale(
            small, (small.get_width() // 2 or 1, small.get_height() // 2 or 1)
        )
        mid = pygame.transform.smoothscale(mid, small.get_size())
        return pygame.transform.smoothscale(mid, size)


def all_faces_sheet(painter: CardPainter, width: int, columns: int = 14) -> pygame.Surface:
    """Every card kind plus a back, laid out in rows (for previews and the benchmark)."""
    from uno_desktop.engine.cards import all_card_kinds

    cards = all_card_kinds()
    gap = max(4, width // 10)
    h = card_height(width)
    n = len(cards) + 1
    rows = (n + columns - 1) // columns
    sheet = pygame.Surface((columns * (width + gap) + gap, rows * (h + gap) + gap))
    sheet.fill(theme.TABLE_RGB)
    for i in range(n):
        x = gap + (i % columns) * (width + gap)
        y = gap + (i // columns) * (h + gap)
        img = painter.face(cards[i], width) if i < len(cards) else painter.back(width)
        sheet.blit(img, (x, y))
    return sheet


__all__ = ["CARD_RATIO", "COLORS", "CardPainter", "all_faces_sheet", "card_height", "card_size"]
