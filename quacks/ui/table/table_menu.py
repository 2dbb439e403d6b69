"""The table's menu (Esc) and the ways out of a game: save, rules, settings, lessons, leave (asked first), and
the final ranking when the game is over. Every item has the same key in the menu as at the table
(``ui/keys.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...i18n import _
from ..flows import autosave, game_finished, save_named
from ..keys import Act
from ..screens import Screen, back_to, open_scene, replace_scene

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.table import TableScene


class TableMenu:
    """The table's menu and its ways out: one per ``TableScene``."""

    def __init__(self, scene: TableScene[Any]) -> None:
        self.scene = scene

    def items(self) -> list[tuple[str, Callable[[], None], Act]]:
        """The menu's items, each with its act (its key in the menu and at the table alike, ``ui/keys.py``)."""
        sc = self.scene
        items: list[tuple[str, Callable[[], None], Act]] = [(_("Resume"), lambda: None, Act.BACK)]
        if sc.online is not None:  # a seat a bot plays since the turn clock ran out (issue 33 §3)
            items += sc.online.take_back_items(sc.match)
        if (whole := sc.match.whole()) is not None:  # (a game across computers is kept by its host)
            items.append((_("Save game"), lambda: sc.app.toast(save_named(sc.app, whole)), Act.SAVE))
        items += [(_("Rules"), self.open_rules, Act.RULES), (_("Settings"), self.open_settings, Act.SETTINGS)]
        if sc.guide is not None:
            items.append((_("Lessons"), sc.guide.open_lessons, Act.LESSONS))
        # the host keeps a game across computers; leaving it is said as such
        items.append((_("Leave the game") if sc.online is not None else _("Quit to title"), self.leave, Act.LEAVE))
        return items

    def open(self) -> None:
        open_scene(self.scene.app, Screen.PAUSE_MENU, self.items())

    def leave(self) -> None:
        """Leave the game, asked first (a key pressed by mistake never ends a game): Enter goes back. A game at this
        computer is kept (Continue goes on with it); the host of a game across computers disconnects everyone (the
        game is kept, Play online goes on with it later); a player who joined can join again."""
        sc = self.scene
        if sc.online is not None:
            if sc.online.state.hosting and not sc.g.is_over:
                text = _("Leave the game? Everyone who joined is disconnected. The game is kept on this computer: Play "
                         "online goes on with it later.")
            else:
                text = _("Leave the game? You can join it again with the room code while it goes on.")
        elif sc.g.is_over:
            self.quit_to_title()
            return
        else:
            text = _("Leave this game for the title screen? It is kept: Continue goes on with it.")
        open_scene(sc.app, Screen.CONFIRM, text, self.quit_to_title, _("Leave the game"), _("Stay"), safe_default=True)

    def open_rules(self) -> None:
        open_scene(self.scene.app, Screen.RULES, self.scene.g)

    def open_settings(self) -> None:
        open_scene(self.scene.app, Screen.SETTINGS)

    def quit_to_title(self) -> None:
        """To the title screen: a game at this computer is kept first (its autosave); a game across computers is
        left (the link closes)."""
        sc = self.scene
        if sc.online is not None:
            sc.online.close()
        elif (whole := sc.match.whole()) is not None:
            autosave(sc.app, whole, sc.game_id)
        back_to(sc.app, Screen.TITLE)

    def finish(self) -> None:
        """The game is over: the final ranking takes the table's place (a game at this computer is recorded first:
        its statistics, its replay)."""
        sc = self.scene
        whole = sc.match.whole()
        if sc.online is not None or whole is None:  # recorded once the host's secret has given the seed back
            replace_scene(sc.app, Screen.FINAL, sc.match, online=sc.online, game=sc.game_id, below=sc)
            return
        game_finished(sc.app, whole, sc.game_id)
        replace_scene(sc.app, Screen.FINAL, whole, guided=sc.coach is not None, below=sc)
