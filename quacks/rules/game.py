"""The game: one door over an agenda of steps, decisions and chance steps.

``waiting()`` says who may act (or which random outcome is due), ``legal_actions(seat)`` lists what a seat
may do, ``apply(seat, action)`` does it, ``apply_chance(outcome)`` feeds a draw, reveal, die roll or card
(``pending_chance()`` names it, ``sample_chance(rng)`` draws one). ``acting_seats``, ``decision_kind``,
``current_decision``, ``version``, ``is_over``, ``ranking`` and ``clone`` answer the rest. Everything in
between (automatic steps of the round, decisions with a single legal action) runs by itself. The UI, the
bots, the scenarios, saves, replays and the tests all go through this one door.

One shortcut past it exists, and it lives in ``fast.py``, the simulation's documented facade: ``fast.draw``
is ``apply(seat, DRAW)`` and ``apply_chance`` of the chip sampled, in one step (the match reveals its stir
ticks' draws with it, at the table and in ``simulate``; without it ``simulate`` takes about a fifth more CPU
time). Its step here is ``_drawn``; tests/rules/test_fast.py plays seeded games both ways and compares their
fingerprints.

The other public methods serve the rule procedures (brewing.py, round_flow.py, decisions.py, books.py,
fortunes.py): the agenda (``push``), the resources with one door each (``gain_vp`` ... ``give_reward``, each
telling its event) and the table's questions (prices, limits, neighbours, scoring spaces).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Action, IllegalAction
from .catalogue import Book, Catalogue, FortuneCard
from .chips import BOOK_COLOURS, CHIPS, SET_COLOURS, Chip, Colour
from .config import GameConfig
from .events import DRAWN, Cause, Event
from .kinds import ChanceKind, DecisionKind, EventKind, Phase
from .params import Reward
from .registry import CHANCES, DECISIONS, STEPS
from .state import Chance, Decision, SeatState, Step, make_decision, make_step

if TYPE_CHECKING:  # pragma: no cover
    from .chance import Outcome
    from .fortunes import CardEffect


class Brew(NamedTuple):
    """The brewing agenda item: several seats may act in any order (R22). ``only`` limits it to one seat."""

    only: int | None = None


@dataclass(frozen=True)
class SeatWaiting:
    seat: int
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class ChanceWaiting:
    kind: ChanceKind
    seat: int | None
    count: int = 0


Task = Step | Decision | Chance | Brew
#: a record entry: ("act", seat, action) or ("chance", kind, seat, outcome), as saves and replays keep it
RecordEntry = tuple[Any, ...]


class Game:
    """One game of Quacks. Mutable; ``clone()`` gives an independent copy (for bots and previews)."""

    def __init__(self, catalogue: Catalogue, config: GameConfig, *, events: bool = True,
                 record: bool = True, copy_of: Game | None = None) -> None:
        if copy_of is not None:  # clone(): the copy's own state, taken from ``copy_of``
            self._copy_from(copy_of, events and record)
            return
        self.cat = catalogue
        self.keep_record = record
        self._version = 0
        #: seats the brewing item settles next (those that acted or got an outcome); None: every seat (brewing
        #: begins). Kept by the engine: apply and apply_chance add to it, brewing.brew_settle empties it.
        self.to_settle: set[int] | None = None
        self._legal: tuple[int, dict[int, list[Action]]] = (-1, {})  # (version, seat -> legal actions)
        self._acting: tuple[int, list[int]] | None = None  # (version, seats that may act while brewing)
        self.config = config
        self.n = len(config.seats)
        self._orders = [[(start + k) % self.n for k in range(self.n)] for start in range(self.n)]
        self.tubes = config.tubes
        self._sequential = bool(config.house_rule("sequential-brewing"))
        self.record_events = events
        self.events: list[Event] = []
        self.record: list[RecordEntry] = []
        self.round = config.first_round
        self.start_seat = 0
        self.phase = Phase.FORTUNE
        self.fortune: FortuneCard | None = None
        self.used_cards: list[str] = []
        self.fixed_rats: list[int] | None = None
        self.agenda: list[Task] = []
        self._staged: list[Task] = []
        self.over = False
        self.supply = catalogue.supply.copy()
        self.books: dict[Colour, Book] = {c: catalogue.books[c][config.books[c]] for c in SET_COLOURS}
        self.black = catalogue.black_for(self.n)
        self.seats: list[SeatState] = []
        start_rubies = int(config.house_rule("starting-rubies"))
        for i, name in enumerate(config.seats):
            s = SeatState(name=name, rubies=start_rubies, bag=catalogue.start_bag.copy())
            setup = config.setup.get(i)
            if setup is not None:
                if setup.score is not None:
                    s.score = setup.score
                if setup.rubies is not None:
                    s.rubies = setup.rubies
                if setup.droplet is not None:
                    s.droplet = min(setup.droplet, self.cat.pot.last)
                if setup.tube is not None:
                    s.tube = min(setup.tube, len(self.cat.tubes))
                if setup.flask_full is not None:
                    s.flask_full = setup.flask_full
                if setup.bag is not None:
                    s.bag = setup.bag.copy()
                if setup.aside is not None:
                    s.aside = list(setup.aside)
            self.seats.append(s)
        # The supply holds what no seat holds (R4): the box minus every bag and everything aside.
        self.supply_shortfall: dict[str, int] = {}
        for s in self.seats:
            for c, k in list(s.bag.items()) + [(c, 1) for c in s.aside]:
                have = self.supply[c]
                if have < k:
                    self.supply_shortfall[c.name] = self.supply_shortfall.get(c.name, 0) + k - have
                self.supply.set(c, max(0, have - k))
        for c, k in config.supply.items():
            self.supply.set(c, k)
        self._prices: tuple[int, list[int | None]] | None = None
        # Which book effects take part in which hook (faster than asking every effect every time).
        from .books import BookEffect

        effects = [self.cat.orange.effect, self.black.effect] + [b.effect for b in self.books.values()]
        self.book_effects = effects
        self.limit_effects = [e for e in effects if type(e).limit is not BookEffect.limit]
        self.pot_last = self.cat.pot.last
        movers = [e for e in effects if type(e).move_bonus is not BookEffect.move_bonus]
        after = {e.colour: e for e in effects if type(e).after_place is not BookEffect.after_place}
        divert = {e.colour: e for e in effects if type(e).diverts is not BookEffect.diverts}
        #: by chip index, the books acting when that chip is placed (brewing.place): the one that may send it beside
        #: the pot, those whose move bonus may apply, the one acting once it lies in the pot; None for most chips
        hooks = [(divert.get(c.colour), tuple(e for e in movers if e.moves(c)), after.get(c.colour)) for c in CHIPS]
        self.place_hooks: list[tuple[BookEffect | None, tuple[BookEffect, ...], BookEffect | None] | None] = [
            None if h[0] is None and not h[1] and h[2] is None else h for h in hooks
        ]
        # The round's fortune card, by the hooks it takes part in (round_flow.set_fortune; the others cost nothing).
        self.card_move_bonus: CardEffect | None = None  # the card's effect if it gives move bonuses this round
        self.card_after_place: CardEffect | None = None  # the card's effect if it acts after a chip is placed
        self.card_white_limit: CardEffect | None = None  # the card's effect if it raises the white limit
        self.card_offers_restart = False  # the card may offer a restart (second-chance)
        self.push(make_step("round_start"))
        self._flush()
        self._run()

    def _copy_from(self, g: Game, keep_record: bool) -> None:
        """This game becomes a copy of ``g``: sharing the immutable parts, owning everything a step can change."""
        if hasattr(self, "__dict__"):
            self.__dict__.update(g.__dict__)
        else:  # compiled by mypyc (quacks/accel.py): no __dict__, but a state to hand over
            self.__setstate__(g.__getstate__())  # type: ignore[attr-defined]
        self.seats = [s.copy() for s in g.seats]
        self.supply = g.supply.copy()
        self.agenda = g.agenda.copy()
        self._staged = []
        self.to_settle = None
        self._legal = (-1, {})
        self.used_cards = g.used_cards.copy()
        self.fixed_rats = None if g.fixed_rats is None else g.fixed_rats.copy()
        if keep_record:
            self.events = g.events.copy() if g.record_events else []
            self.record = g.record.copy()
        else:
            self.record_events = False
            self.keep_record = False
            self.events = []
            self.record = []

    def effect_of(self, colour: Colour) -> Any:
        """The effect of the book of ``colour`` (None for white chips): a ``books.BookEffect``, typed Any for the
        parameters each kind of effect adds (its callers read them)."""
        if colour is Colour.ORANGE:
            return self.cat.orange.effect
        if colour is Colour.BLACK:
            return self.black.effect
        b = self.books.get(colour)
        return b.effect if b is not None else None

    # ------------------------------------------------------------------------------------------------
    # the door

    def clone(self, record: bool = True) -> Game:
        """An independent copy. ``record``: it keeps the events and the record (copied as they are now) and
        goes on keeping them as this game does; False: it keeps neither (a copy to simulate on)."""
        return Game(self.cat, self.config, events=record, record=record, copy_of=self)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def version(self) -> int:
        """A counter that grows whenever the state changes (every ``apply`` and ``apply_chance``).

        Read-only; views and caches outside the engine key on it ("has anything changed since I looked?")."""
        return self._version

    def pending_chance(self) -> Chance | None:
        """The chance step due now (kind, seat, count), or None when a seat acts or the game is over.

        The one public way to ask "is a random outcome due?" (outside the engine nobody reads the agenda)."""
        agenda = self.agenda
        if agenda:
            t = agenda[0]
            if type(t) is Chance:
                return t
        return None

    def acting_seats(self) -> list[int]:
        """Seats that may act now (empty while a chance step is due or at the end; do not modify the list)."""
        acting = self._acting  # set only with brewing's item up: at this version, the answer
        if acting is not None and acting[0] == self._version:
            return acting[1]
        if not self.agenda:
            return []
        t = self.agenda[0]
        if type(t) is Decision:
            return [t.seat]
        if type(t) is Brew:
            return self._brewing_now(t)
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (cached until the state changes; do not modify the list)."""
        v = self._version
        cached = self._legal
        if cached[0] == v:
            out = cached[1].get(seat)
            if out is not None:
                return out
        else:
            cached = self._legal = (v, {})
        out = []
        if self.agenda:
            t = self.agenda[0]
            if type(t) is Brew:
                if seat in self._brewing_now(t):
                    s = self.seats[seat]
                    if s.pending:
                        d = s.pending[0]
                        out = DECISIONS[d.kind][0](self, d)
                    elif s.brewing:
                        out = brewing.brew_choices(self, seat)
            elif type(t) is Decision:
                if t.seat == seat:
                    out = DECISIONS[t.kind][0](self, t)
        cached[1][seat] = out
        return out

    def decision_kind(self, seat: int) -> DecisionKind | None:
        """What the seat is deciding: ``DecisionKind.BREW`` (draw, stop, flask), a registered decision kind
        (``SHOP``, ``PICK``, ``CARD``, ...), or None when the seat has nothing to decide now."""
        t = self.agenda[0] if self.agenda else None
        if type(t) is Brew:
            s = self.seats[seat]
            return s.pending[0].kind if s.pending else DecisionKind.BREW
        if type(t) is Decision and t.seat == seat:
            return t.kind
        return None

    def current_decision(self, seat: int) -> Decision | None:
        """The decision ``seat`` takes now (its kind and data), or None (brewing's draw/stop is no Decision)."""
        t = self.agenda[0] if self.agenda else None
        if type(t) is Decision and t.seat == seat:
            return t
        if type(t) is Brew and self.seats[seat].pending:
            return self.seats[seat].pending[0]
        return None

    def waiting(self) -> list[SeatWaiting] | ChanceWaiting | None:
        """Either the seats that may act with all their actions, or the chance step due, or None at the end."""
        ch = self.pending_chance()
        if ch is not None:
            return ChanceWaiting(ch.kind, ch.seat, ch.count)
        seats = self.acting_seats()
        if not seats:
            return None
        return [SeatWaiting(s, tuple(self.legal_actions(s))) for s in seats]

    def describe_waiting(self) -> str:
        w = self.waiting()
        if w is None:
            return "nothing (the game is over)"
        if isinstance(w, ChanceWaiting):
            who = f" for {self.seats[w.seat].name}" if w.seat is not None else ""
            return f"a {w.kind}{who}"
        return "; ".join(f"{self.seats[x.seat].name}: {' | '.join(map(str, x.actions))}" for x in w)

    def apply(self, seat: int, action: Action | str) -> None:
        """Take ``action`` for ``seat``; IllegalAction says what the game waits for instead."""
        a = action if type(action) is Action else Action.parse(action)
        legal = self.legal_actions(seat)
        if a not in legal:
            name = self.seats[seat].name if 0 <= seat < self.n else f"seat {seat}"
            if not legal:
                raise IllegalAction(f"{name} cannot act now; waiting for {self.describe_waiting()}")
            raise IllegalAction(f"{name} cannot {a} now; legal: {' | '.join(map(str, legal))}")
        self._version += 1
        if self.keep_record:
            self.record.append(("act", seat, str(a)))
        t = self.agenda[0]
        if type(t) is Decision:
            self.agenda.pop(0)
            DECISIONS[t.kind][1](self, t, a)
        else:
            if self.to_settle is not None:
                self.to_settle.add(seat)
            brewing.brew_apply(self, seat, a)
        self._flush()
        self._run()

    def sample_chance(self, rng: random.Random) -> Outcome:
        """An outcome of the chance step due, drawn from ``rng`` by its exact weights (one number per chip,
        face or card: session/seeding.py)."""
        ch = self.pending_chance()
        if ch is None:
            raise IllegalAction("no chance step is due")
        return chance.sample(self, ch, rng)

    def apply_chance(self, outcome: object) -> None:
        """Feed the random outcome due: a Chip (draw), a tuple of Chips (reveal), a face id (die), a card id
        (chips may be given by name)."""
        ch = self.pending_chance()
        if ch is None:
            raise IllegalAction(f"no random outcome is due; waiting for {self.describe_waiting()}")
        out = chance.check_outcome(self, ch, outcome)
        self._version += 1
        if self.keep_record:
            self.record.append(("chance", ch.kind, ch.seat, chance.outcome_text(out)))
        self.agenda.pop(0)
        if ch.seat is not None and self.to_settle is not None:
            self.to_settle.add(ch.seat)
        CHANCES[ch.purpose or ch.kind](self, ch, out)
        self._flush()
        self._run()

    def ranking(self) -> list[list[int]] | None:
        """Seats from first to last, tied seats grouped (R23: VP, then last round's scoring space)."""
        if not self.over:
            return None
        key = {i: (s.score, s.last_space) for i, s in enumerate(self.seats)}
        order = sorted(range(self.n), key=lambda i: (-key[i][0], -key[i][1], i))
        groups: list[list[int]] = []
        for i in order:
            if groups and key[groups[-1][0]] == key[i]:
                groups[-1].append(i)
            else:
                groups.append([i])
        return groups

    def _drawn(self, seat: int, chip: Chip) -> None:
        """``fast.draw``'s step, once it has checked that ``seat`` may draw (``acting_seats`` asked at this
        version) and sampled ``chip``: what ``apply(seat, DRAW)`` and then ``apply_chance(chip)`` do, without
        the chance step between them. When nothing needs settling after the chip is placed (the seat brews
        on, nothing is staged, no card may offer a restart) the same seats go on brewing at once."""
        acting = self._acting
        self._version = v = self._version + 1
        if self.keep_record:
            self.record.append(("act", seat, "draw"))
            self.record.append(("chance", "draw", seat, chip.name))
        s = self.seats[seat]
        s.bag.remove(chip)
        if self.record_events:
            self.emit(EventKind.DRAW, seat, DRAWN, chip=chip.name)
        brewing.place(self, seat, chip, "draw")
        to_settle = self.to_settle
        if (
            acting is not None and acting[0] == v - 1 and not self._staged and s.brewing and not s.pending
            and s.bag.total and s.pot and s.pot[-1].index < self.pot_last and not self.card_offers_restart
        ):
            if to_settle is not None:
                to_settle.discard(seat)
            self._acting = (v, acting[1])
            return
        if to_settle is not None:
            to_settle.add(seat)
        self._flush()
        self._run()

    # ------------------------------------------------------------------------------------------------
    # agenda

    def push(self, *tasks: Task) -> None:
        """Schedule ``tasks``, in this order, to run next (after whatever the current procedure has already
        pushed)."""
        self._staged.extend(tasks)

    def _flush(self) -> None:
        if self._staged:
            self.agenda[0:0] = self._staged
            self._staged = []

    def _run(self) -> None:
        """Run automatic steps until a decision with a choice or a chance step is due."""
        agenda = self.agenda
        while agenda:
            t = agenda[0]
            if type(t) is Step:
                agenda.pop(0)
                STEPS[t.name](self, *t.args)
            elif type(t) is Decision:
                handlers = DECISIONS[t.kind]
                opts = handlers[0](self, t)
                if len(opts) > 1:
                    self._legal = (self._version, {t.seat: opts})
                    return
                agenda.pop(0)
                if opts:
                    handlers[1](self, t, opts[0])
            elif type(t) is Brew:
                if not brewing.brew_settle(self, t):
                    seats = self._brew_seats(t)
                    if seats:
                        self._acting = (self._version, seats)
                        return
                    agenda.pop(0)
                    continue
            else:  # a chance step
                return
            if self._staged:
                agenda[0:0] = self._staged
                self._staged = []

    def _brewing_now(self, t: Brew) -> list[int]:
        """The seats that may act in the brewing item ``t``, cached for this version."""
        cached = self._acting
        if cached is not None and cached[0] == self._version:
            return cached[1]
        seats = self._brew_seats(t)
        self._acting = (self._version, seats)
        return seats

    def _brew_seats(self, t: Brew) -> list[int]:
        seats = self.seats
        if t.only is not None:
            s = seats[t.only]
            return [t.only] if s.brewing or s.pending else []
        if self._sequential and self.round < self.cat.events.rounds:
            for i in self.seat_order():
                if seats[i].brewing or seats[i].pending:
                    return [i]
            return []
        return [i for i in range(self.n) if seats[i].brewing or seats[i].pending]

    # ------------------------------------------------------------------------------------------------
    # seats and table

    def seat_order(self) -> list[int]:
        """Seat indices from the start player, clockwise (R28). (A shared list: do not modify it.)"""
        return self._orders[self.start_seat]

    def left_of(self, seat: int) -> int:
        """The player to the left: the next seat in the list (R28)."""
        return (seat + 1) % self.n

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.n

    def book_on_table(self, colour: Colour) -> bool:
        """Yellow comes out before round 2 and purple before round 3 (rulebook "Turn indicator")."""
        if colour is Colour.YELLOW or colour is Colour.PURPLE:
            return self.round >= self.cat.events.book_round(colour)
        return True

    def prices(self) -> list[int | None]:
        """The price of every chip kind this round (None: not for sale), by chip index; cached per round.

        For sale: the chips of every book on the table, orange and black included. (A shared list: do not
        modify it.)"""
        cached = self._prices
        if cached is not None and cached[0] == self.round:
            return cached[1]
        on_table = {Colour.ORANGE: self.cat.orange, Colour.BLACK: self.black}
        for c, b in self.books.items():
            if self.book_on_table(c):
                on_table[c] = b
        out: list[int | None] = []
        for chip in CHIPS:
            book = on_table.get(chip.colour)
            out.append(None if book is None else book.price(chip.value))
        self._prices = (self.round, out)
        return out

    def price(self, chip: Chip) -> int | None:
        return self.prices()[chip.index]

    def chip_obtainable(self, chip: Chip) -> bool:
        """A chip can be received if it is in the supply and, if yellow or purple, its book is out (R4, R32)."""
        if self.supply[chip] <= 0:
            return False
        if chip.colour in (Colour.YELLOW, Colour.PURPLE) and not self.book_on_table(chip.colour):
            return False
        return True

    def coloured_chips(self, value: int, exclude: Iterable[Colour] = ()) -> list[Chip]:
        """"Any one N-chip" (R32): of that value, from a coloured book on the table, obtainable now.

        A card that names its own exceptions (``exclude``) allows every other book's chip of that value,
        orange and black included unless excluded; white never (R32 amended).
        """
        ex = set(exclude)
        colours = BOOK_COLOURS if ex else SET_COLOURS
        return [
            c for c in CHIPS
            if c.value == value and c.colour in colours and c.colour not in ex and self.chip_obtainable(c)
        ]

    def limit(self, seat: int) -> int:
        """The white total a seat may reach without exploding (rulebook; R9: the highest limit applies)."""
        lim = self.cat.events.white_limit
        card = self.card_white_limit
        if card is not None:
            lim = max(lim, card.white_limit(self, seat))
        if self.limit_effects:
            s = self.seats[seat]
            for e in self.limit_effects:
                lim = max(lim, e.limit(self, s))
        return lim

    def start_index(self, s: SeatState) -> int:
        return min(s.droplet + s.rats, self.cat.pot.last)

    def scoring_space(self, seat: int) -> int | None:
        """The space after the last chip, or after droplet/rat stone for an empty pot (R27); spoon = 53."""
        s = self.seats[seat]
        if s.final_space is not None:
            return s.final_space
        if s.brewing:
            return None
        last = s.pot[-1].index if s.pot else self.start_index(s)
        return min(last + 1, self.cat.pot.spoon)

    # ------------------------------------------------------------------------------------------------
    # events and resources: one door each

    def emit(self, kind: EventKind, seat: int | None, cause: Cause, **data: object) -> None:
        if self.record_events:
            self.events.append(Event(kind, seat, cause, data, self.round))

    def gain_vp(self, seat: int, n: int, cause: Cause, source: str) -> None:
        if n <= 0:
            return
        s = self.seats[seat]
        before = s.score
        s.score += n
        if self.record_events:
            self.emit(EventKind.VP, seat, cause, amount=n, before=before, after=s.score, source=source)

    def gain_rubies(self, seat: int, n: int, cause: Cause) -> None:
        if n <= 0:
            return
        s = self.seats[seat]
        s.rubies += n
        if self.record_events:
            self.emit(EventKind.RUBIES, seat, cause, amount=n, after=s.rubies)

    def pay_rubies(self, seat: int, n: int, cause: Cause) -> None:
        s = self.seats[seat]
        if s.rubies < n:
            raise IllegalAction(f"{s.name} has {s.rubies} rubies, not {n}")
        s.rubies -= n
        if self.record_events:
            self.emit(EventKind.RUBIES, seat, cause, amount=-n, after=s.rubies)

    def move_droplet(self, seat: int, n: int, cause: Cause) -> None:
        """Move the droplet ``n`` spaces; on the test-tube side each step is a choice (R14, decisions.py)."""
        if n <= 0:
            return
        if self.tubes:
            for _ in range(n):
                self.push(make_decision(seat, DecisionKind.DROPLET, (cause,)))
            return
        decisions.step_droplet(self, seat, n, cause)

    def give_chip(self, seat: int, chip: Chip, cause: Cause) -> bool:
        """A chip from the supply into the seat's bag, if it can be had (R4, R32)."""
        if not self.chip_obtainable(chip):
            if self.record_events:
                self.emit(EventKind.CHIP_MISSED, seat, cause, chip=chip.name)
            return False
        self.supply.remove(chip)
        self.seats[seat].bag.add(chip)
        if self.record_events:
            self.emit(EventKind.CHIP_GAINED, seat, cause, chip=chip.name)
        return True

    def return_to_supply(self, seat: int, chip: Chip, cause: Cause) -> None:
        self.supply.add(chip)
        if self.record_events:
            self.emit(EventKind.CHIP_RETURNED, seat, cause, chip=chip.name)

    def give_reward(self, seat: int, r: Reward, cause: Cause, source: str) -> None:
        if r.vp > 0:
            self.gain_vp(seat, r.vp, cause, source)
        if r.rubies > 0:
            self.gain_rubies(seat, r.rubies, cause)
        for c in r.chips:
            self.give_chip(seat, c, cause)
        if r.droplet > 0:
            self.move_droplet(seat, r.droplet, cause)


# The procedures register themselves by name (registry.py); import them once the types above exist.
from . import books, brewing, chance, decisions, fortunes, round_flow  # noqa: E402,F401
from .registry import check_complete  # noqa: E402

check_complete()
