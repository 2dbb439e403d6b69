from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
