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

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from time import perf_counter
from typing import Any

from ..ai.base import Bot
from ..ai.base import Decision as BotDecision
from ..ai.levels import make_bot
from ..rules import fast
from ..rules.actions import DRAW, STOP, Action
from ..rules.catalogue import Catalogue
from ..rules.game import ChanceWaiting, Game
from ..rules.kinds import DecisionKind, Phase
from ..rules.replay import apply_entry
from .seeding import LazyRandom, Streams
from .setup import HUMAN, PLAYER_COLOURS, MatchSetup, SeatSpec

__all__ = ["HUMAN", "PLAYER_COLOURS", "Match", "MatchSetup", "Need", "SeatSpec", "Waits"]

UNDO_NEVER = frozenset({"draw", "stop", "done", "buy", "pass"})  # these reveal something random or confirm
BotTimer = Callable[[int, bool, float], None]  # (seat, a draw/stop decision?, seconds)


class Waits(Enum):
    """What a match waits for."""

    CHANCE = "chance"  # a random outcome (the match samples it)
    REVEAL = "reveal"  # the decisions of a stir tick, to be carried out
    BOT = "bot"  # a bot's choice
    HUMAN = "human"  # a human's choice (the seats listed)
    OVER = "over"  # nothing: the game is over


@dataclass(frozen=True)
class Need:
    """What the match waits for, and from which seats."""

    kind: Waits
    seats: tuple[int, ...] = ()
    chance: ChanceWaiting | None = None


class Match:
    def __init__(self, catalogue: Catalogue, setup: MatchSetup, record: list[Any] | None = None,
                 tick: dict[int, str] | None = None, *, events: bool = True, keep_record: bool = True) -> None:
        self.setup = setup
        self.cat = catalogue
        self.game = Game(catalogue, setup.game, events=events, record=keep_record)
        self.streams = Streams(setup.seed)
        self.acted = [0] * self.game.n  # actions taken per seat: the bots' decision counters
        for entry in record or []:
            self.apply_entry(entry)
        self.bots: dict[int, Bot] = {i: make_bot(s.kind) for i, s in enumerate(setup.seats) if s.is_bot}
        self.tick: dict[int, Action] = {k: Action.parse(a) for k, a in (tick or {}).items()}
        self.queue: list[tuple[int, Action]] = []  # tick decisions being revealed, in seat order
        self.last_decision: dict[int, BotDecision] = {}  # each bot's latest choice (its reason, read when shown)
        self.bot_timer: BotTimer | None = None
        #: if set, per seat: (times of its draw/stop decisions, times of its other decisions), in seconds, appended
        #: as the bots decide (cheaper than ``bot_timer``; simulate reads them after each game)
        self.bot_times: list[tuple[list[float], list[float]]] | None = None
        self.clock: Callable[[], float] = perf_counter  # what bot decisions are timed with (seconds)
        self._scan_version = -1  # the game version _scanned belongs to
        self._draw_streams: dict[int, Any] = {}  # seat -> its draw stream (Streams.stream("draw", seat))
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

    def is_human(self, seat: int) -> bool:
        return not self.setup.seats[seat].is_bot

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.setup.seats) if not s.is_bot]

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
        brew: list[int] = []
        other: list[int] = []
        for k in g.acting_seats():
            (brew if g.decision_kind(k) is DecisionKind.BREW else other).append(k)
        if other:
            seats = tuple(g.acting_seats())
            scanned = (seats, other[0], tuple(brew))
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

    def need(self) -> Need:
        """What happens next (the order ``advance`` follows): a chance step, the rest of a tick being revealed,
        a seat's follow-up choice, then the undecided seats of the stir tick (bots first), then the reveal."""
        g = self.game
        if g.is_over:
            return Need(Waits.OVER)
        ch = g.pending_chance()
        if ch is not None:
            return Need(Waits.CHANCE, chance=ChanceWaiting(ch.kind, ch.seat, ch.count))
        if self.queue:
            return Need(Waits.REVEAL)
        seats, follow, tick_seats = self._scan()
        if follow >= 0:  # a follow-up choice (a pick, a return, a second chance, chips beside the pot)
            return Need(Waits.HUMAN if follow not in self.bots else Waits.BOT, (follow,))
        if not seats:
            return Need(Waits.OVER)
        undecided = [s for s in seats if s not in self.tick]
        for s in undecided:
            if s in self.bots:
                return Need(Waits.BOT, (s,))
        if undecided:
            return Need(Waits.HUMAN, tuple(undecided))
        return Need(Waits.REVEAL)

    # ------------------------------------------------------------------------------------------------
    def step_chance(self) -> None:
        """The chance step due, its outcome from its stream (``Streams.sample``, without sampling twice)."""
        g = self.game
        ch = g.pending_chance()
        if ch is None:
            raise ValueError("no chance step is due")
        g.apply_chance(g.sample_chance(self.streams.stream(ch.kind, -1 if ch.seat is None else ch.seat)))

    def bot_decide(self, seat: int, game: Game | None = None) -> BotDecision:
        """The bot's choice for ``seat`` (may run on a copy of the game in a worker thread).

        The bot reads the engine's list of legal actions (it must not change it)."""
        g = game or self.game
        actions = g.legal_actions(seat)
        rng = self.streams.bot_rng(seat, self.acted[seat])
        times = self.bot_times
        timer = self.bot_timer
        if times is None and timer is None:
            return self.bots[seat].decide(g, seat, actions, rng)  # type: ignore[arg-type]
        clock = self.clock
        t0 = clock()
        d = self.bots[seat].decide(g, seat, actions, rng)  # type: ignore[arg-type]
        dt = clock() - t0
        if times is not None:
            times[seat][0 if actions[0] is DRAW else 1].append(dt)
        if timer is not None:
            timer(seat, actions[0] is DRAW, dt)
        return d

    def submit(self, seat: int, action: Action | str) -> None:
        """A human's or bot's choice. Draw and stop in a stir tick wait for the others (R22)."""
        a = action if type(action) is Action else Action.parse(action)
        g = self.game
        if a == DRAW or a == STOP:
            seats = self._scan()[2]  # empty while a chance step is due
            if seat in seats:
                if a not in g.legal_actions(seat):
                    g.apply(seat, a)  # raises with the reason
                tick = self.tick
                tick[seat] = a
                if len(tick) >= len(seats) and all(map(tick.__contains__, seats)):
                    self.queue = sorted(tick.items())
                    self.tick = {}
                return
        g.apply(seat, a)
        self.acted[seat] += 1

    def in_tick_reveal(self) -> bool:
        """True while the decisions of a stir tick are being carried out (or a draw of it needs its chip)."""
        return bool(self.queue) or self.game.pending_chance() is not None

    def reveal_next(self) -> None:
        """Carry out the next revealed tick decision (skipped if it is no longer legal); a draw takes its chip
        from the seat's stream at once."""
        seat, a = self.queue.pop(0)
        g = self.game
        if a is DRAW or a == DRAW:
            rng = self._draw_streams.get(seat)
            if rng is None:
                rng = self._draw_streams[seat] = self.streams.stream("draw", seat)
            if fast.draw(g, seat, rng) is not None:
                self.acted[seat] += 1
        elif a in g.legal_actions(seat):
            self.acted[seat] += 1
            g.apply(seat, a)

    def advance(self) -> bool:
        """Do one automatic thing (a chance step, a reveal, or a bot's choice); False if a human must act
        (or the game is over).

        The same order as ``need``, written out without building its answer (simulate runs through here)."""
        g = self.game
        if g.over:
            return False
        if g.pending_chance() is not None:
            self.step_chance()
            return True
        if self.queue:
            self.reveal_next()
            return True
        seats, follow, _tick_seats = self._scan()
        bots = self.bots
        if follow >= 0:
            return self._bot_acts(follow) if follow in bots else False
        if not seats:
            return False
        tick = self.tick
        waiting_for_human = False
        for s in seats:
            if s not in tick:
                if s in bots:
                    return self._bot_acts(s)
                waiting_for_human = True
        if waiting_for_human:
            return False
        self.queue = sorted(tick.items())
        self.tick = {}
        self.reveal_next()
        return True

    def _bot_acts(self, seat: int) -> bool:
        d = self.bot_decide(seat)
        self.last_decision[seat] = d
        a = d.action
        if a is DRAW or a is STOP:  # submit's stir-tick path, without parsing or comparing the action again
            seats = self._scan()[2]
            if seat in seats:
                if a not in self.game.legal_actions(seat):
                    self.game.apply(seat, a)  # raises with the reason
                tick = self.tick
                tick[seat] = a
                if len(tick) >= len(seats) and all(map(tick.__contains__, seats)):
                    self.queue = sorted(tick.items())
                    self.tick = {}
                return True
        self.submit(seat, a)
        return True

    def reason(self, seat: int) -> str:
        """The one-line reason of the bot's latest choice ("" if it has not chosen yet)."""
        d = self.last_decision.get(seat)
        return d.reason if d is not None else ""

    def run_until_human(self, limit: int = 1_000_000, watch: Callable[[], None] | None = None) -> None:
        """``advance`` until a human must act or the game is over: the same steps in the same order (simulate runs
        through here), with less asked between them. A stir tick of bots is decided and revealed in one go: the
        bots decide in seat order, then the decisions are carried out in seat order, the chance steps they
        bring (a blue pick's chips) in between.

        ``watch`` is called after every step that leaves the game outside the brewing phase (the steps between
        the brews: chance steps, decisions, and the reveal that ends the brewing)."""
        g = self.game
        bots = self.bots
        acted = self.acted
        last = self.last_decision
        rngs: dict[int, LazyRandom] = {}
        brewing = Phase.BREWING
        steps = 0
        while steps < limit:
            steps += 1
            if g.over:
                return
            if g.pending_chance() is not None:
                self.step_chance()
            elif self.queue:
                self._reveal_queue()
            else:
                seats, follow, _tick = self._scan()
                if follow >= 0:  # a follow-up choice
                    if follow not in bots:
                        return
                    self._bot_acts(follow)
                elif not seats:
                    return
                else:  # a stir tick: the undecided bots decide in seat order, then the tick is revealed
                    tick = self.tick
                    v = g.version
                    times = self.bot_times
                    timer = self.bot_timer
                    clock = self.clock
                    for seat in seats:
                        if seat in tick:
                            continue
                        bot = bots.get(seat)
                        if bot is None:  # a human: the bots after it still decide (need: bots first)
                            continue
                        steps += 1
                        actions = g.legal_actions(seat)
                        rng = rngs.get(seat)
                        if rng is None:
                            rng = rngs[seat] = self.streams.bot_rng(seat, acted[seat])
                        else:  # the generator bot_decide would make for (seat, actions so far), reused
                            rng._last = acted[seat]
                            rng._stale = True
                        if times is not None:
                            t0 = clock()
                            d = bot.decide(g, seat, actions, rng)  # type: ignore[arg-type]
                            times[seat][0 if actions[0] is DRAW else 1].append(clock() - t0)
                        elif timer is not None:
                            t0 = clock()
                            d = bot.decide(g, seat, actions, rng)  # type: ignore[arg-type]
                            timer(seat, actions[0] is DRAW, clock() - t0)
                        else:
                            d = bot.decide(g, seat, actions, rng)  # type: ignore[arg-type]
                        last[seat] = d
                        a = d.action
                        if (a is DRAW or a is STOP) and a in actions:
                            tick[seat] = a
                        else:
                            self.submit(seat, a)  # anything else acts at once (or raises if it is illegal)
                            if self.queue or g.version != v:
                                break
                    else:
                        if len(tick) < len(seats) or not all(map(tick.__contains__, seats)):
                            return  # a human decides
                        self.queue = sorted(tick.items())
                        self.tick = {}
                        self._reveal_queue()
            if watch is not None and g.phase is not brewing:
                watch()
        raise RuntimeError(f"the match did not settle in {limit} steps: {self.game.describe_waiting()}")

    def _reveal_queue(self) -> None:
        """``reveal_next`` until the tick is carried out or a chance step is due (which comes first)."""
        queue = self.queue
        g = self.game
        acted = self.acted
        streams = self._draw_streams
        while queue:
            seat, a = queue.pop(0)
            if a is DRAW or a == DRAW:
                rng = streams.get(seat)
                if rng is None:
                    rng = streams[seat] = self.streams.stream("draw", seat)
                if fast.draw(g, seat, rng) is not None:
                    acted[seat] += 1
            elif a in g.legal_actions(seat):
                acted[seat] += 1
                g.apply(seat, a)
            if g.pending_chance() is not None:
                return

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
        record = self.game.record
        for i in range(len(record) - 1, -1, -1):
            e = record[i]
            if e[0] == "chance":
                return None
            who = int(e[1])
            if who != seat:
                if self.is_human(who):
                    return None
                continue
            verb = str(e[2]).split()[0]
            if verb in UNDO_NEVER:
                return None
            return i
        return None

    def undone(self, seat: int) -> Match | None:
        """A new match as it was before ``seat``'s last action (see ``undo_point``), or None."""
        cut = self.undo_point(seat)
        if cut is None:
            return None
        data = self.to_data()
        data["record"] = data["record"][:cut]
        data["tick"], data["queue"] = {}, []
        return Match.from_data(self.cat, data)

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
