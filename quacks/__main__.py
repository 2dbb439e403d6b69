"""``python -m quacks``: the game, or one of its tools (see ``python -m quacks --help``)."""

from __future__ import annotations

import sys

from quacks.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
