"""When the computer seats act: the timing windows of a round, on an injected clock.

The engine knows nothing of time; people at the table need some, to follow a computer's
move, to say UNO before a computer catches them, to catch a computer themselves. `Pacing`
keeps those windows for the round a match plays and answers when the next computer
action is due and which (`Due`); the match asks its bots and applies what they choose. A
window the bots let pass stays shut until the next action. Tests step a `ManualClock`.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeGuard

from ..engine import Game
from ..engine.actions import Action, CallUno, CatchUno, Challenge, Draw, Pass, Play
from ..engine.events import CardPlayed, Event
from .clock import Clock

__all__ = ["Due", "Pacing", "Timing", "Window", "people_window_s"]

# Actions after which the engine closes any open UNO catch window.
_WINDOW_CLOSERS = (Play, Draw, Pass, Challenge)

#: people's window at normal speed: how long computers leave people, once a card has
#: landed, to jump in or catch (or to say their own UNO) before a computer does
PEOPLE_WINDOW_S = 1.5
#: however fast the game is set, the window never falls below this
MIN_PEOPLE_WINDOW_S = 1.0
#: a seat that forgot UNO has this many people's windows to say it before computers catch
#: (more than one: a computer that forgot remembers after one, before others catch it)
CATCH_GRACE_WINDOWS = 1.6


def people_window_s(speed: float) -> float:
    """People's window at the settings' animation `speed` (1.0 normal, 0.5 slow: twice
    as long, 2.0 fast: half, but never below MIN_PEOPLE_WINDOW_S)."""
    return max(MIN_PEOPLE_WINDOW_S, PEOPLE_WINDOW_S / max(speed, 0.01))


@dataclass(frozen=True)
class Timing:
    """How long computer seats wait, so people can follow and react.

    think_time_s: a computer's turn follows the previous action after this long.
    catch_grace_s: a seat that forgot UNO has this long to say it before computers catch;
        computer turns wait for it too, so a human can press UNO (or catch a bot).
    react_s: computers jump in (or remember their own UNO) this long after the chance arose.
    """

    think_time_s: float = 0.8
    catch_grace_s: float = 1.5
    react_s: float = 0.6

    @classmethod
    def for_people(cls, think_time_s: float, speed: float) -> Timing:
        """The timing of a table with people at it: computers react after people's window
        at `speed` (`people_window_s`), so a person can jump in or catch first."""
        window_s = people_window_s(speed)
        return cls(think_time_s, catch_grace_s=window_s * CATCH_GRACE_WINDOWS, react_s=window_s)


class Window(enum.StrEnum):
    """A computer action a round may wait for; the match asks them in this order."""

    CATCH = "catch"  # catch the seat that forgot UNO, catch_grace_s after it did
    JUMP = "jump"  # jump in on the card just played, react_s after it was played
    UNO = "uno"  # a computer remembers its own UNO, react_s after it forgot
    TURN = "turn"  # the current computer seat's turn, think_time_s after the last action


@dataclass(frozen=True)
class Due:
    """A computer action due now: its window, the computer seats to ask in order, and
    for a catch the seat to catch."""

    window: Window
    seats: tuple[int, ...]
    target: int | None = None

    def takes(self, choice: Action | None, seat: int) -> TypeGuard[Action]:
        """Whether `choice`, what `seat` chose, is the action this window waits for
        (whether it is legal is the engine's to say)."""
        window = self.window
        if window is Window.CATCH:
            return type(choice) is CatchUno and choice.target == self.target
        if window is Window.JUMP:
            return type(choice) is Play and choice.seat == seat
        if window is Window.UNO:
            return type(choice) is CallUno
        return choice is not None


class Pacing:
    """The timing windows of the round being played, for the seats in `computers`."""

    def __init__(self, clock: Clock, timing: Timing, computers: Collection[int]) -> None:
        self.clock: Clock = clock
        self.timing: Timing = timing
        #: the computer seats (a phone seat joins them while a computer stands in)
        self.computers = frozenset(computers)
        # Rebuilt from "now" whenever the game object changes (`follow`).
        self._game: Game | None = None
        self._last_action_s = 0.0
        self._top_since_s = 0.0
        self._catch_seat: int | None = None
        self._catch_since_s = 0.0
        # Windows already let pass ("declined") at this many actions.
        self._declined_at = -1
        self._declined: set[Window] = set()
        # A card played / a forgotten UNO not yet shown on a table (see `shown`).
        self._unshown = False
        # The card on top may no longer be jumped on by computers (`close_jump`).
        self._jump_closed = False

    def restart(self, game: Game | None) -> None:
        """Start every window from now (a new round, a resumed or injected game)."""
        now = self.clock.now_s()
        self._game = game
        self._last_action_s = now
        self._top_since_s = now
        self._catch_seat = game.catchable if game is not None else None
        self._catch_since_s = now
        self._declined_at = -1
        self._declined = set()
        self._unshown = False
        self._jump_closed = False

    def follow(self, game: Game) -> None:
        """Restart when `game` is not the round these windows were timed for."""
        if game is not self._game:
            self.restart(game)

    def note(self, game: Game, action: Action, events: Sequence[Event]) -> None:
        """`action` was just applied to `game`, giving `events`: time the windows it opens."""
        now = self.clock.now_s()
        self._last_action_s = now
        catchable = game.catchable
        if catchable is None:
            self._catch_seat = None
        elif catchable != self._catch_seat or isinstance(action, _WINDOW_CLOSERS):
            self._catch_seat = catchable
            self._catch_since_s = now
            self._unshown = True
        if any(type(e) is CardPlayed for e in events):
            self._top_since_s = now
            self._unshown = True
            self._jump_closed = False

    def shown(self) -> None:
        """A table has shown every action so far (its cards have landed): the windows
        the last ones opened for people to jump in or catch run from now."""
        if self._unshown:
            now = self.clock.now_s()
            self._top_since_s = now
            if self._catch_seat is not None:
                self._catch_since_s = now
            self._unshown = False

    def close_jump(self) -> None:
        """Computers may no longer jump in on the card on top (until the next card is
        played): a hand-off screen came up, so the turn is that person's (DESIGN.md)."""
        self._jump_closed = True

    def decline(self, game: Game, window: Window) -> None:
        """No computer took `window`: it stays shut until the next action."""
        n = len(game.actions)
        if self._declined_at != n:
            self._declined_at = n
            self._declined = set()
        self._declined.add(window)

    def next_due_s(self, game: Game) -> float | None:
        """Clock time when the next computer action is due (None: none is, so the round
        waits for a person, or the round is over)."""
        if game.is_over:
            return None
        self.follow(game)
        dues = [due_s for due_s, _ in self._open(game)]
        return min(dues) if dues else None

    def due_now(self, game: Game) -> Iterator[Due]:
        """The computer actions due now, in the order to ask them. Each is worked out
        when the one before it is done with, so a window declined meanwhile is skipped."""
        if game.is_over:
            return
        self.follow(game)
        now = self.clock.now_s()
        for due_s, due in self._open(game):
            if now >= due_s:
                yield due

    # ------------------------------------------------------------ the windows

    def _open(self, game: Game) -> Iterator[tuple[float, Due]]:
        """Every window open and not declined: when it is due, and what is due then."""
        catch = self._catch(game)
        if catch is not None:
            yield catch
        jump = self._jump(game)
        if jump is not None:
            yield jump
        self_call = self._self_call(game)
        if self_call is not None:
            yield self_call
        turn = self._turn(game)
        if turn is not None:
            yield turn

    def _is_declined(self, game: Game, window: Window) -> bool:
        return self._declined_at == len(game.actions) and window in self._declined

    def _order_after(self, game: Game, seat: int) -> list[int]:
        """The other seats in turn order, starting after `seat`."""
        n = game.players
        return [(seat + game.direction * k) % n for k in range(1, n)]

    def _catch(self, game: Game) -> tuple[float, Due] | None:
        target = self._catch_seat
        if target is None or self._is_declined(game, Window.CATCH):
            return None
        catchers = tuple(s for s in self._order_after(game, target) if s in self.computers)
        if not catchers:
            return None
        return self._catch_since_s + self.timing.catch_grace_s, Due(Window.CATCH, catchers, target)

    def _jump(self, game: Game) -> tuple[float, Due] | None:
        """Computer seats the engine offers a jump-in right now (a Play out of turn)."""
        if self._jump_closed or self._is_declined(game, Window.JUMP):
            return None
        jumpers = tuple(
            s
            for s in self._order_after(game, game.current)
            if s in self.computers and any(type(a) is Play for a in game.legal_actions(s))
        )
        if not jumpers:
            return None
        return self._top_since_s + self.timing.react_s, Due(Window.JUMP, jumpers)

    def _self_call(self, game: Game) -> tuple[float, Due] | None:
        seat = self._catch_seat
        if seat is None or seat not in self.computers or self._is_declined(game, Window.UNO):
            return None
        return self._catch_since_s + self.timing.react_s, Due(Window.UNO, (seat,))

    def _turn(self, game: Game) -> tuple[float, Due] | None:
        seat = game.current
        if seat not in self.computers:
            return None
        due_s = self._last_action_s + self.timing.think_time_s
        if game.rules.jump_in and len(self.computers) < game.players:
            # people sit at the table: the card on top stays there for their window
            due_s = max(due_s, self._top_since_s + self.timing.react_s)
        if self._catch_seat is not None:
            # Give the forgetful seat its grace period (and people a chance to catch).
            due_s = max(due_s, self._catch_since_s + self.timing.catch_grace_s)
        return due_s, Due(Window.TURN, (seat,))
