"""One way to open a screen (issue 31): a screen opens another by its name here, never by importing it.

Every screen another module opens is a member of :class:`Screen`; its value says where its scene class lives
(``module:Class`` under ``quacks.ui``). The module is imported the first time the screen is opened, so the title
shows without loading every other screen first (start-up stays fast), and no screen module imports another: the
window's modules form no circle (``tests/test_structure.py``). A name that leads nowhere is a loud error
(:class:`ScreenNotFound`), and ``tests/ui/test_screens.py`` opens every member's class.

The doors, each the one way to do its thing:

- :func:`open_scene`: the screen on top of the one shown (it comes back when the new one closes);
- :func:`replace_scene`: the screen in place of the one on top (or of a given scene, ``below``);
- :func:`back_to`: close screens down to the nearest of a kind, or put a fresh one in place of the top;
- :func:`make_scene` and :func:`scene_class`: the scene itself (to build it before showing it, or to ask
  whether a scene is of a kind).
"""

from __future__ import annotations

import importlib
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .app import App
    from .scene import Scene


class Screen(Enum):
    """The screens and the overlays more than one place opens, by where their scene class lives (``module:Class``
    under ``quacks/ui``). An overlay one screen keeps as its own state (the table's round results, choice dialog
    and guide's bubble) is pushed by that screen as the object it holds."""

    TITLE = "scenes.title:TitleScene"
    NEW_GAME = "scenes.newgame:NewGameScene"
    ONLINE_CHOICE = "overlays.online_choice:OnlineChoice"
    JOIN = "scenes.join:JoinScene"
    LOBBY = "scenes.lobby:LobbyScene"
    LESSONS = "scenes.lessons:LessonsScene"
    LOAD = "scenes.load:LoadScene"
    REPLAYS = "scenes.replay_scene:ReplayListScene"
    RULES = "scenes.rules_scene:RulesScene"
    STATS = "scenes.stats_scene:StatsScene"
    SETTINGS = "scenes.settings_scene:SettingsScene"
    CREDITS = "scenes.credits:CreditsScene"
    TABLE = "scenes.table:TableScene"
    FINAL = "scenes.final:FinalScene"
    ALREADY_OPEN = "scenes.already_open:AlreadyOpenScene"
    REPLAY = "scenes.replay_view:ReplayScene"
    CONFIRM = "overlays.confirm:Confirm"
    PAUSE_MENU = "overlays.pause_menu:PauseMenu"


class ScreenNotFound(LookupError):
    """A member of :class:`Screen` whose module or class is not there (a rename not carried over): a bug."""


_CLASSES: dict[Screen, type[Scene]] = {}


def scene_class(screen: Screen) -> type[Scene]:
    """The scene class of ``screen``, its module imported the first time."""
    found = _CLASSES.get(screen)
    if found is not None:
        return found
    module_name, _, class_name = screen.value.partition(":")
    try:
        module = importlib.import_module(f"{__package__}.{module_name}")
        cls = getattr(module, class_name)
    except (ImportError, AttributeError) as e:
        raise ScreenNotFound(f"the screen {screen.name} is said to be {screen.value}, which is not there: {e}") from e
    _CLASSES[screen] = cls
    return cls


def make_scene(app: App, screen: Screen, *args: Any, **kwargs: Any) -> Scene:
    """A new scene of ``screen`` (its class's own arguments after ``app``), not yet shown."""
    return scene_class(screen)(app, *args, **kwargs)  # type: ignore[call-arg]


def open_scene(app: App, screen: Screen, *args: Any, **kwargs: Any) -> Scene:
    """``screen`` on top of the one shown; the scene."""
    scene = make_scene(app, screen, *args, **kwargs)
    app.push(scene)
    return scene


def replace_scene(app: App, screen: Screen, *args: Any, below: Scene | None = None, **kwargs: Any) -> Scene:
    """``screen`` in place of the scene on top, or of ``below`` (a scene under others, which stay on top); the
    scene."""
    scene = make_scene(app, screen, *args, **kwargs)
    if below is None:
        app.replace(scene)
    else:
        app.replace_below(below, scene)
    return scene


def back_to(app: App, screen: Screen) -> None:
    """Close screens down to the nearest ``screen`` (it resumes); if there is none, a new one in place of the top
    (``App.back_to``: "Quit to title" returns to the title under the table, never a second title)."""
    cls = scene_class(screen)
    app.back_to(cls, lambda: cls(app))  # type: ignore[call-arg]


def is_screen(scene: object, screen: Screen) -> bool:
    """Whether ``scene`` is one of ``screen``."""
    return isinstance(scene, scene_class(screen))
