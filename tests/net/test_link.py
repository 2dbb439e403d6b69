"""Two windows' network sides (``NetLink``) play a whole served game through the table's driver, without pygame
(issue 22): the host's player and a joining player each choose on their own table (``ServedMatch``), a bot holds the
third seat; both tables end in the same game, the luck is checked fair on the joining computer, and the match
rebuilt from the revealed seed replays to the same end."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("websockets")

from quacks.ai.levels import make_bot  # noqa: E402
from quacks.content.loader import default_catalogue  # noqa: E402
from quacks.net.client import Tokens  # noqa: E402
from quacks.net.link import ENDED, FAILED, IN_GAME, IN_LOBBY, NetLink  # noqa: E402
from quacks.net.served_match import ServedMatch  # noqa: E402
from quacks.rules.snapshot import fingerprint  # noqa: E402
from quacks.session.setup import HUMAN, REMOTE, SeatSpec  # noqa: E402

from .served import at_end, choose_now, open_room, play, step, table, wait  # noqa: E402


def test_a_host_window_and_a_joining_window_play_a_whole_game(tmp_path) -> None:
    host, guest = open_room(tmp_path)
    try:
        st = host.snapshot()
        assert st.code and st.key and st.address.startswith("127.0.0.1:")
        wait(lambda: guest.snapshot().phase == IN_LOBBY and guest.snapshot().mine == (1,), 20, "Bob's lobby")
        assert [r.name for r in guest.snapshot().seats] == ["Ann", "Bob", "Normal bot 3"]
        host.start_game()
        drivers = [table(host), table(guest)]
        play(drivers, make_bot("normal"), random.Random(5))
        a, b = (d.match.game for d in drivers)
        assert fingerprint(a) == fingerprint(b)
        assert a.record == b.record
        wait(lambda: guest.snapshot().phase == ENDED, 20, "the luck check")
        st = guest.snapshot()
        assert st.fair_ok is True and st.seed is not None
        bobs = drivers[1].match
        assert isinstance(bobs, ServedMatch)
        whole = bobs.finished(st.seed)
        assert fingerprint(whole.game) == fingerprint(b)
        assert whole.setup.seats[1].kind == HUMAN and whole.setup.seats[0].kind == REMOTE
    finally:
        guest.close()
        host.close()


def test_two_players_at_one_joining_computer_hold_two_seats(tmp_path) -> None:
    """Hot-seat on a client (issue 22): one joining computer with two players takes two seats (one connection
    each, their tokens kept apart); its table asks both, each in turn, and the game ends the same on both
    computers."""
    seats = (SeatSpec("Ann", "amber", HUMAN), SeatSpec("Seat 2", "teal", REMOTE), SeatSpec("Seat 3", "plum", REMOTE))
    host, guest = open_room(tmp_path, seats, [("Bob", "teal"), ("Cid", "plum")])
    try:
        wait(lambda: guest.snapshot().mine == (1, 2), 20, "both players seated")
        host.start_game()
        drivers = [table(host), table(guest)]
        asked: set[int] = set()
        bot = make_bot("normal")
        rng = random.Random(9)

        def both_shown() -> bool:  # the joining computer's table is stepped here, the host's by ``play``
            asked.update(step(drivers[1], bot, rng))
            return all(at_end(d) for d in drivers)

        play([drivers[0]], bot, rng, until=both_shown)
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
    host, guest = open_room(tmp_path)
    try:
        host.start_game()
        drivers = [table(host), table(guest)]
        ann, bob = drivers
        bot = make_bot("normal")
        rng = random.Random(11)
        pending: list[int] = []  # the record's length at the cut asked for
        done = refused = 0

        def bob_takes_back() -> bool:
            """Bob's table, and his undo asked for once (again if the host refused: Ann's choice got there first);
            nobody chooses while it is on its way. Ann waits while a choice of Bob's is on its way to the host, so
            that his choices come back before hers however slow the machine: without that, a loaded machine could play
            a whole game in which Ann's choices always came after his and no undo was ever asked."""
            nonlocal done, refused
            bm, am = bob.match, ann.match
            assert isinstance(bm, ServedMatch) and isinstance(am, ServedMatch)
            step(bob, bot, rng, choose=False)
            if pending and len(bm.game.record) == pending[0]:  # the host's whole view, cut where Bob asked
                done += 1
                pending.clear()
            if bm.take_undo_refused():
                refused += 1
                pending.clear()
            if not pending and not done and bob.can_undo(1) and not am.asked and not am.tick:
                cut = bm.undo_point(1)
                assert cut is not None and bm.ask_undo(1)
                pending.append(cut)
            if not pending:
                choose_now(bob, bot, rng)
            bobs_on_its_way = bm.asked - set(bm.tick)  # (a stir decision waits for Ann's: it is not held for)
            step(ann, bot, rng, choose=not pending and not bobs_on_its_way)
            return at_end(ann) and at_end(bob)

        play([], bot, rng, until=bob_takes_back)
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
    saved = tmp_path / "hosted.json"
    host, guest = open_room(tmp_path)
    port = host.snapshot().address.rsplit(":", 1)[1]
    host2: NetLink | None = None
    try:
        host.start_game()
        drivers = [table(host), table(guest)]
        bot = make_bot("normal")
        rng = random.Random(4)
        play(drivers, bot, rng, until=lambda: drivers[0].game.round >= 3, seconds=60)
        host.save_and_end()
        host.close()
        host2 = NetLink(catalogue=default_catalogue(), save_path=saved)
        host2.resume(saved, bind="127.0.0.1")
        wait(lambda: host2.snapshot().phase in (IN_GAME, FAILED), 30, "the hosted game to go on")
        assert host2.snapshot().phase == IN_GAME and host2.snapshot().address.endswith(f":{port}")
        drivers[0] = table(host2)
        play(drivers, bot, rng)
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


def test_a_joining_window_knows_within_five_seconds_that_the_host_is_gone(tmp_path) -> None:
    """Issue 33 §3: the host's program ends in the middle of the game; the joining window's link says the host is
    lost within 5 s (its table then tells the player, ``ui/online.py``), and keeps trying."""
    import time

    host, guest = open_room(tmp_path)
    try:
        host.start_game()
        table(guest)
        assert guest.snapshot().host_lost_since is None
        gone = time.monotonic()
        host.close()
        wait(lambda: guest.snapshot().host_lost_since is not None, 5, "the host's loss")
        told = guest.snapshot().host_lost_since
        assert told is not None and told - gone < 5.0
        assert guest.snapshot().phase == IN_GAME  # still trying, not failed
    finally:
        guest.close()
        host.close()
