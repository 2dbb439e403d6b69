"""IPv6 in the game (issue 33, item 4): a host on every address listens on IPv4 and IPv6 both, on one port; a host
on an IPv6 address gives an IPv6 room code; a player joins by that code over ``::1`` and plays. Loopback only:
"every address" is narrowed to 127.0.0.1 and ::1 (``host.EVERY_ADDRESS``), this computer's IPv6 address to ::1."""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("websockets")

from quacks.ai.levels import make_bot  # noqa: E402
from quacks.content.loader import default_catalogue  # noqa: E402
from quacks.net import commands, host  # noqa: E402
from quacks.net.client import Client, Tokens  # noqa: E402
from quacks.net.host import Host  # noqa: E402
from quacks.net.link import ENDED, IN_LOBBY, NetLink  # noqa: E402
from quacks.net.roomcode import DEFAULT_PORT, make_code, make_code6, read_code  # noqa: E402
from quacks.rules.config import GameConfig  # noqa: E402
from quacks.rules.snapshot import fingerprint  # noqa: E402

from .served import SEATS, play, table, wait  # noqa: E402
from .test_served_game import make_room  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _loopback6() -> str:
    """Why this computer cannot serve on ::1, or "" if it can."""
    if not socket.has_ipv6:
        return "this Python was built without IPv6"
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
    except OSError as e:
        return f"this computer has no IPv6 loopback (::1): {e.strerror or e}"
    return ""


pytestmark = pytest.mark.skipif(bool(_loopback6()), reason=_loopback6() or "IPv6 loopback")


@pytest.fixture
def loopback_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every address is the loopback of each family, this computer's address on each family its loopback."""
    monkeypatch.setattr(host, "EVERY_ADDRESS", ("127.0.0.1", "::1"))
    monkeypatch.setattr(commands, "lan_address", lambda: "127.0.0.1")
    monkeypatch.setattr(commands, "lan_address6", lambda: "::1")


def _answers(address: str, port: int) -> bool:
    """Whether something listens at ``address``:``port`` (a TCP connection is taken, and closed)."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.settimeout(5)
        return s.connect_ex((address, port)) == 0


# --- listening on both families


@pytest.mark.usefixtures("loopback_everywhere")
def test_a_host_on_every_address_listens_on_both_families_on_one_port() -> None:
    async def go() -> None:
        server = Host(make_room(("remote", "normal")))
        port = await server.start("0.0.0.0", 0)
        try:
            assert server.families == ("IPv4", "IPv6") and server.port == port
            ports = {sock.getsockname()[1] for s in server.servers for sock in s.sockets}
            assert ports == {port}
            assert await asyncio.to_thread(_answers, "127.0.0.1", port)
            assert await asyncio.to_thread(_answers, "::1", port)
        finally:
            await server.close()

    asyncio.run(go())


@pytest.mark.usefixtures("loopback_everywhere")
def test_an_ipv6_port_taken_by_another_program_draws_another_port(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any free port (0): IPv4's draw may be taken on IPv6; the host draws again until both have it."""
    serve = Host._serve
    clashes = [0]

    async def clashing(self: Host, bind: str, port: int) -> object:
        if ":" in bind and clashes[0] < 2:
            clashes[0] += 1
            raise OSError(errno.EADDRINUSE, "Address already in use")
        return await serve(self, bind, port)

    monkeypatch.setattr(Host, "_serve", clashing)

    async def go() -> None:
        server = Host(make_room(("remote", "normal")))
        port = await server.start("0.0.0.0", 0)
        try:
            assert clashes[0] == 2 and server.families == ("IPv4", "IPv6")
            assert len(server.servers) == 2 and await asyncio.to_thread(_answers, "::1", port)
        finally:
            await server.close()

    asyncio.run(go())


def test_a_computer_without_ipv6_is_served_on_ipv4_alone(monkeypatch: pytest.MonkeyPatch,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    """An IPv6 address this computer does not have stands for a computer without IPv6: a log line, IPv4 alone;
    but a host asked for "::" (IPv6) says it cannot listen."""
    monkeypatch.setattr(host, "EVERY_ADDRESS", ("127.0.0.1", "2001:db8::7"))

    async def go() -> None:
        server = Host(make_room(("remote", "normal")))
        with caplog.at_level(logging.INFO, logger="quacks.net"):
            port = await server.start("0.0.0.0", 0)
        try:
            assert server.families == ("IPv4",) and await asyncio.to_thread(_answers, "127.0.0.1", port)
            assert "IPv4 alone" in caplog.text
        finally:
            await server.close()
        with pytest.raises(OSError):
            await Host(make_room(("remote", "normal"))).start("::", 0)

    asyncio.run(go())


@pytest.mark.usefixtures("loopback_everywhere")
def test_the_room_codes_of_a_bind() -> None:
    secret = bytes.fromhex("c0ffee0042")
    both = ("IPv4", "IPv6")
    assert commands.room_codes("0.0.0.0", 9000, secret, both) == (make_code("127.0.0.1", 9000, secret),
                                                                  make_code6("::1", 9000, secret))
    assert commands.room_codes("::", 9000, secret, ("IPv4",)) == (make_code("127.0.0.1", 9000, secret), None)
    assert commands.room_codes("::1", 9000, secret, ("IPv6",)) == (None, make_code6("::1", 9000, secret))
    assert commands.room_codes("192.168.1.5", 9000, secret, ("IPv4",)) == (make_code("192.168.1.5", 9000, secret),
                                                                          None)
    assert commands.room_codes("quacks.example", 9000, secret, ("IPv4",)) == (None, None)


# --- joining by an IPv6 code and playing


@pytest.mark.usefixtures("loopback_everywhere")
def test_a_window_on_every_address_gives_an_ipv6_code_and_a_player_joins_by_it_and_plays(tmp_path: Path) -> None:
    """The window hosts as it does (bind 0.0.0.0): its code stays IPv4, the snapshot offers the IPv6 code; Bob
    reads that code, joins over ::1, and the whole game is played and checked fair."""
    cat = default_catalogue()
    hosting = NetLink(catalogue=cat, save_path=tmp_path / "hosted.json")
    guest = NetLink(catalogue=cat, tokens=tmp_path / "tokens.json")
    try:
        hosting.host(GameConfig(seats=tuple(s.name for s in SEATS)), SEATS, bind="0.0.0.0", port=0, lan=False,
                     advertise_on="127.0.0.1")
        wait(lambda: hosting.snapshot().phase == IN_LOBBY and hosting.snapshot().mine == (0,), 20, "the lobby")
        st = hosting.snapshot()
        assert hosting.host_server is not None and hosting.host_server.families == ("IPv4", "IPv6")
        port = hosting.host_server.port
        assert st.code is not None and read_code(st.code).address == "127.0.0.1"
        assert st.code6 is not None and len(st.code6.replace("-", "")) in (37, 40)
        code = read_code(st.code6)
        assert (code.address, code.port) == ("::1", port) and code.secret == read_code(st.code).secret
        guest.join(code.address, code.port, code.secret.hex(), [("Bob", "teal")])
        wait(lambda: hosting.snapshot().seats[1].joined, 20, "Bob to join")
        bob = hosting.host_server.conns[1]
        assert bob.remote_address is not None and bob.remote_address[0] == "::1"  # Bob came over IPv6
        hosting.start_game()
        drivers = [table(hosting), table(guest)]
        play(drivers, make_bot("normal"), random.Random(5))
        assert fingerprint(drivers[0].match.game) == fingerprint(drivers[1].match.game)
        wait(lambda: guest.snapshot().phase == ENDED, 20, "the luck check")
        assert guest.snapshot().fair_ok is True
    finally:
        guest.close()
        hosting.close()


def test_a_window_on_ipv6_alone_shows_its_ipv6_code_and_seats_its_player_over_ipv6(tmp_path: Path) -> None:
    """Bind ::1: the room code is IPv6, the address bracketed, Ann (at the host) seated over ::1, Bob joins by
    the code."""
    cat = default_catalogue()
    hosting = NetLink(catalogue=cat, save_path=tmp_path / "hosted.json")
    guest = NetLink(catalogue=cat, tokens=tmp_path / "tokens.json")
    try:
        hosting.host(GameConfig(seats=tuple(s.name for s in SEATS)), SEATS, bind="::1", port=0, lan=False)
        wait(lambda: hosting.snapshot().phase == IN_LOBBY and hosting.snapshot().mine == (0,), 20, "the lobby")
        st = hosting.snapshot()
        assert hosting.host_server is not None and hosting.host_server.families == ("IPv6",)
        assert st.code is not None and st.code6 == st.code
        code = read_code(st.code)
        assert code.address == "::1" and st.address == f"[::1]:{code.port}"
        guest.join(code.address, code.port, code.secret.hex(), [("Bob", "teal")])
        wait(lambda: hosting.snapshot().seats[1].joined, 20, "Bob to join")
        # the host seats Bob before Bob's window has read the lobby it is sent (seen in CI, under coverage)
        wait(lambda: guest.snapshot().phase == IN_LOBBY, 20, "Bob's lobby")
    finally:
        guest.close()
        hosting.close()


def test_a_served_game_by_ipv6_code_on_loopback_is_played_to_the_end(tmp_path: Path) -> None:
    """The host's server alone on ::1: two players read its code and play a whole game with a bot."""
    async def go() -> tuple[Host, list[Client]]:
        room = make_room(("remote", "remote", "normal"))
        server = Host(room, save_path=tmp_path / "host.json")
        port = await server.start("::1", 0)
        code = read_code(make_code6("::1", port, room.join_secret))
        clients = [Client(code.address, code.port, name=f"Guest {i}", join_secret=code.secret.hex(),
                          tokens=Tokens(tmp_path / f"tokens{i}.json"), seed=i) for i in range(2)]
        try:
            await asyncio.wait_for(asyncio.gather(*(c.run() for c in clients)), 120)
        finally:
            await server.close()
        return server, clients

    server, clients = asyncio.run(go())
    m = server.room.match
    assert m is not None and m.over
    for c in clients:
        assert c.report.scores == [s.score for s in m.game.seats]
        assert c.report.fair is not None and c.report.fair.ok, c.report.fair.problems


@pytest.mark.skipif(sys.platform == "win32", reason="reads the host's lines as they come (POSIX pipes)")
def test_the_command_line_hosts_on_ipv6_and_a_player_joins_by_its_code(tmp_path: Path) -> None:
    """``quacks host --bind ::1`` prints an IPv6 room code; ``quacks join CODE`` plays the game to the end."""
    with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
        s.bind(("::1", 0))
        port = int(s.getsockname()[1])
    env = {**os.environ, "QUACKS_HOME": str(tmp_path / "host"), "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-m", "quacks", "host", "--seats", "remote,normal", "--bind", "::1",
                               "--port", str(port), "--no-lan", "--away", "wait"], cwd=ROOT, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("room code: "), first
        code_text = first.split(": ", 1)[1].strip()
        assert read_code(code_text).address == "::1" and read_code(code_text).port == port
        assert len(code_text.replace("-", "")) == (37 if port == DEFAULT_PORT else 40)
        lines = [server.stdout.readline() for _ in range(5)]
        assert f"address: [::1]:{port}" in lines[0] and "listening on IPv6" in "".join(lines), lines
        env_join = {**env, "QUACKS_HOME": str(tmp_path / "bob")}
        start = time.monotonic()
        joined = subprocess.run([sys.executable, "-m", "quacks", "join", code_text, "--name", "Bob"], cwd=ROOT,
                                env=env_join, text=True, capture_output=True, timeout=120)
        assert joined.returncode == 0, joined.stdout + joined.stderr
        assert "luck checked: fair" in joined.stdout, joined.stdout
        out, _ = server.communicate(timeout=max(5.0, 120 - (time.monotonic() - start)))
        assert server.returncode == 0 and "the game is over" in out, out
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)


@pytest.mark.parametrize(("seen", "offered"), [("2a01:4f8:c17:1::2", "2a01:4f8:c17:1::2"), ("fd00::2", None),
                                                ("fe80::1%eth0", None), ("::1", None)])
def test_only_a_global_ipv6_address_gets_a_code_of_its_own(monkeypatch: pytest.MonkeyPatch, seen: str,
                                                            offered: str | None) -> None:
    """A unique-local (a home network's own) or link-local address reaches no one outside the home: no IPv6 code."""
    class Fake:
        def __init__(self, *_a: object) -> None:
            pass

        def connect(self, _to: object) -> None:
            pass

        def getsockname(self) -> tuple[str, int]:
            return seen, 0

        def close(self) -> None:
            pass

    monkeypatch.setattr(commands.socket, "socket", Fake)
    monkeypatch.setattr(commands.socket, "has_ipv6", True)
    assert commands.lan_address6() == offered
