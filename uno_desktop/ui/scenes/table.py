"""The table: where the game is played (its state and input; `ui/table_paint.py` paints it).

`TableScene` decides what the match says, what the pointer and keys do, which overlay
asks the person at the screen what, and which card flies where and when.

Who may see what is decided here, once, by the **viewer**: the seat whose hand is face
up on screen now, or None. With one person at the table it is always that person; with
several (pass-and-play) it is the person whose decision is pending, after a hand-off
screen whenever the turn moves from one person to another, and None while computers
play or a hand-off screen is up. The table learns the round only through its
`TableSource` (the match's per-seat API): the viewer's observation and legal actions,
the round's events as the viewer may see them, and the private results addressed to a
seat, which wait until that person holds the screen again. It never sees the live game,
so nobody's cards can be drawn by mistake.

The screen shows `TableView`'s state, which follows the events only as animations land.
The match is polled for computer moves only when nothing moves, and table input is
accepted only then (the UNO and Catch buttons excepted: they are about speed).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from uno_desktop.engine import (
    COLORS,
    Action,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Color,
    Draw,
    IllegalAction,
    Observation,
    Pass,
    Phase,
    Play,
)
from uno_desktop.engine import events as ev
from uno_desktop.i18n import N_, _, language
from uno_desktop.match import FeedPos, addressed_to
from uno_desktop.render import theme
from uno_desktop.render.animator import Animator
from uno_desktop.render.layout import TableLayout, fan_rects, hit_test_fan, table_layout
from uno_desktop.render.tween import ease_in_out_cubic, ease_out_cubic
from uno_desktop.seats import SeatNames
from uno_desktop.ui.kit import Button, text_of, use_floor
from uno_desktop.ui.log_text import card_name, challenge_result_text, color_name, event_line
from uno_desktop.ui.moments import Moments, banner_for
from uno_desktop.ui.scene import Scene
from uno_desktop.ui.table_dialogs import (
    HINT_KEY,
    ChallengeResultOverlay,
    ChoosePlayerOverlay,
    ColorPickerOverlay,
    HandoffOverlay,
    NewsOverlay,
    PenaltyOverlay,
    PlayOrKeepOverlay,
    SeatChoice,
    TableOverlay,
)
from uno_desktop.ui.table_hint import HintJob
from uno_desktop.ui.table_paint import (
    ButtonFrame,
    HandCard,
    SeatFrame,
    TableFrame,
    TablePainter,
    discard_angle,
)
from uno_desktop.ui.table_source import TableSource
from uno_desktop.ui.table_view import Flight, Spot, Step, TableView

if TYPE_CHECKING:
    from uno_desktop.ai.hint import Hint
    from uno_desktop.tutorial import Coach

#: a short breath after the table settles before the next computer move is applied
BEAT_S = 0.12
#: how long a toast (a challenge result told to everyone) stays up
TOAST_S = 2.6
#: share of a card's height a playable card rises; a hovered one rises LIFT_HOVER
LIFT_PLAYABLE = 0.07
LIFT_HOVER = 0.2
LIFT_PEEK = 0.06
#: lines of "since your last turn" on a hand-off screen at most
SUMMARY_LINES = 6
#: how long the reason a card cannot be played stays in the status line
WHY_S = 2.4

RESIZE_EVENTS = {pygame.VIDEORESIZE, getattr(pygame, "WINDOWSIZECHANGED", -1)}


_BLANK: list[pygame.Surface] = []


def _blank() -> pygame.Surface:
    """A 1x1 transparent picture: the image of a hold (made on first use, not at import)."""
    if not _BLANK:
        _BLANK.append(pygame.Surface((1, 1), pygame.SRCALPHA))
    return _BLANK[0]


def _lit_key(action: Action) -> str | None:
    """The button of a decision dialog that a hint's `action` presses."""
    if isinstance(action, Draw):
        return "take"
    if isinstance(action, Challenge):
        return "challenge"
    if isinstance(action, Pass):
        return "keep"
    if isinstance(action, Play):
        return "play"
    return None


def _is_private_for(event: ev.Event, seat: int) -> bool:
    """A private result a person is told about (their own deal is just their hand)."""
    if type(event) is ev.CardsDrawn and event.reason == "deal":
        return False
    return addressed_to(event, seat)


class TableScene(Scene):
    """The table for `match` (a round already dealt, or a resumed match)."""

    def __init__(self, services: Any, match: TableSource, coach: Coach | None = None) -> None:
        super().__init__()
        self.services = services
        self.match = match
        #: the tutorial's coach: it allows one action at a time and says which (None: play)
        self.coach = coach
        self.n: int = match.players
        self.names = SeatNames(match.seat_name(s) for s in range(self.n))
        self.humans = [s for s in range(self.n) if match.is_human(s)]
        you = self.humans[0] if len(self.humans) == 1 else None
        self.view = TableView(self.names, match.rules.deck_size(), you)
        self.animator = Animator(getattr(services.settings, "animation_speed", 1.0))
        self.layout: TableLayout | None = None
        self._layout_key: tuple[Any, ...] | None = None
        self._size: tuple[int, int] | None = None
        # the viewer (see the module docstring) and the last person who held the screen
        self._holder: int | None = self.humans[0] if len(self.humans) == 1 else None
        self._last_holder: int | None = self._holder
        # where the table is in the match's events, and where each person last looked
        self._pos: FeedPos | None = None
        self._seen: dict[int, FeedPos] = {}
        #: every private result shown, with the seat it was shown to (tests read it)
        self.delivered: list[tuple[int, ev.Event]] = []
        self._quiet_s = 0.0
        # flights waiting for their start: (start time on `_sched_s`, flight, when landed)
        self._waiting: list[tuple[float, Flight, Callable[[], None]]] = []
        self._sched_s = 0.0
        self._synced = False
        self._started = False
        self._t = 0.0
        # overlays
        self._decision_key: tuple[Any, ...] | None = None
        self._decision_overlay: TableOverlay | None = None
        self._modal: Scene | None = None
        self._handoff: HandoffOverlay | None = None
        self._round_end: Scene | None = None
        self._pending_result: tuple[int, ev.ChallengeResolved, str] | None = None
        self._toast: str | None = None
        self._toast_s = 0.0
        # why the card just tried cannot be played, for a moment
        self._why: str | None = None
        self._why_s = 0.0
        # input
        self._hover: tuple[Any, ...] | None = None
        self._pressed: tuple[Any, ...] | None = None
        self._focus: int | None = None
        #: the side-panel button with the keyboard focus (None: the focus is in the hand)
        self._button_focus: str | None = None
        self._uno_armed = False
        self._legal_cache: tuple[tuple[Any, ...], list[Action]] | None = None
        self._obs_cache: tuple[tuple[Any, ...], Observation] | None = None
        self._uno_cache: tuple[tuple[Any, ...], dict[int, list[Action]]] | None = None
        self._paint = TablePainter()
        #: banners, new cards glowing, a refused card's shake, the direction ring's turn
        self.moments = Moments()
        # the viewer received a whole hand (a swap): it glows once its faces are known
        self._fresh_hand = False

        # hints: allowed in this match (and someone to ask), the last one asked for with
        # the question it answers, and the questions already counted for the round end
        self.hints_on = bool(getattr(match, "hints", True)) and bool(self.humans)
        self._hint: tuple[tuple[Any, ...], Hint] | None = None
        self._hint_job: HintJob | None = None
        self._hints_counted: set[tuple[Any, ...]] = set()

    # ================================================================== who sees what

    @property
    def shown(self) -> int | None:
        """The viewer: the seat whose hand is face up on screen (None: every hand is down)."""
        return self._holder

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom (the person at the screen, or the last one)."""
        if self._holder is not None:
            return self._holder
        if self._last_holder is not None:
            return self._last_holder
        return self.humans[0] if self.humans else 0

    def _obs(self) -> Observation:
        """The viewer's observation (for nobody: what everybody knows), as of the last pull."""
        key = (self._holder, self._pos)
        if self._obs_cache is None or self._obs_cache[0] != key:
            self._obs_cache = (key, self.match.observation(self._holder))
        return self._obs_cache[1]

    def _set_viewer(self, seat: int | None) -> None:
        """Hand the screen to `seat` (None: nobody). Only while the table is quiet: the
        shown state is then rebuilt from what the new viewer may see."""
        self._holder = seat
        if seat is not None:
            self._last_holder = seat
        self._layout_key = None
        self._legal_cache = None
        self._obs_cache = None
        self._decision_key = None
        self._toast = None  # worded for the one who held the screen
        self._uno_armed = False
        self._focus = None
        self._button_focus = None
        self.moments.forget_hand()
        self._fresh_hand = False
        self.view.sync(self._obs(), self.match.totals)
        self.dirty = True

    def _pull(self) -> None:
        """Take the match's new events, as the viewer may see them, into the queue."""
        events, pos = self.match.events_since(self._pos, self._holder)
        self._pos = pos
        if self._holder is not None:
            self._seen[self._holder] = pos
        if events:
            self.view.feed(events)
            self._synced = False
            self._quiet_s = 0.0
            self._legal_cache = None
            self._obs_cache = None
            self.dirty = True

    def _deliver_news(self, seat: int) -> None:
        """Tell `seat`, now at the screen, what only they may know since they last looked."""
        since = self._seen.get(seat)
        news = [e for e in self.match.private_events(seat, since) if _is_private_for(e, seat)]
        self._seen[seat] = self._pos if self._pos is not None else self.match.feed_end()
        if not news:
            return
        self.delivered += [(seat, e) for e in news]
        self._modal = NewsOverlay(self.services, news, self.names, seat, self._modal_closed)
        if self.stack is not None:
            self.stack.push(self._modal)

    def _summary_for(self, seat: int) -> list[str]:
        """What everybody saw since `seat` last held the screen, in a few lines."""
        events, _pos = self.match.events_since(self._seen.get(seat), None)
        lines = [
            line
            for e in events
            if type(e) is not ev.PenaltyPending and (line := event_line(e, self.names, seat))
        ]
        if len(lines) > SUMMARY_LINES:
            skipped = len(lines) - SUMMARY_LINES + 1
            lines = [_("{n} more before these:").format(n=skipped), *lines[-SUMMARY_LINES + 1 :]]
        return lines

    # ================================================================== basics

    @property
    def quiet(self) -> bool:
        """Nothing moves, nothing waits in the queue: the shown state is the viewer's."""
        return self.animator.idle and not self._waiting and not self.view.pending

    @property
    def live(self) -> bool:
        """The table (or one of its own overlays) is on top: not paused, no round end."""
        stack = self.stack
        if stack is None:
            return True
        top = stack.top
        if top is self:
            return True
        return isinstance(top, TableOverlay) and top in (
            self._decision_overlay,
            self._modal,
            self._handoff,
        )

    @property
    def settled(self) -> bool:
        """Nothing moves or waits and the shown state is the game's (screenshots, tests)."""
        return self.quiet and self._synced

    @property
    def input_ok(self) -> bool:
        return self.quiet and self._synced and not self.match.round_over

    def enter(self) -> None:
        if self._started:
            return
        self._started = True
        match = self.match
        if self.hints_on:
            from uno_desktop.ai.hint import prepare

            prepare(self.n)  # the hard bot's search loads what it needs now, not on a press
        if not self._has_round():
            match.start_round()
            self._pull()
            return
        obs = match.observation(self._holder)
        if match.actions_taken() == 0:
            self._pull()  # a fresh deal: animate it
        else:
            self._pos = match.feed_end()
            if self._holder is not None:
                self._seen[self._holder] = self._pos
            self.view.sync(obs, match.totals)
            for event in obs.history:
                self.view.add_log(event)
            self._synced = True
        self.view.state.scores = list(match.totals)

    def _has_round(self) -> bool:
        return self.match.round_no > 0

    def resume(self) -> None:
        super().resume()
        self._layout_key = None  # settings (ui scale, colour-blind) may have changed
        self._legal_cache = None

    @property
    def animating(self) -> bool:
        """Frames are needed: cards fly, the shown state catches up, a computer's thinking
        dots move. Waiting for a person needs none (see `wake_in_s`)."""
        if self.animator.busy or self._waiting or self.view.pending:
            return True
        if self.moments.active:
            return True
        if self._pending_result is not None or self._hint_job is not None:
            return True
        if not self.quiet or not self._synced:
            return True
        if self.match.round_over:
            return self._round_end is None
        return self._thinking_seat() is not None

    def wake_in_s(self) -> float | None:
        """The next moment the table changes by itself: a message to take down, or a
        computer's catch, jump-in or UNO call falling due while a person decides."""
        wakes = [
            t
            for t in (self._toast_s if self._toast else None, self._why_s if self._why else None)
            if t is not None
        ]
        try:
            due = self.match.next_due_s()
        except RuntimeError:
            due = None
        if due is not None:
            wakes.append(due - self.services.clock.now_s())
        return max(0.0, min(wakes)) if wakes else None

    # ================================================================== the match

    def _legal(self, seat: int | None) -> list[Action]:
        """The viewer's legal actions (the table asks for nobody else's)."""
        if seat is None or seat != self._holder or self._pos is None:
            return []
        key = (seat, self._pos)
        if self._legal_cache is None or self._legal_cache[0] != key:
            legal = self.match.legal_actions(seat)
            if self.coach is not None:
                obs = self._obs()
                legal = [a for a in legal if self.coach.allows(obs, a)]
            self._legal_cache = (key, legal)
        return self._legal_cache[1]

    def _uno_actions(self, seat: int) -> list[Action]:
        """The UNO calls and catches open to a person (public: asked for anyone)."""
        key = (self._holder, self._pos)
        if self._uno_cache is None or self._uno_cache[0] != key:
            self._uno_cache = (key, {})
        known = self._uno_cache[1]
        if seat not in known:
            known[seat] = self.match.uno_actions(seat)
        return known[seat]

    def _act(self, action: Action) -> bool:
        if self.coach is not None and not self.coach.allows(self._obs(), action):
            self._refuse(None)  # the tutorial asks for something else: say what
            return False
        try:
            self.match.act(action)
        except IllegalAction:
            self.services.sounds.play("wrong")
            self.dirty = True
            return False
        if isinstance(action, Play | Draw):
            self._uno_armed = False
            self._focus = None  # on the next card that can be played
            self._button_focus = None
        if not isinstance(action, CallUno | CatchUno):
            self._decision_key = None
        self._pull()
        return True

    # ================================================================== frames

    def update(self, dt_s: float) -> None:
        self._t += dt_s
        self.animator.speed = getattr(self.services.settings, "animation_speed", 1.0)
        was_busy = self.animator.busy or bool(self._waiting)
        if self._started and self._has_round():
            self._pull()  # anything the match did meanwhile (a resumed match, a test)
        self._sched_s += dt_s * self.animator.speed
        self._release_waiting()
        self.animator.update(dt_s)
        if self.moments.active:
            self.moments.update(dt_s, self.animator.speed)
            self.dirty = True
        if self._toast is not None:
            self._toast_s -= dt_s
            if self._toast_s <= 0:
                self._toast = None
                self.dirty = True
        if self._why is not None:
            self._why_s -= dt_s
            if self._why_s <= 0:
                self._why = None
                self.dirty = True
        self._collect_hint()
        self._advance()
        if self.quiet:
            self._quiet_s += dt_s
            if not self._synced:
                self.view.sync(self._obs(), self.match.totals)
                self._synced = True
                self._legal_cache = None
                self.dirty = True
                if self._fresh_hand and self.shown is not None:
                    self.moments.fresh(self._obs().hand)
                self._fresh_hand = False
            if self.live:
                self._after_quiet()
        else:
            self._quiet_s = 0.0
        if was_busy or self.animator.busy or self._thinking_seat() is not None:
            self.dirty = True

    def _advance(self) -> None:
        """Start the next steps while nothing is in flight."""
        for _step in range(200):
            if not (self.animator.idle and not self._waiting):
                return
            step = self.view.next_step(self.shown)
            if step is None:
                return
            self._synced = False
            self._start(step)

    def _start(self, step: Step) -> None:
        self.dirty = True
        if step.sound:
            self.services.sounds.play(step.sound)
        if step.pulse_seat is not None and self.layout is not None:
            rect = self._seat_rect(step.pulse_seat)
            color = theme.DANGER_RGB if type(step.event) is ev.UnoCaught else theme.ACCENT_RGB
            self.animator.pulse(rect, color, 0.6)
        viewer = self.shown
        if type(step.event) is ev.ChallengeResolved:
            self._note_challenge(step.event)
        elif viewer is not None and _is_private_for(step.event, viewer):
            self.delivered.append((viewer, step.event))  # shown as it flies in

        def finish() -> None:
            if step.on_done is not None:
                step.on_done()
            self._moment(step.event)
            if step.hold_s > 0:
                self._hold(step.hold_s)
            self.dirty = True

        if not step.flights or self.layout is None:
            for f in step.flights:
                if f.on_land is not None:
                    f.on_land()
            finish()
            return
        remaining = [len(step.flights)]

        def landed() -> None:
            remaining[0] -= 1
            if remaining[0] == 0:
                finish()

        for f in step.flights:
            if f.delay_s > 0:
                # Cards waiting for their turn stay in the pile (not drawn, not animated).
                self._waiting.append((self._sched_s + f.delay_s, f, landed))
            else:
                self._fly(f, landed)

    def _moment(self, event: ev.Event) -> None:
        """What an event just told on screen adds to the big moments: a banner (public
        events only reach here), the turn of the direction ring, the viewer's new cards."""
        st = self.view.state
        banner = banner_for(event, st.top_card, self.names, self.view.you)
        if banner is not None:
            self.moments.banner(banner)
        if isinstance(event, ev.DirectionChanged):
            self.moments.turn_ring()
        viewer = self.shown
        if viewer is None:
            return
        if isinstance(event, ev.CardsDrawn):
            if event.seat == viewer and event.reason != "deal":
                self.moments.fresh(event.cards)
        elif isinstance(event, ev.HandsRotated) or (
            isinstance(event, ev.HandsSwapped) and viewer in (event.a, event.b)
        ):
            self._fresh_hand = True  # its faces are known when the table syncs

    def _hold(self, hold_s: float) -> None:
        """A pause after a step (time to read a skip, a colour) that keeps the animator busy.

        A hold is an invisible flight, so `animator.idle` is true only when the table has
        caught up with the game: a screenshot taken or input accepted then never shows a
        half-told turn (the skipped seat still marked as the one to play, say).
        """

        def held() -> None:
            self.dirty = True

        self.animator.fly(_blank(), (0, 0), (0, 0), duration_s=hold_s, on_done=held)

    def _release_waiting(self) -> None:
        """Start the flights whose delay is over (the deal goes round one card at a time)."""
        if not self._waiting:
            return
        due = [w for w in self._waiting if w[0] <= self._sched_s + 1e-9]
        if not due:
            return
        self._waiting = [w for w in self._waiting if w[0] > self._sched_s + 1e-9]
        for _at, f, then in due:
            self._fly(f, then)

    def _fly(self, f: Flight, then: Callable[[], None] | None) -> None:
        lay = self.layout
        assert lay is not None
        painter = self.services.painter
        to_other = (f.src.kind == "seat" and f.src.seat != self.bottom) or (
            f.dst.kind == "seat" and f.dst.seat != self.bottom
        )
        w = lay.small_card_w if to_other else lay.card_w
        start_img = painter.face(f.start_face, w) if f.start_face else painter.back(w)
        flip_to = None
        if f.end_face is not None and f.start_face is None:
            flip_to = painter.face(f.end_face, w)
        elif f.end_face is None and f.start_face is not None:
            flip_to = painter.back(w)
        end_angle = 0.0
        if f.dst.kind == "discard":
            end_angle = discard_angle(len(self.view.state.discard))
        start_angle = 0.0
        if f.src.kind == "discard":
            start_angle = discard_angle(max(0, len(self.view.state.discard) - 2))

        def land() -> None:
            if f.on_land is not None:
                f.on_land()
            if then is not None:
                then()
            self.dirty = True

        ease = ease_in_out_cubic if f.duration_s > 0.45 else ease_out_cubic
        self.animator.fly(
            start_img,
            self._spot_pos(f.src),
            self._spot_pos(f.dst, landing=f.end_face),
            duration_s=f.duration_s,
            delay_s=f.delay_s,
            ease=ease,
            flip_to=flip_to,
            start_angle=start_angle,
            end_angle=end_angle,
            on_done=land,
        )

    def _spot_pos(self, spot: Spot, landing: Card | None = None) -> tuple[int, int]:
        """Where `spot` is on screen: a pile's centre, a seat's strip, a card's place."""
        lay = self.layout
        assert lay is not None
        if spot.kind == "pile":
            return lay.draw_pile.center
        if spot.kind == "discard":
            return lay.discard_pile.center
        seat = spot.seat
        if seat != self.bottom:
            return lay.seats[seat].cards_rect.center
        hand = self.view.state.hands[seat]
        card = spot.card or landing
        if self.shown == seat and card is not None:
            cards = sorted([c for c in hand if c is not None] + [card], key=Card.sort_key)
            rects = fan_rects(len(cards), lay.hand_rect, lay.card_w)
            return rects[cards.index(card)].center
        rects = fan_rects(len(hand) + 1, lay.hand_rect, lay.card_w)
        return rects[-1].center

    def _seat_rect(self, seat: int) -> pygame.Rect:
        """Where `seat` is on screen: its name plate, with its cards unless at the bottom."""
        lay = self.layout
        assert lay is not None
        spot = lay.seats[seat]
        if seat == self.bottom:
            return spot.name_rect
        return spot.name_rect.union(spot.cards_rect)

    def _note_challenge(self, e: ev.ChallengeResolved) -> None:
        """A challenge's result: a private panel with the shown hand for the challenger at
        the screen, a short public note (without any hand) for everyone else."""
        amount = 0
        for later in self.view.queue:
            if type(later) is ev.CardsDrawn and later.reason == "challenge":
                amount = later.count
                break
        viewer = self.shown
        text = challenge_result_text(e, amount, viewer, self.names)
        if viewer is not None and viewer == e.challenger and e.hand:
            self._pending_result = (viewer, e, text)
        else:
            self._toast, self._toast_s = text, TOAST_S

    # ================================================================== when quiet

    def _after_quiet(self) -> None:
        match = self.match
        stack = self.stack
        if match.round_over:
            self._close_decision()
            if self._round_end is None and stack is not None and self._modal is None:
                if self.coach is not None:
                    self._round_end = self.services.scenes.tutorial_done()
                else:
                    self._round_end = self.services.scenes.round_end(match, self._next_round)
                stack.push(self._round_end)
            return
        if self._pending_result is not None and self._modal is None and stack is not None:
            seat, event, text = self._pending_result
            self._pending_result = None
            if seat == self.shown:
                self.delivered.append((seat, event))
                self._modal = ChallengeResultOverlay(
                    self.services,
                    text,
                    event.guilty,
                    event.hand,
                    self.names[event.offender],
                    on_close=self._modal_closed,
                )
                stack.push(self._modal)
                return
        if self._modal is not None:
            return  # a person reads or decides something first
        if self._update_holder():
            return
        self._focus_a_card()
        self._refresh_decision()
        if self._quiet_s >= BEAT_S and self._handoff is None:
            match.poll()
            self._pull()

    def _update_holder(self) -> bool:
        """Pass-and-play: hide hands while computers play; ask for a hand-off between people.

        Returns True while a hand-off screen is up (nothing else happens below it).
        """
        if self._handoff is not None:
            return True
        if len(self.humans) < 2:
            return False
        target = self.match.human_to_act()
        if target is None:
            if self._holder is not None:
                self._set_viewer(None)
            return False
        if target == self._holder:
            return False
        if target == self._last_holder and self._holder is None:
            self._set_viewer(target)  # the same person again after computer turns
            self._deliver_news(target)
            return self._modal is not None
        self._close_decision()
        summary = self._summary_for(target)
        self._set_viewer(None)
        self._handoff = HandoffOverlay(
            self.services,
            target,
            self.names[target],
            self._handoff_done,
            lines=summary,
            on_menu=self._open_pause,
        )
        if self.stack is not None:
            self.stack.push(self._handoff)
        return True

    def _handoff_done(self, seat: int) -> None:
        self._handoff = None
        self._set_viewer(seat)
        self._deliver_news(seat)

    def _modal_closed(self) -> None:
        self._modal = None
        self.dirty = True

    def _next_round(self) -> None:
        """Called by the round end after `start_round()`: deal again, animated."""
        self._round_end = None
        self._decision_key = None
        self._uno_armed = False
        self._legal_cache = None
        self._seen = {}
        self.view.state.scores = list(self.match.totals)
        self._pull()

    # ------------------------------------------------------------------ decisions

    def _desired_decision(self) -> tuple[Any, ...] | None:
        seat = self.shown
        if seat is None or self.match.human_to_act() != seat:
            return None
        obs = self._obs()
        if obs.phase is Phase.DRAWN and obs.drawn_card is not None and self.coach is None:
            return ("drawn", obs.drawn_card)  # (the tutorial lights the card to play instead)
        if obs.phase is Phase.PENALTY:
            return ("penalty", obs.pending_draw, obs.can_challenge, obs.pending_kind)
        return None

    def _close_decision(self) -> None:
        overlay = self._decision_overlay
        if overlay is not None and not overlay.closed:
            overlay.close()
        self._decision_overlay = None
        self._decision_key = None

    def _refresh_decision(self) -> None:
        desired = self._desired_decision()
        open_ = self._decision_overlay is not None
        if desired == self._decision_key and open_ == (desired is not None):
            return
        if self.stack is None:
            self._decision_key = desired
            return
        if self._decision_overlay is not None and not self._decision_overlay.closed:
            if self.stack.top is not self._decision_overlay:
                return  # something else is on top: decide later
            self._decision_overlay.close()
        self._decision_overlay = None
        self._decision_key = desired
        if desired is None:
            return
        seat = self.shown
        assert seat is not None
        overlay: TableOverlay
        if desired[0] == "drawn":
            card = desired[1]
            overlay = PlayOrKeepOverlay(
                self.services,
                card,
                on_play=lambda: self._decided(lambda: self._try_play(card)),
                on_keep=lambda: self._decided(lambda: self._act(Pass(seat))),
                on_hint=self._press_hint if self.hints_on else None,
                anchor=self._piles_anchor,
            )
        else:
            _kind, _amount, can_challenge, _top = desired
            legal = self._legal(seat)
            can_stack = any(type(a) is Play for a in legal)
            overlay = PenaltyOverlay(
                self.services,
                desired[1],
                self._offender_name(),
                can_challenge,
                can_stack,
                on_take=lambda: self._decided(lambda: self._act(Draw(seat))),
                on_challenge=lambda: self._decided(lambda: self._act(Challenge(seat))),
                anchor=self._banner_anchor,
            )
        self._decision_overlay = overlay
        self.stack.push(overlay)

    def _focus_a_card(self) -> None:
        """On the viewer's turn the keyboard focus is always on a card: the first one that
        can be played (after a play, the next one), else the first card."""
        if self._focus is not None or not self._my_turn():
            return
        cards = self._hand_cards()
        playable = self._playable()
        first = next((i for i, c in enumerate(cards) if c is not None and c in playable), None)
        self._focus = first if first is not None else (0 if cards else None)
        self.dirty = True

    def _decided(self, then: Callable[[], Any]) -> None:
        """A decision overlay closed with a choice: forget it, then act."""
        self._decision_overlay = None
        self._decision_key = None
        then()
        self.dirty = True

    def _offender_name(self) -> str | None:
        for e in reversed(self._obs().history):
            if type(e) is ev.CardPlayed:
                return self.names[e.seat]
        return None

    def _piles_anchor(self) -> tuple[pygame.Rect, pygame.Rect]:
        lay = self._ensure_layout(self._current_size())
        return lay.table_rect, lay.piles_rect

    def _banner_anchor(self) -> tuple[pygame.Rect, pygame.Rect]:
        lay = self._ensure_layout(self._current_size())
        return lay.table_rect, lay.hand_rect

    # ================================================================== player actions

    def _try_play(self, card: Card) -> None:
        seat = self.shown
        if seat is None:
            return
        plays = [a for a in self._legal(seat) if type(a) is Play and a.card is card]
        if not plays:
            self._refuse(card)
            return
        uno = self._uno_armed and any(a.uno for a in plays)
        targets = sorted({a.target for a in plays if a.target is not None})

        def finish(color: Color | None, target: int | None) -> None:
            self._modal = None
            self._act(Play(seat, card, color, target, uno))

        def after_color(color: Color | None) -> None:
            self._modal = None
            if targets:
                self._choose_player(card, color, targets, lambda t: finish(color, t))
            else:
                finish(color, None)

        if card.is_wild:
            on_hint = None
            if self.hints_on:
                of_card = list(plays)

                def on_hint() -> None:
                    self._modal_hint(("color", card), of_card, lambda a: a.color)

            self._modal = ColorPickerOverlay(
                self.services,
                after_color,
                self._cancelled,
                card,
                on_hint=on_hint,
                center_on=self._piles_anchor,
            )
            if self.stack is not None:
                self.stack.push(self._modal)
            else:
                after_color(Color.RED)
        else:
            after_color(None)

    def _refuse(self, card: Card | None) -> None:
        """A card that cannot be played now: it shakes, a buzz, and one line of why."""
        self.services.sounds.play("wrong")
        if card is not None:
            self.moments.shake(card)
        self.dirty = True
        if self._my_turn():
            self._why, self._why_s = self._why_not(card), WHY_S
            self.dirty = True

    def _why_not(self, card: Card | None) -> str:
        """Why the viewer cannot play `card` now, in a few plain words."""
        obs = self._obs()
        coached = self.coach.line(obs, self._uno_armed) if self.coach is not None else None
        if coached is not None or card is None:
            return coached or ""
        if obs.phase is Phase.PENALTY:
            return _("Take the cards, or stack a card that may go on them")
        if obs.phase is Phase.DRAWN:
            return _("Only the card you just drew can be played now")
        if card.rank == "W4" and not obs.rules.bluffing:
            return _("A Wild Draw Four only goes when you have no card of the colour")
        if obs.active_color is not None and obs.top_card.is_wild:
            return _("Does not match: the colour is {color}").format(
                color=color_name(obs.active_color)
            )
        return _("Does not match {card}").format(card=card_name(obs.top_card))

    def _cancelled(self) -> None:
        self._modal = None
        self._decision_key = None  # a play-or-keep question comes back
        self.dirty = True

    def _choose_player(
        self, card: Card, color: Color | None, targets: list[int], then: Callable[[int], None]
    ) -> None:
        counts = self.view.state.counts()
        choices = [SeatChoice(t, self.names[t], counts[t]) for t in targets]
        if card.rank == "7":
            title = _("Swap hands with whom?")
        elif card.rank == "WS":
            title = _("Wild Swap Hands: swap with whom?")
        else:
            title = _("Choose a player")
        on_hint = None
        seat = self.shown
        if self.hints_on and seat is not None:
            of_card = [
                a
                for a in self._legal(seat)
                if type(a) is Play and a.card is card and a.color is color
            ]

            def on_hint() -> None:
                self._modal_hint(("target", card, color), of_card, lambda a: a.target)

        self._modal = ChoosePlayerOverlay(
            self.services,
            title,
            choices,
            then,
            self._cancelled,
            on_hint=on_hint,
            center_on=self._piles_anchor,
        )
        if self.stack is not None:
            self.stack.push(self._modal)
        else:
            then(targets[0])

    def _my_turn(self) -> bool:
        """The person at the screen is the one the game waits for, and the table rests."""
        seat = self.shown
        return seat is not None and self.input_ok and self.match.human_to_act() == seat

    def _draw_card(self) -> None:
        seat = self.shown
        if seat is not None and Draw(seat) in self._legal(seat):
            self._act(Draw(seat))
        else:
            self.services.sounds.play("wrong")

    def _uno_seat(self) -> tuple[str, int] | None:
        """What the UNO button does now: ("call", seat) or ("arm", seat), or None."""
        if not self._has_round() or self.match.round_over:
            return None
        seat = self.shown
        if seat is not None:
            legal = self._legal(seat)
            if CallUno(seat) in legal:
                return ("call", seat)
            if self._obs().hand_sizes[seat] == 2 and any(type(a) is Play and a.uno for a in legal):
                return ("arm", seat)
        for s in self.humans:  # pass-and-play: whoever just forgot may still say it
            if s != seat and CallUno(s) in self._uno_actions(s):
                return ("call", s)
        return None

    def _press_uno(self) -> None:
        what = self._uno_seat()
        if what is None:
            self.services.sounds.play("wrong")
            return
        kind, seat = what
        if kind == "call":
            self._act(CallUno(seat))
        else:
            self._uno_armed = not self._uno_armed
            if self._uno_armed:
                self.services.sounds.play("uno")
        self.dirty = True

    def _catch_action(self) -> CatchUno | None:
        if not self._has_round():
            return None
        target = self._obs().catchable
        if target is None:
            return None
        order = [s for s in (self.shown, self._last_holder) if s is not None] + self.humans
        for s in order:
            if s != target and CatchUno(s, target) in self._uno_actions(s):
                return CatchUno(s, target)
        return None

    def _press_catch(self) -> None:
        action = self._catch_action()
        if action is None:
            self.services.sounds.play("wrong")
            return
        self._act(action)

    # ------------------------------------------------------------------ hints

    def _ask_hint(
        self, question: tuple[Any, ...], legal: Sequence[Action], then: Callable[[Hint], None]
    ) -> None:
        """Work out what the hard computer would do with `legal` (one question of the
        viewer's) from the viewer's observation, beside the frame loop; `then` shows it.
        Each question is worked out and counted once."""
        seat = self.shown
        if not self.hints_on or seat is None or not legal:
            return
        key = (seat, self._pos, *question)
        if self._hint is not None and self._hint[0] == key:
            then(self._hint[1])
            self.dirty = True
        elif self._hint_job is None or self._hint_job.key != key:
            self._hint_job = HintJob(key, self._obs(), legal, self.names, then)

    def _collect_hint(self) -> None:
        """Show a hint whose work is done, if its question is still the one asked."""
        job = self._hint_job
        if job is None or not job.done.is_set():
            return
        self._hint_job = None
        found, key = job.result, job.key
        if found is None or key[:2] != (self.shown, self._pos):
            return
        self._hint = (key, found)
        if key not in self._hints_counted:
            self._hints_counted.add(key)
            self.match.note_hint(key[0])
        job.then(found)
        self.dirty = True

    def _press_hint(self) -> None:
        """The Hint button, the hint key: light what the hard computer would do on this
        turn (in the open question, if one is open) and say why. Nothing is played."""
        seat = self.shown
        if not self.hints_on or seat is None or not self._my_turn():
            self.services.sounds.play("wrong")
            return

        def light(found: Hint) -> None:
            overlay = self._decision_overlay
            if overlay is not None and not overlay.closed:
                overlay.show_hint(_lit_key(found.action), found.line)

        self._ask_hint(("turn",), self._legal(seat), light)

    def _modal_hint(
        self,
        question: tuple[Any, ...],
        legal: Sequence[Action],
        answer: Callable[[Play], Color | int | None],
    ) -> None:
        """A hint in the colour or player picker: the widget for `answer(play)` is lit."""
        modal = self._modal

        def light(found: Hint) -> None:
            if not isinstance(found.action, Play) or modal is not self._modal:
                return
            value = answer(found.action)
            if isinstance(value, Color):
                lit: str | None = str(COLORS.index(value) + 1)  # the swatch's number key
            else:
                lit = None if value is None else str(value)
            if isinstance(modal, TableOverlay) and not modal.closed:
                modal.show_hint(lit, found.line)

        self._ask_hint(question, legal, light)

    def _table_hint(self) -> Hint | None:
        """The hint for the viewer's turn, while that turn is still the question."""
        if self._hint is None or not self._my_turn():
            return None
        key, found = self._hint
        return found if key == (self.shown, self._pos, "turn") else None

    def _open_pause(self) -> None:
        if self.stack is not None:
            self.stack.push(self.services.scenes.pause(self.match, tutorial=self.coach is not None))

    # ================================================================== input

    def _current_size(self) -> tuple[int, int]:
        if self._size is not None:
            return self._size
        surf = pygame.display.get_surface() if pygame.display.get_init() else None
        if surf is not None:
            return surf.get_size()
        w, h = self.services.settings.window_size
        return (int(w), int(h))

    def _ensure_layout(self, size: tuple[int, int]) -> TableLayout:
        ui_scale = getattr(self.services.settings, "ui_scale", 1.0)
        key = (size, self.bottom, ui_scale)
        if self.layout is None or key != self._layout_key:
            self.layout = table_layout(self.n, self.bottom, size, ui_scale)
            self._layout_key = key
            self.dirty = True
            if isinstance(self._decision_overlay, PenaltyOverlay):
                self._decision_overlay.relayout()
        return self.layout

    def _hand_cards(self) -> list[Card | None]:
        """The bottom hand as drawn: sorted faces when it is the viewer's, else backs."""
        hand = self.view.state.hands[self.bottom]
        if self.shown == self.bottom:
            known = sorted((c for c in hand if c is not None), key=Card.sort_key)
            return [*known, *(None for c in hand if c is None)]
        return [None] * len(hand)

    def _playable(self) -> set[Card]:
        if not self.input_ok:
            return set()
        return {a.card for a in self._legal(self.shown) if type(a) is Play}

    def _hand_rects(self, cards: list[Card | None], playable: set[Card]) -> list[pygame.Rect]:
        lay = self.layout
        assert lay is not None
        rects = fan_rects(len(cards), lay.hand_rect, lay.card_w)
        hover = self._hover[1] if self._hover and self._hover[0] in ("card", "dead") else None
        out = []
        advice = self._table_hint()
        lit = advice.action.card if advice is not None and type(advice.action) is Play else None
        for i, (r, c) in enumerate(zip(rects, cards)):
            lift = 0.0
            if c is not None and c in playable:
                lifted = i in (hover, self._focus) or c == lit
                lift = LIFT_HOVER if lifted else LIFT_PLAYABLE
            elif c is not None and i == hover:
                lift = LIFT_PEEK  # not playable now, but it still answers the pointer
            out.append(r.move(0, -round(r.h * lift)))
        return out

    def _buttons(self) -> list[Button]:
        """The side panel's buttons in their current state."""
        lay = self.layout
        assert lay is not None
        seat = self.shown
        legal = self._legal(seat) if self.input_ok else []
        uno = self._uno_seat()
        b_uno = Button(
            N_("UNO!"), key="uno", rect=lay.buttons["uno"], enabled=uno is not None, style="primary"
        )
        b_catch = Button(
            N_("Catch!"),
            key="catch",
            rect=lay.buttons["catch"],
            enabled=self._catch_action() is not None,
            style="danger",
        )
        draw_label = _("Draw")
        if self._has_round() and seat is not None:
            obs = self._obs()
            if obs.phase is Phase.PENALTY and seat == obs.current:
                draw_label = _("Take {n}").format(n=obs.pending_draw)
        b_draw = Button(
            lambda: draw_label,
            key="draw",
            rect=lay.buttons["draw"],
            enabled=seat is not None and Draw(seat) in legal,
        )
        b_pass = Button(
            N_("Keep"),
            key="pass",
            rect=lay.buttons["pass"],
            enabled=seat is not None and Pass(seat) in legal,
        )
        if not self.hints_on:
            menu_rect = lay.buttons["menu"].union(lay.buttons["hint"])
            return [b_uno, b_catch, b_draw, b_pass, Button(N_("Menu"), key="menu", rect=menu_rect)]
        b_menu = Button(N_("Menu"), key="menu", rect=lay.buttons["menu"])
        can_hint = bool(legal) and self._my_turn()
        b_hint = Button(N_("Hint"), key="hint", rect=lay.buttons["hint"], enabled=can_hint)
        return [b_uno, b_catch, b_draw, b_pass, b_menu, b_hint]

    def _target_at(self, pos: tuple[int, int]) -> tuple[Any, ...] | None:
        lay = self._ensure_layout(self._current_size())
        for b in self._buttons():
            if b.rect.collidepoint(pos):
                return ("button", b.key) if b.enabled else ("disabled", b.key)
        if self.shown is not None and self.shown == self.bottom:
            cards = self._hand_cards()
            playable = self._playable()
            lifted = self._hand_rects(cards, playable)
            base = fan_rects(len(cards), lay.hand_rect, lay.card_w)
            # a lifted card keeps the place it rose from, so it never flickers under the pointer
            i = hit_test_fan([r.union(b) for r, b in zip(lifted, base)], pos)
            if i is not None:
                card = cards[i]
                if card is not None and card in playable:
                    return ("card", i)
                return ("dead", i)  # an unplayable card: not clickable
        if lay.draw_pile.collidepoint(pos):
            return ("pile",)
        return None

    def _click(self, target: tuple[Any, ...]) -> None:
        kind = target[0]
        if kind == "button" and target[1] == "uno":
            self._press_uno()
            return
        if kind == "button" and target[1] == "catch":
            self._press_catch()
            return
        if kind == "button" and target[1] == "menu":
            self._open_pause()
            return
        if not self.input_ok:
            return  # the table settles first
        if kind == "card":
            cards = self._hand_cards()
            i = target[1]
            if 0 <= i < len(cards):
                card = cards[i]
                if card is not None:
                    self._try_play(card)
        elif kind == "pile" or target == ("button", "draw"):
            self._draw_card()
        elif target == ("button", "pass"):
            self._keep()
        elif target == ("button", "hint"):
            self._press_hint()

    def handle_event(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t in RESIZE_EVENTS:
            size = getattr(event, "size", None) or (event.x, event.y)
            self._size = (int(size[0]), int(size[1]))
            self._ensure_layout(self._size)
            self._paint.forget_background()
            self.dirty = True
            return False
        if t == pygame.MOUSEMOTION:
            target = self._target_at(event.pos)
            hover = target if target and target[0] in ("card", "dead", "pile", "button") else None
            if hover != self._hover:
                self._hover = hover
                self.dirty = True
            return False
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self._target_at(event.pos)
            return self._pressed is not None
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            target = self._target_at(event.pos)
            if (
                pressed is not None
                and target == pressed
                and target[0] in ("card", "pile", "button")
            ):
                self._click(target)
                self.dirty = True
                return True
            if pressed is not None and target == pressed and self._my_turn():
                # a card that cannot be played, a button that does nothing now: say so
                cards = self._hand_cards()
                i = target[1] if target[0] == "dead" else -1
                card = cards[i] if 0 <= i < len(cards) else None
                if card is not None:
                    self._refuse(card)
                else:
                    self.services.sounds.play("wrong")
            return pressed is not None
        if t == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _focus_ring(self) -> list[str | None]:
        """Where Tab goes, in order: the hand (None), then the buttons that can act now."""
        buttons = {b.key: b for b in self._buttons()} if self.layout is not None else {}
        order = ["draw", "pass", "hint", "uno", "catch", "menu"]
        return [None, *(k for k in order if k in buttons and buttons[k].enabled)]

    def _move_focus(self, step: int) -> None:
        ring = self._focus_ring()
        at = ring.index(self._button_focus) if self._button_focus in ring else 0
        self._button_focus = ring[(at + step) % len(ring)]
        self.dirty = True

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            self._open_pause()
            return True
        if key == pygame.K_TAB:
            self._ensure_layout(self._current_size())
            self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if key == pygame.K_UP and self._button_focus is None:
            self._ensure_layout(self._current_size())
            self._move_focus(1)
            return True
        if key == pygame.K_DOWN and self._button_focus is not None:
            self._button_focus = None
            self.dirty = True
            return True
        if self._button_focus is not None and key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            button = self._button_focus
            if button not in self._focus_ring():
                self._button_focus = None
            self._click(("button", button))
            self.dirty = True
            return True
        if self._button_focus is not None and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._button_focus = None  # back to the hand
            self.dirty = True
            return True
        if key == pygame.K_u:
            self._press_uno()
            return True
        if key == pygame.K_c:
            self._press_catch()
            return True
        if key == HINT_KEY and self.hints_on:
            self._press_hint()
            return True
        if not self.input_ok:
            return key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_d)
        cards = self._hand_cards() if self.shown == self.bottom else []
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and cards:
            step = -1 if key == pygame.K_LEFT else 1
            if self._focus is None:
                self._focus = 0 if step > 0 else len(cards) - 1
            else:
                self._focus = (self._focus + step) % len(cards)
            self.dirty = True
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self._focus is not None and 0 <= self._focus < len(cards):
                card = cards[self._focus]
                if card is not None:
                    self._try_play(card)
            return True
        if key == pygame.K_d:
            self._draw_card()
            return True
        if key == pygame.K_k:
            self._keep()
            return True
        return False

    def _keep(self) -> None:
        """Keep the card just drawn and end the turn (the Keep button, the K key)."""
        seat = self.shown
        if seat is not None and Pass(seat) in self._legal(seat):
            self._act(Pass(seat))
        else:
            self.services.sounds.play("wrong")

    # ================================================================== drawing

    def _thinking_seat(self) -> int | None:
        """The computer seat whose move is coming (for the thinking dots)."""
        if not self._has_round() or self.match.round_over or not self.quiet:
            return None
        current = self._obs().current
        if self.match.is_human(current):
            return None
        return current

    def _bluffs(self) -> set[Card]:
        """The viewer's Wild Draw Fours that would be a bluff now: they hold the active
        colour, and these rules let the next player challenge."""
        seat = self.shown
        if seat is None or not self._has_round():
            return set()
        obs = self._obs()
        active = obs.active_color
        if not obs.rules.challenge or active is None:
            return set()
        if not any(c.color is active for c in obs.hand):
            return set()
        return {c for c in obs.hand if c.rank == "W4"}

    def _pointed_card(self) -> Card | None:
        """The card under the pointer or the keyboard focus, if any."""
        cards = self._hand_cards()
        hover = self._hover[1] if self._hover and self._hover[0] in ("card", "dead") else None
        for i in (self._focus, hover):
            if isinstance(i, int) and 0 <= i < len(cards) and cards[i] is not None:
                return cards[i]
        return None

    def _status_text(self) -> str:
        st = self.view.state
        if st.round_over:
            if st.winner is None:
                return _("Nobody can play: the round is over.")
            return _("{name} wins the round!").format(name=self.names[st.winner])
        if not self.quiet or not self._has_round():
            return ""
        obs = self._obs()
        cur = obs.current
        if cur == self.shown:
            if self.coach is not None:  # the lesson's line, also when something was refused
                return self.coach.line(obs, self._uno_armed) or ""
            if self._why is not None:
                return self._why
            pointed = self._pointed_card()
            if pointed is not None and pointed in self._bluffs() and pointed in self._playable():
                return _("A bluff: you can be challenged")
            if obs.phase is Phase.PENALTY:
                return _("{n} cards wait for you").format(n=obs.pending_draw)
            if obs.phase is Phase.DRAWN:
                return _("Play the card you drew, or keep it")
            if len(self.humans) == 1:
                return _("Your turn: play a glowing card or draw")
            return _("{name}, your turn: play a card or draw").format(name=self.names[cur])
        if not self.match.is_human(cur):
            return _("{name} is thinking").format(name=self.names[cur])
        return _("{name}'s turn").format(name=self.names[cur])

    def frame(self, size: tuple[int, int]) -> TableFrame:
        """What this viewer sees now, as one value (the painter's only input)."""
        lay = self._ensure_layout(size)
        st = self.view.state
        thinking = self._thinking_seat()
        seats = tuple(
            SeatFrame(
                seat=s,
                name=self.names[s],
                score=self.match.totals[s],
                count=len(st.hands[s]),
                current=st.current == s and not st.round_over,
                uno=st.uno[s],
                thinking=thinking == s,
            )
            for s in range(self.n)
        )
        cards = self._hand_cards()
        playable = self._playable()
        turn = self._my_turn()
        bluffs = self._bluffs()
        moments = self.moments
        fresh = moments.fresh_glow(cards) if self.shown == self.bottom else [0.0] * len(cards)
        shake_px = lay.card_w * 0.09
        advice = self._table_hint()
        suggested = advice.action if advice is not None else None
        lit_card = suggested.card if isinstance(suggested, Play) else None
        lit_i = next((i for i, c in enumerate(cards) if c is not None and c == lit_card), None)
        hand = tuple(
            HandCard(
                card=c,
                rect=r.move(moments.shake_px(c, shake_px), 0),
                playable=c is not None and c in playable,
                bluff=c is not None and c in playable and c in bluffs,
                dimmed=turn and c is not None and c not in playable,
                focused=i == self._focus and c is not None and self._button_focus is None,
                fresh=glow,
                hinted=i == lit_i,
            )
            for i, (c, r, glow) in enumerate(zip(cards, self._hand_rects(cards, playable), fresh))
        )
        first = max(0, len(st.discard) - 3)
        lit = self.coach.lit(self._obs()) if self.coach is not None and turn else None
        hover_button = self._hover[1] if self._hover and self._hover[0] == "button" else None
        buttons = tuple(
            ButtonFrame(
                key=b.key,
                text=text_of(b.text),
                rect=b.rect,
                style=b.style,
                enabled=b.enabled,
                hover=b.key == hover_button,
                pressed=self._pressed == ("button", b.key),
                focus=b.key == self._button_focus,
                glow=(b.key == "uno" and self._uno_armed)
                or b.key == lit
                or (b.key == "draw" and isinstance(suggested, Draw))
                or (b.key == "pass" and isinstance(suggested, Pass)),
            )
            for b in self._buttons()
        )
        seat = self.shown
        pile_glow = (
            (self._hover == ("pile",) or lit == "draw" or isinstance(suggested, Draw))
            and self.input_ok
            and seat is not None
            and Draw(seat) in self._legal(seat)
        )
        return TableFrame(
            layout=lay,
            bottom=self.bottom,
            seats=seats,
            hand=hand,
            discard=tuple((i, st.discard[i]) for i in range(first, len(st.discard))),
            pile_count=st.pile_count,
            pile_glow=pile_glow,
            active_color=st.active_color,
            direction=st.direction,
            log=tuple(self.view.log_lines()),
            hints=tuple(self._paint.hint_lines(lay, self.hints_on)),
            buttons=buttons,
            status=self._status_text(),
            toast=self._toast,
            banner=moments.banner_frame(),
            ring_turn=moments.ring_turn,
            sprites=self.animator.sprites(),
            time_s=self._t,
            language=language(),
            coached=self.coach is not None and turn,
            hint=advice.line if advice is not None else None,
            lit_seat=self._pointed_seat(),
        )

    def _pointed_seat(self) -> int | None:
        """The seat the open player picker points at (lit on the table), else None."""
        picker = self._modal
        if isinstance(picker, ChoosePlayerOverlay) and not picker.closed:
            return picker.pointed_seat
        return None

    def draw(self, surface: pygame.Surface) -> None:
        # Clicks are hit-tested against what was drawn last, even when a resize event
        # never reached the table (a hand-off screen or a menu above it took it).
        self._size = surface.get_size()
        use_floor(self._size, getattr(self.services.settings, "ui_scale", 1.0))
        self._paint.paint(surface, self.frame(self._size), self.services.painter)

    def _hint_lines(self, lay: TableLayout) -> list[str]:
        """The keyboard hint under the log, as the painter wraps it."""
        return self._paint.hint_lines(lay, self.hints_on)
