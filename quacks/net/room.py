"""A served match as the host keeps it, without sockets (issue 21): who sits where, the match, every check.

The host's server (``host.py``) only moves messages; everything it decides is here, so tests play whole games
through a ``Room`` without a network. A room has three phases: the *lobby* (clients join the remote seats with
the room's join secret and get a seat token), *playing* (the one ``Match``: bots and chance run here, remote
seats answer with intents) and *over* (the host reveals its secret for the fairness check). Between the lobby
and play the room is *locked*: the start (``start``) locks every player's pledge, and the game begins once each
has revealed the value behind it (``reveal``); a start that is not answered within ``LOCK_WAIT`` seconds
(``unlock``) goes back to the lobby, and each value revealed in it is spent (its player pledges a fresh one).

What a client may send, and what the room answers (docs/protocol.md):

- an intent for its own seat only; one the rules refuse gets ``illegal``; one sent before the last change of
  the game it could see gets ``stale`` and the current view (never a silent drop). Hidden stir-tick decisions
  of other seats (R22) raise the state number but do not make an intent stale: every seat of a tick decides at
  the same state, so a decision is stale only if the record has changed since the state it names.
- draw and stop in a stir tick are held by the match until every seat of the tick has chosen, then revealed
  together (R22); the shop and the other steps go seat by seat (R25): the match's order, unchanged.
- undo follows the table's rule (``Match.undo_point``: the acting seat, never across a draw, reveal or roll).
- acknowledgements (a fortune card read, a round's results closed) are kept here, and a client that comes back
  gets them (``Acks``) so it is not asked again.

The seed is mixed from the host's secret (its SHA-256 published in the lobby before anyone joins) and the values
of the clients, each pledged (hashed) before any is revealed (session/fairness.py, issue 33), so no client can
compute it and nobody, the host included, could choose it.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..ai.levels import LEVELS, make_bot
from ..rules.actions import Action, IllegalAction
from ..rules.catalogue import Catalogue
from ..rules.config import GameConfig
from ..session import fairness
from ..session.match import Match, Waits, hard_for_unsound_experts
from ..session.setup import REMOTE, MatchSetup, SeatSpec
from ..session.view import entry_data, seat_hashes, seat_view
from ..version import __version__
from . import clock_low
from . import protocol as p
from .ratelimit import Bucket

LOBBY, LOCKED, PLAYING, OVER = "lobby", "locked", "playing", "over"
LOCK_WAIT = 20.0  # seconds the players have to reveal their values after the start before it fails
AWAY_WAIT, AWAY_BOT, AWAY_END = "wait", "bot", "end"  # commands.py writes them out too (a light import)


class RoomRefusal(Exception):
    """A hello the room turns away: ``Refused(reason, detail)`` goes back and the connection closes."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail

    def message(self) -> p.Refused:
        return p.Refused(self.reason, self.detail)


@dataclass
class Guest:
    """A remote seat's player as the host knows them: the token that brings them back, their pledge (the hash of
    their value) and, once revealed at the start, the value itself, their name, whether their connection is up,
    since when it is not, and what they have acknowledged."""

    seat: int
    token: str
    pledge: str | None  # None: the last one was revealed in a start that failed; a fresh one is due
    name: str
    colour: str | None
    connected: bool = True
    away_since: float | None = None
    acks: set[tuple[str, int]] = field(default_factory=set)
    sent_record: int = -1  # record entries this guest's replica holds (-1: it needs a whole view)
    sent_state: int = -1
    bucket: Bucket | None = None
    refused_in_a_row: int = 0
    revealed: bool = False  # sent the host's secret after the game (in this run of the host)
    nonce: str | None = None  # the value behind the pledge, once revealed at the start
    sent_lock: int = 0  # the start attempt whose lock this guest's connection was sent
    sent_clock: tuple[object, ...] = ((), ())  # the turn clock as this guest's connection was last told (``clock_key``)

    def to_data(self) -> dict[str, object]:
        return {"seat": self.seat, "token": self.token, "pledge": self.pledge, "nonce": self.nonce,
                "name": self.name, "colour": self.colour, "acks": sorted([w, r] for w, r in self.acks)}

    @staticmethod
    def from_data(d: dict[str, Any]) -> Guest:
        acks = {(str(w), int(r)) for w, r in d.get("acks", [])}
        nonce = None if d.get("nonce") is None else str(d["nonce"])
        pledge = d.get("pledge")
        if pledge is None and nonce is not None:  # kept before pledges (issue 33): the value was sent in the open
            pledge = fairness.pledge(nonce)
        return Guest(int(d["seat"]), str(d["token"]), None if pledge is None else str(pledge), str(d["name"]),
                     None if d.get("colour") is None else str(d["colour"]), connected=False, away_since=None,
                     acks=acks, nonce=nonce)


def tick_message(match: Match, seat: int) -> p.Tick:
    """The open stir tick as ``seat`` may see it (``session.view.public_tick``), as the protocol sends it."""
    decided = tuple(sorted(match.tick))
    mine = match.tick.get(seat)
    return p.Tick(decided, None if mine is None else str(mine), tuple((s, str(a)) for s, a in match.queue))


Outbox = list[tuple[int, p.Message]]  # (seat of the guest it goes to, message)


class Room:
    """The host's served match (module docstring). ``clock`` gives seconds (monotonic); tests pass their own."""

    def __init__(self, catalogue: Catalogue, config: GameConfig, seats: tuple[SeatSpec, ...], *,
                 secret: str | None = None, join_secret: bytes | None = None, code: str | None = None,
                 clock: Callable[[], float] = time.monotonic, turn_limit: int = 0) -> None:
        if len(seats) != len(config.seats):
            raise ValueError("the seats and the game disagree")
        self.cat = catalogue
        self.config = config
        self.seats = tuple(seats)
        self.secret = secret or fairness.new_secret()
        self.commitment = fairness.commitment(self.secret)
        self.join_secret = join_secret if join_secret is not None else secrets.token_bytes(5)
        self.code = code
        self.clock = clock
        self.guests: dict[int, Guest] = {}  # seat -> its remote player
        self.match: Match | None = None
        self.phase = LOBBY
        self.record_state = 0  # the state number at the last change of the record (an intent before it is stale)
        self.away_choice: dict[int, str] = {}  # seat -> what the host chose for it while away (bot level)
        self.rules = ""  # the rules hash a client must have (set by the host from content.rules_hash)
        self.repeated_acks = 0  # acknowledgements given twice (a client asked again after it came back)
        self.kicked: set[str] = set()  # pledges of the players the host sent away in the lobby
        self.attempt = 0  # starts locked so far (``start``)
        self.lock: tuple[str, ...] = ()  # the pledges locked at the last start (sorted)
        self.locked_at = 0.0  # when (``clock``)
        self.spent: set[str] = set()  # pledges whose value was revealed in a start that failed
        self.local: set[int] = set()  # seats played at the host's own screen (``reserve``): its window takes them back
        if not 0 <= turn_limit <= p.MAX_CLOCK:
            raise ValueError(f"a turn clock is 0 (none) to {p.MAX_CLOCK} seconds, not {turn_limit}")
        self.turn_limit = turn_limit  # seconds a player has for each choice (0: no clock; issue 33 §3)
        self.turn_since: dict[int, float] = {}  # seat -> when (``clock``) the choice it is asked for began
        self.idle: set[int] = set()  # seats whose clock ran out: a bot plays them until their player is back
        self.relay = ""  # host:port of the relay the room is open on too (issue 33 §4; a resumed game reopens it)
        #: the host's TLS certificate and key, PEM text (issue 33 §5: net/tls.py makes them, host.py seals the key
        #: on disk): a resumed game keeps its certificate, so the seat tokens' pins still hold
        self.tls: dict[str, str] | None = None

    # ------------------------------------------------------------------------------------------------
    # the lobby

    def remote_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == REMOTE]

    def free_seats(self) -> list[int]:
        return [i for i in self.remote_seats() if i not in self.guests]

    def hello(self, msg: p.Hello) -> Guest:
        """The guest a hello earns: its seat back for a known token, else a free remote seat for the right join
        secret (in the lobby only). RoomRefusal says why not."""
        if msg.protocol != p.PROTOCOL_VERSION:
            raise RoomRefusal("protocol", f"This host speaks protocol {p.PROTOCOL_VERSION}, the game that joins "
                                          f"speaks {msg.protocol}: both need the same version of Quacks.")
        if msg.game != __version__:
            raise RoomRefusal("game-version", f"The host plays Quacks {__version__}, the game that joins is "
                                              f"{msg.game[:20]}: both need the same version.")
        if self.rules and not hmac.compare_digest(msg.rules, self.rules):
            raise RoomRefusal("rules", "The host's game plays with other rules data (books, cards or board).")
        if msg.token is not None:
            for g in self.guests.values():
                if hmac.compare_digest(g.token, msg.token):
                    g.connected = True
                    g.away_since = None
                    g.sent_record = -1
                    g.sent_lock = 0
                    g.sent_clock = ((), ())  # a client forgets the clock it knew at each welcome
                    self._take_back_from_bot(g.seat)
                    return g
            raise RoomRefusal("bad-token", "This game does not know that seat token; join with the room code.")
        if msg.secret is None or not hmac.compare_digest(bytes.fromhex(msg.secret), self.join_secret):
            raise RoomRefusal("bad-secret", "The room code's secret does not match this game's; check the code.")
        back = self._joining_again(msg.pledge)
        if back is not None:
            return back
        if self.phase != LOBBY:
            raise RoomRefusal("full", "The game has started; only the players in it can come back.")
        if msg.pledge in self.kicked:
            raise RoomRefusal("full", "The host has given your seat to someone else.")
        free = self.free_seats()
        if not free:
            raise RoomRefusal("full", "Every seat for a player on another computer is taken.")
        seat = free[0]
        if msg.colour is not None and msg.colour not in {s.colour for i, s in enumerate(self.seats) if i != seat}:
            colour: str | None = msg.colour
        else:
            colour = self.seats[seat].colour
        taken = msg.pledge in self.spent or any(g.pledge == msg.pledge for g in self.guests.values())
        guest = Guest(seat, secrets.token_hex(16), None if taken else msg.pledge, msg.name, colour)
        self.guests[seat] = guest
        self.seats = tuple(replace(s, name=msg.name, colour=colour or s.colour) if i == seat else s
                           for i, s in enumerate(self.seats))
        return guest

    def _joining_again(self, pledge: str) -> Guest | None:
        """The seat of a player whose connection was lost before its welcome (and seat token) reached it, now joining
        again with the room code: the same computer sends the same pledge (the hash of its value for the seed), so
        before the game starts a seat whose player is gone and sent that pledge is given back, instead of a second
        seat while the first waits for no one (seen on a lossy network: the start then never got that seat's value).
        Once the game plays, only a seat token brings a player back."""
        if self.phase not in (LOBBY, LOCKED) or pledge in self.kicked:
            return None
        for g in self.guests.values():
            if not g.connected and g.pledge is not None and g.seat not in self.local \
                    and hmac.compare_digest(g.pledge, pledge):
                g.connected = True
                g.away_since = None
                g.sent_record = -1
                g.sent_lock = 0
                g.sent_clock = ((), ())
                return g
        return None

    def reserve(self, seat: int, name: str, colour: str | None, pledge: str) -> Guest:
        """A remote seat taken by a player at the host's own screen (issue 22: the host's table plays its seats as
        clients over loopback): a guest with a token and no join secret, in the lobby only."""
        if self.phase != LOBBY:
            raise ValueError("seats are taken in the lobby")
        if seat not in self.free_seats():
            raise ValueError(f"seat {seat + 1} is not a free seat for a player")
        guest = Guest(seat, secrets.token_hex(16), pledge, name, colour or self.seats[seat].colour)
        self.guests[seat] = guest
        self.local.add(seat)
        self.seats = tuple(replace(s, name=name) if i == seat else s for i, s in enumerate(self.seats))
        return guest

    def kick(self, seat: int) -> Guest | None:
        """The host sends the player of ``seat`` away (in the lobby): the seat is free again, and that player's
        computer cannot take a seat in this game again (its pledge is refused). A start waiting for the values fails
        first (``unlock``). The guest sent away, if any."""
        if self.phase == LOCKED:
            self.unlock()
        if self.phase != LOBBY:
            raise ValueError("players are sent away in the lobby only")
        guest = self.guests.pop(seat, None)
        if guest is not None and guest.pledge is not None:
            self.kicked.add(guest.pledge)
            default = SeatSpec(f"Seat {seat + 1}", self.seats[seat].colour, REMOTE)
            self.seats = tuple(default if i == seat else s for i, s in enumerate(self.seats))
        return guest

    def seat_to_bot(self, seat: int, level: str) -> Guest | None:
        """In the lobby: a seat kept for a player becomes a bot of ``level`` (its player, if any, is sent away as
        by ``kick``); the guest sent away, if any."""
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")
        if seat not in self.remote_seats():
            raise ValueError(f"seat {seat + 1} is not a seat for a player")
        guest = self.kick(seat)
        names = {s.name for i, s in enumerate(self.seats) if i != seat}
        name = next(n for n in (f"{level.capitalize()} bot {k}" for k in range(seat + 1, seat + 10)) if n not in names)
        self.seats = tuple(replace(s, name=name, kind=level) if i == seat else s for i, s in enumerate(self.seats))
        return guest

    def knows_token(self, token: str | None) -> bool:
        """Whether ``token`` is one this room gave out (compared in constant time)."""
        return token is not None and any(hmac.compare_digest(g.token, token) for g in self.guests.values())

    def lobby(self) -> p.Lobby:
        seats = tuple(p.LobbySeat(s.name, s.colour, s.kind, i in self.guests,
                                  i in self.guests and not self.guests[i].connected)
                      for i, s in enumerate(self.seats))
        pledges = tuple(sorted(g.pledge for g in self.guests.values() if g.pledge is not None))
        return p.Lobby(seats, self.commitment, pledges, self.code, self.turn_limit)

    def ready(self) -> bool:
        """The host may start: every seat for a player taken, each player's pledge in (and no two alike)."""
        pledges = [g.pledge for g in self.guests.values()]
        return (self.phase == LOBBY and not self.free_seats() and None not in pledges
                and len(set(pledges)) == len(pledges))

    def pledge_again(self, seat: int, pledge: str) -> p.Error | None:
        """A player's fresh pledge in the lobby (its last value was revealed in a start that failed, or its
        computer lost it); a spent pledge, or another player's, is refused."""
        g = self.guests.get(seat)
        if g is None or self.phase != LOBBY:
            return p.Error("illegal", "A pledge is sent in the lobby only.", self.state)
        if pledge in self.spent or any(o.pledge == pledge for o in self.guests.values() if o is not g):
            return p.Error("illegal", "That pledge was used before; pledge a fresh value.", self.state)
        g.pledge = pledge
        return None

    def start(self) -> p.Lock:
        """The host starts: every player's pledge is locked (sorted), and each is asked for the value behind it
        (``Lock``, sent by ``updates``); the match begins once all are in (``reveal``)."""
        if self.phase != LOBBY:
            raise ValueError("the match has already started")
        if not self.ready():
            raise ValueError("a seat for a player is still free, or a player's pledge is not in")
        self.attempt += 1
        self.lock = tuple(sorted(g.pledge for g in self.guests.values() if g.pledge is not None))
        self.locked_at = self.clock()
        self.phase = LOCKED
        for g in self.guests.values():
            g.nonce = None
        if not self.guests:  # nobody to wait for: the seed is the host's secret's alone
            self._begin()
        return p.Lock(self.attempt, self.commitment, self.lock)

    def reveal(self, seat: int, attempt: int, value: str) -> p.Error | None:
        """A player's value for start ``attempt``: kept if it is the one behind the player's locked pledge; the
        match begins when every player's is in."""
        g = self.guests.get(seat)
        if g is None or self.phase != LOCKED or attempt != self.attempt:
            return p.Error("illegal", "No start is waiting for this value.", self.state)
        if g.pledge is None or not hmac.compare_digest(fairness.pledge(value), g.pledge):
            return p.Error("illegal", "That value is not the one behind your pledge.", self.state)
        g.nonce = value.lower()
        if all(o.nonce is not None for o in self.guests.values()):
            self._begin()
        return None

    def unwilling(self) -> list[int]:
        """While the start waits: the seats whose value has not come."""
        return sorted(s for s, g in self.guests.items() if g.nonce is None) if self.phase == LOCKED else []

    def lock_overdue(self, wait: float = LOCK_WAIT) -> bool:
        return self.phase == LOCKED and self.clock() - self.locked_at > wait

    def unlock(self) -> list[int]:
        """The start failed (a value did not come in time, or the host sent a player away): back to the lobby.
        Each value revealed in it is spent: its player pledges a fresh one (the lobby no longer lists the old
        pledge), so nobody can start again knowing some of the values. The seats that had not answered."""
        if self.phase != LOCKED:
            raise ValueError("no start is waiting")
        missing = self.unwilling()
        for g in self.guests.values():
            if g.nonce is not None and g.pledge is not None:
                self.spent.add(g.pledge)
                g.pledge = None
            g.nonce = None
        self.phase = LOBBY
        self.lock = ()
        return missing

    def _begin(self) -> None:
        """The match begins: the seed mixed from the host's secret and every player's revealed value."""
        names = tuple(s.name for s in self.seats)
        if len(set(names)) != len(names):  # two guests chose the same name: number them
            seats = list(self.seats)
            for i, s in enumerate(seats):
                if names.count(s.name) > 1:
                    seats[i] = replace(s, name=f"{s.name[:20]} {i + 1}")
            self.seats = tuple(seats)
        config = replace(self.config, seats=tuple(s.name for s in self.seats))
        seed = fairness.match_seed(self.secret, self.nonces())
        self.match = Match(self.cat, MatchSetup(config, self.seats, seed))
        hard_for_unsound_experts(self.match)
        self.phase = PLAYING
        self.settle()

    def nonces(self) -> list[str]:
        """The players' revealed values, in seat order."""
        return [n for i in sorted(self.guests) if (n := self.guests[i].nonce) is not None]

    # ------------------------------------------------------------------------------------------------
    # playing

    @property
    def state(self) -> int:
        return self.match.state_number if self.match is not None else 0

    def settle(self) -> None:
        """Bots, chance and reveals run until a person (here or remote) must act or the game is over."""
        m = self.match
        assert m is not None
        before = len(m.game.record)
        m.run_until_human()
        if len(m.game.record) != before:
            self.record_state = m.state_number
        if m.over:
            self.phase = OVER
        self.time_turns()

    def waiting_for(self) -> tuple[int, ...]:
        """The seats the match waits for now (a remote seat's player, or the host's own)."""
        m = self.match
        if m is None or m.over:
            return ()
        need = m.need()
        return need.seats if need.kind is Waits.HUMAN else ()

    def act(self, seat: int, action_text: str, state: int) -> p.Error | None:
        """A seat's intent at ``state``: carried out, or the error that refuses it (the match unchanged)."""
        m = self.match
        if m is None or self.phase != PLAYING:
            return p.Error("illegal", "The game is not being played now.", self.state)
        if state < self.record_state or state > m.state_number:
            return p.Error("stale", "The game has moved on since that choice; here is the table as it is now.",
                           self.state)
        if seat not in self.waiting_for():
            return p.Error("illegal", "It is not this seat's turn to choose.", self.state)
        try:
            action = Action.parse(action_text)
        except (IllegalAction, ValueError):
            return p.Error("illegal", "That is not an action of this game.", self.state)
        if action not in m.game.legal_actions(seat):
            return p.Error("illegal", "The rules do not allow that now.", self.state)
        try:
            m.submit(seat, action)
        except IllegalAction as e:
            return p.Error("illegal", str(e)[:p.MAX_DETAIL] or "The rules do not allow that now.", self.state)
        self.turn_since.pop(seat, None)  # chosen: its next choice has a clock of its own
        self.settle()
        return None

    def undo(self, seat: int) -> p.Error | None:
        """Take back ``seat``'s last action if the table's rule allows it (``Match.undo_point``)."""
        m = self.match
        if m is None or self.phase != PLAYING:
            return p.Error("illegal", "The game is not being played now.", self.state)
        new = m.undone(seat)
        if new is None:
            return p.Error("illegal", "That cannot be taken back (something was drawn, revealed or rolled since, "
                                      "or another player has acted).", self.state)
        # the state number goes on from where it was: a client never sees a number twice
        new.unrecorded = m.state_number + 1 - len(new.game.record)
        for s, level in self.away_choice.items():
            new.bots[s] = make_bot(level)
        hard_for_unsound_experts(new)
        self.match = new
        self.record_state = new.state_number
        for g in self.guests.values():
            g.sent_record = -1  # a whole view for everyone
        self.settle()
        return None

    def ack(self, seat: int, what: str, round_: int) -> None:
        """``seat`` has read the fortune card or closed the results of ``round_``; an acknowledgement the guest had
        already given is counted (``repeated_acks``: a dialog shown twice)."""
        g = self.guests.get(seat)
        if g is not None:
            if (what, round_) in g.acks:
                self.repeated_acks += 1
            g.acks.add((what, round_))

    # ------------------------------------------------------------------------------------------------
    # away: a remote seat whose connection is lost

    def lost(self, seat: int) -> None:
        g = self.guests.get(seat)
        if g is not None and g.connected:
            g.connected = False
            g.away_since = self.clock()
            self.time_turns()

    def away(self) -> dict[int, int]:
        """Seconds each away seat has been gone."""
        now = self.clock()
        return {s: int(now - g.away_since) for s, g in self.guests.items()
                if not g.connected and g.away_since is not None}

    def hand_to_bot(self, seat: int, level: str) -> None:
        """The host's choice for an away seat: a bot of ``level`` plays it until its player comes back."""
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")
        if seat not in self.guests:
            raise ValueError(f"seat {seat + 1} is not a remote player's")
        self.away_choice[seat] = level
        m = self.match
        if m is not None and self.phase == PLAYING:
            m.bots[seat] = make_bot(level)
            m.setup = replace(m.setup, seats=tuple(replace(s, kind=level) if i == seat else s
                                                   for i, s in enumerate(m.setup.seats)))
            self.settle()

    def _take_back_from_bot(self, seat: int) -> None:
        self.idle.discard(seat)
        self.turn_since.pop(seat, None)
        if self.away_choice.pop(seat, None) is None:
            self.time_turns()
            return
        m = self.match
        if m is not None:
            m.bots.pop(seat, None)
            m.setup = replace(m.setup, seats=tuple(replace(s, kind=REMOTE) if i == seat else s
                                                   for i, s in enumerate(m.setup.seats)))
        self.time_turns()

    # ------------------------------------------------------------------------------------------------
    # the turn clock (issue 33 §3): a player who stays connected and never chooses does not stall the game

    def time_turns(self) -> None:
        """The clocks after a change: each seat asked to choose now, whose player is connected and plays it, has a
        clock since its choice began (a seat that has just chosen starts again: ``act``); the others have none."""
        if not self.turn_limit:
            self.turn_since.clear()
            return
        asked = {s for s in self.waiting_for()
                 if s in self.guests and self.guests[s].connected and s not in self.away_choice}
        for s in list(self.turn_since):
            if s not in asked:
                del self.turn_since[s]
        now = self.clock()
        for s in asked:
            self.turn_since.setdefault(s, now)

    def clocks(self) -> dict[int, int]:
        """Seconds left to each seat whose choice runs under the clock (0 once it has run out)."""
        now = self.clock()
        return {s: max(0, int(self.turn_limit - (now - since) + 0.999)) for s, since in self.turn_since.items()}

    def out_of_time(self) -> list[int]:
        """The seats whose clock has run out (the host hands each to a bot: ``run_out``)."""
        now = self.clock()
        return sorted(s for s, since in self.turn_since.items() if now - since >= self.turn_limit)

    def run_out(self, seat: int, level: str) -> None:
        """``seat``'s clock ran out: it is handled as a dropped player's, a bot of ``level`` plays it until its
        player takes it back (``here``) or comes back after a lost connection."""
        self.turn_since.pop(seat, None)
        self.idle.add(seat)
        self.hand_to_bot(seat, level)

    def here(self, seat: int) -> p.Error | None:
        """The player of ``seat``, whose clock ran out, takes it back from the bot."""
        if seat not in self.idle:
            return p.Error("illegal", "This seat is yours to play already.", self.state)
        self._take_back_from_bot(seat)
        self.settle()
        return None

    def low_clocks(self) -> dict[int, float]:
        """The clocks running low (``net.clock_low``): seat -> when its choice began. Only these are told to the
        clients, so a game played at a normal pace sends no clock message at all."""
        if not self.turn_limit:
            return {}
        told_from = self.clock() - (self.turn_limit - clock_low(self.turn_limit))
        return {s: since for s, since in self.turn_since.items() if since <= told_from}

    def clock_message(self) -> p.Clock:
        left = self.clocks()
        return p.Clock(self.turn_limit, {s: left[s] for s in self.low_clocks()}, tuple(sorted(self.idle)))

    def clock_key(self) -> tuple[object, ...]:
        """What the clock message says, but for the passing seconds: a guest is sent it again when this changes
        (a clock starts running low, a seat that was low chooses, a seat's time runs out or its player is back)."""
        return tuple(sorted(self.low_clocks().items())), tuple(sorted(self.idle))

    def clock_news(self) -> bool:
        """A connected guest has not been told the clocks as they are now (the host looks once a second)."""
        key = self.clock_key()
        return any(g.connected and g.sent_clock != key for g in self.guests.values())

    # ------------------------------------------------------------------------------------------------
    # what goes out

    def welcome(self, guest: Guest) -> list[p.Message]:
        """A guest's first messages: what it already acknowledged (a guest that comes back: before the view, so
        that no dialog it closed comes up again while it reads the view), then welcome, with a whole view in play."""
        out: list[p.Message] = []
        if guest.acks:
            out.append(p.Acks(tuple((w, r) for w, r in sorted(guest.acks))))
        if self.match is None:
            empty: dict[str, object] = {}
            out.append(p.Welcome((guest.seat,), guest.token, self.commitment, self.lock, 0, p.view_hash(empty),
                                 empty))
        else:
            view = seat_view(self.match, guest.seat)
            h = seat_hashes(self.match, [guest.seat])[guest.seat]
            out.append(p.Welcome((guest.seat,), guest.token, self.commitment, self.lock, self.state, h, view))
            guest.sent_record = len(self.match.game.record)
            guest.sent_state = self.state
        return out

    def full_view(self, guest: Guest) -> p.ViewMessage:
        assert self.match is not None
        view = seat_view(self.match, guest.seat)
        guest.sent_record = len(self.match.game.record)
        guest.sent_state = self.state
        return p.ViewMessage(self.state, seat_hashes(self.match, [guest.seat])[guest.seat], view)

    def updates(self, seats: list[int]) -> Outbox:
        """What each of ``seats``' guests has not seen yet: the new record entries as an event (or a whole view
        after an undo or a reconnection), the tick and who is away; the secret revealed once the game is over."""
        m = self.match
        out: Outbox = []
        if m is None:
            lobby = self.lobby()
            for s in seats:
                out.append((s, lobby))
                g = self.guests[s]
                if self.phase == LOCKED and g.sent_lock != self.attempt:
                    out.append((s, p.Lock(self.attempt, self.commitment, self.lock)))
                    g.sent_lock = self.attempt
            return out
        hashes = seat_hashes(m, seats)
        away = self.away()
        record = m.game.record
        for s in seats:
            g = self.guests[s]
            if g.sent_record < 0 or g.sent_record > len(record):
                out.append((s, self.full_view(g)))
            elif g.sent_state != m.state_number or g.sent_record != len(record):
                entries = tuple(tuple(entry_data(e)) for e in record[g.sent_record:])
                ev = p.Event(m.state_number, hashes[s], 0, entries, tick_message(m, s), away)
                out.append((s, ev))
                g.sent_record = len(record)
                g.sent_state = m.state_number
            if g.sent_clock != self.clock_key():
                out.append((s, self.clock_message()))
                g.sent_clock = self.clock_key()
            if self.phase == OVER:
                out.append((s, p.Reveal(self.secret, tuple(self.nonces()))))
                g.revealed = True
        return out

    def all_revealed(self) -> bool:
        """Every guest has been sent the host's secret after the game (the host may stop)."""
        return self.phase == OVER and all(g.revealed for g in self.guests.values())

    # ------------------------------------------------------------------------------------------------
    # kept on disk: the host restarts from it and the players come back with their tokens

    def to_data(self) -> dict[str, object]:
        return {
            "phase": self.phase, "secret": self.secret, "join_secret": self.join_secret.hex(), "code": self.code,
            "config": self.config.to_data(),
            "seats": [{"name": s.name, "colour": s.colour, "kind": s.kind} for s in self.seats],
            "guests": [g.to_data() for g in self.guests.values()], "away_choice": dict(self.away_choice),
            "match": self.match.to_data() if self.match is not None else None,
            "repeated_acks": self.repeated_acks, "local": sorted(self.local), "attempt": self.attempt,
            "lock": list(self.lock), "spent": sorted(self.spent), "kicked": sorted(self.kicked),
            "turn_limit": self.turn_limit, "relay": self.relay, "tls": self.tls,
        }

    @staticmethod
    def from_data(catalogue: Catalogue, d: dict[str, Any], *, clock: Callable[[], float] = time.monotonic,
                  match: Match | None = None) -> Room:
        """The room ``to_data`` kept; ``match``: its match already replayed and checked (``host.read_room``), else
        ``d["match"]`` is replayed here."""
        seats = tuple(SeatSpec(str(s["name"]), str(s["colour"]), str(s["kind"])) for s in d["seats"])
        room = Room(catalogue, GameConfig.from_data(d["config"]), seats, secret=str(d["secret"]),
                    join_secret=bytes.fromhex(str(d["join_secret"])), code=d.get("code"), clock=clock,
                    turn_limit=int(d.get("turn_limit", 0)))
        for gd in d["guests"]:
            g = Guest.from_data(gd)
            g.away_since = clock()
            room.guests[g.seat] = g
        room.phase = str(d["phase"])
        room.attempt = int(d.get("attempt", 0))
        room.lock = tuple(str(x) for x in d.get("lock", ()))
        if "lock" not in d and room.phase in (PLAYING, OVER):  # kept before pledges (issue 33): the values were
            # sent in the open, so the lock is their pledges (a client then checks its game against them)
            room.lock = tuple(sorted(g.pledge for g in room.guests.values() if g.pledge is not None))
        room.relay = str(d.get("relay") or "")[:300]
        tls = d.get("tls")
        room.tls = {k: str(v) for k, v in tls.items() if k in ("cert", "key")} if isinstance(tls, dict) else None
        room.spent = {str(x) for x in d.get("spent", ())}
        room.kicked = {str(x) for x in d.get("kicked", ())}
        if room.phase == LOCKED:  # the host stopped while a start waited: it failed
            room.unlock()
        room.repeated_acks = int(d.get("repeated_acks", 0))
        room.local = {int(x) for x in d.get("local", []) if int(x) in room.guests}
        if d.get("match") is not None:
            room.match = match if match is not None else Match.from_data(catalogue, d["match"])
            hard_for_unsound_experts(room.match)
            room.record_state = room.match.state_number
            for s, level in dict(d.get("away_choice") or {}).items():
                room.hand_to_bot(int(s), str(level))
            if room.phase == PLAYING:
                room.settle()
        return room
