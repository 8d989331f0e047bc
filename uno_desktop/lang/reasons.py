"""A reason kept as its words' msgid and values, worded when it is shown: in English for
logs, files and `str()`, in the player's language on a screen (a language chosen after
the reason was found shows too). A value may itself be a Reason (a part of the
sentence that is translated on its own, like an option's explanation)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from .i18n import _


@dataclasses.dataclass(frozen=True)
class Reason:
    """`msgid` (marked with N_ where it is written) with `{placeholders}` filled from
    `values` when worded."""

    msgid: str
    values: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, msgid: str, /, **values: object) -> Reason:
        return cls(msgid, tuple(values.items()))

    def english(self) -> str:
        """The reason in English (logs, files, the command line's --lang en)."""
        return self._worded(lambda text: text)

    def text(self) -> str:
        """The reason in the current language."""
        return self._worded(_)

    def _worded(self, translate: Callable[[str], str]) -> str:
        values = {k: v._worded(translate) if isinstance(v, Reason) else v for k, v in self.values}
        template = translate(self.msgid)
        return template.format(**values) if values else template

    def __str__(self) -> str:
        return self.english()
