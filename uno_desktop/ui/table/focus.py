"""The table's keyboard focus, kept by the kit's `FocusGroup`: one ring at a time.

The ring's stops, in Tab order: the bottom hand (one stop; Left/Right choose a card in
it), the buttons of an open penalty banner (Challenge, Take), then the side panel's
buttons that can act now, then the house-rule chips. A banner that opens takes the
focus on its first button, so Enter presses what the banner asks; the arrows go back to
the hand.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum

from uno_desktop.engine import Card
from uno_desktop.lang.i18n import N_
from uno_desktop.ui.kit import Button, FocusGroup, Widget


class SideButton(StrEnum):
    """A side-panel button (the values are the layout's names for their places)."""

    UNO = "uno"
    CATCH = "catch"
    DRAW = "draw"
    PASS = "pass"
    MENU = "menu"
    HINT = "hint"


#: the side panel's buttons in Tab order
TAB_ORDER = (
    SideButton.DRAW,
    SideButton.PASS,
    SideButton.HINT,
    SideButton.UNO,
    SideButton.CATCH,
    SideButton.MENU,
)


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


class HandStop(Widget):
    """The bottom hand as one stop of the focus ring; `index` is the card in focus."""

    def __init__(self) -> None:
        super().__init__()
        self.index: int | None = None


class TableFocus:
    """The focus ring over the hand, an open banner's buttons and the side buttons.

    The side buttons are kept for the table's life; the table sets their place, text
    and whether they can act now (`enabled`) before it reads the ring."""

    def __init__(self) -> None:
        self.hand = HandStop()
        self.side = {key: Button("", key=key.value) for key in SideButton}
        for key, (text, style) in SIDE_FACES.items():
            self.side[key].text, self.side[key].style = text, style
        self.group = FocusGroup()
        self._banner: list[Button] = []
        self._chips: list[Button] = []
        #: the hand's focus is on a card that may jump in (it leaves when the chance does)
        self._on_jump = False
        self._sync()
        self.group.focus(self.hand)

    def _sync(self) -> None:
        side = [self.side[key] for key in TAB_ORDER]
        self.group.set_widgets([self.hand, *self._banner, *side, *self._chips])

    def show_banner(self, buttons: Sequence[Button]) -> None:
        """Put an open banner's buttons in the ring (none: it closed). A new banner takes
        the focus on its first button; a closed one gives it back to the hand."""
        new = list(buttons)
        if new == self._banner:
            return
        had_focus = self.group.focused in self._banner
        self._banner = new
        self._sync()
        if new:
            self.group.focus(new[0])
        elif had_focus:
            self.group.focus(self.hand)

    def show_chips(self, chips: Sequence[Button]) -> None:
        """Put the house-rule chips in the ring, after the side buttons (Enter on one
        opens How to play at its rule)."""
        new = list(chips)
        if new == self._chips:
            return
        had_focus = self.group.focused in self._chips
        self._chips = new
        self._sync()
        if had_focus and self.group.focused not in new:
            self.group.focus(self.hand)

    @property
    def chip_focus(self) -> int | None:
        """The place of the house-rule chip in focus, or None."""
        focused = self.group.focused
        return next((i for i, b in enumerate(self._chips) if b is focused), None)

    def reset(self) -> None:
        """The focus back in the hand, on no card yet (a new turn, another viewer)."""
        self.hand.index = None
        self.group.focus(self.hand)

    def settle(
        self,
        cards: Sequence[Card | None],
        jumps: Collection[Card],
        playable: Collection[Card],
        my_turn: bool,
    ) -> bool:
        """On the viewer's turn the hand's focus is always on a card: the first one that
        can be played (after a play, the next one), else the first card; out of turn, on
        a card that may jump in, so Enter jumps in. (It does not take the focus from a
        button.) True when the focus moved to a card."""
        hand = self.hand
        if self._on_jump:  # the focus went to a jump-in: it goes once the chance has
            at = hand.index
            if at is None or at >= len(cards) or cards[at] not in jumps or my_turn:
                hand.index, self._on_jump = None, False
        if hand.index is not None:
            return False
        if not my_turn:
            at = next((i for i, c in enumerate(cards) if c is not None and c in jumps), None)
            if at is None:
                return False
            hand.index, self._on_jump = at, True
            return True
        first = next((i for i, c in enumerate(cards) if c is not None and c in playable), None)
        hand.index = first if first is not None else (0 if cards else None)
        return True

    def to_hand(self) -> None:
        self.group.focus(self.hand)

    def to_side(self, key: SideButton) -> None:
        """The focus on side button `key` (what a hint lights, so Enter presses it)."""
        self.group.focus(self.side[key])

    @property
    def in_hand(self) -> bool:
        return self.group.focused is self.hand

    @property
    def card(self) -> int | None:
        """The hand's card in focus (None: none, or the focus is on a button)."""
        return self.hand.index if self.in_hand else None

    @card.setter
    def card(self, index: int | None) -> None:
        self.hand.index = index
        self.group.focus(self.hand)

    @property
    def button(self) -> Button | None:
        """The button in focus (a side button or a banner's), or None."""
        focused = self.group.focused
        return focused if isinstance(focused, Button) else None

    def side_key(self, button: Button) -> SideButton | None:
        """Which side button `button` is (None: a banner's)."""
        return next((key for key, b in self.side.items() if b is button), None)

    @property
    def side_focus(self) -> SideButton | None:
        """The side button in focus, or None."""
        button = self.button
        return None if button is None else self.side_key(button)

    def move(self, step: int) -> None:
        """Tab (+1) or Shift+Tab (-1): the next stop that can act now."""
        self.group.move(step)
