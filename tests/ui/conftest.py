from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .driver import Driver


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    from quacks.ui.flows import WRITER

    WRITER.flush()  # a game's autosave still on its way lands in this test's home, never in the next test's


@pytest.fixture()
def driver(home: Path) -> Iterator[Driver]:
    from quacks.ui.scenes.title import TitleScene

    d = Driver()
    d.app.push(TitleScene(d.app))
    d.frames(2)
    yield d
    from quacks.ui.flows import WRITER

    WRITER.flush()
