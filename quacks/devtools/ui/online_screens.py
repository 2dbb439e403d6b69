"""The online screens (issue 22) as ``check-layout`` draws them: a link and a LAN browser that are only their
answers, no network; a lobby, the join screen, the online choice, the host's form and a served game's table."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

import pygame

from ...net.discovery import FoundGame
from ...net.link import LinkState, LobbyRow, NetLink
from ...net.roomcode import make_code, make_code6
from ...net.served_match import ServedMatch
from ...session.setup import REMOTE
from ...session.view import seat_view
from ...ui.online import OnlineTable
from ...ui.overlays.online_choice import OnlineChoice
from ...ui.overlays.relay_entry import RelayEntry
from ...ui.scenes.join import NOTHING_AFTER, JoinScene
from ...ui.scenes.lobby import LobbyScene
from ...ui.scenes.newgame import NewGameScene
from ...ui.scenes.table import TableScene
from ...ui.scenes.title import TitleScene
from .games import GAMES, find, human_name, rebuild

if TYPE_CHECKING:  # pragma: no cover
    from ...ui.app import App


class FakeLink:
    """Stands in for ``net.link.NetLink`` in the lobby and join screens: ``state`` is what ``snapshot`` answers,
    and every call the screen makes is kept in ``calls``."""

    def __init__(self, state: LinkState | None = None) -> None:
        self.state = state if state is not None else LinkState()
        self.calls: list[tuple[object, ...]] = []

    def snapshot(self) -> LinkState:
        return self.state

    def kick(self, seat: int) -> None:
        self.calls.append(("kick", seat))

    def seat_to_bot(self, seat: int, level: str) -> None:
        self.calls.append(("seat_to_bot", seat, level))

    def start_game(self) -> None:
        self.calls.append(("start_game",))

    def open_on_relay(self, relay: str) -> None:
        self.calls.append(("open_on_relay", relay))

    def close(self, timeout: float = 3.0) -> None:
        self.calls.append(("close",))

    def take(self) -> None:
        return None  # no news from a host that is not there

    def undo(self, seat: int) -> None:
        self.calls.append(("undo", seat))

    def intent(self, seat: int, action: str) -> None:
        self.calls.append(("intent", seat, action))

    def ack(self, seat: int, what: str, rnd: int) -> None:
        self.calls.append(("ack", seat, what, rnd))

    def join(self, host: str, port: int, secret: str | None, players: list[tuple[str, str | None]], *,
             relay: bool = False) -> None:
        self.calls.append(("join", host, port, secret, tuple(players)) + (("relay",) if relay else ()))

    def here(self, seat: int) -> None:
        self.calls.append(("here", seat))


class FakeBrowser:
    """Stands in for ``net.discovery.Browser``: the games it has "found", and why it cannot look (or None)."""

    def __init__(self, games: Sequence[FoundGame] = (), problem: str | None = None) -> None:
        self.games = list(games)
        self.problem = problem
        self.started = self.stopped = False

    def start(self) -> bool:
        self.started = True
        return self.problem is None

    def found(self) -> list[FoundGame]:
        return list(self.games)

    def stop(self) -> None:
        self.stopped = True


def found_game(host: str, free: int, seats: int, books: str, address: str = "192.168.1.20") -> FoundGame:
    return FoundGame(host, host, address, 47474, free, seats, books, 1, "1.0", "0123456789abcdef")


FOUND = (("Hildegards-Laptop-Wohnzimmer", 2, 4, "all set 1", "192.168.1.20"),
         ("ottokar-pc", 1, 3, "blue 2, green 1, orange 1", "192.168.1.31"),
         ("Mechthild", 3, 4, "all set 4", "192.168.1.7"))


def lobby_state(hosting: bool, phase: str = "lobby") -> LinkState:
    """A lobby of four seats: this computer's player, a remote player joined, a remote seat still free, and a
    remote player whose connection is lost (the host) or a Hard bot (a joining player's view)."""
    you = human_name("You")
    if hosting:
        seats = (LobbyRow(you, "amber", "human", True, False, True),
                 LobbyRow("Mechthild Rose", "teal", "remote", True, False, False),
                 LobbyRow("Ottokar", "plum", "remote", False, False, False),
                 LobbyRow("Eckhart Lindau", "moss", "remote", True, True, False))
        mine: tuple[int, ...] = (0,)
    else:
        seats = (LobbyRow("Hildegard Zorn", "amber", "remote", True, False, False),
                 LobbyRow(you, "teal", "remote", True, False, True),
                 LobbyRow("Ottokar", "plum", "remote", False, False, False),
                 LobbyRow("Hard bot 4", "moss", "hard", False, False, False))
        mine = (1,)
    return LinkState(phase=phase, hosting=hosting, code="C000-1XSE-DGP4-RV4C-MK", address="192.168.178.123:47474",
                     key="C5H6-6S35-5", lan="advertised", seats=seats, mine=mine, turn_limit=180,
                     code6=make_code6("2001:db8:4f2a:1c00:d5e3:9b11:62a7:3c08", 47474, bytes(range(5))) if hosting
                     else None)


def lobby_screen(hosting: bool, phase: str = "lobby", problem: str = "") -> Callable[[App], None]:
    def build(app: App) -> None:
        state = replace(lobby_state(hosting, phase), problem=problem,
                        detail="the host said: wrong secret 0x1f (an English detail)" if problem else "")
        app.scenes = []
        app.push(LobbyScene(app, FakeLink(state), lan=True))

    return build


def lobby_on_relay(relay: str) -> Callable[[App], None]:
    """The host's lobby with the game opened on a relay (issue 33 §4): ``relay`` the relay's state ("open",
    "connecting", "refused"); the room code is the relay code."""
    def build(app: App) -> None:
        st = replace(lobby_state(True), code="relay.example.org:47480/C5H6-6S35-5", relay=relay,
                     relay_address="relay.example.org:47480",
                     relay_problem="" if relay == "open" else "Connection refused")
        app.scenes = []
        app.push(LobbyScene(app, FakeLink(st), lan=True))

    return build


def lobby_router(router: str) -> Callable[[App], None]:
    """The host's lobby after its router was asked to open the port (issue 33 §4): ``router`` its answer ("yes":
    the room code carries the router's address, "no", "asking")."""
    def build(app: App) -> None:
        public = make_code("198.51.100.23", 47474, bytes(range(5))) if router == "yes" else None
        st = replace(lobby_state(True), router=router, public_code=public, code=public or lobby_state(True).code)
        app.scenes = []
        app.push(LobbyScene(app, FakeLink(st), lan=True))

    return build


def relay_entry(app: App) -> None:
    """The host's lobby with the relay's address being typed over it (issue 33 §4)."""
    lobby_screen(True)(app)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    lobby.ask_relay()
    entry = app.scene
    assert isinstance(entry, RelayEntry)
    entry.field.text = "quacks-relay.example.org:47480"


def lobby_starting(failed: bool) -> Callable[[App], None]:
    """The host's lobby with every seat taken, a moment after Start (waiting for each computer's value), or back
    after a start that failed (issue 33)."""
    def build(app: App) -> None:
        st = lobby_state(True)
        seats = tuple(replace(r, joined=True, away=False) for r in st.seats)
        state = replace(st, seats=seats, starting=not failed, failed_starts=1 if failed else 0)
        app.scenes = []
        app.push(LobbyScene(app, FakeLink(state), lan=True))

    return build


def _online_table_then(app: App, **changes: Any) -> None:
    """The online table (``_online_table_at``, nobody away), then its link's state with ``changes``, taken in."""
    _online_table_at(app, 0.0)
    t = app.scene
    assert isinstance(t, TableScene) and t.online is not None
    link = t.online.link
    assert isinstance(link, FakeLink)
    link.state = replace(link.state, away=(), **changes)
    t.update(0.0)


def host_lost(app: App) -> None:
    """A joining window's table whose host cannot be reached (issue 33): the notice over it."""
    _online_table_then(app, hosting=False, host_lost_since=time.monotonic() - 5.0)


def clock_low(app: App) -> None:
    """A table whose turn clocks run low (issue 33 §3): this player's own (its pot counts down, a toast says what
    comes next) and another's (its pot says so), while a third seat is played by a bot since its time ran out."""
    now = time.monotonic()
    _online_table_then(app, clocks=((0, now + 25.0), (1, now + 12.0)), idle=(2,))


def out_of_time(app: App) -> None:
    """This player's turn clock ran out (issue 33 §3): the notice over the table offers the seat back."""
    _online_table_then(app, idle=(0,))


def join_screen(games: Sequence[tuple[str, int, int, str, str]], players: int = 1,
                typo: str = "") -> Callable[[App], None]:
    def build(app: App) -> None:
        app.scenes = []
        browser = FakeBrowser([found_game(*g) for g in games])
        sc = JoinScene(app, browse=lambda: browser, make_link=FakeLink)
        app.push(sc)
        sc.update(NOTHING_AFTER + 1)
        sc.names[0].text = "Walburga Kranz"[:14]
        if players == 2:
            sc.set_players(2)
            sc.names[1].text = "Eckhart Lindau"
        if games:
            sc.choose(sc.found[0])
            sc.key.text = "C5H6-6S35"
        if typo:
            sc.edit(None)
            sc.target.text = typo
            sc.join()

    return build


def choice_dialog(available: bool, hosted: bool = False) -> Callable[[App], None]:
    def build(app: App) -> None:
        app.scenes = []
        app.push(TitleScene(app))
        app.push(OnlineChoice(app, available=available, hosted=hosted))

    return build


def choice_dialog_clicked(app: App) -> None:
    """Play online clicked on the title (the mouse still over its button, whose tooltip the title showed): the
    dialog over the title, and no tooltip of the title over it (issue 30)."""
    app.scenes = []
    title = TitleScene(app)
    app.push(title)
    button = next(b for b in title.buttons if b.on_click == title.play_online)
    pos = button.rect.center
    app.mouse_pos = pos
    title.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    if not title.hover_text:
        raise RuntimeError("layout case: no tooltip on the Play online button")
    title.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    title.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    if type(app.scene).__name__ != "OnlineChoice":
        raise RuntimeError("layout case: Play online did not open its dialog")


def host_form(app: App) -> None:
    app.scenes = []
    sc = NewGameScene(app, online=True)
    app.push(sc)
    sc.add_seat()


def host_form_naming(app: App) -> None:
    """Start pressed in a hosted game whose seat at this screen is still "You": the name is asked on the seat."""
    host_form(app)
    sc = app.scene
    assert isinstance(sc, NewGameScene)
    sc.start()


def online_table(away: float) -> Callable[[App], None]:
    """A game across computers at the host's table, brewing: one seat's player away for ``away`` seconds (long
    enough: the host is asked what to do), another still choosing (its pot says so), this computer's seat
    deciding."""
    return lambda app: _online_table_at(app, away)


def _online_table_at(app: App, away: float) -> None:
    m = rebuild(find(GAMES["brewing"]))
    view = seat_view(m, 0)
    view["setup"] = replace(m.setup, seats=tuple(replace(s, kind=REMOTE) if i else s for i, s in
                                                 enumerate(m.setup.seats))).public_data()
    link = FakeLink(replace(lobby_state(True, "playing"), away=((1, time.monotonic() - away),)))
    nm = ServedMatch(m.cat, view, (0,), link)
    app.scenes = []
    t = TableScene(app, nm, online=OnlineTable(app, cast("NetLink", link)))
    t.driver.threaded = False
    app.push(t)
    t.update(0.0)
