"""The package's version for the builds: the .deb's, and the .exe's version resource.

`python packaging/app_version.py` prints the version (packaging/build_deb.sh asks so).
build.spec writes `version_file_text` to a file and hands PyInstaller its path (the
format PyInstaller's `pyi-grab_version` writes; its own classes need pefile, which is
installed on Windows only, so the text is written here and checked on Linux too). The
version is read from uno_desktop/__init__.py as text: the spec must not import the game.
"""

from __future__ import annotations

import re
from pathlib import Path

INIT = Path(__file__).resolve().parent.parent / "uno_desktop" / "__init__.py"


def package_version(init: Path = INIT) -> str:
    """`__version__` of uno_desktop, as written there ("0.1.0")."""
    found = re.search(r'^__version__ = "(\d+(?:\.\d+){0,3})"$', init.read_text("utf-8"), re.M)
    if found is None:
        raise SystemExit(f'{init}: no line __version__ = "N.N.N"')
    return found.group(1)


def version_file_text(version: str) -> str:
    """PyInstaller's version file for `version` (numbers padded to four)."""
    parts = [int(x) for x in version.split(".")]
    numbers = tuple(parts + [0] * (4 - len(parts)))
    strings = {
        "CompanyName": "UNO Desktop",
        "FileDescription": "UNO Desktop",
        "FileVersion": version,
        "InternalName": "uno-desktop",
        "LegalCopyright": "MIT License",
        "OriginalFilename": "uno-desktop.exe",
        "ProductName": "UNO Desktop",
        "ProductVersion": version,
    }
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers!r},
    prodvers={numbers!r},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
          {table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


if __name__ == "__main__":
    print(package_version())
