"""Saving and resuming a match: a resumed match plays on exactly as if never paused, with
the rules it began with; a malformed save is refused in one line (SavedMatchError); the
save of round 500 is no bigger or slower than that of round 1 but for the points."""

from __future__ import annotations

import copy
import itertools
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
from uno_desktop.engine.actions import action_to_dict
from uno_desktop.engine.cards import Card, Color
from uno_desktop.play.match import (
    MAX_MATCH_ROUNDS,
    MAX_ROUND_ACTIONS,
    MAX_ROUND_POINTS,
    MAX_SEED,
    ManualClock,
    Match,
    SavedMatchError,
    SeatSpec,
    Timing,
    run_round_headless,
)
from uno_desktop.rules.presets import load_preset
from uno_desktop.store import storage
from uno_desktop.store.paths import user_presets_dir

from .long_round import long_round_doc

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
    return Match(
        rules,
        SEATS,
        seed,
        preset="official",
        clock=clock,
        bot_factory=stub_factory,
        match_id=f"match-{next(IDS)}",
    )


IDS = itertools.count()
#: actions applied so far in each match (by match id, so a resumed match goes on counting)
PLAYED: dict[str, int] = {}


def total_actions(match: Match) -> int:
    return PLAYED.get(match.match_id, 0)


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
            PLAYED[match.match_id] = done


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
        {k: v for k, v in match.to_dict().items() if k != "match_id"},
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


def test_a_match_resumes_from_what_its_save_keeps_without_a_file():
    clock = ManualClock()
    match = new_match(OFFICIAL.replace(target_score=300), 5, clock)
    drive(match, clock, 10.0, 150)
    back = Match.resume(match.saved(), clock=ManualClock(), bot_factory=stub_factory)
    assert back.to_dict() == match.to_dict()
    assert back.game.hands == match.game.hands


def test_resume_before_the_first_round():
    match = new_match(OFFICIAL, 3, ManualClock())
    back = resume(match, ManualClock())
    assert back.game is None
    back.start_round()
    match.start_round()
    assert back.game.hands == match.game.hands


def test_the_save_holds_the_whole_rule_set_including_the_match_choices():
    rule = CustomRule("Swap with anyone.", CustomEffect.SWAP_HANDS, 1)
    rules = OFFICIAL.replace(target_score=200, custom_rule=rule)
    match = new_match(rules, 1, ManualClock())
    doc = json.loads(json.dumps(match.to_dict()))
    assert doc["rules"]["target_score"] == 200
    assert doc["rules"]["custom_rule"] == {
        "text": "Swap with anyone.",
        "effect": "swap_hands",
        "amount": 1,
    }
    assert Match.from_dict(doc, clock=ManualClock()).rules == rules


def test_resume_works_with_the_default_bots():
    """Whatever bots are installed must be deterministic given rng and observation."""
    rules = OFFICIAL.replace(target_score=150)
    seats = [SeatSpec("Ann", "easy"), SeatSpec("Bo", "normal")]
    straight_clock, first_clock = ManualClock(), ManualClock()
    straight = Match(rules, seats, 4, clock=straight_clock, match_id="straight")
    first = Match(rules, seats, 4, clock=first_clock, match_id="first")
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
    assert doc["round_no"] >= 2 and doc["round_history"] and doc["actions"]
    return doc


def _first_play(doc: dict) -> dict:
    return next(a for a in doc["actions"] if a["type"] == "Play")


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _break(doc: dict, how: str) -> object:
    if how.startswith("missing "):
        del doc[how.removeprefix("missing ")]
    elif how == "not an object":
        return [doc]
    elif how == "seed is text":
        doc["seed"] = "five"
    elif how == "seed is bool":
        doc["seed"] = True
    elif how == "seed is huge":
        doc["seed"] = 2**70
    elif how == "seats not a list":
        doc["seats"] = "Ann, Bo"
    elif how == "unknown seat kind":
        doc["seats"][0]["kind"] = "robot"
    elif how == "too few seats":
        doc["seats"] = doc["seats"][:1]
    elif how == "preset is a path":
        doc["preset"] = "../../etc/passwd"
    elif how == "unknown rule option":
        doc["rules"]["gravity"] = 3
    elif how == "rule of the wrong type":
        doc["rules"]["target_score"] = "high"
    elif how == "custom amount out of range":
        doc["rules"]["custom_rule"]["amount"] = 0
    elif how == "a deck of 10^8 wilds":
        doc["rules"]["deck"]["W"] = 10**8
    elif how == "rules nested 100000 deep":
        doc["rules"]["deck"] = _nested(100_000)
    elif how == "rules that cannot end":
        doc["rules"]["card_values"] = {rank: 0 for rank in doc["rules"]["card_values"]}
    elif how == "format from the future":
        doc["format"] = 3
    elif how == "unknown entry":
        doc["extra"] = 1
    elif how == "match id is a path":
        doc["match_id"] = "../x"
    elif how == "round_no too big":
        doc["round_no"] += 1
    elif how == "round_no negative":
        doc["round_no"] = -1
    elif how == "totals do not add up":
        doc["totals"][0] += 1
    elif how == "round history changed":
        doc["round_history"][0][0] += 5
    elif how == "negative points":
        doc["round_history"][0] = [-p for p in doc["round_history"][0]]
    elif how == "unknown action type":
        doc["actions"][0] = {"type": "Cheat", "seat": 0}
    elif how == "action not an object":
        doc["actions"][0] = "draw"
    elif how == "action with a long card":
        doc["actions"][0]["card"] = "R" * 100_000
    elif how == "card not held":
        play = _first_play(doc)
        play["card"] = "W4" if play["card"] != "W4" else "R0"
        play["color"] = "R"
    elif how == "action by the wrong seat":
        doc["actions"][0]["seat"] = (doc["actions"][0]["seat"] + 1) % len(doc["seats"])
    elif how == "actions not a list":
        doc["actions"] = {"actions": []}
    elif how == "endless round":
        doc["actions"] = [{"type": "Draw", "seat": 0}] * (MAX_ROUND_ACTIONS + 1)
    else:  # pragma: no cover
        raise AssertionError(how)
    return doc


BREAKAGES = [
    "missing format",
    "missing match_id",
    "missing preset",
    "missing rules",
    "missing seats",
    "missing seed",
    "missing round_no",
    "missing totals",
    "missing round_history",
    "missing actions",
    "not an object",
    "seed is text",
    "seed is bool",
    "seed is huge",
    "seats not a list",
    "unknown seat kind",
    "too few seats",
    "preset is a path",
    "unknown rule option",
    "rule of the wrong type",
    "custom amount out of range",
    "a deck of 10^8 wilds",
    "rules nested 100000 deep",
    "rules that cannot end",
    "format from the future",
    "unknown entry",
    "match id is a path",
    "round_no too big",
    "round_no negative",
    "totals do not add up",
    "round history changed",
    "negative points",
    "unknown action type",
    "action not an object",
    "action with a long card",
    "card not held",
    "action by the wrong seat",
    "actions not a list",
    "endless round",
]


@pytest.mark.parametrize("how", BREAKAGES)
def test_a_malformed_save_is_refused_in_one_short_line(saved, how):
    doc = _break(copy.deepcopy(saved), how)
    with pytest.raises(SavedMatchError) as err:
        Match.from_dict(doc, clock=ManualClock(), bot_factory=stub_factory)
    message = str(err.value)
    assert message.startswith("saved match: ")
    assert "\n" not in message and len(message) < 300


def test_a_saved_match_error_is_a_value_error():
    assert issubclass(SavedMatchError, ValueError)


@pytest.mark.parametrize(
    "name",
    ["A" * 5_000_000, "   ", "\ufe0f", "\u034f\u17b4", "B\x00o", "Bo\ud800", 7, None],
    ids=["huge", "blank", "fe0f", "zero_width", "nul", "surrogate", "number", "null"],
)
def test_a_seat_name_no_screen_can_show_resumes_with_the_seats_own_name(saved, name):
    doc = copy.deepcopy(saved)
    doc["seats"][1]["name"] = name
    match = Match.from_dict(doc, clock=ManualClock(), bot_factory=stub_factory)
    intact = Match.from_dict(copy.deepcopy(saved), clock=ManualClock(), bot_factory=stub_factory)
    assert [s.name for s in match.seats] == ["Ann", "Computer 2", "Cy"]
    assert {**match.to_dict(), "seats": []} == {**intact.to_dict(), "seats": []}


def test_intact_save_loads(saved):
    Match.from_dict(copy.deepcopy(saved), clock=ManualClock(), bot_factory=stub_factory)


def test_timing_is_kept_on_resume():
    timing = Timing(think_time_s=0.1, catch_grace_s=0.2, react_s=0.05)
    match = new_match(OFFICIAL, 1, ManualClock())
    back = Match.from_dict(match.to_dict(), clock=ManualClock(), timing=timing)
    assert back.timing == timing


# ---------------------------------------------------------------- the rules a match began with


def write_user_preset(name: str, text: str) -> None:
    folder = user_presets_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.yaml").write_text(text, encoding="utf-8")


def grandma_match() -> Match:
    write_user_preset("grandma", "extends: family\nuno_penalty: 3\ntarget_score: 300\n")
    rules = load_preset("grandma")
    return Match(rules, SEATS, 9, preset="grandma", clock=ManualClock(), bot_factory=stub_factory)


def test_an_edited_preset_does_not_change_a_match_in_progress():
    doc = json.loads(json.dumps(grandma_match().to_dict()))
    write_user_preset("grandma", "extends: party\nuno_penalty: 0\ntarget_score: 50\n")
    back = Match.from_dict(doc, clock=ManualClock(), bot_factory=stub_factory)
    assert (back.rules.uno_penalty, back.rules.target_score, back.rules.seven_zero) == (
        3,
        300,
        False,
    )
    assert back.preset_changes() == ["stacking", "seven_zero", "uno_penalty"]


def test_an_unchanged_preset_reports_no_changes():
    match = grandma_match()
    assert match.preset_changes() == []


def test_a_deleted_preset_does_not_stop_the_match_it_started():
    doc = json.loads(json.dumps(grandma_match().to_dict()))
    (user_presets_dir() / "grandma.yaml").unlink()
    back = Match.from_dict(doc, clock=ManualClock(), bot_factory=stub_factory)
    assert back.rules.uno_penalty == 3
    assert back.preset_changes() is None


def first_format(match: Match, logs: list[list[dict]], overrides: dict) -> dict:
    """The save as the first version wrote it: a preset name, overrides, every round."""
    return {
        "preset": match.preset,
        "overrides": overrides,
        "seats": [{"name": s.name, "kind": s.kind} for s in match.seats],
        "seed": match.seed,
        "round_no": match.round_no,
        "dealers": list(match.dealers),
        "totals": list(match.totals),
        "round_history": [list(p) for p in match.round_history],
        "rounds": logs,
    }


def play_keeping_logs(match: Match, clock: ManualClock, actions: int) -> list[list[dict]]:
    logs: list[list[dict]] = []

    def keep(m: Match) -> None:
        if m.game is not None:
            if len(logs) < m.round_no:
                logs.append([])
            logs[m.round_no - 1] = m.to_dict()["actions"]

    match.on_change = keep
    drive(match, clock, 10.0, actions)
    match.on_change = None
    return logs


def test_a_save_of_the_first_format_is_resumed_with_its_preset_as_it_is_now():
    clock = ManualClock()
    match = new_match(OFFICIAL.replace(target_score=300), 7, clock)
    logs = play_keeping_logs(match, clock, 150)
    assert match.round_no >= 2
    doc = json.loads(json.dumps(first_format(match, logs, {"target_score": 300})))
    back = Match.from_dict(doc, clock=ManualClock(), bot_factory=stub_factory)
    assert back.rules == match.rules
    assert back.game.hands == match.game.hands
    assert (back.totals, back.round_history) == (match.totals, match.round_history)
    assert back.to_dict()["format"] == 2


def test_a_save_of_the_first_format_whose_preset_is_gone_names_that_preset():
    match = grandma_match()
    doc = first_format(match, [], {})
    (user_presets_dir() / "grandma.yaml").unlink()
    with pytest.raises(SavedMatchError) as err:
        Match.from_dict(doc, clock=ManualClock(), bot_factory=stub_factory)
    assert err.value.preset == "grandma"
    assert "'grandma', which cannot be loaded" in str(err.value)


def test_a_save_of_the_first_format_with_an_out_of_range_override_is_refused():
    match = new_match(OFFICIAL, 7, ManualClock())
    doc = first_format(
        match, [], {"custom_rule": {"text": "x", "effect": "others_draw", "amount": 20}}
    )
    with pytest.raises(SavedMatchError, match=r"custom_rule\.amount"):
        Match.from_dict(doc, clock=ManualClock(), bot_factory=stub_factory)


# ---------------------------------------------------------------- a save that grows


def test_the_save_keeps_only_the_current_rounds_actions():
    clock = ManualClock()
    match = new_match(OFFICIAL.replace(target_score=400), 3, clock)
    drive(match, clock, 10.0, 250)
    assert match.round_no >= 3
    doc = match.to_dict()
    assert doc["actions"] == [action_to_dict(a) for a in match.game.actions]
    assert len(doc["round_history"]) in (match.round_no - 1, match.round_no)


def late_match(rounds: int) -> Match:
    """A match in round `rounds` (earlier rounds given as points: only the current one is
    replayed, so this is what a real match at that round loads as)."""
    rules = OFFICIAL.replace(target_score=100_000)
    history = [[(r + s) % 3 for s in range(len(SEATS))] for r in range(rounds - 1)]
    doc = new_match(rules, 3, ManualClock()).to_dict()
    doc.update(
        round_no=rounds,
        round_history=history,
        totals=[sum(p[s] for p in history) for s in range(len(SEATS))],
    )
    return Match.from_dict(doc, clock=ManualClock(), bot_factory=stub_factory)


def test_a_save_in_round_500_holds_no_more_actions_than_one_in_round_1():
    early, late = late_match(1), late_match(500)
    clock = ManualClock()
    late.clock = clock
    late._reset_timing()
    run_round_headless(late, clock)
    assert late.round_no == 500
    doc = json.loads(json.dumps(late.to_dict()))
    assert len(doc["actions"]) == len(late.game.actions)
    assert len(json.dumps(doc)) < len(json.dumps(early.to_dict())) + 500 * 40 + 60 * len(
        doc["actions"]
    )
    back = Match.from_dict(doc, clock=ManualClock(), bot_factory=stub_factory)
    assert back.game.hands == late.game.hands and back.totals == late.totals


def test_the_largest_save_the_game_can_write_is_far_below_the_readers_limit():
    rules = load_preset("swedish").replace(
        title="T" * 80,
        description="D" * 300,
        custom_rule=CustomRule("C" * 300, CustomEffect.OTHERS_DRAW, 10),
    )
    seats = [SeatSpec("N" * 40, "hard") for _ in range(10)]
    match = Match(rules, seats, -MAX_SEED, clock=ManualClock(), bot_factory=stub_factory)
    doc = match.to_dict()
    biggest = {"type": "Play", "seat": 9, "card": "WS", "color": "B", "target": 9, "uno": True}
    assert set(biggest) == set(action_to_dict(Play(9, Card.parse("WS"), Color.BLUE, 9, True)))
    doc.update(
        round_no=MAX_MATCH_ROUNDS,
        round_history=[[MAX_ROUND_POINTS] * 10] * (MAX_MATCH_ROUNDS - 1),
        totals=[MAX_ROUND_POINTS * MAX_MATCH_ROUNDS] * 10,
        actions=[biggest] * MAX_ROUND_ACTIONS,
    )
    size = len(storage.encode_document("saved_match", 2, doc, False))
    assert size * 4 < storage.MAX_FILE_BYTES


def test_a_match_ends_after_the_round_limit_with_the_leader_winning():
    match = late_match(MAX_MATCH_ROUNDS)
    clock = ManualClock()
    match.clock = clock
    match._reset_timing()
    assert not match.match_over
    run_round_headless(match, clock)
    match.finish_round()
    assert match.match_over
    assert match.match_winner == max(range(3), key=lambda s: match.totals[s])


def test_a_continued_round_whose_next_move_reaches_the_move_limit_ends_blocked():
    # Continue on a round one move short of the limit: the next move ends it, no score,
    # and the match goes on (saved again, read again, the next round dealt).
    clock = ManualClock()
    match = Match.from_dict(long_round_doc(), clock=clock, bot_factory=stub_factory)
    drive(match, clock, 0.5, until_actions=total_actions(match) + 1)
    assert match.round_over and match.game.blocked and match.game.winner is None
    assert len(match.game.actions) == MAX_ROUND_ACTIONS
    again = Match.from_dict(match.to_dict(), clock=ManualClock(), bot_factory=stub_factory)
    assert again.round_over and again.game.blocked
    again.finish_round()
    assert again.totals == [0] * 6
    again.start_round()
    assert not again.round_over
