"""The table: where the game is played.

Every seat sits around the felt (`table_layout`), the hand of the person at the screen
is fanned at the bottom, the piles, the active colour and the direction are in the
middle, scores, log and action buttons on the side panel.

The screen shows `TableView`'s state, which follows the match only as animations land.
The match is polled for computer moves only when nothing moves, and table input is
accepted only then (the UNO and Catch buttons excepted: they are about speed).

Who may see what (pass-and-play):
- one human at the table: their hand is always the one shown, face up;
- several humans: the hand shown is the human's whose decision is pending, after a
  hand-off screen whenever the turn moves from one human to another; while computers
  play, every hand is face down;
- nobody else's card is ever drawn face up: other hands are backs, their draws fly face
  down, log lines only count cards, and a challenged hand is shown only to the
  challenger when the challenger is at the screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from uno_desktop.engine import (
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Color,
    Draw,
    IllegalAction,
    Pass,
    Phase,
    Play,
)
from uno_desktop.engine import events as ev
from uno_desktop.i18n import _, language
from uno_desktop.render import theme
from uno_desktop.render.animator import Animator
from uno_desktop.render.layout import TableLayout, fan_rects, hit_test_fan, table_layout
from uno_desktop.render.tween import ease_in_out_cubic, ease_out_cubic
from uno_desktop.ui.log_text import challenge_result_text
from uno_desktop.ui.scene import Scene
from uno_desktop.ui.scenes.overlays import (
    Button,
    ChallengeResultOverlay,
    ChoosePlayerOverlay,
    ColorPickerOverlay,
    HandoffOverlay,
    PenaltyOverlay,
    PlayOrKeepOverlay,
    SeatChoice,
    TableOverlay,
    blit_text,
    draw_button,
    draw_panel,
    text_image,
    wrap,
)
from uno_desktop.ui.table_view import Flight, Spot, Step, TableView

#: a short breath after the table settles before the next computer move is applied
BEAT_S = 0.12
#: how long a toast (challenge result seen by others) stays up
TOAST_S = 2.6
#: share of a card's height a playable card rises; a hovered one rises LIFT_HOVER
LIFT_PLAYABLE = 0.07
LIFT_HOVER = 0.2
LIFT_PEEK = 0.06
#: backs drawn in another seat's strip at most (the count says the rest)
MAX_BACKS = 10

RESIZE_EVENTS = {pygame.VIDEORESIZE, getattr(pygame, "WINDOWSIZECHANGED", -1)}


_BLANK: list[pygame.Surface] = []


def _blank() -> pygame.Surface:
    """A 1x1 transparent picture: the image of a hold (made on first use, not at import)."""
    if not _BLANK:
        _BLANK.append(pygame.Surface((1, 1), pygame.SRCALPHA))
    return _BLANK[0]


def discard_angle(index: int) -> float:
    """A small fixed tilt for the card at `index` of the discard pile (a loose, real pile)."""
    return float(((index * 47) % 29) - 14)


def _make_pause(services: Any, match: Any) -> Scene:
    from uno_desktop.ui.scenes.pause import PauseScene

    return PauseScene(services, match)


def _make_round_end(services: Any, match: Any, on_next: Callable[[list[ev.Event]], None]) -> Scene:
    from uno_desktop.ui.scenes.round_end import RoundEndScene

    return RoundEndScene(services, match, on_next_round=on_next)


class TableScene(Scene):
    """The table for `match` (a round already dealt, or a resumed match)."""

    def __init__(self, services: Any, match: Any) -> None:
        super().__init__()
        self.services = services
        self.match = match
        self.n: int = match.players
        self.names = [self._seat_name(s) for s in range(self.n)]
        self.humans = [s for s in range(self.n) if match.is_human(s)]
        you = self.humans[0] if len(self.humans) == 1 else None
        self.view = TableView(self.names, match.rules.deck_size(), you)
        self.animator = Animator(getattr(services.settings, "animation_speed", 1.0))
        self.layout: TableLayout | None = None
        self._layout_key: tuple[Any, ...] | None = None
        self._size: tuple[int, int] | None = None
        # pass-and-play: the human at the screen now, and the last one who was
        self._holder: int | None = self.humans[0] if len(self.humans) == 1 else None
        self._last_holder: int | None = self._holder
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
        self._pending_result: tuple[str, bool, tuple[Card, ...], str] | None = None
        self._toast: str | None = None
        self._toast_s = 0.0
        # input
        self._hover: tuple[Any, ...] | None = None
        self._pressed: tuple[Any, ...] | None = None
        self._focus: int | None = None
        self._uno_armed = False
        self._legal_cache: tuple[tuple[Any, ...], list[Any]] | None = None
        self._bg: pygame.Surface | None = None
        self._wrap_cache: dict[tuple[str, int, int], list[str]] = {}
        self._bg_key: tuple[Any, ...] | None = None

    # ================================================================== basics

    def _seat_name(self, seat: int) -> str:
        fn = getattr(self.match, "seat_name", None)
        return fn(seat) if fn is not None else self.match.seats[seat].name

    @property
    def shown(self) -> int | None:
        """The seat whose hand is face up on screen (None: every hand is face down)."""
        if len(self.humans) == 1:
            return self.humans[0]
        if len(self.humans) >= 2:
            return self._holder
        return None

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom (the person at the screen, or the last one)."""
        if self._holder is not None:
            return self._holder
        if self._last_holder is not None:
            return self._last_holder
        return self.humans[0] if self.humans else 0

    @property
    def quiet(self) -> bool:
        """Nothing moves, nothing waits in the queue: the shown state is the game's."""
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
        game = match.game
        if game is None:
            self.view.feed(match.start_round())
            return
        log = getattr(game, "log", None)
        if log and not getattr(game, "actions", None):
            self.view.feed(log)  # a fresh deal: animate it
        else:
            self.view.sync(game, match.totals)
            history = match.observation(self.bottom).history
            from uno_desktop.ui.log_text import log_lines

            for line in log_lines(history, self.names, self.view.you)[-8:]:
                self.view.add_log(line)
            self._synced = True
        self.view.state.scores = list(match.totals)

    def resume(self) -> None:
        super().resume()
        self._layout_key = None  # settings (ui scale, colour-blind) may have changed
        self._legal_cache = None

    @property
    def animating(self) -> bool:
        if self.animator.busy or self._waiting or self.view.pending:
            return True
        if self._toast:
            return True
        if self._pending_result is not None:
            return True
        if not self.quiet or not self._synced:
            return True
        if self.match.round_over:
            return self._round_end is None
        try:
            return self.match.next_due_s() is not None
        except RuntimeError:
            return False

    # ================================================================== the match

    def _legal(self, seat: int | None) -> list[Any]:
        game = self.match.game
        if seat is None or game is None:
            return []
        key = (seat, id(game), len(getattr(game, "log", ())), game.phase, game.current)
        if self._legal_cache is None or self._legal_cache[0] != key:
            self._legal_cache = (key, game.legal_actions(seat))
        return self._legal_cache[1]

    def _act(self, action: Any) -> bool:
        try:
            events = self.match.act(action)
        except IllegalAction:
            self.services.sounds.play("wrong")
            self.dirty = True
            return False
        if isinstance(action, Play):
            self._uno_armed = False
            self._focus = None
        self._decision_key = (
            None if not isinstance(action, CallUno | CatchUno) else (self._decision_key)
        )
        self._legal_cache = None
        self._feed(events)
        return True

    def _feed(self, events: list[ev.Event]) -> None:
        if events:
            self.view.feed(events)
            self._synced = False
            self._quiet_s = 0.0
            self.dirty = True

    # ================================================================== frames

    def update(self, dt_s: float) -> None:
        self._t += dt_s
        self.animator.speed = getattr(self.services.settings, "animation_speed", 1.0)
        was_busy = self.animator.busy or bool(self._waiting)
        self._sched_s += dt_s * self.animator.speed
        self._release_waiting()
        self.animator.update(dt_s)
        if self._toast is not None:
            self._toast_s -= dt_s
            if self._toast_s <= 0:
                self._toast = None
                self.dirty = True
        self._advance()
        if self.quiet:
            self._quiet_s += dt_s
            if not self._synced:
                game = self.match.game
                if game is not None:
                    self.view.sync(game, self.match.totals)
                self._synced = True
                self._legal_cache = None
                self.dirty = True
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
        if type(step.event) is ev.ChallengeResolved:
            self._note_challenge(step.event)

        def finish() -> None:
            if step.on_done is not None:
                step.on_done()
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

    def _note_challenge(self, e: ev.ChallengeResolved) -> None:
        """Remember a challenge's result: a private panel for the challenger, a toast else."""
        amount = 0
        for later in self.view.queue:
            if type(later) is ev.CardsDrawn and later.reason == "challenge":
                amount = later.count
                break
        viewer = self.shown
        text = challenge_result_text(e, amount, viewer, self.names)
        challenger_here = viewer is not None and viewer == e.challenger
        if challenger_here:
            self._pending_result = (text, e.guilty, tuple(e.hand), self.names[e.offender])
        else:
            self._toast, self._toast_s = text, TOAST_S

    # ================================================================== when quiet

    def _after_quiet(self) -> None:
        match = self.match
        stack = self.stack
        if match.round_over:
            self._close_decision()
            if self._round_end is None and stack is not None and self._modal is None:
                self._round_end = _make_round_end(self.services, match, self._next_round)
                stack.push(self._round_end)
            return
        if self._pending_result is not None and self._modal is None and stack is not None:
            text, guilty, hand, owner = self._pending_result
            self._pending_result = None
            self._modal = ChallengeResultOverlay(
                self.services, text, guilty, hand, owner, on_close=self._modal_closed
            )
            stack.push(self._modal)
            return
        if self._update_holder():
            return
        if self._modal is None:
            self._refresh_decision()
        if self._quiet_s >= BEAT_S and self._handoff is None:
            self._feed(match.poll())

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
                self._holder = None
                self._layout_key = None
                self.dirty = True
            return False
        if target == self._holder:
            return False
        if target == self._last_holder:
            self._holder = target  # the same person again after computer turns
            self._layout_key = None
            self.dirty = True
            return False
        self._close_decision()
        self._holder = None
        self._layout_key = None
        self._handoff = HandoffOverlay(
            self.services, target, self.names[target], self._handoff_done, on_menu=self._open_pause
        )
        if self.stack is not None:
            self.stack.push(self._handoff)
        return True

    def _handoff_done(self, seat: int) -> None:
        self._handoff = None
        self._holder = self._last_holder = seat
        self._layout_key = None
        self._decision_key = None
        self._legal_cache = None
        self._uno_armed = False
        self._focus = None
        self.dirty = True

    def _modal_closed(self) -> None:
        self._modal = None
        self.dirty = True

    def _next_round(self, events: list[ev.Event]) -> None:
        """Called by the round end after `match.start_round()`: deal again, animated."""
        self._round_end = None
        self._decision_key = None
        self._uno_armed = False
        self._legal_cache = None
        self.view.state.scores = list(self.match.totals)
        self._feed(events)

    # ------------------------------------------------------------------ decisions

    def _desired_decision(self) -> tuple[Any, ...] | None:
        seat = self.shown
        if seat is None or self.match.human_to_act() != seat:
            return None
        obs = self.match.observation(seat)
        if obs.phase is Phase.DRAWN and obs.drawn_card is not None:
            return ("drawn", obs.drawn_card)
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
        if desired[0] == "drawn":
            card = desired[1]
            overlay: TableOverlay = PlayOrKeepOverlay(
                self.services,
                card,
                on_play=lambda: self._decided(lambda: self._try_play(card)),
                on_keep=lambda: self._decided(lambda: self._act(Pass(seat))),
            )
        else:
            _kind, amount, can_challenge, _top = desired
            legal = self._legal(seat)
            can_stack = any(type(a) is Play for a in legal)
            overlay = PenaltyOverlay(
                self.services,
                amount,
                self._offender_name(),
                can_challenge,
                can_stack,
                on_take=lambda: self._decided(lambda: self._act(Draw(seat))),
                on_challenge=lambda: self._decided(lambda: self._act(Challenge(seat))),
                anchor=self._banner_anchor,
            )
        self._decision_overlay = overlay
        self.stack.push(overlay)

    def _decided(self, then: Callable[[], Any]) -> None:
        """A decision overlay closed with a choice: forget it, then act."""
        self._decision_overlay = None
        self._decision_key = None
        then()
        self.dirty = True

    def _offender_name(self) -> str | None:
        game = self.match.game
        if game is None:
            return None
        for e in reversed(getattr(game, "log", ())):
            if type(e) is ev.CardPlayed:
                return self.names[e.seat]
        return None

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
            self.services.sounds.play("wrong")
            return
        uno = self._uno_armed and any(a.uno for a in plays)
        targets = sorted({a.target for a in plays if a.target is not None})

        def finish(color: Color | None, target: int | None) -> None:
            self._modal = None
            self._act(Play(seat, card, color, target, uno))

        def after_color(color: Color | None) -> None:
            self._modal = None
            if targets:
                self._choose_player(card, targets, lambda t: finish(color, t))
            else:
                finish(color, None)

        if card.is_wild:
            self._modal = ColorPickerOverlay(self.services, after_color, self._cancelled, card)
            if self.stack is not None:
                self.stack.push(self._modal)
            else:
                after_color(Color.RED)
        else:
            after_color(None)

    def _cancelled(self) -> None:
        self._modal = None
        self._decision_key = None  # a play-or-keep question comes back
        self.dirty = True

    def _choose_player(self, card: Card, targets: list[int], then: Callable[[int], None]) -> None:
        counts = self.view.state.counts()
        choices = [SeatChoice(t, self.names[t], counts[t]) for t in targets]
        if card.rank == "7":
            title = _("Swap hands with whom?")
        elif card.rank == "WS":
            title = _("Wild Swap Hands: swap with whom?")
        else:
            title = _("Choose a player")
        self._modal = ChoosePlayerOverlay(self.services, title, choices, then, self._cancelled)
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
        game = self.match.game
        if game is None or game.is_over:
            return None
        seat = self.shown
        if seat is not None:
            legal = self._legal(seat)
            if CallUno(seat) in legal:
                return ("call", seat)
            if game.hand_size(seat) == 2 and any(type(a) is Play and a.uno for a in legal):
                return ("arm", seat)
        for s in self.humans:  # pass-and-play: whoever just forgot may still say it
            if s != seat and CallUno(s) in game.legal_actions(s):
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
        game = self.match.game
        if game is None or game.catchable is None:
            return None
        target = game.catchable
        order = [s for s in (self.shown, self._last_holder) if s is not None] + self.humans
        for s in order:
            if s != target and CatchUno(s, target) in game.legal_actions(s):
                return CatchUno(s, target)
        return None

    def _press_catch(self) -> None:
        action = self._catch_action()
        if action is None:
            self.services.sounds.play("wrong")
            return
        self._act(action)

    def _open_pause(self) -> None:
        if self.stack is not None:
            self.stack.push(_make_pause(self.services, self.match))

    # ================================================================== input

    def _current_size(self) -> tuple[int, int]:
        if self._size is not None:
            return self._size
        surf = pygame.display.get_surface() if pygame.display.get_init() else None
        if surf is not None:
            return surf.get_size()
        return tuple(getattr(self.services.settings, "window_size", (1280, 720)))  # type: ignore[return-value]

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
        """The bottom hand as drawn: sorted faces when shown, else unknown backs."""
        hand = self.view.state.hands[self.bottom]
        if self.shown == self.bottom:
            known = sorted(c for c in hand if c is not None)
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
        for i, (r, c) in enumerate(zip(rects, cards)):
            lift = 0.0
            if c is not None and c in playable:
                lift = LIFT_HOVER if i in (hover, self._focus) else LIFT_PLAYABLE
            elif c is not None and i == hover:
                lift = LIFT_PEEK  # not playable now, but it still answers the pointer
            out.append(r.move(0, -round(r.h * lift)))
        return out

    def _buttons(self) -> list[Button]:
        """The side panel's buttons in their current state."""
        lay = self.layout
        assert lay is not None
        game = self.match.game
        seat = self.shown
        legal = self._legal(seat) if self.input_ok else []
        uno = self._uno_seat()
        uno_text = _("UNO!")
        b_uno = Button("uno", uno_text, lay.buttons["uno"], enabled=uno is not None, style="accent")
        b_catch = Button(
            "catch",
            _("Catch!"),
            lay.buttons["catch"],
            enabled=self._catch_action() is not None,
            style="danger",
        )
        draw_text = _("Draw")
        if game is not None and game.phase is Phase.PENALTY and seat == game.current:
            draw_text = _("Take {n}").format(n=game.pending)
        b_draw = Button(
            "draw", draw_text, lay.buttons["draw"], enabled=seat is not None and Draw(seat) in legal
        )
        b_pass = Button(
            "pass", _("Keep"), lay.buttons["pass"], enabled=seat is not None and Pass(seat) in legal
        )
        b_menu = Button("menu", _("Menu"), lay.buttons["menu"])
        return [b_uno, b_catch, b_draw, b_pass, b_menu]

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
            if 0 <= i < len(cards) and cards[i] is not None:
                self._try_play(cards[i])  # type: ignore[arg-type]
        elif kind == "pile" or target == ("button", "draw"):
            self._draw_card()
        elif target == ("button", "pass"):
            self._keep()

    def handle_event(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t in RESIZE_EVENTS:
            size = getattr(event, "size", None) or (event.x, event.y)
            self._size = (int(size[0]), int(size[1]))
            self._ensure_layout(self._size)
            self._bg = None
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
                self.services.sounds.play("wrong")
            return pressed is not None
        if t == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            self._open_pause()
            return True
        if key == pygame.K_u:
            self._press_uno()
            return True
        if key == pygame.K_c:
            self._press_catch()
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

    def _spot_pos(self, spot: Spot, landing: Card | None = None) -> tuple[int, int]:
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
            cards = sorted([c for c in hand if c is not None] + [card])
            rects = fan_rects(len(cards), lay.hand_rect, lay.card_w)
            return rects[cards.index(card)].center
        rects = fan_rects(len(hand) + 1, lay.hand_rect, lay.card_w)
        return rects[-1].center

    def _seat_rect(self, seat: int) -> pygame.Rect:
        lay = self.layout
        assert lay is not None
        spot = lay.seats[seat]
        if seat == self.bottom:
            return spot.name_rect
        return spot.name_rect.union(spot.cards_rect)

    def _thinking_seat(self) -> int | None:
        """The computer seat whose move is coming (for the thinking dots)."""
        game = self.match.game
        if game is None or game.is_over or not self.quiet:
            return None
        if self.match.is_human(game.current):
            return None
        return game.current

    def _background(self, lay: TableLayout) -> pygame.Surface:
        key = (lay.size, lay.table_rect.topleft, lay.table_rect.size, lay.panel_rect.size)
        if self._bg is not None and self._bg_key == key:
            return self._bg
        w, h = lay.size
        bg = pygame.Surface((w, h))
        bg.fill((12, 40, 30))
        # the felt: a soft light in the middle, darker towards the rim (smoothscaled)
        felt = lay.table_rect
        small = pygame.Surface((48, 32))
        light, dark = theme.TABLE_LIGHT_RGB, theme.TABLE_DARK_RGB
        for y in range(32):
            for x in range(48):
                dx, dy = (x - 23.5) / 24, (y - 15.5) / 16
                t = min(1.0, math.sqrt(dx * dx + dy * dy) / 1.25)
                t = t * t
                small.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in zip(light, dark)))
        grad = pygame.transform.smoothscale(small, felt.size)
        radius = max(12, round(28 * lay.scale))
        mask = pygame.Surface(felt.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        grad = grad.convert_alpha() if pygame.display.get_surface() else grad.convert_alpha(mask)
        grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        rim = felt.inflate(round(10 * lay.scale), round(10 * lay.scale))
        pygame.draw.rect(bg, (70, 44, 26), rim, border_radius=radius + 4)
        pygame.draw.rect(
            bg, (104, 68, 40), rim, max(2, round(3 * lay.scale)), border_radius=radius + 4
        )
        bg.blit(grad, felt)
        inner = felt.inflate(-round(16 * lay.scale), -round(16 * lay.scale))
        pygame.draw.rect(bg, (255, 255, 255), inner, 1, border_radius=radius)
        # a faint oval where the piles sit
        centre = lay.draw_pile.union(lay.discard_pile).inflate(
            round(lay.card_w * 1.4), round(lay.card_w * 0.5)
        )
        oval = pygame.Surface(centre.size, pygame.SRCALPHA)
        pygame.draw.ellipse(oval, (255, 255, 255, 16), oval.get_rect())
        pygame.draw.ellipse(oval, (255, 255, 255, 34), oval.get_rect(), 2)
        bg.blit(oval, centre)
        s = lay.scale
        draw_panel(bg, lay.panel_rect.inflate(round(8 * s), round(8 * s)), s, alpha=200)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            bg = bg.convert()
        self._bg, self._bg_key = bg, key
        return bg

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        # Clicks are hit-tested against what was drawn last, even when a resize event
        # never reached the table (a hand-off screen or a menu above it took it).
        self._size = size
        lay = self._ensure_layout(size)
        surface.blit(self._background(lay), (0, 0))
        s = lay.scale
        st = self.view.state
        self._draw_piles(surface, lay, st)
        self._draw_markers(surface, lay, st)
        for spot in lay.seats:
            if spot.seat != self.bottom:
                self._draw_seat(surface, lay, spot.seat)
        self._draw_bottom(surface, lay)
        self._draw_panel(surface, lay)
        self._draw_status(surface, lay)
        self.animator.draw(surface)
        if self._toast:
            self._draw_toast(surface, lay, s)

    # -- centre

    def _shadow(
        self, surface: pygame.Surface, rect: pygame.Rect, width: int, lift: float = 1.0
    ) -> None:
        fn = getattr(self.services.painter, "shadow", None)
        if fn is None:
            return
        img = fn(width)
        off = round(max(2, width * 0.05) * lift)
        surface.blit(img, img.get_rect(center=(rect.centerx + off // 2, rect.centery + off)))

    def _rotated(self, card: Card, width: int, angle: float) -> pygame.Surface:
        cache = self.__dict__.setdefault("_rot_cache", {})
        key = (card.code, width, angle, id(self.services.painter))
        img = cache.get(key)
        if img is None:
            if len(cache) > 120:
                cache.clear()
            img = pygame.transform.rotozoom(self.services.painter.face(card, width), angle, 1.0)
            cache[key] = img
        return img

    def _draw_piles(self, surface: pygame.Surface, lay: TableLayout, st: Any) -> None:
        painter = self.services.painter
        cw = lay.card_w
        # draw pile: a little stack, thicker with more cards
        pile = lay.draw_pile
        layers = 0 if st.pile_count <= 0 else min(4, 1 + st.pile_count // 25)
        if layers:
            self._shadow(surface, pile, cw)
            back = painter.back(cw)
            for i in range(layers):
                surface.blit(back, pile.move(-i * max(1, cw // 40), -i * max(1, cw // 30)))
            top = pile.move(-(layers - 1) * max(1, cw // 40), -(layers - 1) * max(1, cw // 30))
            if (
                self._hover == ("pile",)
                and self.input_ok
                and self.shown is not None
                and (Draw(self.shown) in self._legal(self.shown))
            ):
                glow = painter.highlight(cw)
                surface.blit(glow, glow.get_rect(center=top.center))
                surface.blit(back, top)
        else:
            pygame.draw.rect(surface, (255, 255, 255), pile, 2, border_radius=max(4, cw // 10))
        blit_text(
            surface,
            str(max(0, st.pile_count)),
            lay.font_px(0.8),
            theme.TEXT_DIM_RGB,
            midtop=(pile.centerx, pile.bottom + max(2, round(4 * lay.scale))),
        )
        # discard pile: the last few cards, each with its own tilt
        disc = lay.discard_pile
        if not st.discard:
            pygame.draw.rect(surface, (255, 255, 255), disc, 2, border_radius=max(4, cw // 10))
            return
        self._shadow(surface, disc, cw)
        first = max(0, len(st.discard) - 3)
        for i in range(first, len(st.discard)):
            img = self._rotated(st.discard[i], cw, discard_angle(i))
            surface.blit(img, img.get_rect(center=disc.center))

    def _draw_markers(self, surface: pygame.Surface, lay: TableLayout, st: Any) -> None:
        painter = self.services.painter
        s = lay.scale
        cm = lay.color_marker
        pygame.draw.circle(
            surface, (0, 0, 0), (cm.centerx, cm.centery + round(3 * s)), cm.w // 2 + 2
        )
        if st.active_color is not None:
            sw = painter.color_swatch(st.active_color, cm.w)
            surface.blit(sw, sw.get_rect(center=cm.center))
            pygame.draw.circle(
                surface, theme.TEXT_RGB, cm.center, cm.w // 2 + 2, max(2, round(3 * s))
            )
        else:  # a wild start card: any colour goes until someone names one
            for i, color in enumerate(Color):
                pygame.draw.arc(
                    surface,
                    theme.COLOR_RGB[color],
                    cm,
                    i * math.pi / 2,
                    (i + 1) * math.pi / 2,
                    max(3, cm.w // 6),
                )
            blit_text(surface, "?", round(cm.h * 0.6), bold=True, center=cm.center)
        blit_text(
            surface,
            _("Colour"),
            lay.font_px(0.7),
            theme.TEXT_DIM_RGB,
            midtop=(cm.centerx, cm.bottom + round(4 * s)),
        )
        dm = lay.direction_marker
        self._draw_direction(surface, dm, st.direction, s)
        label = _("Clockwise") if st.direction > 0 else _("Counter-clockwise")
        blit_text(
            surface,
            label,
            lay.font_px(0.7),
            theme.TEXT_DIM_RGB,
            midtop=(dm.centerx, dm.bottom + round(4 * s)),
            max_w=dm.w * 2,
        )

    def _draw_direction(
        self, surface: pygame.Surface, rect: pygame.Rect, direction: int, s: float
    ) -> None:
        cache = self.__dict__.setdefault("_dir_cache", {})
        key = (rect.size, direction)
        img = cache.get(key)
        if img is None:
            k = 3
            big = pygame.Surface((rect.w * k, rect.h * k), pygame.SRCALPHA)
            c = (rect.w * k / 2, rect.h * k / 2)
            r = rect.w * k * 0.36
            width = max(3, round(rect.w * k * 0.09))
            color = theme.TEXT_RGB
            for a0 in (0.0, math.pi):  # two arcs with arrowheads, like the printed card
                a1 = a0 + math.pi * 0.7
                pts = [
                    (
                        c[0] + r * math.cos(a0 + (a1 - a0) * i / 24),
                        c[1] - r * math.sin(a0 + (a1 - a0) * i / 24),
                    )
                    for i in range(25)
                ]
                if direction > 0:  # clockwise on screen: the arrow at the arc's start
                    pts.reverse()
                pygame.draw.lines(big, color, False, pts, width)
                tip_a = a1 if direction <= 0 else a0
                tip = (c[0] + r * math.cos(tip_a), c[1] - r * math.sin(tip_a))
                tangent = -1 if direction <= 0 else 1
                ta = tip_a - tangent * math.pi / 2
                dx, dy = math.cos(ta), -math.sin(ta)
                nx, ny = math.cos(tip_a), -math.sin(tip_a)
                size = width * 1.8
                head = [
                    (tip[0] + dx * size, tip[1] + dy * size),
                    (tip[0] + nx * size * 0.9, tip[1] + ny * size * 0.9),
                    (tip[0] - nx * size * 0.9, tip[1] - ny * size * 0.9),
                ]
                pygame.draw.polygon(big, color, head)
            img = pygame.transform.smoothscale(big, rect.size)
            cache[key] = img
        disc = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.ellipse(disc, (0, 0, 0, 60), disc.get_rect())
        surface.blit(disc, rect)
        surface.blit(img, rect)

    # -- seats

    def _plate(
        self, surface: pygame.Surface, lay: TableLayout, seat: int, rect: pygame.Rect, current: bool
    ) -> None:
        s = lay.scale
        radius = rect.h // 2
        surface.blit(self._plate_image(rect.size, current, s), rect)
        px = lay.font_px(0.85)
        score = str(self.match.totals[seat])
        score_img = text_image(
            score, px, theme.ACCENT_RGB if not current else theme.TEXT_RGB, bold=True
        )
        pad = max(6, radius // 2)
        surface.blit(score_img, score_img.get_rect(midright=(rect.right - pad, rect.centery)))
        name = self.names[seat]
        if not self.match.is_human(seat):
            name = f"{name}"
        blit_text(
            surface,
            name,
            px,
            theme.TEXT_RGB,
            bold=True,
            midleft=(rect.x + pad, rect.centery),
            max_w=rect.w - 2 * pad - score_img.get_width() - pad // 2,
        )

    def _plate_image(self, size: tuple[int, int], current: bool, s: float) -> pygame.Surface:
        """A seat's name plate (cached: ten of them are drawn every frame)."""
        cache = self.__dict__.setdefault("_plate_cache", {})
        key = (size, current, s)
        plate = cache.get(key)
        if plate is None:
            if len(cache) > 16:
                cache.clear()
            radius = size[1] // 2
            plate = pygame.Surface(size, pygame.SRCALPHA)
            fill = (*theme.PANEL_RGB, 220) if not current else (*theme.ACCENT_DARK_RGB, 235)
            pygame.draw.rect(plate, fill, plate.get_rect(), border_radius=radius)
            if current:
                width = max(2, round(2 * s))
                pygame.draw.rect(
                    plate, (*theme.ACCENT_RGB, 255), plate.get_rect(), width, border_radius=radius
                )
            cache[key] = plate
        return plate

    def _strip(self, sw: int, count: int, step: float) -> pygame.Surface:
        """`count` backs fanned by `step` pixels, as one picture (cached per count)."""
        cache = self.__dict__.setdefault("_strip_cache", {})
        key = (sw, count, round(step, 2), id(self.services.painter))
        img = cache.get(key)
        if img is None:
            if len(cache) > 64:
                cache.clear()
            back = self.services.painter.back(sw)
            width = round(sw + step * (count - 1)) + 1
            img = pygame.Surface((width, back.get_height()), pygame.SRCALPHA)
            for i in range(count):
                img.blit(back, (round(i * step), 0))
            cache[key] = img
        return img

    def _draw_seat(self, surface: pygame.Surface, lay: TableLayout, seat: int) -> None:
        spot = lay.seats[seat]
        st = self.view.state
        current = st.current == seat and not st.round_over
        self._plate(surface, lay, seat, spot.name_rect, current)
        area = spot.cards_rect
        n = len(st.hands[seat])
        sw = lay.small_card_w
        shown_n = min(n, MAX_BACKS)
        if shown_n:
            badge_w = round(sw * 0.9)
            room = area.w - badge_w
            step = min(sw * 0.55, (room - sw) / max(1, shown_n - 1)) if shown_n > 1 else 0
            total = sw + step * (shown_n - 1)
            x0 = area.x + (room - total) / 2
            surface.blit(self._strip(sw, shown_n, step), (round(x0), area.y))
            bx = round(x0 + total + badge_w * 0.45)
        else:
            bx = area.centerx
        # the card count
        r = max(9, round(sw * 0.36))
        cy = area.bottom - r
        pygame.draw.circle(surface, (0, 0, 0), (bx + 1, cy + 2), r)
        pygame.draw.circle(surface, theme.TEXT_RGB, (bx, cy), r)
        blit_text(
            surface, str(n), round(r * 1.35), theme.TEXT_DARK_RGB, bold=True, center=(bx, cy + 1)
        )
        if st.uno[seat] and n == 1:
            self._uno_badge(surface, lay, (area.centerx, area.top + r))
        if self._thinking_seat() == seat:
            self._dots(surface, lay, (spot.name_rect.centerx, spot.name_rect.bottom))

    def _uno_badge(
        self, surface: pygame.Surface, lay: TableLayout, center: tuple[int, int]
    ) -> None:
        img = text_image(_("UNO!"), lay.font_px(0.9), theme.TEXT_DARK_RGB, bold=True)
        rect = img.get_rect(center=center).inflate(round(14 * lay.scale), round(6 * lay.scale))
        pygame.draw.rect(surface, theme.ACCENT_RGB, rect, border_radius=rect.h // 2)
        surface.blit(img, img.get_rect(center=rect.center))

    def _dots(self, surface: pygame.Surface, lay: TableLayout, at: tuple[int, int]) -> None:
        r = max(2, round(3.5 * lay.scale))
        for i in range(3):
            k = 0.5 + 0.5 * math.sin(self._t * 6 - i * 0.9)
            col = tuple(
                round(a + (b - a) * k) for a, b in zip(theme.TEXT_DIM_RGB, theme.ACCENT_RGB)
            )
            pygame.draw.circle(surface, col, (at[0] + (i - 1) * r * 3, at[1] + r * 2), r)

    def _draw_bottom(self, surface: pygame.Surface, lay: TableLayout) -> None:
        seat = self.bottom
        st = self.view.state
        spot = lay.seats[seat]
        current = st.current == seat and not st.round_over
        self._plate(surface, lay, seat, spot.name_rect, current)
        if st.uno[seat] and len(st.hands[seat]) == 1:
            self._uno_badge(
                surface, lay, (spot.name_rect.right + round(34 * lay.scale), spot.name_rect.centery)
            )
        cards = self._hand_cards()
        if not cards:
            return
        painter = self.services.painter
        playable = self._playable()
        rects = self._hand_rects(cards, playable)
        cw = rects[0].w
        turn = self.input_ok and self.shown == seat and self.match.human_to_act() == seat
        dimmer = self.__dict__.get("_dimmer")
        if dimmer is None or dimmer.get_width() != cw:
            dimmer = pygame.Surface(rects[0].size, pygame.SRCALPHA)
            pygame.draw.rect(
                dimmer, (10, 20, 16, 120), dimmer.get_rect(), border_radius=max(3, cw // 10)
            )
            self.__dict__["_dimmer"] = dimmer
        for i, (card, rect) in enumerate(zip(cards, rects)):
            self._shadow(surface, rect, cw, 1.6 if rect.y < rects[0].y + 1 else 1.0)
            if card is None:
                surface.blit(painter.back(cw), rect)
                continue
            if card in playable:
                glow = painter.highlight(cw)
                surface.blit(glow, glow.get_rect(center=rect.center))
            surface.blit(painter.face(card, cw), rect)
            if turn and card not in playable:
                surface.blit(dimmer, rect)
            if i == self._focus:
                pygame.draw.rect(
                    surface,
                    theme.ACCENT_RGB,
                    rect.inflate(6, 6),
                    max(2, round(3 * lay.scale)),
                    border_radius=max(4, cw // 9),
                )

    # -- side panel

    def _draw_panel(self, surface: pygame.Surface, lay: TableLayout) -> None:
        s = lay.scale
        st = self.view.state
        score_key = (
            lay.scores_rect.size,
            tuple(st.counts()),
            tuple(self.match.totals),
            st.current,
            st.round_over,
            language(),
        )
        self._blit_cached(
            surface,
            "scores",
            lay.scores_rect,
            score_key,
            lambda surf, r: self._draw_scores(surf, lay, r),
        )
        hints = self._hint_lines(lay)
        hint_px = self._hint_px(lay)
        hint_h = len(hints) * round(hint_px * 1.15) + round(6 * s)
        log_rect = lay.log_rect.copy()
        log_rect.h = max(0, log_rect.h - hint_h)
        log_key = (log_rect.size, tuple(st.log))
        self._blit_cached(
            surface, "log", log_rect, log_key, lambda surf, r: self._draw_log(surf, lay, r)
        )
        y = log_rect.bottom + round(4 * s)
        for line in hints:
            blit_text(surface, line, hint_px, theme.TEXT_DIM_RGB, midtop=(log_rect.centerx, y))
            y += round(hint_px * 1.15)
        hover = self._hover[1] if self._hover and self._hover[0] == "button" else None
        for b in self._buttons():
            if b.key == "uno" and self._uno_armed:
                glow = b.rect.inflate(round(10 * s), round(10 * s))
                pygame.draw.rect(surface, theme.HIGHLIGHT_RGB, glow, border_radius=glow.h // 2)
            pressed = self._pressed == ("button", b.key)
            draw_button(surface, b, s, hover=b.key == hover, pressed=pressed)

    def _hint_px(self, lay: TableLayout) -> int:
        return max(10, lay.font_px(0.6))

    def _hint_lines(self, lay: TableLayout) -> list[str]:
        """The keyboard hint under the log, wrapped to the panel (cached per size/language)."""
        text = _(
            "Keys: arrows and Enter play a card · D draw · K keep · T take · H challenge · "
            "U UNO · C catch · Esc menu"
        )
        px = self._hint_px(lay)
        width = lay.log_rect.w - round(8 * lay.scale)
        key = (text, px, width)
        lines = self._wrap_cache.get(key)
        if lines is None:
            lines = self._wrap_cache[key] = wrap(text, px, width)
        return lines

    def _blit_cached(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        key: tuple[Any, ...],
        paint: Callable[[pygame.Surface, pygame.Rect], None],
    ) -> None:
        """Blit a panel part drawn once per change (the scores and the log are many texts)."""
        cache = self.__dict__.setdefault("_part_cache", {})
        entry = cache.get(name)
        if entry is None or entry[0] != key:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            paint(img, img.get_rect())
            entry = cache[name] = (key, img)
        surface.blit(entry[1], rect)

    def _draw_scores(self, surface: pygame.Surface, lay: TableLayout, r: pygame.Rect) -> None:
        rows = self.n + 1
        row_h = r.h // rows
        px = max(10, round(row_h * 0.78))
        st = self.view.state
        blit_text(surface, _("Player"), px, theme.TEXT_DIM_RGB, midleft=(r.x + 6, r.y + row_h // 2))
        blit_text(
            surface, _("Score"), px, theme.TEXT_DIM_RGB, midright=(r.right - 6, r.y + row_h // 2)
        )
        blit_text(
            surface, _("Cards"), px, theme.TEXT_DIM_RGB, center=(r.x + r.w * 0.62, r.y + row_h // 2)
        )
        name_x = r.x + max(8, px // 3 + 5)  # room for the turn arrow at any scale
        for seat in range(self.n):
            y = r.y + row_h * (seat + 1) + row_h // 2
            current = st.current == seat and not st.round_over
            color = theme.ACCENT_RGB if current else theme.TEXT_RGB
            if current:
                pygame.draw.polygon(
                    surface,
                    theme.ACCENT_RGB,
                    [(r.x, y - px // 4), (r.x + px // 3, y), (r.x, y + px // 4)],
                )
            blit_text(
                surface,
                self.names[seat],
                px,
                color,
                bold=current,
                midleft=(name_x, y),
                max_w=round(r.w * 0.5),
            )
            blit_text(
                surface,
                str(len(st.hands[seat])),
                px,
                theme.TEXT_DIM_RGB,
                center=(r.x + r.w * 0.62, y),
            )
            blit_text(
                surface,
                str(self.match.totals[seat]),
                px,
                color,
                bold=True,
                midright=(r.right - 6, y),
            )

    def _draw_log(self, surface: pygame.Surface, lay: TableLayout, r: pygame.Rect) -> None:
        s = lay.scale
        pygame.draw.line(surface, theme.PANEL_BORDER_RGB, (r.x + 4, r.y), (r.right - 4, r.y), 1)
        px = max(10, round(lay.line_h * 0.82))
        line_h = round(px * 0.95)
        width = r.w - round(10 * s)
        lines: list[tuple[str, int]] = []
        entries = list(self.view.state.log)
        for age, entry in enumerate(reversed(entries)):
            wkey = (entry, px, width)
            wrapped = self._wrap_cache.get(wkey)
            if wrapped is None:
                if len(self._wrap_cache) > 200:
                    self._wrap_cache.clear()
                wrapped = self._wrap_cache[wkey] = wrap(entry, px, width)
            for line in reversed(wrapped):
                lines.append((line, age))
            if len(lines) * line_h > r.h:
                break
        y = r.bottom - line_h
        for line, age in lines:
            if y < r.y + 4:
                break
            k = min(1.0, age / 6)
            color = tuple(round(a + (b - a) * k) for a, b in zip(theme.TEXT_RGB, (110, 140, 124)))
            blit_text(surface, line, px, color, topleft=(r.x + round(6 * s), y))  # type: ignore[arg-type]
            y -= line_h

    def _status_text(self) -> str:
        st = self.view.state
        match = self.match
        if st.round_over:
            if st.winner is None:
                return _("Nobody can play: the round is over.")
            return _("{name} wins the round!").format(name=self.names[st.winner])
        if not self.quiet:
            return ""
        game = match.game
        if game is None:
            return ""
        cur = game.current
        if cur == self.shown:
            if game.phase is Phase.PENALTY:
                return _("{n} cards wait for you").format(n=game.pending)
            if game.phase is Phase.DRAWN:
                return _("Play the card you drew, or keep it")
            if len(self.humans) == 1:
                return _("Your turn: play a glowing card or draw")
            return _("{name}, your turn: play a card or draw").format(name=self.names[cur])
        if not match.is_human(cur):
            return _("{name} is thinking…").format(name=self.names[cur])
        return _("{name}'s turn").format(name=self.names[cur])

    def _draw_status(self, surface: pygame.Surface, lay: TableLayout) -> None:
        text = self._status_text()
        if not text:
            return
        r = lay.status_rect
        px = lay.font_px(1.0)
        img = text_image(text, px, theme.TEXT_RGB, bold=True)
        pill = img.get_rect(center=r.center).inflate(round(24 * lay.scale), round(8 * lay.scale))
        pill.w = min(pill.w, lay.table_rect.w)
        pill.centerx = r.centerx
        bg = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 90), bg.get_rect(), border_radius=pill.h // 2)
        surface.blit(bg, pill)
        blit_text(
            surface, text, px, theme.TEXT_RGB, bold=True, center=pill.center, max_w=pill.w - 10
        )

    def _draw_toast(self, surface: pygame.Surface, lay: TableLayout, s: float) -> None:
        text = self._toast or ""
        px = lay.font_px(1.3)
        img = text_image(text, px, theme.TEXT_RGB, bold=True)
        box = img.get_rect().inflate(round(40 * s), round(22 * s))
        box.w = min(box.w, lay.table_rect.w - 20)
        box.center = (lay.table_rect.centerx, lay.discard_pile.centery)
        draw_panel(surface, box, s, border=theme.ACCENT_RGB)
        blit_text(surface, text, px, theme.TEXT_RGB, bold=True, center=box.center, max_w=box.w - 16)
