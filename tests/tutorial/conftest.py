from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ..ui.driver import Driver


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture()
def driver(home: Path) -> Iterator[Driver]:
    """The title screen at the headless table's size (1920x1080)."""
    from quacks.ui.flows import WRITER
    from quacks.ui.scenes.title import TitleScene

    d = Driver()
    d.app.push(TitleScene(d.app))
    d.frames(2)
    yield d
    WRITER.flush()
