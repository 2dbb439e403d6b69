"""Entry script of the frozen bundle (PyInstaller): absolute imports only, no package-relative ones.

    python quacks_launcher.py [command ...]     # the same as python -m quacks [command ...]
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from quacks.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
