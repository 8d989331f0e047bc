"""When the computer seats act: the timing windows of a round, stepped by hand.

Timing here: a computer's turn 0.8 s after the last action, 1.5 s of grace for a seat
that forgot UNO, 0.6 s to react (jump in, remember one's own UNO).
"""

from __future__ import annotations

import pytest

from uno_desktop.engine import OFFICIAL, Card, Game, Play, RuleSet
from uno_desktop.engine.actions import Action, CallUno, CatchUno
from uno_desktop.play.clock import ManualClock
from uno_desktop.play.pacing import Due, Pacing, Timing, Window, people_window_s
from uno_desktop.store.settings import ANIMATION_SPEEDS

TIMING = Timing(think_time_s=0.8, catch_grace_s=1.5, react_s=0.6)
R5 = Card.parse("R5")


def dealt(hands: list[list[str]], rules: RuleSet = OFFICIAL) -> Game:
    """A round where seat s holds hands[s] (two cards) on a red start card, seat 0 to play."""
    n = len(hands)
    deck = [hands[s][k] for k in range(2) for s in range(n)]
    deck += ["R1", "G3", "G4", "G7", "G8", "Y3", "Y4", "Y6", "Y7"]
    game = Game.new(rules.replace(hand_size=2), n, dealer=n - 1, deck=deck)
    assert game.current == 0
    return game


def paced(game: Game, computers: set[int]) -> tuple[Pacing, ManualClock]:
    clock = ManualClock()
    pacing = Pacing(clock, TIMING, computers)
    pacing.restart(game)
    return pacing, clock


def act(pacing: Pacing, game: Game, action: Action) -> None:
    pacing.note(game, action, game.apply(action))


def windows(pacing: Pacing, game: Game) -> list[Window]:
    return [due.window for due in pacing.due_now(game)]


def forgot_uno(computers: set[int]) -> tuple[Game, Pacing, ManualClock]:
    """Seat 0 has just played R5 from R5 R6 without saying UNO; seat 1 holds B1 B2."""
    game = dealt([["R5", "R6"], ["B1", "B2"]])
    pacing, clock = paced(game, computers)
    act(pacing, game, Play(0, R5))
    assert game.catchable == 0
    return game, pacing, clock


# ---------------------------------------------------------------- a computer's turn


def test_a_computers_turn_is_due_think_time_after_the_last_action() -> None:
    game = dealt([["B1", "B2"], ["R5", "R6"]])
    pacing, clock = paced(game, {0, 1})
    assert pacing.next_due_s(game) == pytest.approx(TIMING.think_time_s)
    clock.advance(TIMING.think_time_s - 0.01)
    assert windows(pacing, game) == []
    clock.advance(0.01)
    assert list(pacing.due_now(game)) == [Due(Window.TURN, (0,))]


def test_nothing_is_due_while_a_person_holds_the_turn() -> None:
    game = dealt([["B1", "B2"], ["R5", "R6"]])
    pacing, clock = paced(game, {1})
    clock.advance(1_000.0)
    assert pacing.next_due_s(game) is None
    assert windows(pacing, game) == []


def test_nothing_is_due_once_the_round_is_over() -> None:
    game = Game.new(OFFICIAL.replace(hand_size=1), 2, dealer=1, deck=["R5", "B1", "R1"])
    pacing, clock = paced(game, {0, 1})
    act(pacing, game, Play(0, R5))
    assert game.is_over
    clock.advance(10.0)
    assert pacing.next_due_s(game) is None
    assert windows(pacing, game) == []


def test_a_new_round_starts_every_window_from_the_moment_it_is_followed() -> None:
    first = dealt([["B1", "B2"], ["R5", "R6"]])
    pacing, clock = paced(first, {0, 1})
    clock.advance(5.0)
    second = dealt([["B1", "B2"], ["R5", "R6"]])
    assert pacing.next_due_s(second) == pytest.approx(5.0 + TIMING.think_time_s)


# ---------------------------------------------------------------- a forgotten UNO


def test_computers_catch_a_forgotten_uno_only_after_the_grace_period() -> None:
    game, pacing, clock = forgot_uno(computers={1})
    clock.advance(TIMING.catch_grace_s - 0.01)
    assert windows(pacing, game) == []
    clock.advance(0.01)
    assert next(pacing.due_now(game)) == Due(Window.CATCH, (1,), target=0)


def test_a_computers_turn_waits_for_the_forgetful_seats_grace_period() -> None:
    game, pacing, clock = forgot_uno(computers={1})
    assert game.current == 1
    assert pacing.next_due_s(game) == pytest.approx(TIMING.catch_grace_s)
    clock.advance(TIMING.think_time_s)
    assert windows(pacing, game) == []


def test_a_computer_that_forgot_uno_may_remember_it_after_react_time() -> None:
    game, pacing, clock = forgot_uno(computers={0, 1})
    clock.advance(TIMING.react_s)
    assert list(pacing.due_now(game)) == [Due(Window.UNO, (0,))]


def test_when_several_are_due_the_catch_is_asked_first_and_the_turn_last() -> None:
    game, pacing, clock = forgot_uno(computers={0, 1})
    clock.advance(TIMING.catch_grace_s)
    assert windows(pacing, game) == [Window.CATCH, Window.UNO, Window.TURN]


def test_saying_uno_closes_the_catch_window() -> None:
    game, pacing, clock = forgot_uno(computers={1})
    act(pacing, game, CallUno(0))
    clock.advance(TIMING.catch_grace_s)
    assert windows(pacing, game) == [Window.TURN]


# ---------------------------------------------------------------- declined windows


def test_a_declined_window_does_not_come_back_until_the_next_action() -> None:
    game, pacing, clock = forgot_uno(computers={1})
    clock.advance(TIMING.catch_grace_s)
    pacing.decline(game, Window.CATCH)
    clock.advance(60.0)
    assert windows(pacing, game) == [Window.TURN]
    assert pacing.next_due_s(game) == pytest.approx(TIMING.catch_grace_s)  # the turn's


def test_a_window_declined_while_asking_is_skipped_by_the_same_asking() -> None:
    game, pacing, clock = forgot_uno(computers={0, 1})
    clock.advance(TIMING.catch_grace_s)
    asking = pacing.due_now(game)
    assert next(asking).window is Window.CATCH
    pacing.decline(game, Window.UNO)
    assert [due.window for due in asking] == [Window.TURN]


# ---------------------------------------------------------------- jump-in


def test_computers_offered_a_jump_in_are_asked_react_time_after_the_card_was_played() -> None:
    game = dealt([["R5", "R6"], ["B1", "B2"], ["R5", "G9"]], OFFICIAL.replace(jump_in=True))
    pacing, clock = paced(game, {1, 2})
    act(pacing, game, Play(0, R5, uno=True))
    clock.advance(TIMING.react_s - 0.01)
    assert windows(pacing, game) == []
    clock.advance(0.01)
    assert list(pacing.due_now(game)) == [Due(Window.JUMP, (2,))]


def test_once_a_handoff_closed_the_jump_in_no_computer_jumps_on_that_card() -> None:
    """A hand-off screen came up (`close_jump`): the turn is that person's; a person's UNO
    call meanwhile does not reopen it, the next card played does."""
    hands = [["R5", "R6"], ["R9", "B2"], ["G1", "G2"], ["R5", "R9"]]
    game = dealt(hands, OFFICIAL.replace(jump_in=True))
    pacing, clock = paced(game, {3})
    act(pacing, game, Play(0, R5))
    pacing.close_jump()
    act(pacing, game, CallUno(0))
    clock.advance(TIMING.react_s * 5)
    assert Window.JUMP not in windows(pacing, game)
    act(pacing, game, Play(1, Card.parse("R9")))  # a new card: a new chance
    clock.advance(TIMING.react_s)
    assert Window.JUMP in windows(pacing, game)


def test_no_jump_in_window_opens_when_the_rules_have_no_jump_in() -> None:
    game = dealt([["R5", "R6"], ["B1", "B2"], ["R5", "G9"]])
    pacing, clock = paced(game, {1, 2})
    act(pacing, game, Play(0, R5, uno=True))
    clock.advance(TIMING.think_time_s)
    assert windows(pacing, game) == [Window.TURN]


# ---------------------------------------------------------------- what a window takes


def test_a_catch_window_takes_only_a_catch_of_the_forgetful_seat() -> None:
    due = Due(Window.CATCH, (1, 2), target=0)
    assert due.takes(CatchUno(1, 0), 1)
    assert not due.takes(CatchUno(1, 2), 1)
    assert not due.takes(Play(1, R5), 1)
    assert not due.takes(None, 1)


def test_a_jump_in_window_takes_only_a_play_by_the_seat_asked() -> None:
    due = Due(Window.JUMP, (2,))
    assert due.takes(Play(2, R5), 2)
    assert not due.takes(Play(1, R5), 2)
    assert not due.takes(CallUno(2), 2)


# ---------------------------------------------------------------- people's window

SPEEDS = ANIMATION_SPEEDS  # the settings' animation speeds
LANDS_S = 0.4  # the card's flight on the table, before it has landed


def test_peoples_window_is_a_second_and_a_half_at_normal_speed_longer_when_slow():
    assert people_window_s(1.0) == pytest.approx(1.5)
    assert people_window_s(0.5) == pytest.approx(3.0)
    assert people_window_s(1.5) == pytest.approx(1.0)


def test_peoples_window_is_never_below_a_second_however_fast_the_game():
    assert min(people_window_s(speed) for speed in SPEEDS) == pytest.approx(1.0)
    assert people_window_s(4.0) == pytest.approx(1.0)


def landed(pacing: Pacing, clock: ManualClock, game: Game, action: Action) -> None:
    """`action` is applied, its card flies for LANDS_S, then the table has shown it."""
    act(pacing, game, action)
    clock.advance(LANDS_S)
    pacing.shown()


@pytest.mark.parametrize("speed", SPEEDS)
def test_a_computer_jumps_in_no_earlier_than_peoples_window_after_the_card_lands(speed):
    game = dealt([["R5", "R6"], ["B1", "B2"], ["R5", "G9"]], OFFICIAL.replace(jump_in=True))
    pacing, clock = paced(game, {2})
    pacing.timing = Timing.for_people(0.8, speed)
    landed(pacing, clock, game, Play(0, R5, uno=True))
    clock.advance(people_window_s(speed) - 0.01)
    assert windows(pacing, game) == []
    clock.advance(0.01)
    assert windows(pacing, game) == [Window.JUMP]


@pytest.mark.parametrize("speed", SPEEDS)
def test_a_computer_catches_no_earlier_than_peoples_window_after_the_card_lands(speed):
    game = dealt([["R5", "R6"], ["B1", "B2"], ["G1", "G2"]])
    pacing, clock = paced(game, {1, 2})
    pacing.timing = Timing.for_people(0.8, speed)
    landed(pacing, clock, game, Play(0, R5))  # a person forgot UNO
    assert game.catchable == 0
    clock.advance(people_window_s(speed) - 0.01)
    assert Window.CATCH not in windows(pacing, game)
    clock.advance(pacing.timing.catch_grace_s - people_window_s(speed) + 0.01)
    assert Window.CATCH in windows(pacing, game)


@pytest.mark.parametrize("speed", SPEEDS)
def test_a_person_may_catch_a_computer_that_forgot_uno_for_peoples_window(speed):
    game = dealt([["R5", "R6"], ["B1", "B2"]])
    pacing, clock = paced(game, {0})
    pacing.timing = Timing.for_people(0.8, speed)
    landed(pacing, clock, game, Play(0, R5))  # the computer forgot UNO
    clock.advance(people_window_s(speed) - 0.01)
    assert windows(pacing, game) == []
    game.apply(CatchUno(1, 0))  # the person's catch is still open


def test_the_next_computer_waits_peoples_window_while_a_person_may_jump_in():
    game = dealt([["R5", "R6"], ["B1", "B2"], ["R5", "G9"]], OFFICIAL.replace(jump_in=True))
    pacing, clock = paced(game, {0, 1})  # seat 2 is a person holding the other R5
    pacing.timing = Timing.for_people(0.8, 1.0)
    landed(pacing, clock, game, Play(0, R5, uno=True))
    clock.advance(people_window_s(1.0) - 0.01)
    assert windows(pacing, game) == []
    events = game.apply(Play(2, R5))  # the person jumps in within the window
    assert any(getattr(e, "jump_in", False) for e in events)


def test_a_table_of_computers_keeps_its_quick_turns_under_jump_in():
    game = dealt([["R5", "R6"], ["B1", "B2"], ["Y5", "G9"]], OFFICIAL.replace(jump_in=True))
    pacing, clock = paced(game, {0, 1, 2})
    pacing.timing = Timing.for_people(0.8, 1.0)
    act(pacing, game, Play(0, R5, uno=True))
    clock.advance(0.8)
    assert windows(pacing, game) == [Window.TURN]
