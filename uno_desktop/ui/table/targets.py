"""What a click at the table can hit: typed targets, built with the frame they are drawn in.

`build_frame` (`ui/table/frame_builder.py`) puts each target with its rectangle in
`TableFrame.targets`, topmost first; `TableInput` (`ui/table/input.py`) hit-tests
against them and never works out geometry itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from uno_desktop.rules.options import Section
from uno_desktop.ui.table.focus import SideButton


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
