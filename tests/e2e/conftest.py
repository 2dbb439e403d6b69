"""End-to-end tests need Linux with Xvfb, xdotool and ImageMagick: skipped without them, failed in CI."""

from __future__ import annotations

import pytest

from .xwin import NEEDED, need_tools


@pytest.fixture(autouse=True)
def _x_tools() -> None:
    need_tools(*NEEDED)
