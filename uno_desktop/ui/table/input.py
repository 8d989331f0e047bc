"""The table's input: the pointer and the keys, turned into the person's choices.

A click is hit-tested to a typed `Target` (a card of the hand, a side button, the draw
pile); keys move the one focus ring (`ui/table/focus.py`, the kit's `FocusGroup`) or
press what it lights, and the letter keys are shortcuts. What a choice does is
`TableActions`' job (`ui/table/actions.py`). Table input waits while the table moves
(the UNO and Catch buttons excepted: they are about speed).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from uno_desktop.engine import Draw, Pass, Phase
from uno_desktop.lang.i18n import N_, _
from uno_desktop.render.layout import fan_rects, hit_test_fan
from uno_desktop.rules.options import Section
from uno_desktop.ui.kit import Button
from uno_desktop.ui.table.dialogs import HINT_KEY
from uno_desktop.ui.table.drag import CardDrag
from uno_desktop.ui.table.focus import SideButton

if TYPE_CHECKING:
    from uno_desktop.ui.table.scene import TableScene

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: the side buttons in the order they are laid out, hit-tested and drawn
PANEL_ORDER = (
    SideButton.UNO,
    SideButton.CATCH,
    SideButton.DRAW,
    SideButton.PASS,
    SideButton.MENU,
    SideButton.HINT,
)

#: each side button's label (a msgid) and style
SIDE_FACES = {
    SideButton.UNO: (N_("UNO!"), "primary"),
    SideButton.CATCH: (N_("Catch!"), "danger"),
    SideButton.DRAW: (N_("Draw"), "normal"),
    SideButton.PASS: (N_("Keep"), "normal"),
    SideButton.MENU: (N_("Menu"), "normal"),
    SideButton.HINT: (N_("Hint"), "normal"),
}


@dataclass(frozen=True)
class CardTarget:
    """A card of the bottom hand, by its place in the hand as drawn."""

    index: int
    playable: bool  # False: it only answers the pointer (a peek, a refusal)


@dataclass(frozen=True)
class ButtonTarget:
    """A side-panel button."""

    key: SideButton
    enabled: bool  # False: it does nothing now (a click says so)


@dataclass(frozen=True)
class PileTarget:
    """The draw pile (a click draws)."""


@dataclass(frozen=True)
class PlateTarget:
    """A person's name plate in the people's window (a click: "Catch!" / "I can jump in")."""

    seat: int


@dataclass(frozen=True)
class ChipTarget:
    """A house-rule chip (a click opens How to play at its rule)."""

    index: int
    section: Section | None


Target = CardTarget | ButtonTarget | PileTarget | ChipTarget | PlateTarget


def clickable(target: Target) -> bool:
    """Whether a click on `target` does something (else it is refused with a buzz)."""
    if isinstance(target, CardTarget):
        return target.playable
    if isinstance(target, ButtonTarget):
        return target.enabled
    return True


class TableInput:
    """Pointer and keys for `table`: what is hovered and pressed, and what a press does."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.hover: Target | None = None
        self.pressed: Target | None = None
        #: a card of the hand dragged to the pile (`ui/table/drag.py`)
        self.drag = CardDrag(table)
        #: the house-rule chips as stops of the focus ring, for the chips they were made for
        self._chip_key: tuple[tuple[str, Section | None], ...] = ()
        self._chip_buttons: list[Button] = []
        side = table.focus.side
        for key, (text, style) in SIDE_FACES.items():
            side[key].text, side[key].style = text, style

    @property
    def hover_card(self) -> int | None:
        """The place in the hand of the card under the pointer, if any."""
        return self.hover.index if isinstance(self.hover, CardTarget) else None

    # ------------------------------------------------------------------ the side panel

    def side_buttons(self) -> list[Button]:
        """The side panel's buttons in their current state (place, text, can act now)."""
        t = self.table
        lay = t.ensure_layout(t.current_size())
        seat = t.shown
        legal = t.holder.legal(seat) if t.input_ok else []
        side = t.focus.side
        uno, catch = side[SideButton.UNO], side[SideButton.CATCH]
        draw, keep = side[SideButton.DRAW], side[SideButton.PASS]
        menu, hint = side[SideButton.MENU], side[SideButton.HINT]
        uno.enabled = t.actions.uno_seat() is not None
        catch.enabled = t.actions.catch_action() is not None
        draw.text = SIDE_FACES[SideButton.DRAW][0]
        if t.holder.has_round and seat is not None:
            obs = t.holder.obs()
            if obs.phase is Phase.PENALTY and seat == obs.current:
                label = _("Take {n}").format(n=obs.pending_draw)
                draw.text = lambda: label
        draw.enabled = seat is not None and Draw(seat) in legal
        keep.enabled = seat is not None and Pass(seat) in legal
        personal = not t.holder.shared  # a shared view has nobody to press these
        for key in (SideButton.DRAW, SideButton.PASS, SideButton.UNO, SideButton.CATCH):
            side[key].visible = personal
        hint.visible = t.hints.on and personal
        hint.enabled = bool(legal) and t.my_turn()
        for key in PANEL_ORDER:
            side[key].rect = pygame.Rect(lay.buttons[key])
        if not hint.visible:  # Menu takes the whole row
            menu.rect = lay.buttons[SideButton.MENU].union(lay.buttons[SideButton.HINT])
        return [side[key] for key in PANEL_ORDER if side[key].visible]

    def refresh_focus(self) -> None:
        """Bring the focus ring up to date: the side buttons' state, the open banner, the
        house-rule chips."""
        self.side_buttons()
        self.table.actions.sync_banner()
        self.table.focus.show_chips(self.chip_buttons())

    def chip_buttons(self) -> list[Button]:
        """The house-rule chips as buttons of the focus ring (kept while the chips stay)."""
        chips = self.table.frames.chips()
        shown = chips.chips if chips is not None else ()
        key = tuple((c.text, c.section) for c in shown)
        if key != self._chip_key:
            self._chip_key = key
            self._chip_buttons = [
                Button(partial(str, c.text), partial(self.table.open_rules, c.section))
                for c in shown
            ]
        for button, chip in zip(self._chip_buttons, shown):
            button.rect = pygame.Rect(chip.rect)
        return self._chip_buttons

    # ------------------------------------------------------------------ the pointer

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        t = self.table
        lay = t.ensure_layout(t.current_size())
        for b in self.side_buttons():
            if b.rect.collidepoint(pos):
                return ButtonTarget(SideButton(b.key), b.enabled)
        for seat in t.passing.plates():
            if lay.seats[seat].name_rect.collidepoint(pos):
                return PlateTarget(seat)
        chips = t.frames.chips()
        for n, chip in enumerate(chips.chips if chips is not None else ()):
            if chip.rect.collidepoint(pos):
                return ChipTarget(n, chip.section)
        if t.shown is not None and t.shown == t.bottom:
            cards = t.frames.hand_cards()
            playable = t.frames.playable()
            lifted = t.frames.hand_rects(cards, playable)
            base = fan_rects(len(cards), lay.hand_rect, lay.card_w)
            # a lifted card keeps the place it rose from, so it never flickers under the pointer
            i = hit_test_fan([r.union(b) for r, b in zip(lifted, base)], pos)
            if i is not None:
                card = cards[i]
                return CardTarget(i, card is not None and card in playable)
        if lay.draw_pile.collidepoint(pos):
            return PileTarget()
        return None

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """Mouse motion and the left button; True when the table used the event."""
        t = self.table
        if event.type == pygame.MOUSEMOTION:
            if self.drag.move(event.pos):
                return True
            target = self.target_at(event.pos)
            hover = None if isinstance(target, ButtonTarget) and not target.enabled else target
            if hover != self.hover:
                self.hover = hover
                t.dirty = True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.target_at(event.pos)
            if isinstance(self.pressed, CardTarget):
                self._press_card(self.pressed.index, event.pos)
            return self.pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.drag.drop(event.pos):
                self.pressed = None
                return True
            pressed, self.pressed = self.pressed, None
            target = self.target_at(event.pos)
            if pressed is None or target != pressed:
                return pressed is not None
            if clickable(target):
                self.click(target)
                t.dirty = True
            elif t.my_turn():
                # a card that cannot be played, a button that does nothing now: say so
                cards = t.frames.hand_cards()
                i = target.index if isinstance(target, CardTarget) else -1
                card = cards[i] if 0 <= i < len(cards) else None
                if card is not None:
                    t.actions.refuse(card)
                else:
                    t.services.sounds.play("wrong")
            return True
        return False

    def _press_card(self, index: int, pos: tuple[int, int]) -> None:
        """The button went down on the hand's card `index`: it may be dragged to the pile."""
        frames = self.table.frames
        cards = frames.hand_cards()
        card = cards[index] if 0 <= index < len(cards) else None
        if card is not None:
            self.drag.press(card, frames.hand_rects(cards, frames.playable())[index], pos)

    def click(self, target: Target) -> None:
        """A click on `target`, or Enter on the button that is lit."""
        t = self.table
        actions = t.actions
        key = target.key if isinstance(target, ButtonTarget) else None
        if isinstance(target, ChipTarget):
            t.open_rules(target.section)
        elif isinstance(target, PlateTarget):
            if not t.passing.press(target.seat):
                t.services.sounds.play("wrong")
        elif key is SideButton.UNO:
            actions.press_uno()
        elif key is SideButton.CATCH:
            actions.press_catch()
        elif key is SideButton.MENU:
            t.open_pause()
        elif not t.input_ok:
            return  # the table settles first
        elif isinstance(target, CardTarget):
            cards = t.frames.hand_cards()
            card = cards[target.index] if 0 <= target.index < len(cards) else None
            if card is not None:
                actions.try_play(card)
        elif isinstance(target, PileTarget) or key is SideButton.DRAW:
            actions.draw()
        elif key is SideButton.PASS:
            actions.keep()
        elif key is SideButton.HINT:
            t.hints.press()

    # ------------------------------------------------------------------ the keys

    def handle_key(self, event: pygame.event.Event) -> bool:
        t = self.table
        focus = t.focus
        key = event.key
        if t.passing.handle_key(key):  # the people's window: a person's number key
            t.dirty = True
            return True
        if key == pygame.K_ESCAPE:
            t.open_pause()
            return True
        self.refresh_focus()
        if key == pygame.K_TAB:
            focus.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            t.dirty = True
            return True
        if key == pygame.K_UP and focus.in_hand:
            focus.move(1)
            t.dirty = True
            return True
        button = focus.button
        if button is not None and key in (pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            focus.to_hand()
            t.dirty = True
            return True
        if button is not None and key in ENTER_KEYS:
            self._press(button)
            t.dirty = True
            return True
        if key == pygame.K_u:
            t.actions.press_uno()
            return True
        if key == pygame.K_c:
            t.actions.press_catch()
            return True
        if key == HINT_KEY and t.hints.on:
            t.hints.press()
            return True
        if not t.input_ok:
            return key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_d)
        return self._hand_key(key)

    def _press(self, button: Button) -> None:
        """Enter on the button that is lit: a banner's answers it, a side one clicks."""
        side = self.table.focus.side_key(button)
        if side is None:
            button.activate()
            return
        if not button.wants():
            self.table.focus.to_hand()
        self.click(ButtonTarget(side, button.enabled))

    def _hand_key(self, key: int) -> bool:
        """The arrows, Enter and the letters of the viewer's turn (the focus is in the hand)."""
        t = self.table
        cards = t.frames.hand_cards() if t.shown == t.bottom else []
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and cards:
            step = -1 if key == pygame.K_LEFT else 1
            at = t.focus.hand.index
            if at is None:
                t.focus.card = 0 if step > 0 else len(cards) - 1
            else:
                t.focus.card = (at + step) % len(cards)
            t.dirty = True
            return True
        if key in ENTER_KEYS:
            i = t.focus.card
            card = cards[i] if i is not None and 0 <= i < len(cards) else None
            if card is not None:
                t.actions.try_play(card)
            return True
        if key == pygame.K_d:
            t.actions.draw()
            return True
        if key == pygame.K_k:
            t.actions.keep()
            return True
        return False
