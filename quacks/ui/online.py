"""A game played across computers at the table (issue 22): the table's part of it, beside the table scene.

``start_online_table`` opens the table once the lobby's game has begun: a ``ServedMatch`` (net/served_match.py) fed
by the window's ``NetLink``, played by the same ``TableScene`` as a local game (through the driver's door,
``session/driven.py``: nothing here or at the table asks which kind of match it is). ``OnlineTable`` is what the table
adds for it: each other seat's state on its pot (thinking, away for 0:45 min), the host's choices when a player is
gone (wait, a bot plays for them, save and end), the acknowledgements of the round's results (so that a window
started again does not show them twice), and the end (the luck check, then the replay and the statistics).

The network's libraries are imported only when a game is played online (the link, ``net/link.py``, comes from the
lobby): a copy of the game without them still runs; the served match needs none of them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from ..content.loader import default_catalogue
from ..i18n import _, pgettext
from ..net import clock_low
from ..net.served_match import ServedMatch
from ..session.driven import DrivenMatch
from ..session.match import Match
from ..wording.text import duration
from .app import App
from .keys import Act
from .netplay import problem_text
from .overlays.host_lost import HostLostNotice
from .overlays.out_of_time import OutOfTimeNotice
from .screens import Screen, back_to, open_scene, replace_scene

if TYPE_CHECKING:  # pragma: no cover
    from ..net.link import LinkState, NetLink
    from .scenes.table import TableScene

log = logging.getLogger("quacks.ui")

ASK_AFTER = 30.0  # seconds a player is gone before the host is asked what to do
HOST_LOST_TELL = 2.0  # seconds a joining window's connection to the host is lost before its player is told
POLL = 0.1  # seconds between two looks at the network while the table waits for it


def start_online_table(app: App, link: NetLink) -> bool:
    """The table of the game the lobby started (the lobby scene is replaced by it); False while the first view of
    the game has not come yet (the lobby asks again at its next update)."""
    u = link.take()
    if u is None or u.view is None:
        return False
    mine = link.snapshot().mine
    match = ServedMatch(default_catalogue(), u.view, mine, link)
    match.feed.extend(u.entries)
    replace_scene(app, Screen.TABLE, match, online=OnlineTable(app, link))
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
        self.lost_told = False  # the host cannot be reached, and the player was told
        self.idle_told: set[int] = set()  # this computer's seats whose time ran out, and the player was told
        self.low_told: set[tuple[int, float]] = set()  # (seat, deadline) of this computer's low clocks told

    @property
    def state(self) -> LinkState:
        return self.link.snapshot()

    def statuses(self, match: DrivenMatch) -> dict[int, tuple[str, str]]:
        """What each other seat is doing, for its pot: away for how long, or still choosing (a line, and a word for
        a small tile)."""
        st = self.state
        now = time.monotonic()
        out: dict[int, tuple[str, str]] = {}
        mine = set(match.local_humans())
        for seat in match.waiting_elsewhere():
            if not match.setup.seats[seat].is_bot:
                out[seat] = (_("thinking…"), pgettext("seat status, short", "thinking"))
        low = clock_low(st.turn_limit)
        for seat, deadline in st.clocks:
            left = deadline - now
            if left > low:
                continue
            if seat in mine:
                out[seat] = (pgettext("own seat status", "{time} left").format(time=duration(left)),
                             duration(left))
            elif not match.setup.seats[seat].is_bot:
                out[seat] = (_("thinking… {time} left").format(time=duration(left)), duration(left))
        for seat in st.idle:
            out[seat] = (_("timed out: a bot plays"), pgettext("seat status, short", "bot plays"))
        for seat, since in st.away:
            if seat not in mine:
                out[seat] = (_("away for {time}").format(time=duration(now - since)),
                             pgettext("seat status, short", "away"))
        return out

    def update(self, table: TableScene) -> None:
        """Once a frame: a connection that cannot be had again is said (the player can only leave; joining again
        with the room code takes the seat back), and a seat gone long enough gets the host's question."""
        st = self.state
        if self.closed:
            return
        if st.phase == "failed" and not self.failed_told and self.at_table(table):
            self.failed_told = True
            open_scene(self.app, Screen.PAUSE_MENU, [(_("Leave the game"), table.menu.quit_to_title, Act.LEAVE)],
                       title=problem_text(st.problem, st.detail))
            return
        if self.watch_clock(table, set(table.match.local_humans())):
            return
        if not st.hosting:
            self.watch_host(table)
            return
        now = time.monotonic()
        gone = {seat: now - since for seat, since in st.away}
        self.asked &= set(gone)
        for seat, seconds in gone.items():
            if seconds >= ASK_AFTER and seat not in self.asked and self.at_table(table):
                self.asked.add(seat)
                self.ask_host(table, seat, seconds)
                return

    def watch_clock(self, table: TableScene, mine: set[int]) -> bool:
        """This computer's seats under the turn clock: once it runs low, the player is told (a toast; the pot
        counts down); once it has run out, the notice says a bot plays the seat and offers it back (True: it opened).
        """
        st = self.state
        idle = set(st.idle) & mine
        self.idle_told &= idle
        now = time.monotonic()
        for seat, deadline in st.clocks:
            if seat in mine and deadline - now <= clock_low(st.turn_limit) and (seat, deadline) not in self.low_told:
                self.low_told.add((seat, deadline))
                self.app.toast(_("{time} left to choose: then a bot plays for you until you take your seat back.")
                               .format(time=duration(deadline - now)))
        fresh = sorted(idle - self.idle_told)
        if not fresh or not self.at_table(table):
            return False
        self.idle_told.update(fresh)
        seat = fresh[0]
        self.app.push(OutOfTimeNotice(self.app, lambda: seat in self.state.idle, lambda: self.link.here(seat)))
        return True

    def take_back_items(self, match: DrivenMatch) -> list[tuple[str, Callable[[], None], Act]]:
        """The table menu's way back to a seat a bot plays since its time ran out (one item per such seat)."""
        idle = [s for s in self.state.idle if s in set(match.local_humans())]
        return [(_("Take my seat back"), partial(self.link.here, s), Act.YES) for s in idle[:1]]

    def watch_host(self, table: TableScene) -> None:
        """A joining window: the host cannot be reached for ``HOST_LOST_TELL`` seconds (its program ended, it left,
        or the link froze): the player is told, and what they can do, while the link tries again
        (``HostLostNotice``: it closes itself when the host is back). Waiting closes it until the host has been back
        and is lost again."""
        lost_since = self.host_lost_since()
        if lost_since is None:
            self.lost_told = False
            return
        if self.lost_told or time.monotonic() - lost_since < HOST_LOST_TELL or not self.at_table(table):
            return
        self.lost_told = True
        self.app.push(HostLostNotice(self.app, lambda: self.host_lost_since() is not None, table.menu.quit_to_title))

    def host_lost_since(self) -> float | None:
        """Since when a joining window's host cannot be reached while the link still tries (None: it can, or the
        link gave up: then its failure is said instead)."""
        st = self.state
        return st.host_lost_since if st.phase != "failed" else None

    def at_table(self, table: TableScene) -> bool:
        """The player is at the table: nothing is on top of it but its own question or round results (a message
        from the network may come over those; never over a menu, the rules or the settings)."""
        top = self.app.scene
        return top is table or (top is not None and top in (table.turns.choice, table.summary))

    def ask_host(self, table: TableScene, seat: int, seconds: float) -> None:
        name = table.g.seats[seat].name
        title = _("{name}'s connection has been lost for {time}.").format(name=name, time=duration(seconds))
        items = [(_("Wait for them"), lambda: None, Act.BACK),
                 (_("A bot plays for them until they are back"), lambda: self.link.hand_to_bot(seat, "normal"),
                  Act.YES),
                 (_("Save and end the game"), lambda: self.ask_save_and_end(table), Act.LEAVE)]
        open_scene(self.app, Screen.PAUSE_MENU, items, title=title)

    def ask_save_and_end(self, table: TableScene) -> None:
        """Ending the game for everyone is asked first (Enter goes back)."""
        open_scene(self.app, Screen.CONFIRM,
                   _("End the game for everyone? It is saved on this computer: Play online goes on with it later."),
                   lambda: self.save_and_end(table), _("Save and end the game"), _("Go back"), safe_default=True)

    def save_and_end(self, table: TableScene) -> None:
        self.link.save_and_end()
        self.close()
        back_to(self.app, Screen.TITLE)
        self.app.toast(_("The game is saved on this computer."))

    def results_closed(self, match: DrivenMatch, rnd: int) -> None:
        """The round's results were closed at this computer: the host keeps it for each of its seats."""
        for seat in match.local_humans():
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
            return _("Checking the luck…") if not st.problem else ""
        if st.fair_ok:
            return _("Luck checked: fair (every draw and roll came from the seed all computers agreed on).")
        if not st.fair_shown:
            log.warning("the luck was not checked: the host did not show its secret")
            return _("Luck not checked: the host did not show its secret after the game.")
        log.warning("the luck check failed: %s", st.fair)
        return _("Luck check failed: the host's draws do not match the seed agreed at the start.")

    def whole_match(self, match: DrivenMatch) -> Match | None:
        """The finished match with its seed (once the host has revealed it), else None."""
        seed = self.state.seed
        return match.finished(seed) if seed is not None else None
