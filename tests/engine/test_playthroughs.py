"""Golden playthroughs: one seeded game per built-in preset, state by state.

A failure means the engine now plays differently. If the change is deliberate,
regenerate with `.venv/bin/python tests/engine/make_playthroughs.py` and review the diff.
"""

from __future__ import annotations

import pytest

from .make_playthroughs import DIRECTORY, PLAYTHROUGHS, playthrough


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough_matches_the_golden_file(name: str) -> None:
    golden = (DIRECTORY / f"{name}.txt").read_text(encoding="utf-8")
    assert playthrough(name) == golden


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_playthrough_ends_the_round(name: str) -> None:
    assert "# over: winner=" in playthrough(name)
