"""The table's pace told to the phones: whose phone the table waits for and for how
long, a computer standing in until that phone is back, and no buttons on a phone
before the big screen has shown the move."""

from __future__ import annotations

from uno_desktop.engine import Card
from uno_desktop.lang.i18n import set_language
from uno_desktop.phones.protocol import Request
from uno_desktop.phones.seat_wait import Waits
from uno_desktop.play.match import ManualClock

from .helpers import phone_match, phone_table

HANDS = [
    ["W4", "R5", "G7", "B3", "Y9", "G2", "R8"],
    ["R6", "G3", "Y4", "B1", "Y7", "G0", "B9"],
    ["Y2", "G8", "B4", "Y1", "R9", "G5", "Y6"],
]


def setup(away: set[int] = frozenset()):
    set_language("en")
    match, _table = phone_match(HANDS, start="R1", kinds=("phone", "phone", "normal"))
    table, wire = phone_table(match, [0, 1])
    wire.live -= away
    clock = ManualClock()
    table.waits = Waits(table.seats, clock=clock.now_s)
    table.pump()
    return match, table, wire, clock


def test_the_other_phones_are_told_whose_phone_the_table_waits_for_and_how_long():
    match, table, wire, clock = setup(away={0})
    assert match.observation(None).current == 0
    clock.advance(25.0)
    table.pump()
    waiting = wire.last(1, "state")["waiting"]
    assert waiting == {"seat": 0, "for_s": 25, "stand_in": True}
    assert "Waiting for {name}'s phone" in wire.last(1, "strings")["words"]["waiting_for"]


def test_nobody_is_told_of_a_wait_while_every_phone_is_here():
    _match, _table, wire, _clock = setup()
    assert wire.last(1, "state")["waiting"] is None


def test_a_phone_may_let_a_computer_play_the_away_seat_until_its_phone_is_back():
    match, table, wire, clock = setup(away={0})
    wire.inbox.append((1, Request("stand_in", target=0)))
    table.pump()
    assert match.stand_ins == {0} and not match.is_human(0)
    clock.advance(5.0)
    match.clock.advance(5.0)
    match.poll()  # the computer plays seat 0's turn from seat 0's observation
    assert match.actions_taken() == 1
    wire.live.add(0)  # the phone is back
    table.pump()
    assert match.stand_ins == frozenset() and match.is_human(0)


def test_a_seat_whose_phone_is_here_gets_no_computer():
    match, table, wire, _clock = setup(away=set())
    wire.inbox.append((1, Request("stand_in", target=0)))
    table.pump()
    assert match.stand_ins == frozenset()


def test_a_phone_gets_no_button_before_the_big_screen_has_shown_the_move():
    match, table, wire, _clock = setup()
    table.hold_until_shown = True
    wire.inbox.append((0, Request("play", Card.parse("R5"))))
    table.pump()
    held = wire.last(1, "state")
    assert held["turn"] and held["held"]
    assert not any(c["play"] for c in held["hand"])
    assert not held["can"]["draw"] and held["can"]["catch"] == []
    match.shown()  # the big screen's card has landed
    table.publish()
    shown = wire.last(1, "state")
    assert "held" not in shown and any(c["play"] for c in shown["hand"]) and shown["can"]["draw"]
