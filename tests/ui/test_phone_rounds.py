"""From round to round with phones in the real window: the round end offers Next round
to the phones after a moment, a phone's tap deals the next round on the big screen and
on every phone, a tap too early is refused in words, and the big screen's own Next round
still works.

The phones are websocket clients (`Phones` from test_phone_seats); everything listens
on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from uno_desktop.engine import RuleSet
from uno_desktop.play.match import ManualClock
from uno_desktop.ui.app import App
from uno_desktop.ui.scenes.round_end import PHONE_NEXT_DELAY_S, RoundEndScene
from uno_desktop.ui.table.scene import TableScene

from .test_phone_seats import LOOPBACK, SIZE, Phones, frames, until
from .test_table import make_match, make_services

#: Ann goes out with her one card at once; Bo and Cy hold 5 points between them
HANDS = [["R5"], ["G3"], ["Y2"]]


@pytest.fixture(name="phones")
def _phones() -> Iterator[Phones]:
    p = Phones()
    try:
        yield p
    finally:
        p.close()


@pytest.fixture(autouse=True)
def _close_windows() -> Iterator[None]:
    yield
    pygame.display.quit()


def states(phones: Phones, seat: int) -> list[dict[str, Any]]:
    return [m for m in phones.got[seat] if m["type"] == "state"]


def at_round_end(phones: Phones, target_score: int = 500) -> tuple[App, Any]:
    """Two phones and a computer; Ann's phone plays her last card and the round end is up."""
    services = make_services(ManualClock())
    services.phone_listen = LOOPBACK
    app = App(services, strict=True)
    app.open_window(SIZE)
    pygame.event.clear()
    rules = RuleSet(hand_size=1, target_score=target_score)
    match = make_match(["phone", "phone", "normal"], HANDS, "R1", clock=services.clock, rules=rules)
    app.start(services.scenes.table(match))
    link = services.phones
    phones.join(0, link.url(0))
    phones.join(1, link.url(1))
    until(app, lambda: isinstance(app.stack.top, TableScene), "the table opens")
    until(app, lambda: bool(states(phones, 0)), "Ann's phone has her hand")
    phones.act(0, do="play", card="R5")
    until(app, lambda: isinstance(app.stack.top, RoundEndScene), "the round end shows")
    return app, services


def test_a_phone_starts_the_next_round_once_the_scores_were_shown(phones):
    app, services = at_round_end(phones)
    try:
        match = services.match
        until(app, lambda: states(phones, 1)[-1]["result"] is not None, "Bo sees the result")
        assert states(phones, 1)[-1]["can"]["next"] is False
        phones.act(1, do="next")  # too soon: the scores are still being counted
        until(app, lambda: any(m["type"] == "error" for m in phones.got[1]), "a refusal")
        assert match.round_no == 1
        frames(app, round(PHONE_NEXT_DELAY_S * 30) + 2)
        until(app, lambda: states(phones, 1)[-1]["can"]["next"], "Next round is offered")
        phones.act(1, do="next")
        until(app, lambda: match.round_no == 2, "the next round is dealt")
        until(app, lambda: isinstance(app.stack.top, TableScene), "the table is back")
        for seat in (0, 1):
            until(
                app,
                lambda s=seat: states(phones, s)[-1]["result"] is None,  # type: ignore[misc]
                f"seat {seat}'s phone shows the new round",
            )
            assert len(states(phones, seat)[-1]["hand"]) == 1
    finally:
        services.close_phones()


def test_the_big_screens_next_round_still_starts_it_and_withdraws_the_phones_offer(phones):
    app, services = at_round_end(phones)
    try:
        frames(app, round(PHONE_NEXT_DELAY_S * 30) + 2)
        assert services.phones.table.next_round_offered
        end = app.stack.top
        assert isinstance(end, RoundEndScene)
        end.next_button.on_press()
        frames(app, 2)
        assert services.match.round_no == 2
        assert not services.phones.table.next_round_offered
    finally:
        services.close_phones()


def test_a_round_that_wins_the_match_offers_no_next_round_and_the_phones_keep_the_final(phones):
    app, services = at_round_end(phones, target_score=5)
    try:
        frames(app, round(PHONE_NEXT_DELAY_S * 30) + 2)
        assert not services.phones.table.next_round_offered
        until(app, lambda: states(phones, 1)[-1]["result"] is not None, "Bo sees the result")
        assert states(phones, 1)[-1]["result"]["final"] == "Ann wins the match!"
        app.stack.top.next_button.on_press()  # the big screen: See the match result
        frames(app, 2)
        assert not services.phones.table.next_round_offered  # the end shows; Play again may follow
        app.stack.top.to_title()
        frames(app, 2)
        assert services.phones is None  # the match is left: nothing listens
        last = states(phones, 1)[-1]
        assert last["result"]["final"] == "Ann wins the match!"
    finally:
        services.close_phones()


def test_the_idle_loop_wakes_when_the_phones_may_start_the_next_round(phones):
    app, services = at_round_end(phones)
    try:
        end = app.stack.top
        assert isinstance(end, RoundEndScene)
        assert 0 < (end.wake_in_s() or 0) <= PHONE_NEXT_DELAY_S
        frames(app, round(PHONE_NEXT_DELAY_S * 30) + 2)
        assert end.wake_in_s() is None
        assert app.idle_timeout_s() > 0
    finally:
        services.close_phones()


def test_watching_the_round_again_withdraws_the_phones_next_round_until_it_is_left(phones):
    app, services = at_round_end(phones)
    try:
        frames(app, round(PHONE_NEXT_DELAY_S * 30) + 2)
        end = app.stack.top
        assert isinstance(end, RoundEndScene)
        end.watch_button.on_press()
        frames(app, 2)
        assert app.stack.top is not end
        assert not services.phones.table.next_round_offered
        phones.act(1, do="next")
        until(app, lambda: any(m["type"] == "error" for m in phones.got[1]), "a refusal")
        assert services.match.round_no == 1
    finally:
        services.close_phones()


def test_the_delay_is_read_on_the_clock_so_a_long_idle_sleep_counts_in_full(phones):
    app, services = at_round_end(phones)
    try:
        services.clock.advance(PHONE_NEXT_DELAY_S + 0.5)
        app.step(0.1)  # the one frame after the idle loop slept: its dt is capped
        assert services.phones.table.next_round_offered
    finally:
        services.close_phones()
