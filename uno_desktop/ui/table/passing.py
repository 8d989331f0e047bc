"""Pass-and-play: the hand-offs between the people at one screen, and the people's window.

With two or more people at the screen, every hand is face down between turns, so nobody
could see that they hold the card just played. After each card lands, while jump-in is
on (or somebody forgot UNO), the **people's window** opens for `people_window_s`: each
person's plate shows their number key, and any of them may press it (or click their
plate) to say "Catch!" (a forgotten UNO is caught for them; their own forgotten UNO is
said) or "I can jump in": then only that person's hand is shown, so they play the
identical card or back out (Esc, or their key again). The hand-off to the next person
waits until the window has closed; computers wait the same window (`pacing`) and hold
while a person's jump-in view or a hand-off screen is up. Once a hand-off screen has
come up, no computer may jump in on that card any more, so a hand-off is never stale:
the person it names is the one to play when they say "show my cards" (DESIGN.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from uno_desktop.engine import CallUno, CatchUno, Observation, Phase
from uno_desktop.engine import events as ev
from uno_desktop.lang.i18n import _
from uno_desktop.play.pacing import people_window_s
from uno_desktop.ui.table.events import news_items
from uno_desktop.ui.table.notices import HandoffOverlay, NewsOverlay

if TYPE_CHECKING:
    from uno_desktop.ui.scene import Scene, SceneStack
    from uno_desktop.ui.services import Services
    from uno_desktop.ui.table.actions import TableActions
    from uno_desktop.ui.table.holder import ScreenHolder
    from uno_desktop.ui.table.shown import ShownTable
    from uno_desktop.ui.table.source import TableSource
    from uno_desktop.view import SeatView

#: the number keys, by seat: seat 0 presses 1, ..., seat 8 presses 9, seat 9 presses 0
_DIGITS = (
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_5,
    pygame.K_6,
    pygame.K_7,
    pygame.K_8,
    pygame.K_9,
    pygame.K_0,
)
_PAD = (
    pygame.K_KP1,
    pygame.K_KP2,
    pygame.K_KP3,
    pygame.K_KP4,
    pygame.K_KP5,
    pygame.K_KP6,
    pygame.K_KP7,
    pygame.K_KP8,
    pygame.K_KP9,
    pygame.K_KP0,
)
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)


def seat_key(seat: int) -> str:
    """The key cap a seat's person presses in the people's window ("1" for the first)."""
    return str((seat + 1) % 10)


def seat_of_key(key: int) -> int | None:
    """The seat whose number `key` is (the top row or the keypad), else None."""
    for keys in (_DIGITS, _PAD):
        if key in keys:
            return keys.index(key)
    return None


def jump_in_open(obs: Observation) -> bool:
    """Whether a card just played may be jumped on, from what everybody knows (the
    rules, the phase, the card on top): the window opens whoever holds what."""
    pile = obs.discard_pile
    return obs.rules.jump_in and obs.phase is Phase.PLAY and bool(pile) and not pile[-1].is_wild


class Screen(Protocol):
    """What pass-and-play asks of the table: who holds it, what is open on it."""

    stack: SceneStack | None
    modal: Scene | None  # a dialog the person reads first
    delivered: list[tuple[int, ev.Event]]  # every private result shown, with its seat

    @property
    def input_ok(self) -> bool: ...
    def seat(self) -> SeatView | None: ...
    def set_viewer(self, seat: int | None) -> None: ...
    def pull(self) -> None: ...
    def modal_closed(self) -> None: ...
    def open_pause(self) -> None: ...


class Passing:
    """The hand-offs and the people's window on `table` (pass-and-play only)."""

    def __init__(
        self,
        table: Screen,
        holder: ScreenHolder,
        match: TableSource,
        view: ShownTable,
        actions: TableActions,
        services: Services,
        coached: bool,
    ) -> None:
        self.table = table
        self.holder = holder
        self.match = match
        self.view = view
        self.actions = actions
        self.services = services
        self.coached = coached
        self.handoff: HandoffOverlay | None = None
        #: clock time the people's window closes (None: it is not open)
        self.window_end_s: float | None = None
        #: the person who said "I can jump in": only their hand is shown until they play
        self.jumper: int | None = None
        self._landed = False  # a card was played since the table last caught up

    @property
    def on(self) -> bool:
        """Two or more people share the screen (and no lesson runs)."""
        return len(self.holder.humans) >= 2 and not self.coached

    def _now_s(self) -> float:
        return self.services.clock.now_s()

    # ------------------------------------------------------------ the people's window

    def saw(self, events: Sequence[ev.Event]) -> None:
        """The table took `events` into its queue; a card among them opens the window
        once it has landed. The jumper's own play ends their jump-in view."""
        for e in events:
            if type(e) is ev.CardPlayed:
                self._landed = True
                if e.seat == self.jumper:
                    self.jumper = None

    def landed(self) -> None:
        """The table caught up with the match: open the window for the card that landed."""
        if not self._landed:
            return
        self._landed = False
        if not self.on or self.match.round_over:
            self.window_end_s = None
            return
        obs = self.holder.obs()
        if jump_in_open(obs) or obs.catchable is not None:
            speed = self.services.settings.animation_speed
            self.window_end_s = self._now_s() + people_window_s(speed)
        else:
            self.window_end_s = None

    @property
    def window_open(self) -> bool:
        end = self.window_end_s
        return end is not None and self._now_s() < end and not self.match.round_over

    def keys(self) -> dict[int, str]:
        """The key caps on the people's plates now (empty: no window is open)."""
        if not self.window_open or self.jumper is not None:
            return {}
        return {s: seat_key(s) for s in self.holder.humans}

    def plates(self) -> list[int]:
        """The seats whose plate a click presses now: the people with a key cap, or the
        jumper (a click backs out)."""
        if self.jumper is not None:
            return [self.jumper]
        return list(self.keys())

    def status(self) -> str | None:
        """The hint line while the window is open or a person is jumping in (else None)."""
        t = self.table
        if self.jumper is not None:
            seat = t.seat()
            if t.input_ok and self.holder.holder is not None and seat is not None and seat.jump_ins:
                return None  # the status line names the card that may jump in
            return _("{name}: no card of yours is the same. Esc: back").format(
                name=self.holder.names[self.jumper]
            )
        keys = self.keys()
        if not keys:
            return None
        who = ", ".join(f"{key} {self.holder.names[s]}" for s, key in keys.items())
        catchable = self.holder.obs().catchable
        if catchable is not None:
            return _("{name} forgot UNO! Catch: press your number ({who})").format(
                name=self.holder.names[catchable], who=who
            )
        return _("Same card? Jump in: press your number ({who})").format(who=who)

    def press(self, seat: int) -> bool:
        """`seat`'s person pressed their key or clicked their plate; True when it counted."""
        t = self.table
        if self.jumper is not None:
            if seat == self.jumper:
                self.back()
                return True
            return False
        if seat not in self.holder.humans or not self.window_open or not t.input_ok:
            return False
        catchable = self.holder.obs().catchable
        if catchable is not None:
            uno = self.holder.uno_actions(seat)
            if catchable == seat and CallUno(seat) in uno:
                return self.actions.act(CallUno(seat))
            if CatchUno(seat, catchable) in uno:
                return self.actions.act(CatchUno(seat, catchable))
        if not jump_in_open(self.holder.obs()):
            return False
        if seat == self.match.human_to_act():
            self.window_end_s = self._now_s()  # "it's me next": the hand-off comes now
            return True
        self.actions.close_decision()
        self.jumper = seat
        t.set_viewer(seat)
        self.services.sounds.play("deal")
        self.deliver_news(seat)  # they hold the screen: what only they may know first
        return True

    def back(self) -> None:
        """The jumper backs out: every hand goes face down again."""
        self.jumper = None
        self.table.set_viewer(None)

    def handle_key(self, key: int) -> bool:
        """The number keys (and Esc for a jumper); True when the key was the window's."""
        if self.jumper is not None and key in BACK_KEYS:
            self.back()
            return True
        seat = seat_of_key(key)
        if seat is None or not self.on:
            return False
        if not self.press(seat):
            self.services.sounds.play("wrong")
        return True

    def holds(self) -> bool:
        """Computers wait: a person is jumping in, or a hand-off screen is up."""
        return self.jumper is not None or self.handoff is not None

    # ------------------------------------------------------------ the hand-off

    def update_holder(self) -> bool:
        """Hide hands while computers play; ask for a hand-off between people (after the
        people's window). Returns True while nothing else may happen (a hand-off screen
        is up, the window runs before one, a person is jumping in)."""
        t = self.table
        if self.handoff is not None:
            return True
        if self.jumper is not None:
            return False
        if len(self.holder.humans) < 2:
            return False
        viewer = self.holder
        target = viewer.person_to_act()
        holder = viewer.holder
        if target is None:
            if holder is not None:
                t.set_viewer(None)
            return False
        if target == holder:
            return False
        if self.window_open:  # the people's window first, every hand face down
            if holder is not None:
                t.set_viewer(None)
            return True
        if target == viewer.last_holder and holder is None:
            t.set_viewer(target)  # the same person again after computer turns
            self.deliver_news(target)
            return t.modal is not None
        if self.window_end_s is not None:
            self.window_end_s = None
            self.match.poll()  # a computer's jump-in falls due with the window's end
            t.pull()
            if self.view.pending:
                return True
        self.actions.close_decision()
        self.match.close_jump_in()
        summary = viewer.summary_for(target)
        t.set_viewer(None)
        self.handoff = HandoffOverlay(
            self.services,
            target,
            self.holder.names[target],
            self._handoff_done,
            lines=summary.lines,
            heading=summary.heading,
            on_menu=t.open_pause,
        )
        if t.stack is not None:
            t.stack.push(self.handoff)
        return True

    def _handoff_done(self, seat: int) -> None:
        self.handoff = None
        self.table.set_viewer(seat)
        self.deliver_news(seat)

    def deliver_news(self, seat: int) -> None:
        """Tell `seat`, now at the screen, what only they may know since they last looked."""
        t = self.table
        news = self.holder.news_for(seat)
        if not news:
            return
        t.delivered += [(seat, e) for e in news]
        items = news_items(news, self.holder.names, seat)
        t.modal = NewsOverlay(self.services, items, t.modal_closed)
        if t.stack is not None:
            t.stack.push(t.modal)
