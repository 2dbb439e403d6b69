"""A match: the engine, its seats (humans and bots), seeded chance, stir ticks and the record.

Chance and bot choices are drawn from generators seeded by (seed, what, position in the record), so a
match is (setup, record) and resuming it from a save continues exactly as it would have gone on.

Brewing goes in stir ticks (rulings R22): every seat still brewing decides draw or stop; when all have
decided, the decisions are revealed together and carried out in seat order. A seat's own follow-up
choices (a pick, a white chip to return, a second chance, red chips beside the pot) are answered as they
come. With the house switch ``sequential-brewing`` the engine lets one seat brew at a time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..ai.base import Bot
from ..ai.base import Decision as BotDecision
from ..ai.levels import LEVELS, make_bot
from ..rules.actions import DRAW, STOP, Action
from ..rules.catalogue import Catalogue
from ..rules.config import GameConfig
from ..rules.game import ChanceWaiting, Game
from ..rules.replay import apply_entry

HUMAN = "human"
PLAYER_COLOURS = ("amber", "teal", "plum", "moss")


@dataclass(frozen=True)
class SeatSpec:
    """A seat at the table: a name, a player colour, and "human" or a bot level."""

    name: str
    colour: str
    kind: str = HUMAN

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN


@dataclass(frozen=True)
class MatchSetup:
    game: GameConfig
    seats: tuple[SeatSpec, ...]
    seed: int

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game.to_data(),
            "seats": [{"name": s.name, "colour": s.colour, "kind": s.kind} for s in self.seats],
            "seed": self.seed,
        }

    @staticmethod
    def from_data(d: dict[str, Any]) -> MatchSetup:
        seats = tuple(SeatSpec(str(s["name"]), str(s["colour"]), str(s["kind"])) for s in d["seats"])
        for s in seats:
            if s.kind != HUMAN and s.kind not in LEVELS:
                raise ValueError(f"unknown seat kind {s.kind!r}")
        setup = MatchSetup(GameConfig.from_data(d["game"]), seats, int(d["seed"]))
        if len(setup.seats) != len(setup.game.seats):
            raise ValueError("the seats and the game disagree")
        return setup


@dataclass(frozen=True)
class Need:
    """What the match waits for: a ``chance`` step, a ``bot`` or ``human`` choice, a ``tick`` to reveal, or ``over``."""

    kind: str
    seats: tuple[int, ...] = ()
    chance: ChanceWaiting | None = None


@dataclass
class Moment:
    """One thing that happened, for the table to show: who, what, and the bot's reason."""

    seat: int | None
    text: str
    action: str = ""
    reason: str = ""
    events: list[Any] = field(default_factory=list)


class Match:
    def __init__(self, catalogue: Catalogue, setup: MatchSetup, record: list[Any] | None = None,
                 tick: dict[int, str] | None = None) -> None:
        self.setup = setup
        self.cat = catalogue
        self.game = Game(catalogue, setup.game)
        for entry in record or []:
            apply_entry(self.game, entry)
        self.bots: dict[int, Bot] = {i: make_bot(s.kind) for i, s in enumerate(setup.seats) if s.is_bot}
        self.tick: dict[int, Action] = {k: Action.parse(a) for k, a in (tick or {}).items()}
        self.queue: list[tuple[int, Action]] = []  # tick decisions being revealed, in seat order
        self.last_reason: dict[int, str] = {}
        self.listeners: list[Callable[[Moment], None]] = []

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
        g = self.game
        if g.is_over:
            return Need("over")
        ch = g.waiting()
        if isinstance(ch, ChanceWaiting):
            return Need("chance", chance=ch)
        if self.queue:
            return Need("reveal")
        seats = g.acting_seats()
        # follow-up choices first (a pick, a return, a second chance, chips beside the pot)
        follow = [s for s in seats if g.decision_kind(s) != "brew"]
        if follow:
            s = follow[0]
            return Need("human" if self.is_human(s) else "bot", (s,))
        brewing = self.tick_seats()
        if brewing:
            undecided = [s for s in brewing if s not in self.tick]
            bots = [s for s in undecided if not self.is_human(s)]
            if bots:
                return Need("bot", (bots[0],))
            if undecided:
                return Need("human", tuple(undecided))
            return Need("reveal")
        return Need("over")

    # ------------------------------------------------------------------------------------------------
    def rng(self, what: str, seat: int | None = None) -> random.Random:
        return random.Random(f"{self.setup.seed}:{what}:{seat}:{len(self.game.record)}")

    def step_chance(self) -> Moment:
        g = self.game
        ch = g.pending_chance()
        assert ch is not None
        n = len(g.events)
        outcome = g.sample_chance(self.rng("chance", ch.seat))
        g.apply_chance(outcome)
        return self._moment(ch.seat, f"{ch.kind}", "", "", n)

    def bot_decide(self, seat: int, game: Game | None = None) -> BotDecision:
        """The bot's choice for ``seat`` (may run on a copy of the game in a worker thread)."""
        g = game or self.game
        bot = self.bots[seat]
        actions = list(g.legal_actions(seat))
        return bot.decide(g, seat, actions, self.rng("bot", seat))

    def submit(self, seat: int, action: Action | str, reason: str = "") -> Moment:
        """A human's or bot's choice. Draw and stop in a stir tick wait for the others (R22)."""
        a = Action.parse(action)
        g = self.game
        if reason:
            self.last_reason[seat] = reason
        if self.in_tick() and seat in self.tick_seats() and a in (DRAW, STOP):
            if a not in g.legal_actions(seat):
                g.apply(seat, a)  # raises with the reason
            self.tick[seat] = a
            if all(s in self.tick for s in self.tick_seats()):
                self.queue = sorted(self.tick.items())
                self.tick = {}
            return Moment(seat, "decided", str(a), reason)
        n = len(g.events)
        g.apply(seat, a)
        return self._moment(seat, "acted", str(a), reason, n)

    def in_tick_reveal(self) -> bool:
        """True while the decisions of a stir tick are being carried out (or a draw of it needs its chip)."""
        return bool(self.queue) or self.game.pending_chance() is not None

    def reveal_next(self) -> Moment:
        """Carry out the next revealed tick decision (a draw then needs its chip: a chance step)."""
        seat, a = self.queue.pop(0)
        g = self.game
        n = len(g.events)
        if a in g.legal_actions(seat):
            g.apply(seat, a)
        return self._moment(seat, "revealed", str(a), self.last_reason.get(seat, ""), n)

    def advance(self) -> Moment | None:
        """Do one automatic thing (a chance step, a reveal, or a bot's choice); None if a human must act."""
        need = self.need()
        if need.kind == "chance":
            return self.step_chance()
        if need.kind == "reveal":
            if not self.queue and self.tick:
                self.queue = sorted(self.tick.items())
                self.tick = {}
            return self.reveal_next()
        if need.kind == "bot":
            seat = need.seats[0]
            d = self.bot_decide(seat)
            return self.submit(seat, d.action, d.reason)
        return None

    def run_until_human(self, limit: int = 100_000) -> None:
        for _ in range(limit):
            if self.advance() is None:
                return

    def _moment(self, seat: int | None, text: str, action: str, reason: str, n: int) -> Moment:
        m = Moment(seat, text, action, reason, self.game.events[n:])
        for fn in self.listeners:
            fn(m)
        return m

    # ------------------------------------------------------------------------------------------------
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
