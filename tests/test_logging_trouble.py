"""Logging on a full disk or into a file that cannot be opened: quiet, once, and said in the game
(:func:`quacks.ui.main.logging_trouble`), never "--- Logging error ---" tracebacks on stderr."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import logging, sys
from quacks.ui.main import logging_trouble, setup_logging
setup_logging()
log = logging.getLogger("quacks")
for i in range(200):
    log.warning("line %d of a long session", i)
print(logging_trouble())
"""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_a_full_disk_is_said_once_and_never_prints_tracebacks(tmp_path: Path) -> None:
    logs = tmp_path / "home" / "logs"
    logs.mkdir(parents=True)
    (logs / "quacks.log").symlink_to("/dev/full")  # every write fails with ENOSPC
    r = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env={**os.environ, "QUACKS_HOME": str(tmp_path / "home")})
    assert r.returncode == 0
    assert r.stderr == "", r.stderr
    assert "cannot be written (No space left on device)" in r.stdout
    assert r.stdout.count("\n") == 1


def test_a_log_folder_that_cannot_be_made_is_said_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui import main as ui_main

    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "logs").write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(ui_main, "_TROUBLE", [])
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        assert ui_main.setup_logging() == "stderr"
        assert "cannot be opened" in ui_main.logging_trouble()
    finally:
        for h in root.handlers:
            if h not in before:
                root.removeHandler(h)
        monkeypatch.setattr(ui_main, "_HANDLER", None)


def test_no_trouble_no_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui import main as ui_main

    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(ui_main, "_TROUBLE", [])
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        ui_main.setup_logging()
        logging.getLogger("quacks").warning("fine")
        assert ui_main.logging_trouble() == ""
        assert "fine" in (tmp_path / "home" / "logs" / "quacks.log").read_text(encoding="utf-8")
    finally:
        for h in root.handlers:
            if h not in before:
                root.removeHandler(h)
                h.close()
        monkeypatch.setattr(ui_main, "_HANDLER", None)
