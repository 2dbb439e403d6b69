"""Two windows' network sides (``NetLink``) play a whole served game through the table's driver, without pygame
(issue 22): the host's player and a joining player each choose on their own table (``NetMatch``), a bot holds the
third seat; both tables end in the same game, the luck is checked fair on the joining computer, and the match
rebuilt from the revealed seed replays to the same end."""

from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("websockets")

from quacks.ai.levels import make_bot  # noqa: E402
from quacks.content.loader import default_catalogue  # noqa: E402
from quacks.net.client import Tokens  # noqa: E402
from quacks.net.link import ENDED, FAILED, IN_GAME, IN_LOBBY, NetLink  # noqa: E402
from quacks.net.table_match import NetMatch  # noqa: E402
from quacks.rules.config import GameConfig  # noqa: E402
from quacks.rules.snapshot import fingerprint  # noqa: E402
from quacks.session.driver import MatchDriver  # noqa: E402
from quacks.session.setup import HUMAN, REMOTE, SeatSpec  # noqa: E402


def wait(cond, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def table(link: NetLink) -> MatchDriver:
    wait(lambda: link.snapshot().phase in (IN_GAME, FAILED), 20, "the game to start")
    end = time.monotonic() + 20
    while True:
        u = link.take()
        if u is not None and u.view is not None:
            break
        assert time.monotonic() < end, "no first view"
        time.sleep(0.01)
    m = NetMatch(default_catalogue(), u.view, link.snapshot().mine, link)
    m.feed.extend(u.entries)
    return MatchDriver(m, pace="instant", threaded=False)


def test_a_host_window_and_a_joining_window_play_a_whole_game(tmp_path) -> None:
    cat = default_catalogue()
    seats = (SeatSpec("Ann", "amber", HUMAN), SeatSpec("Bob", "teal", REMOTE),
             SeatSpec("Normal bot 3", "plum", "normal"))
    host = NetLink(catalogue=cat, save_path=tmp_path / "hosted.json")
    guest = NetLink(catalogue=cat, tokens=tmp_path / "tokens.json")
    try:
        host.host(GameConfig(seats=tuple(s.name for s in seats)), seats, bind="127.0.0.1", port=0, lan=False)
        wait(lambda: host.snapshot().phase == IN_LOBBY and host.snapshot().mine == (0,), 20, "the lobby")
        st = host.snapshot()
        assert st.code and st.key and st.address.startswith("127.0.0.1:")
        address, port = st.address.rsplit(":", 1)
        assert host.room is not None
        guest.join(address, int(port), host.room.join_secret.hex(), [("Bob", "teal")])
        wait(lambda: host.snapshot().seats[1].joined, 20, "Bob to join")
        wait(lambda: guest.snapshot().phase == IN_LOBBY and guest.snapshot().mine == (1,), 20, "Bob's lobby")
        assert [r.name for r in guest.snapshot().seats] == ["Ann", "Bob", "Normal bot 3"]
        host.start_game()
        drivers = [table(host), table(guest)]
        bot = make_bot("normal")
        rng = random.Random(5)
        end = time.monotonic() + 120
        while not all(d.match.over and not d.match.feed for d in drivers):
            assert time.monotonic() < end, "the game did not end"
            for d in drivers:
                d.update(0.05)
                if d.round_done is not None:
                    d.ack_round()
                for seat in d.human_turn():
                    g = d.game
                    d.submit(seat, bot.decide(g, seat, list(g.legal_actions(seat)), rng).action)
            time.sleep(0.002)
        a, b = (d.match.game for d in drivers)
        assert fingerprint(a) == fingerprint(b)
        assert a.record == b.record
        wait(lambda: guest.snapshot().phase == ENDED, 20, "the luck check")
        st = guest.snapshot()
        assert st.fair_ok is True and st.seed is not None
        whole = drivers[1].match.finished(st.seed)  # type: ignore[attr-defined]
        assert fingerprint(whole.game) == fingerprint(b)
        assert whole.setup.seats[1].kind == HUMAN and whole.setup.seats[0].kind == REMOTE
    finally:
        guest.close()
        host.close()


def test_two_players_at_one_joining_computer_hold_two_seats(tmp_path) -> None:
    """Hot-seat on a client (issue 22): one joining computer with two players takes two seats (one connection
    each, their tokens kept apart); its table asks both, each in turn, and the game ends the same on both
    computers."""
    cat = default_catalogue()
    seats = (SeatSpec("Ann", "amber", HUMAN), SeatSpec("Seat 2", "teal", REMOTE), SeatSpec("Seat 3", "plum", REMOTE))
    host = NetLink(catalogue=cat, save_path=tmp_path / "hosted.json")
    guest = NetLink(catalogue=cat, tokens=tmp_path / "tokens.json")
    try:
        host.host(GameConfig(seats=tuple(s.name for s in seats)), seats, bind="127.0.0.1", port=0, lan=False)
        wait(lambda: host.snapshot().phase == IN_LOBBY and host.snapshot().mine == (0,), 20, "the lobby")
        address, port = host.snapshot().address.rsplit(":", 1)
        assert host.room is not None
        guest.join(address, int(port), host.room.join_secret.hex(), [("Bob", "teal"), ("Cid", "plum")])
        wait(lambda: guest.snapshot().mine == (1, 2), 20, "both players seated")
        host.start_game()
        drivers = [table(host), table(guest)]
        asked: set[int] = set()
        bot = make_bot("normal")
        rng = random.Random(9)
        end = time.monotonic() + 120
        while not all(d.match.over and not d.match.feed for d in drivers):
            assert time.monotonic() < end, "the game did not end"
            for d in drivers:
                d.update(0.05)
                if d.round_done is not None:
                    d.ack_round()
                for seat in d.human_turn():
                    if d is drivers[1]:
                        asked.add(seat)
                    g = d.game
                    d.submit(seat, bot.decide(g, seat, list(g.legal_actions(seat)), rng).action)
            time.sleep(0.002)
        assert asked == {1, 2}
        a, b = (d.match.game for d in drivers)
        assert fingerprint(a) == fingerprint(b)
        kept = Tokens.load(tmp_path / "tokens.json").known
        assert len(kept) == 2 and len({v["token"] for v in kept.values()}) == 2
    finally:
        guest.close()
        host.close()


def test_a_joining_player_takes_back_a_choice_through_the_host(tmp_path) -> None:
    """Undo across computers: the table's rule (``Match.undo_point``, a person elsewhere counting as a person)
    lets the joining player take back a choice; the host cuts its record there and every table goes on from the
    game as it is then (a whole view, which the table's driver takes as after an undo), and the game ends the
    same on both computers."""
    cat = default_catalogue()
    seats = (SeatSpec("Ann", "amber", HUMAN), SeatSpec("Bob", "teal", REMOTE),
             SeatSpec("Normal bot 3", "plum", "normal"))
    host = NetLink(catalogue=cat, save_path=tmp_path / "hosted.json")
    guest = NetLink(catalogue=cat, tokens=tmp_path / "tokens.json")
    try:
        host.host(GameConfig(seats=tuple(s.name for s in seats)), seats, bind="127.0.0.1", port=0, lan=False)
        wait(lambda: host.snapshot().phase == IN_LOBBY and host.snapshot().mine == (0,), 20, "the lobby")
        address, port = host.snapshot().address.rsplit(":", 1)
        assert host.room is not None
        guest.join(address, int(port), host.room.join_secret.hex(), [("Bob", "teal")])
        wait(lambda: host.snapshot().seats[1].joined, 20, "Bob to join")
        host.start_game()
        drivers = [table(host), table(guest)]
        bob = drivers[1]
        bot = make_bot("normal")
        rng = random.Random(11)
        pending: list[int] = []  # the record's length at the cut asked for
        done = refused = 0
        end = time.monotonic() + 120
        while not all(d.match.over and not d.match.feed for d in drivers):
            assert time.monotonic() < end, "the game did not end"
            for d in (bob, drivers[0]):
                d.update(0.05)
                m = d.match
                assert isinstance(m, NetMatch)
                if m.rebased:  # as the table does (TableScene._online_update)
                    m.rebased = False
                    d.rebase(m)
                    if d is bob and pending and len(m.game.record) == pending[0]:
                        done += 1
                        pending.clear()
                if d is bob and m.undo_refused:  # Ann's choice reached the host first: the table says so
                    m.undo_refused = False
                    refused += 1
                    pending.clear()
                if d.round_done is not None:
                    d.ack_round()
                ann = drivers[0].match
                assert isinstance(ann, NetMatch)
                if d is bob and not pending and not done and bob.can_undo(1) and not ann.asked and not ann.tick:
                    cut = m.undo_point(1)
                    assert cut is not None and m.ask_undo(1)
                    pending.append(cut)
                if pending:
                    continue  # nobody acts while Bob's undo is on its way
                for seat in d.human_turn():
                    g = d.game
                    d.submit(seat, bot.decide(g, seat, list(g.legal_actions(seat)), rng).action)
            time.sleep(0.002)
        assert done == 1, f"the host never took Bob's choice back ({refused} refused)"
        a, b = (d.match.game for d in drivers)
        assert fingerprint(a) == fingerprint(b)
    finally:
        guest.close()
        host.close()


def test_a_host_that_saved_and_ended_goes_on_and_its_players_come_back(tmp_path) -> None:
    """The host's "save and end" keeps the room; a new window's link goes on with it (``resume``): the host's own
    player takes her seat back with the kept token, the joining computer comes back with its own, on the same
    port, and the game ends the same on both computers, fair."""
    cat = default_catalogue()
    seats = (SeatSpec("Ann", "amber", HUMAN), SeatSpec("Bob", "teal", REMOTE),
             SeatSpec("Normal bot 3", "plum", "normal"))
    saved = tmp_path / "hosted.json"
    host = NetLink(catalogue=cat, save_path=saved)
    guest = NetLink(catalogue=cat, tokens=tmp_path / "tokens.json")
    host2: NetLink | None = None
    try:
        host.host(GameConfig(seats=tuple(s.name for s in seats)), seats, bind="127.0.0.1", port=0, lan=False)
        wait(lambda: host.snapshot().phase == IN_LOBBY and host.snapshot().mine == (0,), 20, "the lobby")
        address, port = host.snapshot().address.rsplit(":", 1)
        assert host.room is not None
        guest.join(address, int(port), host.room.join_secret.hex(), [("Bob", "teal")])
        wait(lambda: host.snapshot().seats[1].joined, 20, "Bob to join")
        host.start_game()
        drivers = [table(host), table(guest)]
        bot = make_bot("normal")
        rng = random.Random(4)

        def play(until, seconds: float = 60) -> None:
            end = time.monotonic() + seconds
            while not until():
                assert time.monotonic() < end, "the game did not get there"
                for d in drivers:
                    d.update(0.05)
                    m = d.match
                    assert isinstance(m, NetMatch)
                    if m.rebased:
                        m.rebased = False
                        d.rebase(m)
                    if d.round_done is not None:
                        d.ack_round()
                    for seat in d.human_turn():
                        g = d.game
                        d.submit(seat, bot.decide(g, seat, list(g.legal_actions(seat)), rng).action)
                time.sleep(0.002)

        play(lambda: drivers[0].game.round >= 3)
        host.save_and_end()
        host.close()
        host2 = NetLink(catalogue=cat, save_path=saved)
        host2.resume(saved, bind="127.0.0.1")
        wait(lambda: host2.snapshot().phase in (IN_GAME, FAILED), 30, "the hosted game to go on")
        assert host2.snapshot().phase == IN_GAME and host2.snapshot().address.endswith(f":{port}")
        drivers[0] = table(host2)
        play(lambda: all(d.match.over and not d.match.feed for d in drivers), 120)
        a, b = (d.match.game for d in drivers)
        assert fingerprint(a) == fingerprint(b)
        wait(lambda: guest.snapshot().fair_ok is not None, 30, "the luck check")
        assert guest.snapshot().fair_ok is True
    finally:
        guest.close()
        host.close()
        if host2 is not None:
            host2.close()


def test_resume_without_a_hosted_game_says_so(tmp_path) -> None:
    link = NetLink(catalogue=default_catalogue(), save_path=tmp_path / "hosted.json")
    try:
        link.resume(tmp_path / "hosted.json", bind="127.0.0.1")
        wait(lambda: link.snapshot().phase == FAILED, 20, "the failure")
        assert link.snapshot().problem == "no-game"
    finally:
        link.close()
