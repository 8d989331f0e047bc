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

# Since the idle-turn rule (issue 37): no game plays differently, but the state snapshot
# holds the idle-turn counter (`stall`), which a card drawn when it was the only one and
# played now counts; with it left out every game hashes as before: benchmarks/JOURNAL.md.
DIGEST = "12e68327a97a8b08613ae8a3e6363f1a25a59fe2d050affbadad95467fd9d6a0"


def test_every_preset_plays_as_recorded() -> None:
    assert digest(SUITE_SEEDS, PRESETS) == DIGEST
