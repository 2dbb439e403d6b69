"""The state of each seat, and the small task records that make up the game's agenda.

Pending decisions and chance steps are data (architecture: "pending decisions are state, not blocking
calls"): a ``Decision`` names a seat and a kind; a ``Chance`` names what is drawn, rolled or revealed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, NamedTuple

from .bag import ChipCounts
from .chips import Chip
from .kinds import ChanceKind, DecisionKind


class Decision(NamedTuple):
    """A decision one seat must take; ``kind`` selects the handler, ``data`` its context."""

    seat: int
    kind: DecisionKind
    data: tuple[Any, ...] = ()


class Chance(NamedTuple):
    """A random outcome the game waits for: ``fortune``, ``draw``, ``reveal`` or ``die``; ``purpose`` names
    the procedure that takes it (registry.CHANCES)."""

    kind: ChanceKind
    seat: int | None
    purpose: str = ""
    count: int = 0  # type: ignore[assignment]  # shadows tuple.count on purpose


class Step(NamedTuple):
    """An automatic step of the round: the name of a procedure and its arguments."""

    name: str
    args: tuple[object, ...] = ()


_COLOUR_OF = attrgetter("chip.colour")

# One shared instance per value (tasks are immutable): no NamedTuple constructor on the hot paths. Bounded: past
# so many values a task is made anew each time.
_SHARED_MAX = 20_000
_DECISIONS: dict[tuple[int, DecisionKind, tuple[object, ...]], Decision] = {}
_STEPS: dict[tuple[str, tuple[object, ...]], Step] = {}
_CHANCES: dict[tuple[ChanceKind, int | None, str, int], Chance] = {}


def make_decision(seat: int, kind: DecisionKind, data: tuple[Any, ...] = ()) -> Decision:
    """``Decision(seat, kind, data)``, shared."""
    key = (seat, kind, data)
    d = _DECISIONS.get(key)
    if d is None:
        d = Decision(seat, kind, data)
        if len(_DECISIONS) < _SHARED_MAX:
            _DECISIONS[key] = d
    return d


def make_step(name: str, args: tuple[object, ...] = ()) -> Step:
    """``Step(name, args)``, shared."""
    key = (name, args)
    t = _STEPS.get(key)
    if t is None:
        t = Step(name, args)
        if len(_STEPS) < _SHARED_MAX:
            _STEPS[key] = t
    return t


def make_chance(kind: ChanceKind, seat: int | None, purpose: str = "", count: int = 0) -> Chance:
    """``Chance(kind, seat, purpose, count)``, shared."""
    key = (kind, seat, purpose, count)
    ch = _CHANCES.get(key)
    if ch is None:
        ch = Chance(kind, seat, purpose, count)
        if len(_CHANCES) < _SHARED_MAX:
            _CHANCES[key] = ch
    return ch


class Placed(NamedTuple):
    """A chip in the pot: its space, and what the brew looked like just before it (for the flask, R26)."""

    index: int  # type: ignore[assignment]  # shadows tuple.index on purpose
    chip: Chip
    double_before: int = 1
    shield_before: int = 0


@dataclass(slots=True)
class SeatState:
    """One player's pieces: persistent ones and the current round's."""

    name: str
    score: int = 0
    rubies: int = 1
    droplet: int = 0
    tube: int = 0
    flask_full: bool = True
    bag: ChipCounts = field(default_factory=ChipCounts)
    aside: list[Chip] = field(default_factory=list)

    # --- this round -----------------------------------------------------------------------------------
    rats: int = 0
    pot: list[Placed] = field(default_factory=list)
    white_total: int = 0
    brewing: bool = False
    exploded: bool = False
    protected: bool = False  # blue set 2: the explosion still scores VP and coins (R7)
    shield: int = 0  # blue set 2: drawn chips still covered
    double_next: int = 1  # yellow set 2: the next chip drawn moves this many times its move (R8, R37)
    last_is_drawn_white: bool = False  # the flask may return pot[-1] (R17)
    prev_drawn_white: bool = False  # was the chip drawn before the current one a white in the pot (yellow 1)
    stopped: bool = False  # brewing is over for this seat (stopped, exploded, full pot or empty bag)
    was_full: bool = False  # R38: a chip lay on index 52 this round and left it again (well-stirred)
    aside_settled: bool = False  # red set 2: the seat said "done" with the chips beside its pot
    first_white_seen: bool = False  # well-stirred
    second_chance_offered: bool = False
    aside_this_round: list[Chip] = field(default_factory=list)
    pending: list[Decision] = field(default_factory=list)  # brewing decisions of this seat, last on top
    revealed: list[Chip] = field(default_factory=list)  # chips out of the bag to be looked at
    final_space: int | None = None  # kept once the pot is emptied after shopping
    choice: str | None = None  # an exploded seat's "vp" or "coins"
    coins: int | None = None
    shopped: bool = False
    passed_rats: int = 0  # good-start
    last_space: int = 0  # scoring space of the last evaluated round (R23 tie-break)

    def copy(self) -> SeatState:
        return SeatState(
            name=self.name, score=self.score, rubies=self.rubies, droplet=self.droplet, tube=self.tube,
            flask_full=self.flask_full, bag=self.bag.copy(), aside=self.aside.copy(), rats=self.rats,
            pot=self.pot.copy(), white_total=self.white_total, brewing=self.brewing, exploded=self.exploded,
            protected=self.protected, shield=self.shield, double_next=self.double_next,
            last_is_drawn_white=self.last_is_drawn_white, prev_drawn_white=self.prev_drawn_white,
            stopped=self.stopped, was_full=self.was_full, aside_settled=self.aside_settled,
            first_white_seen=self.first_white_seen, second_chance_offered=self.second_chance_offered,
            aside_this_round=self.aside_this_round.copy(),
            pending=self.pending.copy(), revealed=self.revealed.copy(), final_space=self.final_space,
            choice=self.choice, coins=self.coins, shopped=self.shopped, passed_rats=self.passed_rats,
            last_space=self.last_space,
        )

    def reset_round(self) -> None:
        self.rats = 0
        self.pot = []
        self.white_total = 0
        self.brewing = False
        self.exploded = False
        self.protected = False
        self.shield = 0
        self.double_next = 1
        self.last_is_drawn_white = False
        self.prev_drawn_white = False
        self.stopped = False
        self.was_full = False
        self.aside_settled = False
        self.first_white_seen = False
        self.second_chance_offered = False
        self.aside_this_round = []
        self.pending = []
        self.revealed = []
        self.final_space = None
        self.choice = None
        self.coins = None
        self.shopped = False
        self.passed_rats = 0

    def all_chips(self) -> ChipCounts:
        """Every chip the seat owns: bag, pot, aside and revealed."""
        out = self.bag.copy()
        for p in self.pot:
            out.add(p.chip)
        for c in self.aside:
            out.add(c)
        for c in self.revealed:
            out.add(c)
        return out

    def count_colour(self, colour: object) -> int:
        return list(map(_COLOUR_OF, self.pot)).count(colour)  # the chips of that colour in the pot, counted in C
