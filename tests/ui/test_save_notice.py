"""A failed save is told, never waited on: with the data folder full (every write an
OSError) the big screen shows "the game goes on" and the computers keep playing under
the notice, and each phone is sent the same words."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pytest

from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.play.pacing import Timing
from uno_desktop.rules.presets import load_preset
from uno_desktop.store import storage
from uno_desktop.ui.app import App
from uno_desktop.ui.scenes.message import MessageScene
from uno_desktop.ui.services import build_services

SIZE = (1280, 720)
STEP_S = 0.05
DEAL_S = 4.0  # the deal's cards fly in at normal speed (about 3.5 s for three hands)
TURN_S = Timing().think_time_s + 1.0  # a computer thinks, its card flies


def full_disk(path: Path, payload: bytes) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setattr(storage, "atomic_write_bytes", full_disk)
    services = build_services()
    services.clock = ManualClock()
    a = App(services, strict=True)
    a.open_window(SIZE)
    pygame.event.clear()
    return a


def run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP_S)):
        app.services.clock.advance(STEP_S)
        app.step(STEP_S, events=[])


class Phones:
    """Stands in for the phones' link: records the notices it was asked to send."""

    def __init__(self) -> None:
        self.notices: list[str] = []

    def pump(self) -> bool:
        return False

    def publish(self) -> None: ...

    def notice(self, text: str) -> None:
        self.notices.append(text)


def start_computers_table(app: App) -> Match:
    seats = [SeatSpec(name, "easy") for name in ("Ann", "Bo", "Cy")]
    match = Match(load_preset("official"), seats, 4, clock=app.services.clock)
    app.start(app.services.scenes.table(match))
    return match


def test_computers_keep_playing_while_a_failed_save_is_told(app):
    match = start_computers_table(app)
    run(app, STEP_S)
    notice = app.stack.top
    assert isinstance(notice, MessageScene)
    assert "the game goes on" in notice.text()
    run(app, DEAL_S + 3 * TURN_S)  # the deal flies in, then three computers' turns
    assert app.stack.top is notice  # nobody pressed OK
    assert match.actions_taken() >= 3


def test_the_phones_hear_the_notice_the_big_screen_shows(app):
    start_computers_table(app)
    phones = app.services.session.phones = Phones()  # type: ignore[assignment]
    run(app, STEP_S)
    notice = app.stack.top
    assert isinstance(notice, MessageScene)
    assert phones.notices == [notice.text()]


def test_a_phone_is_sent_the_notice_in_words():
    from uno_desktop.lang.i18n import set_language

    from ..phones.helpers import phone_match, phone_table

    set_language("en")
    match, _table = phone_match()
    table, wire = phone_table(match, [0, 1])
    table.notice("The match could not be saved (disk full); the game goes on.")
    for seat in (0, 1):
        message = wire.last(seat, "notice")
        assert message == {
            "type": "notice",
            "text": "The match could not be saved (disk full); the game goes on.",
        }
