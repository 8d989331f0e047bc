"""Child process for the kill test in test_storage.py (not a test module itself).

Saves a match document and the settings in an endless loop, printing the counter of each
save only after the save returned, so the parent knows which write was the last complete
one when it kills this process with SIGKILL. Folders come from the XDG_* variables the
parent passes on.
"""

from __future__ import annotations

import sys

from uno_desktop.store.storage import Settings, Storage


def main() -> None:
    storage = Storage()
    actions = [
        {"type": "play", "seat": i % 4, "card": "R5", "color": None, "uno": False}
        for i in range(300)
    ]
    counter = 0
    while True:
        # Sizes vary from save to save, so a torn write could not pass for a whole one.
        doc = {"counter": counter, "padding": "x" * (counter % 7 * 997), "actions": actions}
        if not storage.save_match(doc):
            sys.exit(f"save_match failed: {storage.take_notices()}")
        if not storage.save_settings(Settings(last_preset=f"preset-{counter}")):
            sys.exit(f"save_settings failed: {storage.take_notices()}")
        print(counter, flush=True)
        counter += 1


if __name__ == "__main__":
    main()
