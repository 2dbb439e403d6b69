"""Test set-up: no window, no sound device, quiet pygame (tooling.md), and nothing written into the checkout:
Hypothesis keeps its example database in the system's temp folder, not in ``.hypothesis/`` here."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# no test asks this machine's home router to open a port (net/router.py): tests/net/test_router.py asks its own,
# in network namespaces it makes
os.environ["QUACKS_NO_ROUTER"] = "1"
os.environ.setdefault("QUACKS_CHECK_STILL", "1")  # the table's still picture is drawn again and compared (issue 31)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from hypothesis.configuration import set_hypothesis_home_dir  # noqa: E402

HYPOTHESIS_HOME = Path(tempfile.gettempdir()) / "quacks-hypothesis"
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(HYPOTHESIS_HOME))  # for test subprocesses too
set_hypothesis_home_dir(os.environ["HYPOTHESIS_STORAGE_DIRECTORY"])

from quacks.content.loader import default_catalogue  # noqa: E402
from quacks.rules.catalogue import Catalogue  # noqa: E402


@pytest.fixture(scope="session")
def cat() -> Catalogue:
    return default_catalogue()


def _settle_autosaves() -> None:
    """A game's autosave still on its way (the window's background writer) is written now, into the home it was
    meant for, never into the next test's."""
    flows = sys.modules.get("quacks.ui.flows")
    writer = getattr(flows, "WRITER", None)
    if writer is not None:
        writer.flush()


@pytest.fixture(autouse=True)
def _a_home_of_its_own(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test writes into a home of its own, never the user's folders: a test that drives a table without
    asking for a home (its autosaves) once left a game in the next test's home (CI, tests/net then tests/ui)."""
    _settle_autosaves()
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path_factory.mktemp("home")))
    yield
    _settle_autosaves()
