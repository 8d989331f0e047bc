"""A match's life in one place: saved after every change, each round counted once, the
next round dealt, the finished match counted once and its save forgotten. No pygame."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

from uno_desktop.engine import RuleSet
from uno_desktop.play.clock import ManualClock
from uno_desktop.play.match import Match, SeatSpec, run_round_headless
from uno_desktop.play.pacing import Timing
from uno_desktop.session.match_session import MatchSession, round_winners
from uno_desktop.store.storage import Storage

OFFICIAL = RuleSet()
TIMING = Timing(think_time_s=0.1, catch_grace_s=0.1, react_s=0.1)


def session_of(rules: RuleSet = OFFICIAL, players: int = 3, seed: int = 4) -> MatchSession:
    seats = [SeatSpec(f"Bot {i}", "easy") for i in range(players)]
    match = Match(rules, seats, seed, clock=ManualClock(), timing=TIMING)
    return MatchSession(match, Storage())


def play_round(session: MatchSession) -> None:
    clock = session.match.clock
    assert isinstance(clock, ManualClock)
    run_round_headless(session.match, clock)


def test_every_change_of_the_match_is_saved_as_it_happens():
    session = session_of()
    session.match.start_round()
    play_round(session)
    assert session.storage is not None
    assert session.storage.load_match() == session.match.to_dict()


def test_a_finished_round_is_kept_as_a_replay():
    session = session_of()
    session.match.start_round()
    play_round(session)
    assert session.storage is not None
    assert list(session.storage.replays_dir.glob("*.json")) != []


def test_a_finished_round_is_counted_in_the_statistics_once():
    session = session_of()
    session.match.start_round()
    play_round(session)
    session.count_round()
    session.count_round()  # the round end shown again (a window resized, a reload)
    assert session.storage is not None
    stats = session.storage.load_stats()
    assert [stats.player(f"Bot {i}").rounds for i in range(3)] == [1, 1, 1]


def test_next_round_deals_until_a_round_ends_the_match():
    session = session_of(OFFICIAL.replace(target_score=60))
    match = session.match
    match.start_round()
    rounds = 1
    while True:
        play_round(session)
        if not session.next_round():
            break
        rounds += 1
        assert match.round_no == rounds and not match.round_over
    assert match.match_over and match.round_no == rounds


def test_the_finished_match_is_counted_once_and_its_save_forgotten():
    session = session_of(OFFICIAL.replace(target_score=60))
    match = session.match
    match.start_round()
    play_round(session)
    while session.next_round():
        play_round(session)
    session.record_match()
    session.record_match()
    storage = session.storage
    assert storage is not None
    assert storage.load_match() is None
    stats = storage.load_stats()
    assert stats.counted(match.match_id)
    assert sum(stats.player(f"Bot {i}").matches for i in range(3)) == 3
    assert sum(stats.player(f"Bot {i}").match_wins for i in range(3)) == 1


def test_a_match_left_for_the_title_is_no_longer_saved():
    session = session_of()
    session.match.start_round()
    session.close()
    storage = session.storage
    assert storage is not None
    before = storage.load_match()
    play_round(session)
    assert storage.load_match() == before


class Phones:
    """The few things a session asks of its phone server."""

    def __init__(self) -> None:
        self.offer: Callable[[], None] | None = None
        self.stopped = False

    def offer_next_round(self, deal: Callable[[], None] | None) -> None:
        self.offer = deal

    def stop(self) -> None:
        self.stopped = True


def with_phones(session: MatchSession) -> Phones:
    phones = Phones()
    session.phones = phones  # type: ignore[assignment]
    return phones


def test_a_phones_next_round_deals_it_as_the_windows_does():
    session = session_of()
    phones = with_phones(session)
    session.match.start_round()
    play_round(session)
    session.offer_next_round(True)
    assert phones.offer is not None
    phones.offer()  # a phone pressed Next round
    assert session.match.round_no == 2 and not session.match.round_over
    assert phones.offer is None  # dealt: the offer is withdrawn from every phone


def test_the_phones_offer_is_withdrawn_when_the_round_end_is_left():
    session = session_of()
    phones = with_phones(session)
    session.offer_next_round(True)
    session.offer_next_round(False)
    assert phones.offer is None


def test_a_match_left_stops_its_phones_but_not_ones_handed_to_the_next_match():
    left, played_again = session_of(), session_of()
    stopped, kept = with_phones(left), with_phones(played_again)
    left.close()
    assert stopped.stopped and left.phones is None
    assert played_again.hand_over_phones() is kept
    played_again.close()
    assert not kept.stopped  # Play again: the next match's session stops them


def test_a_blocked_round_has_no_winner():
    session = session_of()
    session.match.round_history = [(0, 0, 0), (0, 41, 0)]
    assert round_winners(session.match) == [None, 1]


def test_the_session_runs_without_pygame():
    code = (
        "import sys\n"
        "import uno_desktop.session.match_session\n"
        "sys.exit(1 if 'pygame' in sys.modules else 0)\n"
    )
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0
