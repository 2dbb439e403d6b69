"""Test set-up: no window, no sound device, and quiet pygame (tooling.md)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from quacks.content.loader import default_catalogue  # noqa: E402
from quacks.rules.catalogue import Catalogue  # noqa: E402


@pytest.fixture(scope="session")
def cat() -> Catalogue:
    return default_catalogue()
