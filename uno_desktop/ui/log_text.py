"""The table's log lines now come from `uno_desktop.view.narration`; these names stay
importable here only until the table scene is rewired to it."""

from __future__ import annotations

from uno_desktop.view.narration import (
    COLOR_WORDS,  # re-export for the table scene until the merge
    card_name,  # re-export for the table scene until the merge
    challenge_result_text,  # re-export for the table scene until the merge
    color_name,  # re-export for the table scene until the merge
    event_line,  # re-export for the table scene until the merge
    log_lines,  # re-export for the table scene until the merge
)

__all__ = [
    "COLOR_WORDS",
    "card_name",
    "challenge_result_text",
    "color_name",
    "event_line",
    "log_lines",
]
