"""A match: the engine, its seats (humans and bots), seeded chance, stir ticks and the record.

Chance and bot choices come from the one seeding scheme of ``seeding.py``, so a match is (setup, record):
resuming it from a save, replaying it, or playing the same setup in ``simulate`` gives the same game.

Brewing goes in stir ticks (rulings R22): every seat still brewing decides draw or stop; when all have
decided, the decisions are revealed together and carried out in seat order. A seat's own follow-up
choices (a pick, a white chip to return, a second chance, red chips beside the pot) are answered as they
come, before the next tick. With the house switch ``sequential-brewing`` the engine lets one seat brew at a
time, so a tick holds one seat.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from random import Random
from time import perf_counter
from typing import Any

from ..ai.base import Bot, BotChoice, Reason
from ..ai.levels import make_bot
from ..rules import fast
from ..rules.actions import DRAW, STOP, Action
from ..rules.catalogue import Catalogue
from ..rules.game import ChanceWaiting, Game
from ..rules.kinds import Phase
from ..rules.replay import apply_entry
from .seeding import LazyRandom, Streams
from .setup import HUMAN, PLAYER_COLOURS, REMOTE, MatchSetup, SeatSpec

__all__ = ["HUMAN", "PLAYER_COLOURS", "REMOTE", "Match", "MatchSetup", "Need", "SeatSpec", "Waits"]

UNDO_NEVER = frozenset({"draw", "stop", "done", "buy", "pass"})  # these reveal something random or confirm
BotTimer = Callable[[int, bool, float], None]  # (seat, a draw/stop decision?, seconds)


log = logging.getLogger("quacks.session")


class Waits(Enum):
    """What a match waits for."""

    CHANCE = "chance"  # a random outcome (the match samples it)
    REVEAL = "reveal"  # the decisions of a stir tick, to be carried out
    BOT = "bot"  # a bot of this computer's choice (the seat listed)
    HUMAN = "human"  # a person's choice, here or over the network (the seats listed)
    OVER = "over"  # nothing: the game is over
    # a served game's copy at a window (net/served_match.py): the host's record entries, carried out in order
    HOST_ENTRY = "host entry"  # the host's next entry, carried out at once (a chance outcome, this computer's own
    # choice come back, a draw or stop of a stir tick revealed together: R22)
    ELSEWHERE = "elsewhere"  # another computer's seat chose (a person there, or the host's bot; the seat listed):
    # the choice is shown at the pace of a bot's


# ``_due``'s answers without a seat, and the kinds ``advance`` tells apart, read once: a member read through its Enum
# class is a lookup in the metaclass, and the match asks once per step
_CHANCE, _REVEAL, _BOT, _HUMAN, _OVER = Waits.CHANCE, Waits.REVEAL, Waits.BOT, Waits.HUMAN, Waits.OVER
_DUE_CHANCE, _DUE_REVEAL, _DUE_HUMANS, _DUE_OVER = (_CHANCE, -1), (_REVEAL, -1), (_HUMAN, -1), (_OVER, -1)


@dataclass(frozen=True)
class Need:
    """What the match waits for, and from which seats."""

    kind: Waits
    seats: tuple[int, ...] = ()
    chance: ChanceWaiting | None = None


def undo_cut(record: Sequence[Sequence[Any]], seat: int, is_person: Callable[[int], bool]) -> int | None:
    """Where ``record`` would be cut to take back ``seat``'s last action (``Match.undo_point``'s rule, the hidden
    stir decisions left to the caller), or None: nothing random since, no other person's action since, and not
    an action in ``UNDO_NEVER``."""
    for i in range(len(record) - 1, -1, -1):
        e = record[i]
        if e[0] == "chance":
            return None
        who = int(e[1])
        if who != seat:
            if is_person(who):
                return None
            continue
        return None if str(e[2]).split()[0] in UNDO_NEVER else i
    return None


class Match:
    def __init__(self, catalogue: Catalogue, setup: MatchSetup, record: list[Any] | None = None,
                 tick: dict[int, str] | None = None, *, events: bool = True, keep_record: bool = True) -> None:
        if setup.seed is None:
            raise ValueError("a setup without its seed builds a replica (session/view.py), not a match")
        self.setup = setup
        self.cat = catalogue
        self.game = Game(catalogue, setup.game, events=events, record=keep_record)
        self.streams = Streams(setup.seed)
        #: changes a seat can see that add nothing to the record: each draw or stop decided in a stir tick (hidden
        #: until the reveal, but who has decided is public) and each revealed decision skipped as no longer legal
        #: (``state_number``)
        self.unrecorded = len(tick or {})
        self.acted = [0] * self.game.n  # actions taken per seat: the bots' decision counters
        for entry in record or []:
            self.apply_entry(entry)
        self.bots: dict[int, Bot] = {i: make_bot(s.kind) for i, s in enumerate(setup.seats) if s.is_bot}
        self.tick: dict[int, Action] = {k: Action.parse(a) for k, a in (tick or {}).items()}
        self.queue: list[tuple[int, Action]] = []  # tick decisions being revealed, in seat order
        self.last_decision: dict[int, BotChoice] = {}  # each bot's latest choice (its reason, read when shown)
        self.bot_timer: BotTimer | None = None
        #: if set, per seat: (times of its draw/stop decisions, times of its other decisions), in seconds, appended
        #: as the bots decide (cheaper than ``bot_timer``; simulate reads them after each game)
        self.bot_times: list[tuple[list[float], list[float]]] | None = None
        self.clock: Callable[[], float] = perf_counter  # what bot decisions are timed with (seconds)
        self._scan_version = -1  # the game version _scanned belongs to
        self._draw_streams: dict[int, Random] = {}  # seat -> its draw stream (Streams.stream("draw", seat))
        self._bot_rngs: dict[int, LazyRandom] = {}  # seat -> its bot's generator in stir ticks, reset each time
        self._scanned: tuple[tuple[int, ...], int, tuple[int, ...]] = ((), -1, ())

    def apply_entry(self, entry: tuple[Any, ...] | list[Any]) -> None:
        """Replay one record entry (a save, a replay): the game, the streams and the counters move on together."""
        apply_entry(self.game, entry)
        self.streams.resume((entry,))
        if entry[0] == "act":
            self.acted[int(entry[1])] += 1

    # ------------------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def state_number(self) -> int:
        """A number that grows with every change a seat can see: each record entry and each ``unrecorded`` change
        (a hidden stir-tick decision, a revealed decision skipped). Views of a served match name the state they
        show by it (``session/view.py``). It counts from this match object's start: a match resumed from data
        counts its record and its open tick only, so its clients take a whole view again."""
        return len(self.game.record) + self.unrecorded

    def is_human(self, seat: int) -> bool:
        """A person decides for ``seat``: at this screen or over the network (``is_remote``)."""
        return not self.setup.seats[seat].is_bot

    def humans(self) -> list[int]:
        """The seats a person decides for, at this screen or over the network."""
        return [i for i, s in enumerate(self.setup.seats) if not s.is_bot]

    def is_remote(self, seat: int) -> bool:
        """A person at another computer decides for ``seat`` (the match waits for them as for a human here)."""
        return self.setup.seats[seat].is_remote

    def remote_seats(self) -> list[int]:
        """The seats played from other computers."""
        return [i for i, s in enumerate(self.setup.seats) if s.is_remote]

    def local_humans(self) -> list[int]:
        """The seats a person decides for at this screen (hot-seat: more than one)."""
        return [i for i, s in enumerate(self.setup.seats) if not s.is_bot and not s.is_remote]

    # ------------------------------------------------------------------------------------------------
    # who acts now: worked out once per state of the game (its ``version``), not once per question

    def _scan(self) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        """(seats that may act, the first of them with a follow-up choice or -1, the seats deciding draw or stop
        in the stir tick), for the game as it is now. Cached on ``Game.version``: bots deciding in a tick do not
        change the game, so the whole tick asks once."""
        g = self.game
        v = g.version
        if self._scan_version == v:
            return self._scanned
        brew, other = fast.split_acting(g)
        if other:
            scanned = (tuple(g.acting_seats()), other[0], tuple(brew))
        else:
            seats = tuple(brew)
            scanned = (seats, -1, seats)
        self._scanned = scanned
        self._scan_version = v
        return scanned

    def in_tick(self) -> bool:
        """True while brewing decisions (draw / stop) are collected tick by tick."""
        g = self.game
        if g.pending_chance() is not None or g.phase is not Phase.BREWING:
            return False
        return bool(self._scan()[2])

    def tick_seats(self) -> list[int]:
        """Seats that decide in this stir tick: brewing, without a pending follow-up choice."""
        return list(self._scan()[2])

    def _due(self) -> tuple[Waits, int]:
        """What happens next: the one statement of the match's order (``need`` names it, ``advance`` does it).

        A chance step; the rest of a tick being revealed; a seat's follow-up choice (a pick, a return, a second
        chance, chips beside the pot); then the undecided seats of the stir tick, bots first in seat order; then,
        with every seat decided, the reveal (R22). The seat is the bot's for BOT, the follow-up choice's for HUMAN
        (-1: the undecided humans of the stir tick), else -1."""
        g = self.game
        if g.over:
            return _DUE_OVER
        if g.pending_chance() is not None:
            return _DUE_CHANCE
        if self.queue:
            return _DUE_REVEAL
        seats, follow, _tick_seats = self._scan()
        bots = self.bots
        if follow >= 0:
            return (_BOT if follow in bots else _HUMAN), follow
        if not seats:
            return _DUE_OVER
        tick = self.tick
        human = False
        for s in seats:
            if s not in tick:
                if s in bots:
                    return _BOT, s
                human = True
        return _DUE_HUMANS if human else _DUE_REVEAL

    def need(self) -> Need:
        """What the match waits for, and from which seats (``_due``'s answer, spelled out for the table)."""
        kind, seat = self._due()
        if kind is Waits.CHANCE:
            ch = self.game.pending_chance()
            assert ch is not None
            return Need(kind, chance=ChanceWaiting(ch.kind, ch.seat, ch.count))
        if kind is Waits.BOT or (kind is Waits.HUMAN and seat >= 0):
            return Need(kind, (seat,))
        if kind is Waits.HUMAN:
            return Need(kind, tuple(s for s in self._scan()[0] if s not in self.tick))
        return Need(kind)

    def advance(self) -> bool:
        """Carry out what ``need`` says when nobody has to be asked: a chance step, the revealed decisions of the
        stir tick (up to a chance step they bring), or a bot's choice. False if a human must act or the game is
        over."""
        return self._steps(1, None) == 1

    def run_until_human(self, limit: int = 1_000_000, watch: Callable[[], None] | None = None) -> None:
        """``advance`` until a human must act or the game is over (simulate runs through here).

        ``watch`` is called after every step that leaves the game outside the brewing phase (the steps between
        the brews: chance steps, decisions, and the reveal that ends the brewing)."""
        if self._steps(limit, watch) < limit or self._due()[0] in (_HUMAN, _OVER):
            return
        raise RuntimeError(f"the match did not settle in {limit} steps: {self.game.describe_waiting()}")

    def _steps(self, limit: int, watch: Callable[[], None] | None) -> int:
        """Up to ``limit`` of ``advance``'s steps, each the one ``_due`` names, ``watch`` called as
        ``run_until_human`` says; how many were taken (fewer: a human must act or the game is over)."""
        g = self.game
        due = self._due
        brewing = Phase.BREWING
        for done in range(limit):
            kind, seat = due()
            if kind is _BOT:
                self._bot_acts(seat)
            elif kind is _REVEAL:
                self._reveal(len(self.queue) or len(self.tick))
            elif kind is _CHANCE:
                self.step_chance()
            else:
                return done
            if watch is not None and g.phase is not brewing:
                watch()
        return limit

    # ------------------------------------------------------------------------------------------------
    def step_chance(self) -> None:
        """The chance step due, its outcome from its stream (``Streams.sample``, without sampling twice)."""
        g = self.game
        ch = g.pending_chance()
        if ch is None:
            raise ValueError("no chance step is due")
        g.apply_chance(g.sample_chance(self.streams.stream(ch.kind, -1 if ch.seat is None else ch.seat)))

    def _decide(self, seat: int, g: Game, actions: list[Action], rng: LazyRandom) -> BotChoice:
        """The bot's choice: the one place a bot is asked, timed for ``bot_times`` and ``bot_timer`` if either is set
        (what simulate and bench report)."""
        bot = self.bots[seat]
        times = self.bot_times
        timer = self.bot_timer
        if times is None and timer is None:
            return bot.decide(g, seat, actions, rng)
        clock = self.clock
        t0 = clock()
        d = bot.decide(g, seat, actions, rng)
        dt = clock() - t0
        if times is not None:
            times[seat][actions[0] is not DRAW].append(dt)  # [0]: draw/stop decisions, [1]: the others
        if timer is not None:
            timer(seat, actions[0] is DRAW, dt)
        return d

    def bot_decide(self, seat: int, game: Game | None = None) -> BotChoice:
        """The bot's choice for ``seat`` (may run on a copy of the game in a worker thread, so with a generator of
        its own). The bot reads the engine's list of legal actions (it must not change it)."""
        g = game or self.game
        return self._decide(seat, g, g.legal_actions(seat), self.streams.bot_rng(seat, self.acted[seat]))

    def _bot_acts(self, seat: int) -> None:
        """The bot at ``seat`` chooses and its choice is carried out (``carry_out``). In a stir tick the undecided
        bots after it choose in the same step, in seat order: their draws and stops are hidden until the reveal
        (R22), so none sees another's; a choice that acts at once (the flask) ends the step. Called right after
        ``_due``, whose scan is the game's as it is."""
        tick_seats = self._scanned[2]
        if seat not in tick_seats:  # a follow-up choice
            self.carry_out(seat, self.bot_decide(seat))
            return
        g = self.game
        bots = self.bots
        last = self.last_decision
        rngs = self._bot_rngs
        tick = self.tick
        for s in tick_seats:  # those before ``seat`` have decided or are humans (``_due``: bots first)
            if s in tick or s not in bots:
                continue
            actions = fast.brew_actions(g, s)
            rng = rngs.get(s)  # the generator ``bot_decide`` would make, one per seat reset for each decision
            if rng is None:
                rng = rngs[s] = self.streams.bot_rng(s, self.acted[s])
            else:
                rng.reset(self.acted[s])
            d = self._decide(s, g, actions, rng)
            last[s] = d
            a = d.action
            if (a is DRAW or a is STOP) and a in actions:
                tick[s] = a  # submit's stir-tick path, the action known to be legal
                self.unrecorded += 1
            else:
                self.submit(s, a)  # acts at once (or raises if it is illegal)
                return
        self._close_tick(tick_seats)

    def carry_out(self, seat: int, d: BotChoice) -> None:
        """A bot's choice: remembered (its reason is shown) and submitted."""
        self.last_decision[seat] = d
        self.submit(seat, d.action)

    def submit(self, seat: int, action: Action | str) -> None:
        """A human's or bot's choice. Draw and stop in a stir tick wait for the others (R22)."""
        a = action if type(action) is Action else Action.parse(action)
        g = self.game
        if a == DRAW or a == STOP:
            tick_seats = self._scan()[2]  # empty while a chance step is due
            if seat in tick_seats:
                if a not in g.legal_actions(seat):
                    g.apply(seat, a)  # raises with the reason
                self.tick[seat] = a
                self.unrecorded += 1
                self._close_tick(tick_seats)
                return
        g.apply(seat, a)
        self.acted[seat] += 1

    def _close_tick(self, seats: tuple[int, ...]) -> None:
        """Draws and stops stay hidden until every seat of the stir tick (``seats``) has decided; then the tick goes
        to the queue, to be revealed in seat order (R22)."""
        tick = self.tick
        if len(tick) >= len(seats) and all(map(tick.__contains__, seats)):
            self.queue = sorted(tick.items())
            self.tick = {}

    def reveal_next(self) -> None:
        """Carry out the next revealed tick decision (``_reveal``)."""
        self._reveal(1)

    def _reveal(self, most: int) -> None:
        """Carry out up to ``most`` revealed tick decisions in seat order, or until a chance step comes between (a blue
        pick's chips); each is skipped if it is no longer legal, and a draw takes its chip from the seat's stream at
        once. A tick every seat has decided is queued first."""
        if not self.queue:
            self.queue = sorted(self.tick.items())
            self.tick = {}
        queue = self.queue
        g = self.game
        acted = self.acted
        streams = self._draw_streams
        for _ in range(most):
            seat, a = queue.pop(0)
            if a is DRAW or a == DRAW:
                rng = streams.get(seat)
                if rng is None:
                    rng = streams[seat] = self.streams.stream("draw", seat)
                if fast.draw(g, seat, rng) is not None:
                    acted[seat] += 1
                else:
                    self.unrecorded += 1  # skipped: the queue moved on, the record did not
            elif a in g.legal_actions(seat):
                acted[seat] += 1
                g.apply(seat, a)
            else:
                self.unrecorded += 1
            if not queue or g.pending_chance() is not None:
                return

    def reason(self, seat: int) -> Reason | None:
        """The reason of the bot's latest choice (None if it has not chosen yet), put into words by
        ``wording.reasons.reason_text`` where it is shown."""
        d = self.last_decision.get(seat)
        return d.reason if d is not None else None

    # ------------------------------------------------------------------------------------------------
    # undo (table.md: "Undo for every step that reveals nothing random ... until it is confirmed")

    def undo_point(self, seat: int) -> int | None:
        """Where the record would be cut to take back ``seat``'s last action, or None if it cannot be.

        An action can be taken back while nothing random has happened since, no other human has acted since
        (bots' actions after it are made again, the same way, from the same seeds), and it did not confirm
        a decision (``done``, a purchase, passing) or start something random (``draw``, ``stop``: the
        next step is drawn, revealed or rolled). Hidden stir decisions of other humans block it too.
        """
        if not self.is_human(seat) or any(s != seat and self.is_human(s) for s in self.tick):
            return None
        return undo_cut(self.game.record, seat, self.is_human)

    def undone(self, seat: int) -> Match | None:
        """A new match as it was before ``seat``'s last action (see ``undo_point``), or None (``MatchDriver.undo``
        goes on from it)."""
        cut = self.undo_point(seat)
        if cut is None:
            return None
        data = self.to_data()
        data["record"] = data["record"][:cut]
        data["tick"], data["queue"] = {}, []
        return Match.from_data(self.cat, data)

    def ask_undo(self, seat: int) -> bool:
        """False: nothing is asked of anyone, this match takes its undo back itself (``undone``; the driver's door,
        ``session/driven.py``)."""
        return False

    def take_undo_refused(self) -> bool:
        """False: no undo is ever asked of another computer (``ask_undo``)."""
        return False

    def take_rebased(self) -> bool:
        """False: this match's game is never replaced from outside (an undo makes a new match, ``undone``)."""
        return False

    # ------------------------------------------------------------------------------------------------
    # the driver's door (``session/driven.py``): what differs from a served match's copy at a window

    def step_host_entry(self) -> None:
        """Never due: a match played here has no host (``need`` never says ``HOST_ENTRY`` or ``ELSEWHERE``)."""
        raise ValueError("a match played at this computer has no host's entries to carry out")

    def waiting_elsewhere(self) -> tuple[int, ...]:
        """The seats the match waits for that a person at another computer plays (a host's room: ``is_remote``)."""
        need = self.need()
        return tuple(s for s in need.seats if self.is_remote(s)) if need.kind is Waits.HUMAN else ()

    def decided_elsewhere(self) -> frozenset[int]:
        """The seats of people at other computers whose stir decision is taken and hidden (R22: who, never what)."""
        return frozenset(s for s in self.tick if self.is_remote(s))

    def whole(self) -> Match:
        """Itself: a match played here has its seed (saves, replays and the statistics are written from it)."""
        return self

    def finished(self, seed: int) -> Match:
        """Itself: its seed is known here already (``seed`` must be it)."""
        if seed != self.setup.seed:
            raise ValueError(f"the seed {seed} is not this match's")
        return self

    def to_data(self) -> dict[str, Any]:
        """Everything a save needs: setup, the record of actions and outcomes, and the open stir tick."""
        tick = {str(k): str(v) for k, v in self.tick.items()}
        queue = [[k, str(v)] for k, v in self.queue]
        return {"setup": self.setup.to_data(), "record": [list(e) for e in self.game.record], "tick": tick,
                "queue": queue}

    @staticmethod
    def from_data(catalogue: Catalogue, d: dict[str, Any]) -> Match:
        setup = MatchSetup.from_data(d["setup"])
        tick = {int(k): str(v) for k, v in (d.get("tick") or {}).items()}
        m = Match(catalogue, setup, [tuple(e) for e in d["record"]], tick)
        m.queue = [(int(k), Action.parse(v)) for k, v in (d.get("queue") or [])]
        return m


def hard_for_unsound_experts(m: Match) -> str:
    """An Expert seat whose weights (``data/bots/expert.yaml``) are damaged or missing plays as Hard in this match
    (it would fail at each decision that needs them; issue 30 §7): its bot is replaced, logged. The problem found
    ("" if the weights are sound or no seat is an Expert). The table (``MatchDriver``) and a served match
    (``net/room.py``) both call it; the setup still says Expert, so a save resumes with Expert once the file is
    restored."""
    experts = [seat for seat, bot in m.bots.items() if getattr(bot, "level", "") == "expert"]
    if not experts:
        return ""
    from ..ai.expert import WEIGHTS_FILE, weights_problem  # the Expert's model loads only where one plays (ai/levels)

    problem = weights_problem(m.game.cat)
    if problem:
        for seat in experts:
            m.bots[seat] = make_bot("hard")
        log.warning("%s: %s; the Expert seats %s play as Hard in this game", WEIGHTS_FILE, problem, experts)
    return problem or ""
