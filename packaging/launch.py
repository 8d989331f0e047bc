"""PyInstaller entry point: the frozen app's `main`, exiting with the game's own code.

PyInstaller needs a script, not a console-script entry point; this file is that script
and nothing more, so the frozen app and `uno-desktop` behave the same.
"""

from __future__ import annotations

import sys

from uno_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
