"""One window writes: an exclusive OS lock on a file in the user data folder.

The OS drops the lock when the holding process ends, however it ends, so a killed
game's lock is simply taken over. A lock file that cannot be opened or locked (a folder
in its place, an immutable file, one owned by another user, a link) is never taken for
"mine": `acquire` raises LockUnavailable and the caller writes nothing. Pure Python.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from pathlib import Path

_HELD_ERRNOS = frozenset(
    {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLK", errno.EAGAIN)}
)
"""What locking a file another process holds raises (flock: EWOULDBLOCK; msvcrt:
EACCES or EDEADLK)."""


class LockUnavailable(Exception):
    """The lock file cannot be opened or locked; `reason` says why in the system's words."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class FolderLock:
    """An exclusive OS lock on one file (flock on POSIX, msvcrt on Windows). The OS drops
    it when the holding process ends, however it ends: no stale lock survives a crash."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """True: ours now. False: another process holds it. LockUnavailable: no lock can
        be taken here, so nobody can tell whether another window writes."""
        if self._fd is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # never through a link: truncating the lock must not truncate another file
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as exc:
            raise LockUnavailable(self.path, _why(exc)) from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise LockUnavailable(self.path, "not a regular file")
            _lock_fd(fd)
        except OSError as exc:
            os.close(fd)
            if exc.errno in _HELD_ERRNOS:
                return False
            raise LockUnavailable(self.path, _why(exc)) from None
        except LockUnavailable:
            os.close(fd)
            raise
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


def _why(exc: OSError) -> str:
    """The system's words for a failed open or lock (a link gets plain ones)."""
    if exc.errno == errno.ELOOP:
        return "a symbolic link, not a file"
    return exc.strerror or type(exc).__name__


def _lock_fd(fd: int) -> None:
    """Lock `fd` without waiting; OSError when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


__all__ = ["FolderLock", "LockUnavailable"]
