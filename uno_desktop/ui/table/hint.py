"""Hints at the table: what the hard computer would do, asked for by the viewer.

The hard bot's search takes about as long as a computer's move (tens of milliseconds,
more at ten seats or on a busy machine), so the table starts a `HintJob` when a person
asks and picks the answer up in a later frame (`TableHints`). The job gets only what
the table may know: the viewer's observation, their legal actions for the question and
the seat names (`ai/hint_job.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from uno_desktop.ai.hint_job import HintJob
from uno_desktop.engine import COLORS, Action, Challenge, Color, Draw, Pass, Play
from uno_desktop.ui.table.dialogs import TableOverlay
from uno_desktop.ui.table.focus import SideButton
from uno_desktop.ui.table.frame_builder import hand_cards

if TYPE_CHECKING:
    from uno_desktop.ai.hint import Hint
    from uno_desktop.ui.scene import Scene
    from uno_desktop.ui.services import Sounds
    from uno_desktop.ui.table.actions import TableActions
    from uno_desktop.ui.table.focus import TableFocus
    from uno_desktop.ui.table.holder import ScreenHolder
    from uno_desktop.ui.table.source import TableSource
    from uno_desktop.ui.table.state import TableState


def lit_key(action: Action) -> str | None:
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


class Asker(Protocol):
    """What the hints ask of the table they are shown on."""

    dirty: bool
    modal: Scene | None  # the open picker (a hint in it lights a widget)

    def my_turn(self) -> bool: ...
    def state(self) -> TableState: ...


class TableHints:
    """The hints of one table: asked for by the viewer, worked out beside the frame loop,
    shown on the table or in the open dialog, each question counted once for the round
    end. `on` is False when the match allows none (or nobody could ask)."""

    def __init__(
        self,
        table: Asker,
        holder: ScreenHolder,
        match: TableSource,
        focus: TableFocus,
        actions: TableActions,
        sounds: Sounds,
        on: bool,
    ) -> None:
        self.table = table
        self.holder = holder
        self.match = match
        self.focus = focus
        self.actions = actions
        self.sounds = sounds
        self.on = on
        #: the last hint found, with the question it answers
        self.found: tuple[tuple[Any, ...], Hint] | None = None
        self.job: HintJob | None = None
        self._counted: set[tuple[Any, ...]] = set()

    def ask(
        self, question: tuple[Any, ...], legal: Sequence[Action], then: Callable[[Hint], None]
    ) -> None:
        """Work out what the hard computer would do with `legal` (one question of the
        viewer's) from the viewer's observation, beside the frame loop; `then` shows it.
        Each question is worked out and counted once."""
        t = self.table
        seat = self.holder.holder
        if not self.on or seat is None or not legal:
            return
        key = (seat, self.holder.pos, *question)
        if self.found is not None and self.found[0] == key:
            then(self.found[1])
            t.dirty = True
        elif self.job is None or self.job.key != key:
            self.job = HintJob(key, self.holder.obs(), legal, self.holder.names, then)

    def collect(self) -> None:
        """Show a hint whose work is done, if its question is still the one asked."""
        t = self.table
        job = self.job
        if job is None or not job.done.is_set():
            return
        self.job = None
        found, key = job.result, job.key
        if found is None or key[:2] != (self.holder.holder, self.holder.pos):
            return
        self.found = (key, found)
        if key not in self._counted:
            self._counted.add(key)
            self.match.note_hint(key[0])
        job.then(found)
        t.dirty = True

    def press(self) -> None:
        """The Hint button, the hint key: light what the hard computer would do on this
        turn (in the open question, if one is open) and say why. Nothing is played."""
        t = self.table
        seat = self.holder.holder
        if not self.on or seat is None or not t.my_turn():
            self.sounds.play("wrong")
            return

        def light(found: Hint) -> None:
            overlay = self.actions.decision
            if overlay is not None and not overlay.closed:
                overlay.show_hint(lit_key(found.action), found.line)
            else:
                self._focus_on(found.action)

        self.ask(("turn",), self.holder.legal(seat), light)

    def _focus_on(self, action: Action) -> None:
        """The focus moves to what the hint lights, so Enter does what it suggests: the
        card to play (played with UNO when the hint says it: `TableActions.try_play`), the
        Draw button (the pile is lit with it), the Keep button."""
        t = self.table
        if isinstance(action, Play):
            cards = hand_cards(t.state())
            if action.card in cards:
                self.focus.card = cards.index(action.card)
        elif isinstance(action, Draw):
            self.focus.to_side(SideButton.DRAW)
        elif isinstance(action, Pass):
            self.focus.to_side(SideButton.PASS)

    def in_picker(
        self,
        question: tuple[Any, ...],
        legal: Sequence[Action],
        answer: Callable[[Play], Color | int | None],
    ) -> None:
        """A hint in the colour or player picker: the widget for `answer(play)` is lit."""
        t = self.table
        modal = t.modal

        def light(found: Hint) -> None:
            if not isinstance(found.action, Play) or modal is not t.modal:
                return
            value = answer(found.action)
            if isinstance(value, Color):
                lit: str | None = str(COLORS.index(value) + 1)  # the swatch's number key
            else:
                lit = None if value is None else str(value)
            if isinstance(modal, TableOverlay) and not modal.closed:
                modal.show_hint(lit, found.line)

        self.ask(question, legal, light)

    def for_turn(self) -> Hint | None:
        """The hint for the viewer's turn, while that turn is still the question."""
        t = self.table
        if self.found is None or not t.my_turn():
            return None
        key, found = self.found
        return found if key == (self.holder.holder, self.holder.pos, "turn") else None
