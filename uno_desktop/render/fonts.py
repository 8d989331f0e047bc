"""Cached fonts: always pygame's bundled default font.

System font look-ups are slow at start-up and the fonts may be missing in a
PyInstaller bundle, so every text in the game uses `pygame.font.Font(None, size)`,
which pygame ships inside its own package.
"""

from __future__ import annotations

import pygame

_cache: dict[tuple[int, bool, bool], pygame.font.Font] = {}


def font(size_px: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """The default font at `size_px` (cached; one object per size and style).

    `size_px` is pygame's font size; the default font's capital letters are about
    0.7 of it. Callers must not change the returned font's style flags: it is shared.
    """
    size_px = max(1, int(size_px))
    key = (size_px, bold, italic)
    f = _cache.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = pygame.font.Font(None, size_px)
        if bold:
            f.bold = True
        if italic:
            f.italic = True
        _cache[key] = f
    return f


def clear_cache() -> None:
    """Forget every font (after pygame.font.quit(), cached fonts are unusable)."""
    _cache.clear()
