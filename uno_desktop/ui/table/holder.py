"""Who holds the table's screen, and what the match tells that person.

The **viewer** is the seat whose hand is face up on screen now, or None. With one person
at the table it is always that person; with several (pass-and-play) it is the person
whose decision is pending, after a hand-off screen whenever the turn moves from one
person to another, and None while computers play or a hand-off screen is up. A phone
seat is never the viewer: its person sees their hand on their own phone, so with phones
and nobody at the screen every hand stays face down.

`ScreenHolder` asks the match (its `TableSource`) only for what that seat may know: its
observation and legal actions, the round's events as it may see them, and the private
results addressed to a person, which wait until that person holds the screen again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from uno_desktop.engine import Action, Observation
from uno_desktop.engine import events as ev
from uno_desktop.lang.i18n import _
from uno_desktop.play.match import FeedPos
from uno_desktop.play.seats import SeatNames
from uno_desktop.ui.table.events import Summary, is_private_for, summary
from uno_desktop.ui.table.source import TableSource
from uno_desktop.view import SeatView, seat_view

if TYPE_CHECKING:
    from uno_desktop.play.tutorial import Coach

#: lines of "since your last turn" on a hand-off screen at most
SUMMARY_LINES = 6


class ScreenHolder:
    """The viewer of `match`'s table and its view of the round (cached per feed position)."""

    def __init__(self, match: TableSource, coach: Coach | None = None) -> None:
        self.match = match
        #: the tutorial's coach: it allows one action at a time (None: play)
        self.coach = coach
        self.n: int = match.players
        self.names = SeatNames(match.seat_name(s) for s in range(self.n))
        #: the people at the screen (phone seats play on their phones, never here)
        self.humans = [s for s in range(self.n) if match.is_human(s) and not match.is_phone(s)]
        #: nobody at the screen, people on phones: the screen is a shared view, with no
        #: button or key line that only a person sitting at it could use
        self.shared = not self.humans and any(match.is_phone(s) for s in range(self.n))
        #: the viewer, and the last person who held the screen
        self.holder: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.last_holder: int | None = self.holder
        #: where the table is in the match's events, and where each person last looked
        self.pos: FeedPos | None = None
        self.seen: dict[int, FeedPos] = {}
        #: where a resumed match was picked up: what came before is nobody's news
        self.resumed_at: FeedPos | None = None
        self._legal: tuple[tuple[int, FeedPos], list[Action]] | None = None
        self._obs: tuple[tuple[int | None, FeedPos | None], Observation] | None = None
        self._uno: tuple[tuple[int | None, FeedPos | None], dict[int, list[Action]]] | None = None
        self._seat: tuple[tuple[int | None, FeedPos | None], SeatView] | None = None

    @property
    def lone(self) -> int | None:
        """The one person at the table (None: no person, or several)."""
        return self.humans[0] if len(self.humans) == 1 else None

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom (the person at the screen, or the last one)."""
        if self.holder is not None:
            return self.holder
        if self.last_holder is not None:
            return self.last_holder
        return self.humans[0] if self.humans else 0

    @property
    def has_round(self) -> bool:
        return self.match.round_no > 0

    def computer_to_move(self) -> int | None:
        """The computer seat whose move is coming (None: a person's, or no round)."""
        if not self.has_round or self.match.round_over:
            return None
        current = self.obs().current
        return None if self.match.is_human(current) else current

    def person_to_act(self) -> int | None:
        """The person at the screen whose turn decision the game waits for, if any."""
        seat = self.match.human_to_act()
        return seat if seat in self.humans else None

    def hand_to(self, seat: int | None) -> None:
        """The screen goes to `seat` (None: nobody); what it may know is asked again."""
        self.holder = seat
        if seat is not None:
            self.last_holder = seat
        self.forget()

    def forget(self) -> None:
        """Ask the match again for the viewer's observation and legal actions."""
        self._legal = None
        self._obs = None
        self._seat = None

    def obs(self) -> Observation:
        """The viewer's observation (for nobody: what everybody knows), as of the last pull."""
        key = (self.holder, self.pos)
        if self._obs is None or self._obs[0] != key:
            self._obs = (key, self.match.observation(self.holder))
        return self._obs[1]

    def seat_view(self) -> SeatView:
        """The viewer's view of the round: its observation with its legal actions."""
        key = (self.holder, self.pos)
        if self._seat is None or self._seat[0] != key:
            self._seat = (key, seat_view(self.obs(), self.legal(self.holder)))
        return self._seat[1]

    def legal(self, seat: int | None) -> list[Action]:
        """The viewer's legal actions (the table asks for nobody else's); under the
        tutorial, only what the lesson allows."""
        if seat is None or seat != self.holder or self.pos is None:
            return []
        key = (seat, self.pos)
        if self._legal is None or self._legal[0] != key:
            legal = self.match.legal_actions(seat)
            if self.coach is not None:
                obs = self.obs()
                legal = [a for a in legal if self.coach.allows(obs, a)]
            self._legal = (key, legal)
        return self._legal[1]

    def uno_actions(self, seat: int) -> list[Action]:
        """The UNO calls and catches open to a person (public: asked for anyone)."""
        key = (self.holder, self.pos)
        if self._uno is None or self._uno[0] != key:
            self._uno = (key, {})
        known = self._uno[1]
        if seat not in known:
            known[seat] = self.match.uno_actions(seat)
        return known[seat]

    def pull(self) -> list[ev.Event]:
        """The match's new events, as the viewer may see them (also moves `pos`)."""
        events, pos = self.match.events_since(self.pos, self.holder)
        self.pos = pos
        if self.holder is not None:
            self.seen[self.holder] = pos
        if events:
            self.forget()
        return events

    def catch_up(self) -> None:
        """Skip to the end of the events (a resumed match shows its state at once)."""
        self.pos = self.match.feed_end()
        self.resumed_at = self.pos
        if self.holder is not None:
            self.seen[self.holder] = self.pos

    def news_for(self, seat: int) -> list[ev.Event]:
        """What only `seat`, now at the screen, may know since they last looked (on a
        resumed match, since it was picked up: their hand is in front of them)."""
        since = self.seen.get(seat, self.resumed_at)
        news = [e for e in self.match.private_events(seat, since) if is_private_for(e, seat)]
        self.seen[seat] = self.pos if self.pos is not None else self.match.feed_end()
        return news

    def summary_for(self, seat: int) -> Summary:
        """What everybody saw since `seat` last held the screen, in a few lines."""
        since = self.seen.get(seat)
        events, _pos = self.match.events_since(since, None)
        told = summary(events, self.names, seat, SUMMARY_LINES, first=since is None)
        if since is None and self.resumed_at is not None:
            return Summary(_("The round so far:"), told.lines)
        return told
