"""A served game on loopback for the tests of a window's network side (``NetLink``): a host's link with its player
Ann, a joining computer's link, each table's driver over a ``ServedMatch``, and a step of every table as the table
scene takes it (the host's news carried out, a whole view taken as after an undo, results closed, each seat of
this computer choosing as a Normal bot would)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from quacks.ai.base import Bot
from quacks.content.loader import default_catalogue
from quacks.net.link import FAILED, IN_GAME, IN_LOBBY, NetLink
from quacks.net.served_match import ServedMatch
from quacks.rules.config import GameConfig
from quacks.session.driver import MatchDriver
from quacks.session.setup import HUMAN, REMOTE, SeatSpec

#: Ann at the host's screen, Bob on another computer, a Normal bot
SEATS = (SeatSpec("Ann", "amber", HUMAN), SeatSpec("Bob", "teal", REMOTE), SeatSpec("Normal bot 3", "plum", "normal"))


def wait(cond: Callable[[], object], seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def open_room(tmp_path: Path, seats: tuple[SeatSpec, ...] = SEATS,
              players: Sequence[tuple[str, str]] = (("Bob", "teal"),)) -> tuple[NetLink, NetLink]:
    """The host's link with its lobby open (Ann seated) and a joining computer's link whose ``players`` have
    joined; the game not started yet."""
    cat = default_catalogue()
    host = NetLink(catalogue=cat, save_path=tmp_path / "hosted.json")
    guest = NetLink(catalogue=cat, tokens=tmp_path / "tokens.json")
    host.host(GameConfig(seats=tuple(s.name for s in seats)), seats, bind="127.0.0.1", port=0, lan=False)
    wait(lambda: host.snapshot().phase == IN_LOBBY and host.snapshot().mine == (0,), 20, "the lobby")
    address, port = host.snapshot().address.rsplit(":", 1)
    assert host.room is not None
    guest.join(address, int(port), host.room.join_secret.hex(), list(players))
    wait(lambda: all(r.joined for r in host.snapshot().seats[1:1 + len(players)]), 20, "the players to join")
    return host, guest


def table(link: NetLink) -> MatchDriver[ServedMatch]:
    """The table's driver of ``link``'s game, from its first whole view."""
    wait(lambda: link.snapshot().phase in (IN_GAME, FAILED), 20, "the game to start")
    end = time.monotonic() + 20
    while (u := link.take()) is None or u.view is None:
        assert time.monotonic() < end, "no first view"
        time.sleep(0.01)
    m = ServedMatch(default_catalogue(), u.view, link.snapshot().mine, link)
    m.feed.extend(u.entries)
    return MatchDriver(m, pace="instant", threaded=False)


def step(d: MatchDriver[ServedMatch], bot: Bot, rng: random.Random, choose: bool = True) -> tuple[int, ...]:
    """One update of a table: a whole view taken as the table does (``TableScene._online_update``), the round's
    results closed, and (``choose``) each seat of this computer that is asked choosing; the seats asked."""
    d.update(0.05)
    m = d.match
    if m.take_rebased():
        d.rebase(m)
    if d.round_done is not None:
        d.ack_round()
    return choose_now(d, bot, rng) if choose else ()


def choose_now(d: MatchDriver, bot: Bot, rng: random.Random) -> tuple[int, ...]:
    """Each seat of this computer the table asks now chooses (as ``bot`` would); the seats asked."""
    asked = d.human_turn()
    for seat in asked:
        g = d.game
        d.submit(seat, bot.decide(g, seat, list(g.legal_actions(seat)), rng).action)
    return asked


def at_end(d: MatchDriver[ServedMatch]) -> bool:
    """The table has shown the whole game (the host's last news carried out)."""
    m = d.match
    return m.over and not m.feed


def play(drivers: Sequence[MatchDriver], bot: Bot, rng: random.Random, until: Callable[[], bool] | None = None,
         seconds: float = 120) -> None:
    """Step every table until ``until()`` (by default: every table has shown the end of the game)."""
    done = until or (lambda: all(at_end(d) for d in drivers))
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the game did not get there"
        for d in drivers:
            step(d, bot, rng)
        time.sleep(0.002)
