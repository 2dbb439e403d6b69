"""Logging on a full disk or into a file that cannot be opened: quiet, once, and said in the game
(:func:`quacks.ui.log_file.logging_trouble`), never "--- Logging error ---" tracebacks on stderr."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from quacks.ui import log_file

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import logging, sys
from quacks.ui import log_file
from quacks.ui.log_file import logging_trouble, setup_logging
setup_logging()
log = logging.getLogger("quacks")
for i in range(200):
    log.warning("line %d of a long session", i)
print(logging_trouble())
"""


FULL_DISK = SCRIPT.replace("setup_logging()\n", """setup_logging()
from quacks.ui import log_file
log_file._HANDLER.stream.close()
log_file._HANDLER.stream = open("/dev/full", "a", encoding="utf-8")  # every write fails with ENOSPC
""")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
def test_a_full_disk_is_said_once_and_never_prints_tracebacks(tmp_path: Path) -> None:
    """The log file is a regular file; the disk fills while the game writes it (a device as the log itself is
    refused: ``test_a_log_that_is_no_regular_file_is_refused_at_once``)."""
    assert FULL_DISK != SCRIPT
    r = subprocess.run([sys.executable, "-c", FULL_DISK], cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env={**os.environ, "QUACKS_HOME": str(tmp_path / "home")})
    assert r.returncode == 0
    assert r.stderr == "", r.stderr
    assert "cannot be written (No space left on device)" in r.stdout
    assert r.stdout.count("\n") == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("kind", ["fifo", "fifo-with-reader", "device-link", "folder"])
def test_a_log_that_is_no_regular_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    """Issue 30 §7: a named pipe as the log hung the game before its window opened. Now the game starts, logs to
    stderr and says the log cannot be written; nothing is written to a device the log file links to."""
    logs = tmp_path / "home" / "logs"
    logs.mkdir(parents=True)
    log = logs / "quacks.log"
    reader = None
    if kind.startswith("fifo"):
        os.mkfifo(log)
        if kind == "fifo-with-reader":  # a program reads the pipe: opening it would succeed
            reader = os.open(log, os.O_RDONLY | os.O_NONBLOCK)
    elif kind == "device-link":
        os.mkfifo(tmp_path / "device")  # stands for a device node (never a real one in a test)
        reader = os.open(tmp_path / "device", os.O_RDONLY | os.O_NONBLOCK)
        log.symlink_to(tmp_path / "device")
    else:
        log.mkdir()
    try:
        r = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=60,
                           env={**os.environ, "QUACKS_HOME": str(tmp_path / "home")})
        if reader is not None:
            try:
                leaked = os.read(reader, 1 << 16)
            except BlockingIOError:
                leaked = b""
            assert leaked == b"", leaked  # nothing went into the pipe
    finally:
        if reader is not None:
            os.close(reader)
    assert r.returncode == 0, r.stderr
    assert "cannot be opened" in r.stdout and str(log) in r.stdout and r.stdout.count("\n") == 1, r.stdout
    assert "Traceback" not in r.stderr and "line 199 of a long session" in r.stderr  # the log went to stderr


def test_a_log_folder_that_cannot_be_made_is_said_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:

    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "logs").write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(log_file, "_TROUBLE", [])
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        assert log_file.setup_logging() == "stderr"
        assert "cannot be opened" in log_file.logging_trouble()
    finally:
        for h in root.handlers:
            if h not in before:
                root.removeHandler(h)
        monkeypatch.setattr(log_file, "_HANDLER", None)


def test_no_trouble_no_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:

    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(log_file, "_TROUBLE", [])
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        log_file.setup_logging()
        logging.getLogger("quacks").warning("fine")
        assert log_file.logging_trouble() == ""
        assert "fine" in (tmp_path / "home" / "logs" / "quacks.log").read_text(encoding="utf-8")
    finally:
        for h in root.handlers:
            if h not in before:
                root.removeHandler(h)
                h.close()
        monkeypatch.setattr(log_file, "_HANDLER", None)


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
    from quacks.ui.log_file import QuietFileHandler

    path = tmp_path / "quacks.log"
    _fill(QuietFileHandler(path, max_bytes=4000, backups=3), lines=400)  # ~43 kB written in all
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["quacks.log", "quacks.log.1", "quacks.log.2", "quacks.log.3"]
    assert all((tmp_path / f).stat().st_size <= 4000 for f in files)
    assert "00399" in path.read_text(encoding="utf-8")  # the newest lines are in quacks.log
    assert "00000" not in "".join((tmp_path / f).read_text(encoding="utf-8") for f in files)  # the oldest went


def test_the_game_s_log_rotates_a_full_file_at_its_next_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:

    logs = tmp_path / "home" / "logs"
    logs.mkdir(parents=True)
    (logs / "quacks.log").write_text("an old session\n" + "y" * log_file.LOG_MAX_BYTES, encoding="utf-8")
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(log_file, "_TROUBLE", [])
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        log_file.setup_logging()
        logging.getLogger("quacks").warning("a new session")
        assert (logs / "quacks.log").read_text(encoding="utf-8").count("\n") == 1
        assert (logs / "quacks.log.1").read_text(encoding="utf-8").startswith("an old session")
        assert log_file.logging_trouble() == ""
    finally:
        for h in root.handlers:
            if h not in before:
                root.removeHandler(h)
                h.close()
        monkeypatch.setattr(log_file, "_HANDLER", None)
    assert 1 <= log_file.LOG_BACKUPS <= 5 and log_file.LOG_MAX_BYTES <= 4 * 1024 * 1024


def test_a_rotation_that_fails_leaves_the_log_in_its_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows refuses to rename a file another program holds open: the log goes on where it is, quietly."""

    monkeypatch.setattr(log_file, "_TROUBLE", [])
    path = tmp_path / "quacks.log"
    handler = log_file.QuietFileHandler(path, max_bytes=2000, backups=2)

    def refuse(source: str, dest: str) -> None:
        raise PermissionError(13, "The process cannot access the file", source)

    handler.rotate = refuse  # type: ignore[method-assign]
    _fill(handler, lines=100)
    text = path.read_text(encoding="utf-8")
    assert "00000" in text and "00099" in text and "could not be rotated" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quacks.log"]
    assert not handler.failed and log_file.logging_trouble() == ""
    assert capsys.readouterr().err == ""


def test_a_second_window_appends_to_the_log_but_never_rotates_it(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The game that holds the home writes quacks.log; a second window (the home lock busy) must not rename it
    under that game."""

    logs = tmp_path / "home" / "logs"
    logs.mkdir(parents=True)
    (logs / "quacks.log").write_text("the first game\n" + "y" * log_file.LOG_MAX_BYTES, encoding="utf-8")
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(log_file, "_TROUBLE", [])
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        log_file.setup_logging(rotate=False)
        logging.getLogger("quacks").warning("a second window")
        text = (logs / "quacks.log").read_text(encoding="utf-8")
        assert text.startswith("the first game") and "a second window" in text
        assert not (logs / "quacks.log.1").exists()
    finally:
        for h in root.handlers:
            if h not in before:
                root.removeHandler(h)
                h.close()
        monkeypatch.setattr(log_file, "_HANDLER", None)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_the_self_test_s_report_does_not_hang_on_a_log_that_is_a_pipe(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The self-test appends its lines to the log itself: a named pipe there is passed over, never waited on."""
    import threading

    from quacks import selftest

    logs = tmp_path / "home" / "logs"
    logs.mkdir(parents=True)
    os.mkfifo(logs / "quacks.log")
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    done: list[bool] = []
    worker = threading.Thread(target=lambda: (selftest._report("a line"), done.append(True)), daemon=True)
    worker.start()
    worker.join(10)
    if not done:
        fd = os.open(logs / "quacks.log", os.O_RDONLY | os.O_NONBLOCK)  # let the old writer go, then fail
        worker.join(5)
        os.close(fd)
        pytest.fail("the self-test's report hung on a log that is a pipe")
