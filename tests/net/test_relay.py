"""The relay (issue 33, item 4) on loopback: what it refuses and why, a room that goes with its host, the secret it
never holds, and three hosted games played to the end through one relay at once, each checked fair."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from quacks.content.loader import default_catalogue
from quacks.content.rules_hash import rules_hash
from quacks.net.client import Client, Tokens
from quacks.net.host import Host
from quacks.net.link import IN_LOBBY, NetLink
from quacks.net.relay import MAGIC, Relay, room_id
from quacks.net.relay_link import RelayAgent, RelayRefused, local_address, open_relayed
from quacks.net.relaycode import looks_like_relay_code, make_relay_code, read_relay_code, split_relay
from quacks.net.room import Room
from quacks.net.roomcode import join_key, new_join_secret
from quacks.rules.config import GameConfig
from quacks.session.setup import REMOTE, SeatSpec

from .served import SEATS, wait

ROOT = Path(__file__).resolve().parents[2]
LOOP = "127.0.0.1"
CAT = default_catalogue()


async def until(cond: object, seconds: float, what: str) -> None:
    """Wait (at most ``seconds``) for ``cond()`` to be true."""
    for _ in range(int(seconds / 0.01)):
        if cond():  # type: ignore[operator]
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


async def say_raw(port: int, data: bytes, *, close: bool = False) -> str:
    """What the relay answers a connection that sends ``data`` (then, with ``close``, nothing more)."""
    reader, writer = await asyncio.open_connection(LOOP, port)
    writer.write(data)
    if close:
        writer.write_eof()
    try:
        return (await asyncio.wait_for(reader.read(400), 5)).decode("ascii")
    finally:
        writer.close()


async def echo_server() -> tuple[asyncio.Server, int]:
    """A stand-in for the host's own server: sends back what it reads."""

    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while data := await reader.read(4096):
            writer.write(data)
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(echo, LOOP, 0)
    return server, int(next(iter(server.sockets)).getsockname()[1])


def test_the_room_id_is_derived_from_the_secret_and_never_is_it() -> None:
    secret = bytes.fromhex("0123456789")
    rid = room_id(secret)
    assert rid == room_id(secret) and len(rid) == 32 and int(rid, 16) >= 0
    assert secret.hex() not in rid and rid != room_id(bytes.fromhex("0123456788"))


def test_relay_codes_read_back_and_say_what_is_wrong() -> None:
    secret = new_join_secret()
    for relay, port in (("relay.example.org", 47480), ("203.0.113.7", 5000), ("2001:db8::1", 47480)):
        code = make_relay_code(relay, port, secret)
        assert looks_like_relay_code(code)
        read = read_relay_code(code)
        assert (read.relay, read.port, read.secret) == (relay, port, secret)
    assert read_relay_code(f"relay.example.org/{join_key(secret).lower()}").port == 47480
    assert not looks_like_relay_code("QK7F-2M9X-HD4R-T") and not looks_like_relay_code("192.168.1.20:47474")
    with pytest.raises(ValueError, match="check"):
        read_relay_code("relay.example.org/7F2M-9XHD-D" if join_key(secret) != "7F2M-9XHD-D" else "x/7F2M-9XHD-C")
    with pytest.raises(ValueError, match="without ws://"):
        read_relay_code(f"ws://relay.example.org/{join_key(secret)}")
    assert split_relay("relay.example.org") == ("relay.example.org", 47480)
    assert split_relay("[::1]:9") == ("::1", 9)
    assert local_address("0.0.0.0") == "127.0.0.1" and local_address("192.168.1.20") == "192.168.1.20"


def test_the_relay_refuses_with_a_reason() -> None:
    async def run() -> None:
        relay = Relay(preamble_timeout=0.3, rate=1000, burst=1000)
        port = await relay.start(LOOP, 0)
        try:
            with pytest.raises(RelayRefused) as refused:
                await open_relayed(LOOP, port, room_id(new_join_secret()))
            assert refused.value.reason == "unknown-room" and "no such room" in str(refused.value)
            assert (await say_raw(port, b"x" * 500)).startswith("NO bad-preamble ")  # too big
            assert (await say_raw(port, b"")).startswith("NO slow ")  # too slow
            assert (await say_raw(port, b"GET / HTTP/1.1\r\n")).startswith("NO bad-preamble ")
            assert (await say_raw(port, f"{MAGIC} JOIN {'a' * 31}\n".encode())).startswith("NO bad-preamble ")
            assert (await say_raw(port, f"{MAGIC} ACCEPT {'a' * 32} {'0' * 16}\n".encode())).startswith(
                "NO unknown-join ")
            assert relay.counts["refused"] == 6 and relay.connections == 0
        finally:
            await relay.close()

    asyncio.run(asyncio.wait_for(run(), 30))


def test_a_full_relay_and_a_taken_room_say_so() -> None:
    async def run() -> None:
        relay = Relay(max_rooms=1, rate=1000, burst=1000)
        port = await relay.start(LOOP, 0)
        rid = room_id(new_join_secret())
        first = RelayAgent(LOOP, port, rid, LOOP, 9)
        task = asyncio.create_task(first.run())
        try:
            await asyncio.wait_for(first.opened.wait(), 10)
            answer = await say_raw(port, f"{MAGIC} HOST {rid} {'f' * 32}\n".encode())
            assert answer.startswith("NO taken ")
            other = await say_raw(port, f"{MAGIC} HOST {room_id(new_join_secret())} {'f' * 32}\n".encode())
            assert other.startswith("NO full ")
        finally:
            await first.close()
            await task
            await relay.close()

    asyncio.run(asyncio.wait_for(run(), 30))


def test_bytes_go_both_ways_and_the_room_goes_with_its_host(caplog: pytest.LogCaptureFixture) -> None:
    secret = new_join_secret()

    async def run() -> None:
        relay = Relay(rate=1000, burst=1000)
        port = await relay.start(LOOP, 0)
        server, echo_port = await echo_server()
        rid = room_id(secret)
        agent = RelayAgent(LOOP, port, rid, LOOP, echo_port)
        task = asyncio.create_task(agent.run())
        try:
            await asyncio.wait_for(agent.opened.wait(), 10)
            assert list(relay.rooms) == [rid]
            sock = await open_relayed(LOOP, port, rid)
            reader, writer = await asyncio.open_connection(sock=sock)
            payload = bytes(range(256)) * 400  # more than one read's worth: through the bounded buffers
            writer.write(payload)
            await writer.drain()
            got = await asyncio.wait_for(reader.readexactly(len(payload)), 10)
            assert got == payload
            writer.close()
            await until(lambda: relay.counts["bytes"] == 2 * len(payload), 5, "the pipe to close")
            await agent.close()
            await task
            await until(lambda: not relay.rooms, 5, "the room to close")
            with pytest.raises(RelayRefused, match="no such room"):
                await open_relayed(LOOP, port, rid)
        finally:
            await agent.close()
            server.close()
            await relay.close()

    with caplog.at_level(logging.INFO, logger="quacks.relay"):
        asyncio.run(asyncio.wait_for(run(), 30))
    said = caplog.text
    assert "opened by 127.0.0.1" in said and "closed after" in said and f"{2 * 256 * 400} bytes" in said
    assert secret.hex() not in said and join_key(secret) not in said and join_key(secret).replace("-", "") not in said


def test_a_host_that_comes_back_takes_its_room_back() -> None:
    async def run() -> None:
        relay = Relay(rate=1000, burst=1000, control_idle=0.5)
        port = await relay.start(LOOP, 0)
        rid = room_id(new_join_secret())
        reader, writer = await asyncio.open_connection(LOOP, port)
        writer.write(f"{MAGIC} HOST {rid} {'e' * 32}\n".encode())
        assert await reader.readline() == b"OK\n"
        writer.write(b"PING\n")
        assert await reader.readline() == b"PONG\n"
        again = await say_raw(port, f"{MAGIC} HOST {rid} {'e' * 32}\n".encode())
        assert again == "OK\n" and await reader.read() == b""  # the new connection took over; the old one closed
        await until(lambda: not relay.rooms, 5, "a silent control connection to be dropped")
        writer.close()
        await relay.close()

    asyncio.run(asyncio.wait_for(run(), 30))


# --- three games at once, end to end


def game_room() -> Room:
    names = ("Ann", "Bob", "Easy bot")
    seats = (SeatSpec("Ann", "amber", REMOTE), SeatSpec("Bob", "teal", REMOTE), SeatSpec("Easy bot", "plum", "easy"))
    room = Room(CAT, GameConfig(seats=names, first_round=7), seats)  # three rounds: a whole game, quickly
    room.rules = rules_hash()
    return room


async def relayed_game(tmp_path: Path, n: int, relay_port: int) -> tuple[Host, list[Client], RelayAgent]:
    room = game_room()
    host = Host(room, save_path=tmp_path / f"host{n}.json")
    port = await host.start(LOOP, 0)
    agent = RelayAgent(LOOP, relay_port, room_id(room.join_secret), LOOP, port)
    agent_task = asyncio.create_task(agent.run())
    await asyncio.wait_for(agent.opened.wait(), 10)
    code = read_relay_code(make_relay_code(LOOP, relay_port, room.join_secret))
    clients = [Client(code.relay, code.port, name=f"Guest {i}", join_secret=code.secret.hex(), relay=True,
                      tokens=Tokens(tmp_path / f"tokens{n}-{i}.json"), seed=10 * n + i, level="easy")
               for i in range(2)]
    assert clients[0].key.startswith(f"{LOOP}:{relay_port}/")  # one relay, many rooms: the room in the key
    reports = await asyncio.wait_for(asyncio.gather(*(c.run() for c in clients)), 240)
    await host.close()
    await agent.close()
    await agent_task
    assert all(r.over for r in reports)
    return host, clients, agent


def test_three_games_at_once_through_one_relay(tmp_path: Path) -> None:
    async def run() -> tuple[Relay, list[tuple[Host, list[Client], RelayAgent]]]:
        relay = Relay(rate=1000, burst=1000)
        port = await relay.start(LOOP, 0)
        try:
            games = await asyncio.gather(*(relayed_game(tmp_path, n, port) for n in range(3)))
            await until(lambda: not relay.rooms, 10, "every room to close")
        finally:
            await relay.close()
        return relay, games

    relay, games = asyncio.run(run())
    assert relay.counts["rooms_opened"] == 3 and relay.counts["rooms_closed"] == 3
    assert relay.counts["joins"] >= 6 and relay.counts["bytes"] > 0
    for host, clients, agent in games:
        m = host.room.match
        assert m is not None and m.over
        assert agent.joins >= 2
        for c in clients:
            assert c.report.scores == [s.score for s in m.game.seats]
            assert c.report.fair is not None and c.report.fair.ok, c.report.fair.problems


@pytest.mark.parametrize("at_start", [True, False], ids=["from the start", "from the lobby"])
def test_a_window_hosting_on_a_relay_shows_the_relay_code(tmp_path: Path, at_start: bool) -> None:
    async def start() -> tuple[Relay, int]:
        relay = Relay(rate=1000, burst=1000)
        return relay, await relay.start(LOOP, 0)

    loop = asyncio.new_event_loop()
    relay, port = loop.run_until_complete(start())
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    link = NetLink(catalogue=CAT, save_path=tmp_path / "hosted.json")
    try:
        link.host(GameConfig(seats=tuple(s.name for s in SEATS)), SEATS, bind=LOOP, port=0, lan=False,
                  relay=f"{LOOP}:{port}" if at_start else None)
        if not at_start:  # the lobby's "Friends anywhere": opened on the relay once the lobby is open
            wait(lambda: link.snapshot().phase == IN_LOBBY, 20, "the lobby")
            assert link.snapshot().relay == "" and link.snapshot().code == link.snapshot().lan_code
            link.open_on_relay(f"{LOOP}:{port}")
        wait(lambda: link.snapshot().phase == IN_LOBBY and link.snapshot().relay == "open", 20, "the relay room")
        assert link.snapshot().relay_address == f"{LOOP}:{port}"
        state = link.snapshot()
        assert link.room is not None and state.code == make_relay_code(LOOP, port, link.room.join_secret)
        assert state.lan_code is not None and state.lan_code != state.code
        assert list(relay.rooms) == [room_id(link.room.join_secret)]
    finally:
        link.close()
        asyncio.run_coroutine_threadsafe(relay.close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def test_the_relay_command_runs_on_the_standard_library_alone_and_stops_on_sigterm() -> None:
    """``python -m quacks relay`` with the game's dependencies blocked (the container installs none of them): it
    says where it listens, refuses an unknown room, and stops cleanly on SIGTERM (a service manager's stop)."""
    blocked = ("pygame", "websockets", "yaml", "zeroconf", "platformdirs", "numpy")
    code = (f"import sys\nfor m in {blocked!r}: sys.modules[m] = None\n"
            "from quacks.cli import main\nsys.exit(main(['relay', '--bind', '127.0.0.1', '--port', '0']))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=ROOT)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert "relay listening on 127.0.0.1 port" in first, first + (proc.stderr.read() if proc.stderr else "")
        port = int(first.split(" port ")[1].split()[0])

        async def knock() -> None:
            with pytest.raises(RelayRefused, match="no such room"):
                await open_relayed(LOOP, port, room_id(new_join_secret()))

        asyncio.run(asyncio.wait_for(knock(), 10))
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=10)
        assert proc.returncode == 0, err
        assert "relay stopped: 0 rooms, 0 joins, 1 refused" in out
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


def test_a_relayed_room_keeps_its_relay_and_a_relayed_player_shares_the_relay_code() -> None:
    """A hosted game open on a relay is opened there again when the host goes on with it (the room keeps the
    relay), and a player who joined through the relay is shown the relay code to share, not the host's LAN code."""
    import json as _json

    from quacks.net.client import Client
    from quacks.net.link import shared_code
    from quacks.net.room import Room
    from quacks.session.setup import REMOTE as _REMOTE
    from quacks.session.setup import SeatSpec as _Seat

    seats = (_Seat("Seat 1", "amber", _REMOTE), _Seat("Easy bot 2", "teal", "easy"))
    room = Room(CAT, GameConfig(seats=tuple(s.name for s in seats)), seats, join_secret=bytes(5))
    room.relay = "relay.example.org:47480"
    again = Room.from_data(CAT, _json.loads(_json.dumps(room.to_data())))
    assert again.relay == "relay.example.org:47480"
    secret = bytes(range(5))
    relayed = Client("relay.example.org", 47480, name="Bob", join_secret=secret.hex(), relay=True, catalogue=CAT)
    assert shared_code(relayed) == make_relay_code("relay.example.org", 47480, secret)
    plain = Client("192.168.1.20", 47474, name="Bob", join_secret=secret.hex(), catalogue=CAT)
    assert shared_code(plain) is None  # no lobby yet: the host's code comes with it
