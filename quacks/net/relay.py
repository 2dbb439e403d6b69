"""The relay (issue 33, item 4): a byte pipe on a small public machine for players who cannot reach each other.

A host behind a home router cannot be reached from the internet, and neither can its friends; both can connect
*outward*. The relay is the meeting point: the host connects to it and registers its room, joiners connect to it
and name the room, and the relay splices each joiner's TCP stream with a fresh stream from the host. From then on
it moves bytes and nothing else: it never parses what flows (WebSocket frames today, TLS records once item 5
lands), so the game's protocol can change without the relay changing, and the relay never needs the game's code.

Rooms are named by a *room id*, derived from the join secret with scrypt (:func:`room_id`), never the secret: the
relay (and its logs) see the id, and anyone who knows the secret can compute it, so only a player with the room
code can even reach the host through the relay. scrypt and not a plain hash because the secret has 40 bits: a
relay that wanted the secret back would have to try 2^40 costly hashes (each ~40 ms and 16 MiB) instead of
2^40 cheap ones.

The wire (docs/protocol.md, "Relay"): every connection opens with one ASCII line (at most :data:`MAX_LINE` bytes,
within :data:`PREAMBLE_TIMEOUT` seconds), answered with ``OK`` or ``NO <reason> <sentence>``:

- ``QUACKS-RELAY 1 HOST <room id> <owner>``: a host's *control* connection. It stays open; the relay sends
  ``JOIN <number> <address>`` when a joiner comes, answers the host's ``PING`` with ``PONG``, and forgets the room
  when it closes (or says nothing for :data:`CONTROL_IDLE` seconds). ``owner`` is a random token of the host's: a
  host that reconnects with the same one takes its room back at once; anyone else is refused (``taken``).
- ``QUACKS-RELAY 1 JOIN <room id>``: a joiner. The relay answers ``OK`` once the host's data connection for it
  has come (within :data:`ACCEPT_TIMEOUT` s), then splices; the joiner sends nothing before the ``OK``.
- ``QUACKS-RELAY 1 ACCEPT <room id> <number>``: a host's *data* connection for the joiner ``number`` (a random
  token given only over the control connection); answered ``OK``, then spliced.

Limits: :data:`MAX_ROOMS` rooms, :data:`MAX_PENDING` joiners waiting per room, :data:`MAX_PIPES` pipes per room,
:data:`MAX_CONNECTIONS` connections in all, a token bucket of new connections per address
(:data:`CONNECT_RATE`), a pipe closed after :data:`IDLE_TIMEOUT` s with no byte either way, and bounded buffers:
a pipe reads at most :data:`CHUNK` bytes and waits for the other side to take them (``drain``) before it reads
again, so a slow reader slows its sender instead of filling the relay's memory.

It logs one line per room opened and closed (its id shortened, the host's address, joins and bytes moved).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import secrets
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .ratelimit import Bucket

log = logging.getLogger("quacks.relay")

MAGIC = "QUACKS-RELAY 1"  # the first words of every preamble: the relay's protocol and its version
MAX_LINE = 160  # bytes of a preamble or control line, newline included
PREAMBLE_TIMEOUT = 10.0  # seconds a new connection has to say what it is
ACCEPT_TIMEOUT = 10.0  # seconds a joiner waits for the host's data connection
IDLE_TIMEOUT = 120.0  # seconds a pipe may carry nothing either way (the game's WebSocket pings every 2 s)
CONTROL_PING = 20.0  # seconds between a host's PINGs on its control connection
CONTROL_IDLE = 3 * CONTROL_PING  # seconds of silence after which the relay drops a control connection
MAX_ROOMS = 1000
MAX_PENDING = 8  # joiners of one room waiting for the host at once
MAX_PIPES = 32  # pipes of one room at once (4 seats, their reconnections, a spectator or two)
MAX_CONNECTIONS = 8192  # connections of every kind at once
CONNECT_RATE, CONNECT_BURST = 5.0, 40.0  # new connections a second from one address, and at once
MAX_BUCKETS = 8192  # addresses whose rate is remembered; past it the quiet ones are forgotten
CHUNK = 64 * 1024  # bytes a pipe reads at once
ID_SALT = b"quacks relay id 1"
_ID = re.compile(r"[0-9a-f]{32}")
_NUMBER = re.compile(r"[0-9a-f]{16}")
_OWNER = re.compile(r"[0-9a-f]{32}")


def room_id(secret: bytes) -> str:
    """The relay's name for the room of join secret ``secret``: 32 hex characters of scrypt (module docstring)."""
    return hashlib.scrypt(secret, salt=ID_SALT, n=2 ** 14, r=8, p=1, dklen=16).hex()


def short(rid: str) -> str:
    """A room id as logs show it (enough to tell rooms apart)."""
    return rid[:8]


async def read_line(reader: asyncio.StreamReader, timeout: float) -> str | None:
    """One line of at most :data:`MAX_LINE` bytes within ``timeout`` seconds, without its newline; None at the end
    of the stream. Read a byte at a time, so that nothing after the line is taken from the stream (it belongs to
    the pipe). ValueError if the line is too long or not ASCII; TimeoutError if it is too slow."""

    async def read() -> str | None:
        line = bytearray()
        for _ in range(MAX_LINE):
            byte = await reader.read(1)
            if not byte:
                return None
            if byte == b"\n":
                try:
                    return line.decode("ascii")
                except UnicodeDecodeError:
                    raise ValueError("the line is not ASCII") from None
            line += byte
        raise ValueError(f"the line is longer than {MAX_LINE} bytes")

    return await asyncio.wait_for(read(), timeout)


async def pipe(a: tuple[asyncio.StreamReader, asyncio.StreamWriter],
               b: tuple[asyncio.StreamReader, asyncio.StreamWriter], idle: float = IDLE_TIMEOUT,
               count: Callable[[int], None] | None = None) -> int:
    """Move bytes both ways between ``a`` and ``b`` until both ends have closed, one fails, or nothing moved for
    ``idle`` seconds; then close both. The bytes moved (``count`` is told each chunk's as it goes). An end that
    closes its sending side (EOF) has that passed on (``write_eof``), so a closing handshake inside the stream
    finishes before the pipe does."""
    last = time.monotonic()
    moved = 0

    async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        nonlocal last, moved
        while data := await src.read(CHUNK):  # each turn waits for the reader's bytes: bounded by the stream
            dst.write(data)
            await dst.drain()
            moved += len(data)
            last = time.monotonic()
            if count is not None:
                count(len(data))
        if dst.can_write_eof():
            with contextlib.suppress(OSError):
                dst.write_eof()

    tasks = {asyncio.create_task(pump(a[0], b[1])), asyncio.create_task(pump(b[0], a[1]))}
    try:
        while tasks:  # every turn is at most idle/4 seconds, and the pipe ends after idle seconds of silence
            done, tasks = await asyncio.wait(tasks, timeout=idle / 4)
            if any(not t.cancelled() and t.exception() is not None for t in done):
                break
            if time.monotonic() - last > idle:
                break
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for _, w in (a, b):
            w.close()
        for _, w in (a, b):
            with contextlib.suppress(OSError, ConnectionError):
                await asyncio.wait_for(w.wait_closed(), 2.0)
    return moved


class Refusal(Exception):
    """A connection the relay turns away: the reason's code and a sentence for the person who sees it."""

    def __init__(self, reason: str, sentence: str) -> None:
        super().__init__(sentence)
        self.reason = reason
        self.sentence = sentence


@dataclass
class _Joiner:
    """A joiner waiting for the host's data connection: the future gets that connection's streams and an event
    its handler waits on while the joiner's handler pipes."""

    peer: str
    answer: asyncio.Future[tuple[asyncio.StreamReader, asyncio.StreamWriter, asyncio.Event]]


@dataclass
class _Room:
    rid: str
    owner: str
    peer: str
    control: asyncio.StreamWriter
    opened: float = field(default_factory=time.monotonic)
    pending: dict[str, _Joiner] = field(default_factory=dict)
    pipes: int = 0
    joins: int = 0
    moved: int = 0


class Relay:
    """The relay server (module docstring). ``start`` listens; ``close`` stops and drops every connection."""

    def __init__(self, *, max_rooms: int = MAX_ROOMS, max_pending: int = MAX_PENDING, max_pipes: int = MAX_PIPES,
                 max_connections: int = MAX_CONNECTIONS, rate: float = CONNECT_RATE, burst: float = CONNECT_BURST,
                 preamble_timeout: float = PREAMBLE_TIMEOUT, accept_timeout: float = ACCEPT_TIMEOUT,
                 idle_timeout: float = IDLE_TIMEOUT, control_idle: float = CONTROL_IDLE) -> None:
        self.max_rooms = max_rooms
        self.max_pending = max_pending
        self.max_pipes = max_pipes
        self.max_connections = max_connections
        self.rate, self.burst = rate, burst
        self.preamble_timeout = preamble_timeout
        self.accept_timeout = accept_timeout
        self.idle_timeout = idle_timeout
        self.control_idle = control_idle
        self.rooms: dict[str, _Room] = {}
        self.buckets: dict[str, Bucket] = {}
        self.connections = 0
        self.counts = {"rooms_opened": 0, "rooms_closed": 0, "joins": 0, "refused": 0, "bytes": 0}
        self.server: asyncio.Server | None = None
        self.port = 0
        self._handlers: set[asyncio.Task[None]] = set()

    async def start(self, bind: str | None, port: int) -> int:
        """Listen on ``bind`` (None: every address) and ``port`` (0: any free one); the port listened on."""
        self.server = await asyncio.start_server(self._connection, bind, port, limit=CHUNK)
        self.port = int(next(iter(self.server.sockets)).getsockname()[1])
        return self.port

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for t in list(self._handlers):
            t.cancel()
        await asyncio.gather(*self._handlers, return_exceptions=True)
        if self.server is not None:
            await self.server.wait_closed()

    # ------------------------------------------------------------------------------------------------
    def _allow(self, peer: str) -> bool:
        now = time.monotonic()
        bucket = self.buckets.get(peer)
        if bucket is None:
            if len(self.buckets) >= MAX_BUCKETS:  # forget the addresses whose bucket has filled up again
                quiet = [k for k, b in self.buckets.items() if now - b.last > b.burst / b.rate]
                for k in quiet:
                    del self.buckets[k]
                if len(self.buckets) >= MAX_BUCKETS:
                    self.buckets.clear()
            bucket = self.buckets[peer] = Bucket(self.rate, self.burst, time.monotonic)
        return bucket.allow()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        me = asyncio.current_task()
        if me is not None:
            self._handlers.add(me)
        self.connections += 1
        name = writer.get_extra_info("peername")
        peer = str(name[0]) if name else "?"
        try:
            if self.connections > self.max_connections:
                raise Refusal("busy", "The relay is too busy; try again in a moment.")
            if not self._allow(peer):
                raise Refusal("rate", "Too many connections from this address; wait a moment.")
            try:
                line = await read_line(reader, self.preamble_timeout)
            except TimeoutError:
                raise Refusal("slow", "The relay waited too long for the connection to say what it is.") from None
            except ValueError as e:
                raise Refusal("bad-preamble", f"This is a Quacks relay, and {e}.") from None
            if line is None:
                return
            words = line.split(" ")
            if " ".join(words[:2]) != MAGIC or len(words) < 4:
                raise Refusal("bad-preamble", "This is a Quacks relay; the connection did not speak its protocol "
                                              "(or another version of it).")
            kind, rid, rest = words[2], words[3], words[4:]
            if not _ID.fullmatch(rid):
                raise Refusal("bad-preamble", "The room id is not one this relay knows how to read.")
            if kind == "HOST" and len(rest) == 1 and _OWNER.fullmatch(rest[0]):
                await self._host(rid, rest[0], peer, reader, writer)
            elif kind == "JOIN" and not rest:
                await self._join(rid, peer, reader, writer)
            elif kind == "ACCEPT" and len(rest) == 1 and _NUMBER.fullmatch(rest[0]):
                await self._accept(rid, rest[0], reader, writer)
            else:
                raise Refusal("bad-preamble", "The relay does not know that kind of connection.")
        except Refusal as r:
            self.counts["refused"] += 1
            await _say(writer, f"NO {r.reason} {r.sentence}")
        except (OSError, ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.connections -= 1
            writer.close()
            if me is not None:
                self._handlers.discard(me)

    async def _host(self, rid: str, owner: str, peer: str, reader: asyncio.StreamReader,
                    writer: asyncio.StreamWriter) -> None:
        old = self.rooms.get(rid)
        if old is not None:
            if not secrets.compare_digest(old.owner, owner):
                raise Refusal("taken", "Another host holds this room on the relay.")
            old.control.close()  # the same host again (its connection was lost): the new one takes over
        elif len(self.rooms) >= self.max_rooms:
            raise Refusal("full", "The relay carries as many rooms as it can; try again later or another relay.")
        room = _Room(rid, owner, peer, writer)
        if old is not None:
            room.pending, room.pipes, room.joins, room.moved, room.opened = (old.pending, old.pipes, old.joins,
                                                                              old.moved, old.opened)
        self.rooms[rid] = room
        if old is None:
            self.counts["rooms_opened"] += 1
            log.info("room %s opened by %s (%d rooms)", short(rid), peer, len(self.rooms))
        await _say(writer, "OK")
        try:
            while not writer.is_closing():  # each turn waits at most control_idle seconds
                try:
                    line = await read_line(reader, self.control_idle)
                except (TimeoutError, ValueError):
                    break
                if line is None:
                    break
                if line == "PING":
                    writer.write(b"PONG\n")
        finally:
            if self.rooms.get(rid) is room:
                del self.rooms[rid]
                for j in room.pending.values():
                    if not j.answer.done():
                        j.answer.set_exception(Refusal("host-gone", "The host left the relay."))
                self.counts["rooms_closed"] += 1
                log.info("room %s closed after %.0f s: %d joins, %d bytes (%d rooms)", short(rid),
                         time.monotonic() - room.opened, room.joins, room.moved, len(self.rooms))

    async def _join(self, rid: str, peer: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        room = self.rooms.get(rid)
        if room is None:
            raise Refusal("unknown-room", "The relay has no such room: the host is not connected to it, or the "
                                          "game is over.")
        if len(room.pending) >= self.max_pending or room.pipes >= self.max_pipes:
            raise Refusal("busy", "Too many players are joining this room at once; try again in a moment.")
        number = secrets.token_hex(8)
        joiner = _Joiner(peer, asyncio.get_running_loop().create_future())
        room.pending[number] = joiner
        try:
            room.control.write(f"JOIN {number} {peer}\n".encode("ascii"))
            try:
                data_reader, data_writer, done = await asyncio.wait_for(joiner.answer, self.accept_timeout)
            except TimeoutError:
                raise Refusal("no-answer", "The host did not answer through the relay in time.") from None
        finally:
            room.pending.pop(number, None)
        room.pipes += 1
        room.joins += 1
        self.counts["joins"] += 1
        try:
            data_writer.write(b"OK\n")
            writer.write(b"OK\n")
            await pipe((reader, writer), (data_reader, data_writer), self.idle_timeout, lambda n: self._moved(room, n))
        finally:
            room.pipes -= 1
            done.set()

    def _moved(self, room: _Room, n: int) -> None:
        room.moved += n
        self.counts["bytes"] += n

    async def _accept(self, rid: str, number: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        room = self.rooms.get(rid)
        joiner = room.pending.get(number) if room is not None else None
        if joiner is None or joiner.answer.done():
            raise Refusal("unknown-join", "The relay has no such joiner waiting (it gave up, or left).")
        done = asyncio.Event()
        joiner.answer.set_result((reader, writer, done))
        await done.wait()  # the joiner's handler pipes both streams and closes them


async def _say(writer: asyncio.StreamWriter, line: str) -> None:
    """Send one line and wait (a little) for it to go out; a connection that is gone is let be."""
    with contextlib.suppress(OSError, ConnectionError, TimeoutError):
        writer.write(line.encode("ascii", "replace")[:MAX_LINE - 1] + b"\n")
        await asyncio.wait_for(writer.drain(), 2.0)


def relay_main(bind: str | None, port: int, max_rooms: int) -> int:
    """``python -m quacks relay``: serve until Ctrl+C or SIGTERM (a service manager's stop); one line a room."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    if not 1 <= max_rooms <= 100_000:
        print(f"quacks relay: --max-rooms takes 1 to 100000, not {max_rooms}", file=sys.stderr)
        return 2

    async def serve() -> int:
        relay = Relay(max_rooms=max_rooms)
        try:
            listened = await relay.start(bind, port)
        except OSError as e:
            print(f"quacks relay: cannot listen on {bind or 'every address'} port {port} ({e.strerror or e}); is "
                  "another relay using it? Try --port with another number.", file=sys.stderr, flush=True)
            return 1
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises instead
                loop.add_signal_handler(sig, stop.set)
        log.info("relay listening on %s port %d (at most %d rooms)", bind or "every address", listened, max_rooms)
        await stop.wait()
        await relay.close()
        c = relay.counts
        log.info("relay stopped: %d rooms, %d joins, %d refused, %d bytes", c["rooms_opened"], c["joins"],
                 c["refused"], c["bytes"])
        return 0

    try:
        return asyncio.run(serve())
    except KeyboardInterrupt:
        return 130
