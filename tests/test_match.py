"""The match controller: pacing of computer seats, timing windows, rounds and scores.

Time is stepped by hand with ManualClock; computer seats use a deterministic stub bot.
"""

from __future__ import annotations

import random

import pytest

from uno_desktop.engine import (
    OFFICIAL,
    CallUno,
    CatchUno,
    Draw,
    Game,
    IllegalAction,
    Observation,
    Pass,
    Play,
    RuleSet,
    Scoring,
    hand_points,
)
from uno_desktop.engine.events import CardPlayed, RoundEnded, UnoCaught
from uno_desktop.play.match import (
    ManualClock,
    Match,
    SeatSpec,
    Timing,
    run_round_headless,
)
from uno_desktop.session.headless import play_match_headless

TIMING = Timing(think_time_s=0.8, catch_grace_s=1.5, react_s=0.6)


class StubBot:
    """Deterministic: catches whenever it can, jumps in whenever it can, always says
    UNO with its play, otherwise a random legal play (from the given rng), else draws."""

    def choose(self, obs: Observation, legal: list, rng: random.Random):
        catches = [a for a in legal if type(a) is CatchUno]
        if catches:
            return catches[0]
        plays = [a for a in legal if type(a) is Play and (a.uno or obs.hand_sizes[obs.seat] != 2)]
        if obs.current != obs.seat:
            return plays[0] if plays else None
        if plays:
            return plays[rng.randrange(len(plays))]
        return next(a for a in legal if type(a) in (Draw, Pass))


def stub_factory(level: str) -> StubBot:
    return StubBot()


def computers(n: int) -> list[SeatSpec]:
    return [SeatSpec(f"Bot {i}", "normal") for i in range(n)]


def make_match(rules: RuleSet, seats: list[SeatSpec], seed: int = 1) -> tuple[Match, ManualClock]:
    clock = ManualClock()
    match = Match(rules, seats, seed, clock=clock, timing=TIMING, bot_factory=stub_factory)
    return match, clock


def human_vs_computer_with_two_cards(seats: list[SeatSpec], **rule_changes) -> tuple:
    """A dealt round where seat 0 (human) holds R5 R6 on a red start card, and it is
    seat 0's turn. Seat 1 holds B1 B2; with a third seat, that seat holds R5 G9."""
    rules = OFFICIAL.replace(hand_size=2, **rule_changes)
    match, clock = make_match(rules, seats)
    match.start_round()
    n = len(seats)
    hands = [["R5", "R6"], ["B1", "B2"], ["R5", "G9"]][:n]
    deck = [hands[s][k] for k in range(2) for s in range(n)]
    deck += ["R1", "G3", "G4", "G7", "G8", "Y3", "Y4", "Y6", "Y7"]
    match.game = Game.new(rules, n, dealer=n - 1, deck=deck)
    assert match.game.current == 0
    return match, clock


# ---------------------------------------------------------------- pacing


def test_computer_moves_only_after_think_time():
    match, clock = make_match(OFFICIAL, computers(3))
    match.start_round()
    assert match.poll() == []
    clock.advance(TIMING.think_time_s - 0.01)
    assert match.poll() == []
    assert match.game.actions == []
    clock.advance(0.02)
    assert match.poll() != []
    assert len(match.game.actions) == 1


def test_next_due_is_the_end_of_the_thinking_delay():
    match, _clock = make_match(OFFICIAL, computers(2))
    match.start_round()
    assert match.next_due_s() == pytest.approx(TIMING.think_time_s)


def test_poll_applies_at_most_one_decision_per_call():
    match, clock = make_match(OFFICIAL, computers(2))
    match.start_round()
    clock.advance(100.0)
    match.poll()
    assert len(match.game.actions) == 1


def test_human_turn_waits_forever():
    match, clock = make_match(OFFICIAL, [SeatSpec("Ann", "human"), SeatSpec("Bot", "easy")])
    match.start_round()
    while match.human_to_act() is None:
        clock.advance(10.0)
        match.poll()
    before = list(match.game.actions)
    clock.advance(1_000_000.0)
    assert match.poll() == []
    assert match.next_due_s() is None
    assert match.game.actions == before
    assert match.human_to_act() == 0


def test_human_to_act_is_none_once_the_round_is_over():
    match, _clock = make_match(OFFICIAL, [SeatSpec("Ann", "human"), SeatSpec("Bot", "easy")])
    match.start_round()
    match.game = Game.new(OFFICIAL.replace(hand_size=1), 2, dealer=1, deck=["R5", "B1", "R1"])
    match.act(Play(0, match.game.hands[0][0]))
    assert match.round_over
    assert match.human_to_act() is None


def test_on_change_is_called_after_each_applied_action():
    match, clock = make_match(OFFICIAL, computers(2))
    match.start_round()
    seen: list[int] = []
    match.on_change = lambda m: seen.append(len(m.game.actions))
    for _ in range(3):
        clock.advance(1.0)
        match.poll()
    assert seen == [1, 2, 3]


# ---------------------------------------------------------------- UNO catch window


def test_computer_does_not_catch_before_the_grace_period():
    match, clock = human_vs_computer_with_two_cards(
        [SeatSpec("Ann", "human"), SeatSpec("B", "hard")]
    )
    match.act(Play(0, match.game.hands[0][0]))  # down to one card, no UNO
    assert match.game.catchable == 0
    clock.advance(TIMING.catch_grace_s - 0.01)
    assert match.poll() == []
    assert len(match.game.actions) == 1  # the computer's own turn waited too
    clock.advance(0.02)
    events = match.poll()
    assert UnoCaught(1, 0) in events
    assert len(match.game.hands[0]) == 1 + OFFICIAL.uno_penalty


def test_human_who_calls_uno_within_the_grace_period_is_not_caught():
    match, clock = human_vs_computer_with_two_cards(
        [SeatSpec("Ann", "human"), SeatSpec("B", "hard")]
    )
    match.act(Play(0, match.game.hands[0][0]))
    clock.advance(TIMING.catch_grace_s - 0.1)
    match.act(CallUno(0))
    clock.advance(10.0)
    events = match.poll()
    assert not any(type(e) is UnoCaught for e in events)
    assert match.game.actions[-1].seat == 1  # the computer took its turn instead
    assert len(match.game.hands[0]) == 1


def test_human_can_catch_a_computer_that_forgot_uno():
    class Forgetful(StubBot):
        def choose(self, obs, legal, rng):
            if obs.current == obs.seat:
                plays = [a for a in legal if type(a) is Play and not a.uno]
                if plays:
                    return plays[0]
            return super().choose(obs, legal, rng)

    rules = OFFICIAL.replace(hand_size=2)
    clock = ManualClock()
    match = Match(
        rules,
        [SeatSpec("Ann", "human"), SeatSpec("B", "easy")],
        1,
        clock=clock,
        timing=TIMING,
        bot_factory=lambda level: Forgetful(),
    )
    match.start_round()
    match.game = Game.new(rules, 2, dealer=0, deck=["R5", "B1", "R6", "B2", "R1", "G3", "G4"])
    assert match.poll() == []  # the controller starts timing the injected round now
    clock.advance(1.0)
    match.poll()  # seat 1 plays R5 without UNO
    assert match.game.catchable == 1
    events = match.act(CatchUno(0, 1))
    assert UnoCaught(0, 1) in events


# ---------------------------------------------------------------- jump-in


def test_computer_jumps_in_after_react_time():
    seats = [SeatSpec("Ann", "human"), SeatSpec("B", "hard"), SeatSpec("C", "hard")]
    match, clock = human_vs_computer_with_two_cards(seats, jump_in=True)
    r5 = match.game.hands[0][0]
    match.act(Play(0, r5, uno=True))
    clock.advance(TIMING.react_s - 0.01)
    assert match.poll() == []
    clock.advance(0.02)
    assert CardPlayed(2, r5, jump_in=True) in match.poll()


def test_no_jump_in_when_the_rule_is_off():
    seats = [SeatSpec("Ann", "human"), SeatSpec("B", "hard"), SeatSpec("C", "hard")]
    match, clock = human_vs_computer_with_two_cards(seats)
    match.act(Play(0, match.game.hands[0][0], uno=True))
    clock.advance(10.0)
    match.poll()
    assert match.game.actions[-1].seat == 1


def test_no_computer_jumps_in_on_the_turned_up_start_card():
    # Family rules allow jump-in, but nobody played the start card: the first player
    # (left of the dealer) plays first. Once someone plays that card, jumping in is open.
    from uno_desktop.rules.presets import load_preset

    rules = load_preset("family").replace(hand_size=2)
    seats = [SeatSpec("Ann", "human"), SeatSpec("B", "hard"), SeatSpec("C", "hard")]
    match, clock = make_match(rules, seats)
    match.start_round()
    hands = [["R1", "R6"], ["B1", "B2"], ["R1", "G9"]]
    deck = [hands[s][k] for k in range(2) for s in range(3)] + ["R1", "G3", "G4", "Y6"]
    match.game = Game.new(rules, 3, dealer=2, deck=deck)
    assert match.poll() == []
    assert match.next_due_s() is None  # waiting for Ann, who plays first
    clock.advance(10.0)
    assert match.poll() == []
    assert match.game.actions == []
    r1 = match.game.hands[0][0]
    match.act(Play(0, r1, uno=True))
    clock.advance(TIMING.react_s + 0.01)
    assert CardPlayed(2, r1, jump_in=True) in match.poll()


# ---------------------------------------------------------------- rounds and scores


def test_deal_passes_left_each_round():
    rules = OFFICIAL.replace(target_score=10_000)
    match = play_match_headless(rules, computers(4), seed=5, max_rounds=6, bot_factory=stub_factory)
    first = match.dealers[0]
    assert match.dealers == [(first + i) % 4 for i in range(6)]
    assert match.game.dealer == match.dealer == match.dealers[-1]


def test_totals_are_the_sum_of_the_round_points():
    rules = OFFICIAL.replace(target_score=300)
    match = play_match_headless(rules, computers(3), seed=11, bot_factory=stub_factory)
    assert len(match.round_history) == match.round_no
    assert match.totals == [sum(p[s] for p in match.round_history) for s in range(3)]


def test_match_ends_at_the_target_score_with_the_highest_total_winning():
    rules = OFFICIAL.replace(target_score=150)
    match = play_match_headless(rules, computers(3), seed=2, bot_factory=stub_factory)
    assert match.match_over
    assert max(match.totals) >= 150
    assert match.match_winner == match.totals.index(max(match.totals))
    before_last = [t - p for t, p in zip(match.totals, match.round_history[-1])]
    assert max(before_last) < 150  # it ended as soon as someone reached the target


def test_a_new_round_cannot_start_after_the_match_is_over():
    rules = OFFICIAL.replace(target_score=50)
    match = play_match_headless(rules, computers(2), seed=2, bot_factory=stub_factory)
    with pytest.raises(RuntimeError):
        match.start_round()


def test_a_round_must_be_finished_before_the_next_is_dealt():
    match, _clock = make_match(OFFICIAL, computers(2))
    match.start_round()
    with pytest.raises(RuntimeError):
        match.start_round()


def test_a_blocked_round_scores_nothing():
    rules = OFFICIAL.replace(hand_size=1)
    match, clock = make_match(rules, computers(2))
    match.start_round()
    # One card each, none matches the start card, nothing left to draw: a blocked lap.
    match.game = Game.new(rules, 2, dealer=0, deck=["R1", "R2", "B5"])
    run_round_headless(match, clock)
    assert match.game.winner is None
    assert RoundEnded(None, (0, 0), True) in match.game.log
    match.finish_round()
    assert match.totals == [0, 0]
    assert match.round_history == [(0, 0)]


def test_winner_scoring_gives_the_round_to_the_winner():
    match, clock = make_match(OFFICIAL, computers(3), seed=4)
    match.start_round()
    run_round_headless(match, clock)
    game = match.game
    match.finish_round()
    expected = sum(hand_points(OFFICIAL, h) for h in game.hands)
    assert match.totals[game.winner] == expected
    assert sum(match.totals) == expected


def test_penalty_scoring_adds_every_seat_its_own_hand():
    rules = OFFICIAL.replace(scoring=Scoring.PENALTY)
    match, clock = make_match(rules, computers(3), seed=4)
    match.start_round()
    run_round_headless(match, clock)
    hands = match.game.hands
    match.finish_round()
    assert match.totals == [hand_points(rules, h) for h in hands]
    assert match.totals[match.game.winner] == 0


def test_penalty_scoring_match_is_won_by_the_lowest_total():
    rules = OFFICIAL.replace(scoring=Scoring.PENALTY, target_score=150)
    match = play_match_headless(rules, computers(3), seed=8, bot_factory=stub_factory)
    assert max(match.totals) >= 150
    assert match.match_winner == match.totals.index(min(match.totals))


def test_each_round_gets_its_own_deal():
    rules = OFFICIAL.replace(target_score=10_000)
    match, clock = make_match(rules, computers(2))
    match.start_round()
    first_hands = match.game.hands
    run_round_headless(match, clock)
    match.finish_round()
    match.start_round()
    assert match.game.hands != first_hands
    assert match.round_no == 2


def test_same_seed_same_match():
    rules = OFFICIAL.replace(target_score=200)
    a = play_match_headless(rules, computers(3), seed=9, bot_factory=stub_factory)
    b = play_match_headless(rules, computers(3), seed=9, bot_factory=stub_factory)
    assert {**a.to_dict(), "match_id": ""} == {**b.to_dict(), "match_id": ""}


def test_two_matches_with_the_same_seed_are_told_apart_by_their_id():
    a = Match(OFFICIAL, computers(3), 9, bot_factory=stub_factory)
    b = Match(OFFICIAL, computers(3), 9, bot_factory=stub_factory)
    assert a.match_id != b.match_id


def test_a_seat_name_longer_than_the_statistics_keep_is_refused():
    seats = [SeatSpec("A" * 41, "easy"), SeatSpec("B", "easy")]
    with pytest.raises(ValueError, match="a name of 1 to 40 characters"):
        Match(OFFICIAL, seats, 1, bot_factory=stub_factory)


def test_a_match_names_its_preset_never_a_path():
    with pytest.raises(ValueError, match="never a path"):
        Match(OFFICIAL, computers(3), 1, preset="/etc/passwd", bot_factory=stub_factory)


# ---------------------------------------------------------------- acting


def test_illegal_action_from_act_leaves_everything_unchanged():
    match, _clock = human_vs_computer_with_two_cards(
        [SeatSpec("Ann", "human"), SeatSpec("B", "hard")]
    )
    calls: list[Match] = []
    match.on_change = calls.append
    game = match.game
    before = (match.to_dict(), game.hands, game.draw_pile, game.discard_pile, game.current)
    due_before = match.next_due_s()
    with pytest.raises(IllegalAction):
        match.act(Pass(0))  # nothing was drawn
    with pytest.raises(IllegalAction):
        match.act(Play(1, game.hands[1][0]))  # not seat 1's turn
    after = (match.to_dict(), game.hands, game.draw_pile, game.discard_pile, game.current)
    assert after == before
    assert match.next_due_s() == due_before
    assert calls == []


def test_seats_are_validated():
    with pytest.raises(ValueError):
        Match(OFFICIAL, [SeatSpec("Solo", "human")], 1, clock=ManualClock())
    with pytest.raises(ValueError):
        Match(OFFICIAL, [SeatSpec("A", "human"), SeatSpec("B", "robot")], 1, clock=ManualClock())


def test_seat_name_and_is_human():
    match, _clock = make_match(OFFICIAL, [SeatSpec("Ann", "human"), SeatSpec("Bot", "easy")])
    assert match.seat_name(0) == "Ann"
    assert match.is_human(0)
    assert not match.is_human(1)


def test_falls_back_to_a_legal_move_without_injected_bots():
    match = play_match_headless(OFFICIAL.replace(target_score=100), computers(3), seed=1)
    assert match.match_over


def test_each_computer_player_is_told_the_table_size_before_play_starts():
    told: list[int] = []

    class Preparing(StubBot):
        def prepare(self, players: int) -> None:
            told.append(players)

    Match(
        RuleSet(),
        computers(3),
        1,
        clock=ManualClock(),
        timing=TIMING,
        bot_factory=lambda level: Preparing(),
    )
    assert told == [3, 3, 3]
    # A bot without `prepare` is seated all the same.
    Match(RuleSet(), computers(2), 1, clock=ManualClock(), timing=TIMING, bot_factory=stub_factory)
