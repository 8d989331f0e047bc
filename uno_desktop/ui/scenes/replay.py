"""A recorded round played again on the table, every hand face up.

The round is over, so nothing is secret: every seat's cards are shown. The scene reads
a `Replay` (rebuilt from the record, never the live match: a replay changes neither the
statistics nor the saved match), paints it with the table painter and shows the log up
to the step on screen. Space plays or pauses, Left and Right step back and forward,
Up and Down change the speed (0.5x to 4x), Home and End go to the deal and the end, Esc
leaves; the panel has the same buttons.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import Card
from uno_desktop.lang.i18n import N_, _, decimal, language
from uno_desktop.play.replay import Replay, ReplayState
from uno_desktop.play.seats import SeatNames
from uno_desktop.render import theme
from uno_desktop.render.cards import CardPainter
from uno_desktop.render.layout import TableLayout, fan_rects, table_layout
from uno_desktop.ui.kit import Button, Dialog, wrap_words
from uno_desktop.ui.table.frame import HandCard, SeatFrame, TableFrame
from uno_desktop.ui.table.paint.layer import Ink
from uno_desktop.ui.table.paint.marks import paint_uno_badge
from uno_desktop.ui.table.paint.painter import TablePainter
from uno_desktop.ui.table.paint.panel import PanelPainter
from uno_desktop.view.narration import log_lines, round_end_line

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services

#: playback speeds offered, slowest first
SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
#: seconds between two steps at speed 1
STEP_S = 1.0
#: log lines kept on screen at most
LOG_LINES = 60


class FaceUpPainter(TablePainter):
    """The table painter with every seat's cards face up (for replays only: the live
    table's frames never hold another seat's cards)."""

    def __init__(self) -> None:
        super().__init__()
        self.faces: tuple[tuple[Card, ...], ...] = ()

    def _state_key(self) -> tuple[object, ...]:
        return self.faces

    def _draw_seat(
        self, surface: pygame.Surface, frame: TableFrame, cards: CardPainter, seat: SeatFrame
    ) -> pygame.Rect:
        lay = frame.layout
        spot = lay.seats[seat.seat]
        ink = Ink()
        ink.add(self.seats.plate(surface, lay, seat))
        hand = self.faces[seat.seat] if seat.seat < len(self.faces) else ()
        area = spot.cards_rect
        sw = lay.small_card_w
        if hand:
            step = min(sw * 0.6, (area.w - sw) / max(1, len(hand) - 1)) if len(hand) > 1 else 0
            x0 = area.x + (area.w - (sw + step * (len(hand) - 1))) / 2
            for i, card in enumerate(hand):
                ink.add(surface.blit(cards.face(card, sw), (round(x0 + i * step), area.y)))
        if seat.uno and len(hand) == 1:
            ink.add(paint_uno_badge(surface, lay, (area.centerx, area.bottom)))
        return ink.rect


class ReplayScene(Dialog):
    """Plays `replay` on the table, from the deal (playing at once unless `autoplay` is
    False)."""

    title = N_("Replay")

    def __init__(self, services: Services, replay: Replay, *, autoplay: bool = True) -> None:
        self.replay = replay
        record = replay.record
        self.names = SeatNames(record.names)  # a name the game gave, in today's language
        self.n = len(self.names)
        humans = [s for s, spec in enumerate(record.seats) if spec.is_human]
        self.bottom = humans[0] if humans else 0
        self.step = 0
        self.playing = autoplay
        self.speed = 1.0
        self._clock_s = 0.0
        self._painter = FaceUpPainter()
        self._lay: TableLayout | None = None
        self._state: ReplayState = replay.state(0)
        super().__init__(services)

    # -- widgets

    def build(self) -> None:
        self.play_button = Button(
            lambda: _("Pause") if self.playing else _("Play"),
            self.toggle,
            style="primary",
            key="play",
        )
        self.back_button = Button(N_("Step back"), self.step_back, key="back")
        self.forward_button = Button(N_("Step forward"), self.step_forward, key="forward")
        self.slower_button = Button(N_("Slower"), self.slower, key="slower")
        self.faster_button = Button(N_("Faster"), self.faster, key="faster")
        self.leave_button = Button(N_("Leave replay"), self.back, key="leave")
        self.group.set_widgets(
            [
                self.play_button,
                self.back_button,
                self.forward_button,
                self.slower_button,
                self.faster_button,
                self.leave_button,
            ]
        )

    def layout(self, size: tuple[int, int], scale: float) -> None:
        lay = table_layout(self.n, self.bottom, size, self._ui_scale())
        b = lay.buttons
        gap = b["draw"].y - b["uno"].bottom
        play = pygame.Rect(b["uno"].x, 0, b["catch"].right - b["uno"].x, b["uno"].h)
        play.bottom = b["uno"].y - gap
        # the log (and its key hint) ends above the play button
        log = lay.log_rect
        self._lay = dataclasses.replace(
            lay, log_rect=pygame.Rect(log.x, log.y, log.w, max(0, play.y - gap - log.y))
        )
        self._painter.forget_background()
        self.play_button.rect = play
        self.back_button.rect = b["uno"].copy()
        self.forward_button.rect = b["catch"].copy()
        self.slower_button.rect = b["draw"].copy()
        self.faster_button.rect = b["pass"].copy()
        self.leave_button.rect = b["menu"].copy()
        for w in self.group.widgets:
            w.scale = lay.scale
        self._update_enabled()

    # -- controls

    def toggle(self) -> None:
        if not self.playing and self.step >= self.replay.steps:
            self.go(0)  # at the end, Play starts over
        self.playing = not self.playing
        self._clock_s = 0.0
        self.dirty = True

    def step_back(self) -> None:
        self.playing = False
        self.go(self.step - 1)

    def step_forward(self) -> None:
        self.playing = False
        self.go(self.step + 1)

    def faster(self) -> None:
        i = SPEEDS.index(self.speed)
        self.speed = SPEEDS[min(len(SPEEDS) - 1, i + 1)]
        self._update_enabled()
        self.dirty = True

    def slower(self) -> None:
        i = SPEEDS.index(self.speed)
        self.speed = SPEEDS[max(0, i - 1)]
        self._update_enabled()
        self.dirty = True

    def go(self, step: int) -> None:
        """Show the table after `step` actions (kept within the round)."""
        step = max(0, min(self.replay.steps, step))
        if step != self.step:
            self.step = step
            self._state = self.replay.state(step)
        if step >= self.replay.steps:
            self.playing = False
        self._update_enabled()
        self.dirty = True

    def _update_enabled(self) -> None:
        self.back_button.enabled = self.step > 0
        self.forward_button.enabled = self.step < self.replay.steps
        self.slower_button.enabled = self.speed > SPEEDS[0]
        self.faster_button.enabled = self.speed < SPEEDS[-1]

    def back(self) -> None:
        """Leave: back to where the replay was opened (the title when it was the first
        screen, as from the command line)."""
        stack = self.stack
        if stack is not None and len(stack.scenes) == 1 and stack.top is self:
            stack.clear_to(self.services.scenes.title())  # not `closed`: that pops once more
            return
        self.close()

    def shortcut(self, event: pygame.event.Event) -> bool:
        actions: dict[int, Callable[[], None]] = {
            pygame.K_SPACE: self.toggle,
            pygame.K_LEFT: self.step_back,
            pygame.K_RIGHT: self.step_forward,
            pygame.K_UP: self.faster,
            pygame.K_DOWN: self.slower,
            pygame.K_HOME: lambda: self.go(0),
            pygame.K_END: lambda: self.go(self.replay.steps),
        }
        action = actions.get(event.key)
        if action is None:
            return False
        action()
        return True

    # -- time

    @property
    def animating(self) -> bool:
        return self.playing and not self.closed

    def update(self, dt_s: float) -> None:
        super().update(dt_s)
        if not self.playing or self.closed:
            return
        self._clock_s += dt_s * self.speed
        while self.playing and self._clock_s >= STEP_S:
            self._clock_s -= STEP_S
            self.go(self.step + 1)

    # -- what is shown

    @property
    def state(self) -> ReplayState:
        return self._state

    def log_lines(self) -> list[str]:
        """The log up to the step on screen (what a player at the table read by then)."""
        return log_lines(self.replay.events_upto(self.step), self.names)[-LOG_LINES:]

    def status_text(self) -> str:
        return _("Replay of round {n}: step {k} of {total}, speed {speed}x").format(
            n=self.replay.record.round_no,
            k=self.step,
            total=self.replay.steps,
            speed=decimal(self.speed, 0 if self.speed.is_integer() else 1),
        )

    def hint_lines(self, lay: TableLayout) -> list[str]:
        text = _("Keys: Space play or pause · Left and Right step · Up and Down speed · Esc leave")
        px = PanelPainter.hint_px(lay)
        return wrap_words(text, px, lay.log_rect.w - round(8 * lay.scale))

    def frame(self, size: tuple[int, int]) -> TableFrame:
        lay = self._lay
        if lay is None or lay.size != size:
            self.relayout(size)
            lay = self._lay
        assert lay is not None
        st = self._state
        record = self.replay.record
        over = st.over
        seats = tuple(
            SeatFrame(
                seat=s,
                name=self.names[s],
                score=record.scores_before[s] + (st.points[s] if over else 0),
                count=len(st.hands[s]),
                current=st.current == s and not over,
                uno=st.uno[s],
                thinking=False,
            )
            for s in range(self.n)
        )
        mine = sorted(st.hands[self.bottom], key=Card.sort_key)
        hand = tuple(
            HandCard(card=c, rect=r)
            for c, r in zip(mine, fan_rects(len(mine), lay.hand_rect, lay.card_w))
        )
        first = max(0, len(st.discard) - 3)
        toast = round_end_line(st.winner, self.names) if over else None
        return TableFrame(
            layout=lay,
            bottom=self.bottom,
            seats=seats,
            hand=hand,
            discard=tuple((i, st.discard[i]) for i in range(first, len(st.discard))),
            pile_count=st.pile_count,
            pile_glow=False,
            active_color=st.active_color,
            direction=st.direction,
            log=tuple(self.log_lines()),
            hints=tuple(self.hint_lines(lay)),
            buttons=(),
            status=self.status_text(),
            toast=toast,
            sprites=(),
            time_s=0.0,
            language=language(),
        )

    def draw_content(self, surface: pygame.Surface) -> None:
        frame = self.frame(surface.get_size())
        self._painter.faces = tuple(tuple(sorted(h, key=Card.sort_key)) for h in self._state.hands)
        self._painter.paint(surface, frame, self.services.painter)
        self._draw_progress(surface, frame.layout)

    def _draw_progress(self, surface: pygame.Surface, lay: TableLayout) -> None:
        """A thin bar over the status line: how far into the round the replay is."""
        r = lay.status_rect
        h = max(3, round(4 * lay.scale))
        bar = pygame.Rect(r.x, r.y - h - round(6 * lay.scale), r.w, h)
        pygame.draw.rect(surface, theme.PANEL_BORDER_RGB, bar, border_radius=h // 2)
        done = bar.copy()
        done.w = round(bar.w * self.step / max(1, self.replay.steps))
        if done.w:
            pygame.draw.rect(surface, theme.ACCENT_RGB, done, border_radius=h // 2)


__all__ = ["FaceUpPainter", "ReplayScene"]
