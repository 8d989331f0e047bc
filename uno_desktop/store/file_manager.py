"""Open a folder in the desktop's file manager (the presets folder's button): started in
a process of its own and never waited for; where there is no file manager, say so."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path


def open_folder(
    folder: Path,
    *,
    platform: str | None = None,
    launch: Callable[[list[str]], object] | None = None,
) -> bool:
    """Show `folder` in the file manager (it is made first, so there is something to
    open): `os.startfile` on Windows, `open` on macOS, `xdg-open` elsewhere. Returns at
    once; False when the folder cannot be made, this desktop has no way to open it (no
    xdg-open) or starting it failed. `platform` (sys.platform's form) and `launch` (a
    command -> started process) are for tests."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    platform = platform or sys.platform
    if platform.startswith("win"):
        startfile: Callable[[str], object] | None = getattr(os, "startfile", None)
        if startfile is None:
            return False
        try:
            startfile(str(folder))
        except OSError:
            return False
        return True
    opener = "open" if platform == "darwin" else "xdg-open"
    if launch is None:
        if shutil.which(opener) is None:
            return False
        launch = _start
    try:
        launch([opener, str(folder)])
    except OSError:
        return False
    return True


def _start(command: list[str]) -> object:
    """Start `command` detached from the game's terminal and input; a thread reaps it
    when it ends, so no zombie process is left behind."""
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    threading.Thread(target=process.wait, daemon=True).start()
    return process
