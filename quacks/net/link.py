"""This computer's side of a game played across computers, for a window (issue 22).

A ``NetLink`` runs the network in a thread of its own (an asyncio loop), so the window's frame loop never waits
on it. It hosts (a ``Host`` serving a ``Room``, advertised on the LAN) or joins (a ``Client`` per player at this
computer). Either way the table plays its seats as clients: the host's own players take their seats in its room
over loopback (``Room.reserve``), so a game looks the same from every computer, and two people at one computer
(hot-seat) are two clients.

The window talks to it in two directions, both safe from its own thread:

- it reads: ``snapshot()`` (the lobby, the room code, who is away, the luck check: a copy made under a lock) and
  ``take()`` (an ``Update``, made under the lock and never changed after: what the first player's replica got
  since the last call: new record entries, or a whole view when its record changed otherwise (an undo), the tick,
  refused choices; the window's ``ServedMatch``, ``net/served_match.py``, carries it out);
- it asks: ``intent``, ``ack``, ``undo`` for a seat; the host's ``kick``, ``seat_to_bot``, ``start_game``,
  ``hand_to_bot`` and ``save_and_end``; ``close``.

Problems are codes (``LinkState.problem``) the window turns into sentences in the player's language, with the
host's own sentence (``detail``) kept for the log.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import time
from collections.abc import Coroutine, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..content.loader import default_catalogue
from ..content.rules_hash import rules_hash
from ..rules.catalogue import Catalogue
from ..rules.config import GameConfig
from ..session import fairness
from ..session.setup import HUMAN, REMOTE, SeatSpec
from ..session.view import entry_data
from ..version import __version__
from . import DEFAULT_PORT
from . import protocol as p
from .client import Client, JoinRefused, Tokens
from .commands import books_text, bracketed, code_or_none, room_codes
from .host import Host, load_room
from .relay import room_id
from .relay_link import RelayAgent, local_address
from .relaycode import make_relay_code, split_relay
from .room import LOBBY, LOCKED, OVER, PLAYING, Room
from .roomcode import join_key, new_join_secret, read_code
from .router import PortMapping, RouterAnswer, keep_open, open_port, worth_asking

log = logging.getLogger("quacks.net")

PORT_TRIES = 10  # a port in use: the next ones are tried (a second game on the same computer)
PUBLISH_EVERY = 1.0  # seconds between two looks at the room while nothing happens (away timers)

# phases of a link, as the window shows them
CONNECTING, IN_LOBBY, IN_GAME, ENDED, FAILED = "connecting", "lobby", "playing", "ended", "failed"


@dataclass(frozen=True)
class LobbyRow:
    """A seat as the lobby shows it: its name and colour, "human" (a player at the host), "remote" (a player on
    another computer) or a bot level, whether a player sits there, whether their connection is lost, and
    whether it is played at this computer."""

    name: str
    colour: str
    kind: str
    joined: bool
    away: bool
    mine: bool


@dataclass(frozen=True)
class LinkState:
    """What the window shows of the link (a copy: ``NetLink.snapshot``)."""

    phase: str = CONNECTING
    hosting: bool = False
    problem: str = ""  # a reason code (protocol.REFUSE_REASONS, "unreachable", "port", "network") when FAILED
    detail: str = ""  # the host's or the system's own sentence for the log
    code: str | None = None  # the room code (the relay code when the room is opened on a relay)
    lan_code: str | None = None  # the LAN's room code, hosting (the same as ``code`` without a relay)
    #: hosting on a relay (issue 33 §4): "" (none), "connecting", "open" (friends anywhere can join) or "refused"
    #: (the relay turned the room away); ``relay_problem`` the last sentence why it is not open (for the log),
    #: ``relay_address`` the relay's host:port as the host typed it
    relay: str = ""
    relay_problem: str = ""
    relay_address: str = ""
    #: the room code of the host's IPv6 address (hosting on every address: the one toward the internet, if it has
    #: one; on an IPv6 address: ``code``); ``code`` stays IPv4, what players expect on a home network
    code6: str | None = None
    #: the router way in (issue 33 §4, net/router.py): "" (not asked), "asking", "yes" (the router opened the port:
    #: ``public_code`` carries its address, and is ``code`` unless a relay's is), "no" or "unknown"
    router: str = ""
    public_code: str | None = None
    address: str = ""  # host:port ([v6]:port)
    key: str = ""  # the join key (a game found on the LAN)
    lan: str = ""  # "advertised", or the sentence why not (hosting), "" while unknown
    seats: tuple[LobbyRow, ...] = ()
    mine: tuple[int, ...] = ()  # the seats played at this computer, in order
    away: tuple[tuple[int, float], ...] = ()  # (seat, time.monotonic() when its player went away)
    fair: str | None = None  # after the game: "fair", or what differs
    fair_ok: bool | None = None
    fair_shown: bool = True  # False: the host did not reveal its secret after the game (nothing was checked)
    seed: int | None = None  # the match's seed, once the host has revealed its secret (the replay is whole)
    ended: str = ""  # why the game ended early ("saved": the host saved and ended it)
    starting: bool = False  # the host: the start waits for every player's value (room.py, LOCKED)
    #: a joining computer: when (``time.monotonic``) its connection to the host was lost, while it tries again
    #: (None: connected)
    host_lost_since: float | None = None
    failed_starts: int = 0  # the host: starts that went back to the lobby (a value did not come in time)
    #: the turn clock (issue 33 §3): seconds for each choice (0: none), (seat, ``time.monotonic`` when its time runs
    #: out) for each seat whose choice is timed now, and the seats whose time ran out (a bot plays them until their
    #: player takes them back: ``NetLink.here``)
    turn_limit: int = 0
    clocks: tuple[tuple[int, float], ...] = ()
    idle: tuple[int, ...] = ()


@dataclass(frozen=True)
class Update:
    """The event the link hands the window (``NetLink.take``): what the first player's replica got since the last
    ``take``. Made in the network's thread under the link's lock from data of its own (nothing in it is shared with
    that thread), read in the window's thread, never changed (docs/architecture.md, "The window's side of a network
    game")."""

    #: New record entries, in order, as data (``session/view.py``'s ``entry_data``: ("act", seat, action) or
    #: ("chance", kind, seat or None, outcome)); they continue the record the window has, or ``view``'s if one came.
    entries: tuple[tuple[object, ...], ...] = ()
    #: A whole view of the game (``seat_view``'s data: the public setup, the record, the tick) that replaces the
    #: window's game: the game's first, or one whose record does not continue the old one (an undo the host carried
    #: out, a connection made again after one). None: the record goes on (``entries``). The window's own copy.
    view: dict[str, Any] | None = None
    #: The stir tick as the host shows it now (``public_tick``: who has decided, never what: R22).
    tick: Mapping[str, Any] = field(default_factory=dict)
    #: The served match's state number now (``Match.state_number``).
    state: int = 0
    #: The seats of this computer whose choice (or undo) the host refused: the player chooses again.
    refused: frozenset[int] = frozenset()
    #: A new connection gave a whole view: choices sent before it may have been lost (they are asked again unless
    #: the host holds them).
    fresh: bool = False


@dataclass
class _Gathered:
    """An ``Update`` being gathered in the network's thread (under the link's lock) until the window takes it."""

    entries: list[list[object]] = field(default_factory=list)
    view: dict[str, Any] | None = None
    tick: dict[str, Any] = field(default_factory=dict)
    state: int = 0
    refused: set[int] = field(default_factory=set)
    fresh: bool = False
    changed: bool = False  # something came since the last ``take``

    def event(self) -> Update:
        return Update(tuple(tuple(e) for e in self.entries), self.view, dict(self.tick), self.state,
                      frozenset(self.refused), self.fresh)


def shared_code(client: Client) -> str | None:
    """The room code a joining player shares: the relay code they joined by (the host's lobby names its LAN's
    room, of no use outside it), else the host's."""
    if client.relay_room is not None and client.join_secret:
        try:
            return make_relay_code(client.host, client.port, bytes.fromhex(client.join_secret))
        except ValueError:
            pass
    return client.lobby.code if client.lobby is not None else None


class NetLink:
    """The network side of a window's game (module docstring). ``tokens`` is where a joining computer keeps its
    seat tokens (None: in memory only); ``save_path`` where a host keeps its room."""

    def __init__(self, *, catalogue: Catalogue | None = None, tokens: Path | None = None,
                 save_path: Path | None = None) -> None:
        self.cat = catalogue or default_catalogue()
        self.tokens_path = tokens
        self.save_path = save_path
        self._lock = threading.Lock()
        self._state = LinkState()
        self._update = _Gathered()
        self._fed: list[list[object]] = []  # the record entries handed to the window so far
        self._fed_replica: object = None
        self.clients: list[Client] = []  # this computer's players, in seat order once seated
        self.host_server: Host | None = None
        self.room: Room | None = None
        self._advertiser: Any = None
        self._relay: str | None = None  # host:port of the relay the room is opened on too (issue 33), if any
        self._relay_agent: RelayAgent | None = None
        self._bind = ""  # what the host's server listens on (the relay's agent reaches it there)
        self._router = False  # ask the home router to open the port (issue 33 §4)
        self._mapping: PortMapping | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="network", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------------------------------------
    # the window's side

    def snapshot(self) -> LinkState:
        with self._lock:
            return self._state

    def take(self) -> Update | None:
        """What changed in the game since the last call, or None if nothing did."""
        with self._lock:
            u = self._update
            if not u.changed:
                return None
            self._update = _Gathered(tick=u.tick, state=u.state)
            return u.event()

    def intent(self, seat: int, action: str) -> None:
        self._run(self._client_call(seat, lambda c: c.intent(action)))

    def ack(self, seat: int, what: str, rnd: int) -> None:
        self._run(self._client_call(seat, lambda c: c.ack(what, rnd)))

    def undo(self, seat: int) -> None:
        self._run(self._client_call(seat, lambda c: c.undo()))

    def kick(self, seat: int) -> None:
        self._run(self._host_call(lambda h: h.send_away(seat)))

    def seat_to_bot(self, seat: int, level: str) -> None:
        self._run(self._host_call(lambda h: h.send_away(seat, level)))

    def start_game(self) -> None:
        self._run(self._host_call(lambda h: h.start_game()))

    def hand_to_bot(self, seat: int, level: str) -> None:
        self._run(self._host_call(lambda h: h.hand_to_bot(seat, level)))

    def here(self, seat: int) -> None:
        """The player of ``seat`` takes it back from the bot that played it since their turn clock ran out."""
        self._run(self._client_call(seat, lambda c: c.here()))

    def save_and_end(self) -> None:
        self._run(self._host_call(lambda h: h.save_and_end()))

    def close(self, timeout: float = 3.0) -> None:
        """Leave the game: the connections close (a host stops serving, its room kept on disk)."""
        if not self._loop.is_running():
            return
        try:
            self._run(self._shutdown()).result(timeout)
        except (concurrent.futures.TimeoutError, RuntimeError, OSError):
            log.info("the network did not close in %.0f s", timeout)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)

    # ------------------------------------------------------------------------------------------------
    # hosting

    def host(self, config: GameConfig, seats: tuple[SeatSpec, ...], *, bind: str, port: int = DEFAULT_PORT,
             lan: bool = True, lan_name: str = "Quacks", advertise_on: str | None = None,
             turn_clock: int = 0, relay: str | None = None, router: bool = False) -> None:
        """Serve a game: ``seats`` as the new-game screen made them (HUMAN: a player at this screen, REMOTE: a
        player on another computer, else a bot), ``turn_clock`` seconds for each choice (0: none). The state says
        when the lobby is open or why it is not. ``relay`` (host:port of a relay, issue 33): the room is opened
        there too, and the state's code is the relay code (the LAN's room code stays in ``lan_code``). ``router``:
        the home router is asked to open the port (router.py; never for a loopback address)."""
        self._set(hosting=True, turn_limit=turn_clock)
        self._relay = relay
        self._router = router
        self._run(self._host(config, seats, bind, port, lan, lan_name, advertise_on, turn_clock))

    async def _host(self, config: GameConfig, seats: tuple[SeatSpec, ...], bind: str, port: int, lan: bool,
                    lan_name: str, advertise_on: str | None, turn_clock: int) -> None:
        local = [i for i, s in enumerate(seats) if s.kind == HUMAN]
        room_seats = tuple(replace(s, kind=REMOTE) if s.kind == HUMAN else s for s in seats)
        room = Room(self.cat, config, room_seats, join_secret=new_join_secret(), turn_limit=turn_clock)
        room.rules = rules_hash()
        server = Host(room, save_path=self.save_path, start_when_full=False, away_after=10**9)
        if not await self._serve(server, bind, port, advertise_on):
            return
        for seat in local:
            s = seats[seat]
            nonce = fairness.client_value()
            guest = room.reserve(seat, s.name, s.colour, fairness.pledge(nonce))
            self._add_client(self._local_client(server, seat, guest.token, nonce))
        self._loop.create_task(self._watch_room())
        if lan:
            await self._advertise(room, advertise_on or bind, server.port, lan_name)
        await self._host_changed()

    async def _serve(self, server: Host, bind: str, port: int, advertise_on: str | None) -> bool:
        """Listen on ``port`` (the next ones if it is taken; 0: any free one) and say the room code; False (the
        link FAILED) if no port could be had."""
        room = server.room
        server.after_change = self._host_changed
        last: OSError | None = None
        for tried in range(PORT_TRIES):
            try:
                await server.start(bind, port + tried if port else 0)
                break
            except OSError as e:
                last = e
        else:
            self._set(phase=FAILED, problem="port", detail=str(last.strerror if last else "") or str(last))
            return False
        self.room, self.host_server = room, server
        shown = advertise_on or bind
        room.code = code_or_none(shown, server.port, room.join_secret)
        # the IPv6 code: this one if it is IPv6, else (hosting on every address) this computer's IPv6 address's
        code6 = room.code if ":" in shown else room_codes(bind, server.port, room.join_secret, server.families)[1]
        self._set(code=room.code, lan_code=room.code, code6=code6, address=bracketed(shown, server.port),
                  key=join_key(room.join_secret), phase=IN_LOBBY)
        self._bind = bind
        if self._relay:
            self._open_on_relay(self._relay, bind, server)
        self._ask_router(bind, server)
        return True

    def _ask_router(self, bind: str, server: Host) -> None:
        """Ask the home router to open the port (issue 33 §4, router.py), in a thread: never for a host on
        loopback, nor when the environment turns it off."""
        if not self._router or not worth_asking(bind):
            return
        self._set(router="asking")
        self._loop.create_task(self._keep_router(server))

    async def _keep_router(self, server: Host) -> None:
        def ask() -> tuple[RouterAnswer, PortMapping | None]:
            answer, mapping = open_port(server.port)
            if mapping is not None and server.stopped.is_set():  # the room closed while the router was asked (this
                mapping.close()  # task may be cancelled by now: the thread closes the port itself)
                return answer, None
            return answer, mapping

        answer, mapping = await asyncio.to_thread(ask)
        if server.stopped.is_set():  # closed just as the router answered: the port is closed again
            if mapping is not None:
                await asyncio.to_thread(mapping.close)
            return
        log.info("the router way in: %s (%s)", answer.state, answer.detail)
        public = code_or_none(answer.external, answer.port, server.room.join_secret) if mapping else None
        with self._lock:
            st = self._state
            code = public if public and not st.relay else st.code
            self._state = replace(st, router=answer.state, public_code=public, code=code)
        if mapping is None:
            return
        self._mapping = mapping
        await keep_open(mapping, server.stopped)

    def open_on_relay(self, relay: str) -> None:
        """The host opens its room on the relay at ``relay`` (host:port) while the lobby is open (the lobby's "Use
        a relay"); one that was open on another relay is closed first."""
        self._run(self._reopen_on_relay(relay))

    async def _reopen_on_relay(self, relay: str) -> None:
        server = self.host_server
        if server is None:
            return
        if self._relay_agent is not None:
            await self._relay_agent.close(grace=0)
            self._relay_agent = None
        self._relay = relay
        self._open_on_relay(relay, self._bind, server)

    def _open_on_relay(self, relay: str, bind: str, server: Host) -> None:
        """Open the room on the relay too (relay_link.py): the code shown becomes the relay code, and the state's
        ``relay`` says whether the relay has the room open ("open"), or why not (``relay_problem``)."""
        try:
            where, port = split_relay(relay)
        except ValueError as e:
            self._set(relay="refused", relay_problem=str(e), relay_address=relay)
            return
        agent = RelayAgent(where, port, room_id(server.room.join_secret), local_address(bind), server.port,
                           on_change=lambda a: self._set(relay=a.state, relay_problem=a.problem))
        self._relay_agent = agent
        server.room.relay = relay  # kept with the hosted game: going on with it opens it there again
        self._set(code=make_relay_code(where, port, server.room.join_secret), relay="connecting", relay_problem="",
                  relay_address=relay)
        self._loop.create_task(agent.run())

    def _local_client(self, server: Host, seat: int, token: str, nonce: str) -> Client:
        """The client that plays ``seat`` at the host's own screen, over loopback with the seat's token."""
        room = server.room
        s = room.seats[seat]
        loopback = "127.0.0.1" if "IPv4" in server.families else "::1"  # a host on an IPv6 address alone: ::1
        address = f"{loopback}:{server.port}"  # as the client keeps its token (``Client.key``)
        tokens = Tokens(None)
        tokens.put(address, token, room.commitment, nonce, room.lock if room.match is not None else None,
                   server.fingerprint.hex())  # its own certificate: the token is pinned to it (issue 33 §5)
        return Client(loopback, server.port, name=s.name, colour=s.colour, tokens=tokens, catalogue=self.cat,
                      manual=True)

    def resume(self, path: Path, *, bind: str, advertise_on: str | None = None, router: bool = False) -> None:
        """Go on with the hosted game kept at ``path`` (the host saved and ended it, or its window was closed): served
        again on its port if it is free, this computer's players back in their seats with their tokens, the
        others coming back with theirs. FAILED with "no-game" if there is none to go on with. ``router``: as
        ``host``'s."""
        self._set(hosting=True)
        self._router = router
        self._run(self._resume(path, bind, advertise_on))

    async def _resume(self, path: Path, bind: str, advertise_on: str | None) -> None:
        room = await asyncio.to_thread(load_room, path, self.cat)
        if room is None or room.phase == OVER:
            self._set(phase=FAILED, problem="no-game", detail=f"no hosted game to go on with in {path}")
            return
        room.rules = rules_hash()
        try:
            port = read_code(room.code).port if room.code else DEFAULT_PORT
        except ValueError:
            port = DEFAULT_PORT
        server = Host(room, save_path=self.save_path, start_when_full=False, away_after=10**9)
        if not await self._serve(server, bind, port, advertise_on):
            return
        for seat in sorted(room.local):
            g = room.guests[seat]
            nonce = g.nonce
            if nonce is None:  # in the lobby: this window's player pledges a fresh value (its last one is gone)
                nonce = fairness.client_value()
                g.pledge = fairness.pledge(nonce)
            self._add_client(self._local_client(server, seat, g.token, nonce))
        if room.relay:  # it was open to friends anywhere: again, on the same relay
            self._open_on_relay(room.relay, bind, server)
        self._loop.create_task(self._watch_room())
        await self._host_changed()

    async def _advertise(self, room: Room, address: str, port: int, lan_name: str) -> None:
        try:
            from .discovery import Advert, Advertiser  # (zeroconf: a copy may be built without it)
        except ModuleNotFoundError:  # pragma: no cover - a copy built without zeroconf
            self._set(lan="unavailable")
            return
        advert = Advert(lan_name, address, port, len(room.free_seats()), len(room.seats), books_text(room),
                        p.PROTOCOL_VERSION, __version__, room.rules)
        advertiser = Advertiser(advert, interfaces=[address] if address != "0.0.0.0" else None)
        if await asyncio.to_thread(advertiser.start):
            self._advertiser = advertiser
            self._set(lan="advertised")
        else:
            self._set(lan=advertiser.problem or "unavailable")

    async def _watch_room(self) -> None:
        """The lobby's free seats for the advert, and the away timers, once a second."""
        while self.host_server is not None and not self.host_server.stopped.is_set():
            await asyncio.sleep(PUBLISH_EVERY)
            await self._host_changed(advert=True)

    async def _host_changed(self, advert: bool = False) -> None:
        room = self.room
        if room is None:
            return
        mine = {c.seat for c in self.clients if c.seat >= 0} | {
            s for s, g in room.guests.items() if any(c.tokens.get(c.key) == g.token for c in self.clients)}
        rows = tuple(LobbyRow(s.name, s.colour, HUMAN if i in mine else s.kind, i in room.guests,
                              i in room.guests and not room.guests[i].connected, i in mine)
                     for i, s in enumerate(room.seats))
        now = time.monotonic()
        away = tuple((s, now - secs) for s, secs in sorted(room.away().items()))
        clocks = tuple((s, since + room.turn_limit) for s, since in sorted(room.low_clocks().items()))
        self._set(seats=rows, away=away, mine=tuple(sorted(mine)), starting=room.phase == LOCKED,
                  failed_starts=room.attempt - (0 if room.phase == LOBBY else 1) if room.attempt else 0,
                  turn_limit=room.turn_limit, clocks=clocks, idle=tuple(sorted(room.idle)))
        if advert and self._advertiser is not None:
            if room.phase == LOBBY:
                await asyncio.to_thread(self._advertiser.update, len(room.free_seats()))
            else:
                advertiser, self._advertiser = self._advertiser, None
                await asyncio.to_thread(advertiser.stop)

    # ------------------------------------------------------------------------------------------------
    # joining

    def join(self, host: str, port: int, secret: str | None, players: list[tuple[str, str | None]], *,
             relay: bool = False) -> None:
        """Join the game at ``host``:``port`` with the join secret (hex; None: a seat this computer held before,
        by its kept token) for each of ``players`` (name, colour): two at one computer are two clients.
        ``relay``: ``host``:``port`` is a relay's (a relay code), the room found there by the secret."""
        tokens = Tokens.load(self.tokens_path)
        for slot, (name, colour) in enumerate(players):
            self._run(self._start_client(Client(host, port, name=name, colour=colour, join_secret=secret,
                                                tokens=tokens, catalogue=self.cat, manual=True, slot=slot,
                                                relay=relay)))

    async def _start_client(self, client: Client) -> None:
        self._add_client(client)

    def _add_client(self, client: Client) -> None:
        self.clients.append(client)
        client.on_update = self._client_changed
        client.on_refused = self._refused
        client.on_lost = self._lost
        self._loop.create_task(self._play(client))

    async def _play(self, client: Client) -> None:
        try:
            report = await client.run(retries=60, pause=0.5)
        except JoinRefused as e:
            self._set(phase=FAILED, problem=e.reason, detail=e.detail)
            return
        except ConnectionError as e:
            self._set(phase=FAILED, problem="unreachable", detail=str(e))
            return
        except Exception as e:  # noqa: BLE001 - never a traceback in the window: the log has it
            log.exception("the network failed")
            self._set(phase=FAILED, problem="network", detail=str(e))
            return
        if report.fair is not None and client is self.clients[0]:
            self._set(fair=report.fair.text(), fair_ok=report.fair.ok, fair_shown=report.fair.shown, seed=client.seed,
                      phase=ENDED)

    def _refused(self, client: Client, reason: str) -> None:
        with self._lock:
            self._update.refused.add(client.seat)
            self._update.changed = True

    def _lost(self, client: Client) -> None:
        """A joining computer's connection to the host is lost (the client tries again): the table says so."""
        if self.room is None and self.clients and client is self.clients[0]:
            with self._lock:
                if self._state.host_lost_since is None:
                    self._state = replace(self._state, host_lost_since=time.monotonic())

    def _client_changed(self, client: Client) -> None:
        """A client's news (in the network's thread): the lobby, or the game for the window's ``take``."""
        if not self.clients or client is not self.clients[0]:
            if client.seat >= 0:
                self._set(mine=tuple(sorted({c.seat for c in self.clients if c.seat >= 0})))
            return
        mine = tuple(sorted({c.seat for c in self.clients if c.seat >= 0}))
        if client.lobby is not None and self.room is None:  # a joining computer: the host's lobby
            now = time.monotonic()
            rows = tuple(LobbyRow(s.name, s.colour or "", s.kind, s.joined, s.away, i in mine)
                         for i, s in enumerate(client.lobby.seats))
            away = tuple((s, now - secs) for s, secs in sorted(client.away.items()))
            self._set(seats=rows, code=shared_code(client), mine=mine, away=away, turn_limit=client.turn_limit,
                      phase=IN_LOBBY if client.replica is None else IN_GAME)
        r = client.replica
        if r is None:
            self._set(mine=mine)
            return
        record = r.game.record
        with self._lock:
            u = self._update
            if self._fed_replica is None:  # the game begins here: its first whole view
                u.view = r.view()
                self._fed = [entry_data(e) for e in record]
                self._fed_replica = r
            elif self._fed_replica is not r:  # a whole view: the game goes on from it, or starts again from it
                u.fresh = True
                new = [entry_data(e) for e in record]
                if new[:len(self._fed)] == self._fed:
                    u.entries.extend(new[len(self._fed):])
                else:
                    u.view = r.view()
                    u.entries = []
                self._fed = new
                self._fed_replica = r
            elif len(record) > len(self._fed):
                more = [entry_data(e) for e in record[len(self._fed):]]
                u.entries.extend(more)
                self._fed.extend(more)
            u.tick = dict(r.tick)
            u.state = r.state
            u.changed = True
            now = time.monotonic()
            away = tuple((s, now - secs) for s, secs in sorted(client.away.items()))
            phase = self._state.phase if self._state.phase in (ENDED, FAILED) else IN_GAME
            hosting = self.room is not None  # the host's room says who is away and timed (``_host_changed``)
            self._state = replace(self._state, mine=mine, phase=phase,
                                  away=self._state.away if hosting else away,
                                  clocks=self._state.clocks if hosting else tuple(sorted(client.clocks.items())),
                                  idle=self._state.idle if hosting else tuple(sorted(client.idle)),
                                  turn_limit=self._state.turn_limit if hosting else client.turn_limit,
                                  host_lost_since=None if client.connected else self._state.host_lost_since)

    # ------------------------------------------------------------------------------------------------
    def _set(self, **changes: Any) -> None:
        with self._lock:
            self._state = replace(self._state, **changes)

    def _run(self, coro: Coroutine[Any, Any, Any]) -> concurrent.futures.Future[Any]:
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    async def _client_call(self, seat: int, call: Any) -> None:
        for c in self.clients:
            if c.seat == seat:
                await call(c)
                return
        log.warning("no player of this computer holds seat %d", seat + 1)

    async def _host_call(self, call: Any) -> None:
        if self.host_server is None:
            log.warning("only the host can do that")
            return
        await call(self.host_server)
        await self._host_changed()

    async def _shutdown(self) -> None:
        for c in self.clients:
            c.stop = True
            if c.ws is not None:
                await c.ws.close()
        if self._advertiser is not None:
            advertiser, self._advertiser = self._advertiser, None
            await asyncio.to_thread(advertiser.stop)
        if self.host_server is not None:
            await self.host_server.close()
        if self._mapping is not None:  # the router closes the port again (a router that does not answer: its lease)
            mapping, self._mapping = self._mapping, None
            try:
                await asyncio.wait_for(asyncio.to_thread(mapping.close), 2.0)
            except TimeoutError:
                log.info("the router did not answer in time: the port closes when its lease runs out")
        if self._relay_agent is not None:  # after the host: its last messages go through the relay
            await self._relay_agent.close()
        me = asyncio.current_task()
        rest = [t for t in asyncio.all_tasks() if t is not me]
        for t in rest:
            t.cancel()
        await asyncio.gather(*rest, return_exceptions=True)


__all__ = ["CONNECTING", "ENDED", "FAILED", "IN_GAME", "IN_LOBBY", "LinkState", "LobbyRow", "NetLink", "OVER",
           "PLAYING", "Update"]
