"""A match knows whether hints are allowed and counts each person's hints per round;
both are saved with it, and a save from before hints plays on with hints allowed."""

from __future__ import annotations

import pytest

from uno_desktop.engine import RuleSet
from uno_desktop.play.match import ManualClock, Match, SavedMatchError, SeatSpec, run_round_headless

SEATS = [SeatSpec("Ann", "human"), SeatSpec("Bo", "normal"), SeatSpec("Cy", "human")]


def _match(**kw) -> Match:
    m = Match(RuleSet(), SEATS, 5, clock=ManualClock(), **kw)
    m.start_round()
    return m


def test_hints_are_allowed_unless_the_match_says_no():
    assert _match().hints is True
    assert _match(hints=False).hints is False


def test_each_hint_is_counted_for_the_seat_that_asked():
    m = _match()
    m.note_hint(0)
    m.note_hint(0)
    m.note_hint(2)
    assert m.hints_used == [2, 0, 1]


def test_a_serious_match_counts_no_hints():
    m = _match(hints=False)
    m.note_hint(0)
    assert m.hints_used == [0, 0, 0]


def test_the_count_starts_again_each_round():
    clock = ManualClock()
    m = Match(RuleSet(), [SeatSpec("Ann", "normal"), SeatSpec("Bo", "normal")], 5, clock=clock)
    m.start_round()
    m.note_hint(0)
    run_round_headless(m, clock)
    m.finish_round()
    assert m.hints_used == [1, 0]  # the round end still shows this round's count
    m.start_round()
    assert m.hints_used == [0, 0]


def test_hints_and_their_count_are_saved_with_the_match():
    m = _match(hints=False)
    back = Match.from_dict(m.to_dict(), clock=ManualClock())
    assert back.hints is False
    m = _match()
    m.note_hint(2)
    back = Match.from_dict(m.to_dict(), clock=ManualClock())
    assert back.hints is True and back.hints_used == [0, 0, 1]


def test_a_save_from_before_hints_plays_on_with_hints_and_none_used():
    doc = _match().to_dict()
    del doc["hints"], doc["hints_used"]
    back = Match.from_dict(doc, clock=ManualClock())
    assert back.hints is True and back.hints_used == [0, 0, 0]


@pytest.mark.parametrize(
    "key, value",
    [
        ("hints", "yes"),
        ("hints", 1),
        ("hints_used", [0, 0]),
        ("hints_used", [0, -1, 0]),
        ("hints_used", [0, True, 0]),
        ("hints_used", [0, 10**9, 0]),
        ("hints_used", "3"),
    ],
)
def test_a_saved_hint_setting_out_of_range_is_refused(key, value):
    doc = _match().to_dict()
    doc[key] = value
    with pytest.raises(SavedMatchError):
        Match.from_dict(doc, clock=ManualClock())
