"""A module's logger, got at its first message.

The modules the first frame imports (the window, its services and scenes, storage, the
fonts) log only when something goes wrong, so they name their logger here and `logging`
(a few milliseconds to import) waits until a message comes, usually never. The messages
are the logging module's own: the same logger name, levels, arguments, exception info,
and the caller's file and line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import logging


class LazyLogger:
    """`logging.getLogger(name)`, got (and `logging` imported) at the first message."""

    __slots__ = ("_logger", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self._logger: logging.Logger | None = None

    @property
    def logger(self) -> logging.Logger:
        if self._logger is None:
            import logging

            self._logger = logging.getLogger(self.name)
        return self._logger

    # stacklevel=2: the record names the caller's file and line, not this module's
    def debug(self, msg: object, *args: object) -> None:
        self.logger.debug(msg, *args, stacklevel=2)

    def info(self, msg: object, *args: object) -> None:
        self.logger.info(msg, *args, stacklevel=2)

    def warning(self, msg: object, *args: object) -> None:
        self.logger.warning(msg, *args, stacklevel=2)

    def error(self, msg: object, *args: object) -> None:
        self.logger.error(msg, *args, stacklevel=2)

    def exception(self, msg: object, *args: object) -> None:
        """An error with the exception being handled (call it in an `except` block)."""
        self.logger.exception(msg, *args, stacklevel=2)
