"""The table's events told on screen, one animation step at a time: cards in flight,
pauses to read, a seat's plate pulsing.

`ShownTable` (`ui/table/shown.py`) turns the events into steps; `Flights` starts each step
on the animator when nothing is in flight, waits for its cards to land, and then tells
the scene what the step showed (a big moment, a challenge's result, a private result
shown to the viewer as it flies in).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from uno_desktop.engine import Card
from uno_desktop.render.animator import Animator
from uno_desktop.render.layout import TableLayout, fan_rects
from uno_desktop.render.tween import ease_in_out_cubic, ease_out_cubic
from uno_desktop.ui.moments import Moments
from uno_desktop.ui.table.events import (
    ChallengeNote,
    add_moment,
    challenge_note,
    is_private_for,
    pulse_rgb,
)
from uno_desktop.ui.table.holder import ScreenHolder
from uno_desktop.ui.table.paint.centre import discard_angle
from uno_desktop.ui.table.shown import Flight, ShownTable, Spot, Step

if TYPE_CHECKING:
    from uno_desktop.engine import events as ev
    from uno_desktop.ui.services import Services

#: steps started in one frame at most (steps without cards start at once)
MAX_STEPS = 200

_BLANK: list[pygame.Surface] = []


def _blank() -> pygame.Surface:
    """A 1x1 transparent picture: the image of a hold (made on first use, not at import)."""
    if not _BLANK:
        _BLANK.append(pygame.Surface((1, 1), pygame.SRCALPHA))
    return _BLANK[0]


class Stage(Protocol):
    """What the flights ask of the table they fly over."""

    dirty: bool
    layout: TableLayout | None
    fresh_hand: bool  # the viewer received a whole hand: it glows once its faces are known
    delivered: list[tuple[int, ev.Event]]  # every private result shown, with its seat

    def note_challenge(self, note: ChallengeNote) -> None: ...


class Flights:
    """Starts the steps of the table as shown (`view`) and flies their cards on
    `animator`, over the `stage` as `holder` sees it."""

    def __init__(
        self,
        stage: Stage,
        holder: ScreenHolder,
        view: ShownTable,
        animator: Animator,
        moments: Moments,
        services: Services,
    ) -> None:
        self.stage = stage
        self.holder = holder
        self.view = view
        self.animator = animator
        self.moments = moments
        self.services = services
        #: flights waiting for their start: (start time on `sched_s`, flight, when landed)
        self.waiting: list[tuple[float, Flight, Callable[[], None]]] = []
        self.sched_s = 0.0

    def tick(self, dt_s: float) -> None:
        """Time goes on (scaled by the animation speed): start the flights now due."""
        self.sched_s += dt_s
        if not self.waiting:
            return
        due = [w for w in self.waiting if w[0] <= self.sched_s + 1e-9]
        if not due:
            return
        self.waiting = [w for w in self.waiting if w[0] > self.sched_s + 1e-9]
        for _at, f, then in due:
            self._fly(f, then)

    def advance(self) -> bool:
        """Start the next steps while nothing is in flight; True when one started."""
        started = False
        for _step in range(MAX_STEPS):
            if not (self.animator.idle and not self.waiting):
                break
            step = self.view.next_step(self.holder.holder)
            if step is None:
                break
            started = True
            self._start(step)
        return started

    def _start(self, step: Step) -> None:
        t = self.stage
        t.dirty = True
        if step.sound:
            self.services.sounds.play(step.sound)
        if step.pulse_seat is not None and t.layout is not None:
            self.animator.pulse(self.seat_rect(step.pulse_seat), pulse_rgb(step.event), 0.6)
        viewer = self.holder.holder
        note = challenge_note(step.event, self.view.queue, viewer, self.holder.names)
        if note is not None:
            t.note_challenge(note)
        elif viewer is not None and is_private_for(step.event, viewer):
            t.delivered.append((viewer, step.event))  # shown as it flies in

        def finish() -> None:
            if step.on_done is not None:
                step.on_done()
            st = self.view.state
            if add_moment(
                self.moments,
                step.event,
                st.top_card,
                self.holder.names,
                self.view.you,
                self.holder.holder,
            ):
                t.fresh_hand = True  # its faces are known when the table syncs
            if step.hold_s > 0:
                self._hold(step.hold_s)
            t.dirty = True

        if not step.flights or t.layout is None:
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
                self.waiting.append((self.sched_s + f.delay_s, f, landed))
            else:
                self._fly(f, landed)

    def _hold(self, hold_s: float) -> None:
        """A pause after a step (time to read a skip, a colour) that keeps the animator busy.

        A hold is an invisible flight, so `animator.idle` is true only when the table has
        caught up with the game: a screenshot taken or input accepted then never shows a
        half-told turn (the skipped seat still marked as the one to play, say).
        """

        def held() -> None:
            self.stage.dirty = True

        self.animator.fly(_blank(), (0, 0), (0, 0), duration_s=hold_s, on_done=held)

    def _fly(self, f: Flight, then: Callable[[], None] | None) -> None:
        t = self.stage
        lay = t.layout
        assert lay is not None
        painter = self.services.painter
        bottom = self.holder.bottom
        to_other = (f.src.kind == "seat" and f.src.seat != bottom) or (
            f.dst.kind == "seat" and f.dst.seat != bottom
        )
        w = lay.small_card_w if to_other else lay.card_w
        start_img = painter.face(f.start_face, w) if f.start_face else painter.back(w)
        flip_to = None
        if f.end_face is not None and f.start_face is None:
            flip_to = painter.face(f.end_face, w)
        elif f.end_face is None and f.start_face is not None:
            flip_to = painter.back(w)
        discard = len(self.view.state.discard)
        end_angle = discard_angle(discard) if f.dst.kind == "discard" else 0.0
        start_angle = discard_angle(max(0, discard - 2)) if f.src.kind == "discard" else 0.0

        def land() -> None:
            if f.on_land is not None:
                f.on_land()
            if then is not None:
                then()
            t.dirty = True

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

    def path_rects(self, samples: int = 8) -> list[pygame.Rect]:
        """Where cards will fly: those in the air (`Animator.path_rects`) and those waiting
        for their start, from their source to where they land."""
        t = self.stage
        out = self.animator.path_rects(samples)
        lay = t.layout
        if lay is None:
            return out
        side = lay.card_h
        for _at, f, _then in self.waiting:
            (x0, y0), (x1, y1) = self._spot_pos(f.src), self._spot_pos(f.dst, f.end_face)
            for i in range(samples + 1):
                k = i / samples
                x, y = x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
                out.append(pygame.Rect(round(x - side / 2), round(y - side / 2), side, side))
        return out

    def _spot_pos(self, spot: Spot, landing: Card | None = None) -> tuple[int, int]:
        """Where `spot` is on screen: a pile's centre, a seat's strip, a card's place."""
        t = self.stage
        lay = t.layout
        assert lay is not None
        if spot.kind == "pile":
            return lay.draw_pile.center
        if spot.kind == "discard":
            return lay.discard_pile.center
        seat = spot.seat
        if seat != self.holder.bottom:
            return lay.seats[seat].cards_rect.center
        hand = self.view.state.hands[seat]
        card = spot.card or landing
        if self.holder.holder == seat and card is not None:
            cards = sorted([c for c in hand if c is not None] + [card], key=Card.sort_key)
            rects = fan_rects(len(cards), lay.hand_rect, lay.card_w)
            return rects[cards.index(card)].center
        rects = fan_rects(len(hand) + 1, lay.hand_rect, lay.card_w)
        return rects[-1].center

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Where `seat` is on screen: its name plate, with its cards unless at the bottom."""
        lay = self.stage.layout
        assert lay is not None
        spot = lay.seats[seat]
        if seat == self.holder.bottom:
            return spot.name_rect
        return spot.name_rect.union(spot.cards_rect)
