"""Encrypted and authenticated links (issue 33 §5): every link is TLS with the host's own certificate; a joiner
proves the room code's secret by SPAKE2 inside it, and each side confirms the certificate it sees. A man in the
middle on loopback that shows its own certificate is refused; one that guesses the secret gets one try per
rate-limit window; the hosted game's file holds no readable private key; a seat token goes to its certificate only.
Every connection here is on 127.0.0.1, every wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import ssl
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from quacks.net import protocol as p
from quacks.net import tls
from quacks.net.client import Client, JoinRefused, Tokens
from quacks.net.host import Host, key_path, read_room
from quacks.net.ratelimit import PAKE_ALL_BURST, PAKE_BURST, PAKE_RATE, Bucket
from quacks.session import fairness
from quacks.session.setup import REMOTE
from quacks.version import __version__

from .raw_link import raw_link
from .test_served_game import CAT, make_room

WRONG = "0102030405"


class ManInTheMiddle:
    """A proxy on 127.0.0.1 that ends TLS with its own certificate and opens its own TLS link to the host. It passes
    every message on unchanged, except that with ``guess`` it answers the joiner's key exchange itself, as a host
    that knows ``guess`` would (one guess of the secret)."""

    def __init__(self, host_port: int, guess: bytes | None = None) -> None:
        self.host_port = host_port
        self.guess = guess
        self.identity = tls.new_identity()
        self.passed: list[str] = []  # what went from the joiner to the host

    async def start(self) -> int:
        self.server = await serve(self._joiner, "127.0.0.1", 0, ssl=tls.server_context(self.identity))
        return int(next(iter(self.server.sockets)).getsockname()[1])

    async def close(self) -> None:
        self.server.close()
        await self.server.wait_closed()

    async def _joiner(self, down: ServerConnection) -> None:
        if self.guess is not None:
            await self._pretend(down, self.guess)
            return
        async with connect(f"wss://127.0.0.1:{self.host_port}", ssl=tls.client_context(),
                           server_hostname=tls.SERVER_NAME, open_timeout=5) as up:
            async def pump(src: object, dst: object, log: list[str] | None) -> None:
                with contextlib.suppress(ConnectionClosed):
                    async for message in src:  # type: ignore[attr-defined]
                        if log is not None:
                            log.append(str(message))
                        await dst.send(message)  # type: ignore[attr-defined]
                await dst.close()  # type: ignore[attr-defined]

            await asyncio.wait_for(asyncio.gather(pump(down, up, self.passed), pump(up, down, None)), 20)

    async def _pretend(self, down: ServerConnection, guess: bytes) -> None:
        """The host's side of the exchange with the guessed secret, confirming the proxy's own certificate."""
        exchange = tls.Exchange(guess, joiner=False)
        theirs, _ = tls.read_handshake(await asyncio.wait_for(down.recv(), 5), "pake")
        exchange.finish(theirs)
        await down.send(tls.pake_message(exchange.message))
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            await asyncio.wait_for(down.recv(), 5)  # the joiner's confirmation: useless for a wrong guess
            await down.send(tls.confirm_message(exchange.mine(self.identity.fingerprint)))
            await asyncio.wait_for(down.recv(), 5)


def test_a_joiner_reaches_the_host_over_tls_and_the_key_exchange() -> None:
    async def go() -> None:
        room = make_room((REMOTE, "normal"))
        host = Host(room)
        port = await host.start("127.0.0.1", 0)
        client = Client("127.0.0.1", port, name="Ann", join_secret=room.join_secret.hex())
        report = await asyncio.wait_for(client.run(), 120)
        await host.close()
        assert report.fair is not None and report.fair.ok
        assert client.seen == host.fingerprint.hex()
        assert client.tokens.pin(client.key) == host.fingerprint.hex()  # the token is pinned to the certificate

    asyncio.run(go())


def test_a_wrong_secret_is_refused_and_counts_against_the_limit() -> None:
    async def go() -> None:
        room = make_room((REMOTE, "normal"))
        host = Host(room)
        port = await host.start("127.0.0.1", 0)
        client = Client("127.0.0.1", port, name="Eve", join_secret=WRONG)
        with pytest.raises(JoinRefused) as e:
            await asyncio.wait_for(client.run(), 20)
        assert e.value.reason == "bad-secret"
        assert host.pake_all.tokens == PAKE_ALL_BURST - 1 and host.pake_buckets["127.0.0.1"].tokens == PAKE_BURST - 1
        assert not room.guests
        await host.close()

    asyncio.run(go())


def test_a_man_in_the_middle_that_passes_the_exchange_on_is_refused_by_the_joiner_and_the_host() -> None:
    async def go() -> None:
        room = make_room((REMOTE, "normal"))
        host = Host(room)
        port = await host.start("127.0.0.1", 0)
        mitm = ManInTheMiddle(port)
        through = await mitm.start()
        client = Client("127.0.0.1", through, name="Ann", join_secret=room.join_secret.hex())
        with pytest.raises(JoinRefused) as e:
            await asyncio.wait_for(client.run(), 20)
        await mitm.close()
        await host.close()
        assert e.value.reason in ("bad-secret", "not-the-host")
        assert client.seen == mitm.identity.fingerprint.hex() != host.fingerprint.hex()
        assert [tls.handshake_kind(m) for m in mitm.passed] == ["pake", "confirm"]  # passed on unchanged, no hello
        assert not room.guests and client.seat == -1 and client.tokens.get(client.key) is None
        assert host.pake_all.tokens == PAKE_ALL_BURST - 1  # the host counted it as a failed guess

    asyncio.run(go())


def test_a_man_in_the_middle_that_guesses_is_refused_by_the_joiner() -> None:
    async def go() -> None:
        room = make_room((REMOTE, "normal"))
        host = Host(room)
        port = await host.start("127.0.0.1", 0)
        mitm = ManInTheMiddle(port, guess=bytes.fromhex(WRONG))
        through = await mitm.start()
        client = Client("127.0.0.1", through, name="Ann", join_secret=room.join_secret.hex())
        with pytest.raises(JoinRefused) as e:
            await asyncio.wait_for(client.run(), 20)
        await mitm.close()
        await host.close()
        assert e.value.reason == "not-the-host" and client.seat == -1

    asyncio.run(go())


def test_guessing_the_secret_gets_one_try_per_window() -> None:
    """After the burst of wrong guesses from one address, each window of 1/PAKE_RATE seconds allows one more;
    even the right secret waits for it (the host does not check a guess it has no try for)."""
    now = [1000.0]

    async def attempt(port: int, secret: str) -> str:
        async with raw_link(port) as ws:
            answer = await tls.prove(ws, bytes.fromhex(secret), p.PROTOCOL_VERSION, 5)
            if answer is None:
                await ws.send(p.Hello(p.PROTOCOL_VERSION, __version__, room.rules, None, None, "Ann", None,
                                      fairness.pledge("ab" * 16)).to_json())
                answer = str(await asyncio.wait_for(ws.recv(), 5))
            msg = p.parse_host(answer)
            return msg.reason if isinstance(msg, p.Refused) else type(msg).__name__

    room = make_room((REMOTE, "normal"))

    async def go() -> None:
        host = Host(room)
        host.clock = lambda: now[0]
        host.pake_all = Bucket(host.pake_all.rate, host.pake_all.burst, lambda: now[0])
        port = await host.start("127.0.0.1", 0)
        assert [await attempt(port, WRONG) for _ in range(int(PAKE_BURST))] == ["bad-secret"] * int(PAKE_BURST)
        assert await attempt(port, WRONG) == "too-many-tries"
        assert await attempt(port, room.join_secret.hex()) == "too-many-tries"
        now[0] += 1 / PAKE_RATE  # one window later: one try
        assert await attempt(port, WRONG) == "bad-secret"
        assert await attempt(port, WRONG) == "too-many-tries"
        now[0] += 1 / PAKE_RATE
        assert await attempt(port, room.join_secret.hex()) == "Welcome"  # the right one, in its window
        await host.close()

    asyncio.run(go())


def test_the_hosted_game_keeps_its_certificate_and_no_readable_private_key(tmp_path: Path) -> None:
    save = tmp_path / "hosted-game.json"
    room = make_room((REMOTE, "easy"))
    host = Host(room, save_path=save)
    host.save()
    text = save.read_text(encoding="utf-8")
    kept = host.identity.to_data()
    assert kept["key"] not in text and "PRIVATE" not in text and kept["cert"] in text
    assert kept["key"] not in key_path(save).read_text(encoding="utf-8", errors="replace")
    again = read_room(save, CAT).value
    assert again is not None and Host(again).fingerprint == host.fingerprint  # --resume: the same certificate
    assert json.loads(text)["room"]["tls"] == {"cert": kept["cert"]}


def test_a_seat_token_is_not_sent_to_another_certificate(tmp_path: Path) -> None:
    async def go() -> None:
        room = make_room((REMOTE, "normal"))
        host = Host(room)
        port = await host.start("127.0.0.1", 0)
        hellos: list[str] = []
        original = host.room.hello

        def spy(msg: p.Hello) -> object:
            hellos.append(str(msg.token))
            return original(msg)

        host.room.hello = spy  # type: ignore[method-assign]
        tokens = Tokens(tmp_path / "tokens.json")
        tokens.put(f"127.0.0.1:{port}", "cd" * 16, "ef" * 32, "ab" * 16, pin="00" * 32)  # given by another host
        client = Client("127.0.0.1", port, name="Ann", tokens=tokens)
        with pytest.raises(JoinRefused) as e:
            await asyncio.wait_for(client.run(), 20)
        assert e.value.reason == "not-the-host" and hellos == []
        # with the room code it joins anew, the old token kept back
        client = Client("127.0.0.1", port, name="Ann", tokens=tokens, join_secret=room.join_secret.hex())
        task = asyncio.create_task(client.run())
        for _ in range(500):
            if client.seat >= 0:
                break
            await asyncio.sleep(0.01)
        client.stop = True
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
        await host.close()
        assert hellos and "cd" * 16 not in hellos and client.seat == 0

    asyncio.run(go())


def test_a_relay_pipes_only_ciphertext_and_the_relayed_game_plays_to_its_end(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Through a real relay on loopback: TLS runs end to end between the joiners and the host (the host's agent
    pipes to the host's own TLS server), so no message, name, token or secret crosses the relay readable."""
    from quacks.net import relay as relay_module
    from quacks.net.relay import Relay

    from .test_relay import LOOP, relayed_game

    seen: list[bytes] = []
    real_pipe = relay_module.pipe

    class Recording:
        def __init__(self, reader: asyncio.StreamReader) -> None:
            self.reader = reader

        async def read(self, n: int) -> bytes:
            data = await self.reader.read(n)
            seen.append(data)
            return data

    async def recording_pipe(a: tuple[asyncio.StreamReader, asyncio.StreamWriter],
                             b: tuple[asyncio.StreamReader, asyncio.StreamWriter], *args: object,
                             **kwargs: object) -> int:
        return await real_pipe((Recording(a[0]), a[1]), (Recording(b[0]), b[1]), *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(relay_module, "pipe", recording_pipe)

    async def run() -> tuple[Host, list[Client]]:
        relay = Relay(rate=1000, burst=1000)
        port = await relay.start(LOOP, 0)
        try:
            host, clients, _agent = await relayed_game(tmp_path, 0, port)
        finally:
            await relay.close()
        return host, clients

    host, clients = asyncio.run(run())
    assert host.room.match is not None and host.room.match.over
    assert all(c.report.fair is not None and c.report.fair.ok for c in clients)
    assert all(c.seen == host.fingerprint.hex() for c in clients)
    wire = b"".join(seen)
    assert len(wire) > 10_000
    readable = [b'"t"', b"hello", b"welcome", b"Guest 0", b"Easy bot", host.room.join_secret.hex().encode(),
                b'"pake"', *(g.token.encode() for g in host.room.guests.values())]
    assert [r for r in readable if r in wire] == []


def test_a_bad_key_exchange_message_is_refused_with_a_reason_and_the_host_plays_on() -> None:
    async def answer(port: int, text: str) -> str:
        async with raw_link(port) as ws:
            await ws.send(text)
            msg = p.parse_host(await asyncio.wait_for(ws.recv(), 5))
            assert isinstance(msg, p.Refused)
            return msg.reason

    async def go() -> None:
        room = make_room((REMOTE, "normal"))
        host = Host(room)
        port = await host.start("127.0.0.1", 0)
        assert await answer(port, '{"type": "pake", "msg": "zz"}') == "bad-message"
        assert await answer(port, json.dumps({"type": "pake", "msg": "00" * 33})) == "bad-message"  # not a point
        assert await answer(port, json.dumps({"type": "pake", "msg": "ab", "protocol": True})) == "bad-message"
        assert await answer(port, tls.pake_message(b"\x01" * 33, 3)) == "protocol"
        assert await answer(port, tls.confirm_message(b"\x00" * 32)) == "bad-message"  # no exchange before it
        assert host.pake_all.tokens == PAKE_ALL_BURST  # no guess was checked
        client = Client("127.0.0.1", port, name="Ann", join_secret=room.join_secret.hex())
        report = await asyncio.wait_for(client.run(), 120)
        await host.close()
        assert report.fair is not None and report.fair.ok

    asyncio.run(go())


def test_loading_the_key_into_tls_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ssl reads a key from a file only: it is written encrypted into a private folder, gone once loaded."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    written: list[bytes] = []
    real_open = os.open

    def spy(path: str | os.PathLike[str], flags: int, mode: int = 0o777, **kw: object) -> int:
        if flags & os.O_CREAT:  # the key's file: made for this process alone
            written.append(os.fsencode(path))
            assert mode == 0o600
        return real_open(path, flags, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", spy)
    context = tls.server_context(tls.new_identity())
    assert context.minimum_version >= ssl.TLSVersion.TLSv1_2
    assert written and list(tmp_path.iterdir()) == []


def test_a_key_exchange_left_half_done_is_closed_within_the_handshake_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(p, "HANDSHAKE_TIMEOUT", 0.5)

    async def go() -> float:
        room = make_room((REMOTE, "normal"))
        host = Host(room)
        port = await host.start("127.0.0.1", 0)
        loop = asyncio.get_running_loop()
        async with raw_link(port) as ws:
            exchange = tls.Exchange(room.join_secret, joiner=True)
            await ws.send(tls.pake_message(exchange.message, p.PROTOCOL_VERSION))
            assert tls.handshake_kind(await asyncio.wait_for(ws.recv(), 5)) == "pake"
            start = loop.time()
            with pytest.raises(ConnectionClosed):  # no confirmation sent: the host closes the connection
                await asyncio.wait_for(ws.recv(), 5)
            took = loop.time() - start
        assert host.pake_all.tokens == PAKE_ALL_BURST  # nothing was guessed
        await host.close()
        return took

    assert asyncio.run(go()) < 3
