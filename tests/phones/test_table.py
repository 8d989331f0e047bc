"""The game thread's side: requests become the seat's own actions, private results go to
their reader only, hints come back later, and a language switch rewords everything."""

from __future__ import annotations

import time

from uno_desktop.engine import Card
from uno_desktop.engine.actions import Draw, Play
from uno_desktop.engine.cards import Color
from uno_desktop.lang.i18n import set_language
from uno_desktop.phones.protocol import Request

from .helpers import phone_match, phone_table

HANDS = [
    ["W4", "R5", "G7", "B3", "Y9", "G2", "R8"],
    ["R6", "G3", "Y4", "B1", "Y7", "G0", "B9"],
    ["Y2", "G8", "B4", "Y1", "R9", "G5", "Y6"],
]


def setup():
    set_language("en")
    match, _table = phone_match(HANDS, start="R1")
    table, wire = phone_table(match, [0, 1])
    table.pump()
    return match, table, wire


def test_a_request_is_carried_out_as_the_senders_own_action():
    match, table, wire = setup()
    wire.inbox.append((0, Request("play", Card.parse("R5"))))
    assert table.pump() is True
    assert match.observation(None).top_card == Card.parse("R5")
    assert wire.last(1, "state")["top"]["code"] == "R5"


def test_the_hand_a_challenger_is_shown_reaches_the_challenger_only():
    match, table, wire = setup()
    match.act(Play(0, Card.parse("W4"), Color.BLUE))  # a bluff: Ann holds red
    wire.inbox.append((1, Request("challenge")))
    table.pump()
    shown = wire.last(1, "state")["shown"]
    assert shown["title"] == "Ann's hand:"
    assert {c["code"] for c in shown["cards"]} == {"R5", "G7", "B3", "Y9", "G2", "R8"}
    assert wire.last(0, "state")["shown"] is None


def test_a_challengers_shown_hand_comes_with_the_verdict_who_draws_how_many():
    match, table, wire = setup()
    match.act(Play(0, Card.parse("W4"), Color.BLUE))  # a bluff: Ann holds red
    wire.inbox.append((1, Request("challenge")))
    table.pump()
    assert wire.last(1, "state")["shown"]["verdict"] == "Ann was bluffing! Ann draws 4."


def test_a_fair_wild_draw_four_challenged_says_the_challenger_draws_six():
    set_language("en")
    hands = [["W4", "Y5", "G7", "B3", "Y9", "G2", "Y8"], *HANDS[1:]]
    match, _table = phone_match(hands, start="R1")
    table, wire = phone_table(match, [0, 1])
    match.act(Play(0, Card.parse("W4"), Color.BLUE))  # no red in Ann's hand: fair
    wire.inbox.append((1, Request("challenge")))
    table.pump()
    assert wire.last(1, "state")["shown"]["verdict"] == "Not a bluff: you draw 6."


def test_a_phone_is_told_the_others_moves_but_not_its_own_nor_plain_draws():
    match, table, wire = setup()
    match.act(Play(0, Card.parse("R5")))
    table.pump()
    assert wire.last(1, "state")["said"] == ["Ann plays Red 5."]
    assert wire.last(0, "state")["said"] == []  # Ann knows what she played
    match.act(Draw(1))
    table.pump()
    assert wire.last(0, "state")["said"] == []  # a card drawn is not worth a word


def test_the_shown_hand_stays_until_the_challenger_acts_again():
    match, table, wire = setup()
    match.act(Play(0, Card.parse("W4"), Color.BLUE))  # a bluff: Bo then plays his turn
    wire.inbox.append((1, Request("challenge")))
    table.pump()
    assert wire.last(1, "state")["shown"] is not None
    wire.inbox.append((1, Request("play", Card.parse("B1"))))
    table.pump()
    assert match.observation(None).top_card == Card.parse("B1")
    assert wire.last(1, "state")["shown"] is None


def test_a_hint_comes_back_in_the_state_and_is_counted():
    match, table, wire = setup()
    wire.inbox.append((0, Request("hint")))
    table.pump()
    end = time.monotonic() + 30
    while wire.last(0, "state")["hint"] is None and time.monotonic() < end:
        time.sleep(0.02)
        table.pump()
    assert wire.last(0, "state")["hint"]
    assert match.hints_used[0] == 1
    assert wire.last(1, "state")["hint"] is None


def test_a_hint_out_of_turn_or_in_a_match_without_hints_is_refused():
    match, table, wire = setup()
    wire.inbox.append((1, Request("hint")))
    table.pump()
    assert wire.last(1, "error") == {"type": "error", "text": "A hint is for your own turn"}
    match.hints = False
    wire.inbox.append((0, Request("hint")))
    table.pump()
    assert wire.last(0, "error") == {"type": "error", "text": "Hints are off in this match"}
    assert match.hints_used == [0, 0, 0]


def test_a_language_switch_rewords_the_words_the_state_and_the_log():
    match, table, wire = setup()
    match.act(Play(0, Card.parse("R5")))
    table.pump()
    assert wire.last(1, "state")["log"][-1] == "Ann plays Red 5."
    try:
        set_language("sv")
        table.pump()
        assert wire.last(1, "strings")["words"]["draw"] == "Dra"
        state = wire.last(1, "state")
        assert state["log"][-1] == "Ann lägger Röd 5."
        assert state["top"]["name"] == "Röd 5"
    finally:
        set_language("en")


def test_nothing_is_sent_again_while_nothing_changed():
    _match, table, wire = setup()
    sent = len(wire.sent)
    for _ in range(5):
        table.pump()
    assert len(wire.sent) == sent


def test_a_phones_move_that_reaches_the_move_limit_ends_the_round_blocked_not_the_table():
    from uno_desktop.engine.actions import Challenge, Draw, Pass
    from uno_desktop.play.match import ManualClock, Match

    from ..long_round import long_round_doc, seat_to_move

    set_language("en")
    seat = seat_to_move()
    match = Match.from_dict(long_round_doc({seat: "phone"}), clock=ManualClock())
    table, wire = phone_table(match, [seat])
    table.pump()
    action = match.legal_actions(seat)[0]
    request = {
        Draw: lambda: Request("draw"),
        Pass: lambda: Request("keep"),
        Challenge: lambda: Request("challenge"),
    }.get(type(action), lambda: Request("play", action.card, action.color, action.target))()
    wire.inbox.append((seat, request))
    assert table.pump() is True
    assert match.round_over
    result = wire.last(seat, "state")["result"]
    assert result["blocked"] is True and result["winner"] is None
