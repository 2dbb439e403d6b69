"""What the content tests share: a copy of the game's data folder to change."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from quacks.resources import data_dir


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    """A copy of the game's data folder in ``tmp_path``."""
    d = tmp_path / "data"
    shutil.copytree(data_dir(), d)
    return d
