"""Glue between the screens, the match and the player's files: start, continue, autosave, save, finish.

Every game has an id and an autosave of its own (``storage/saves.py``: the last few unfinished games are kept);
starting or loading a game while one is unfinished asks first, and "Continue" resumes the game last played.
Autosaves are written by a background writer after every action (the latest state of each game wins, so a
burst of bot moves never stalls a frame); every problem is reported on screen, never as a traceback.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..content.loader import default_catalogue
from ..i18n import _, ngettext, verbatim
from ..session.match import Match, MatchSetup
from ..storage import replays, saves, stats
from ..storage import settings as settings_file
from ..tutorial import script as tutorial_script
from ..tutorial.coach import Coach
from ..tutorial.lessons import NoMoment, lesson_moment, tutorial_setup
from ..wording.text import date_time
from .screens import Screen, make_scene, open_scene

if TYPE_CHECKING:  # pragma: no cover
    from ..storage.saves import SavedGame, SaveDocument, SlotInfo
    from .app import App, Scene

log = logging.getLogger("quacks.ui")


class AutosaveWriter:
    """Writes the newest document of each game on a background thread; ``flush`` waits until they are on disk.

    A burst of steps keeps only the newest document of a game; two games (one quit, the next started at once)
    each keep their own, so the last state of the first is never replaced by the second's."""

    def __init__(self, idle: float = 5.0) -> None:
        self.idle = idle  # seconds without work after which the thread ends (the next submit starts one)
        self._pending: dict[str, SaveDocument] = {}
        self._closed: set[str] = set()  # games whose autosave is gone (finished and recorded): never written again
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self._busy = False
        self.last_error = ""

    @staticmethod
    def _game(data: SaveDocument) -> str:
        meta = data.get("meta")
        game = meta.get("game", "") if isinstance(meta, dict) else ""
        return game if isinstance(game, str) else ""

    def submit(self, data: SaveDocument) -> None:
        with self._cv:
            game = self._game(data)
            if game and game in self._closed:
                return
            self._pending[game] = data
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cv.notify()

    def close(self, game: str) -> None:
        """The game is over and recorded: what is still waiting for its autosave is dropped, and later submits too."""
        with self._cv:
            self._pending.pop(game, None)
            if game:
                self._closed.add(game)

    def _run(self) -> None:
        while True:
            with self._cv:
                deadline = time.monotonic() + self.idle
                while not self._pending:
                    left = deadline - time.monotonic()
                    if left <= 0:  # idle: the thread ends, and says so under the lock (no submit is lost)
                        self._thread = None
                        return
                    self._cv.wait(timeout=left)
                game = next(iter(self._pending))
                data = self._pending.pop(game)
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
            self._cv.wait_for(lambda: not self._pending and not self._busy, timeout=timeout)


WRITER = AutosaveWriter()


def start_match(app: App, setup: MatchSetup, replace: bool = False) -> None:
    """A new game on the table; its first autosave is written before the table shows (a game of its own: the
    unfinished games before it are kept, :func:`unfinished_game`)."""

    match = Match(default_catalogue(), setup)
    save_settings(app)
    game = saves.new_game_id()
    scene = make_scene(app, Screen.TABLE, match, game=game)
    # the title stays below the table: "Quit to title" returns to it
    if replace:
        app.replace(scene)
    else:
        app.push(scene)
    autosave_now(app, match, game)


def start_tutorial(app: App, lesson: str | None = None, replace: Scene | None = None) -> str:
    """The guided first game: you against one gentle bot, a fixed seed, the guide at your side. With ``lesson``
    (the id of one of the script's lessons), the guided game from the moment that lesson begins in it
    (``tutorial.lessons``). ``replace``: a scene (a guided game's table) the new table takes the place of.
    Returns a message for the player if it cannot start."""

    try:
        script = tutorial_script.load_script()
    except tutorial_script.ScriptError as e:
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
    game = saves.new_game_id()
    GUIDED.add(game)
    table = make_scene(app, Screen.TABLE, match, coach=coach, game=game)
    if replace is not None and replace in app.scenes:
        app.replace_below(replace, table)
    else:
        app.push(table)
    autosave_now(app, match, game)
    return ""


def has_autosave() -> tuple[bool, str]:
    """Is there a game in progress to continue (quick: reads the files' summaries, does not replay them)?"""
    try:
        WRITER.flush()  # the game just left is on disk: Continue resumes it
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
    """Resume the game last played (its autosave); returns a message for the player if that is not possible."""

    try:
        WRITER.flush()
        info = saves.autosave_info()
        game = info.game if info is not None and info.game is not None else ""
        loaded = saves.load_autosave(catalogue=default_catalogue(), game=game)
    except Exception as e:  # noqa: BLE001
        return _("The saved game could not be read: {problem}").format(problem=e)
    notes = loaded.notes
    if loaded.value is None:
        return " ".join(notes) or _("There is no game in progress to continue.")
    try:
        match = loaded.value.to_match(default_catalogue())
    except Exception as e:  # noqa: BLE001
        return _("The saved game could not be resumed: {problem}").format(problem=e)
    open_scene(app, Screen.TABLE, match, game=game)
    for n in notes + loaded.value.notes:
        app.toast(n, 6.0)
    return ""


def open_saved(app: App, saved: SavedGame, game: str | None = None) -> str:
    """Play on from a save: an autosave (``game``: its id) goes on in its own file; a named save is never written
    again, its game goes on as a new unfinished game. The autosave is written at once, so "Continue" resumes this
    game even if the player quits right away."""

    try:
        match = saved.to_match(default_catalogue())
    except Exception as e:  # noqa: BLE001
        return _("The save could not be resumed: {problem}").format(problem=e)
    game = saves.new_game_id() if game is None else game
    open_scene(app, Screen.TABLE, match, game=game)
    autosave_now(app, match, game)
    return ""


#: the ids of the guided games started in this run: their autosaves say so, and the lists name them so (issue 30:
#: one was listed as "You, Hildegard")
GUIDED: set[str] = set()


def _meta(game: str) -> dict[str, object]:
    return {"guided": True} if game in GUIDED else {}


def autosave(app: App, match: Match, game: str = "") -> None:
    """Autosave ``match`` as game ``game`` in the background (:class:`AutosaveWriter`)."""
    if getattr(app, "no_saves", False):
        return
    try:
        WRITER.submit(saves.autosave_document(match, _meta(game), game=game))
    except Exception as e:  # noqa: BLE001
        log.error("autosave failed: %s", e)


def autosave_now(app: App, match: Match, game: str) -> None:
    """Autosave ``match`` now, on this thread (a game that starts or is loaded: it is the one Continue resumes as
    soon as the table shows). A problem goes to the log and the table, as the background writer's would."""
    if getattr(app, "no_saves", False):
        return
    try:
        WRITER.flush()  # another game's last state first: this one is then the game last played
        for n in saves.write_autosave(saves.autosave_document(match, _meta(game), game=game)):
            log.warning("autosave: %s", n)
    except Exception as e:  # noqa: BLE001
        WRITER.last_error = _("Could not save the game: {problem}").format(problem=e)
        log.error("autosave failed: %s", e)


def save_named(app: App, match: Match) -> str:

    names = "-".join(s.name for s in match.game.seats)
    # Translators: the name of a saved game: the round and the seats' names joined by "-"
    name = _("round {n} {names}").format(n=match.game.round, names=names)
    try:
        name = saves.save_new_slot(name, match)  # a file of its own: never over an earlier save
    except Exception as e:  # noqa: BLE001
        return _("Could not save: {problem}").format(problem=e)
    return _("Saved as \"{name}\"").format(name=name)


def game_finished(app: App, match: Match, game: str = "") -> None:
    """Count the game in the statistics, keep its replay, and only then forget its autosave (a finished game is
    never lost: if either cannot be written, the autosave stays, and :func:`settle_finished` tries again)."""
    if getattr(app, "no_saves", False):
        return
    try:
        WRITER.flush()
        stats.record_finished_match(match)
        replays.keep_replay(match, game)
        WRITER.close(game)
        saves.clear_autosave(game=game)
    except Exception as e:  # noqa: BLE001
        log.error("could not record the finished game: %s", e)


def settle_finished(app: App) -> None:
    """Finished games whose statistics or replay could not be written when they ended (their autosaves are still
    there): recorded now, and their autosaves forgotten once that worked. Never raises."""
    if getattr(app, "no_saves", False):
        return
    try:
        for info in saves.list_autosaves():
            if not info.over or info.problem is not None or info.game is None:
                continue
            loaded = saves.load_autosave(catalogue=default_catalogue(), game=info.game)
            if loaded.value is not None:
                game_finished(app, loaded.value.to_match(default_catalogue()), info.game)
    except Exception as e:  # noqa: BLE001
        log.error("could not record a finished game: %s", e)


# ----------------------------------------------------------------------------------------------------
# an unfinished game is never replaced without a word


def unfinished_game() -> SlotInfo | None:
    """The unfinished game "Continue" would resume (a ``SlotInfo``: who plays, the round, when it was last
    played), or None. Never raises."""
    try:
        WRITER.flush()
        info = saves.autosave_info()
        if info is not None and info.problem is None and not info.over:
            return info
    except Exception as e:  # noqa: BLE001
        log.warning("cannot look for the unfinished games: %s", e)
    return None


def saved_game_title(info: SlotInfo) -> str:
    """Which game a save is, as the lists and questions name it: its seats ("Ann, Bob"), or the guided game ("Learn
    to play: the guided game against Hildegard"; its "You" says nothing in a list of games)."""
    if info.guided and len(info.seats) == 2:
        return _("The guided game against {opponent}").format(opponent=verbatim(info.seats[1]))
    return ", ".join(verbatim(n) for n in info.seats) or verbatim(info.name)


def game_summary(info: SlotInfo) -> str:
    """"Ann, Bob · round 4 · last played 2025-01-31 20:15": which game a question is about (the date as the
    player's language writes it, ``wording.text.date_time``)."""
    who = saved_game_title(info)
    return _("{seats} · round {round} · last played {when}").format(
        seats=who, round=info.round if info.round is not None else "?", when=date_time(info.saved_at))


def ask_before_replacing(app: App, go: Callable[[], None], *, loading: bool = False, keep: str | None = None) -> None:
    """Start (or, ``loading``, load) a game, asking first while an unfinished game is waiting: the question names
    that game, and says that it is kept (and which game goes if a sixth unfinished one starts). "Go back" is the
    default; nothing is deleted either way. ``keep``: the autosave being loaded (it replaces nothing)."""

    waiting = None if getattr(app, "no_saves", False) else unfinished_game()  # (an app that saves nothing asks nothing)
    if waiting is None or (keep is not None and waiting.game == keep):
        go()
        return
    parts = [_("An unfinished game is waiting: {game}.").format(game=game_summary(waiting))]
    parts.append(_("Load another game? The unfinished one is kept: Load lists it.") if loading else
                 _("Start a new game? The unfinished one is kept: Load lists it."))
    try:
        gone = None if keep is not None else saves.would_drop()
    except Exception:  # noqa: BLE001
        gone = None
    if gone is not None:
        parts.append(ngettext("Only the last {n} unfinished game is kept, so the oldest goes: {game}.",
                              "Only the last {n} unfinished games are kept, so the oldest goes: {game}.",
                              saves.MAX_UNFINISHED).format(n=saves.MAX_UNFINISHED, game=game_summary(gone)))
    open_scene(app, Screen.CONFIRM, " ".join(parts), go, yes=_("Load it") if loading else _("Start the new game"),
               no=_("Go back"), safe_default=True)


def save_settings(app: App) -> None:
    if getattr(app, "no_saves", False):
        return
    try:
        settings_file.save_settings(app.settings)
    except Exception as e:  # noqa: BLE001
        log.error("could not save the settings: %s", e)
