"""`python -m uno_desktop`: the same as the `uno-desktop` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
