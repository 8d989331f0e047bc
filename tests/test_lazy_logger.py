"""A module's lazy logger: nothing imported until a message comes, and then the same
record the logging module's own logger would have made (name, level, the caller's file,
line and function, the exception)."""

from __future__ import annotations

import logging
import subprocess
import sys

import pytest

from uno_desktop.lazy_logger import LazyLogger


def test_a_lazy_logger_imports_no_logging_until_its_first_message() -> None:
    code = (
        "import sys\n"
        "from uno_desktop.lazy_logger import LazyLogger\n"
        "log = LazyLogger('uno_desktop.x')\n"
        "print('logging' in sys.modules)\n"
        "log.debug('quiet')\n"
        "print('logging' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "True"]


def test_a_message_is_recorded_as_the_callers_own(caplog: pytest.LogCaptureFixture) -> None:
    log = LazyLogger("uno_desktop.somewhere")
    caplog.set_level(logging.DEBUG, logger="uno_desktop.somewhere")

    def go_wrong() -> None:
        try:
            raise ValueError("broken")
        except ValueError:
            log.exception("could not %s", "go on")
        log.warning("%s: %r", "file", "key")

    go_wrong()

    first, second = caplog.records
    assert (first.name, first.levelno, first.getMessage()) == (
        "uno_desktop.somewhere",
        logging.ERROR,
        "could not go on",
    )
    assert first.exc_info is not None and first.exc_info[0] is ValueError
    assert (second.levelno, second.getMessage()) == (logging.WARNING, "file: 'key'")
    for record in (first, second):
        assert (record.filename, record.funcName) == ("test_lazy_logger.py", "go_wrong")
