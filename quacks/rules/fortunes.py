"""The 24 fortune-teller cards as effect kinds (data-reference §4; rulings R14, R19-R21, R24, R29, R32).

Purple cards act when revealed, seat by seat from the start player (R25); blue cards act through hooks
during the round or at its end. A card's numbers come from ``data/fortune_cards.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, ClassVar

from .actions import PASS, Action, IllegalAction
from .chips import CHIP_BY_NAME, Chip, Colour, next_higher
from .effects import Effect, Params
from .events import Cause
from .kinds import CardKind, CauseKind, ChanceKind, DecisionKind, EventKind
from .options import (
    KEEP_LOOKED_AT,
    KEEP_RUBIES,
    BuyChip,
    Decline,
    GainRubies,
    GainVP,
    GiveUpRats,
    MoveDroplet,
    Option,
    RatTailVP,
    RemoveChip,
    TakeChip,
    Upgrade,
    offered,
)
from .params import Param, Schema, parse_chip, parse_int, parse_list, parse_reward, parse_text
from .registry import chance, step
from .state import Chance, Decision, Placed, SeatState, make_chance, make_decision, make_step

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

CARD_KINDS: dict[CardKind, type[CardEffect]] = {}


class CardEffect(Effect):
    """Base of all card effects: each hook does nothing unless a kind overrides it."""

    family = "card"
    kind_type = CardKind
    kind: ClassVar[CardKind]  # set by every concrete kind; registers the class in CARD_KINDS
    fixes_rats: ClassVar[bool] = False  # the card refers to this round's rat tails (see docs/rulings)

    @classmethod
    def registered(cls) -> Collection[CardKind]:
        return CARD_KINDS

    @classmethod
    def register(cls) -> None:
        CARD_KINDS[cls.kind] = cls

    # hooks -------------------------------------------------------------------------------------------------
    def reveal(self, g: Game) -> None:
        """When the card is revealed (purple cards act here)."""

    def offers(self, g: Game, d: Decision) -> list[Option]:
        """What the card offers the seat deciding ``d`` (rules/options.py)."""
        return []

    def take(self, g: Game, d: Decision, o: Option) -> None:
        """Carry out option ``o``, one of those ``offers`` listed."""
        raise NotImplementedError(self.kind)  # pragma: no cover

    def option_for(self, g: Game, seat: int, a: Action) -> Option:
        """The option a recorded choice ``a`` of the seat stood for, once the decision is gone (the evaluation
        shows what each seat chose); the inverse of ``Option.action`` for this card's options."""
        raise IllegalAction(f"{self.kind} offers no choice, so not {a}")

    def only_because(self, g: Game, d: Decision) -> Cause | None:
        """R47: why the one option ``offers`` leaves for ``d`` is the only one (a cause that names the card and
        the reason, a ``CARD_ONLY_*`` kind), or None if the card never offers a choice that can shrink so."""
        return None

    def rat_factor(self) -> int:
        return 1

    def white_limit(self, g: Game, seat: int) -> int:
        return 0

    def move_bonus(self, g: Game, s: SeatState, c: Chip) -> int:
        return 0

    def after_place(self, g: Game, seat: int, p: Placed, source: str) -> None:
        return None

    def offers_restart(self, g: Game, seat: int) -> bool:
        return False

    def after_brewing(self, g: Game) -> None:
        return None

    def die_rolls(self) -> int:
        return 1

    def end_of_chip_actions(self, g: Game) -> None:
        """After evaluation step B (seasoned-perfectly, schadenfreude; R25)."""

    def ruby_space(self, g: Game, seat: int) -> None:
        """At step C, for a seat whose scoring space shows a ruby (R30)."""

    def end_of_round(self, g: Game) -> None:
        """At step F, before ruby spending (magic-potion)."""


def card_decision(seat: int, *data: str | int) -> Decision:
    return make_decision(seat, DecisionKind.CARD, data)


def _card_offers(g: Game, d: Decision) -> list[Option]:
    assert g.fortune is not None
    return g.fortune.effect.offers(g, d)


@offered(DecisionKind.CARD, _card_offers)
def _card_take(g: Game, d: Decision, o: Option) -> None:
    """A card's choice carried out; when it was the only option left, it resolved by itself and its event's cause
    says why the others are gone (R47), for the card's outcome lines on the table."""
    assert g.fortune is not None
    eff = g.fortune.effect
    if g.record_events:
        why = eff.only_because(g, d) if len(eff.offers(g, d)) == 1 else None
        g.emit(EventKind.CARD_CHOICE, d.seat, why or _cause(g), choice=str(o.action))
    eff.take(g, d, o)


def _not_offered(eff: CardEffect, o: Option) -> TypeError:
    return TypeError(f"{type(eff).__name__} offers no {o}")


def _word(a: Action) -> str:
    """The argument of a ``choose`` action ("droplet", "2", "green-1")."""
    if a.verb != "choose" or len(a.args) != 1:
        raise IllegalAction(f"{a} is not a card's choice")
    return a.args[0]


def _chip(a: Action) -> Chip:
    c = CHIP_BY_NAME.get(_word(a))
    if c is None:
        raise IllegalAction(f"{a} names no chip")
    return c


def _missing_chip(g: Game, chip: Chip) -> Cause:
    """Why ``chip`` cannot be had (R47): its book is not out yet (R32), or none is left in the supply (R4)."""
    if chip.colour in (Colour.YELLOW, Colour.PURPLE) and not g.book_on_table(chip.colour):
        return _cause(g, CauseKind.CARD_ONLY_NOT_OUT, chip.colour.value)
    return _cause(g, CauseKind.CARD_ONLY_NONE_LEFT, chip.name)


def _each_seat(g: Game, make: Callable[[int], Decision]) -> None:
    for seat in g.seat_order():
        g.push(make(seat))


def _cause(g: Game, kind: CauseKind = CauseKind.CARD, *args: str | int) -> Cause:
    """A cause that names the card of the round first (``CauseKind.CARD`` and its kin)."""
    return Cause(kind, (g.fortune.id if g.fortune is not None else "", *args))


# --- purple cards --------------------------------------------------------------------------------------------


class ChooseDropletOrChip(CardEffect):
    """choose-wisely: move the droplet ``droplet`` spaces, or take ``chip``."""

    kind = CardKind.DROPLET_OR_CHIP
    schema = Schema({
        "droplet": Param(parse_int(1), "droplet steps"),
        "chip": Param(parse_chip, "the chip one may take instead"),
    })

    def read(self, p: Params) -> None:
        self.droplet, self.chip = p.number("droplet"), p.chip("chip")

    def reveal(self, g: Game) -> None:
        _each_seat(g, card_decision)

    def offers(self, g: Game, d: Decision) -> list[Option]:
        out: list[Option] = [MoveDroplet(self.droplet)]
        if g.chip_obtainable(self.chip):
            out.append(TakeChip(self.chip))
        return out

    def option_for(self, g: Game, seat: int, a: Action) -> Option:
        return MoveDroplet(self.droplet) if _word(a) == "droplet" else TakeChip(_chip(a))

    def only_because(self, g: Game, d: Decision) -> Cause | None:
        """R47: the chip cannot be had (its book not out, R32; or none left, R4): the droplet moves."""
        return None if g.chip_obtainable(self.chip) else _missing_chip(g, self.chip)

    def take(self, g: Game, d: Decision, o: Option) -> None:
        match o:
            case MoveDroplet(steps=n):
                g.move_droplet(d.seat, n, _cause(g))
            case TakeChip(chip=c):
                g.give_chip(d.seat, c, _cause(g))
            case _:
                raise _not_offered(self, o)


class DropletForAll(CardEffect):
    """pot-filling-up: every droplet moves ``droplet`` spaces."""

    kind = CardKind.DROPLET_FOR_ALL
    schema = Schema({"droplet": Param(parse_int(1), "droplet steps")})

    def read(self, p: Params) -> None:
        self.droplet = p.number("droplet")

    def reveal(self, g: Game) -> None:
        for seat in g.seat_order():
            g.move_droplet(seat, self.droplet, _cause(g))


class FewestGain(CardEffect):
    """alms, beginners-bonus: the seat(s) with the fewest ``measure`` receive ``reward``."""

    kind = CardKind.FEWEST_GAIN
    schema = Schema({
        "measure": Param(parse_text, "what is counted: rubies or vp"),
        "reward": Param(parse_reward, "the gain"),
    })

    def read(self, p: Params) -> None:
        self.measure, self.reward = p.text("measure"), p.reward("reward")

    def reveal(self, g: Game) -> None:
        values = [s.rubies if self.measure == "rubies" else s.score for s in g.seats]
        low = min(values)
        why = _cause(g, CauseKind.CARD_FEWEST_RUBIES if self.measure == "rubies" else CauseKind.CARD_FEWEST_VP)
        for seat in g.seat_order():
            if values[seat] == low:
                g.give_reward(seat, self.reward, why, "card")


class LowestSum(CardEffect):
    """less-is-more: all look at ``draw`` chips; lowest sum(s) get ``lowest``, the others ``others`` (R21)."""

    kind = CardKind.LOWEST_SUM
    schema = Schema({
        "draw": Param(parse_int(1), "chips each seat looks at"),
        "lowest": Param(parse_reward, "gain for the lowest sum"),
        "others": Param(parse_reward, "gain for everyone else"),
    })

    def read(self, p: Params) -> None:
        self.draw, self.lowest, self.others = p.number("draw"), p.reward("lowest"), p.reward("others")

    def reveal(self, g: Game) -> None:
        for seat in g.seat_order():
            n = min(self.draw, g.seats[seat].bag.total)
            if n:
                g.push(make_chance(ChanceKind.REVEAL, seat, "look", n))
        g.push(make_step("lowest_sum"))


@chance("look")
def _look(g: Game, ch: Chance, chips: tuple[Chip, ...]) -> None:
    """Chips drawn only to be looked at (R21): out of the bag until the card is done."""
    assert ch.seat is not None
    s = g.seats[ch.seat]
    for c in chips:
        s.bag.remove(c)
        s.revealed.append(c)
    if g.record_events:
        g.emit(EventKind.REVEAL, ch.seat, _cause(g), chips=[c.name for c in chips])


def _return_revealed(g: Game, seat: int) -> None:
    s = g.seats[seat]
    for c in s.revealed:
        s.bag.add(c)
    s.revealed = []


@step("lowest_sum")
def _lowest_sum(g: Game) -> None:
    eff = g.fortune.effect if g.fortune is not None else None
    assert isinstance(eff, LowestSum)
    sums = [sum(c.value for c in s.revealed) for s in g.seats]
    low = min(sums)
    for seat in g.seat_order():
        _return_revealed(g, seat)
        if g.record_events:
            g.emit(EventKind.SUM, seat, _cause(g), total=sums[seat], lowest=sums[seat] == low)
        r = eff.lowest if sums[seat] == low else eff.others
        g.give_reward(seat, r, _cause(g, CauseKind.CARD_SUM, sums[seat]), "card")


class ChipOrRubies(CardEffect):
    """choose-one: take ``chip``, or any one ``value``-chip (R32), or ``rubies`` rubies."""

    kind = CardKind.CHIP_OR_RUBIES
    schema = Schema({
        "chip": Param(parse_chip, "a named chip one may take"),
        "value": Param(parse_int(1), "or any one chip of this value"),
        "rubies": Param(parse_int(1), "or so many rubies"),
    })

    def read(self, p: Params) -> None:
        self.chip, self.value, self.rubies = p.chip("chip"), p.number("value"), p.number("rubies")

    def reveal(self, g: Game) -> None:
        _each_seat(g, card_decision)

    def offers(self, g: Game, d: Decision) -> list[Option]:
        out: list[Option] = []
        if g.chip_obtainable(self.chip):
            out.append(TakeChip(self.chip))
        out.append(GainRubies(self.rubies))
        out += [TakeChip(c) for c in g.coloured_chips(self.value) if c is not self.chip]
        return out

    def option_for(self, g: Game, seat: int, a: Action) -> Option:
        return GainRubies(self.rubies) if _word(a) == "rubies" else TakeChip(_chip(a))

    def only_because(self, g: Game, d: Decision) -> Cause | None:
        """R47: neither the named chip nor any chip of the value can be had (R4, R32): the rubies."""
        return _cause(g, CauseKind.CARD_ONLY_NO_VALUE_CHIP, self.value)

    def take(self, g: Game, d: Decision, o: Option) -> None:
        match o:
            case GainRubies(rubies=n):
                g.gain_rubies(d.seat, n, _cause(g))
            case TakeChip(chip=c):
                g.give_chip(d.seat, c, _cause(g))
            case _:
                raise _not_offered(self, o)


class RubyForChip(CardEffect):
    """wheel-and-deal: pay ``cost`` ruby for any one ``value``-chip, not of the ``exclude`` colours.

    R32 (amended): the card names its own exceptions, so every other book's chip of that value on the table
    may be bought, orange included; white never.
    """

    kind = CardKind.RUBY_FOR_CHIP
    schema = Schema({
        "cost": Param(parse_int(1), "rubies paid"),
        "value": Param(parse_int(1), "the value of the chip"),
        "exclude": Param(parse_list(parse_text), "colours not allowed", required=False, default=()),
    })

    def read(self, p: Params) -> None:
        self.cost, self.value, self.exclude = p.number("cost"), p.number("value"), p.texts("exclude")

    def reveal(self, g: Game) -> None:
        _each_seat(g, card_decision)

    def offers(self, g: Game, d: Decision) -> list[Option]:
        if g.seats[d.seat].rubies < self.cost:
            return [KEEP_RUBIES]  # nothing to pay with: the card passes this seat by, and says why (R47)
        ex = [Colour(c) for c in self.exclude]
        return [BuyChip(c, self.cost) for c in g.coloured_chips(self.value, ex)] + [KEEP_RUBIES]

    def only_because(self, g: Game, d: Decision) -> Cause | None:
        """R47: too few rubies to pay, or no chip of the value can be had (R4, R32)."""
        if g.seats[d.seat].rubies < self.cost:
            return _cause(g, CauseKind.CARD_ONLY_NO_RUBY, self.cost)
        return _cause(g, CauseKind.CARD_ONLY_NO_VALUE_CHIP, self.value)

    def option_for(self, g: Game, seat: int, a: Action) -> Option:
        return KEEP_RUBIES if a == PASS else BuyChip(_chip(a), self.cost)

    def take(self, g: Game, d: Decision, o: Option) -> None:
        match o:
            case Decline():
                return
            case BuyChip(chip=c, rubies=cost):
                g.pay_rubies(d.seat, cost, _cause(g))
                g.give_chip(d.seat, c, _cause(g))
            case _:
                raise _not_offered(self, o)


class RatsForRubies(CardEffect):
    """good-start: pass up 0 to ``most`` of this round's rat tails for ``rubies`` each (R29)."""

    kind = CardKind.RATS_FOR_RUBIES
    fixes_rats = True
    schema = Schema({
        "most": Param(parse_int(1), "most tails passed up"),
        "rubies": Param(parse_int(1), "rubies per tail"),
    })

    def read(self, p: Params) -> None:
        self.most, self.rubies = p.number("most"), p.number("rubies")

    def reveal(self, g: Game) -> None:
        _each_seat(g, card_decision)

    def offers(self, g: Game, d: Decision) -> list[Option]:
        rats = g.fixed_rats[d.seat] if g.fixed_rats is not None else 0
        return [GiveUpRats(k, self.rubies) for k in range(min(self.most, rats) + 1)]

    def option_for(self, g: Game, seat: int, a: Action) -> Option:
        if not _word(a).isdigit():
            raise IllegalAction(f"{a} is not a number of rat tails")
        return GiveUpRats(int(_word(a)), self.rubies)

    def only_because(self, g: Game, d: Decision) -> Cause | None:
        """R47: no rat tails this round, so none to give up (R29)."""
        return _cause(g, CauseKind.CARD_ONLY_NO_RATS)

    def take(self, g: Game, d: Decision, o: Option) -> None:
        if not isinstance(o, GiveUpRats):
            raise _not_offered(self, o)
        k = o.tails
        if k:
            g.seats[d.seat].passed_rats = k
            g.gain_rubies(d.seat, k * o.rubies_each, _cause(g, CauseKind.CARD_PASSED_RATS, k))


class EveryoneRolls(CardEffect):
    """donations: everyone rolls the bonus die ``rolls`` time(s) and takes the bonus."""

    kind = CardKind.EVERYONE_ROLLS
    schema = Schema({"rolls": Param(parse_int(1), "rolls per seat")})

    def read(self, p: Params) -> None:
        self.rolls = p.number("rolls")

    def reveal(self, g: Game) -> None:
        for seat in g.seat_order():
            for _ in range(self.rolls):
                g.push(make_chance(ChanceKind.DIE, seat, "die-card"))


class LookAndUpgrade(CardEffect):
    """opportunistic-moment: look at ``draw`` chips, trade one up (R18), or take ``fallback`` (R21)."""

    kind = CardKind.LOOK_AND_UPGRADE
    schema = Schema({
        "draw": Param(parse_int(1), "chips looked at"),
        "fallback": Param(parse_reward, "gain when no trade can be made"),
    })

    def read(self, p: Params) -> None:
        self.draw, self.fallback = p.number("draw"), p.reward("fallback")

    def reveal(self, g: Game) -> None:
        for seat in g.seat_order():
            n = min(self.draw, g.seats[seat].bag.total)
            if n:
                g.push(make_chance(ChanceKind.REVEAL, seat, "look", n))
            g.push(make_step("upgrade_offer", (seat,)))

    def upgrades(self, g: Game, seat: int) -> list[tuple[Chip, Chip]]:
        out = set()
        for c in g.seats[seat].revealed:
            up = next_higher(c)
            if up is not None and c.colour not in (Colour.ORANGE, Colour.PURPLE, Colour.BLACK) \
                    and g.chip_obtainable(up):
                out.add((c, up))
        return sorted(out, key=lambda t: t[0].index)

    def offers(self, g: Game, d: Decision) -> list[Option]:
        return [Upgrade(a, b, looked_at=True) for a, b in self.upgrades(g, d.seat)] + [KEEP_LOOKED_AT]

    def option_for(self, g: Game, seat: int, a: Action) -> Option:
        if a == PASS:
            return KEEP_LOOKED_AT
        if a.verb != "upgrade" or len(a.args) != 2 or not set(a.args) <= CHIP_BY_NAME.keys():
            raise IllegalAction(f"{a} is not a trade up")
        return Upgrade(CHIP_BY_NAME[a.args[0]], CHIP_BY_NAME[a.args[1]], looked_at=True)

    def take(self, g: Game, d: Decision, o: Option) -> None:
        match o:
            case Upgrade(old=old, new=new):
                g.seats[d.seat].revealed.remove(old)
                g.return_to_supply(d.seat, old, _cause(g, CauseKind.CARD_TRADED_UP))
                g.give_chip(d.seat, new, _cause(g, CauseKind.CARD_TRADED_UP_FROM, old.name))
            case Decline():
                pass
            case _:
                raise _not_offered(self, o)
        _return_revealed(g, d.seat)


@step("upgrade_offer")
def _upgrade_offer(g: Game, seat: int) -> None:
    eff = g.fortune.effect if g.fortune is not None else None
    assert isinstance(eff, LookAndUpgrade)
    if eff.upgrades(g, seat):
        g.push(card_decision(seat, "upgrade"))
    else:
        _return_revealed(g, seat)
        g.give_reward(seat, eff.fallback, _cause(g, CauseKind.CARD_NO_TRADE), "card")


class VpOrRemove(CardEffect):
    """just-in-time: take ``vp`` VP, or remove one ``chip`` from the bag to the supply (R33)."""

    kind = CardKind.VP_OR_REMOVE
    schema = Schema({
        "vp": Param(parse_int(1), "victory points"),
        "chip": Param(parse_chip, "the chip one may remove from the bag"),
    })

    def read(self, p: Params) -> None:
        self.vp, self.chip = p.number("vp"), p.chip("chip")

    def reveal(self, g: Game) -> None:
        _each_seat(g, card_decision)

    def offers(self, g: Game, d: Decision) -> list[Option]:
        out: list[Option] = [GainVP(self.vp)]
        if g.seats[d.seat].bag[self.chip]:
            out.append(RemoveChip(self.chip))
        return out

    def option_for(self, g: Game, seat: int, a: Action) -> Option:
        if _word(a) == "remove-white":
            return RemoveChip(self.chip)
        if _word(a) == "vp":
            return GainVP(self.vp)
        raise IllegalAction(f"{a} is none of the card's choices")

    def only_because(self, g: Game, d: Decision) -> Cause | None:
        """R47: no such chip in the bag to take out (R33): the victory points."""
        return _cause(g, CauseKind.CARD_ONLY_NOT_IN_BAG, self.chip.name)

    def take(self, g: Game, d: Decision, o: Option) -> None:
        match o:
            case GainVP(vp=n):
                g.gain_vp(d.seat, n, _cause(g), "card")
            case RemoveChip(chip=c):
                g.seats[d.seat].bag.remove(c)
                g.return_to_supply(d.seat, c, _cause(g, CauseKind.CARD_REMOVED))
            case _:
                raise _not_offered(self, o)


class ChipOrRatVp(CardEffect):
    """rats-are-your-friends: any one ``value``-chip (R32), or ``vp_per_rat`` VP per rat tail this round."""

    kind = CardKind.CHIP_OR_RAT_VP
    fixes_rats = True
    schema = Schema({
        "value": Param(parse_int(1), "the value of the chip"),
        "vp_per_rat": Param(parse_int(1), "VP per rat tail"),
    })

    def read(self, p: Params) -> None:
        self.value, self.vp_per_rat = p.number("value"), p.number("vp_per_rat")

    def reveal(self, g: Game) -> None:
        _each_seat(g, card_decision)

    def offers(self, g: Game, d: Decision) -> list[Option]:
        rats = g.fixed_rats[d.seat] if g.fixed_rats is not None else 0
        return [*(TakeChip(c) for c in g.coloured_chips(self.value)), RatTailVP(rats, self.vp_per_rat)]

    def option_for(self, g: Game, seat: int, a: Action) -> Option:
        if _word(a) == "rat-vp":
            return RatTailVP(g.fixed_rats[seat] if g.fixed_rats is not None else 0, self.vp_per_rat)
        return TakeChip(_chip(a))

    def only_because(self, g: Game, d: Decision) -> Cause | None:
        """R47: no chip of the value can be had (R4, R32): the victory points per rat tail."""
        return _cause(g, CauseKind.CARD_ONLY_NO_VALUE_CHIP, self.value)

    def take(self, g: Game, d: Decision, o: Option) -> None:
        match o:
            case RatTailVP(rats=rats, vp_per_rat=per):
                g.gain_vp(d.seat, rats * per, _cause(g, CauseKind.CARD_RAT_TAILS, rats), "card")
            case TakeChip(chip=c):
                g.give_chip(d.seat, c, _cause(g))
            case _:
                raise _not_offered(self, o)


class RatFactor(CardEffect):
    """rat-infestation: the rat tails counted this round are multiplied by ``factor`` (R24)."""

    kind = CardKind.RAT_FACTOR
    schema = Schema({"factor": Param(parse_int(1), "multiplier")})

    def read(self, p: Params) -> None:
        self.factor = p.number("factor")

    def rat_factor(self) -> int:
        return self.factor


# --- blue cards ------------------------------------------------------------------------------------------------


class WhiteLimit(CardEffect):
    """living-in-luxury: the white limit this round is ``limit`` (R9: the highest limit applies)."""

    kind = CardKind.WHITE_LIMIT
    schema = Schema({"limit": Param(parse_int(1), "the white limit")})

    def read(self, p: Params) -> None:
        self.limit = p.number("limit")

    def white_limit(self, g: Game, seat: int) -> int:
        return self.limit


class ExactWhiteReward(CardEffect):
    """seasoned-perfectly: whites totalling exactly ``total`` at the end of the round give ``reward``."""

    kind = CardKind.EXACT_WHITE_REWARD
    schema = Schema({
        "total": Param(parse_int(1), "the white total"),
        "reward": Param(parse_reward, "the gain"),
    })

    def read(self, p: Params) -> None:
        self.total, self.reward = p.number("total"), p.reward("reward")

    def end_of_chip_actions(self, g: Game) -> None:
        for seat in g.seat_order():
            if g.seats[seat].white_total == self.total:
                g.give_reward(seat, self.reward, _cause(g, CauseKind.CARD_EXACT_WHITE, self.total), "card")


class RubySpaceBonus(CardEffect):
    """lucky-devil, shining-extra-bright: a scoring space with a ruby gives ``reward`` too (R30)."""

    kind = CardKind.RUBY_SPACE_BONUS
    schema = Schema({"reward": Param(parse_reward, "the extra gain")})

    def read(self, p: Params) -> None:
        self.reward = p.reward("reward")

    def ruby_space(self, g: Game, seat: int) -> None:
        g.give_reward(seat, self.reward, _cause(g, CauseKind.CARD_RUBY_SPACE), "card")


class ExplosionGift(CardEffect):
    """schadenfreude: for each exploded pot the player to its left takes any one ``value``-chip (R32)."""

    kind = CardKind.EXPLOSION_GIFT
    schema = Schema({"value": Param(parse_int(1), "the value of the chip")})

    def read(self, p: Params) -> None:
        self.value = p.number("value")

    def end_of_chip_actions(self, g: Game) -> None:
        """The receivers decide one at a time in seat order from the start player (R25)."""
        for receiver in g.seat_order():
            giver = g.right_of(receiver)  # the seat whose left neighbour is the receiver (R28)
            if g.seats[giver].exploded:
                g.push(card_decision(receiver, "gift", giver))

    def offers(self, g: Game, d: Decision) -> list[Option]:
        return [TakeChip(c) for c in g.coloured_chips(self.value)]

    def option_for(self, g: Game, seat: int, a: Action) -> Option:
        return TakeChip(_chip(a))

    def only_because(self, g: Game, d: Decision) -> Cause | None:
        """R47: only one chip of the value can be had (R4, R32): that one."""
        chips = g.coloured_chips(self.value)
        return _cause(g, CauseKind.CARD_ONLY_ONE_CHIP, chips[0].name) if chips else None

    def take(self, g: Game, d: Decision, o: Option) -> None:
        if not isinstance(o, TakeChip):
            raise _not_offered(self, o)
        g.give_chip(d.seat, o.chip, _cause(g, CauseKind.CARD_GIFT, int(d.data[1])))


class ReturnFirstWhite(CardEffect):
    """well-stirred: the first white chip drawn this round may go back into the bag (R26)."""

    kind = CardKind.RETURN_FIRST_WHITE

    def after_place(self, g: Game, seat: int, p: Placed, source: str) -> None:
        s = g.seats[seat]
        if p.chip.is_white and source != "aside" and not s.first_white_seen:
            s.first_white_seen = True
            if not s.exploded:
                s.pending.append(make_decision(seat, DecisionKind.RETURN_WHITE, ("stirred",)))


class ExtraDieRolls(CardEffect):
    """pot-is-full: whoever rolls the bonus die this round rolls it ``rolls`` times."""

    kind = CardKind.EXTRA_DIE_ROLLS
    schema = Schema({"rolls": Param(parse_int(1), "rolls")})

    def read(self, p: Params) -> None:
        self.rolls = p.number("rolls")

    def die_rolls(self) -> int:
        return self.rolls


class RestartBrew(CardEffect):
    """second-chance: once ``after`` chips are in the pot (or it explodes first), restart or continue (R19)."""

    kind = CardKind.RESTART_BREW
    schema = Schema({"after": Param(parse_int(1), "chips in the pot")})

    def read(self, p: Params) -> None:
        self.after = p.number("after")

    def offers_restart(self, g: Game, seat: int) -> bool:
        s = g.seats[seat]
        return s.exploded or len(s.pot) >= self.after


class LookAndPlace(CardEffect):
    """strong-ingredient: after brewing, seat by seat, a seat that did not explode looks at ``draw`` chips
    and may place one (R20, R31)."""

    kind = CardKind.LOOK_AND_PLACE
    schema = Schema({"draw": Param(parse_int(1), "chips looked at")})

    def read(self, p: Params) -> None:
        self.draw = p.number("draw")

    def after_brewing(self, g: Game) -> None:
        for seat in g.seat_order():
            g.push(make_step("strong_ingredient", (seat, self.draw)))


class MoveBonus(CardEffect):
    """pumpkin-patch-party: every ``chip`` placed this round moves ``extra`` more."""

    kind = CardKind.MOVE_BONUS
    schema = Schema({
        "chip": Param(parse_chip, "the chip kind"),
        "extra": Param(parse_int(1), "extra spaces"),
    })

    def read(self, p: Params) -> None:
        self.chip, self.extra = p.chip("chip"), p.number("extra")

    def move_bonus(self, g: Game, s: SeatState, c: Chip) -> int:
        return self.extra if c is self.chip else 0


class RefillFlasks(CardEffect):
    """magic-potion: at the end of the round every flask is refilled for free (R25 step F)."""

    kind = CardKind.REFILL_FLASKS

    def end_of_round(self, g: Game) -> None:
        for seat in g.seat_order():
            s = g.seats[seat]
            if not s.flask_full:
                s.flask_full = True
                if g.record_events:
                    g.emit(EventKind.FLASK, seat, _cause(g, CauseKind.CARD_FLASK_REFILLED), full=True)
