"""Waiting for input without using the processor.

pygame-ce's `event.wait(timeout)` looks for events every millisecond, which alone costs
about 2% of a core while a person thinks. `EventWaiter.wait` sleeps instead: on X11 in
`select()` on the display connection (the X server wakes it when anything happens),
elsewhere in short naps, looking for events every POLL_S. For a moment after any input
it naps in any case, since pygame makes held-key repeats itself, outside the connection.

Another thread (the phone server) wakes a sleeping `wait` with `wake()`: one byte down a
pipe the waiter selects on beside the display connection (a posted pygame event would
not wake a `select()` on the X connection). `wait` then returns, maybe with no events,
and the loop runs a frame.
"""

from __future__ import annotations

import contextlib
import os
import select
import time
import weakref

import pygame

from uno_desktop.lazy_logger import LazyLogger

log = LazyLogger(__name__)

#: how often a nap looks for input: within one frame of 60 Hz
POLL_S = 1 / 60
#: after input, keep napping this long (key repeats, a double click) before sleeping deep
LIVELY_S = 0.6


def x11_connection_fd() -> int | None:
    """The file descriptor of the X display connection of the window (None: not X11)."""
    # ctypes (and ctypes.util's subprocess) are read here, at the first idle wait, not
    # before the first frame.
    import ctypes
    import ctypes.util

    try:
        if pygame.display.get_driver() != "x11":
            return None
        capsule = pygame.display.get_wm_info().get("display")
        if capsule is None:
            return None
        get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
        get_pointer.restype = ctypes.c_void_p
        get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        display = get_pointer(capsule, b"display")
        name = ctypes.util.find_library("X11")
        if not display or name is None:
            return None
        xlib = ctypes.CDLL(name)
        xlib.XConnectionNumber.restype = ctypes.c_int
        xlib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        fd = int(xlib.XConnectionNumber(display))
        return fd if fd >= 0 else None
    except (pygame.error, OSError, ValueError, AttributeError):
        log.info("no X11 connection to wait on; napping instead")
        return None


class EventWaiter:
    """Sleeps until input comes or a timeout passes (see the module docstring)."""

    def __init__(self) -> None:
        self._fd: int | None = None
        self._fd_known = False
        self._last_input_s = -1e9
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        # the pipe is closed with the waiter (tests make many windows)
        weakref.finalize(self, _close_fds, self._wake_r, self._wake_w)

    def wake(self) -> None:
        """Make a sleeping (or the next) `wait` return at once. Safe from any thread."""
        with contextlib.suppress(OSError):  # full (a wake is pending) or closed
            os.write(self._wake_w, b"\0")

    def _woken(self) -> bool:
        """Whether `wake` was called since the last look (and forget it)."""
        woken = False
        with contextlib.suppress(OSError):  # BlockingIOError: nothing (more) to read
            while os.read(self._wake_r, 64):
                woken = True
        return woken

    def forget_window(self) -> None:
        """The window was made again (full screen): find its connection anew."""
        self._fd_known = False

    def _connection(self) -> int | None:
        if not self._fd_known:
            self._fd = x11_connection_fd()
            self._fd_known = True
        return self._fd

    def wait(self, timeout_s: float) -> list[pygame.event.Event]:
        """The events that came within `timeout_s` (as soon as there are any; maybe none)."""
        deadline = time.monotonic() + max(0.0, timeout_s)
        while True:
            events = pygame.event.get()
            now = time.monotonic()
            if events:
                self._last_input_s = now
                self._woken()
                return events
            left = deadline - now
            if left <= 0 or self._woken():
                return []
            fd = self._connection()
            if fd is None or now - self._last_input_s < LIVELY_S:
                self._sleep([], min(POLL_S, left))
                continue
            self._sleep([fd], left)

    def _sleep(self, fds: list[int], timeout_s: float) -> None:
        """Sleep until one of `fds` or the wake pipe is readable, or `timeout_s` passes."""
        try:
            select.select([*fds, self._wake_r], [], [], timeout_s)
        except (OSError, ValueError):
            time.sleep(min(POLL_S, timeout_s))


def _close_fds(*fds: int) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)
