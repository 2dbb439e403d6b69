"""Luck nobody can bend (issue 33 §1): hosts that cheat, over loopback, and every client catches them.

- a host that picks one value more after seeing the players' values (its seed and its reveal both carry it: the
  reveal no longer matches the pledges locked at the start, one for one);
- a host whose lock carries one pledge more than there are players (a value of its own, chosen in advance):
  no client reveals its value to it, the start fails and the room goes back to the lobby;
- a host that swaps its secret after publishing the commitment (the seed is not the promised one);
- a silent host that never reveals its secret: "luck not checked", never "fair".
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from quacks.net import client as client_module
from quacks.net import protocol as p
from quacks.net.client import Client, Tokens
from quacks.net.host import Host
from quacks.net.room import LOBBY, OVER, Outbox, Room
from quacks.session import fairness
from quacks.session.setup import REMOTE

from .test_served_game import make_room

KINDS = (REMOTE, REMOTE, "easy")


class GrindingRoom(Room):
    """Adds a value of its own once the players' values are in (a real cheat would try many and keep the one whose
    seed suits it best; any value chosen after seeing the others is the cheat)."""

    extra = fairness.client_value()

    def nonces(self) -> list[str]:
        values = super().nonces()
        return [*values, self.extra] if len(values) == len(self.guests) else values


class PaddedLockRoom(Room):
    """Locks one pledge more than its players: a value of its own it could reveal or not, as suits it."""

    def start(self) -> p.Lock:
        lock = super().start()
        self.lock = tuple(sorted([*self.lock, fairness.pledge(fairness.client_value())]))
        return p.Lock(lock.attempt, lock.commitment, self.lock)


class SwappingRoom(Room):
    """Plays with another secret than the one it committed to."""

    def _begin(self) -> None:
        self.secret = fairness.new_secret()
        super()._begin()


class SilentRoom(Room):
    """Never reveals its secret after the game."""

    def updates(self, seats: list[int]) -> Outbox:
        return [(s, m) for s, m in super().updates(seats) if not isinstance(m, p.Reveal)]


def room_like(cls: type[Room]) -> Room:
    plain = make_room(KINDS)
    room = cls(plain.cat, plain.config, plain.seats)
    room.rules = plain.rules
    return room


async def serve(room: Room, tmp_path: Path, *, lock_wait: float | None = None,
                timeout: float = 120) -> tuple[Host, list[Client]]:
    host = Host(room)
    if lock_wait is not None:
        host.lock_wait = lock_wait
    port = await host.start("127.0.0.1", 0)
    clients = [Client("127.0.0.1", port, name=f"Guest {i}", join_secret=room.join_secret.hex(),
                      tokens=Tokens(tmp_path / f"tokens{i}.json"), seed=i) for i in range(2)]
    tasks = [asyncio.create_task(c.run(retries=2, pause=0.1)) for c in clients]
    await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout)
    await host.close()
    return host, clients


def test_an_honest_host_is_checked_fair_and_the_values_matched_the_lock(tmp_path: Path) -> None:
    host, clients = asyncio.run(serve(room_like(Room), tmp_path))
    assert host.room.phase == OVER
    for c in clients:
        assert c.report.fair is not None and c.report.fair.ok, c.report.fair.problems
        assert c.lock is not None and sorted(c.lock) == sorted(fairness.pledge(v) for v in host.room.nonces())


def test_a_host_that_adds_a_value_after_seeing_the_others_is_caught_by_every_client(tmp_path: Path) -> None:
    host, clients = asyncio.run(serve(room_like(GrindingRoom), tmp_path))
    assert host.room.phase == OVER and len(host.room.nonces()) == 3
    for c in clients:
        fair = c.report.fair
        assert fair is not None and not fair.ok and fair.shown
        assert "not those locked before the game" in " ".join(fair.problems), fair.problems


def test_a_lock_with_a_pledge_more_than_the_players_gets_no_value(tmp_path: Path) -> None:
    async def go() -> tuple[Room, list[Client]]:
        room = room_like(PaddedLockRoom)
        host = Host(room)
        host.lock_wait = 1.0
        port = await host.start("127.0.0.1", 0)
        clients = [Client("127.0.0.1", port, name=f"Guest {i}", join_secret=room.join_secret.hex(), seed=i)
                   for i in range(2)]
        tasks = [asyncio.create_task(c.run()) for c in clients]
        for _ in range(100):  # bounded: the start is refused, and fails after lock_wait
            await asyncio.sleep(0.1)
            if room.attempt == 1 and room.phase == LOBBY:
                break
        for c in clients:
            c.stop = True
        await host.close()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return room, clients

    room, clients = asyncio.run(go())
    # never begun: the start failed for want of values, and the room is back in the lobby (nobody revealed, so
    # every pledge stands: the host may start again, with the same lock refused again)
    assert room.match is None and room.attempt == 1 and room.phase == LOBBY and room.ready()
    for c in clients:
        assert any("the lock holds 3 pledges for 2 players" in e for e in c.report.errors), c.report.errors


def test_a_host_that_swaps_its_secret_is_caught_by_every_client(tmp_path: Path) -> None:
    host, clients = asyncio.run(serve(room_like(SwappingRoom), tmp_path))
    for c in clients:
        fair = c.report.fair
        assert fair is not None and not fair.ok
        assert "does not match the hash it published" in " ".join(fair.problems), fair.problems


def test_a_silent_host_is_reported_as_not_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "REVEAL_WAIT", 1.0)
    host, clients = asyncio.run(serve(room_like(SilentRoom), tmp_path))
    assert host.room.phase == OVER
    for c in clients:
        fair = c.report.fair
        assert fair is not None and not fair.ok and not fair.shown
        assert fair.text() == "not checked: the host did not show its secret"
