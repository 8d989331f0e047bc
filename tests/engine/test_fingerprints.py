"""The engine plays every preset exactly as before: one digest over seeded games.

Events, states, observations (and games rebuilt from them) and every seat's legal actions
of one seeded game per preset and table size (2 to 10), hashed (fingerprints.py). A
failure means the engine now plays differently. If that is deliberate, record the
fingerprints before the change (`python -m tests.engine.fingerprints record FILE`),
compare after (`... compare FILE`), explain every game that differs, then put the new
digest (`... digest`) here.
"""

from __future__ import annotations

from .fingerprints import PRESETS, SUITE_SEEDS, digest

# Since the start-card rule (no jump-in on the turned-up start card): benchmarks/RESULTS.md.
DIGEST = "a5aa511eb2026435ce1762812b75abd5f70f2b389bfd78dad38303a075b21a12"


def test_every_preset_plays_as_recorded() -> None:
    assert digest(SUITE_SEEDS, PRESETS) == DIGEST
