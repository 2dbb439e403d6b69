"""The host's server (issue 21): a ``Room`` served over WebSocket with the ``websockets`` library.

It moves messages and nothing else: the room decides. Every message is checked (``protocol.parse_client``);
a bad one is refused with its reason and the host plays on; ``MAX_REFUSED_IN_A_ROW`` of them close the
connection (1008). Each connection has a token bucket (``ratelimit``): a flooding client is answered ``rate``
and loses nothing but its extra messages. The websockets library does the framing, the keepalive pings and the
size limit (``max_size``). The room is kept on disk after every change (throttled; at once when the game
ends), so a host killed and started again with ``--resume`` goes on, and its players come back with their
tokens.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..rules.config import GameConfig, config_problems
from ..session import fairness
from ..storage import veil
from ..storage.files import BadDataError, Loaded, StorageError, as_object, check_text, json_type, load_json, write_json
from ..storage.saves import build_match, check_match_structure, check_seat_names
from . import protocol as p
from . import tls
from .ratelimit import (
    HELLO_BURST,
    HELLO_RATE,
    MESSAGE_BURST,
    MESSAGE_RATE,
    PAKE_ALL_BURST,
    PAKE_ALL_RATE,
    PAKE_BURST,
    PAKE_RATE,
    Bucket,
)
from .room import AWAY_BOT, AWAY_END, AWAY_WAIT, LOBBY, LOCK_WAIT, LOCKED, OVER, PLAYING, Guest, Room, RoomRefusal
from .roomcode import SECRET_BYTES

log = logging.getLogger("quacks.net")

SAVE_EVERY = 0.5  # seconds between two saves of the room while it changes
ANY_ADDRESS = ("0.0.0.0", "::", "")  # a bind on these listens on every address of both families
EVERY_ADDRESS = ("0.0.0.0", "::")  # what it listens on then: IPv4's and IPv6's every address (tests: loopback)
TOO_MANY_TRIES = "Too many wrong room codes were tried; wait a minute."
SAME_PORT_TRIES = 5  # any free port (0): draws of an IPv4 port until IPv6 has it free too


class Host:
    """A room and its connections. ``when_away``: what the host does with a seat away for ``away_after``
    seconds: wait, hand it to a bot (``bot_level``), or save and end. Once the game is over the host stays up
    until every player has been sent its secret (the fairness check), at most ``linger`` seconds."""

    def __init__(self, room: Room, *, save_path: Path | None = None, away_after: float = 120.0,
                 when_away: str = AWAY_WAIT, bot_level: str = "normal", start_when_full: bool = True,
                 linger: float = 120.0) -> None:
        if when_away not in (AWAY_WAIT, AWAY_BOT, AWAY_END):
            raise ValueError(f"when a player is away the host can wait, bot or end, not {when_away!r}")
        self.room = room
        self.save_path = save_path
        self.away_after = away_after
        self.when_away = when_away
        self.bot_level = bot_level
        self.start_when_full = start_when_full
        self.conns: dict[int, ServerConnection] = {}  # seat -> its guest's connection
        self.hello_buckets: dict[str, Bucket] = {}
        self.stopped = asyncio.Event()
        self.ended_reason = ""
        self.counts = {"connections": 0, "reconnections": 0, "resyncs": 0, "refused": 0, "stale": 0, "rate": 0}
        self._save_due: asyncio.TimerHandle | None = None
        self._last_save = 0.0
        self.servers: list[Server] = []  # one per family listened on (IPv4 first)
        self.after_change: Callable[[], Awaitable[None]] | None = None  # tests: called after every change
        self.linger = linger
        self._linger: asyncio.TimerHandle | None = None
        self.port = 0  # the port listened on, once started
        self.lock_wait = LOCK_WAIT  # seconds a start waits for the players' values
        #: the TLS certificate every connection is served with (issue 33 §5), kept with the room (a resumed game
        #: keeps it: the seat tokens pin its fingerprint)
        self.identity = tls.Identity.from_data(room.tls) or tls.new_identity()
        room.tls = self.identity.to_data()
        self.fingerprint = self.identity.fingerprint
        self.ssl_context = tls.server_context(self.identity)
        self.clock: Callable[[], float] = time.monotonic  # the rate limits' clock (tests move it)
        #: key exchanges that may go unconfirmed, by remote address and all together (ratelimit.PAKE_*)
        self.pake_buckets: dict[str, Bucket] = {}
        self.pake_all = Bucket(PAKE_ALL_RATE, PAKE_ALL_BURST, lambda: self.clock())

    # ------------------------------------------------------------------------------------------------
    async def start(self, bind: str, port: int) -> int:
        """Listen on ``bind``:``port`` (0: any free port); the port listened on. A bind on every address
        (``ANY_ADDRESS``) listens on IPv4 and IPv6 both, on the same port (``_serve_both``)."""
        if bind in ANY_ADDRESS:
            self.servers = await self._serve_both(port, need_v6=bind == "::")
        else:
            self.servers = [await self._serve(bind, port)]
        self.port = int(next(iter(self.servers[0].sockets)).getsockname()[1])
        asyncio.get_running_loop().create_task(self._watch_away())
        self.save()
        if self.room.phase == OVER:  # resumed after the game: wait for the players to come back for the check
            self._linger = asyncio.get_running_loop().call_later(self.linger, self._stop_lingering)
        return self.port

    async def _serve(self, bind: str, port: int) -> Server:
        return await serve(self._connection, bind, port, ssl=self.ssl_context, max_size=p.MAX_CLIENT_MESSAGE,
                           ping_interval=p.PING_INTERVAL, ping_timeout=p.PING_TIMEOUT, compression=None,
                           open_timeout=p.HANDSHAKE_TIMEOUT, close_timeout=2.0)

    async def _serve_both(self, port: int, need_v6: bool) -> list[Server]:
        """Every address of IPv4 (0.0.0.0) and of IPv6 (::), one server each, on one port: IPv4 first (a home
        network's room code is IPv4), then IPv6 on the port IPv4 got. asyncio makes its IPv6 socket
        IPV6_V6ONLY, so it never takes the IPv4 port as a Linux dual-stack socket would (bind "::" would then
        clash with "0.0.0.0"). Any free port (0): another draw if IPv6 has IPv4's taken. A computer without IPv6
        is served on IPv4 alone, a log line says why; unless ``need_v6`` (bind "::" asked for IPv6): OSError."""
        tries = 0
        while True:
            tries += 1
            v4 = await self._serve(EVERY_ADDRESS[0], port)
            got = int(next(iter(v4.sockets)).getsockname()[1])
            try:
                if not socket.has_ipv6:
                    raise OSError(errno.EAFNOSUPPORT, "this Python has no IPv6")
                return [v4, await self._serve(EVERY_ADDRESS[1], got)]
            except OSError as e:
                again = port == 0 and e.errno == errno.EADDRINUSE and tries < SAME_PORT_TRIES
                if not (again or need_v6):
                    log.info("listening on IPv4 alone, not IPv6 (%s)", e.strerror or e)
                    return [v4]
                v4.close()
                await v4.wait_closed()
                if not again:
                    raise

    @property
    def families(self) -> tuple[str, ...]:
        """The address families listened on, "IPv4" and/or "IPv6", in that order."""
        found = {sock.family for server in self.servers for sock in server.sockets}
        return tuple(name for fam, name in ((socket.AF_INET, "IPv4"), (socket.AF_INET6, "IPv6")) if fam in found)

    def _stop_lingering(self) -> None:
        self.ended_reason = "the game is over (a player did not come back for the luck check)"
        self.stopped.set()

    async def close(self) -> None:
        self.save()
        for server in self.servers:
            server.close()
        for server in self.servers:
            await server.wait_closed()
        self.stopped.set()

    # ------------------------------------------------------------------------------------------------
    async def _connection(self, ws: ServerConnection) -> None:
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        bucket = self.hello_buckets.setdefault(peer, Bucket(HELLO_RATE, HELLO_BURST, time.monotonic))
        try:
            async with asyncio.timeout(p.HANDSHAKE_TIMEOUT):  # the whole handshake, the key exchange included
                raw = await ws.recv()
                proven = tls.handshake_kind(raw) == "pake"
                if proven:  # the key exchange on the join secret (tls.py), then the hello
                    if not await self._prove(ws, raw, peer):
                        return
                    raw = await ws.recv()
        except (TimeoutError, ConnectionClosed):
            return
        try:
            msg = p.parse_client(raw)
        except p.ProtocolError as e:
            version = p.peek_protocol(raw)
            if version is not None and version != p.PROTOCOL_VERSION:
                await self._refuse(ws, p.Refused("protocol", f"This host speaks protocol {p.PROTOCOL_VERSION}, "
                                                             f"the game that joins speaks {version}."))
            else:
                await self._refuse(ws, p.Refused("bad-message", f"The first message is not a hello: {e.detail}"))
            return
        if not isinstance(msg, p.Hello):
            await self._refuse(ws, p.Refused("bad-message", "The first message must be a hello."))
            return
        # the join secret is proven by the key exchange alone, never taken from a hello (a hello without one
        # comes back with a seat token)
        msg = replace(msg, secret=self.room.join_secret.hex() if proven else None)
        # the handshakes a second from one address are limited (guessing the join secret), but not a player
        # coming back with a token this game gave out: on a bad network that can be often (tests/net)
        came_back = msg.token is not None
        if not self.room.knows_token(msg.token) and not bucket.allow():
            await self._refuse(ws, p.Refused("bad-message", "Too many attempts to join; wait a moment."))
            return
        try:
            guest = self.room.hello(msg)
        except RoomRefusal as e:
            self.counts["refused"] += 1
            await self._refuse(ws, e.message())
            return
        old = self.conns.get(guest.seat)
        self.conns[guest.seat] = ws
        if old is not None and old is not ws:
            await old.close(1000, "the same seat connected again")
        self.counts["reconnections" if came_back else "connections"] += 1
        log.info("seat %d %s (%s)", guest.seat + 1, "came back" if came_back else "joined", msg.name)
        guest.bucket = Bucket(MESSAGE_RATE, MESSAGE_BURST, time.monotonic)
        guest.refused_in_a_row = 0
        for m in self.room.welcome(guest):
            await self._send(guest.seat, m)
        if self.room.phase == LOBBY and self.start_when_full and self.room.ready():
            self.room.start()
            log.info("every seat is taken: the pledges are locked, the game starts once every value is in")
        await self._changed()
        try:
            async for raw in ws:
                if not await self._message(guest, raw):
                    break
        except ConnectionClosed:
            pass
        finally:
            if self.conns.get(guest.seat) is ws:
                del self.conns[guest.seat]
                self.room.lost(guest.seat)
                log.info("seat %d is away (connection lost)", guest.seat + 1)
                if not self.stopped.is_set():
                    await self._changed()

    async def _prove(self, ws: ServerConnection, raw: str | bytes, peer: str) -> bool:
        """The host's side of the key exchange on the join secret (tls.py): True once the joiner's confirmation
        matches this host's certificate, else it is refused (a wrong code, someone in between, too many tries:
        ratelimit.PAKE_*)."""
        mine = self.pake_buckets.setdefault(peer, Bucket(PAKE_RATE, PAKE_BURST, lambda: self.clock()))
        try:
            theirs, version = tls.read_handshake(raw, "pake")
        except tls.HandshakeError as e:
            await self._refuse(ws, p.Refused("bad-message", e.detail))
            return False
        if version is not None and version != p.PROTOCOL_VERSION:
            await self._refuse(ws, p.Refused("protocol", f"This host speaks protocol {p.PROTOCOL_VERSION}, "
                                                         f"the game that joins speaks {version}."))
            return False
        if mine.wait() > 0 or self.pake_all.wait() > 0:
            await self._refuse(ws, p.Refused("too-many-tries", TOO_MANY_TRIES))
            return False
        exchange = tls.Exchange(self.room.join_secret, joiner=False)
        try:
            exchange.finish(theirs)
            await ws.send(tls.pake_message(exchange.message))
            answer = await asyncio.wait_for(ws.recv(), p.HANDSHAKE_TIMEOUT)
            mac, _ = tls.read_handshake(answer, "confirm")
        except tls.HandshakeError as e:
            await self._refuse(ws, p.Refused("bad-message", e.detail))
            return False
        # a guess is checked only here (the host's own confirmation goes out after a right one): each check takes a
        # try of the address's and of everyone's, given back if it is right; one cut before it costs nothing
        if not mine.allow():
            await self._refuse(ws, p.Refused("too-many-tries", TOO_MANY_TRIES))
            return False
        if not self.pake_all.allow():
            mine.give_back()
            await self._refuse(ws, p.Refused("too-many-tries", TOO_MANY_TRIES))
            return False
        if not exchange.check(mac, self.fingerprint):
            self.counts["refused"] += 1
            log.info("a joiner's key exchange failed (a wrong room code, or someone in between)")
            await self._refuse(ws, p.Refused("bad-secret", "The room code's secret does not match this game's; "
                                                           "check the code."))
            return False
        mine.give_back()
        self.pake_all.give_back()
        await ws.send(tls.confirm_message(exchange.mine(self.fingerprint)))
        return True

    async def _message(self, guest: Guest, raw: str | bytes) -> bool:
        """One message of a guest; False to close its connection."""
        seat = guest.seat
        assert guest.bucket is not None
        if not guest.bucket.allow():
            self.counts["rate"] += 1
            guest.refused_in_a_row += 1
            if guest.refused_in_a_row == 1 or guest.refused_in_a_row % 20 == 0:
                await self._send(seat, p.Error("rate", "Too many messages; slow down.", self.room.state))
            return guest.refused_in_a_row < 10 * p.MAX_REFUSED_IN_A_ROW
        try:
            msg = p.parse_client(raw)
        except p.ProtocolError as e:
            return await self._bad(guest, e.detail)
        if isinstance(msg, p.Hello):
            return await self._bad(guest, "A hello is sent once, at the start.")
        if isinstance(msg, p.Bye):
            log.info("seat %d left", seat + 1)
            return False
        if isinstance(msg, p.Resync):
            self.counts["resyncs"] += 1
            if self.room.match is not None:
                await self._send(seat, self.room.full_view(guest))
            else:
                await self._send(seat, self.room.lobby())
                if self.room.phase == LOCKED:
                    await self._send(seat, p.Lock(self.room.attempt, self.room.commitment, self.room.lock))
            guest.refused_in_a_row = 0
            return True
        if isinstance(msg, p.Ack):
            if msg.seat != seat:
                return await self._bad(guest, "That seat is not yours.", "not-your-seat")
            self.room.ack(seat, msg.what, msg.round)
            self._save_soon()
            return True
        if isinstance(msg, (p.Pledge, p.Nonce)):
            was = self.room.phase
            if isinstance(msg, p.Pledge):
                error = self.room.pledge_again(seat, msg.pledge)
            else:
                error = self.room.reveal(seat, msg.attempt, msg.value)
            if error is not None:
                return await self._bad(guest, error.detail, error.reason)
            guest.refused_in_a_row = 0
            if isinstance(msg, p.Pledge) and self.start_when_full and self.room.ready():
                self.room.start()
            if was == LOCKED and self.room.phase != LOCKED:
                log.info("every player's value is in: the game begins")
            await self._changed()
            return True
        if isinstance(msg, p.Here):
            if msg.seat != seat:
                return await self._bad(guest, "That seat is not yours.", "not-your-seat")
            error = self.room.here(seat)
            if error is not None:
                return await self._bad(guest, error.detail, error.reason)
            log.info("seat %d: its player is back after the turn clock ran out", seat + 1)
            guest.refused_in_a_row = 0
            await self._changed()
            return True
        if isinstance(msg, (p.Intent, p.Undo)):
            if msg.seat != seat:
                return await self._bad(guest, "That seat is not yours.", "not-your-seat")
            error = self.room.act(seat, msg.action, msg.state) if isinstance(msg, p.Intent) else self.room.undo(seat)
            if error is not None:
                if error.reason == "stale":
                    self.counts["stale"] += 1
                await self._send(seat, error)
                if error.reason == "stale" and self.room.match is not None:
                    await self._send(seat, self.room.full_view(guest))
                guest.refused_in_a_row = 0 if error.reason == "stale" else guest.refused_in_a_row + 1
                return guest.refused_in_a_row < p.MAX_REFUSED_IN_A_ROW
            guest.refused_in_a_row = 0
            await self._changed()
            return True
        raise TypeError(f"no handling for the message type {type(msg).__name__}")  # pragma: no cover

    async def _bad(self, guest: Guest, detail: str, reason: str = "bad-message") -> bool:
        guest.refused_in_a_row += 1
        await self._send(guest.seat, p.Error(reason, detail[:p.MAX_DETAIL], self.room.state))
        return guest.refused_in_a_row < p.MAX_REFUSED_IN_A_ROW

    async def _refuse(self, ws: ServerConnection, msg: p.Refused) -> None:
        try:
            await ws.send(msg.to_json())
            await ws.close(1008 if msg.reason == "bad-message" else 1000, msg.reason)
        except ConnectionClosed:
            pass

    async def _send(self, seat: int, msg: p.Message) -> None:
        ws = self.conns.get(seat)
        if ws is None:
            return
        try:
            await ws.send(msg.to_json())
        except ConnectionClosed:
            pass

    async def local_act(self, seat: int, action: str) -> p.Error | None:
        """A choice of a seat played at the host's own screen (tests drive it here)."""
        error = self.room.act(seat, action, self.room.state)
        if error is None:
            await self._changed()
        return error

    # ------------------------------------------------------------------------------------------------
    # the host's own choices (a window's lobby and table: net/link.py)

    async def send_away(self, seat: int, level: str | None = None) -> None:
        """In the lobby: the player of ``seat`` is sent away (the seat is free again), or the seat becomes a bot of
        ``level``. Their connection is closed with the reason."""
        if level:
            self.room.seat_to_bot(seat, level)
        else:
            self.room.kick(seat)
        ws = self.conns.pop(seat, None)
        if ws is not None:
            await self._refuse(ws, p.Refused("full", "The host has given your seat to someone else."))
        await self._changed()

    async def start_game(self) -> None:
        """The host starts the game (every seat for a player taken): the pledges are locked, and the game begins
        once every player's value is in (``Room.start``)."""
        if self.room.phase == LOBBY and self.room.ready():
            self.room.start()
            log.info("the host starts the game")
            await self._changed()

    async def hand_to_bot(self, seat: int, level: str) -> None:
        """The host's choice for an away player: a bot of ``level`` plays the seat until they are back."""
        if self.room.phase == PLAYING and seat in self.room.away():
            self.room.hand_to_bot(seat, level)
            log.info("seat %d: a %s bot plays it while its player is away", seat + 1, level)
            await self._changed()

    async def save_and_end(self) -> None:
        """The host's choice when a player is gone: the game is saved (``--resume`` or the window goes on with it)
        and the server stops."""
        self.ended_reason = "the host saved the game and ended it"
        self.save()
        self.stopped.set()

    async def _changed(self) -> None:
        """After every change: each connected guest gets what it has not seen, then the room is saved (soon)."""
        connected = [s for s in self.room.guests if s in self.conns]
        for seat, msg in self.room.updates(connected):
            await self._send(seat, msg)
        if self.room.phase == OVER:
            self.save()
            if self.room.all_revealed():
                self.stopped.set()
                self.ended_reason = "the game is over"
            elif self._linger is None:  # a player away at the end: wait a while for them to come back and check
                self._linger = asyncio.get_running_loop().call_later(self.linger, self._stop_lingering)
        else:
            self._save_soon()
        if self.after_change is not None:
            await self.after_change()

    async def _watch_away(self) -> None:
        """Once a second: a seat away for ``away_after`` seconds gets the host's choice (bot, or save and end)."""
        while not self.stopped.is_set():
            await asyncio.sleep(1.0)
            if self.room.lock_overdue(self.lock_wait):
                missing = self.room.unlock()
                log.info("the start failed: no value from seat(s) %s in %d s; back to the lobby",
                         ", ".join(str(s + 1) for s in missing), self.lock_wait)
                await self._changed()
            if self.room.phase != PLAYING:
                continue
            if await self._clock_ran_out():
                return
            if self.room.clock_news():  # a clock started running low: everyone is told
                await self._changed()
            for seat, seconds in self.room.away().items():
                if seconds < self.away_after or seat in self.room.away_choice:
                    continue
                if self.when_away == AWAY_BOT:
                    log.info("seat %d has been away %d s: a %s bot plays it", seat + 1, seconds, self.bot_level)
                    self.room.hand_to_bot(seat, self.bot_level)
                    await self._changed()
                elif self.when_away == AWAY_END:
                    log.info("seat %d has been away %d s: the game is saved and ends", seat + 1, seconds)
                    self.ended_reason = "a player was away too long; the game is saved"
                    self.save()
                    self.stopped.set()
                    return

    async def _clock_ran_out(self) -> bool:
        """A seat whose turn clock has run out is handled as a dropped player's: a bot of ``bot_level`` plays it
        until its player takes it back, or, if the host ends the game when a player is gone, the game is saved and
        ends (True: the host stops)."""
        late = self.room.out_of_time()
        for seat in late:
            if self.when_away == AWAY_END:
                log.info("seat %d did not choose within %d s: the game is saved and ends", seat + 1,
                         self.room.turn_limit)
                self.ended_reason = "a player did not choose in time; the game is saved"
                self.save()
                self.stopped.set()
                return True
            log.info("seat %d did not choose within %d s: a %s bot plays it until its player is back", seat + 1,
                     self.room.turn_limit, self.bot_level)
            self.room.run_out(seat, self.bot_level)
        if late:
            await self._changed()
        return False

    # ------------------------------------------------------------------------------------------------
    def _save_soon(self) -> None:
        if self.save_path is None or self._save_due is not None:
            return
        wait = max(0.0, SAVE_EVERY - (time.monotonic() - self._last_save))
        self._save_due = asyncio.get_running_loop().call_later(wait, self.save)

    def save(self) -> None:
        """The room on disk (atomically, the previous file kept as its backup)."""
        if self._save_due is not None:
            self._save_due.cancel()
            self._save_due = None
        if self.save_path is None:
            return
        self._last_save = time.monotonic()
        data = self.room.to_data()
        try:
            key = veil.key_for(key_path(self.save_path))
            if key is not None:  # (always: a missing key is made)
                data = sealed_room(data, key)
        except StorageError as e:  # kept readable rather than not at all (nothing the players made is lost)
            log.warning("the hosted game is kept without its seal: %s", e.message)
        if "sealed" not in data:  # never the certificate's private key in the open (a resumed game makes a new one)
            data.pop("tls", None)
        try:
            write_json(self.save_path, {"kind": "quacks-hosted-game", "version": 1, "room": data},
                       what="hosted game")
        except StorageError as e:
            log.warning("the hosted game could not be saved: %s", e.message)


def key_path(save_path: Path) -> Path:
    """The key that seals the hosted game kept at ``save_path`` (``storage/veil.py``): beside it."""
    return save_path.with_name(save_path.stem + ".key")


#: what the host's player must not read in the hosted game's file during play (issue 33 §2): the host's secret (the
#: seed comes from it and the values), the match's seed, the stir decisions held unrevealed (R22)
_SEALED_MATCH = ("tick", "queue")


def sealed_room(d: dict[str, Any], key: bytes) -> dict[str, Any]:
    """``Room.to_data`` with the secret, the seed and the held decisions taken out and sealed under ``key``; the
    join secret and the room code (which carries it) too, so that no file shows the secret that proves a joiner
    (issue 33 §2, §5)."""
    out = dict(d)
    hidden: dict[str, Any] = {"secret": out.pop("secret")}
    for k in ("join_secret", "code"):
        if k in out:
            hidden[k] = out.pop(k)
    if isinstance(out.get("tls"), dict):  # the certificate stays readable, its private key is sealed (issue 33 §5)
        hidden["tls_key"] = out["tls"].get("key")
        out["tls"] = {"cert": out["tls"].get("cert")}
    if out.get("match") is not None:
        match = dict(out["match"])
        setup = dict(match["setup"])
        hidden["seed"] = setup.pop("seed")
        match["setup"] = setup
        for k in _SEALED_MATCH:
            hidden[k] = match.pop(k, None)
        out["match"] = match
    out["sealed"] = veil.seal(hidden, key)
    return out


def opened_room(d: dict[str, Any], path: Path) -> dict[str, Any]:
    """A kept room with its sealed part opened with the key beside ``path`` (BadDataError saying why it cannot
    be: the key missing, another key, a damaged seal). A room kept without a seal is returned as it is."""
    if "sealed" not in d:
        return d
    try:
        key = veil.key_for(key_path(path), make=False)
    except StorageError as e:
        raise BadDataError(f"its key cannot be read ({e.message})") from None
    if key is None:
        raise BadDataError(f"its key, {key_path(path).name}, is missing from the same folder")
    try:
        hidden = veil.open_seal(d["sealed"], key)
    except veil.SealError as e:
        raise BadDataError(str(e)) from None
    if not isinstance(hidden, dict) or "secret" not in hidden:
        raise BadDataError("its sealed part holds no secret")
    out = {k: v for k, v in d.items() if k != "sealed"}
    out["secret"] = hidden["secret"]
    for k in ("join_secret", "code"):  # kept sealed since issue 33 §5; a file kept before has them readable
        if k in hidden:
            out[k] = hidden[k]
    if isinstance(out.get("tls"), dict) and isinstance(hidden.get("tls_key"), str):
        out["tls"] = {**out["tls"], "key": hidden["tls_key"]}
    if out.get("match") is not None:
        match = as_object(out["match"], '"room.match"')
        setup = as_object(match.get("setup"), '"room.match.setup"')
        match = {**match, "setup": {**setup, "seed": hidden.get("seed")}}
        for k in _SEALED_MATCH:
            if hidden.get(k) is not None:
                match[k] = hidden[k]
        out["match"] = match
    return out


def read_room(path: Path, catalogue: Any) -> Loaded[Room]:
    """The room kept at ``path`` (a host started again with ``--resume``) and every problem met (a bad file is kept
    aside, never lost).

    Read as a save is read (issue 30 §7): no control character in any text, the seats' names, the setup's numbers
    within the bounds saves and replays check (``config_problems`` of rules/config.py: a start score of 10**13 made
    the rat tails count for ever once play went on), every record entry replayed (``storage.saves.build_match``),
    and the host's secret and the join secret of their lengths."""
    def validate(obj: object) -> Room:
        if not isinstance(obj, dict) or obj.get("kind") != "quacks-hosted-game" \
                or not isinstance(obj.get("room"), dict):
            raise BadDataError("this is not a hosted game")
        check_text(obj)
        d: dict[str, Any] = opened_room(obj["room"], path)
        _check_hex(d.get("join_secret"), SECRET_BYTES, "room.join_secret", "the join secret")
        _check_hex(d.get("secret"), fairness.SECRET_BYTES, "room.secret", "the host's secret")
        try:
            config = GameConfig.from_data(as_object(d.get("config"), '"room.config"'))
        except BadDataError:
            raise
        except Exception as e:  # any mistake in a hand-edited setup is reported, whatever its type
            raise BadDataError(f'"room.config" is not a valid game setup ({type(e).__name__}: {e})') from None
        problems = config_problems(config, catalogue)
        if problems:
            raise BadDataError(f'"room.config": {problems[0]}')
        check_seat_names({"seats": d.get("seats"), "game": d.get("config")})
        match = None
        if d.get("match") is not None:
            data = check_match_structure(d["match"])
            check_seat_names(data.get("setup"))
            match = build_match(catalogue, data)
        try:
            return Room.from_data(catalogue, d, match=match)
        except (KeyError, TypeError, ValueError) as e:
            raise BadDataError(f"the hosted game cannot be read again ({e})") from None

    return load_json(path, validate, what="hosted game")


def _check_hex(value: object, size: int, where: str, what: str) -> None:
    """BadDataError unless ``value`` is ``size`` bytes written as hexadecimal digits."""
    if not (isinstance(value, str) and len(value) == 2 * size and all(c in "0123456789abcdefABCDEF" for c in value)):
        shown = json.dumps(value)[:40] if isinstance(value, str | int | float | type(None)) else json_type(value)
        raise BadDataError(f'"{where}" must be {what}: {2 * size} hexadecimal digits, not {shown}')


def load_room(path: Path, catalogue: Any) -> Room | None:
    """The room kept at ``path`` (a host started again with ``--resume``), or None with the problem logged."""
    loaded = read_room(path, catalogue)
    for problem in loaded.problems:
        log.warning("%s", problem.message)
    return loaded.value
