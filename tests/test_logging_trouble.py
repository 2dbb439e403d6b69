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


# rotation: the log file never grows without bound (issue 18) ----------------------------------------------


def _fill(handler: logging.Handler, lines: int, width: int = 100) -> None:
    log = logging.getLogger("quacks.test.rotation")
    log.propagate = False
    log.addHandler(handler)
    try:
        for i in range(lines):
            log.warning("%05d %s", i, "x" * width)
    finally:
        log.removeHandler(handler)
        handler.close()


def test_the_log_is_rotated_past_its_size_and_keeps_a_few_old_files(tmp_path: Path) -> None:
    from quacks.ui.main import QuietFileHandler

    path = tmp_path / "quacks.log"
    _fill(QuietFileHandler(path, max_bytes=4000, backups=3), lines=400)  # ~43 kB written in all
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["quacks.log", "quacks.log.1", "quacks.log.2", "quacks.log.3"]
    assert all((tmp_path / f).stat().st_size <= 4000 for f in files)
    assert "00399" in path.read_text(encoding="utf-8")  # the newest lines are in quacks.log
    assert "00000" not in "".join((tmp_path / f).read_text(encoding="utf-8") for f in files)  # the oldest went


def test_the_game_s_log_rotates_a_full_file_at_its_next_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui import main as ui_main

    logs = tmp_path / "home" / "logs"
    logs.mkdir(parents=True)
    (logs / "quacks.log").write_text("an old session\n" + "y" * ui_main.LOG_MAX_BYTES, encoding="utf-8")
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(ui_main, "_TROUBLE", [])
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        ui_main.setup_logging()
        logging.getLogger("quacks").warning("a new session")
        assert (logs / "quacks.log").read_text(encoding="utf-8").count("\n") == 1
        assert (logs / "quacks.log.1").read_text(encoding="utf-8").startswith("an old session")
        assert ui_main.logging_trouble() == ""
    finally:
        for h in root.handlers:
            if h not in before:
                root.removeHandler(h)
                h.close()
        monkeypatch.setattr(ui_main, "_HANDLER", None)
    assert 1 <= ui_main.LOG_BACKUPS <= 5 and ui_main.LOG_MAX_BYTES <= 4 * 1024 * 1024


def test_a_rotation_that_fails_leaves_the_log_in_its_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows refuses to rename a file another program holds open: the log goes on where it is, quietly."""
    from quacks.ui import main as ui_main

    monkeypatch.setattr(ui_main, "_TROUBLE", [])
    path = tmp_path / "quacks.log"
    handler = ui_main.QuietFileHandler(path, max_bytes=2000, backups=2)

    def refuse(source: str, dest: str) -> None:
        raise PermissionError(13, "The process cannot access the file", source)

    handler.rotate = refuse  # type: ignore[method-assign]
    _fill(handler, lines=100)
    text = path.read_text(encoding="utf-8")
    assert "00000" in text and "00099" in text and "could not be rotated" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quacks.log"]
    assert not handler.failed and ui_main.logging_trouble() == ""
    assert capsys.readouterr().err == ""


def test_a_second_window_appends_to_the_log_but_never_rotates_it(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The game that holds the home writes quacks.log; a second window (the home lock busy) must not rename it
    under that game."""
    from quacks.ui import main as ui_main

    logs = tmp_path / "home" / "logs"
    logs.mkdir(parents=True)
    (logs / "quacks.log").write_text("the first game\n" + "y" * ui_main.LOG_MAX_BYTES, encoding="utf-8")
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(ui_main, "_TROUBLE", [])
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        ui_main.setup_logging(rotate=False)
        logging.getLogger("quacks").warning("a second window")
        text = (logs / "quacks.log").read_text(encoding="utf-8")
        assert text.startswith("the first game") and "a second window" in text
        assert not (logs / "quacks.log.1").exists()
    finally:
        for h in root.handlers:
            if h not in before:
                root.removeHandler(h)
                h.close()
        monkeypatch.setattr(ui_main, "_HANDLER", None)
