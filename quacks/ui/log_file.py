"""The game's log file (issue 17, issue 30 §7): rotated past a size, a regular file only, and never a traceback on
stderr; a log that cannot be written is said to the player once (:func:`logging_trouble`) and the game goes on."""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import sys
from pathlib import Path
from typing import TextIO

from ..i18n import _
from ..storage import paths
from ..storage.files import open_append

_TROUBLE: list[str] = []  # the first logging problem, as a sentence for the player
_HANDLER: logging.Handler | None = None

LOG_MAX_BYTES = 1024 * 1024  # the log file's size before it is rotated (quacks.log -> quacks.log.1 ...)
LOG_BACKUPS = 3  # rotated files kept: the log never takes more than (1 + LOG_BACKUPS) x LOG_MAX_BYTES


class QuietFileHandler(logging.handlers.RotatingFileHandler):
    """A log file of bounded size that never prints "--- Logging error ---" tracebacks.

    Past ``max_bytes`` the file is rotated (``quacks.log`` becomes ``quacks.log.1``, and so on up to
    ``backups``; the oldest goes). A rotation that fails (another program holds the file open, the folder is
    read-only) leaves the log in the file it has, unrotated for the rest of the run. The first failure to
    write (a full disk, a file gone read-only) is remembered for :func:`logging_trouble`, and the log then
    stays quiet: a log that cannot be written never stops the game."""

    failed = False

    def __init__(self, filename: str | os.PathLike[str], max_bytes: int = LOG_MAX_BYTES,
                 backups: int = LOG_BACKUPS) -> None:
        super().__init__(filename, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")

    def _open(self) -> io.TextIOWrapper:
        """The log file, a regular file only (``storage.files.open_append``): a named pipe there hung the game before
        its window opened (issue 30 §7), and a device is never written to."""
        return open_append(Path(self.baseFilename), self.encoding or "utf-8")

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:
            super().emit(record)

    def doRollover(self) -> None:  # noqa: N802 - logging's own name
        try:
            super().doRollover()
        except OSError as e:
            self.maxBytes = 0  # no more tries this run
            if self.stream is None:  # closed for the rotation: the same file again (a failure here is handled)
                self.stream = self._open()
            self.stream.write(f"(the log could not be rotated: {e}; it goes on in this file)\n")

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's own name
        if self.failed:
            return
        self.failed = True
        err = sys.exc_info()[1]
        reason = getattr(err, "strerror", None) or (str(err) if err else _("an unknown problem"))
        _note_trouble(_("The log file {file} cannot be written ({problem}); the game goes on without a log.").format(
            file=self.baseFilename, problem=reason))
        try:
            self.close()
        except Exception:  # noqa: BLE001 - closing a broken file may fail too
            pass


class _QuietStreamHandler(logging.StreamHandler[TextIO]):
    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802
        pass  # stderr itself is broken: nothing left to tell


def _note_trouble(message: str) -> None:
    if not _TROUBLE:
        _TROUBLE.append(message)


def logging_trouble() -> str:
    """A sentence for the player if the log cannot be written (shown once in the game), else ``""``."""
    return _TROUBLE[0] if _TROUBLE else ""


def setup_logging(rotate: bool = True) -> str:
    """Log to the user log folder (a windowed bundle has no stdout/stderr), rotated past
    :data:`LOG_MAX_BYTES`; where the log goes. A second window of a home another game holds (``rotate=False``)
    appends to the log but never rotates it: the other game's file stays where that game writes.

    Never fails and never prints logging tracebacks: if the log file cannot be opened or written, the log
    goes to stderr (or nowhere) and :func:`logging_trouble` says so.
    """
    global _HANDLER
    path = None
    try:
        path = paths.log_path(create=True)
        handler: logging.Handler = QuietFileHandler(path, LOG_MAX_BYTES if rotate else 0)
        where = str(path)
    except Exception as e:  # noqa: BLE001 - fall back to stderr if the folder or file cannot be made
        reason = getattr(e, "strerror", None) or str(e)
        if path is None:
            _note_trouble(_("The log file cannot be opened ({problem}); the game goes on without a log.").format(
                problem=reason))
        else:
            _note_trouble(_("The log file {file} cannot be opened ({problem}); the game goes on without a "
                            "log.").format(file=path, problem=reason))
        handler = _QuietStreamHandler(sys.stderr if sys.stderr else open(os.devnull, "w"))  # noqa: SIM115
        where = "stderr"
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    if _HANDLER is not None:  # started again in the same process (tests): one handler, not two
        root.removeHandler(_HANDLER)
        try:
            _HANDLER.close()
        except Exception:  # noqa: BLE001
            pass
    _HANDLER = handler
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return where
