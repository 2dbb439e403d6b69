"""A game played across computers at the table (issue 22): the table's part of it, beside the table scene.

``start_online_table`` opens the table once the lobby's game has begun: a ``NetMatch`` (net/table_match.py) fed
by the window's ``NetLink``, played by the same ``TableScene`` as a local game. ``OnlineTable`` is what the table
adds for it: each other seat's state on its pot (thinking, away for 0:45), the host's choices when a player is
gone (wait, a bot plays for them, save and end), the acknowledgements of the round's results (so that a window
started again does not show them twice), and the end (the luck check, then the replay and the statistics).

The network code is imported here only when a game is played online: a copy of the game without it still runs.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from ..i18n import _, pgettext
from ..session.match import Match
from .app import App

if TYPE_CHECKING:  # pragma: no cover
    from ..net.link import LinkState, NetLink
    from ..net.table_match import NetMatch
    from .scenes.table import TableScene

log = logging.getLogger("quacks.ui")

ASK_AFTER = 30.0  # seconds a player is gone before the host is asked what to do
POLL = 0.1  # seconds between two looks at the network while the table waits for it


def clock_text(seconds: float) -> str:
    """0:45, 12:03: how long a player has been away."""
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def start_online_table(app: App, link: NetLink) -> bool:
    """The table of the game the lobby started (the lobby scene is replaced by it); False while the first view of
    the game has not come yet (the lobby asks again at its next update)."""
    from ..content.loader import default_catalogue
    from ..net.table_match import NetMatch
    from .scenes.table import TableScene

    u = link.take()
    if u is None or u.view is None:
        return False
    mine = link.snapshot().mine
    match = NetMatch(default_catalogue(), u.view, mine, link)
    match.feed.extend(u.entries)
    app.replace(TableScene(app, match, online=OnlineTable(app, link)))
    return True


class OnlineTable:
    """The table's part of a game played across computers (module docstring)."""

    def __init__(self, app: App, link: NetLink) -> None:
        self.app = app
        self.link = link
        self.asked: set[int] = set()  # away seats the host has answered for (until they come back)
        self.acked: set[tuple[str, int]] = set()
        self.closed = False
        self.failed_told = False  # the connection's end was said

    @property
    def state(self) -> LinkState:
        return self.link.snapshot()

    def statuses(self, match: NetMatch) -> dict[int, tuple[str, str]]:
        """What each other seat is doing, for its pot: away for how long, or still choosing (a line, and a word for
        a small tile)."""
        st = self.state
        now = time.monotonic()
        out: dict[int, tuple[str, str]] = {}
        mine = set(match.mine)
        for seat in match.waiting_for():
            if seat not in mine and not match.setup.seats[seat].is_bot:
                out[seat] = (_("thinking..."), pgettext("seat status, short", "thinking"))
        for seat, since in st.away:
            if seat not in mine:
                out[seat] = (_("away for {time}").format(time=clock_text(now - since)),
                             pgettext("seat status, short", "away"))
        return out

    def update(self, table: TableScene) -> None:
        """Once a frame: a connection that cannot be had again is said (the player can only leave; joining again
        with the room code takes the seat back), and a seat gone long enough gets the host's question."""
        st = self.state
        if self.closed:
            return
        if st.phase == "failed" and not self.failed_told and self.at_table(table):
            from .netplay import problem_text
            from .overlays.pause_menu import PauseMenu

            self.failed_told = True
            self.app.push(PauseMenu(self.app, [(_("Leave the game"), table.quit_to_title)],
                                    title=problem_text(st.problem, st.detail)))
            return
        if not st.hosting:
            return
        now = time.monotonic()
        gone = {seat: now - since for seat, since in st.away}
        self.asked &= set(gone)
        for seat, seconds in gone.items():
            if seconds >= ASK_AFTER and seat not in self.asked and self.at_table(table):
                self.asked.add(seat)
                self.ask_host(table, seat, seconds)
                return

    def at_table(self, table: TableScene) -> bool:
        """The player is at the table: nothing is on top of it but its own question or round results (a message
        from the network may come over those; never over a menu, the rules or the settings)."""
        top = self.app.scene
        return top is table or (top is not None and top in (table.choice, table.summary))

    def ask_host(self, table: TableScene, seat: int, seconds: float) -> None:
        from .overlays.pause_menu import PauseMenu

        name = table.g.seats[seat].name
        title = _("{name}'s connection is lost ({time}).").format(name=name, time=clock_text(seconds))
        items = [(_("Wait for them"), lambda: None),
                 (_("A bot plays for them until they are back"), lambda: self.link.hand_to_bot(seat, "normal")),
                 (_("Save and end the game"), lambda: self.save_and_end(table))]
        self.app.push(PauseMenu(self.app, items, title=title))

    def save_and_end(self, table: TableScene) -> None:
        from .scenes.title import TitleScene

        self.link.save_and_end()
        self.close()
        self.app.back_to(TitleScene, lambda: TitleScene(self.app))
        self.app.toast(_("The game is saved on this computer."))

    def results_closed(self, match: NetMatch, rnd: int) -> None:
        """The round's results were closed at this computer: the host keeps it for each of its seats."""
        for seat in match.mine:
            self.link.ack(seat, "results", rnd)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.link.close()

    # ------------------------------------------------------------------------------------------------
    # the end

    def luck_text(self) -> str:
        """The fairness check's line for the final screen ("" while it has not come)."""
        st = self.state
        if st.fair_ok is None:
            return _("Checking the luck...") if not st.problem else ""
        if st.fair_ok:
            return _("Luck checked: fair (every draw and roll came from the seed all computers agreed on).")
        log.warning("the luck check failed: %s", st.fair)
        return _("Luck check failed: the host's draws do not match the seed agreed at the start.")

    def whole_match(self, match: Match) -> Match | None:
        """The finished match with its seed (once the host has revealed it), else None."""
        from ..net.table_match import NetMatch

        seed = self.state.seed
        return match.finished(seed) if seed is not None and isinstance(match, NetMatch) else None
