"""Child process for the lock tests in test_storage_safety.py (not a test module itself).

Opens the game's storage as a window would (taking the user folder's lock), prints
"locked" or "refused", and then waits to be killed. Folders come from the XDG_* variables
the parent passes on.
"""

from __future__ import annotations

import sys
import time

from uno_desktop.store.storage import Storage


def main() -> None:
    storage = Storage()
    print("locked" if storage.acquire_lock() else "refused", flush=True)
    while True:
        time.sleep(60)


if __name__ == "__main__":
    sys.exit(main())
