"""The table's input: the pointer and the keys, turned into the person's choices.

A click is hit-tested against the targets of the frame built for now
(`TableFrame.targets`, typed in `ui/table/targets.py`: a card of the hand, a side button,
the draw pile, a house-rule chip, a person's plate), the same build the painter draws.
Keys move the one focus ring (`ui/table/focus.py`, the kit's `FocusGroup`) or press what
it lights, and the letter keys are shortcuts. What a choice does is `TableActions`' job
(`ui/table/actions.py`). Table input waits while the table moves (the UNO and Catch
buttons excepted: they are about speed).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from uno_desktop.rules.options import Section
from uno_desktop.ui.kit import Button
from uno_desktop.ui.table.dialogs import HINT_KEY
from uno_desktop.ui.table.drag import CardDrag, over_pile
from uno_desktop.ui.table.focus import PANEL_ORDER, SideButton, TableFocus
from uno_desktop.ui.table.frame_builder import hand_cards, hand_rects, playable
from uno_desktop.ui.table.targets import (
    ButtonTarget,
    CardTarget,
    ChipTarget,
    PileTarget,
    PlateTarget,
    Target,
    clickable,
)

if TYPE_CHECKING:
    from uno_desktop.ui.services import Sounds
    from uno_desktop.ui.table.actions import TableActions
    from uno_desktop.ui.table.frame import TableFrame
    from uno_desktop.ui.table.hint import TableHints
    from uno_desktop.ui.table.passing import Passing
    from uno_desktop.ui.table.state import TableState
    from uno_desktop.view import SeatView

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Host(Protocol):
    """What the input asks of the table it serves."""

    dirty: bool

    def state(self) -> TableState: ...
    def seat(self) -> SeatView | None: ...
    def current_frame(self) -> TableFrame: ...
    def open_rules(self, section: Section | None) -> None: ...
    def open_pause(self) -> None: ...


class TableInput:
    """Pointer and keys: what is hovered and pressed, and what a press does. Clicks are
    hit-tested against the frame (`TableFrame.target_at`); what a choice does is
    `actions`'."""

    def __init__(
        self,
        host: Host,
        focus: TableFocus,
        actions: TableActions,
        hints: TableHints,
        passing: Passing,
        sounds: Sounds,
    ) -> None:
        self.host = host
        self.focus = focus
        self.actions = actions
        self.hints = hints
        self.passing = passing
        self.sounds = sounds
        self.hover: Target | None = None
        self.pressed: Target | None = None
        #: a card of the hand dragged to the pile (`ui/table/drag.py`)
        self.drag = CardDrag()
        #: the house-rule chips as stops of the focus ring, for the chips they were made for
        self._chip_key: tuple[tuple[str, Section | None], ...] = ()
        self._chip_buttons: list[Button] = []

    @property
    def hover_card(self) -> int | None:
        """The place in the hand of the card under the pointer, if any."""
        return self.hover.index if isinstance(self.hover, CardTarget) else None

    # ------------------------------------------------------------------ the focus ring

    def side_buttons(self) -> list[Button]:
        """The side panel's buttons of the focus ring, brought up to date with the frame
        (place, whether they show, whether they can act now)."""
        self.take(self.host.current_frame())
        side = self.focus.side
        return [side[key] for key in PANEL_ORDER if side[key].visible]

    def take(self, frame: TableFrame) -> None:
        """Give the focus ring's side buttons the place and state `frame` draws them in."""
        drawn = {b.key: b for b in frame.buttons}
        for key, button in self.focus.side.items():
            b = drawn.get(key.value)
            button.visible = b is not None
            if b is not None:
                button.rect, button.enabled = pygame.Rect(b.rect), b.enabled

    def refresh_focus(self) -> None:
        """Bring the focus ring up to date: the side buttons' state, the open banner, the
        house-rule chips."""
        frame = self.host.current_frame()
        self.take(frame)
        self.actions.sync_banner()
        self.focus.show_chips(self.chip_buttons(frame))

    def chip_buttons(self, frame: TableFrame) -> list[Button]:
        """The house-rule chips as buttons of the focus ring (kept while the chips stay)."""
        shown = frame.chips.chips if frame.chips is not None else ()
        key = tuple((c.text, c.section) for c in shown)
        if key != self._chip_key:
            self._chip_key = key
            self._chip_buttons = [
                Button(partial(str, c.text), partial(self.host.open_rules, c.section))
                for c in shown
            ]
        for button, chip in zip(self._chip_buttons, shown):
            button.rect = pygame.Rect(chip.rect)
        return self._chip_buttons

    # ------------------------------------------------------------------ the pointer

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """What a click at `pos` hits on the table as it is drawn now."""
        return self.host.current_frame().target_at(pos)

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """Mouse motion and the left button; True when the table used the event."""
        host = self.host
        if event.type == pygame.MOUSEMOTION:
            if self.drag.move(event.pos):
                host.dirty = True
                return True
            target = self.target_at(event.pos)
            hover = None if isinstance(target, ButtonTarget) and not target.enabled else target
            if hover != self.hover:
                self.hover = hover
                host.dirty = True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            frame = host.current_frame()
            self.pressed = frame.target_at(event.pos)
            if isinstance(self.pressed, CardTarget):
                self._press_card(frame, self.pressed.index, event.pos)
            return self.pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._drop(event.pos):
                self.pressed = None
                return True
            pressed, self.pressed = self.pressed, None
            target = self.target_at(event.pos)
            if pressed is None or target != pressed:
                return pressed is not None
            if clickable(target):
                self.click(target)
                host.dirty = True
            elif host.state().my_turn:
                # a card that cannot be played, a button that does nothing now: say so
                cards = hand_cards(host.state())
                i = target.index if isinstance(target, CardTarget) else -1
                card = cards[i] if 0 <= i < len(cards) else None
                if card is not None:
                    self.actions.refuse(card)
                else:
                    self.sounds.play("wrong")
            return True
        return False

    def _press_card(self, frame: TableFrame, index: int, pos: tuple[int, int]) -> None:
        """The button went down on the hand's card `index`: it may be dragged to the pile."""
        state, seat = self.host.state(), self.host.seat()
        cards = hand_cards(state)
        card = cards[index] if 0 <= index < len(cards) else None
        if card is not None:
            rects = hand_rects(state, seat, frame.layout, cards, playable(state, seat))
            self.drag.press(card, rects[index], pos)

    def _drop(self, pos: tuple[int, int]) -> bool:
        """The button came up: True when it ended a drag (then it is no click). Over the
        discard pile the card is played as a click would play it, or refused."""
        card = self.drag.drop()
        if card is None:
            return False
        host = self.host
        host.dirty = True
        state = host.state()
        if not state.input_ok:
            return True  # the table settles first: the card goes back, as a click waits
        lay = host.current_frame().layout
        if over_pile(lay, pos) and state.viewer is not None and state.viewer == state.bottom:
            if card in playable(state, host.seat()):
                self.actions.try_play(card)
            else:
                self.actions.refuse(card)
        return True

    def click(self, target: Target) -> None:
        """A click on `target`, or Enter on the button that is lit."""
        host, actions = self.host, self.actions
        key = target.key if isinstance(target, ButtonTarget) else None
        if isinstance(target, ChipTarget):
            host.open_rules(target.section)
        elif isinstance(target, PlateTarget):
            if not self.passing.press(target.seat):
                self.sounds.play("wrong")
        elif key is SideButton.UNO:
            actions.press_uno()
        elif key is SideButton.CATCH:
            actions.press_catch()
        elif key is SideButton.MENU:
            host.open_pause()
        elif not host.state().input_ok:
            return  # the table settles first
        elif isinstance(target, CardTarget):
            cards = hand_cards(host.state())
            card = cards[target.index] if 0 <= target.index < len(cards) else None
            if card is not None:
                actions.try_play(card)
        elif isinstance(target, PileTarget) or key is SideButton.DRAW:
            actions.draw()
        elif key is SideButton.PASS:
            actions.keep()
        elif key is SideButton.HINT:
            self.hints.press()

    # ------------------------------------------------------------------ the keys

    def handle_key(self, event: pygame.event.Event) -> bool:
        host, focus = self.host, self.focus
        key = event.key
        if self.passing.handle_key(key):  # the people's window: a person's number key
            host.dirty = True
            return True
        if key == pygame.K_ESCAPE:
            host.open_pause()
            return True
        self.refresh_focus()
        if key == pygame.K_TAB:
            focus.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            host.dirty = True
            return True
        if key == pygame.K_UP and focus.in_hand:
            focus.move(1)
            host.dirty = True
            return True
        button = focus.button
        if button is not None and key in (pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            focus.to_hand()
            host.dirty = True
            return True
        if button is not None and key in ENTER_KEYS:
            self._press(button)
            host.dirty = True
            return True
        if key == pygame.K_u:
            self.actions.press_uno()
            return True
        if key == pygame.K_c:
            self.actions.press_catch()
            return True
        if key == HINT_KEY and self.hints.on:
            self.hints.press()
            return True
        state = host.state()
        if not state.input_ok:
            return key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_d)
        return self._hand_key(state, key)

    def _press(self, button: Button) -> None:
        """Enter on the button that is lit: a banner's answers it, a side one clicks."""
        side = self.focus.side_key(button)
        if side is None:
            button.activate()
            return
        if not button.wants():
            self.focus.to_hand()
        self.click(ButtonTarget(side, button.enabled))

    def _hand_key(self, state: TableState, key: int) -> bool:
        """The arrows, Enter and the letters of the viewer's turn (the focus is in the hand)."""
        focus = self.focus
        cards = hand_cards(state) if state.viewer == state.bottom else []
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and cards:
            step = -1 if key == pygame.K_LEFT else 1
            at = focus.hand.index
            if at is None:
                focus.card = 0 if step > 0 else len(cards) - 1
            else:
                focus.card = (at + step) % len(cards)
            self.host.dirty = True
            return True
        if key in ENTER_KEYS:
            i = focus.card
            card = cards[i] if i is not None and 0 <= i < len(cards) else None
            if card is not None:
                self.actions.try_play(card)
            return True
        if key == pygame.K_d:
            self.actions.draw()
            return True
        if key == pygame.K_k:
            self.actions.keep()
            return True
        return False
