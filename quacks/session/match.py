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

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..ai.base import Bot
from ..ai.base import Decision as BotDecision
from ..ai.levels import make_bot
from ..rules.actions import DRAW, STOP, Action
from ..rules.catalogue import Catalogue
from ..rules.chance import draw_from
from ..rules.chips import CHIPS
from ..rules.game import ChanceWaiting, Game
from ..rules.replay import apply_entry
from .seeding import Streams
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

    def in_tick(self) -> bool:
        """True while brewing decisions (draw / stop) are collected tick by tick."""
        g = self.game
        if g.pending_chance() is not None or g.phase != "brewing":
            return False
        seats = g.acting_seats()
        return bool(seats) and any(g.decision_kind(s) == "brew" for s in seats)

    def tick_seats(self) -> list[int]:
        """Seats that decide in this stir tick: brewing, without a pending follow-up choice."""
        g = self.game
        return [s for s in g.acting_seats() if g.decision_kind(s) == "brew"]

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
        seats = g.acting_seats()
        kind = g.decision_kind
        for s in seats:
            if kind(s) != "brew":  # a follow-up choice (a pick, a return, a second chance, chips beside the pot)
                return Need(Waits.HUMAN if s not in self.bots else Waits.BOT, (s,))
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
        g = self.game
        g.apply_chance(self.streams.sample(g))

    def bot_decide(self, seat: int, game: Game | None = None) -> BotDecision:
        """The bot's choice for ``seat`` (may run on a copy of the game in a worker thread)."""
        g = game or self.game
        actions = list(g.legal_actions(seat))
        rng = self.streams.bot_rng(seat, self.acted[seat])
        timer = self.bot_timer
        if timer is None:
            return self.bots[seat].decide(g, seat, actions, rng)  # type: ignore[arg-type]
        t0 = time.perf_counter()
        d = self.bots[seat].decide(g, seat, actions, rng)  # type: ignore[arg-type]
        timer(seat, actions[0] is DRAW, time.perf_counter() - t0)
        return d

    def submit(self, seat: int, action: Action | str) -> None:
        """A human's or bot's choice. Draw and stop in a stir tick wait for the others (R22)."""
        a = Action.parse(action)
        g = self.game
        if (a == DRAW or a == STOP) and g.pending_chance() is None and g.decision_kind(seat) == "brew":
            seats = self.tick_seats()
            if seat in seats:
                if a not in g.legal_actions(seat):
                    g.apply(seat, a)  # raises with the reason
                self.tick[seat] = a
                if all(s in self.tick for s in seats):
                    self.queue = sorted(self.tick.items())
                    self.tick = {}
                return
        g.apply(seat, a)
        self.acted[seat] += 1

    def in_tick_reveal(self) -> bool:
        """True while the decisions of a stir tick are being carried out (or a draw of it needs its chip)."""
        return bool(self.queue) or self.game.pending_chance() is not None

    def reveal_next(self) -> None:
        """Carry out the next revealed tick decision; a draw takes its chip from the seat's stream at once."""
        seat, a = self.queue.pop(0)
        g = self.game
        if a in g.legal_actions(seat):
            self.acted[seat] += 1
            if a == DRAW:
                bag = g.seats[seat].bag
                g.draw(seat, CHIPS[draw_from(bag.raw(), bag.total, self.streams.stream("draw", seat))])
            else:
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
        seats = g.acting_seats()
        kind = g.decision_kind
        bots = self.bots
        for s in seats:
            if kind(s) != "brew":
                return self._bot_acts(s) if s in bots else False
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
        self.submit(seat, d.action)
        return True

    def reason(self, seat: int) -> str:
        """The one-line reason of the bot's latest choice ("" if it has not chosen yet)."""
        d = self.last_decision.get(seat)
        return d.reason if d is not None else ""

    def run_until_human(self, limit: int = 1_000_000) -> None:
        for _ in range(limit):
            if not self.advance():
                return
        raise RuntimeError(f"the match did not settle in {limit} steps: {self.game.describe_waiting()}")

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
