"""A client of a served match (issue 21): a seat played from another computer, headless here (a bot decides).

The client keeps a ``Replica`` of the game (session/view.py): it never holds the seed and never samples
chance; every outcome arrives in the record once it has happened. After each event it compares its replica's
hash with the host's; a difference, a gap in the state numbers or an entry its game refuses makes it ask for
the whole view again (``resync``). A lost connection is tried again with the seat token (kept in the player's
settings folder, so a client started again gets its seat back), with a growing pause.

The luck (session/fairness.py, issue 33): the client sends only the pledge of its random value; it reveals the
value once the host's ``lock`` lists that pledge, once, beside the commitment it was given. After the game the
host reveals its secret and every value, and the client checks them against the lock one for one and every
outcome against the seed: "checked: fair" or what differs; a host that says nothing within ``REVEAL_WAIT``
seconds of the end (or is gone) is reported as not having shown its secret.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, ConnectionClosedOK, InvalidHandshake, InvalidURI

from ..ai.base import Bot
from ..ai.levels import make_bot
from ..content.loader import default_catalogue
from ..content.rules_hash import rules_hash
from ..rules import fast
from ..rules.actions import Action
from ..rules.catalogue import Catalogue
from ..session import fairness
from ..session.setup import REMOTE
from ..session.view import Replica
from ..storage.files import StorageError, load_json, write_json
from ..version import __version__
from . import protocol as p
from . import tls
from .relay import room_id
from .relay_link import open_relayed

log = logging.getLogger("quacks.net")

REVEAL_WAIT = 10.0  # seconds after the game's end the host has to reveal its secret
REVEAL_TRIES = 3  # connections in a row that fail after the end before the host counts as silent


def relayed_room(join_secret: str | None) -> str:
    """The relay's id of the room whose join secret is ``join_secret`` (hex): a relayed room is found by it."""
    if not join_secret:
        raise ValueError("A room on a relay is joined with its join key (the relay code holds it).")
    return room_id(bytes.fromhex(join_secret))


class JoinRefused(Exception):
    """The host turned the client away (``Refused``): the reason's code and the host's sentence."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def seat_actions(replica: Replica, seat: int) -> list[Action]:
    """What ``seat`` may choose now in the replica, in the match's order (``Match._due``): a follow-up choice
    first (a pick, a return, ...), else the stir tick's draw or stop if the seat has not chosen yet; nothing
    while a chance step or a reveal is due."""
    g = replica.game
    if g.is_over or g.pending_chance() is not None:
        return []
    tick = replica.tick
    if tick.get("revealed"):
        return []
    brew, other = fast.split_acting(g)
    if other:
        return list(g.legal_actions(seat)) if other[0] == seat else []
    decided = tick.get("decided") or []
    if seat in brew and seat not in decided:  # type: ignore[operator]
        return list(g.legal_actions(seat))
    return []


@dataclass
class Tokens:
    """Seat tokens the client was given, by host address, in the player's settings folder (one file)."""

    path: Path | None
    known: dict[str, dict[str, str]] = field(default_factory=dict)

    @staticmethod
    def load(path: Path | None) -> Tokens:
        if path is None:
            return Tokens(None)

        def validate(obj: object) -> dict[str, dict[str, str]]:
            if not isinstance(obj, dict) or not isinstance(obj.get("seats"), dict):
                raise ValueError("this is not a file of seat tokens")
            return {str(k): {"token": str(v["token"]), "commitment": str(v.get("commitment", "")),
                             "nonce": str(v.get("nonce", "")), "lock": str(v.get("lock", "")),
                             "pin": str(v.get("pin", ""))}
                    for k, v in obj["seats"].items() if isinstance(v, dict) and "token" in v}

        loaded = load_json(path, validate, what="seat tokens")
        return Tokens(path, loaded.value or {})

    def get(self, address: str) -> str | None:
        entry = self.known.get(address)
        return entry["token"] if entry else None

    def nonce(self, address: str) -> str | None:
        """The random value this client gave the game at ``address`` (the seed was mixed from it)."""
        entry = self.known.get(address)
        return entry.get("nonce") or None if entry else None

    def lock(self, address: str) -> tuple[str, ...] | None:
        """The pledges the host locked at the start of the game at ``address``, as this client saw them."""
        entry = self.known.get(address)
        text = entry.get("lock", "") if entry else ""
        return tuple(text.split(",")) if text else None

    def pin(self, address: str) -> str:
        """The fingerprint (hex) of the host's certificate the token was given by ("" if unknown): the token is
        sent to that certificate only (issue 33 §5)."""
        entry = self.known.get(address)
        return entry.get("pin", "") if entry else ""

    def put(self, address: str, token: str, commitment: str, nonce: str, lock: tuple[str, ...] | None = None,
            pin: str = "") -> None:
        """Keep the seat's token, the host's commitment, our value, the locked pledges and the pin of the host's
        certificate: a client started again gets its seat back from the same host, and checks the luck after the
        game with the same values (fairness.py)."""
        self.known[address] = {"token": token, "commitment": commitment, "nonce": nonce,
                               "lock": ",".join(lock or ()), "pin": pin}
        if self.path is not None:
            try:
                write_json(self.path, {"kind": "quacks-seat-tokens", "version": 1, "seats": self.known},
                           what="seat tokens")
            except StorageError as e:
                log.warning("the seat token could not be kept: %s", e.message)


@dataclass
class ClientReport:
    """What a client saw: its seat, the final scores, the fairness check, and how often it had to recover."""

    seat: int = -1
    over: bool = False
    scores: list[int] = field(default_factory=list)
    fair: fairness.FairnessReport | None = None
    reconnects: int = 0
    resyncs: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)  # seconds from an intent sent to the event that shows it


class Client:
    """One seat played from another computer (module docstring). ``decide`` chooses for the seat (a bot's
    ``decide`` by default); ``on_update`` is called after every change of the replica, ``on_intent`` just before
    an intent is sent (the bench times from it to every client's ``on_update`` at the state it led to)."""

    def __init__(self, host: str, port: int, *, name: str, join_secret: str | None = None,
                 tokens: Tokens | None = None, level: str = "normal", catalogue: Catalogue | None = None,
                 colour: str | None = None, seed: int = 0, think: float = 0.0, manual: bool = False,
                 slot: int = 0, relay: bool = False) -> None:
        self.host = host
        self.port = port
        self.address = f"{host}:{port}"
        #: what the seat token is kept under: the address, and for a second player at the same computer (hot-seat
        #: on a client) the address with the player's number
        self.key = self.address if slot == 0 else f"{self.address}#{slot + 1}"
        #: ``host``:``port`` is a relay's (issue 33, item 4): the room is found there by an id derived from the join
        #: secret, which the seat token is kept under too (one relay carries many rooms)
        self.relay_room = relayed_room(join_secret) if relay else None
        if self.relay_room is not None:
            self.key = f"{self.key}/{self.relay_room[:12]}"
        self.name = name
        self.colour = colour
        self.join_secret = join_secret
        self.tokens = tokens or Tokens(None)
        self.cat = catalogue or default_catalogue()
        self.rules = rules_hash()
        self.bot: Bot = make_bot(level)
        self.rng = random.Random(seed)
        self.nonce = self.tokens.nonce(self.key) or fairness.client_value()
        self.lock: tuple[str, ...] | None = self.tokens.lock(self.key)  # the pledges locked at the start
        self.replica: Replica | None = None
        self.seat = -1
        self.commitment: str | None = None
        self.report = ClientReport()
        self.on_update: Callable[[Client], None] | None = None
        self.on_intent: Callable[[Client, p.Intent], None] | None = None
        self.on_refused: Callable[[Client, str], None] | None = None  # the host refused the seat's choice (reason)
        self.on_lost: Callable[[Client], None] | None = None  # the connection to the host is lost (it is tried again)
        self.asked_state = -1  # the state at which the unanswered intent was sent (-1: none)
        self._sent_at = 0.0
        self.acks: set[tuple[str, int]] = set()
        self.last_intent = ""
        self.think = think  # seconds the seat "thinks" before each choice
        self.stop = False
        self.connected = False  # welcomed on the current connection
        #: a person chooses (issue 22: a table): ``intent``, ``ack`` and ``undo`` send what they choose, the client
        #: never decides for the seat
        self.manual = manual
        self.ws: ClientConnection | None = None  # the connection while it is up
        self.seen = ""  # the fingerprint (hex) of the certificate the host showed on this connection (tls.py)
        self.seed: int | None = None  # the match's seed, known once the host reveals its secret after the game
        self.lobby: p.Lobby | None = None  # the host's lobby as last sent (before the game)
        self.away: dict[int, int] = {}  # seat -> seconds its player has been away, as the host last said
        #: the turn clock (issue 33 §3): seat -> when (``time.monotonic``) its choice's time runs out, and the seats
        #: whose time ran out (a bot plays them until their player takes them back: ``here``)
        self.clocks: dict[int, float] = {}
        self.idle: set[int] = set()
        self.turn_limit = 0

    # ------------------------------------------------------------------------------------------------
    async def run(self, *, retries: int = 30, pause: float = 0.2) -> ClientReport:
        """Play until the game is over and checked (or the host refuses, or ``retries`` connections in a row
        fail); a lost connection is tried again with the seat token."""
        failures = 0
        while not self.stop:
            self.connected = False
            try:
                await self._session()
                failures = 0
            except JoinRefused as e:
                if e.reason == "bad-token" and self.join_secret and not self.report.over:
                    log.info("the host no longer knows this seat's token: joining with the room code")
                    self.commitment = None
                    continue  # the token was dropped (``_handle``): join anew with the secret
                raise
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as e:
                failures = 1 if self.connected else failures + 1  # welcomed: the host was there, count anew
                if self.report.over and self.report.fair is None and failures > REVEAL_TRIES:
                    self._silent_host()
                    break
                if failures > retries:
                    raise ConnectionError(f"the host at {self.address} cannot be reached ({e})") from None
                log.info("connection lost (%s); trying again", type(e).__name__)
                if self.on_lost is not None:
                    self.on_lost(self)
            if self.report.fair is not None or self.stop:
                break
            self.report.reconnects += 1
            await asyncio.sleep(min(pause * (1 + failures), 3.0))
        return self.report

    async def _session(self) -> None:
        uri = f"wss://{self.address}" if ":" not in self.host else f"wss://[{self.host}]:{self.port}"
        through: dict[str, Any] = {}  # a relayed room: the socket the relay connected to the host (relay_link.py)
        if self.relay_room is not None:
            through["sock"] = await open_relayed(self.host, self.port, self.relay_room, p.HANDSHAKE_TIMEOUT)
        try:
            ws_cm = connect(uri, max_size=p.MAX_HOST_MESSAGE, ping_interval=p.PING_INTERVAL,
                            ping_timeout=p.PING_TIMEOUT, compression=None, open_timeout=p.HANDSHAKE_TIMEOUT,
                            ssl=tls.client_context(), server_hostname=tls.SERVER_NAME, **through)
        except InvalidURI as e:
            raise JoinRefused("bad-message", f"{self.address} is not an address ({e})") from None
        async with ws_cm as ws:
            self.ws = ws
            # an ack sent on an old connection may have been lost with it: the host's ``acks``, which come before
            # its welcome, say what it has (docs/protocol.md)
            self.acks.clear()
            token = await self._authenticate(ws)
            hello = p.Hello(p.PROTOCOL_VERSION, __version__, self.rules, token, None, self.name, self.colour,
                            fairness.pledge(self.nonce))
            await ws.send(hello.to_json())
            while True:
                wait = REVEAL_WAIT if self.report.over and self.report.fair is None else None
                try:
                    raw = await asyncio.wait_for(ws.recv(), wait)
                except TimeoutError:
                    self._silent_host()
                    self.ws = None
                    return
                except ConnectionClosedOK:
                    break
                try:
                    msg = p.parse_host(raw)
                except p.ProtocolError as e:
                    log.warning("the host sent a message that breaks the protocol: %s", e.detail)
                    await self._resync(ws)
                    continue
                await self._handle(ws, msg)
                if self.report.fair is not None:
                    await ws.send(p.Bye().to_json())
                    self.ws = None
                    return
            self.ws = None

    async def _authenticate(self, ws: ClientConnection) -> str | None:
        """Before the hello (issue 33 §5): the seat token to send, if this connection's certificate is the one the
        token was given by (its pin); else the key exchange on the join secret proves that the host is the room
        code's (tls.py), and the seat is asked for anew. JoinRefused if neither can be done or the host refuses."""
        self.seen = tls.peer_fingerprint(ws).hex()
        token = self.tokens.get(self.key)
        if token is not None and self.seen and hmac.compare_digest(self.tokens.pin(self.key), self.seen):
            return token
        if token is not None:
            log.warning("the host's certificate is not the one this seat's token was given by: the token is kept back")
        if not self.join_secret:
            if token is not None:
                raise JoinRefused("not-the-host", "The host's certificate is not the one this computer's seat was "
                                                  "given by; join with the room code.")
            raise JoinRefused("bad-secret", "A room is joined with its room code (its join key).")
        try:
            secret = bytes.fromhex(self.join_secret)
        except ValueError:
            raise JoinRefused("bad-secret", "The join key is not one a host shows.") from None
        try:
            answer = await tls.prove(ws, secret, p.PROTOCOL_VERSION, p.HANDSHAKE_TIMEOUT)
        except tls.NotTheHost as e:
            raise JoinRefused("not-the-host", e.detail) from None
        except tls.HandshakeError as e:
            raise JoinRefused("bad-message", e.detail) from None
        if answer is not None:
            try:
                msg = p.parse_host(answer)
            except p.ProtocolError as e:
                raise JoinRefused("bad-message", f"The host's answer breaks the protocol: {e.detail}") from None
            if isinstance(msg, p.Refused):
                raise JoinRefused(msg.reason, msg.detail)
            raise JoinRefused("bad-message", "The host did not finish the key exchange.")
        return None

    async def _handle(self, ws: ClientConnection, msg: p.HostMessage) -> None:
        loop = asyncio.get_running_loop()
        if isinstance(msg, p.Refused):
            if msg.reason == "bad-token" and self.tokens.get(self.key):  # an old token: join anew
                self.tokens.known.pop(self.key, None)
            raise JoinRefused(msg.reason, msg.detail)
        if isinstance(msg, p.Welcome):
            # a new connection: an intent sent on the old one may have been lost with it, so whatever the host's
            # view says is still this seat's to choose is chosen (and sent) again (the acknowledgements: _session)
            self.asked_state = -1
            self._sent_at = 0.0
            self.connected = True
            self.clocks.clear()  # the host tells the clock anew on every connection
            self.idle.clear()
            self.seat = msg.seats[0]
            self.report.seat = self.seat
            if self.commitment is None:  # the first welcome's; a client started again kept it with its token
                kept = self.tokens.known.get(self.key, {}).get("commitment")
                self.commitment = kept or msg.commitment
            elif msg.commitment != self.commitment:
                self.report.errors.append("the host's commitment changed between two connections")
            if msg.lock and msg.view:  # the game is on: the lock this computer kept, else the host's word
                if self.lock is None:
                    self.lock = tuple(msg.lock)
                elif sorted(msg.lock) != sorted(self.lock):
                    self.report.errors.append("the host's locked pledges changed between two connections")
            self.tokens.put(self.key, msg.token, self.commitment, self.nonce, self.lock, self.seen)
            if msg.view:
                self._whole(msg.view, msg.hash)
        elif isinstance(msg, p.ViewMessage):
            self._whole(msg.view, msg.hash)
        elif isinstance(msg, p.Event):
            self.away = dict(msg.away)
            r = self.replica
            if r is None or msg.undone or msg.state < r.state:
                await self._resync(ws)
                return
            if msg.tick.mine is not None or any(e[0] == "act" and e[1] == self.seat for e in msg.entries):
                self.asked_state = -1  # the host holds or carried out this seat's choice: the intent is answered
            try:
                r.apply(msg.entries, msg.state, msg.tick.to_view())
            except ValueError as e:  # IllegalAction is a ValueError: the replica is out of step
                log.info("the replica is out of step (%s): a whole view is asked for", e)
                self.replica = None
                await self._resync(ws)
                return
            if r.hash() != msg.hash:
                log.info("the view's hash differs at state %d: a whole view is asked for", msg.state)
                await self._resync(ws)
                return
            if self._sent_at:
                self.report.latencies.append(loop.time() - self._sent_at)
                self._sent_at = 0.0
        elif isinstance(msg, p.Error):
            self.report.errors.append(f"{msg.reason}: {msg.detail}")
            if msg.reason == "rate":  # the choice was not looked at: it goes again after a pause
                await asyncio.sleep(1.0)
                self.asked_state = -1
                await self._play(ws)
            else:  # a whole view follows a stale intent; a refused one waits for news
                self.asked_state = -1
                if self.on_refused is not None:
                    self.on_refused(self, msg.reason)
                if msg.reason != "stale":
                    log.info("the host refused %s at state %d: %s", self.last_intent, msg.state, msg.detail)
            return
        elif isinstance(msg, p.Acks):
            self.acks |= {(str(w), int(str(r))) for w, r in msg.seen}
            return
        elif isinstance(msg, p.Clock):
            now = time.monotonic()
            self.turn_limit = msg.seconds
            self.clocks = {s: now + left for s, left in msg.left.items()}
            self.idle = set(msg.idle)
            if self.on_update is not None:
                self.on_update(self)
            return
        elif isinstance(msg, p.Lobby):
            self.lobby = msg
            self.turn_limit = msg.clock
            if self.seat >= 0 and self.replica is None and fairness.pledge(self.nonce) not in msg.pledges:
                await self._pledge_again(ws)
            if self.on_update is not None:
                self.on_update(self)
            return
        elif isinstance(msg, p.Lock):
            await self._answer_lock(ws, msg)
            return
        elif isinstance(msg, p.Reveal):
            self._check(msg)
            if self.on_update is not None:
                self.on_update(self)
            return
        else:  # pragma: no cover - the closed set of host messages
            raise TypeError(f"no handling for the host message {type(msg).__name__}")
        if self.on_update is not None:
            self.on_update(self)
        await self._play(ws)

    def _whole(self, view: dict[str, Any], digest: str) -> None:
        """A whole view replaces the replica; an intent not yet answered is forgotten (the view shows it if the
        host carried it out; a host started again from its save may not have: the seat chooses again)."""
        self.replica = Replica.from_view(self.cat, view)
        self.asked_state = -1
        if self.replica.hash() != digest:
            self.report.errors.append("a whole view's hash differs from the host's")

    async def _resync(self, ws: ClientConnection) -> None:
        self.report.resyncs += 1
        await ws.send(p.Resync().to_json())

    async def _play(self, ws: ClientConnection) -> None:
        """The seat's choice, if the replica says it is the seat's turn (once per state)."""
        r = self.replica
        if r is None or self.seat < 0:
            return
        g = r.game
        if g.is_over:
            self.report.over = True
            self.report.scores = [s.score for s in g.seats]
            return
        if self.manual:
            return  # the person at the table chooses: ``intent``
        for what, rnd in (("card", g.round), ("results", g.round - 1)):
            if rnd >= 1 and (what, rnd) not in self.acks:  # a headless player has "read" it at once
                self.acks.add((what, rnd))
                await ws.send(p.Ack(self.seat, what, rnd).to_json())
        if self.asked_state >= 0:
            return  # the last intent is not answered yet (other seats' news may come first): an error, this
            # seat's action in the record, its stir choice held, or a whole view answers it
        actions = seat_actions(r, self.seat)
        if not actions:
            return
        choice = self.bot.decide(g, self.seat, actions, self.rng)
        if self.think > 0:  # a person's pace (soak runs and tests that must catch the game in the middle)
            await asyncio.sleep(self.think)
        self.asked_state = r.state
        self._sent_at = asyncio.get_running_loop().time()
        self.last_intent = f"{choice.action} for seat {self.seat + 1}"
        intent = p.Intent(self.seat, str(choice.action), r.state)
        if self.on_intent is not None:
            self.on_intent(self, intent)
        await ws.send(intent.to_json())

    # ------------------------------------------------------------------------------------------------
    # a person's choices (``manual``): sent from the table, on the connection that is up

    async def intent(self, action: str) -> bool:
        """Send the seat's choice at the replica's state; False if there is no connection now (the table asks again
        once the seat is back: the replica then still says it is the seat's turn)."""
        r, ws = self.replica, self.ws
        if r is None or ws is None or self.seat < 0:
            return False
        self.asked_state = r.state
        self._sent_at = asyncio.get_running_loop().time()
        self.last_intent = f"{action} for seat {self.seat + 1}"
        intent = p.Intent(self.seat, action, r.state)
        if self.on_intent is not None:
            self.on_intent(self, intent)
        try:
            await ws.send(intent.to_json())
        except ConnectionClosed:
            return False
        return True

    async def ack(self, what: str, rnd: int) -> None:
        """The person has read the round's card or closed its results (the host keeps it: after a reconnection the
        dialog does not come up again)."""
        if (what, rnd) in self.acks or self.ws is None or self.seat < 0:
            return
        self.acks.add((what, rnd))
        try:
            await self.ws.send(p.Ack(self.seat, what, rnd).to_json())
        except ConnectionClosed:
            self.acks.discard((what, rnd))

    async def undo(self) -> bool:
        """Ask the host to take back the seat's last action (the host answers with a whole view, or an error)."""
        r, ws = self.replica, self.ws
        if r is None or ws is None or self.seat < 0:
            return False
        try:
            await ws.send(p.Undo(self.seat, r.state).to_json())
        except ConnectionClosed:
            return False
        return True

    async def here(self) -> bool:
        """The person takes their seat back from the bot that played it since their turn clock ran out."""
        ws = self.ws
        if ws is None or self.seat not in self.idle:
            return False
        try:
            await ws.send(p.Here(self.seat).to_json())
        except ConnectionClosed:
            return False
        return True

    # ------------------------------------------------------------------------------------------------
    # the luck: commit, reveal, check (session/fairness.py)

    async def _pledge_again(self, ws: ClientConnection) -> None:
        """The lobby lacks this computer's pledge (its value was revealed in a start that failed, or was one the
        host would not take): a fresh value, kept first, then its pledge."""
        self.nonce = fairness.client_value()
        self.lock = None
        self._keep()
        await ws.send(p.Pledge(fairness.pledge(self.nonce)).to_json())

    def _keep(self) -> None:
        """The seat's entry in the tokens file again, with the value and the lock as they are now (kept before a
        value or a pledge goes out: a client started again must know them)."""
        token = self.tokens.get(self.key)
        if token is not None and self.commitment is not None:
            self.tokens.put(self.key, token, self.commitment, self.nonce, self.lock, self.tokens.pin(self.key))

    def lock_problem(self, msg: p.Lock) -> str | None:
        """Why this computer will not reveal its value to ``msg`` (None: it will): the commitment must be the one
        it was given, its own pledge must be there once, no pledge twice, and one per player seat of the lobby."""
        mine = fairness.pledge(self.nonce)
        if self.commitment is not None and msg.commitment != self.commitment:
            return "the lock names another commitment than the host gave when this computer joined"
        if msg.pledges.count(mine) != 1:
            return "this computer's pledge is not in the lock once"
        if len(set(msg.pledges)) != len(msg.pledges):
            return "a pledge is in the lock twice"
        if self.lobby is not None:
            players = sum(1 for s in self.lobby.seats if s.kind == REMOTE)
            if players != len(msg.pledges):
                return f"the lock holds {len(msg.pledges)} pledges for {players} players"
        return None

    async def _answer_lock(self, ws: ClientConnection, msg: p.Lock) -> None:
        problem = self.lock_problem(msg)
        if problem is not None:
            log.warning("this computer does not reveal its value to the host's start: %s", problem)
            self.report.errors.append(f"the start was refused: {problem}")
            return
        self.lock = tuple(msg.pledges)
        self._keep()
        await ws.send(p.Nonce(msg.attempt, self.nonce).to_json())

    def _silent_host(self) -> None:
        log.warning("the game is over and the host did not show its secret: the luck was not checked")
        self.report.fair = fairness.not_shown()
        if self.on_update is not None:
            self.on_update(self)

    def _check(self, msg: p.Reveal) -> None:
        r = self.replica
        if r is None or self.commitment is None:
            self.report.errors.append("the game's luck cannot be checked: the client holds no whole game")
            return
        seen = list(r.game.record)
        self.seed = fairness.match_seed(msg.secret, list(msg.nonces))
        if self.lock is None:
            problems = ["This computer never saw the values locked before the game: they cannot be compared."]
        else:
            problems = fairness.lock_problems(self.lock, list(msg.nonces), self.nonce)
        report = fairness.check(self.cat, r.setup.public_data(), seen, msg.secret, self.commitment,
                                list(msg.nonces))
        if problems:
            report = fairness.FairnessReport(False, problems + list(report.problems), report.outcomes)
        self.report.fair = report
        self.report.over = True
        self.report.scores = [s.score for s in r.game.seats]
