"""Start the game: logging to the user's log folder, settings, the window, the title screen.

No traceback ever reaches a player: an unexpected error is logged and shown as a short message.
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from ..i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from .app import App
    from .scene import Scene

log = logging.getLogger("quacks")


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
        from pathlib import Path

        from ..storage.files import open_append

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
        from ..storage import paths

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


START_AT = "QUACKS_START_AT"  # "table": start at a table waiting for the human (measuring only, see bench)


def start_waiting_table(app: App) -> None:
    """For measuring (``python -m quacks bench`` sets ``QUACKS_START_AT=table``; not for players): start the
    game "New game, Start" starts, with a fixed seed, on top of the title; the bots play until the table
    waits for the human."""
    from .app import click_sound
    from .flows import start_match
    from .scenes.newgame_model import SetupModel

    click_sound()  # as the Start button does
    start_match(app, SetupModel(seed="1").build())


def second_window(app: App, open_title: Callable[[Callable[[Scene], None]], None]) -> Scene:
    """The screen of a game started while another has the home's lock: it plays once the lock is free."""
    from ..storage import locks, paths
    from .scenes.already_open import AlreadyOpenScene

    def try_again() -> bool:
        if not locks.take_home_lock().held:
            return False
        log.info("the other Quacks game has closed: this window plays")
        app.no_saves = False
        open_title(app.replace)  # the title in this screen's place
        return True

    scene = AlreadyOpenScene(app, str(paths.data_dir()), try_again)
    return scene


def run(args: Any = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from ..storage import locks

    home = locks.take_home_lock()  # one game per home, taken before anything of the home is touched
    where = setup_logging(rotate=not home.busy)
    if home.busy:
        log.warning("another Quacks game holds %s (%s): this window says so and waits", home.path,
                    home.holder or "who is not known")
    elif home.problem:
        log.warning("%s", home.problem)
    try:
        from ..storage.settings import load_settings

        settings, notes = load_settings()
    except Exception as e:  # noqa: BLE001
        from ..storage.settings import Settings

        settings, notes = Settings(), [_("Settings could not be read ({problem}); defaults are used.").format(
            problem=e)]
    from .. import i18n

    try:  # --lang for this run, else the setting ("" follows the system's language)
        i18n.set_language(getattr(args, "lang", None) or settings.language)
    except ValueError:
        i18n.set_language("")
    if notes and i18n.language() != "en":  # the notes again, in the player's language (reading twice is safe)
        try:
            from ..storage.settings import load_settings as _again

            notes = _again()[1] or notes
        except Exception:  # noqa: BLE001
            pass
    for n in notes:
        log.warning("settings: %s", n)
    try:
        from .app import App
        from .scenes.title import TitleScene

        size = None
        if args is not None and getattr(args, "size", None):
            w, h = (int(x) for x in args.size.lower().split("x"))
            size = (w, h)
        app = App(settings, size=size)

        def open_title(put: Callable[[Scene], None] = app.push) -> None:
            title = TitleScene(app)
            put(title)
            if notes:
                title.message = notes[0]
            if os.environ.get(START_AT) == "table":
                start_waiting_table(app)

        if home.busy:
            app.no_saves = True  # nothing of the home is written from this window
            app.push(second_window(app, open_title))
        else:
            open_title()
        notice = i18n.take_notice()  # a damaged catalogue (English is shown), said once
        if notice:
            app.toast(notice, 10.0)
        app.run()
        from .flows import WRITER, save_settings

        WRITER.flush()
        save_settings(app)
        return 0
    except Exception as e:  # noqa: BLE001
        log.exception("the game stopped")
        msg = _("Quacks stopped because of an unexpected problem: {problem}. Details are in {file}.").format(
            problem=e, file=where)
        try:
            sys.stderr.write(msg + "\n")
        except Exception:  # noqa: BLE001
            pass
        return 1
    finally:
        locks.release_home_lock()
        try:
            import pygame

            pygame.quit()
        except Exception:  # noqa: BLE001
            pass
