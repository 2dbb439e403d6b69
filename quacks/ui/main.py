"""Start the game: logging to the user's log folder, settings, the window, the title screen.

No traceback ever reaches a player: an unexpected error is logged and shown as a short message.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import pygame

from .. import i18n
from ..i18n import _
from ..storage import locks, paths
from ..storage import settings as settings_file
from .app import App, click_sound
from .flows import WRITER, save_settings, start_match
from .log_file import setup_logging
from .scene import Scene
from .scenes.newgame_model import SetupModel
from .screens import Screen, make_scene

if TYPE_CHECKING:  # pragma: no cover
    from .scenes.title import TitleScene

log = logging.getLogger("quacks")


START_AT = "QUACKS_START_AT"  # "table": start at a table waiting for the human (measuring only, see bench)


def start_waiting_table(app: App) -> None:
    """For measuring (``python -m quacks bench`` sets ``QUACKS_START_AT=table``; not for players): start the
    game "New game, Start" starts, with a fixed seed, on top of the title; the bots play until the table
    waits for the human."""

    click_sound()  # as the Start button does
    start_match(app, SetupModel(seed="1").build())


def second_window(app: App, open_title: Callable[[Callable[[Scene], None]], None]) -> Scene:
    """The screen of a game started while another has the home's lock: it plays once the lock is free."""

    def try_again() -> bool:
        if not locks.take_home_lock().held:
            return False
        log.info("the other Quacks game has closed: this window plays")
        app.no_saves = False
        open_title(app.replace)  # the title in this screen's place
        return True

    scene = make_scene(app, Screen.ALREADY_OPEN, str(paths.data_dir()), try_again)
    return scene


def run(args: Any = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    home = locks.take_home_lock()  # one game per home, taken before anything of the home is touched
    where = setup_logging(rotate=not home.busy)
    if home.busy:
        log.warning("another Quacks game holds %s (%s): this window says so and waits", home.path,
                    home.holder or "who is not known")
    elif home.problem:
        log.warning("%s", home.problem)
    try:
        settings, notes = settings_file.load_settings()
    except Exception as e:  # noqa: BLE001
        settings = settings_file.Settings()
        notes = [_("Settings could not be read ({problem}); defaults are used.").format(problem=e)]
    try:  # --lang for this run, else the setting ("" follows the system's language)
        i18n.set_language(getattr(args, "lang", None) or settings.language)
    except ValueError:
        i18n.set_language("")
    if notes and i18n.language() != "en":  # the notes again, in the player's language (reading twice is safe)
        try:
            notes = settings_file.load_settings()[1] or notes
        except Exception:  # noqa: BLE001
            pass
    for n in notes:
        log.warning("settings: %s", n)
    try:
        size = None
        if args is not None and getattr(args, "size", None):
            w, h = (int(x) for x in args.size.lower().split("x"))
            size = (w, h)
        app = App(settings, size=size)

        def open_title(put: Callable[[Scene], None] = app.push) -> None:
            title = cast("TitleScene", make_scene(app, Screen.TITLE))
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
            pygame.quit()
        except Exception:  # noqa: BLE001
            pass
