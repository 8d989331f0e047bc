"""Saving and resuming a match: a resumed match plays on exactly as if never paused,
and a malformed save is refused with ValueError."""

from __future__ import annotations

import copy
import json
import random

import pytest

from uno_desktop.engine import (
    CatchUno,
    CustomEffect,
    CustomRule,
    Draw,
    Observation,
    Pass,
    Play,
    RuleSet,
)
from uno_desktop.match import ManualClock, Match, SeatSpec, Timing
from uno_desktop.presets import load_preset

OFFICIAL = load_preset("official")
SEATS = [SeatSpec("Ann", "easy"), SeatSpec("Bo", "normal"), SeatSpec("Cy", "hard")]


class StubBot:
    """Deterministic given the rng: catches, jumps in, sometimes forgets UNO."""

    def choose(self, obs: Observation, legal: list, rng: random.Random):
        catches = [a for a in legal if type(a) is CatchUno]
        if catches and rng.random() < 0.7:
            return catches[0]
        plays = [a for a in legal if type(a) is Play]
        if obs.current != obs.seat:
            return plays[0] if plays and rng.random() < 0.5 else None
        if plays:
            return plays[rng.randrange(len(plays))]
        return next(a for a in legal if type(a) in (Draw, Pass))


def stub_factory(level: str) -> StubBot:
    return StubBot()


def new_match(rules: RuleSet, seed: int, clock: ManualClock) -> Match:
    return Match(rules, SEATS, seed, preset="official", clock=clock, bot_factory=stub_factory)


def total_actions(match: Match) -> int:
    return sum(len(r) for r in match.to_dict()["rounds"])


def drive(match: Match, clock: ManualClock, step_s: float, until_actions: int | None) -> None:
    """Step time, poll, and move through round ends, like the UI does."""
    if match.game is None:
        match.start_round()
    done = total_actions(match)
    while until_actions is None or done < until_actions:
        if match.round_over:
            if match.round_finished:
                if match.match_over:
                    return
                match.start_round()
            else:
                match.finish_round()
            continue
        clock.advance(step_s)
        if match.poll():
            done += 1


def state(match: Match) -> tuple:
    game = match.game
    return (
        match.round_no,
        match.dealer,
        list(match.totals),
        list(match.round_history),
        game.hands,
        game.draw_pile,
        game.discard_pile,
        game.current,
        game.direction,
        game.active_color,
        game.phase,
        game.catchable,
        list(game.actions),
        match.to_dict(),
    )


def resume(match: Match, clock: ManualClock) -> Match:
    saved = json.loads(json.dumps(match.to_dict()))
    return Match.from_dict(saved, clock=clock, timing=match.timing, bot_factory=stub_factory)


@pytest.mark.parametrize("step_s", [10.0, 0.25])
@pytest.mark.parametrize("jump_in", [False, True])
def test_resumed_match_plays_on_exactly_as_without_a_pause(step_s, jump_in):
    rules = OFFICIAL.replace(target_score=250, jump_in=jump_in)
    pause_at = 300  # actions: in a later round, so earlier rounds are replayed too
    straight_clock = ManualClock()
    straight = new_match(rules, 21, straight_clock)
    drive(straight, straight_clock, step_s, None)

    first_clock = ManualClock()
    first = new_match(rules, 21, first_clock)
    drive(first, first_clock, step_s, pause_at)
    assert first.round_no >= 2
    resumed_clock = ManualClock(first_clock.now_s() + 1000.0)  # resumed another day
    resumed = resume(first, resumed_clock)
    assert state(resumed) == state(first)
    drive(resumed, resumed_clock, step_s, None)

    assert resumed.match_over
    assert state(resumed) == state(straight)


def test_resume_restores_turn_hands_piles_totals_and_round():
    clock = ManualClock()
    match = new_match(OFFICIAL.replace(target_score=300), 5, clock)
    drive(match, clock, 10.0, 150)
    back = resume(match, ManualClock())
    assert back.round_no == match.round_no
    assert back.game.current == match.game.current
    assert back.game.hands == match.game.hands
    assert back.game.draw_pile == match.game.draw_pile
    assert back.game.discard_pile == match.game.discard_pile
    assert back.totals == match.totals
    assert back.dealer == match.dealer


def test_resume_of_a_round_that_ended_but_was_not_yet_scored():
    clock = ManualClock()
    match = new_match(OFFICIAL, 3, clock)
    match.start_round()
    while not match.round_over:
        clock.advance(10.0)
        match.poll()
    back = resume(match, ManualClock())
    assert back.round_over
    assert not back.round_finished
    back.finish_round()
    match.finish_round()
    assert back.totals == match.totals


def test_resume_before_the_first_round():
    match = new_match(OFFICIAL, 3, ManualClock())
    back = resume(match, ManualClock())
    assert back.game is None
    back.start_round()
    match.start_round()
    assert back.game.hands == match.game.hands


def test_target_score_and_custom_rule_are_saved_as_overrides():
    rule = CustomRule("Swap with anyone.", CustomEffect.SWAP_HANDS, 1)
    rules = OFFICIAL.replace(target_score=200, custom_rule=rule)
    match = new_match(rules, 1, ManualClock())
    doc = match.to_dict()
    assert doc["overrides"] == {
        "target_score": 200,
        "custom_rule": {"text": "Swap with anyone.", "effect": "swap_hands", "amount": 1},
    }
    back = Match.from_dict(json.loads(json.dumps(doc)), clock=ManualClock())
    assert back.rules == rules


def test_unchanged_preset_saves_no_overrides():
    assert new_match(OFFICIAL, 1, ManualClock()).to_dict()["overrides"] == {}


def test_resume_works_with_the_default_bots():
    """Whatever bots are installed must be deterministic given rng and observation."""
    rules = OFFICIAL.replace(target_score=150)
    seats = [SeatSpec("Ann", "easy"), SeatSpec("Bo", "normal")]
    straight_clock, first_clock = ManualClock(), ManualClock()
    straight = Match(rules, seats, 4, clock=straight_clock)
    first = Match(rules, seats, 4, clock=first_clock)
    drive(straight, straight_clock, 10.0, 60)
    drive(first, first_clock, 10.0, 30)
    resumed_clock = ManualClock()
    resumed = Match.from_dict(json.loads(json.dumps(first.to_dict())), clock=resumed_clock)
    drive(resumed, resumed_clock, 10.0, 60)
    assert state(resumed) == state(straight)


# ---------------------------------------------------------------- malformed saves


@pytest.fixture(scope="module")
def saved() -> dict:
    clock = ManualClock()
    match = new_match(OFFICIAL.replace(target_score=300), 5, clock)
    drive(match, clock, 10.0, 120)
    doc = json.loads(json.dumps(match.to_dict()))
    assert len(doc["rounds"]) >= 2
    return doc


def _first_play(doc: dict) -> dict:
    return next(a for a in doc["rounds"][0] if a["type"] == "Play")


def _break(doc: dict, how: str) -> object:
    if how.startswith("missing "):
        del doc[how.removeprefix("missing ")]
    elif how == "not an object":
        return [doc]
    elif how == "seed is text":
        doc["seed"] = "five"
    elif how == "seed is bool":
        doc["seed"] = True
    elif how == "seats not a list":
        doc["seats"] = "Ann, Bo"
    elif how == "unknown seat kind":
        doc["seats"][0]["kind"] = "robot"
    elif how == "too few seats":
        doc["seats"] = doc["seats"][:1]
    elif how == "unknown preset":
        doc["preset"] = "no-such-preset"
    elif how == "unknown rule option":
        doc["overrides"] = {"gravity": 3}
    elif how == "override of the wrong type":
        doc["overrides"] = {"target_score": "high"}
    elif how == "round_no too big":
        doc["round_no"] += 1
    elif how == "dealer not a seat":
        doc["dealers"][0] = 7
    elif how == "totals do not add up":
        doc["totals"][0] += 1
    elif how == "round history changed":
        doc["round_history"][0][0] += 5
    elif how == "unknown action type":
        doc["rounds"][0][0] = {"type": "Cheat", "seat": 0}
    elif how == "action not an object":
        doc["rounds"][0][0] = "draw"
    elif how == "card not held":
        play = _first_play(doc)
        play["card"] = "W4" if play["card"] != "W4" else "R0"
        play["color"] = "R"
    elif how == "action by the wrong seat":
        doc["rounds"][0][0]["seat"] = (doc["rounds"][0][0]["seat"] + 1) % len(doc["seats"])
    elif how == "finished round cut short":
        doc["rounds"][0] = doc["rounds"][0][:-1]
    elif how == "round log not a list":
        doc["rounds"][0] = {"actions": []}
    else:  # pragma: no cover
        raise AssertionError(how)
    return doc


BREAKAGES = [
    "missing preset",
    "missing seats",
    "missing seed",
    "missing round_no",
    "missing dealers",
    "missing totals",
    "missing round_history",
    "missing rounds",
    "not an object",
    "seed is text",
    "seed is bool",
    "seats not a list",
    "unknown seat kind",
    "too few seats",
    "unknown preset",
    "unknown rule option",
    "override of the wrong type",
    "round_no too big",
    "dealer not a seat",
    "totals do not add up",
    "round history changed",
    "unknown action type",
    "action not an object",
    "card not held",
    "action by the wrong seat",
    "finished round cut short",
    "round log not a list",
]


@pytest.mark.parametrize("how", BREAKAGES)
def test_malformed_save_raises_value_error(saved, how):
    doc = _break(copy.deepcopy(saved), how)
    with pytest.raises(ValueError):
        Match.from_dict(doc, clock=ManualClock(), bot_factory=stub_factory)


def test_intact_save_loads(saved):
    Match.from_dict(copy.deepcopy(saved), clock=ManualClock(), bot_factory=stub_factory)


def test_timing_is_kept_on_resume():
    timing = Timing(think_time_s=0.1, catch_grace_s=0.2, react_s=0.05)
    match = new_match(OFFICIAL, 1, ManualClock())
    back = Match.from_dict(match.to_dict(), clock=ManualClock(), timing=timing)
    assert back.timing == timing
