"""One owner of a match's life, from the table's first frame to its close.

The window's table, its round end and match end, the phones' headless loop and the
command line's headless match all go through the same `MatchSession`: it saves the match
after every change (and keeps each finished round as a replay), counts each finished
round in the statistics once, deals the next round (for the window's Next round and a
phone's alike), counts the finished match once before the saved match is forgotten, and
starts and stops the match's phone server. Scenes only show the match and send it
choices. No pygame here.

Statistics and replays are nice to have: a failure to write them is logged and never
stops the match. A save that fails is told by `Storage` itself (its notices).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

from uno_desktop.engine import Scoring
from uno_desktop.play.match import Match
from uno_desktop.play.replay import keep_round
from uno_desktop.play.seats import SeatKind

if TYPE_CHECKING:
    from collections.abc import Callable

    from uno_desktop.phones.net import Listen
    from uno_desktop.session.phones import PhoneLink
    from uno_desktop.store.storage import Storage

log = logging.getLogger(__name__)


class MatchSession:
    """`match`, saved to `storage` after every change (no storage: nothing is kept)."""

    def __init__(self, match: Match, storage: Storage | None) -> None:
        self.match = match
        self.storage = storage
        self._recorded = False
        #: the server of the match's phone seats while it listens (None: no phone seats)
        self.phones: PhoneLink | None = None
        match.on_change = self._changed

    def _changed(self, match: Match) -> None:
        self.save()

    def save(self) -> None:
        """Save the match as it stands; a finished round is also kept as a replay."""
        storage = self.storage
        if storage is None:
            return
        try:
            storage.save_match(self.match.to_dict())
        except Exception:
            log.exception("autosave failed")
        if self.match.round_over:
            keep_round(storage, self.match)

    def count_round(self) -> None:
        """Count the finished round in every seat's statistics (`Storage.record_round`
        counts a round of a match once), so Statistics shows it before the match ends."""
        from uno_desktop.store.storage import RoundResult, SeatSetting

        storage, match = self.storage, self.match
        if storage is None or not match.round_over:
            return
        try:
            view = match.seat_view(None)
            storage.record_round(
                RoundResult(
                    match_id=match.match_id,
                    round_no=match.round_no,
                    seats=tuple(SeatSetting(s.name, SeatKind(s.kind)) for s in match.seats),
                    points=tuple(view.points),
                    winner=None if view.blocked else view.winner,
                )
            )
        except Exception:  # the round end must still show
            log.exception("could not count the round")

    def next_round(self) -> bool:
        """Score the finished round and deal the next one. False when that round ended
        the match (nothing is dealt; `record_match` counts it)."""
        if self.phones is not None:
            self.phones.offer_next_round(None)
        return deal_next_round(self.match)

    def offer_next_round(self, ready: bool) -> None:
        """While `ready`, any phone may deal the next round (`next_round`, as the
        window's Next round does); otherwise the offer is withdrawn."""
        if self.phones is not None:
            self.phones.offer_next_round(self._next_from_phone if ready else None)

    def _next_from_phone(self) -> None:
        self.next_round()

    # ------------------------------------------------------------ the phones

    def start_phones(
        self,
        *,
        listen: Listen | None = None,
        colorblind: bool = False,
        wake: Callable[[], None] | None = None,
        follow: PhoneLink | None = None,
    ) -> PhoneLink:
        """Listen for the match's phone seats (OSError, saying where, when it cannot).
        `follow`: the previous match's phones, still listening (Play again): they come
        to this match on the same port, their old links leading to the new ones."""
        from uno_desktop.session.phones import PhoneLink

        link = PhoneLink(self.match, listen=listen, colorblind=colorblind, wake=wake, follow=follow)
        try:
            link.start()
        except OSError as exc:
            if follow is not None:
                follow.stop()
            where = f" on {listen.host}:{listen.port}" if listen is not None else ""
            raise OSError(
                f"the phones' server cannot listen{where} ({exc.strerror or exc})"
            ) from None
        self.phones = link
        return link

    def hand_over_phones(self) -> PhoneLink | None:
        """The phones, still listening, for the next match to follow (Play again); this
        session no longer stops them."""
        phones, self.phones = self.phones, None
        return phones

    def stop_phones(self) -> None:
        """Send the phones their last state and stop listening (idempotent)."""
        phones, self.phones = self.phones, None
        if phones is not None:
            phones.stop()

    def record_match(self) -> None:
        """Count the finished match in the statistics once, then forget its saved match
        and stop saving it; if the statistics cannot be written, the save stays until
        they can."""
        match = self.match
        if self._recorded or not match.match_over:
            return
        self._recorded = True
        match.on_change = None
        storage = self.storage
        if storage is None:
            return
        try:
            from uno_desktop.store.storage import MatchResult, SeatSetting

            result = MatchResult(
                preset=match.preset,
                seats=tuple(SeatSetting(s.name, SeatKind(s.kind)) for s in match.seats),
                round_points=tuple(tuple(p) for p in match.round_history),
                round_winners=tuple(round_winners(match)),
                winner=match.match_winner,
                match_id=match.match_id,
            )
            if not storage.finish_match(result):
                log.warning("the match could not be recorded yet; its save is kept")
        except Exception:  # the winner screen must still show
            log.exception("could not record the match")

    def close(self) -> None:
        """The match is left (the player went to the title, or the next match began):
        nothing more is saved, and its phones stop (unless handed over)."""
        if self.match.on_change == self._changed:
            self.match.on_change = None
        self.stop_phones()


class Rounds(Protocol):
    """What dealing the next round needs of a match (the tutorial's scripted round has
    it too)."""

    @property
    def round_finished(self) -> bool: ...
    @property
    def match_over(self) -> bool: ...
    def finish_round(self) -> object: ...
    def start_round(self) -> object: ...


def deal_next_round(match: Rounds) -> bool:
    """Score `match`'s finished round and deal the next one; False when that round ended
    the match (nothing is dealt)."""
    if not match.round_finished:
        match.finish_round()
    if match.match_over:
        return False
    match.start_round()
    return True


def round_winners(match: Match) -> list[int | None]:
    """Who went out in each finished round, from the points (None: a blocked round)."""
    winners: list[int | None] = []
    for pts in match.round_history:
        if not any(pts):
            winners.append(None)
        elif match.rules.scoring is Scoring.PENALTY:
            zeros = [i for i, p in enumerate(pts) if p == 0]
            winners.append(zeros[0] if len(zeros) == 1 else None)
        else:
            best = max(pts)
            winners.append(pts.index(best))
    return winners
