"""The game: a small state API over an agenda of steps, decisions and chance steps.

``waiting()`` says who may act (or which random outcome is due), ``legal_actions(seat)`` lists what a seat
may do, ``apply(seat, action)`` does it, ``apply_chance(outcome)`` feeds a draw, reveal, die roll or card.
Everything in between (automatic steps of the round, decisions with a single legal action) runs by itself.
The UI, the bots, the scenarios and the tests all go through this one door.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, NamedTuple

from .actions import Action, IllegalAction
from .bag import ChipCounts
from .catalogue import Book, Catalogue, FortuneCard
from .chips import BOOK_COLOURS, CHIPS, SET_COLOURS, Chip, Colour
from .config import GameConfig
from .events import DRAWN, Cause, Event
from .kinds import CauseKind, ChanceKind, DecisionKind, EventKind, Phase
from .params import Reward
from .registry import CHANCES, DECISIONS, STEPS
from .state import Chance, Decision, Placed, SeatState, Step, make_decision, make_step

TOTAL_CHIPS_CHECK = True
_new = tuple.__new__
_WHITE = Colour.WHITE


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


class Game:
    """One game of Quacks. Mutable; ``clone()`` gives an independent copy (for bots)."""

    def __init__(self, catalogue: Catalogue, config: GameConfig, *, events: bool = True,
                 record: bool = True, blank: bool = False) -> None:
        if blank:
            return  # an empty shell that ``_copy_state`` fills
        self.cat = catalogue
        self.keep_record = record
        self._version = 0
        self._touched: set[int] | None = None  # seats to settle while brewing; None: all of them
        self._legal: tuple[int, dict[int, list[Action]]] = (-1, {})  # (version, seat -> legal actions)
        self._acting: tuple[int, list[int]] | None = None
        self.config = config
        self.n = len(config.seats)
        self._orders = [[(start + k) % self.n for k in range(self.n)] for start in range(self.n)]
        self.tubes = config.tubes
        self._sequential = bool(config.house_rule("sequential-brewing"))
        self.record_events = events
        self.events: list[Event] = []
        self.record: list[tuple[Any, ...]] = []
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
        self.total_chips = self.count_chips()
        self._effects: dict[str, list[Any]] = {}
        self._prices: tuple[int, list[int | None]] | None = None
        self._for_sale: list[tuple[Chip, int]] = []
        self._index_effects()
        self.push(make_step("round_start"))
        self._flush()
        self._run()

    # ------------------------------------------------------------------------------------------------
    # construction helpers

    def _index_effects(self) -> None:
        """Which effects take part in which hook (faster than asking every effect every time)."""
        from .books import BookEffect

        effects = [self.cat.orange.effect, self.black.effect] + [b.effect for b in self.books.values()]
        for hook in ("diverts", "move_bonus", "after_place", "limit"):
            base = getattr(BookEffect, hook)
            self._effects[hook] = [e for e in effects if getattr(type(e), hook) is not base]
        self.book_effects = effects
        self.move_bonus_effects = self._effects["move_bonus"]
        # by chip index, the effects whose move bonus can apply to that chip (most chips have none)
        self.move_bonus_by_chip = [tuple(e for e in self.move_bonus_effects if e.moves(c)) for c in CHIPS]
        self.limit_effects = self._effects["limit"]
        self.pot_last = self.cat.pot.last
        self.after_place_effects = {e.colour: e for e in self._effects["after_place"]}
        self.divert_effects = {e.colour: e for e in self._effects["diverts"]}
        # by chip index: no book acts on this chip when it is drawn and placed (no move bonus, after-place or divert)
        self._plain = [not self.move_bonus_by_chip[c.index] and c.colour not in self.after_place_effects
                       and c.colour not in self.divert_effects for c in CHIPS]
        self.card_hooks = dict.fromkeys(("move_bonus", "after_place", "white_limit", "offers_restart"), False)
        self.card_move_bonus: Any = None  # the card's effect if it gives move bonuses this round
        self.card_after_place: Any = None  # the card's effect if it acts after a chip is placed
        self.card_offers_restart = False  # the card may offer a restart (second-chance)

    def set_fortune(self, card: FortuneCard | None) -> None:
        """The card of this round, and which of its hooks act (so the others cost nothing)."""
        from .fortunes import CardEffect

        self.fortune = card
        hooks = self.card_hooks
        for hook in hooks:
            hooks[hook] = card is not None and getattr(type(card.effect), hook) is not getattr(CardEffect, hook)
        self.card_move_bonus = card.effect if hooks["move_bonus"] else None  # type: ignore[union-attr]
        self.card_after_place = card.effect if hooks["after_place"] else None  # type: ignore[union-attr]
        self.card_offers_restart = hooks["offers_restart"]

    def effects(self, hook: str) -> list[Any]:
        return self._effects[hook]

    def effect_of(self, colour: Colour) -> Any:
        """The effect of the book of ``colour`` (None for white chips)."""
        if colour is Colour.ORANGE:
            return self.cat.orange.effect
        if colour is Colour.BLACK:
            return self.black.effect
        b = self.books.get(colour)
        return b.effect if b is not None else None

    def _copy_state(self) -> Game:
        """A copy sharing the immutable parts and owning everything a step can change."""
        g = Game(self.cat, self.config, blank=True)
        if hasattr(g, "__dict__"):
            g.__dict__.update(self.__dict__)
        else:  # compiled by mypyc (quacks/accel.py): no __dict__, but a state to hand over
            g.__setstate__(self.__getstate__())  # type: ignore[attr-defined]
        g.seats = [s.copy() for s in self.seats]
        g.supply = self.supply.copy()
        g.agenda = self.agenda.copy()
        g._staged = []
        g._touched = None
        g._legal = (-1, {})
        g.used_cards = self.used_cards.copy()
        g.card_hooks = self.card_hooks.copy()
        g.fixed_rats = None if self.fixed_rats is None else self.fixed_rats.copy()
        return g

    def clone(self) -> Game:
        """An independent copy; events and record are kept by reference to their current length."""
        g = self._copy_state()
        g.events = self.events.copy() if self.record_events else []
        g.record = self.record.copy()
        return g

    def fast_clone(self) -> Game:
        """A copy for simulations: no events, no record."""
        g = self._copy_state()
        g.record_events = False
        g.keep_record = False
        g.events = []
        g.record = []
        return g

    # ------------------------------------------------------------------------------------------------
    # the public state API

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def version(self) -> int:
        """A counter that grows whenever the state changes (every ``apply``, ``draw`` and ``apply_chance``).

        Read-only; views and caches outside the engine key on it ("has anything changed since I looked?")."""
        return self._version

    def pending_chance(self) -> Chance | None:
        """The chance step due now (kind, seat, count), or None when a seat acts or the game is over.

        The one public way to ask "is a random outcome due?" (outside the engine nobody reads the agenda)."""
        t = self.agenda[0] if self.agenda else None
        return t if type(t) is Chance else None

    def acting_seats(self) -> list[int]:
        """Seats that may act now (empty while a chance step is due or at the end)."""
        if not self.agenda:
            return []
        t = self.agenda[0]
        if type(t) is Decision:
            return [t.seat]
        if type(t) is Brew:
            return self._brewing_now(t)
        return []

    def acting_split(self) -> tuple[list[int], list[int]]:
        """The seats that may act now in two lists, each in acting order: those deciding draw, stop or flask
        (``DecisionKind.BREW``), and those with another decision (a pick, a shop, ...). A fast path for the
        match's stir ticks: ``acting_seats`` split by ``decision_kind`` in one call."""
        t = self.agenda[0] if self.agenda else None
        if type(t) is Brew:
            seats = self._brewing_now(t)
            all_seats = self.seats
            for i in seats:
                if all_seats[i].pending:
                    return [k for k in seats if not all_seats[k].pending], [k for k in seats if all_seats[k].pending]
            return seats, []
        if type(t) is Decision:
            return [], [t.seat]
        return [], []

    def _brewing_now(self, t: Brew) -> list[int]:
        cached = self._acting
        if cached is not None and cached[0] == self._version:
            return cached[1]
        return self._brew_seats(t)

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
                acting = self._acting
                if seat in (acting[1] if acting is not None and acting[0] == v else self._brew_seats(t)):
                    s = self.seats[seat]
                    if s.pending:
                        out = self.options(s.pending[0])
                    elif s.brewing:
                        out = brewing.brew_choices(self, seat)
            elif type(t) is Decision:
                if t.seat == seat:
                    out = self.options(t)
        cached[1][seat] = out
        return out

    def next_decision(self) -> tuple[int, list[Action]]:
        """The first seat that may act and its legal actions in one call (for simulations); (-1, []) if none."""
        t = self.agenda[0] if self.agenda else None
        if type(t) is Brew:
            seats = self._brewing_now(t)
            if not seats:
                return -1, []
            seat = seats[0]
            s = self.seats[seat]
            if not s.pending and s.brewing:
                return seat, brewing.brew_choices(self, seat)
            return seat, self.legal_actions(seat)
        if type(t) is Decision:
            return t.seat, self.legal_actions(t.seat)
        return -1, []

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
        t = self.agenda[0] if self.agenda else None
        if isinstance(t, Decision) and t.seat == seat:
            return t
        if isinstance(t, Brew) and self.seats[seat].pending:
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
            if not legal:
                raise IllegalAction(
                    f"{self._name(seat)} cannot act now; waiting for {self.describe_waiting()}"
                )
            raise IllegalAction(
                f"{self._name(seat)} cannot {a} now; legal: {' | '.join(map(str, legal))}"
            )
        self._version += 1
        if self.keep_record:
            self.record.append(("act", seat, str(a)))
        t = self.agenda[0]
        if type(t) is Decision:
            self.agenda.pop(0)
            DECISIONS[t.kind][1](self, t, a)
        else:
            if self._touched is not None:
                self._touched.add(seat)
            brewing.brew_apply(self, seat, a)
        self._flush()
        self._run()

    def draw(self, seat: int, chip: Chip) -> None:
        """``apply(seat, "draw")`` and ``apply_chance(chip)`` in one step (a fast path for simulations)."""
        t = self.agenda[0] if self.agenda else None
        s = self.seats[seat]
        acting = self._acting
        if type(t) is not Brew or s.pending or not s.brewing:
            raise IllegalAction(f"{self._name(seat)} cannot draw now; waiting for {self.describe_waiting()}")
        if acting is None or acting[0] != self._version or seat not in acting[1]:
            if seat not in self._brewing_now(t):  # type: ignore[arg-type]
                raise IllegalAction(f"{self._name(seat)} cannot draw now; waiting for {self.describe_waiting()}")
            acting = self._acting
        if s.bag._n[chip.index] <= 0:
            raise IllegalAction(f"{chip} is not in {s.name}'s bag")
        self._drawn(seat, s, chip, acting)

    def draw_random(self, seat: int, rng: random.Random) -> Chip | None:
        """``draw(seat, chip)`` with the chip sampled from ``rng`` by the bag's counts, exactly as ``sample_chance``
        samples a draw (one number per chip); None, and nothing taken from ``rng``, if the seat cannot draw now.

        The fast path of a stir tick's reveal (session/match.py)."""
        t = self.agenda[0] if self.agenda else None
        s = self.seats[seat]
        acting = self._acting
        if type(t) is not Brew or s.pending or not s.brewing:
            return None
        if acting is None or acting[0] != self._version or seat not in acting[1]:
            if seat not in self._brewing_now(t):  # type: ignore[arg-type]
                return None
            acting = self._acting
        bag = s.bag
        total = bag._total
        if not total:
            return None
        counts = bag._n
        i = bisect_right(list(accumulate(counts)), int(rng.random() * total))  # chance.draw_from, inlined
        chip = CHIPS[i] if i < len(counts) else CHIPS[chance.draw_from(counts, total, rng)]
        self._drawn(seat, s, chip, acting)
        return chip

    def _drawn(self, seat: int, s: SeatState, chip: Chip, acting: tuple[int, list[int]] | None) -> None:
        """The draw itself, once it is known to be legal."""
        self._version = v = self._version + 1
        if self.keep_record:
            self.record.append(("act", seat, "draw"))
            self.record.append(("chance", "draw", seat, chip.name))
        bag = s.bag
        bag._n[chip.index] -= 1
        bag._total -= 1
        if self.record_events:
            self.emit(EventKind.DRAW, seat, DRAWN, chip=chip.name)
            brewing.place_drawn(self, seat, chip, "draw")
        elif self._plain[chip.index] and self.card_move_bonus is None and self.card_after_place is None:
            # brewing.place, inline, for a chip no book and no card acts on (most draws; no events to tell)
            pot = s.pot
            last = self.pot_last
            if pot:
                start = pot[-1][0]
            else:
                start = s.droplet + s.rats
                if start > last:
                    start = last
            armed = s.double_next
            index = start + chip.value * armed
            if index > last:
                index = last
            shield = s.shield
            pot.append(_new(Placed, (index, chip, armed, shield)))
            s.double_next = 1
            if shield:
                s.shield = shield - 1
            s.prev_drawn_white = s.last_is_drawn_white
            if chip.colour is _WHITE:
                s.last_is_drawn_white = True
                s.white_total += chip.value
                if s.white_total > self.limit(seat) and not s.exploded:
                    s.exploded = True
                    s.protected = shield > 0
                    s.brewing = False
            else:
                s.last_is_drawn_white = False
        elif chip.colour in self.divert_effects:
            brewing.place_drawn(self, seat, chip, "draw")
        else:  # no book diverts this colour (red set 2): place it at once
            brewing.place(self, seat, chip, "draw")
        touched = self._touched
        if (
            acting is not None and acting[0] == v - 1 and not self._staged and s.brewing and not s.pending
            and bag._total and s.pot and s.pot[-1][0] < self.pot_last and not self.card_offers_restart
        ):
            # nothing to settle: the same seats go on brewing (the common case, kept cheap for simulations)
            if touched is not None:
                touched.discard(seat)
            self._acting = (v, acting[1])
            return
        if touched is not None:
            touched.add(seat)
        self._flush()
        self._run()

    def brew_actions(self, seat: int) -> list[Action]:
        """``legal_actions(seat)`` for a seat that brews now with nothing pending (a seat of a stir tick, as
        ``acting_split`` lists them): draw, stop and the flask as allowed. A fast path; do not modify the list."""
        return brewing.brew_choices(self, seat)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """The outcomes of the due chance step with exact probabilities (a reveal: None if too many)."""
        ch = self.pending_chance()
        if ch is None:
            return []
        return chance.outcomes(self, ch)

    def sample_chance(self, rng: random.Random) -> Any:
        ch = self.pending_chance()
        if ch is None:
            raise IllegalAction("no chance step is due")
        return chance.sample(self, ch, rng)

    def apply_chance(self, outcome: Any) -> None:
        """Feed the random outcome due: a Chip (draw), a tuple of Chips (reveal), a face id (die), a card id."""
        ch = self.pending_chance()
        if ch is None:
            raise IllegalAction(f"no random outcome is due; waiting for {self.describe_waiting()}")
        self._take_chance(ch, chance.check_outcome(self, ch, outcome))

    def apply_random_chance(self, rng: random.Random) -> Any:
        """``apply_chance(sample_chance(rng))`` in one step (the outcome drawn here needs no checking); returns it.

        A fast path for the match's chance steps (session/match.py)."""
        ch = self.pending_chance()
        if ch is None:
            raise IllegalAction("no chance step is due")
        outcome = chance.sample(self, ch, rng)
        self._take_chance(ch, outcome)
        return outcome

    def _take_chance(self, ch: Chance, outcome: Any) -> None:
        self._version += 1
        if self.keep_record:
            self.record.append(("chance", ch.kind, ch.seat, chance.outcome_text(outcome)))
        self.agenda.pop(0)
        if ch.seat is not None and self._touched is not None:
            self._touched.add(ch.seat)
        CHANCES[ch.purpose or ch.kind](self, ch, outcome)
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

    # ------------------------------------------------------------------------------------------------
    # agenda

    def push(self, task: Task) -> None:
        """Schedule ``task`` to run next (after whatever the current procedure has already pushed)."""
        self._staged.append(task)

    def push_all(self, tasks: Iterable[Task]) -> None:
        self._staged.extend(tasks)

    def _flush(self) -> None:
        if self._staged:
            self.agenda[0:0] = self._staged
            self._staged = []

    def _run(self) -> None:
        """Run automatic steps until a decision with a choice or a chance step is due."""
        brew_settle = brewing.brew_settle
        agenda = self.agenda
        steps = STEPS
        handlers_of = DECISIONS
        while agenda:
            t = agenda[0]
            tt = type(t)
            if tt is Step:
                agenda.pop(0)
                steps[t.name](self, *t.args)  # type: ignore[union-attr]
            elif tt is Decision:
                d: Decision = t  # type: ignore[assignment]
                handlers = handlers_of[d.kind]
                opts = handlers[0](self, d)
                if len(opts) > 1:
                    self._legal = (self._version, {d.seat: opts})
                    return
                agenda.pop(0)
                if opts:
                    handlers[1](self, d, opts[0])
            elif tt is Brew:
                if not brew_settle(self, t):  # type: ignore[arg-type]
                    seats = self._brew_seats(t)  # type: ignore[arg-type]
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

    def options(self, d: Decision) -> list[Action]:
        return DECISIONS[d.kind][0](self, d)

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

    def _name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < self.n else f"seat {seat}"

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

    def table_books(self) -> dict[Colour, Book]:
        """Every book on the table now, orange and black included."""
        out = {Colour.ORANGE: self.cat.orange, Colour.BLACK: self.black}
        for c, b in self.books.items():
            if self.book_on_table(c):
                out[c] = b
        return out

    def prices(self) -> list[int | None]:
        """The price of every chip kind this round (None: not for sale), by chip index; cached per round."""
        cached = self._prices
        if cached is not None and cached[0] == self.round:
            return cached[1]
        on_table = self.table_books()
        out: list[int | None] = []
        for c in CHIPS:
            book = on_table.get(c.colour)
            out.append(None if book is None else book.price(c.value))
        self._prices = (self.round, out)
        self._for_sale = [(c, p) for c, p in zip(CHIPS, out) if p is not None]
        return out

    def for_sale(self) -> list[tuple[Chip, int]]:
        """(chip, price) of every chip kind for sale this round, in canonical order (whatever the supply holds)."""
        self.prices()
        return self._for_sale

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
        if self.card_hooks["white_limit"]:
            lim = max(lim, self.fortune.effect.white_limit(self, seat))  # type: ignore[union-attr]
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

    def count_chips(self) -> int:
        """Chips in the supply, bags, pots, aside and revealed: always 215 (issue: conservation)."""
        n = self.supply.total
        for s in self.seats:
            n += s.bag.total + len(s.pot) + len(s.aside) + len(s.revealed)
        return n

    # ------------------------------------------------------------------------------------------------
    # events and resources: one door each

    def emit(self, kind: EventKind, seat: int | None, cause: Cause, **data: Any) -> None:
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
        """Move the droplet ``n`` spaces; on the test-tube side each step is a choice (R14)."""
        if n <= 0:
            return
        if self.tubes:
            for _ in range(n):
                self.push(make_decision(seat, DecisionKind.DROPLET, (cause,)))
            return
        self.step_droplet(seat, n, cause)

    def step_droplet(self, seat: int, n: int, cause: Cause) -> None:
        s = self.seats[seat]
        before = s.droplet
        s.droplet = min(s.droplet + n, self.cat.pot.last)  # R6
        if s.droplet != before and self.record_events:
            self.emit(EventKind.DROPLET, seat, cause, before=before, after=s.droplet)

    def step_tube(self, seat: int, cause: Cause) -> None:
        """Move the test-tube droplet one glass and take its bonus at once (rulebook "Game variation")."""
        s = self.seats[seat]
        if s.tube >= len(self.cat.tubes):
            return
        s.tube += 1
        if self.record_events:
            self.emit(EventKind.TUBE, seat, cause, glass=s.tube)
        self.give_reward(seat, self.cat.tubes[s.tube - 1], Cause(CauseKind.TEST_TUBE, (s.tube,)), "tube")

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

    def set_phase(self, phase: Phase) -> None:
        if phase != self.phase:
            self.phase = phase
            if self.record_events:
                self.emit(EventKind.PHASE, None, Cause(CauseKind.PHASE_BEGINS, (phase,)), phase=phase)

    # ------------------------------------------------------------------------------------------------

    def all_chips_by_seat(self, seat: int) -> ChipCounts:
        """Every chip a seat owns: bag, pot, aside and revealed."""
        s = self.seats[seat]
        out = s.bag.copy()
        for p in s.pot:
            out.add(p.chip)
        for c in s.aside:
            out.add(c)
        for c in s.revealed:
            out.add(c)
        return out


def new_game(catalogue: Catalogue, config: GameConfig, *, events: bool = True) -> Game:
    return Game(catalogue, config, events=events)


# The procedures register themselves by name (registry.py); import them once the types above exist.
from . import books, brewing, chance, decisions, fortunes, round_flow  # noqa: E402,F401
from .registry import check_complete  # noqa: E402

check_complete()
