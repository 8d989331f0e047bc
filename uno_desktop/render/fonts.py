"""Cached fonts: the game's own bundled faces (assets/fonts, SIL Open Font License).

Text is set in Lato (a very readable face with a true bold), headings in Quicksand Bold
(rounded and friendly); both have every Swedish letter. No style is ever synthesised.
Sizes are given on the scale the screens were designed with: `size_px` is the nominal
size of pygame's default face, which draws about a third narrower than Lato at the same
size, so the bundled faces are loaded at `FACE_SCALE` times it and every layout keeps
its proportions. If the files cannot be read, pygame's default face stands in (the game
must always open).

`render` and `text_size` take any string: text from files and typing reaches the screen,
and SDL_ttf refuses some (a NUL, a lone surrogate, text of zero width), so every line is
drawn and measured through them, never with `Font.render` or `Font.size` directly.
"""

from __future__ import annotations

import re

import pygame

from uno_desktop.lazy_logger import LazyLogger

log = LazyLogger(__name__)

TEXT = "Lato-Regular.ttf"
TEXT_BOLD = "Lato-Bold.ttf"
HEADING = "Quicksand-Bold.ttf"
#: the bundled faces' size for a nominal size of the default face (same text widths)
FACE_SCALE = 0.76

#: the most characters of one line measured or drawn (a longer one is damaged data)
MAX_LINE_CHARS = 1000
_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")

_cache: dict[tuple[int, bool, bool], pygame.font.Font] = {}
_missing: set[str] = set()
#: measured lines: a table frame measures the same labels again and again (about 28
#: times a frame at ten seats); the table starts afresh when full
_sizes: dict[tuple[pygame.font.Font, str], tuple[int, int]] = {}
MAX_SIZES = 4096


def _load(name: str, size: int) -> pygame.font.Font | None:
    """`name` from assets/fonts at `size`, or None when it cannot be read."""
    if name in _missing:
        return None
    try:
        from uno_desktop.resources import asset

        return pygame.font.Font(str(asset("fonts", name)), size)
    except (FileNotFoundError, OSError, pygame.error):
        log.warning("font %s cannot be read; using pygame's default face", name)
        _missing.add(name)
        return None


def font(size_px: int, bold: bool = False, heading: bool = False) -> pygame.font.Font:
    """The text face (bold: its true bold) or, with `heading`, the heading face, at the
    nominal `size_px` (cached; one object per size and face). Callers must not change the
    returned font's style flags: it is shared."""
    size_px = max(1, int(size_px))
    key = (size_px, bold, heading)
    f = _cache.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        name = HEADING if heading else TEXT_BOLD if bold else TEXT
        f = _load(name, face_px(size_px))
        if f is None:
            f = pygame.font.Font(None, size_px)
        _cache[key] = f
    return f


def face_px(size_px: int) -> int:
    """The pixel size the bundled faces are drawn at for the nominal `size_px` (what a
    person measures on the screen)."""
    return max(1, round(int(size_px) * FACE_SCALE))


def nominal_px(face: int) -> int:
    """The smallest nominal size whose face is drawn at least `face` pixels."""
    size = max(1, int(face / FACE_SCALE) - 1)
    while face_px(size) < face:
        size += 1
    return size


def clear_cache() -> None:
    """Forget every font (after pygame.font.quit(), cached fonts are unusable)."""
    _cache.clear()
    _sizes.clear()


def drawable(text: str) -> str:
    """`text` as SDL_ttf takes it: NUL and lone surrogates shown as U+FFFD, and at most
    MAX_LINE_CHARS characters."""
    return _UNDRAWABLE.sub("\ufffd", text[:MAX_LINE_CHARS])


def text_size(f: pygame.font.Font, text: str) -> tuple[int, int]:
    """The size of `text` drawn in `f` (see `render`), measured once per font and text."""
    got = _sizes.get((f, text))
    if got is None:
        width, height = f.size(drawable(text))
        got = int(width), int(height)
        if len(_sizes) >= MAX_SIZES:
            _sizes.clear()
        _sizes[(f, text)] = got
    return got


def render(f: pygame.font.Font, text: str, color: tuple[int, int, int]) -> pygame.Surface:
    """`text` drawn in `f`, antialiased; any string, even one that draws as nothing (a
    zero-width character alone gives a transparent surface of no width)."""
    line = drawable(text)
    width, height = f.size(line)
    if width > 0:
        try:
            return f.render(line, True, color)
        except pygame.error:  # SDL_ttf found nothing to draw after all
            log.debug("nothing to draw for a text of %d characters", len(line))
    return pygame.Surface((width, height), pygame.SRCALPHA)
