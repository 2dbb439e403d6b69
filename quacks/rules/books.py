"""Chip actions of the ingredient books: one small class per effect kind, parameters from the data files.

A book names its effect kind and parameters in ``data/books/*.yaml``; each kind here declares the
parameters it takes (validated by the loader) and the hooks it acts in:

- ``diverts``: when drawn, the chip does not go into the pot (red set 2);
- ``move_bonus``: extra spaces when a chip is placed (red sets 1, 3, 4; yellow set 4);
- ``after_place``: right after the chip is placed (blue sets 1-4, yellow sets 1 and 2);
- ``limit``: the white limit (yellow set 3);
- ``evaluate``: evaluation step B (black, green and purple books).

Every kind cites the Almanac section it implements.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, ClassVar, TypeVar

from .chips import CHIP_BY_NAME, Chip, Colour, find_chip
from .effects import Effect, Params
from .events import Cause
from .kinds import BookKind, CauseKind, ChanceKind, DecisionKind, EventKind
from .options import KEEP_POT, BuyDroplet, Decline, Option, TakeChip, TakeTier, TradeIn, Upgrade, offered
from .params import (
    Param,
    Reward,
    Schema,
    parse_chip,
    parse_chip_choices,
    parse_int,
    parse_int_map,
    parse_list,
    parse_reward,
)
from .registry import step
from .state import Decision, Placed, SeatState, make_chance, make_decision, make_step

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

BOOK_KINDS: dict[BookKind, type[BookEffect]] = {}
E = TypeVar("E", bound="BookEffect")


class BookEffect(Effect):
    """Base of all chip actions: every hook does nothing unless a kind overrides it."""

    family = "book"
    kind_type = BookKind
    kind: ClassVar[BookKind]  # set by every concrete kind; registers the class in BOOK_KINDS
    evaluates: ClassVar[bool] = False  # acts in evaluation step B

    def __init__(self, colour: Colour, params: Mapping[str, object] | None = None) -> None:
        self.colour = colour
        super().__init__(params)

    @classmethod
    def registered(cls) -> Collection[BookKind]:
        return BOOK_KINDS

    @classmethod
    def register(cls) -> None:
        BOOK_KINDS[cls.kind] = cls

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.colour}, {self.params})"

    def mine(self, c: Chip) -> bool:
        return c.colour is self.colour

    # hooks ----------------------------------------------------------------------------------------------
    def diverts(self, g: Game, s: SeatState, c: Chip) -> bool:
        return False

    def move_bonus(self, g: Game, s: SeatState, c: Chip) -> int:
        return 0

    def moves(self, c: Chip) -> bool:
        """Can ``move_bonus`` give chip ``c`` anything? (A kind with a move bonus for other chips than its own
        colour says so; the engine asks only these effects when such a chip is placed.)"""
        return self.mine(c)

    def after_place(self, g: Game, seat: int, p: Placed, source: str) -> None:
        return None

    def limit(self, g: Game, s: SeatState) -> int:
        return 0

    def evaluate(self, g: Game, seat: int) -> None:
        return None


def last_two(s: SeatState) -> list[Chip]:
    """The last and next-to-last chips placed (green books: "last or next to last")."""
    return [p.chip for p in s.pot[-2:]]


# --- orange ----------------------------------------------------------------------------------------------


class Plain(BookEffect):
    """Pumpkin: no action; the chip only fills the pot (Almanac, "Pumpkin")."""

    kind = BookKind.PLAIN


# --- black (African death's head hawkmoth) ----------------------------------------------------------------


class BlackDuel(BookEffect):
    """2 players: as many black chips as the opponent: ``tie``; more: ``more`` (Almanac; R11: 0-0 is nothing)."""

    kind = BookKind.BLACK_DUEL
    evaluates = True
    schema = Schema({
        "tie": Param(parse_reward, "gain for as many as the opponent"),
        "more": Param(parse_reward, "gain for more than the opponent"),
    })

    def read(self, p: Params) -> None:
        self.tie, self.more = p.reward("tie"), p.reward("more")

    def evaluate(self, g: Game, seat: int) -> None:
        mine = g.seats[seat].count_colour(self.colour)
        other = g.seats[g.left_of(seat)].count_colour(self.colour)
        if mine == 0:
            return
        if mine > other:
            g.give_reward(seat, self.more, Cause(CauseKind.MORE_THAN_OPPONENT, (self.colour.value,)), "chip")
        elif mine == other:
            g.give_reward(seat, self.tie, Cause(CauseKind.AS_MANY_AS_OPPONENT, (self.colour.value,)), "chip")


class BlackNeighbours(BookEffect):
    """3-4 players: more than one neighbour: ``one``; more than both: ``both`` (Almanac)."""

    kind = BookKind.BLACK_NEIGHBOURS
    evaluates = True
    schema = Schema({
        "one": Param(parse_reward, "gain for more than the left or the right neighbour"),
        "both": Param(parse_reward, "gain for more than both neighbours"),
    })

    def read(self, p: Params) -> None:
        self.one, self.both = p.reward("one"), p.reward("both")

    def evaluate(self, g: Game, seat: int) -> None:
        mine = g.seats[seat].count_colour(self.colour)
        left = g.seats[g.left_of(seat)].count_colour(self.colour)
        right = g.seats[g.right_of(seat)].count_colour(self.colour)
        beats = (mine > left) + (mine > right)
        if beats == 2:
            g.give_reward(seat, self.both, Cause(CauseKind.MORE_THAN_BOTH, (self.colour.value,)), "chip")
        elif beats == 1:
            g.give_reward(seat, self.one, Cause(CauseKind.MORE_THAN_ONE, (self.colour.value,)), "chip")


# --- blue (crow skull) -------------------------------------------------------------------------------------


class PeekAndPick(BookEffect):
    """Set 1: after placing, look at as many chips as the chip's value and place one of them (R20, R31)."""

    kind = BookKind.PEEK_AND_PICK

    def after_place(self, g: Game, seat: int, p: Placed, source: str) -> None:
        s = g.seats[seat]
        if s.exploded or p.index >= g.cat.pot.last or not s.bag:
            return
        g.push(make_chance(ChanceKind.REVEAL, seat, "pick", min(p.chip.value, s.bag.total)))


class ExplosionShield(BookEffect):
    """Set 2: an explosion within the next <value> drawn chips scores VP and coins, no die (R7)."""

    kind = BookKind.EXPLOSION_SHIELD

    def after_place(self, g: Game, seat: int, p: Placed, source: str) -> None:
        s = g.seats[seat]
        s.shield = max(s.shield, p.chip.value)


class RubySpaceRuby(BookEffect):
    """Set 3: a chip placed on a ruby space gives ``rubies`` at once."""

    kind = BookKind.RUBY_SPACE_RUBY
    schema = Schema({"rubies": Param(parse_int(1), "rubies for a chip on a ruby space")})

    def read(self, p: Params) -> None:
        self.rubies = p.number("rubies")

    def after_place(self, g: Game, seat: int, p: Placed, source: str) -> None:
        if g.cat.pot.space(p.index).ruby:
            g.gain_rubies(seat, self.rubies, Cause(CauseKind.CHIP_ON_RUBY_SPACE, (p.chip.name,)))


class RubySpaceVP(BookEffect):
    """Set 4: a chip placed on a ruby space gives VP equal to its value, at once."""

    kind = BookKind.RUBY_SPACE_VP

    def after_place(self, g: Game, seat: int, p: Placed, source: str) -> None:
        if g.cat.pot.space(p.index).ruby:
            g.gain_vp(seat, p.chip.value, Cause(CauseKind.CHIP_ON_RUBY_SPACE, (p.chip.name,)), "chip")


# --- red (toadstool) -----------------------------------------------------------------------------------------


class OrangeBoost(BookEffect):
    """Set 1: extra spaces by the orange chips already in the pot (``bonus``: from N oranges on, +M)."""

    kind = BookKind.ORANGE_BOOST
    schema = Schema({
        "counted": Param(parse_chip, "the chip kind counted in the pot"),
        "bonus": Param(parse_int_map("chips in the pot"), "from so many chips on, so many extra spaces"),
    })

    def read(self, p: Params) -> None:
        self.counted, self.bonus = p.chip("counted"), p.int_pairs("bonus")

    def move_bonus(self, g: Game, s: SeatState, c: Chip) -> int:
        if c.colour is not self.colour:
            return 0
        n = s.count_colour(self.counted.colour)
        extra = 0
        for threshold, b in self.bonus:
            if n >= threshold:
                extra = b
        return extra


class SetAside(BookEffect):
    """Set 2: a drawn chip goes beside the pot; after stopping it may be placed, returned or kept (R10)."""

    kind = BookKind.SET_ASIDE

    def diverts(self, g: Game, s: SeatState, c: Chip) -> bool:
        return self.mine(c)


class FollowWhite(BookEffect):
    """Set 3: placed right after a white chip, the chip also moves the white chip's value."""

    kind = BookKind.FOLLOW_WHITE

    def move_bonus(self, g: Game, s: SeatState, c: Chip) -> int:
        if self.mine(c) and s.pot and s.pot[-1].chip.is_white:
            return s.pot[-1].chip.value
        return 0


class WhiteBoost(BookEffect):
    """Set 4: once a chip of this colour is in the pot, every later ``chip`` moves ``extra`` more."""

    kind = BookKind.WHITE_BOOST
    schema = Schema({
        "chip": Param(parse_chip, "the chip kind that moves further"),
        "extra": Param(parse_int(1), "extra spaces"),
    })

    def read(self, p: Params) -> None:
        self.chip, self.extra = p.chip("chip"), p.number("extra")

    def moves(self, c: Chip) -> bool:
        return c is self.chip

    def move_bonus(self, g: Game, s: SeatState, c: Chip) -> int:
        if c is self.chip and s.count_colour(self.colour):
            return self.extra
        return 0


# --- yellow (mandrake) ---------------------------------------------------------------------------------------


class ReturnWhite(BookEffect):
    """Set 1: drawn right after a white chip, that white may go back into the bag; its space stays empty."""

    kind = BookKind.RETURN_WHITE

    def after_place(self, g: Game, seat: int, p: Placed, source: str) -> None:
        s = g.seats[seat]
        if source != "aside" and s.prev_drawn_white and len(s.pot) >= 2 and s.pot[-2].chip.is_white:
            s.pending.append(make_decision(seat, DecisionKind.RETURN_WHITE, ("yellow",)))


class DoubleNext(BookEffect):
    """Set 2: the next chip drawn moves ``factor`` times its whole move (R8); a red chip placed from beside
    the pot is not drawn and leaves the doubling unused (R37, see ``brewing.place``)."""

    kind = BookKind.DOUBLE_NEXT
    schema = Schema({"factor": Param(parse_int(2), "how many times the next chip moves")})

    def read(self, p: Params) -> None:
        self.factor = p.number("factor")

    def after_place(self, g: Game, seat: int, p: Placed, source: str) -> None:
        g.seats[seat].double_next = self.factor


class RaiseLimit(BookEffect):
    """Set 3: with N chips of this colour in the pot the white limit is at least M (``limits``; R9)."""

    kind = BookKind.RAISE_LIMIT
    schema = Schema({"limits": Param(parse_int_map("chips drawn"), "from so many chips on, this limit")})

    def read(self, p: Params) -> None:
        self.limits = p.int_pairs("limits")

    def limit(self, g: Game, s: SeatState) -> int:
        n = s.count_colour(self.colour)
        lim = 0
        for threshold, value in self.limits:
            if n >= threshold:
                lim = value
        return lim


class CountBonus(BookEffect):
    """Set 4: the 1st, 2nd, 3rd chip of this colour move ``bonuses`` more; later ones nothing."""

    kind = BookKind.COUNT_BONUS
    schema = Schema({"bonuses": Param(parse_list(parse_int(0), 1), "extra spaces for the 1st, 2nd, ... chip")})

    def read(self, p: Params) -> None:
        self.bonuses = p.ints("bonuses")

    def move_bonus(self, g: Game, s: SeatState, c: Chip) -> int:
        if not self.mine(c):
            return 0
        n = s.count_colour(self.colour)
        return self.bonuses[n] if n < len(self.bonuses) else 0


# --- green (garden spider) ------------------------------------------------------------------------------------


class LastTwoRubies(BookEffect):
    """Set 1: ``rubies`` for every chip of this colour that is last or next to last in the pot."""

    kind = BookKind.LAST_TWO_RUBIES
    evaluates = True
    schema = Schema({"rubies": Param(parse_int(1), "rubies per chip")})

    def read(self, p: Params) -> None:
        self.rubies = p.number("rubies")

    def evaluate(self, g: Game, seat: int) -> None:
        n = sum(1 for c in last_two(g.seats[seat]) if self.mine(c))
        if n:
            g.gain_rubies(seat, n * self.rubies, Cause(CauseKind.LAST_TWO, (n, self.colour.value)))


class LastTwoChips(BookEffect):
    """Set 2: for every such chip, a chip into the bag (``choices`` per chip; R32 for yellow and purple)."""

    kind = BookKind.LAST_TWO_CHIPS
    evaluates = True
    schema = Schema({"choices": Param(parse_chip_choices, "for each chip, the chips one may take")})

    def read(self, p: Params) -> None:
        self.choices = p.chip_choices("choices")

    def evaluate(self, g: Game, seat: int) -> None:
        for c in last_two(g.seats[seat]):
            if self.mine(c):
                g.push(make_decision(seat, DecisionKind.GREEN_CHIP, (c.name,)))


def _green_chip_offers(g: Game, d: Decision) -> list[Option]:
    eff = g.effect_of(CHIP_BY_NAME[d.data[0]].colour)
    for c, opts in eff.choices:
        if c.name == d.data[0]:
            return [TakeChip(o) for o in opts if g.chip_obtainable(o)]
    return []


@offered(DecisionKind.GREEN_CHIP, _green_chip_offers)
def _green_chip(g: Game, d: Decision, o: Option) -> None:
    if not isinstance(o, TakeChip):
        raise _not_offered(d, o)
    g.give_chip(d.seat, o.chip, Cause(CauseKind.FOR_CHIP_LAST_TWO, (d.data[0],)))


class ExactWhitePush(BookEffect):
    """Set 3: if the whites total exactly ``total``, the last chip moves the sum of this colour's values."""

    kind = BookKind.EXACT_WHITE_PUSH
    evaluates = True
    schema = Schema({"total": Param(parse_int(1), "the white total needed")})

    def read(self, p: Params) -> None:
        self.total = p.number("total")

    def evaluate(self, g: Game, seat: int) -> None:
        s = g.seats[seat]
        if s.white_total != self.total or not s.pot:
            return
        n = sum(p.chip.value for p in s.pot if self.mine(p.chip))
        if not n:
            return
        last = s.pot[-1]
        new = min(last.index + n, g.cat.pot.last)
        s.pot[-1] = Placed(new, last.chip, last.double_before, last.shield_before)
        before = s.final_space
        s.final_space = min(new + 1, g.cat.pot.spoon)
        if g.record_events:
            g.emit(
                EventKind.PUSH, seat, Cause(CauseKind.EXACT_WHITE_PUSH, (self.total, n)),
                chip=last.chip.name, before=last.index, after=new, space_before=before, space_after=s.final_space,
            )


class LastTwoRubyDroplet(BookEffect):
    """Set 4: pay ``cost`` ruby per such chip to move the droplet 1 space (choose how many)."""

    kind = BookKind.LAST_TWO_RUBY_DROPLET
    evaluates = True
    schema = Schema({"cost": Param(parse_int(1), "rubies per droplet step")})

    def read(self, p: Params) -> None:
        self.cost = p.number("cost")

    def evaluate(self, g: Game, seat: int) -> None:
        n = sum(1 for c in last_two(g.seats[seat]) if self.mine(c))
        if n:
            g.push(make_decision(seat, DecisionKind.GREEN_RUBY, (n, self.cost)))


def _green_ruby_offers(g: Game, d: Decision) -> list[Option]:
    n, cost = d.data
    most = min(n, g.seats[d.seat].rubies // cost)
    return [BuyDroplet(k, cost) for k in range(most + 1)]


@offered(DecisionKind.GREEN_RUBY, _green_ruby_offers)
def _green_ruby(g: Game, d: Decision, o: Option) -> None:
    if not isinstance(o, BuyDroplet):
        raise _not_offered(d, o)
    k = o.steps
    if k:
        why = Cause(CauseKind.LAST_TWO_PAID, (_find(g, LastTwoRubyDroplet).colour.value,))
        g.pay_rubies(d.seat, k * o.rubies_each, why)
        g.move_droplet(d.seat, k, why)


# --- purple (ghost's breath) ------------------------------------------------------------------------------------


class CountTiers(BookEffect):
    """Set 1: by the chips of this colour in the pot, one tier of gains; a lower tier may be chosen (R12)."""

    kind = BookKind.COUNT_TIERS
    evaluates = True
    schema = Schema({"tiers": Param(parse_list(parse_reward, 1), "gains for 1, 2, 3... chips")})

    def read(self, p: Params) -> None:
        self.tiers = p.rewards("tiers")

    def evaluate(self, g: Game, seat: int) -> None:
        n = min(g.seats[seat].count_colour(self.colour), len(self.tiers))
        if n:
            g.push(make_decision(seat, DecisionKind.PURPLE_TIER, (n,)))


def _tiers(tiers: tuple[Reward, ...], n: int) -> list[tuple[int, Reward]]:
    """0 to ``n`` chips with the gains of their tier (none for 0)."""
    return [(k, tiers[k - 1] if k else Reward()) for k in range(n + 1)]


def _tier_offers(g: Game, d: Decision) -> list[Option]:
    return [TakeTier(k, r) for k, r in _tiers(_find(g, CountTiers).tiers, d.data[0])]


@offered(DecisionKind.PURPLE_TIER, _tier_offers)
def _purple_tier(g: Game, d: Decision, o: Option) -> None:
    if not isinstance(o, TakeTier):
        raise _not_offered(d, o)
    if o.chips:
        why = Cause(CauseKind.TIER, (o.chips, _find(g, CountTiers).colour.value))
        g.give_reward(d.seat, o.reward, why, "chip")


class TradeTiers(BookEffect):
    """Set 2: trade in 1-3 chips of this colour from the pot (back to the supply) for a tier of gains (R12)."""

    kind = BookKind.TRADE_TIERS
    evaluates = True
    schema = Schema({"tiers": Param(parse_list(parse_reward, 1), "gains for trading in 1, 2, 3... chips")})

    def read(self, p: Params) -> None:
        self.tiers = p.rewards("tiers")

    def evaluate(self, g: Game, seat: int) -> None:
        n = min(g.seats[seat].count_colour(self.colour), len(self.tiers))
        if n:
            g.push(make_decision(seat, DecisionKind.PURPLE_TRADE, (n,)))


def _trade_offers(g: Game, d: Decision) -> list[Option]:
    return [TradeIn(k, r) for k, r in _tiers(_find(g, TradeTiers).tiers, d.data[0])]


@offered(DecisionKind.PURPLE_TRADE, _trade_offers)
def _purple_trade(g: Game, d: Decision, o: Option) -> None:
    if not isinstance(o, TradeIn):
        raise _not_offered(d, o)
    k = o.chips
    if not k:
        return
    eff = _find(g, TradeTiers)
    s = g.seats[d.seat]
    removed = 0
    for i in range(len(s.pot) - 1, -1, -1):
        if removed == k:
            break
        if s.pot[i].chip.colour is eff.colour:
            p = s.pot.pop(i)
            g.return_to_supply(d.seat, p.chip, Cause(CauseKind.TRADED_IN, (eff.colour.value,)))
            removed += 1
    g.give_reward(d.seat, o.reward, Cause(CauseKind.TRADE_TIER, (k, eff.colour.value)), "chip")


class BandVP(BookEffect):
    """Set 3: VP per chip of this colour by the printed coin number of its space (``bands``; R13)."""

    kind = BookKind.BAND_VP
    evaluates = True
    schema = Schema({"bands": Param(parse_int_map("coin number"), "from this coin number on, so many VP")})

    def read(self, p: Params) -> None:
        self.bands = p.int_pairs("bands")

    def evaluate(self, g: Game, seat: int) -> None:
        total = 0
        for p in g.seats[seat].pot:
            if self.mine(p.chip):
                coins = g.cat.pot.space(p.index).coins
                vp = 0
                for threshold, v in self.bands:
                    if coins >= threshold:
                        vp = v
                total += vp
        if total:
            g.gain_vp(seat, total, Cause(CauseKind.BAND_VP, (self.colour.value,)), "chip")


class UpgradeTiers(BookEffect):
    """Set 4: trade one pot chip for a higher one of its colour into the bag; tier by count (R12)."""

    kind = BookKind.UPGRADE_TIERS
    evaluates = True
    schema = Schema({
        "tiers": Param(
            parse_list(parse_list(parse_int(1), 2, 2), 1), "for 1, 2, 3... chips: [from value, to value]"
        ),
    })

    def read(self, p: Params) -> None:
        self.tiers = p.int_pairs("tiers")

    def evaluate(self, g: Game, seat: int) -> None:
        n = min(g.seats[seat].count_colour(self.colour), len(self.tiers))
        if n:
            g.push(make_decision(seat, DecisionKind.PURPLE_UPGRADE, (n,)))

    def upgrades(self, g: Game, seat: int, n: int) -> list[tuple[Chip, Chip]]:
        s = g.seats[seat]
        in_pot = {p.chip for p in s.pot}
        out: set[tuple[Chip, Chip]] = set()
        for lo, hi in self.tiers[:n]:
            for c in in_pot:
                if c.value == lo:
                    up = find_chip(c.colour, hi)
                    if up is not None and g.chip_obtainable(up):
                        out.add((c, up))
        return sorted(out, key=lambda t: (t[0].index, t[1].index))


def _upgrade_offers(g: Game, d: Decision) -> list[Option]:
    eff = _find(g, UpgradeTiers)
    return [Upgrade(a, b, looked_at=False) for a, b in eff.upgrades(g, d.seat, d.data[0])] + [KEEP_POT]


@offered(DecisionKind.PURPLE_UPGRADE, _upgrade_offers)
def _purple_upgrade(g: Game, d: Decision, o: Option) -> None:
    if isinstance(o, Decline):
        return
    if not isinstance(o, Upgrade):
        raise _not_offered(d, o)
    old, new = o.old, o.new
    s = g.seats[d.seat]
    for i in range(len(s.pot) - 1, -1, -1):
        if s.pot[i].chip is old:
            s.pot.pop(i)
            if old.is_white:
                s.white_total -= old.value
            break
    g.return_to_supply(d.seat, old, Cause(CauseKind.UPGRADED))
    g.give_chip(d.seat, new, Cause(CauseKind.UPGRADED_FROM, (old.name,)))


def _find(g: Game, kind: type[E]) -> E:
    for e in g.book_effects:
        if isinstance(e, kind):
            return e
    raise LookupError(kind.kind)  # pragma: no cover


def _not_offered(d: Decision, o: Option) -> TypeError:
    return TypeError(f"a {d.kind} decision offers no {o}")


# --- the evaluation step B driver ----------------------------------------------------------------------------


@step("chip_actions")
def chip_actions(g: Game, colour: Colour) -> None:
    """R25 step B: one colour at a time, seat by seat from the start player."""
    eff = g.effect_of(colour)
    if eff is None or not eff.evaluates:
        return
    order = g.seat_order()
    for k, seat in enumerate(order):
        eff.evaluate(g, seat)
        if g._staged:  # a choice to make first: the other seats follow it, one step each
            g.push(*(make_step("chip_action", (colour, later)) for later in order[k + 1:]))
            return


@step("chip_action")
def chip_action(g: Game, colour: Colour, seat: int) -> None:
    g.effect_of(colour).evaluate(g, seat)
