"""Glue between the screens, the match and the player's files: start, continue, autosave, save, finish.

Autosaves are written by a background writer after every action (the latest state wins, so a burst of
bot moves never stalls a frame); every problem is reported on screen, never as a traceback.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any

from ..content.loader import default_catalogue
from ..i18n import _
from ..session.match import Match, MatchSetup

if TYPE_CHECKING:  # pragma: no cover
    from .app import App

log = logging.getLogger("quacks.ui")


class AutosaveWriter:
    """Writes the newest match data on a background thread; ``flush`` waits until it is on disk."""

    def __init__(self, idle: float = 5.0) -> None:
        self.idle = idle  # seconds without work after which the thread ends (the next submit starts one)
        self._pending: dict[str, Any] | None = None
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self._busy = False
        self.last_error = ""

    def submit(self, data: dict[str, Any]) -> None:
        with self._cv:
            self._pending = data
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cv.notify()

    def _run(self) -> None:
        from ..storage import saves

        while True:
            with self._cv:
                deadline = time.monotonic() + self.idle
                while self._pending is None:
                    left = deadline - time.monotonic()
                    if left <= 0:  # idle: the thread ends, and says so under the lock (no submit is lost)
                        self._thread = None
                        return
                    self._cv.wait(timeout=left)
                data = self._pending
                self._pending = None
                self._busy = True
            try:
                notes = saves.write_autosave(data)
                for n in notes:
                    log.warning("autosave: %s", n)
                self.last_error = ""
            except Exception as e:  # noqa: BLE001 - reported on the table
                self.last_error = _("Could not save the game: {problem}").format(problem=e)
                log.error("autosave failed: %s", e)
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()

    def flush(self, timeout: float = 5.0) -> None:
        with self._cv:
            self._cv.wait_for(lambda: self._pending is None and not self._busy, timeout=timeout)


WRITER = AutosaveWriter()


def start_match(app: App, setup: MatchSetup, replace: bool = False) -> None:
    from .scenes.table import TableScene

    match = Match(default_catalogue(), setup)
    save_settings(app)
    scene = TableScene(app, match)
    # the title stays below the table: "Quit to title" returns to it
    if replace:
        app.replace(scene)
    else:
        app.push(scene)
    autosave(app, match)


def start_tutorial(app: App, lesson: str | None = None, replace: Any = None) -> str:
    """The guided first game: you against one gentle bot, a fixed seed, the guide at your side. With ``lesson``
    (the id of one of the script's lessons), the guided game from the moment that lesson begins in it
    (``tutorial.lessons``). ``replace``: a scene (a guided game's table) the new table takes the place of.
    Returns a message for the player if it cannot start."""
    from ..tutorial.coach import Coach
    from ..tutorial.lessons import NoMoment, lesson_moment, tutorial_setup
    from ..tutorial.script import ScriptError, load_script
    from .scenes.table import TableScene

    try:
        script = load_script()
    except ScriptError as e:
        log.error("the guided game cannot start: %s", e)
        return _("The guided game cannot start: its script is damaged (details in the log).")
    you = _("You") if script.you == "You" else script.you  # the player's seat, "You" in the player's language
    if lesson is None:
        match = Match(default_catalogue(), tutorial_setup(script, you))
        coach = Coach(script, 0)
    else:
        try:
            moment = lesson_moment(script, script.lesson(lesson), default_catalogue(), you)
        except (KeyError, NoMoment) as e:
            log.error("the lesson %r cannot start: %s", lesson, e)
            return _("This lesson cannot start: the guided game never comes to it (details in the log).")
        match, coach = moment.match, moment.coach
    table = TableScene(app, match, coach=coach)
    if replace is not None and replace in app.scenes:
        app.replace_below(replace, table)
    else:
        app.push(table)
    autosave(app, match)
    return ""


def has_autosave() -> tuple[bool, str]:
    """Is there a game in progress to continue (quick: reads the file's summary, does not replay it)?"""
    try:
        from ..storage import saves

        info = saves.autosave_info()
        if info is None:
            return False, _("There is no game in progress to continue.")
        if getattr(info, "problem", None):
            return True, ""  # Continue explains what is wrong and uses the backup if it can
        if getattr(info, "over", False):
            return False, _("The last game is over; start a new one.")
        return True, ""
    except Exception as e:  # noqa: BLE001
        log.warning("cannot look for the autosave: %s", e)
    return False, _("There is no game in progress to continue.")


def continue_autosave(app: App) -> str:
    """Resume the autosaved game; returns a message for the player if that is not possible."""
    from ..storage import saves
    from .scenes.table import TableScene

    try:
        loaded = saves.load_autosave(catalogue=default_catalogue())
    except Exception as e:  # noqa: BLE001
        return _("The saved game could not be read: {problem}").format(problem=e)
    notes = loaded.notes
    if loaded.value is None:
        return " ".join(notes) or _("There is no game in progress to continue.")
    try:
        match = loaded.value.to_match(default_catalogue())
    except Exception as e:  # noqa: BLE001
        return _("The saved game could not be resumed: {problem}").format(problem=e)
    app.push(TableScene(app, match))
    for n in notes + loaded.value.notes:
        app.toast(n, 6.0)
    return ""


def open_saved(app: App, saved: Any) -> str:
    from .scenes.table import TableScene

    try:
        match = saved.to_match(default_catalogue())
    except Exception as e:  # noqa: BLE001
        return _("The save could not be resumed: {problem}").format(problem=e)
    app.push(TableScene(app, match))
    return ""


def autosave(app: App, match: Match) -> None:
    if getattr(app, "no_saves", False):
        return
    try:
        from ..storage import saves

        WRITER.submit(saves.autosave_document(match))
    except Exception as e:  # noqa: BLE001
        log.error("autosave failed: %s", e)


def save_named(app: App, match: Match) -> str:
    from ..storage import saves

    names = "-".join(s.name for s in match.game.seats)
    # Translators: the name of a saved game: the round and the seats' names joined by "-"
    name = _("round {n} {names}").format(n=match.game.round, names=names)
    try:
        name = saves.save_new_slot(name, match)  # a file of its own: never over an earlier save
    except Exception as e:  # noqa: BLE001
        return _("Could not save: {problem}").format(problem=e)
    return _("Saved as \"{name}\"").format(name=name)


def game_finished(app: App, match: Match) -> None:
    """Count the game in the statistics and forget the autosave (the game is over)."""
    if getattr(app, "no_saves", False):
        return
    try:
        from ..storage import saves, stats

        WRITER.flush()
        stats.record_finished_match(match)
        saves.clear_autosave()
    except Exception as e:  # noqa: BLE001
        log.error("could not record the finished game: %s", e)


def save_settings(app: App) -> None:
    if getattr(app, "no_saves", False):
        return
    try:
        from ..storage.settings import save_settings as _save

        _save(app.settings)
    except Exception as e:  # noqa: BLE001
        log.error("could not save the settings: %s", e)
