"""Start the game: logging to the user's log folder, settings, the window, the title screen.

No traceback ever reaches a player: an unexpected error is logged and shown as a short message.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TYPE_CHECKING, Any

from ..i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from .app import App

log = logging.getLogger("quacks")


_TROUBLE: list[str] = []  # the first logging problem, as a sentence for the player
_HANDLER: logging.Handler | None = None


class QuietFileHandler(logging.FileHandler):
    """A log file that never prints "--- Logging error ---" tracebacks: the first failure to write (a full
    disk, a file gone read-only) is remembered for :func:`logging_trouble`, and the log then stays quiet."""

    failed = False

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:
            super().emit(record)

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


class _QuietStreamHandler(logging.StreamHandler):  # type: ignore[type-arg]
    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802
        pass  # stderr itself is broken: nothing left to tell


def _note_trouble(message: str) -> None:
    if not _TROUBLE:
        _TROUBLE.append(message)


def logging_trouble() -> str:
    """A sentence for the player if the log cannot be written (shown once in the game), else ``""``."""
    return _TROUBLE[0] if _TROUBLE else ""


def setup_logging() -> str:
    """Log to the user log folder (a windowed bundle has no stdout/stderr); where the log goes.

    Never fails and never prints logging tracebacks: if the log file cannot be opened or written, the log
    goes to stderr (or nowhere) and :func:`logging_trouble` says so.
    """
    global _HANDLER
    try:
        from ..storage import paths

        path = paths.log_path(create=True)
        handler: logging.Handler = QuietFileHandler(path, encoding="utf-8")
        where = str(path)
    except Exception as e:  # noqa: BLE001 - fall back to stderr if the folder or file cannot be made
        reason = getattr(e, "strerror", None) or str(e)
        _note_trouble(_("The log file cannot be opened ({problem}); the game goes on without a log.").format(
            problem=reason))
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
    from .scenes.newgame import SetupModel

    click_sound()  # as the Start button does
    start_match(app, SetupModel(seed="1").build())


def run(args: Any = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    where = setup_logging()
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
        title = TitleScene(app)
        app.push(title)
        if notes:
            title.message = notes[0]
        notice = i18n.take_notice()  # a damaged catalogue (English is shown), said once
        if notice:
            app.toast(notice, 10.0)
        if os.environ.get(START_AT) == "table":
            start_waiting_table(app)
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
        try:
            import pygame

            pygame.quit()
        except Exception:  # noqa: BLE001
            pass
