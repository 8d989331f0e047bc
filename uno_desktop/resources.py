"""Find the game's data files in a source checkout, an installed wheel or a PyInstaller bundle.

The wheel carries `assets/` and `rules_presets/` as `uno_desktop/_data/...`; a checkout has
them at the top of the repository; a PyInstaller bundle unpacks them under `sys._MEIPASS`.
"""

from __future__ import annotations

import sys
from pathlib import Path


def _candidates(name: str) -> list[Path]:
    here = Path(__file__).resolve().parent
    out = [here / "_data" / name, here.parent / name]
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        out.insert(0, Path(meipass) / name)
    return out


def data_path(name: str) -> Path:
    """The folder `assets` or `rules_presets`, wherever this copy of the game keeps it."""
    for p in _candidates(name):
        if p.is_dir():
            return p
    raise FileNotFoundError(
        f"cannot find the game's {name!r} folder; looked in: "
        + ", ".join(str(p) for p in _candidates(name))
    )


def asset(*parts: str) -> Path:
    return data_path("assets").joinpath(*parts)


def presets_path() -> Path:
    return data_path("rules_presets")
