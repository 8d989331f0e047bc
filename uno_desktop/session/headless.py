"""Matches without a window, through the same `MatchSession` as the window's.

`play_match_headless` plays an all-computer match to its end at once (tests and the
checks that need whole matches). `HeadlessGame` is the game thread's part for a match
with phone seats, what the pygame loop does each frame (pump the phones, let computers
move when due), on a thread of its own: for the browser tests and the phone benchmark.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from uno_desktop.engine import RuleSet
from uno_desktop.phones.table import PhoneTable
from uno_desktop.play.match import (
    MAX_ROUND_ACTIONS,
    BotFactory,
    ManualClock,
    Match,
    SeatSpec,
    Timing,
    run_round_headless,
)
from uno_desktop.session.match_session import MatchSession

#: the longest the loop sleeps while nothing is due (phones wake it at once)
IDLE_WAIT_S = 0.5


class HeadlessGame:
    """Runs `table.pump()` and `match.poll()` on a thread until `stop`, or until the round
    ends (with `deal_on`: until the match ends, dealing each next round at once).

    The match's clock must be a real one (MonotonicClock): computers move when due."""

    def __init__(self, table: PhoneTable, match: Match, *, deal_on: bool = False) -> None:
        self.table = table
        self.match = match
        self.session = MatchSession(match, None)  # as the window's round end deals on
        self.deal_on = deal_on
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="game", daemon=True)
        self.error: BaseException | None = None

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout_s: float = 5.0) -> None:
        self._stop.set()
        self._thread.join(timeout_s)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        try:
            self._loop()
        except BaseException as e:  # seen by the test that started it
            self.error = e
            raise

    def _loop(self) -> None:
        match, table = self.match, self.table
        while not self._stop.is_set():
            due = match.next_due_s()
            wait_s = IDLE_WAIT_S if due is None else due - match.clock.now_s()
            if wait_s > 0:
                table.wait(min(wait_s, IDLE_WAIT_S))
            table.pump()
            match.poll()
            table.publish()
            if match.round_over:
                if not self.deal_on or not self.session.next_round():
                    return
                table.publish()


def play_match_headless(
    rules: RuleSet,
    seats: Sequence[SeatSpec],
    seed: int,
    max_rounds: int = 100,
    *,
    preset: str | None = None,
    timing: Timing | None = None,
    bot_factory: BotFactory | None = None,
    max_actions_per_round: int = MAX_ROUND_ACTIONS,
) -> Match:
    """Play an all-computer match to its end (or `max_rounds`) on a ManualClock that
    jumps straight to each next due moment, dealing each round through its session."""
    if any(s.is_human for s in seats):
        raise ValueError("play_match_headless needs computer seats only")
    clock = ManualClock()
    match = Match(
        rules,
        seats,
        seed,
        preset=preset,
        clock=clock,
        timing=timing or Timing(),
        bot_factory=bot_factory,
    )
    session = MatchSession(match, None)
    match.start_round()
    while True:
        run_round_headless(match, clock, max_actions_per_round)
        if match.round_no >= max_rounds:
            match.finish_round()
            return match
        if not session.next_round():
            return match
