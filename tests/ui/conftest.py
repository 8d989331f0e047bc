"""Fixtures the screen tests share."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock
from uno_desktop.ui.services import Services, SilentSounds, build_services


@pytest.fixture
def services(monkeypatch):  # type: ignore[no-untyped-def]
    """The game's services on a headless display: silent, a clock stepped by hand, the
    user folders the test's own (tests/conftest.py); English again afterwards."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 200))
    monkeypatch.setattr("uno_desktop.ui.services.make_sounds", SilentSounds)
    s: Services = build_services()
    s.clock = ManualClock()
    yield s
    set_language("en")
