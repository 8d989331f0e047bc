"""Test set-up: no real display or sound, and user folders in a temporary place.

These variables are set before anything imports pygame or platformdirs.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture(autouse=True)
def _user_dirs(tmp_path, monkeypatch):
    """Every test gets its own XDG folders (settings, saves, presets), not yet made: the
    game makes what it writes to, as on a fresh machine."""
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    yield


@pytest.fixture(autouse=True)
def _phones_on_loopback(monkeypatch):
    """A phone server a test starts without an address (New game's Phone seat, a monkey's
    clicks) listens on 127.0.0.1, never on the machine's network."""
    monkeypatch.setattr("uno_desktop.phones.server.lan_address", lambda: "127.0.0.1")
