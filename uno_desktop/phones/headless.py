"""The game thread's part without a window: what the pygame loop does each frame for a
match with phone seats (pump the phones, let computers move when due), on a thread of
its own. For the browser tests and the phone benchmark."""

from __future__ import annotations

import threading

from uno_desktop.play.match import Match
from uno_desktop.session.match_session import MatchSession

from .table import PhoneTable

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
