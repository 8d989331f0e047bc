"""How long the table has waited for an away phone, in the whole minutes the status line
counts ("waiting for their phone for 2 min"); the idle loop wakes at each next minute."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services
    from uno_desktop.ui.table.source import TableSource

MINUTE_S = 60.0


class PhoneWait:
    """The minutes waited for the phone of the seat whose turn it is, as last shown."""

    def __init__(self, services: Services, match: TableSource) -> None:
        self.services = services
        #: a phone seat sits at this table (asked once: a seat's kind is the match's)
        self.has_phone = any(match.is_phone(s) for s in range(match.players))
        self.minutes = 0

    def seconds(self) -> float | None:
        """How long the table has waited so far (None: it waits for no phone)."""
        phones = self.services.phones
        return phones.waiting_s() if phones is not None and self.has_phone else None

    def tick(self) -> bool:
        """Once a frame: True when the minutes to show changed (the table redraws)."""
        waited = self.seconds()
        minutes = int(waited // MINUTE_S) if waited is not None else 0
        changed, self.minutes = minutes != self.minutes, minutes
        return changed

    def wakes(self) -> list[float]:
        """Seconds until the next minute is due, while the table waits (else none)."""
        waited = self.seconds()
        return [] if waited is None else [MINUTE_S - waited % MINUTE_S]
