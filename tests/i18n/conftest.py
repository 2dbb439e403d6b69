"""Every test here leaves the game in English, as it found it."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from quacks import i18n

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture(scope="session")
def tool() -> ModuleType:
    """tools/i18n.py (needs Babel, a development dependency)."""
    pytest.importorskip("babel")
    spec = importlib.util.spec_from_file_location("quacks_i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
