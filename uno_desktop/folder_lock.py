"""One window writes: an exclusive OS lock on a file in the user data folder.

The OS drops the lock when the holding process ends, however it ends, so a killed
game's lock is simply taken over. Pure Python; no pygame.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger(__name__)


class FolderLock:
    """An exclusive OS lock on one file (flock on POSIX, msvcrt on Windows). The OS drops
    it when the holding process ends, however it ends: no stale lock survives a crash."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool | None:
        """True: ours now. False: another process holds it. None: no lock can be taken
        here (the folder cannot be written; then nothing can be saved anyway)."""
        if self._fd is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            log.warning("cannot open the lock file %s: %s", self.path, exc)
            return None
        try:
            _lock_fd(fd)
        except OSError:
            os.close(fd)
            return False
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return True

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)

    def __del__(self) -> None:  # a dropped Storage lets the next one write
        self.release()


def _lock_fd(fd: int) -> None:
    """Lock `fd` without waiting; OSError when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


__all__ = ["FolderLock"]
