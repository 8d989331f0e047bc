"""From round to round on the phones: the round's result and totals in the state, Next
round offered by the round end and carried out for any phone seat, refused in words
otherwise, and the final standings when the round wins the match."""

from __future__ import annotations

import pytest

from uno_desktop.engine import Card, RuleSet
from uno_desktop.engine.actions import Play
from uno_desktop.lang.i18n import set_language
from uno_desktop.phones.protocol import Request, parse_request
from uno_desktop.play.match import ManualClock, Match

from ..ui.test_table import make_match
from .helpers import phone_table

#: Ann goes out with her one card; Bo's Green 3 and Cy's Yellow 2 are 5 points to her
HANDS = [["R5"], ["G3"], ["Y2"]]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def round_over(target_score: int = 500) -> Match:
    rules = RuleSet(hand_size=1, target_score=target_score)
    match = make_match(["human", "human", "normal"], HANDS, "R1", clock=ManualClock(), rules=rules)
    match.act(Play(0, Card.parse("R5")))
    assert match.round_over
    return match


def test_next_is_a_request_of_the_protocol_without_fields():
    assert parse_request('{"type": "act", "do": "next"}') == Request("next")
    with pytest.raises(ValueError):
        parse_request('{"type": "act", "do": "next", "card": "R5"}')


def test_at_a_round_end_the_state_carries_the_result_and_the_totals():
    match = round_over()
    table, wire = phone_table(match, [0, 1])
    table.publish()
    result = wire.last(1, "state")["result"]
    assert result["title"] == "Ann wins round 1!"
    assert [(p["name"], p["points"]) for p in result["players"]] == [
        ("Ann", 5),
        ("Bo", 0),
        ("Cy", 0),
    ]
    assert wire.last(0, "state")["result"]["title"] == "You win round 1!"
    assert result["final"] is None and result["match_winner"] is None


def test_the_totals_count_this_rounds_points_before_the_match_adds_them():
    match = round_over()
    table, wire = phone_table(match, [0])
    table.publish()
    assert [p["total"] for p in wire.last(0, "state")["result"]["players"]] == [5, 0, 0]
    match.finish_round()
    table.publish(force=True)
    assert [p["total"] for p in wire.last(0, "state")["result"]["players"]] == [5, 0, 0]


def test_while_the_round_is_played_there_is_no_result_and_no_next_round():
    match = make_match(["human", "human", "normal"], HANDS, "R1", clock=ManualClock())
    table, wire = phone_table(match, [0, 1])
    table.offer_next_round(lambda: None)
    table.publish()
    state = wire.last(0, "state")
    assert state["result"] is None and state["can"]["next"] is False


def test_next_round_is_offered_to_every_phone_only_once_the_round_end_offers_it():
    match = round_over()
    table, wire = phone_table(match, [0, 1])
    table.publish()
    assert wire.last(0, "state")["can"]["next"] is False
    table.offer_next_round(lambda: None)
    table.publish()
    assert wire.last(0, "state")["can"]["next"] is True
    assert wire.last(1, "state")["can"]["next"] is True


def test_any_phone_seat_starts_the_next_round_when_it_is_offered():
    match = round_over()
    table, wire = phone_table(match, [0, 1])
    asked: list[str] = []
    table.offer_next_round(lambda: asked.append("next"))
    wire.inbox.append((1, Request("next")))
    assert table.pump() is True
    assert asked == ["next"]
    assert not table.next_round_offered  # once: a second tap cannot skip a round
    wire.inbox.append((0, Request("next")))
    table.pump()
    assert asked == ["next"]


def test_next_round_before_the_scores_were_shown_is_refused_in_words():
    match = round_over()
    table, wire = phone_table(match, [0, 1])
    wire.inbox.append((0, Request("next")))
    assert table.pump() is False
    assert wire.last(0, "error")["text"] == (
        "Look at the scores first: the next round can start in a moment"
    )


def test_next_round_during_the_round_is_refused_in_words():
    match = make_match(["human", "human", "normal"], HANDS, "R1", clock=ManualClock())
    table, wire = phone_table(match, [0, 1])
    wire.inbox.append((1, Request("next")))
    assert table.pump() is False
    assert wire.last(1, "error")["text"] == "The round is still being played"


def test_a_round_that_wins_the_match_shows_the_final_standings_and_no_next_round():
    match = round_over(target_score=5)
    table, wire = phone_table(match, [0, 1])
    table.offer_next_round(lambda: None)  # even if offered: the match is over
    table.publish()
    state = wire.last(1, "state")
    assert state["result"]["final"] == "Ann wins the match!"
    assert state["result"]["match_winner"] == 0
    assert state["can"]["next"] is False
    wire.inbox.append((1, Request("next")))
    table.offer_next_round(None)
    table.pump()
    assert wire.last(1, "error")["text"] == "The match is over"


def test_the_round_end_speaks_swedish_when_the_game_does():
    set_language("sv")
    match = round_over()
    table, wire = phone_table(match, [0])
    table.publish()
    words = wire.last(0, "strings")["words"]
    assert words["next"] == "Nästa runda"
    assert wire.last(0, "state")["result"]["title"] == "Du vinner runda 1!"
