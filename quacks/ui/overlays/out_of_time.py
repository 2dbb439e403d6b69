"""The notice of a player whose turn clock ran out (issue 33 §3): a bot plays their seat now, so that the others
do not wait; they take it back with one key, or let the bot play on (the table's menu offers the seat back later).
It closes itself once the seat is theirs again (taken back here, or by joining again).
"""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import _
from ..app import App
from ..keys import Act
from .pause_menu import PauseMenu

WATCH = 0.25  # seconds between two looks at the link while the notice is up


class OutOfTimeNotice(PauseMenu):
    """The menu; ``still_idle()`` is asked at every update: False closes it and says the seat is the player's."""

    def __init__(self, app: App, still_idle: Callable[[], bool], take_back: Callable[[], None]) -> None:
        super().__init__(app, [(_("Take my seat back"), take_back, Act.YES),
                               (_("Let the bot play on for now"), lambda: None, Act.BACK)],
                         title=_("Your time to choose ran out, so a bot is playing your seat and the others can "
                                 "go on. It plays until you take your seat back."))
        self.still_idle = still_idle

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.scene is self and not self.still_idle():
            self.close()
            self.app.toast(_("Your seat is yours again."))

    def wake_in(self) -> float | None:
        return WATCH
