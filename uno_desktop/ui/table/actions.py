"""What a person's choice at the table does: engine actions, and the dialogs that ask first.

`TableActions` turns "play this card", "draw", "keep", "UNO", "catch" into the match's
actions for the viewer's seat, opening the colour and player pickers a card needs on the
way, refusing a card that cannot be played with one line of why, and keeping the
decision dialog of the viewer's turn (play-or-keep a drawn card, the penalty banner) in
step with the game. It never reads the pointer or the keys (`ui/table/input.py` does).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from uno_desktop.engine import (
    Action,
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
from uno_desktop.lang.i18n import _
from uno_desktop.ui.table.dialogs import PenaltyOverlay, PlayOrKeepOverlay, TableOverlay
from uno_desktop.ui.table.events import offender_name
from uno_desktop.ui.table.pickers import ChoosePlayerOverlay, ColorPickerOverlay, SeatChoice
from uno_desktop.view import seat_view
from uno_desktop.view.narration import challenge_costs, play_refusal

if TYPE_CHECKING:
    import pygame

    from uno_desktop.play.tutorial import Coach
    from uno_desktop.ui.moments import Moments
    from uno_desktop.ui.scene import Scene, SceneStack
    from uno_desktop.ui.services import Services
    from uno_desktop.ui.table.focus import TableFocus
    from uno_desktop.ui.table.hint import TableHints
    from uno_desktop.ui.table.holder import ScreenHolder
    from uno_desktop.ui.table.shown import ShownTable
    from uno_desktop.ui.table.source import TableSource

#: how long the reason a card cannot be played stays in the status line
WHY_S = 2.4


@dataclass(frozen=True)
class DrawnQuestion:
    """The card just drawn can be played: play it or keep it?"""

    card: Card


@dataclass(frozen=True)
class PenaltyQuestion:
    """Cards wait for the viewer: take them, challenge, or stack on them?"""

    amount: int
    can_challenge: bool
    kind: str | None


Question = DrawnQuestion | PenaltyQuestion


class Desk(Protocol):
    """What the actions ask of the table: its dialogs, its hints, the new events, and
    where a dialog about a card or the penalty banner goes."""

    dirty: bool
    stack: SceneStack | None
    modal: Scene | None  # a dialog the person reads first
    hints: TableHints

    def pull(self) -> None: ...
    def my_turn(self) -> bool: ...
    def piles_anchor(self) -> tuple[pygame.Rect, pygame.Rect]: ...
    def banner_anchor(self) -> tuple[pygame.Rect, pygame.Rect]: ...


class TableActions:
    """The viewer's actions and the dialogs they open, on `table`."""

    def __init__(
        self,
        table: Desk,
        holder: ScreenHolder,
        match: TableSource,
        coach: Coach | None,
        view: ShownTable,
        focus: TableFocus,
        moments: Moments,
        services: Services,
    ) -> None:
        self.table = table
        self.holder = holder
        self.match = match
        self.coach = coach
        self.view = view
        self.focus = focus
        self.moments = moments
        self.services = services
        #: the UNO button was pressed: the next play declares UNO
        self.uno_armed = False
        #: why the card just tried cannot be played, for a moment
        self.why: str | None = None
        self.why_s = 0.0
        #: the decision dialog of the viewer's turn, and the question it asks
        self.decision: TableOverlay | None = None
        self.question: Question | None = None

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> bool:
        t = self.table
        if self.coach is not None and not self.coach.allows(self.holder.obs(), action):
            self.refuse(None)  # the tutorial asks for something else: say what
            return False
        try:
            self.match.act(action)
        except IllegalAction:
            self.services.sounds.play("wrong")
            t.dirty = True
            return False
        if isinstance(action, Play | Draw):
            self.uno_armed = False
            self.focus.reset()  # on the next card that can be played
        if not isinstance(action, CallUno | CatchUno):
            self.question = None
        t.pull()
        return True

    def try_play(self, card: Card) -> None:
        """Play `card` from the viewer's hand: its colour and target asked first; with UNO
        when it is armed, or when the hint for this turn says to play it and say UNO."""
        t = self.table
        seat = self.holder.holder
        if seat is None:
            return
        plays = [a for a in self.holder.legal(seat) if type(a) is Play and a.card is card]
        if not plays:
            self.refuse(card)
            return
        advice = t.hints.for_turn()
        advised = (
            advice is not None and advice.action in plays and getattr(advice.action, "uno", False)
        )
        uno = (self.uno_armed or advised) and any(a.uno for a in plays)
        targets = sorted({a.target for a in plays if a.target is not None})

        def finish(color: Color | None, target: int | None) -> None:
            t.modal = None
            self.act(Play(seat, card, color, target, uno))

        def after_color(color: Color | None) -> None:
            t.modal = None
            if targets:
                self._choose_player(card, color, targets, lambda tg: finish(color, tg))
            else:
                finish(color, None)

        if not card.is_wild:
            after_color(None)
            return
        on_hint = None
        if t.hints.on:
            of_card = list(plays)

            def on_hint() -> None:
                t.hints.in_picker(("color", card), of_card, lambda a: a.color)

        t.modal = ColorPickerOverlay(
            self.services,
            after_color,
            self.cancelled,
            card,
            on_hint=on_hint,
            center_on=t.piles_anchor,
        )
        if t.stack is not None:
            t.stack.push(t.modal)
        else:
            after_color(Color.RED)

    def _choose_player(
        self, card: Card, color: Color | None, targets: list[int], then: Callable[[int], None]
    ) -> None:
        t = self.table
        counts = self.view.state.counts()
        choices = [SeatChoice(s, self.holder.names[s], counts[s]) for s in targets]
        if card.rank == "7":
            title = _("Swap hands with whom?")
        elif card.rank == "WS":
            title = _("Wild Swap Hands: swap with whom?")
        else:
            title = _("Choose a player")
        on_hint = None
        seat = self.holder.holder
        if t.hints.on and seat is not None:
            of_card = [
                a
                for a in self.holder.legal(seat)
                if type(a) is Play and a.card is card and a.color is color
            ]

            def on_hint() -> None:
                t.hints.in_picker(("target", card, color), of_card, lambda a: a.target)

        t.modal = ChoosePlayerOverlay(
            self.services,
            title,
            choices,
            then,
            self.cancelled,
            on_hint=on_hint,
            center_on=t.piles_anchor,
        )
        if t.stack is not None:
            t.stack.push(t.modal)
        else:
            then(targets[0])

    def cancelled(self) -> None:
        """A picker closed with Esc: the card goes back in the hand."""
        self.table.modal = None
        self.question = None  # a play-or-keep question comes back
        self.table.dirty = True

    def refuse(self, card: Card | None) -> None:
        """A card that cannot be played now: it shakes, a buzz, and one line of why."""
        t = self.table
        self.services.sounds.play("wrong")
        if card is not None:
            self.moments.shake(card)
        t.dirty = True
        if t.my_turn():
            self.why, self.why_s = self._why_not(card), WHY_S

    def _why_not(self, card: Card | None) -> str:
        """Why the viewer cannot play `card` now, in a few plain words."""
        obs = self.holder.obs()
        coached = self.coach.line(obs, self.uno_armed) if self.coach is not None else None
        if coached is not None or card is None:
            return coached or ""
        return play_refusal(seat_view(obs), card, obs.rules.stacking)

    def draw(self) -> None:
        seat = self.holder.holder
        if seat is not None and Draw(seat) in self.holder.legal(seat):
            self.act(Draw(seat))
        else:
            self.services.sounds.play("wrong")

    def keep(self) -> None:
        """Keep the card just drawn and end the turn (the Keep button, the K key)."""
        seat = self.holder.holder
        if seat is not None and Pass(seat) in self.holder.legal(seat):
            self.act(Pass(seat))
        else:
            self.services.sounds.play("wrong")

    def uno_seat(self) -> tuple[str, int] | None:
        """What the UNO button does now: ("call", seat) or ("arm", seat), or None."""
        if not self.holder.has_round or self.match.round_over:
            return None
        seat = self.holder.holder
        if seat is not None:
            legal = self.holder.legal(seat)
            if CallUno(seat) in legal:
                return ("call", seat)
            hand_sizes = self.holder.obs().hand_sizes
            if hand_sizes[seat] == 2 and any(type(a) is Play and a.uno for a in legal):
                return ("arm", seat)
        for s in self.holder.humans:  # pass-and-play: whoever just forgot may still say it
            if s != seat and CallUno(s) in self.holder.uno_actions(s):
                return ("call", s)
        return None

    def press_uno(self) -> None:
        what = self.uno_seat()
        if what is None:
            self.services.sounds.play("wrong")
            return
        kind, seat = what
        if kind == "call":
            self.act(CallUno(seat))
        else:
            self.uno_armed = not self.uno_armed
            if self.uno_armed:
                self.services.sounds.play("uno")
        self.table.dirty = True

    def catch_action(self) -> CatchUno | None:
        """The catch a person at the table may make now (None: nobody to catch)."""
        viewer = self.holder
        if not viewer.has_round:
            return None
        target = viewer.obs().catchable
        if target is None:
            return None
        order = [s for s in (viewer.holder, viewer.last_holder) if s is not None]
        for s in order + viewer.humans:
            if s != target and CatchUno(s, target) in viewer.uno_actions(s):
                return CatchUno(s, target)
        return None

    def press_catch(self) -> None:
        action = self.catch_action()
        if action is None:
            self.services.sounds.play("wrong")
            return
        self.act(action)

    # ------------------------------------------------------------------ the turn's question

    def _wanted(self) -> Question | None:
        seat = self.holder.holder
        if seat is None or self.match.human_to_act() != seat:
            return None
        obs = self.holder.obs()
        if obs.phase is Phase.DRAWN and obs.drawn_card is not None and self.coach is None:
            return DrawnQuestion(obs.drawn_card)  # (the tutorial lights the card instead)
        if obs.phase is Phase.PENALTY:
            return PenaltyQuestion(obs.pending_draw, obs.can_challenge, obs.pending_kind)
        return None

    def close_decision(self) -> None:
        overlay = self.decision
        if overlay is not None and not overlay.closed:
            overlay.close()
        self.decision = None
        self.question = None
        self.sync_banner()

    def refresh_decision(self) -> None:
        """Open, keep or close the decision dialog so it asks the turn's question."""
        t = self.table
        wanted = self._wanted()
        if wanted == self.question and (self.decision is not None) == (wanted is not None):
            return
        if t.stack is None:
            self.question = wanted
            return
        if self.decision is not None and not self.decision.closed:
            if t.stack.top is not self.decision:
                return  # something else is on top: decide later
            self.decision.close()
        self.decision = None
        self.question = wanted
        seat = self.holder.holder
        if wanted is None or seat is None:
            self.sync_banner()
            return
        overlay: TableOverlay
        if isinstance(wanted, DrawnQuestion):
            card = wanted.card
            overlay = PlayOrKeepOverlay(
                self.services,
                card,
                on_play=lambda: self._decided(lambda: self.try_play(card)),
                on_keep=lambda: self._decided(lambda: self.act(Pass(seat))),
                on_hint=t.hints.press if t.hints.on else None,
                anchor=t.piles_anchor,
            )
        else:
            can_stack = any(type(a) is Play for a in self.holder.legal(seat))
            offender = offender_name(self.holder.obs().history, self.holder.names)
            rules = self.match.rules
            costs = None
            if wanted.can_challenge and offender is not None:
                extra = rules.challenge_innocent_extra
                costs = challenge_costs(offender, wanted.amount, rules.challenge_guilty_draw, extra)
            overlay = PenaltyOverlay(
                self.services,
                wanted.amount,
                offender,
                wanted.can_challenge,
                can_stack,
                on_take=lambda: self._decided(lambda: self.act(Draw(seat))),
                on_challenge=lambda: self._decided(lambda: self.act(Challenge(seat))),
                anchor=t.banner_anchor,
                kind=wanted.kind,
                costs=costs,
            )
        self.decision = overlay
        t.stack.push(overlay)
        self.sync_banner()

    def _decided(self, then: Callable[[], object]) -> None:
        """A decision dialog closed with a choice: forget it, then act."""
        self.decision = None
        self.question = None
        self.sync_banner()
        then()
        self.table.dirty = True

    def banner(self) -> PenaltyOverlay | None:
        """The open penalty banner (its buttons are stops of the table's focus ring)."""
        overlay = self.decision
        if isinstance(overlay, PenaltyOverlay) and not overlay.closed:
            return overlay
        return None

    def sync_banner(self) -> None:
        """Give the open banner's buttons to the focus ring (a new one takes the focus)."""
        banner = self.banner()
        self.focus.show_banner(banner.buttons if banner is not None else [])
