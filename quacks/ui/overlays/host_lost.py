"""The notice of a joining window whose host cannot be reached (issue 33 §3): a menu over the table, with what the
player can do (wait, or leave with the seat kept), that closes itself when the host is back.

``OnlineTable`` holds it as its own state (``ui/screens.py``: an overlay one screen keeps), and tells it how to
know whether the host is still lost.
"""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import _
from ..app import App
from ..keys import Act
from .pause_menu import PauseMenu

WATCH = 0.25  # seconds between two looks at the link while the notice is up


class HostLostNotice(PauseMenu):
    """The menu; ``still_lost()`` is asked at every update: False closes it and says the host is back."""

    def __init__(self, app: App, still_lost: Callable[[], bool], leave: Callable[[], None]) -> None:
        super().__init__(app, [(_("Wait for the host"), lambda: None, Act.BACK),
                               (_("Leave: your seat is kept for when you join again"), leave, Act.LEAVE)],
                         title=_("The host cannot be reached: their game closed, or the connection is lost. "
                                 "Trying again…"))
        self.still_lost = still_lost

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.scene is self and not self.still_lost():
            self.close()
            self.app.toast(_("The host is back: the game goes on."))

    def wake_in(self) -> float | None:
        return WATCH
