"""The table: where the game is played. `TableScene` runs it and hands each job to a part.

- who holds the screen and what the match tells them: `ScreenHolder` (`ui/table/holder.py`);
- the events told on screen as animation steps: `Flights` (`ui/table/flights.py`);
- pointer and keys: `TableInput` (`ui/table/input.py`) over one focus ring, the kit's
  (`ui/table/focus.py`);
- what a choice does, and the dialogs that ask first: `TableActions`
  (`ui/table/actions.py`; the dialogs are `ui/table/dialogs.py`, `ui/table/pickers.py`,
  `ui/table/notices.py`);
- hints: `TableHints` (`ui/table/hint.py`);
- the table at one moment as one value: `TableState` (`ui/table/state.py`), gathered
  here from the parts that keep it;
- the viewer's picture as one frozen value with its click targets: `build_frame` of the
  state, the viewer's seat view and the layout (`ui/table/frame_builder.py`), painted by
  `TablePainter` (`ui/table/paint/painter.py`);
- every decision by an event's type: `ui/table/events.py`.

The scene decides when things happen: the match is polled for computer moves only when
nothing moves, table input is accepted only then (UNO and Catch excepted), and between
two people a hand-off screen hides every hand. The table never sees the live game, so
nobody's cards can be drawn by mistake (DESIGN.md: the table is drawn for one viewer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import events as ev
from uno_desktop.render.animator import Animator
from uno_desktop.render.layout import TableLayout, table_layout
from uno_desktop.rules.house_rules import house_rules
from uno_desktop.ui.kit import use_floor
from uno_desktop.ui.moments import Moments
from uno_desktop.ui.scene import Scene
from uno_desktop.ui.table.actions import TableActions
from uno_desktop.ui.table.dialogs import PenaltyOverlay, TableOverlay
from uno_desktop.ui.table.events import ChallengeNote
from uno_desktop.ui.table.flights import Flights
from uno_desktop.ui.table.focus import TableFocus
from uno_desktop.ui.table.frame import TableFrame
from uno_desktop.ui.table.frame_builder import Frames, build_frame, hand_cards, jump_ins, playable
from uno_desktop.ui.table.hint import TableHints
from uno_desktop.ui.table.holder import ScreenHolder
from uno_desktop.ui.table.input import TableInput
from uno_desktop.ui.table.notices import ChallengeResults
from uno_desktop.ui.table.paint.painter import TablePainter
from uno_desktop.ui.table.passing import Passing
from uno_desktop.ui.table.phone_wait import PhoneWait
from uno_desktop.ui.table.pickers import pointed_seat
from uno_desktop.ui.table.shown import ShownTable
from uno_desktop.ui.table.source import TableSource
from uno_desktop.ui.table.state import TableState, seating

if TYPE_CHECKING:
    from uno_desktop.play.tutorial import Coach
    from uno_desktop.rules.options import Section
    from uno_desktop.ui.services import Services
    from uno_desktop.view import SeatView

#: a short breath after the table settles before the next computer move is applied
BEAT_S = 0.12

RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class TableScene(Scene):
    """The table for `match` (a round already dealt, or a resumed match)."""

    def __init__(self, services: Services, match: TableSource, coach: Coach | None = None) -> None:
        super().__init__()
        self.services = services
        self.match = match
        #: the tutorial's coach: it allows one action at a time and says which (None: play)
        self.coach = coach
        self.holder = ScreenHolder(match, coach)
        self.names = self.holder.names
        self.view = ShownTable(self.names, match.rules.deck_size(), self.holder.lone)
        self.animator = Animator(services.settings.animation_speed)
        self.layout: TableLayout | None = None
        self._layout_key: tuple[tuple[int, int], int, float] | None = None
        self._size: tuple[int, int] | None = None
        #: every private result shown, with the seat it was shown to (tests read it)
        self.delivered: list[tuple[int, ev.Event]] = []
        self._quiet_s = 0.0
        self._synced = False
        self._started = False
        self.time_s = 0.0
        #: a dialog the person reads or answers before anything else happens
        self.modal: Scene | None = None
        self._round_end: Scene | None = None
        #: a challenge's result: a panel for the challenger, a toast for everyone else
        self.results = ChallengeResults(self, services)
        #: banners, new cards glowing, a refused card's shake, the direction ring's turn
        self.moments = Moments()
        #: the viewer received a whole hand (a swap): it glows once its faces are known
        self.fresh_hand = False
        self.painter = TablePainter()
        self.focus = TableFocus()
        parts = (self.holder, match, coach, self.view, self.focus, self.moments, services)
        self.actions = TableActions(self, *parts)
        on = match.hints and bool(self.holder.humans)
        sounds = services.sounds
        self.hints = TableHints(self, self.holder, match, self.focus, self.actions, sounds, on)
        self.flights = Flights(self, self.holder, self.view, self.animator, self.moments, services)
        #: pass-and-play: the hand-offs and the people's window (`ui/table/passing.py`)
        coached = coach is not None
        self.passing = Passing(self, self.holder, match, self.view, self.actions, services, coached)
        self.input = TableInput(self, self.focus, self.actions, self.hints, self.passing, sounds)
        self.frames = Frames(self)
        self.phone_wait = PhoneWait(services, match)

    # ================================================================== who sees what

    @property
    def shown(self) -> int | None:
        """The viewer: the seat whose hand is face up on screen (None: every hand is down)."""
        return self.holder.holder

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom (the person at the screen, or the last one)."""
        return self.holder.bottom

    def set_viewer(self, seat: int | None) -> None:
        """Hand the screen to `seat` (None: nobody). Only while the table is quiet: the
        shown state is then rebuilt from what the new viewer may see."""
        self.holder.hand_to(seat)
        self._layout_key = None
        self.actions.question = None
        self.actions.uno_armed = False
        self.input.drag.cancel()  # a card in the air was the last viewer's
        self.results.toast = None  # worded for the one who held the screen
        self.focus.reset()
        self.moments.forget_hand()
        self.fresh_hand = False
        self.view.sync(self.holder.obs(), self.match.totals)
        self.dirty = True

    def pull(self) -> None:
        """Take the match's new events, as the viewer may see them, into the queue."""
        events = self.holder.pull()
        if events:
            self.passing.saw(events)
            self.view.feed(events)
            self._synced = False
            self._quiet_s = 0.0
            self.dirty = True

    def note_challenge(self, note: ChallengeNote) -> None:
        """A challenge's result: a private panel with the shown hand for the challenger at
        the screen, a short public note (without any hand) for everyone else."""
        self.results.note(note)

    # ================================================================== basics

    @property
    def quiet(self) -> bool:
        """Nothing moves, nothing waits in the queue: the shown state is the viewer's."""
        return self.animator.idle and not self.flights.waiting and not self.view.pending

    @property
    def live(self) -> bool:
        """The table (or one of its own overlays) is on top, notices that only tell aside
        (`Scene.pauses_play`): not paused, no round end."""
        above = self.stack.scenes if self.stack is not None else [self]
        top = next((s for s in reversed(above) if s is self or s.pauses_play), self)
        if top is self:
            return True
        own = (self.actions.decision, self.modal, self.passing.handoff)
        return isinstance(top, TableOverlay) and top in own

    @property
    def takes_keys(self) -> bool:
        """The keys reach the table: it is on top, or only the penalty banner is (which
        is not modal). Only then does its focus ring show: one ring at a time."""
        top = self.stack.top if self.stack is not None else self
        return top is self or (top is not None and top is self.actions.banner())

    @property
    def settled(self) -> bool:
        """Nothing moves or waits and the shown state is the game's (screenshots, tests)."""
        return self.quiet and self._synced

    @property
    def input_ok(self) -> bool:
        return self.quiet and self._synced and not self.match.round_over

    def my_turn(self) -> bool:
        """The person at the screen is the one the game waits for, and the table rests."""
        seat = self.shown
        return seat is not None and self.input_ok and self.match.human_to_act() == seat

    def enter(self) -> None:
        if self._started:
            return
        self._started = True
        match = self.match
        if self.hints.on:
            from uno_desktop.ai.hint import prepare

            prepare(self.holder.n)  # the hard bot's search loads what it needs now
        if not self.holder.has_round:
            match.start_round()
            self.pull()
            return
        obs = match.observation(self.shown)
        if match.actions_taken() == 0:
            self.pull()  # a fresh deal: animate it
        else:
            self.holder.catch_up()
            self.view.sync(obs, match.totals)
            for event in obs.history:
                self.view.add_log(event)
            self._synced = True
            match.shown()  # a resumed round is shown whole at once (phones get their buttons)
        self.view.state.scores = list(match.totals)

    def resume(self) -> None:
        super().resume()
        self._layout_key = None  # settings (ui scale, colour-blind) may have changed
        self.holder.forget()

    @property
    def animating(self) -> bool:
        """Frames are needed: cards fly, the shown state catches up, a computer's thinking
        dots move. Waiting for a person needs none (see `wake_in_s`)."""
        if self.animator.busy or self.flights.waiting or self.view.pending or self.moments.active:
            return True
        if self.results.pending is not None or self.hints.job is not None:
            return True
        if not self.quiet or not self._synced:
            return True
        if self.match.round_over:
            return self._round_end is None
        return self.thinking_seat() is not None

    def thinking_seat(self) -> int | None:
        """The computer seat whose move is coming (for the thinking dots)."""
        return self.holder.computer_to_move() if self.quiet else None

    def wake_in_s(self) -> float | None:
        """The next moment the table changes by itself: a message to take down, a
        computer's catch, jump-in or UNO call falling due, a phone's wait's next minute."""
        why = self.actions.why_s if self.actions.why else None
        toast = self.results.toast_s if self.results.toast else None
        wakes = [s for s in (toast, why) if s is not None] + self.phone_wait.wakes()
        end = self.passing.window_end_s
        if end is not None and self.passing.window_open:
            wakes.append(end - self.services.clock.now_s())  # its key caps go
        try:
            due = self.match.next_due_s()
        except RuntimeError:
            due = None
        if due is not None:
            wakes.append(due - self.services.clock.now_s())
        return max(0.0, min(wakes)) if wakes else None

    # ================================================================== frames

    def update(self, dt_s: float) -> None:
        self.time_s += dt_s
        self.animator.speed = self.services.settings.animation_speed
        was_busy = self.animator.busy or bool(self.flights.waiting)
        if self._started and self.holder.has_round:
            self.pull()  # anything the match did meanwhile (a resumed match, a test)
        self.flights.tick(dt_s * self.animator.speed)
        self.animator.update(dt_s)
        if self.moments.active:
            self.moments.update(dt_s, self.animator.speed)
            self.dirty = True
        self._count_down(dt_s)
        self.hints.collect()
        if self.flights.advance():
            self._synced = False
        if self.quiet:
            self._quiet_s += dt_s
            if not self._synced:
                self._sync()
            if self.live:
                self._after_quiet()
        else:
            self._quiet_s = 0.0
        if was_busy or self.animator.busy or self.thinking_seat() is not None:
            self.dirty = True
        self.dirty |= self.phone_wait.tick()

    def _count_down(self, dt_s: float) -> None:
        """Take the toast and the reason a card was refused down when their time is up."""
        if self.results.count_down(dt_s):
            self.dirty = True
        actions = self.actions
        if actions.why is not None:
            actions.why_s -= dt_s
            if actions.why_s <= 0:
                actions.why = None
                self.dirty = True

    def _sync(self) -> None:
        """The table has caught up: show the viewer's state as the match has it."""
        self.view.sync(self.holder.obs(), self.match.totals)
        self._synced = True
        self.match.shown()  # people's windows to jump in or catch run from now
        self.passing.landed()
        self.holder.forget()
        self.dirty = True
        if self.fresh_hand and self.shown is not None:
            self.moments.fresh(self.holder.obs().hand)
        self.fresh_hand = False

    # ================================================================== when quiet

    def _after_quiet(self) -> None:
        match = self.match
        stack = self.stack
        if match.round_over:
            self.actions.close_decision()
            if self._round_end is None and stack is not None and self.modal is None:
                if self.coach is not None:
                    self._round_end = self.services.scenes.tutorial_done()
                else:
                    self._round_end = self.services.scenes.round_end(match, self._next_round)
                stack.push(self._round_end)
            return
        if self.results.show():
            return
        if self.modal is not None:
            return  # a person reads or decides something first
        if self.passing.update_holder():
            return
        self._focus_a_card()
        self.actions.refresh_decision()
        if self._quiet_s >= BEAT_S and not self.passing.holds():
            match.poll()
            self.pull()

    def modal_closed(self) -> None:
        self.modal = None
        self.dirty = True

    def _next_round(self) -> None:
        """Called by the round end after `start_round()`: deal again, animated."""
        self._round_end = None
        self.actions.question = None
        self.actions.uno_armed = False
        self.holder.seen = {}
        self.holder.resumed_at = None
        self.holder.forget()
        self.view.state.scores = list(self.match.totals)
        self.pull()

    def _focus_a_card(self) -> None:
        """Keep the hand's focus on a card (`TableFocus.settle`)."""
        state, seat = self.state(), self.seat()
        cards, jumps = hand_cards(state), jump_ins(state, seat)
        if self.focus.settle(cards, jumps, playable(state, seat), state.my_turn):
            self.dirty = True

    def piles_anchor(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where a dialog about a card goes: the felt and the piles' area."""
        lay = self.ensure_layout(self.current_size())
        return lay.table_rect, lay.piles_rect

    def banner_anchor(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the penalty banner goes: the felt and the hand's area."""
        lay = self.ensure_layout(self.current_size())
        return lay.table_rect, lay.hand_rect

    def open_rules(self, section: Section | None) -> None:
        """How to play for this match's rules, at `section` (a house-rule chip)."""
        if self.stack is not None:
            scenes = self.services.scenes
            self.stack.push(scenes.how_to_play(self.match.rules, overlay=True, at=section))

    def open_pause(self) -> None:
        if self.stack is not None:
            self.stack.push(self.services.scenes.pause(self.match, tutorial=self.coach is not None))

    # ================================================================== input and drawing

    def current_size(self) -> tuple[int, int]:
        if self._size is not None:
            return self._size
        surf = pygame.display.get_surface() if pygame.display.get_init() else None
        if surf is not None:
            return surf.get_size()
        w, h = self.services.settings.window_size
        return (int(w), int(h))

    def ensure_layout(self, size: tuple[int, int]) -> TableLayout:
        ui_scale = self.services.settings.ui_scale
        key = (size, self.bottom, ui_scale)
        if self.layout is None or key != self._layout_key:
            self.layout = table_layout(self.holder.n, self.bottom, size, ui_scale)
            self._layout_key = key
            self.dirty = True
            if isinstance(self.actions.decision, PenaltyOverlay):
                self.actions.decision.relayout()
        return self.layout

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in RESIZE_EVENTS:
            w, h = event.size if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            self._size = (int(w), int(h))
            self.ensure_layout(self._size)
            self.painter.forget_background()
            self.dirty = True
            return False
        if event.type in POINTER_EVENTS:
            return self.input.handle_pointer(event)
        if event.type == pygame.KEYDOWN:
            return self.input.handle_key(event)
        return False

    def seat(self) -> SeatView | None:
        """The viewer's seat view (None before the first deal)."""
        return self.holder.seat_view() if self.holder.has_round else None

    def state(self) -> TableState:
        """The table now, as one value (`ui/table/state.py`)."""
        holder, match, coach = self.holder, self.match, self.coach
        online = self.services.phones
        if online is None or not any(match.is_phone(s) for s in range(holder.n)):
            online = None  # (asked only with a phone seat at the table)
        seats = seating(holder, match, self.view.you, online.connected() if online else ())
        has_round = holder.has_round
        quiet, input_ok, my_turn = self.quiet, self.input_ok, self.my_turn()
        coach_line = coach_lit = None
        if coach is not None and has_round:
            obs = holder.obs()
            coach_line = coach.line(obs, self.actions.uno_armed)
            coach_lit = coach.lit(obs) if my_turn else None
        window_line = self.passing.status() if has_round and quiet else None
        focus = self.focus
        return TableState(
            seats=seats,
            viewer=self.shown,
            bottom=self.bottom,
            has_round=has_round,
            round_over=match.round_over,
            quiet=quiet,
            input_ok=input_ok,
            my_turn=my_turn,
            thinking=self.thinking_seat(),
            shown=self.view.state,
            log=tuple(self.view.log_lines()),
            sprites=self.animator.sprites(),
            flying=tuple(self.flights.path_rects()),
            moments=self.moments,
            time_s=self.time_s,
            takes_keys=self.takes_keys,
            focus_card=focus.card,
            side_focus=focus.side_focus,
            chip_focus=focus.chip_focus,
            hover=self.input.hover,
            pressed=self.input.pressed,
            drag=self.input.drag.held(),
            toast=self.results.toast,
            why=self.actions.why,
            uno_armed=self.actions.uno_armed,
            can_uno=self.actions.uno_seat() is not None,
            can_catch=self.actions.catch_action() is not None,
            hints_on=self.hints.on,
            hint=self.hints.for_turn(),
            coach_line=coach_line,
            coach_lit=coach_lit,
            coached=coach is not None,
            challenge_rule=match.rules.challenge,
            house=tuple(house_rules(match.rules)),
            key_lines=self.painter.panel.key_lines(
                self.layout, holder.shared, self.hints.on, seats.phones
            ),
            window_keys=self.passing.keys(),
            window_line=window_line,
            plates=tuple(self.passing.plates()),
            picked_seat=pointed_seat(self.modal),
            phone_wait_min=self.phone_wait.minutes,
        )

    def frame(self, size: tuple[int, int]) -> TableFrame:
        """What this viewer sees now, as one value (the painter's only input); the focus
        ring's side buttons take their place and state from it."""
        lay = self.ensure_layout(size)
        frame = build_frame(self.state(), self.seat(), lay)
        self.input.take(frame)
        return frame

    def current_frame(self) -> TableFrame:
        """The frame of the table as it is drawn now (what a click hits)."""
        return self.frame(self.current_size())

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        # Clicks are hit-tested against what was drawn last, even when a resize event
        # never reached the table (a hand-off screen or a menu above it took it).
        self._size = surface.get_size()
        use_floor(self._size, self.services.settings.ui_scale)
        return self.painter.paint(surface, self.frame(self._size), self.services.painter)
