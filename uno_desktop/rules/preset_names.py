"""What may name a preset: the one check, kept apart from the preset reader so the
stored settings can check a remembered preset's name without loading the reader, the
rule options and the engine's rules (the title shows before any of them is needed).

A name is a file name without folders, dots in front or characters no file system takes,
so a name read from a file can never reach outside the presets folders. Pure Python.
"""

from __future__ import annotations

import os

MAX_NAME_CHARS = 64
_NAME_FORBIDDEN = frozenset('/\\:*?"<>|') | {chr(c) for c in range(32)} | {"\x7f"}


def looks_like_path(text: str) -> bool:
    """Whether `text` is written as a path (a folder in it, a .yaml ending, absolute)."""
    return (
        text.lower().endswith((".yaml", ".yml"))
        or "/" in text
        or "\\" in text
        or text in (".", "..")
        or os.path.isabs(text)
    )


def is_preset_name(name: object) -> bool:
    """Whether `name` can name a preset: a file name without folders, dots in front or
    characters no file system takes (so it can never reach outside the presets folders)."""
    return (
        isinstance(name, str)
        and 0 < len(name) <= MAX_NAME_CHARS
        and name == name.strip()
        and not name.startswith(".")
        and not name.endswith(".")
        and not looks_like_path(name)
        and not any(ch in _NAME_FORBIDDEN for ch in name)
    )


__all__ = ["MAX_NAME_CHARS", "is_preset_name", "looks_like_path"]
