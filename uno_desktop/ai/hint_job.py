"""A hint worked out off the game's thread: the hard bot's search takes about as long as a
computer's move (tens of milliseconds, more at ten seats or on a busy machine), so the
table and the phones start a `HintJob` when a person asks and pick the answer up later.
The job gets only what the asker may know: their observation, their legal actions for the
question and the seat names. It holds no reference to the match.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import Action, Observation

if TYPE_CHECKING:
    from .hint import Hint

log = logging.getLogger(__name__)


class HintJob:
    """`hint(observation, legal, names)` on a worker thread; `done` is set when `result`
    (a Hint, or None when there was nothing to suggest or it failed) is ready."""

    def __init__(
        self,
        key: tuple[Any, ...],
        observation: Observation,
        legal: Sequence[Action],
        names: Sequence[str],
        then: Callable[[Hint], None],
    ) -> None:
        self.key = key  # the question answered: (seat, feed position, what is asked...)
        self.then = then  # what the table does with the answer, if still asked
        self.result: Hint | None = None
        self.done = threading.Event()
        args = (observation, list(legal), list(names))
        self._thread = threading.Thread(target=self._run, args=args, daemon=True, name="hint")
        self._thread.start()

    def _run(self, observation: Observation, legal: list[Action], names: list[str]) -> None:
        try:
            from .hint import hint

            self.result = hint(observation, legal, names)
        except Exception:  # a hint that fails must never take the table down
            log.exception("the hint could not be worked out")
        finally:
            self.done.set()
