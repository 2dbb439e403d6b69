"""The online screens (issue 22): Play online on the title and its choice, new game in its online mode (an online
seat required, seats built with kind "remote"), the lobby over a fake link (code, seats, the host's buttons call
the link, a failure is a translated sentence without its detail), and the join screen (a room code, an address
and a key, a typo refused with a sentence)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

import pygame
import pytest

pytest.importorskip("websockets")

from quacks import i18n  # noqa: E402
from quacks.devtools.ui.online_screens import FakeBrowser, FakeLink, found_game, lobby_state  # noqa: E402
from quacks.net.link import FAILED, IN_GAME, LinkState  # noqa: E402
from quacks.net.roomcode import join_key, make_code  # noqa: E402
from quacks.session.setup import HUMAN, REMOTE  # noqa: E402
from quacks.ui import netplay  # noqa: E402
from quacks.ui.keys import Act
from quacks.ui.overlays.confirm import Confirm  # noqa: E402
from quacks.ui.overlays.online_choice import OnlineChoice  # noqa: E402
from quacks.ui.scenes.join import NOTHING_AFTER, JoinScene  # noqa: E402
from quacks.ui.scenes.lobby import LobbyScene  # noqa: E402
from quacks.ui.scenes.newgame import NewGameScene  # noqa: E402
from quacks.ui.scenes.title import TitleScene  # noqa: E402

from .driver import Driver  # noqa: E402
from .screens import button, click, key  # noqa: E402

SECRET = bytes.fromhex("0badc0ffee")


@pytest.fixture()
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield None
    i18n.set_language("en")


def test_the_title_offers_play_online_beside_new_game(driver: Driver) -> None:
    t = driver.scene
    assert isinstance(t, TitleScene)
    labels = [b.label for b in t.buttons]
    assert labels.index("Play online") == labels.index("New game") + 1
    click(driver, button(t.buttons, t.play_online))
    assert isinstance(driver.scene, OnlineChoice)


def test_the_online_choice_hosts_joins_or_goes_back(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("quacks.ui.scenes.join._browser", lambda: FakeBrowser())
    choice = OnlineChoice(driver.app, available=True)
    driver.app.push(choice)
    assert [b.label for b in choice.buttons] == ["Host a game", "Join a game", "Back"]
    click(driver, choice.buttons[0])
    assert isinstance(driver.scene, NewGameScene) and driver.scene.model.online
    key(driver, pygame.K_ESCAPE)
    driver.app.push(OnlineChoice(driver.app, available=True))
    assert [b.hotkey_label for b in driver.scene.buttons] == ["H", "J", "Esc"]  # its own keys, never numbers
    driver.press(Act.JOIN)
    assert isinstance(driver.scene, JoinScene)
    key(driver, pygame.K_ESCAPE)
    driver.app.push(OnlineChoice(driver.app, available=True))
    key(driver, pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)


def test_a_copy_without_network_code_says_so_in_one_sentence(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real: Callable[..., object] = builtins.__import__

    def no_websockets(name: str, *args: object, **kw: object) -> object:
        if name == "websockets":
            raise ModuleNotFoundError("No module named 'websockets'")
        return real(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_websockets)
    assert not netplay.network_available()
    choice = OnlineChoice(driver.app)
    driver.app.push(choice)
    driver.frames(1)
    assert [b.label for b in choice.buttons] == ["Back"]
    assert choice.text() == "This copy of the game was built without network play."


def test_new_game_online_needs_a_remote_seat_and_builds_remote_seats(driver: Driver) -> None:
    ng = NewGameScene(driver.app, online=True)
    driver.app.push(ng)
    assert [v for v, _l in ng.seat_buttons[0][2].options][:2] == [HUMAN, REMOTE]
    assert ng.model.seats[1].kind == REMOTE  # a hosted game starts with a seat for the friend
    # the host's seat is not "You" to the others (issue 33): Start asks for the name, where it is typed
    assert not ng.start_b.enabled and "Type your name" in ng.start_b.reason
    ng.start()
    assert driver.scene is ng and ng.editing == 0 and ng.model.seats[0].name == ""
    assert ng.asking.startswith("Type your name") and not ng.start_b.enabled  # said in place of the key hints
    driver.type("Ann")
    ng.finish_typing()
    assert ng.model.seats[0].name == "Ann" and ng.model.seats[0].custom
    assert ng.start_b.enabled and ng.lan_c is not None
    ng.set_kind(1, "normal")
    assert not ng.start_b.enabled and "Online" in ng.start_b.reason
    ng.start()
    assert driver.scene is ng and ng.hover_text == ng.start_b.reason  # nothing was hosted
    ng.set_kind(2, REMOTE)
    assert ng.start_b.enabled
    setup = ng.model.build()
    assert [s.kind for s in setup.seats] == [HUMAN, "normal", REMOTE]
    offline = NewGameScene(driver.app)
    assert REMOTE not in [v for v, _l in offline.model.kinds()] and offline.model.start_problem() == ""


def test_start_hosts_with_the_lan_choice_and_opens_the_lobby(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    hosted: list[dict[str, object]] = []

    class Hosting(FakeLink):
        def __init__(self, **kw: object) -> None:
            super().__init__(replace(lobby_state(True), phase="connecting", code=None))
            self.made = kw

        def host(self, config: object, seats: object, **kw: object) -> None:
            hosted.append({"config": config, "seats": seats, **kw})

    monkeypatch.setattr("quacks.net.link.NetLink", Hosting)
    monkeypatch.setattr("quacks.net.commands.lan_address", lambda: "192.168.1.5")
    ng = NewGameScene(driver.app, online=True)
    driver.app.push(ng)
    ng.model.seats[0].name, ng.model.seats[0].custom = "Ann", True
    assert ng.lan_c is not None
    ng.lan_c.set(False)
    ng.start()
    assert isinstance(driver.scene, LobbyScene)
    (h,) = hosted
    assert h["bind"] == "0.0.0.0" and h["advertise_on"] == "192.168.1.5" and h["lan"] is False
    seats = h["seats"]
    assert isinstance(seats, tuple) and [s.kind for s in seats] == [HUMAN, REMOTE, "normal"]
    assert driver.scene.status() == "Opening the game…"


def lobby(driver: Driver, state: LinkState) -> tuple[LobbyScene, FakeLink]:
    link = FakeLink(state)
    sc = LobbyScene(driver.app, link)
    driver.app.push(sc)
    driver.frames(1)
    return sc, link


def test_the_host_lobby_shows_the_code_and_seats_and_its_buttons_call_the_link(driver: Driver) -> None:
    st = lobby_state(True)
    sc, link = lobby(driver, st)
    items = _drawn(driver)
    assert st.code in items and "Join key: C5H6-6S35-5" in items and "Mechthild Rose" in items
    assert {"you, at this computer", "joined", "waiting for a player…", "connection lost", "Seat 3"} <= items
    assert sc.start_b is not None and not sc.start_b.enabled  # seat 3 is free, seat 4's player is away
    rows = {i: (send, bot) for i, _r, send, bot in sc.seat_rows}
    assert rows[0] == (None, None)  # this computer's player has no buttons
    click(driver, rows[1][0])
    click(driver, rows[2][1])
    assert not rows[2][0].enabled  # nobody to send away
    assert link.calls == [("kick", 1), ("seat_to_bot", 2, "normal")]
    # everyone joins: Start calls the link
    seats = tuple(replace(r, joined=True, away=False) for r in st.seats)
    link.state = replace(st, seats=seats)
    driver.frames(2)
    assert sc.start_b is not None and sc.start_b.enabled
    key(driver, pygame.K_RETURN)
    assert link.calls[-1] == ("start_game",)
    # the start waits for every computer's value (issue 33): Start is off and the page says why
    link.state = replace(link.state, starting=True)
    driver.frames(2)
    assert sc.start_b is not None and not sc.start_b.enabled and sc.status().startswith("Starting:")
    # a value did not come in time: back in the lobby, told, and Start is on again
    link.state = replace(link.state, starting=False, failed_starts=1)
    driver.frames(2)
    assert sc.start_b is not None and sc.start_b.enabled and sc.status().startswith("The start failed")


def test_the_host_is_asked_before_leaving_and_leaving_closes_the_link(driver: Driver) -> None:
    sc, link = lobby(driver, lobby_state(True))
    key(driver, pygame.K_ESCAPE)
    assert isinstance(driver.scene, Confirm) and link.calls == []
    key(driver, pygame.K_y)
    assert link.calls == [("close",)] and isinstance(driver.scene, TitleScene)


def test_a_joining_player_waits_for_the_host_and_the_game_starts_the_table(driver: Driver,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[object] = []
    monkeypatch.setattr("quacks.ui.scenes.lobby.start_online_table", lambda app, link: started.append(link) or True)
    sc, link = lobby(driver, lobby_state(False))
    assert sc.start_b is None and not any(b for _i, _r, s, b in sc.seat_rows if b)
    assert sc.status() == "Waiting for the host to start…"
    assert "Hard bot" in _drawn(driver)
    link.state = replace(link.state, phase=IN_GAME)
    driver.frames(2)
    driver.frames(2)
    assert started == [link]


def test_a_failure_is_a_translated_sentence_without_its_detail(driver: Driver, german: object) -> None:
    detail = "secret mismatch 0x1f (English)"
    sc, link = lobby(driver, replace(lobby_state(False), phase=FAILED, problem="bad-secret", detail=detail))
    page = " ".join(_lines(driver))
    sentence = netplay.problem_text("bad-secret")
    assert sentence != netplay.PROBLEMS["bad-secret"] and sentence in page  # German, not the English
    assert detail not in page and "bad-secret" not in page and "0x1f" not in page
    key(driver, pygame.K_ESCAPE)  # a joining player leaves without a question
    assert link.calls == [("close",)]


def test_every_problem_code_has_a_sentence() -> None:
    from quacks.net import protocol

    assert set(netplay.PROBLEMS) == {*protocol.REFUSE_REASONS, "port", "unreachable", "network", "no-game",
                                     "not-the-host"}


def join_scene(driver: Driver, browser: FakeBrowser | None = None) -> tuple[JoinScene, list[FakeLink]]:
    made: list[FakeLink] = []

    def make() -> FakeLink:
        made.append(FakeLink(lobby_state(False)))
        return made[-1]

    sc = JoinScene(driver.app, browse=lambda: browser or FakeBrowser(), make_link=make)
    driver.app.push(sc)
    driver.frames(1)
    return sc, made


def test_the_join_screen_joins_by_room_code(driver: Driver) -> None:
    sc, made = join_scene(driver)
    code = make_code("192.168.1.20", 47480, SECRET)
    click(driver, sc.target)  # a click on the field types into it
    driver.type(code.lower().replace("-", " "))
    sc.edit(sc.names[0])
    driver.type("Walburga")
    key(driver, pygame.K_RETURN)
    assert isinstance(driver.scene, LobbyScene)
    assert made[0].calls == [("join", "192.168.1.20", 47480, SECRET.hex(), (("Walburga", "amber"),))]
    # remembered for "Rejoin" on the title (issue 33), until the game is seen to end
    assert netplay.joined_game(driver.app) == ("192.168.1.20", 47480, SECRET.hex(), [("Walburga", "amber")])


def test_the_join_screen_joins_through_a_relay_by_its_code(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    sc, made = join_scene(driver)
    sc.target.text = f"relay.example.org/{join_key(SECRET).lower()}"
    sc.names[0].text = "Walburga"
    sc.join()
    assert isinstance(driver.scene, LobbyScene)
    assert made[0].calls == [("join", "relay.example.org", 47480, SECRET.hex(), (("Walburga", "amber"),), "relay")]
    # remembered for the title's "Rejoin", as a relay's (the room is found there by its secret)
    assert netplay.joined_game(driver.app) == ("relay.example.org", 47480, SECRET.hex(), [("Walburga", "amber")])
    assert netplay.joined_through_relay(driver.app)
    monkeypatch.setattr(netplay, "joining_link", lambda: made.append(FakeLink(lobby_state(False))) or made[-1])
    made.clear()
    TitleScene(driver.app).rejoin()
    assert made and made[0].calls[-1][-1] == "relay"


def test_the_join_screen_joins_by_address_and_key_with_two_players(driver: Driver) -> None:
    sc, made = join_scene(driver)
    sc.target.text = "10.0.0.7:5000"
    sc.key.text = join_key(SECRET)
    sc.set_players(2)
    sc.names[0].text, sc.names[1].text = "Walburga", "Eckhart"
    sc.next_colour(1)
    sc.join()
    (call,) = made[0].calls
    assert call[:4] == ("join", "10.0.0.7", 5000, SECRET.hex())
    assert call[4] == (("Walburga", "amber"), ("Eckhart", "plum"))


@pytest.mark.parametrize(("typed", "words"), [
    ("C000-1XSE-DGP4-RV4C-KM", "does not check out"), ("C000-1XSE-DGP4-RV4U-MK", "letter U"),
    ("", "Type the room code")])
def test_a_typo_is_refused_with_a_sentence(driver: Driver, typed: str, words: str) -> None:
    sc, made = join_scene(driver)
    sc.target.text = typed
    sc.names[0].text = "Walburga"
    sc.join()
    assert driver.scene is sc and made == []
    assert words in sc.message and sc.message.endswith(".")


def test_a_typo_in_german_is_german(driver: Driver, german: object) -> None:
    sc, made = join_scene(driver)
    sc.target.text, sc.key.text = "10.0.0.7", "7F2M-9XHD-Q"
    sc.names[0].text = "Walburga"
    sc.join()
    assert made == [] and sc.message.startswith("Dieser Zugangsschlüssel stimmt nicht")


def test_names_are_checked(driver: Driver) -> None:
    sc, made = join_scene(driver)
    sc.target.text = make_code("192.168.1.20", 47474, SECRET)
    sc.join()
    assert made == [] and sc.message == "Your name cannot be empty."
    sc.set_players(2)
    sc.names[0].text = sc.names[1].text = "Ann"
    sc.join()
    assert made == [] and "different names" in sc.message


def test_a_found_game_fills_the_address_and_asks_for_the_key(driver: Driver) -> None:
    browser = FakeBrowser([found_game("Hildegard", 2, 4, "all set 1", "192.168.1.31")])
    sc, made = join_scene(driver, browser)
    driver.frames(2)
    assert browser.started and [g.host_name for g, _b in sc.game_rows] == ["Hildegard"]
    assert "2 of 4 seats free · Set 1" in _drawn(driver)
    click(driver, sc.game_rows[0][1])
    assert sc.target.text == "192.168.1.31:47474" and sc.key.editing and "join key" in sc.message
    key(driver, pygame.K_ESCAPE)  # stops typing
    key(driver, pygame.K_ESCAPE)  # leaves
    assert browser.stopped


def test_nothing_found_says_so_and_that_the_code_works(driver: Driver) -> None:
    sc, _made = join_scene(driver)
    assert sc.nothing_found() == "Looking for games on this network…"
    sc.update(NOTHING_AFTER + 0.1)
    assert "room code always works" in sc.nothing_found()
    failing = FakeBrowser(problem="discovery unavailable: no multicast")
    sc2, _made = join_scene(driver, failing)
    assert "cannot search" in sc2.nothing_found() and "multicast" not in sc2.nothing_found()


def _lines(driver: Driver) -> list[str]:
    """The lines of text the screen draws, in order."""
    te = driver.app.text
    with te.record(driver.app.screen) as rec:
        for s in driver.app.visible():
            s.invalidate()
            s.draw(driver.app.screen)
    return [d.text for d in rec.items]


def _drawn(driver: Driver) -> set[str]:
    return set(_lines(driver))


def test_the_final_luck_line_tells_fair_failed_and_not_shown_apart(driver: Driver) -> None:
    """Issue 33: a host that never showed its secret is "not checked", never "failed" nor "fair"."""
    from quacks.ui.online import OnlineTable

    link = FakeLink(LinkState())
    table = OnlineTable(driver.app, link)  # type: ignore[arg-type]
    assert table.luck_text() == "Checking the luck…"
    link.state = LinkState(fair_ok=True, fair="checked: fair")
    assert table.luck_text().startswith("Luck checked: fair")
    link.state = LinkState(fair_ok=False, fair="Die 3 (round 2): the seed gives 4, the game showed 6.")
    assert table.luck_text().startswith("Luck check failed")
    link.state = LinkState(fair_ok=False, fair_shown=False, fair="not checked: the host did not show its secret")
    assert table.luck_text() == "Luck not checked: the host did not show its secret after the game."


def test_a_joining_player_is_told_when_the_host_cannot_be_reached_and_when_it_is_back(driver: Driver) -> None:
    """Issue 33 §3: within 2 s of losing the host the joining window says so, and what the player can do; the notice
    goes when the host is back."""
    import time

    from quacks.devtools.ui.online_screens import online_table
    from quacks.ui.overlays.pause_menu import PauseMenu
    from quacks.ui.scenes.table import TableScene

    online_table(0.0)(driver.app)
    table = driver.app.scene
    assert isinstance(table, TableScene) and table.online is not None
    link = table.online.link
    assert isinstance(link, FakeLink)
    link.state = replace(link.state, hosting=False, away=(), host_lost_since=time.monotonic() - 0.5)
    driver.frames(2)
    assert driver.scene is table  # a moment's loss is not told
    link.state = replace(link.state, host_lost_since=time.monotonic() - 2.5)
    driver.frames(2)
    menu = driver.scene
    assert isinstance(menu, PauseMenu) and menu.heading.startswith("The host cannot be reached")
    assert [text for text, _fn, _act in menu.items] == ["Wait for the host",
                                                         "Leave: your seat is kept for when you join again"]
    link.state = replace(link.state, host_lost_since=None)
    driver.frames(2)
    assert driver.scene is table and [m for _t, m in driver.app.toasts][-1] == "The host is back: the game goes on."
    assert table.online is not None and not table.online.lost_told
    # waiting closes the notice until the host has been back and is lost again
    link.state = replace(link.state, host_lost_since=time.monotonic() - 3)
    driver.frames(2)
    driver.press(Act.BACK)
    assert driver.scene is table
    driver.frames(3)
    assert driver.scene is table


def test_rejoin_on_the_title_joins_the_remembered_game_and_a_refusal_forgets_it(
        driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33 §3: after a crash the title offers to rejoin the game this computer joined (its seat tokens bring
    the player back); a host that refuses for good (the seat's token unknown) ends the offer."""
    title = TitleScene(driver.app)
    driver.app.scenes = []
    driver.app.push(title)
    driver.frames(1)
    assert "Rejoin the online game" not in [b.label for b in title.buttons]
    netplay.remember_joined(driver.app, "192.168.1.20", 47480, None, [("Walburga", "amber")])
    title.build()
    labels = [b.label for b in title.buttons]
    assert labels[:3] == ["Continue", "Rejoin the online game", "New game"], labels
    made: list[FakeLink] = []

    def make() -> FakeLink:
        made.append(FakeLink(replace(lobby_state(False), phase="connecting")))
        return made[-1]

    monkeypatch.setattr(netplay, "joining_link", make)
    click(driver, button(title.buttons, title.rejoin))
    assert isinstance(driver.scene, LobbyScene)
    assert made[0].calls == [("join", "192.168.1.20", 47480, None, (("Walburga", "amber"),))]
    made[0].state = replace(made[0].state, phase=FAILED, problem="bad-token")
    driver.frames(2)
    assert netplay.joined_game(driver.app) is None and driver.app.settings.joined_game is None


def test_the_host_opens_the_game_to_friends_anywhere_through_a_relay(driver: Driver) -> None:
    """Issue 33 §4: the lobby says whether friends outside the home can join; I asks for a relay's address (a
    wrong one is refused with a sentence), the room is opened there and the address kept for the next game."""
    from quacks.ui.overlays.relay_entry import RelayEntry

    st = lobby_state(True)
    sc, link = lobby(driver, st)
    assert "Friends outside your home can join: not known" in _drawn(driver)
    driver.app.settings.relay = ""
    key(driver, pygame.K_i)
    entry = driver.app.scene
    assert isinstance(entry, RelayEntry)
    driver.type("i")  # the opening key's own text (SDL sends it with the key press): not typed into the box
    assert entry.field.text == ""
    entry.opened_at -= 1000  # (a moment later)
    driver.type("not an address!")
    assert entry.field.text == "notanaddress"  # only what an address can hold is typed
    for _n in range(len(entry.field.text)):
        key(driver, pygame.K_BACKSPACE)
    driver.type("bad:port:x")
    key(driver, pygame.K_RETURN)
    assert driver.app.scene is entry and entry.problem.startswith("That is not an address")
    assert not [c for c in link.calls if c[0] == "open_on_relay"]
    for _n in range(len(entry.field.text)):
        key(driver, pygame.K_BACKSPACE)
    driver.type("relay.example.org:47480")
    key(driver, pygame.K_RETURN)
    assert driver.app.scene is sc
    assert link.calls[-1] == ("open_on_relay", "relay.example.org:47480")
    assert driver.app.settings.relay == "relay.example.org:47480"
    link.state = replace(st, relay="open", relay_address="relay.example.org:47480",
                         code="relay.example.org:47480/C5H6-6S35-5")
    driver.frames(2)
    assert "Friends outside your home can join: yes, through relay.example.org:47480" in " ".join(_lines(driver))
    link.state = replace(link.state, relay="connecting", relay_problem="Connection refused")
    driver.frames(2)
    assert "no (relay.example.org:47480 cannot be reached)" in " ".join(_lines(driver))
    key(driver, pygame.K_i)  # again: it starts with the address kept
    again = driver.app.scene
    assert isinstance(again, RelayEntry) and again.field.text == "relay.example.org:47480"
    key(driver, pygame.K_ESCAPE)
    assert driver.app.scene is sc
