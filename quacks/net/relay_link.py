"""Both ends of a relayed room (issue 33, item 4): the host's agent, and the joiner's way in (relay.py is the relay).

The host's own server (host.py) does not change: :class:`RelayAgent` keeps a control connection to the relay
(connecting again with a growing pause when it is lost), and for each joiner the relay announces it opens two
connections, one to the relay ("accept" that joiner) and one to the host's own WebSocket server, and pipes the
two. So to the host a relayed player is a connection from its own computer: its per-address limit on handshakes
(ratelimit.py) counts every relayed player together, which is fine for a room of four (and anyone who reaches the
host through the relay knew the room id, so the join secret, already).

A joiner calls :func:`open_relayed`: a TCP connection to the relay, the preamble naming the room id, and the
relay's ``OK`` once the host has answered; the connected socket then goes to ``websockets`` as is, and the game's
WebSocket handshake runs through the pipe. A refusal is a :class:`RelayRefused` (a ConnectionError, so the client
tries again as it does when a host cannot be reached) whose text is the relay's sentence.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import secrets
import socket
from collections.abc import Callable

from .relay import CONTROL_PING, IDLE_TIMEOUT, MAGIC, MAX_LINE, pipe, read_line

log = logging.getLogger("quacks.net")

CONNECT_TIMEOUT = 10.0  # seconds to reach the relay (or the host's own server) and be answered
FIRST_PAUSE, LONGEST_PAUSE = 0.5, 30.0  # the agent's pause before connecting again, doubled each failure
MAX_BRIDGES = 32  # joiners the agent pipes at once


def local_address(bind: str) -> str:
    """Where the agent reaches the host's own server listening on ``bind``: loopback if it listens on every
    address, else that address (a host listening on its LAN address alone is not on loopback)."""
    try:
        ip = ipaddress.ip_address(bind)
    except ValueError:
        return bind  # a name
    if ip.is_unspecified:
        return "::1" if ip.version == 6 else "127.0.0.1"
    return bind


class RelayRefused(ConnectionError):
    """The relay turned the connection away: its reason's code and sentence."""

    def __init__(self, reason: str, sentence: str) -> None:
        super().__init__(sentence)
        self.reason = reason
        self.sentence = sentence


def check_answer(line: str | None) -> None:
    """Nothing if the relay said ``OK``; else RelayRefused (or ConnectionError if it said nothing)."""
    if line is None:
        raise ConnectionError("The relay closed the connection without an answer.")
    if line == "OK":
        return
    word, _, rest = line.partition(" ")
    reason, _, sentence = rest.partition(" ")
    if word == "NO" and reason:
        raise RelayRefused(reason, sentence or "The relay refused the connection.")
    raise ConnectionError("The relay answered something this game does not understand; is it a Quacks relay?")


async def open_relayed(relay: str, port: int, rid: str, timeout: float = CONNECT_TIMEOUT) -> socket.socket:
    """A socket connected through the relay to the host of room ``rid`` (module docstring), for
    ``websockets.connect(sock=...)``. Read a byte at a time up to the relay's ``OK``, so that nothing of the
    host's stream is taken from the socket."""
    loop = asyncio.get_running_loop()

    async def go() -> socket.socket:
        infos = await loop.getaddrinfo(relay, port, type=socket.SOCK_STREAM)
        last: OSError = OSError(f"no address for {relay}")
        for family, kind, proto, _name, address in infos[:4]:
            sock = socket.socket(family, kind, proto)
            sock.setblocking(False)
            try:
                await loop.sock_connect(sock, address)
            except OSError as e:
                sock.close()
                last = e
                continue
            try:
                await loop.sock_sendall(sock, f"{MAGIC} JOIN {rid}\n".encode("ascii"))
                line = bytearray()
                for _ in range(MAX_LINE):
                    byte = await loop.sock_recv(sock, 1)
                    if not byte or byte == b"\n":
                        break
                    line += byte
                check_answer(line.decode("ascii", "replace") if line else None)
            except BaseException:
                sock.close()
                raise
            return sock
        raise last

    return await asyncio.wait_for(go(), timeout)


class RelayAgent:
    """The host's side (module docstring): its room ``rid`` on the relay at ``relay``:``port``, joiners piped to
    the host's own server at ``local``:``local_port``. ``state`` is "connecting", "open" (the relay knows the
    room) or "refused"; ``problem`` the last sentence why not; ``on_change`` is called when they change."""

    def __init__(self, relay: str, port: int, rid: str, local: str, local_port: int, *,
                 on_change: Callable[[RelayAgent], None] | None = None, idle: float = IDLE_TIMEOUT) -> None:
        self.relay, self.port, self.rid = relay, port, rid
        self.local, self.local_port = local, local_port
        self.owner = secrets.token_hex(16)  # proves to the relay that a reconnection is this host's
        self.on_change = on_change
        self.idle = idle
        self.state = "connecting"
        self.problem = ""
        self.joins = 0
        self.stopped = asyncio.Event()
        self.opened = asyncio.Event()  # set once the relay has first said the room is open
        self._bridges: set[asyncio.Task[None]] = set()
        self._control: asyncio.StreamWriter | None = None
        self._lasted = False  # the current connection opened the room

    def _set(self, state: str, problem: str = "") -> None:
        if (state, problem) != (self.state, self.problem):
            self.state, self.problem = state, problem
            if self.on_change is not None:
                self.on_change(self)

    async def run(self) -> None:
        """Keep the room open on the relay until ``close``; a lost or refused connection is tried again."""
        pause = FIRST_PAUSE
        while not self.stopped.is_set():  # each turn is a connection, then a pause of at most LONGEST_PAUSE
            self._lasted = False
            try:
                await self._session()
            except RelayRefused as e:
                if not self.stopped.is_set():
                    self._set("refused", e.sentence)
            except (OSError, TimeoutError, ValueError) as e:
                if not self.stopped.is_set():
                    self._set("connecting", str(e) or type(e).__name__)
            if self.stopped.is_set():
                break
            if self._lasted:  # the room was open: a lost connection is tried again soon
                pause = FIRST_PAUSE
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopped.wait(), pause)
            pause = min(LONGEST_PAUSE, pause * 2)

    async def _session(self) -> None:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(self.relay, self.port), CONNECT_TIMEOUT)
        self._control = writer
        pinger: asyncio.Task[None] | None = None
        try:
            writer.write(f"{MAGIC} HOST {self.rid} {self.owner}\n".encode("ascii"))
            check_answer(await read_line(reader, CONNECT_TIMEOUT))
            self._set("open")
            self._lasted = True
            self.opened.set()
            pinger = asyncio.create_task(self._ping(writer))
            while not self.stopped.is_set():  # each turn waits at most 3 pings' time
                line = await read_line(reader, 3 * CONTROL_PING)
                if line is None:
                    raise ConnectionError("The relay closed the room's connection.")
                words = line.split(" ")
                if words[0] == "JOIN" and len(words) >= 2 and len(self._bridges) < MAX_BRIDGES:
                    task = asyncio.create_task(self._bridge(words[1], words[2] if len(words) > 2 else "?"))
                    self._bridges.add(task)
                    task.add_done_callback(self._bridges.discard)
        finally:
            if pinger is not None:
                pinger.cancel()
            writer.close()
            self._control = None

    async def _ping(self, writer: asyncio.StreamWriter) -> None:
        while not writer.is_closing():  # one PING every CONTROL_PING seconds while the connection lasts
            await asyncio.sleep(CONTROL_PING)
            writer.write(b"PING\n")

    async def _bridge(self, number: str, peer: str) -> None:
        """Pipe the joiner ``number`` (at ``peer``, for the log) to the host's own server."""
        try:
            local = await asyncio.wait_for(asyncio.open_connection(self.local, self.local_port), CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as e:
            log.warning("a player came through the relay, and the game's own server could not be reached: %s", e)
            return
        try:
            remote = await asyncio.wait_for(asyncio.open_connection(self.relay, self.port), CONNECT_TIMEOUT)
            remote[1].write(f"{MAGIC} ACCEPT {self.rid} {number}\n".encode("ascii"))
            check_answer(await read_line(remote[0], CONNECT_TIMEOUT))
        except (OSError, TimeoutError, ValueError) as e:
            local[1].close()
            log.info("a player's connection through the relay failed: %s", e)
            return
        self.joins += 1
        log.info("a player connects through the relay from %s", peer)
        await pipe(remote, local, self.idle)

    async def close(self, grace: float = 3.0) -> None:
        """Close the room on the relay; the pipes open get ``grace`` seconds to carry what is on its way (close
        the host's server first: its last messages, the secret revealed after the game, are then in them)."""
        self.stopped.set()
        if self._control is not None:
            self._control.close()
        if self._bridges and grace > 0:
            await asyncio.wait(list(self._bridges), timeout=grace)
        for t in list(self._bridges):
            t.cancel()
        await asyncio.gather(*self._bridges, return_exceptions=True)


__all__ = ["RelayAgent", "RelayRefused", "check_answer", "local_address", "open_relayed"]
