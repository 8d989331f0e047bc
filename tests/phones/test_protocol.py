"""What a phone may send: the shape checks, and the decoding into an engine action with
the seat taken from the connection, never from the message."""

from __future__ import annotations

import json

import pytest

from uno_desktop.engine import Card, Color
from uno_desktop.engine.actions import CallUno, CatchUno, Challenge, Draw, Pass, Play
from uno_desktop.phones.protocol import (
    MAX_MESSAGE_BYTES,
    BadRequest,
    Request,
    parse_request,
    to_action,
)
from uno_desktop.phones.server import TokenBucket


def act(**fields):
    return json.dumps({"type": "act", **fields})


@pytest.mark.parametrize(
    ("message", "action"),
    [
        (act(do="play", card="R5"), Play(3, Card.parse("R5"))),
        (
            act(do="play", card="W4", color="blue", uno=True),
            Play(3, Card.parse("W4"), Color.BLUE, None, True),
        ),
        (act(do="play", card="WS", color="red", target=1), Play(3, Card.parse("WS"), Color.RED, 1)),
        (act(do="draw"), Draw(3)),
        (act(do="keep"), Pass(3)),
        (act(do="challenge"), Challenge(3)),
        (act(do="uno"), CallUno(3)),
        (act(do="catch", target=0), CatchUno(3, 0)),
        (act(do="hint"), None),
    ],
)
def test_each_request_in_words_becomes_the_engine_action_of_the_connections_seat(message, action):
    assert to_action(3, parse_request(message)) == action


@pytest.mark.parametrize(
    "message",
    [
        "",
        "not json",
        "[]",
        '"act"',
        json.dumps({"do": "draw"}),  # no type
        json.dumps({"type": "state", "do": "draw"}),
        act(do="fly"),
        act(do="draw", seat=0),  # a seat is never taken from a message
        act(do="play", card="R5", seat=1),
        act(do="play"),  # no card
        act(do="play", card="R55"),
        act(do="play", card="X5"),
        act(do="play", card=5),
        act(do="play", card="W", color="purple"),
        act(do="play", card="W", color="R"),
        act(do="play", card="WS", color="red", target=-1),
        act(do="play", card="WS", color="red", target=10),
        act(do="play", card="WS", color="red", target=True),
        act(do="play", card="WS", color="red", target="1"),
        act(do="play", card="R5", uno="yes"),
        act(do="catch"),
        act(do="catch", target=1.0),
        act(do="draw", card="R5"),
        act(do="hint", target=1),
        "[" * 5000,
    ],
)
def test_anything_but_a_request_of_the_protocol_is_refused_as_malformed(message):
    with pytest.raises(BadRequest) as refused:
        parse_request(message)
    assert refused.value.code in ("malformed", "too_big")


def test_a_message_over_the_size_limit_is_refused_before_it_is_read():
    big = act(do="draw") + " " * MAX_MESSAGE_BYTES
    with pytest.raises(BadRequest) as refused:
        parse_request(big)
    assert refused.value.code == "too_big"
    multibyte = act(do="draw") + "å" * (MAX_MESSAGE_BYTES // 2)  # under the limit in letters
    with pytest.raises(BadRequest):
        parse_request(multibyte)


def test_a_play_without_a_card_cannot_be_decoded():
    with pytest.raises(BadRequest):
        to_action(0, Request("play"))


def test_the_rate_limit_allows_a_burst_then_refills_with_time():
    now = [0.0]
    bucket = TokenBucket(rate_per_s=20, burst=20, clock=lambda: now[0])
    assert all(bucket.take() for _ in range(20))
    assert not bucket.take()
    now[0] += 0.1  # two messages' worth
    assert bucket.take() and bucket.take() and not bucket.take()
    now[0] += 60.0  # never more than the burst
    assert sum(bucket.take() for _ in range(30)) == 20
