"""How the Hard bot's brew model (``model.BrewModel``) treats each book kind and fortune-card kind.

One registry per closed kind of the engine (``rules.kinds.BookKind``, ``CardKind``): every member has exactly
one entry here, and ``tests/ai/test_kinds.py`` fails if one is missing. A kind with nothing for the brew model
to value is registered as such, with the reason.

An entry is a small class built once per model with the effect's parameters. It fills the model's per-chip
tables that ``BrewModel.step`` reads on its hot path (the same hooks as the engine's books: a chip diverted
beside the pot, extra spaces when placed, what happens right after it is placed, the white limit) and, where
the kind scores at the end of the brew, adds its worth in ``end_value`` (evaluation step B) or moves the
final position in ``final_pos``. Values are built from ``values.Values`` once, when the model is made.

``end_value`` receives the running total and returns it with its part added, so the sums are formed in the
same order as they always were (the bots' choices depend on them to the last bit).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..rules.chips import CHIPS, Colour
from ..rules.game import Game
from ..rules.kinds import BookKind, CardKind

if TYPE_CHECKING:  # pragma: no cover
    from .model import BrewModel, State

WHITE, ORANGE, GREEN, BLUE, RED, YELLOW, PURPLE, BLACK = range(8)
_CODE = {Colour.WHITE: WHITE, Colour.ORANGE: ORANGE, Colour.GREEN: GREEN, Colour.BLUE: BLUE, Colour.RED: RED,
         Colour.YELLOW: YELLOW, Colour.PURPLE: PURPLE, Colour.BLACK: BLACK}
#: Colour code and value of every chip kind, by chip index (the model's hot path reads these).
COL = [_CODE[c.colour] for c in CHIPS]
VAL = [c.value for c in CHIPS]

# ------------------------------------------------------------------------------------------------------------
# books


class BookModel:
    """What the brew model does with one book kind; the base does nothing (``NothingToValue`` says why)."""

    kinds: ClassVar[tuple[BookKind, ...]] = ()

    def __init__(self, m: BrewModel, eff: Any) -> None:
        self.m = m
        self.eff = eff

    def end_value(self, st: State, out: float) -> float:
        """Evaluation step B's worth, added to the running total ``out``: only a kind that scores at the end
        has one (:func:`scores_at_end`); the brew model calls no other."""
        return out

    def final_pos(self, st: State, pos: int) -> int:
        """Where the last chip ends up once the brew stops: only a kind that moves it has one (green set 3,
        :func:`moves_at_end`); the brew model calls no other."""
        return pos

    def chips(self) -> list[int]:
        """Indices of the chip kinds of this book's colour."""
        return [c.index for c in CHIPS if c.colour is self.eff.colour]


BOOK_MODELS: dict[BookKind, type[BookModel]] = {}


def book_model(*kinds: BookKind) -> Callable[[type[BookModel]], type[BookModel]]:
    def deco(cls: type[BookModel]) -> type[BookModel]:
        for k in kinds:
            if not isinstance(k, BookKind):
                raise TypeError(f"{k!r} is not a BookKind")
            if k in BOOK_MODELS:
                raise RuntimeError(f"book kind {k!r} has two brew models")
            BOOK_MODELS[k] = cls
        cls.kinds = kinds
        return cls

    return deco


@book_model(BookKind.PLAIN)
class NothingToValue(BookModel):
    """Orange: the chip only moves its value (the model's placement already does that)."""


# --- black ----------------------------------------------------------------------------------------------------


def _black_counts(m: BrewModel) -> list[float]:
    """Black chips the neighbours will have: in the pot, plus a share of those in a bag still brewing."""
    g = m.g

    def count(i: int) -> float:
        s = g.seats[i]
        c: float = s.count_colour(Colour.BLACK)
        if s.brewing:
            bag = s.bag
            total = bag.total
            if total:
                c += bag[CHIPS[17]] * min(1.0, 6 / total)
        return c

    if g.n == 2:
        return [count(g.left_of(m.seat))]
    return [count(g.left_of(m.seat)), count(g.right_of(m.seat))]


@book_model(BookKind.BLACK_DUEL)
class BlackDuel(BookModel):
    """2 players: more black chips than the opponent (expected count) gives ``more``, as many ``tie``."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        self.other = _black_counts(m)[0]
        self.more = m.v.reward(eff.more)
        self.tie = m.v.reward(eff.tie)

    def end_value(self, st: State, out: float) -> float:
        n_bl = int(st.n_bl)
        if n_bl:
            other = self.other
            if n_bl > other + 0.5:
                out += self.more
            elif abs(n_bl - other) < 0.5:
                out += self.tie
        return out


@book_model(BookKind.BLACK_NEIGHBOURS)
class BlackNeighbours(BookModel):
    """3-4 players: beating one or both neighbours' (expected) black chips."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        self.others = _black_counts(m)
        self.both = m.v.reward(eff.both)
        self.one = m.v.reward(eff.one)

    def end_value(self, st: State, out: float) -> float:
        n_bl = int(st.n_bl)
        if n_bl:
            beats = 0
            for o in self.others:  # the neighbours beaten
                if n_bl > o + 0.3:
                    beats += 1
            if beats == 2:
                out += self.both
            elif beats == 1:
                out += self.one
        return out


# --- blue -------------------------------------------------------------------------------------------------------


_GAINS: dict[tuple[int, ...], dict[int, float]] = {}  # bag counts -> PeekAndPick.gains


@book_model(BookKind.PEEK_AND_PICK)
class PeekAndPick(BookModel):
    """Set 1: an estimate. The chip placed is followed by the best non-white chip among ``value`` looked at;
    the model adds the expected value of that chip (sampled from the bag once) as extra spaces."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        if not m.estimates:
            return
        gain = self.gains(m.g, m.seat)
        for i in self.chips():
            m.peek_move[i] = int(round(gain.get(VAL[i], 0.0)))

    @staticmethod
    def gains(g: Game, seat: int) -> dict[int, float]:
        """The expected value of the best non-white chip among k looked at (k = 1, 2, 4); a function of the bag
        alone (sampled with the same seed every time), so it is remembered per bag."""
        key = tuple(g.seats[seat].bag.raw())
        out = _GAINS.get(key)
        if out is None:
            if len(_GAINS) >= 5000:
                _GAINS.clear()
            out = _GAINS[key] = PeekAndPick._gains(g, seat)
        return out

    @staticmethod
    def _gains(g: Game, seat: int) -> dict[int, float]:
        """``random.Random(7).sample`` of the bag's chips, 60 times for each k, written out with the same draws
        of the generator (``getrandbits``, as ``Random._randbelow``) but with the chips' values only (a white
        chip counts 0: the best of no coloured chip is 0)."""
        vals = [0 if c.is_white else c.value for c in g.seats[seat].bag.elements()]
        n = len(vals)
        getrandbits = random.Random(7).getrandbits
        out = {}
        for k in (1, 2, 4):
            if not n:
                out[k] = 0.0
                continue
            kk = min(k, n)
            tot = 0.0
            reps = 60
            for _ in range(reps):
                best = 0
                if n <= 21:  # random.sample's small-population path: pick and swap in a copy (k <= 5)
                    pool = vals.copy()
                    for i in range(kk):
                        m = n - i
                        bits = m.bit_length()
                        j = getrandbits(bits)
                        while j >= m:
                            j = getrandbits(bits)
                        v = pool[j]
                        pool[j] = pool[m - 1]
                        if v > best:
                            best = v
                else:  # its set path: distinct positions
                    bits = n.bit_length()
                    seen: set[int] = set()
                    for _i in range(kk):
                        j = getrandbits(bits)
                        while j >= n:
                            j = getrandbits(bits)
                        while j in seen:
                            j = getrandbits(bits)
                            while j >= n:
                                j = getrandbits(bits)
                        seen.add(j)
                        if vals[j] > best:
                            best = vals[j]
                tot += best
            out[k] = tot / reps
        return out


@book_model(BookKind.EXPLOSION_SHIELD)
class ExplosionShield(BookModel):
    """Set 2: the next ``value`` drawn chips are covered (an explosion among them still scores VP and coins)."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        for i in self.chips():
            m.shield_after[i] = VAL[i]


@book_model(BookKind.RUBY_SPACE_RUBY)
class RubySpaceRuby(BookModel):
    """Set 3: a chip landing on a ruby space is worth ``rubies`` rubies at once."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        for i in self.chips():
            m.ruby_gain[i] = m.v.ruby if eff.rubies == 1 else eff.rubies * m.v.ruby


@book_model(BookKind.RUBY_SPACE_VP)
class RubySpaceVP(BookModel):
    """Set 4: a chip landing on a ruby space is worth its value in VP at once."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        for i in self.chips():
            m.ruby_gain[i] = VAL[i]


# --- red --------------------------------------------------------------------------------------------------------


@book_model(BookKind.ORANGE_BOOST)
class OrangeBoost(BookModel):
    """Set 1: extra spaces by the orange chips already in the pot (``bonus`` thresholds)."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        self.bonus = eff.bonus
        for i in self.chips():
            m.move_bonus[i].append(self.extra)

    def extra(self, st: State) -> int:
        out = 0
        n_or = st.n_or
        for threshold, bonus in self.bonus:
            if n_or >= threshold:
                out = bonus
        return out


@book_model(BookKind.SET_ASIDE)
class SetAside(BookModel):
    """Set 2: drawn, the chip goes beside the pot; the model places it after stopping (``final_pos``)."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        for i in self.chips():
            m.diverts[i] = True


@book_model(BookKind.FOLLOW_WHITE)
class FollowWhite(BookModel):
    """Set 3: right after a white chip, the chip also moves the white chip's value."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        for i in self.chips():
            m.move_bonus[i].append(self.extra)

    @staticmethod
    def extra(st: State) -> int:
        last = st.last
        return VAL[last] if last >= 0 and COL[last] == WHITE else 0


@book_model(BookKind.WHITE_BOOST)
class WhiteBoost(BookModel):
    """Set 4: once a chip of this colour is in the pot, every later ``chip`` moves ``extra`` more."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        self.amount = eff.extra
        m.move_bonus[eff.chip.index].append(self.extra)

    def extra(self, st: State) -> int:
        return self.amount if st.red_in else 0


# --- yellow -----------------------------------------------------------------------------------------------------


@book_model(BookKind.RETURN_WHITE)
class ReturnWhite(BookModel):
    """Set 1: drawn right after a white chip, that white goes back into the bag (the Hard bot always returns it)."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        for i in self.chips():
            m.returns_white[i] = True


@book_model(BookKind.DOUBLE_NEXT)
class DoubleNext(BookModel):
    """Set 2: the next chip drawn moves ``factor`` times (R8, R37)."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        for i in self.chips():
            m.double_after[i] = eff.factor


@book_model(BookKind.RAISE_LIMIT)
class RaiseLimit(BookModel):
    """Set 3: with so many chips of this colour in the pot the white limit is at least so much (R9)."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        m.limit_steps = tuple(eff.limits)


@book_model(BookKind.COUNT_BONUS)
class CountBonus(BookModel):
    """Set 4: the 1st, 2nd, 3rd chip of this colour move ``bonuses`` more."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        self.bonuses: Sequence[int] = eff.bonuses
        for i in self.chips():
            m.move_bonus[i].append(self.extra)

    def extra(self, st: State) -> int:
        bonuses = self.bonuses
        n_ye = st.n_ye
        return bonuses[n_ye] if n_ye < len(bonuses) else 0


# --- green ------------------------------------------------------------------------------------------------------


_IS_GREEN = [COL[i] == GREEN for i in range(len(CHIPS))] + [False]  # by chip index; index -1 (no chip): False


def _greens_last_two(st: State) -> int:
    return _IS_GREEN[st.last] + _IS_GREEN[st.prev]


@book_model(BookKind.LAST_TWO_RUBIES)
class LastTwoRubies(BookModel):
    """Set 1: ``rubies`` for every green chip last or next to last."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        self.worth = [k * eff.rubies * m.v.ruby for k in range(3)]

    def end_value(self, st: State, out: float) -> float:
        n = _IS_GREEN[st.last] + _IS_GREEN[st.prev]  # _greens_last_two(st)
        if n:
            out += self.worth[n]
        return out


@book_model(BookKind.LAST_TWO_CHIPS)
class LastTwoChips(BookModel):
    """Set 2: for every green chip last or next to last, the best chip it may take (80% of its worth)."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        v = m.v
        self.gains: list[list[float]] = [[] for _ in CHIPS]
        for c, opts in eff.choices:
            if opts:
                self.gains[c.index].append(max(v.chip_value(o) for o in opts) * 0.8)

    def end_value(self, st: State, out: float) -> float:
        for x in (st.last, st.prev):
            if x >= 0 and COL[x] == GREEN:
                for gain in self.gains[x]:
                    out += gain
        return out


@book_model(BookKind.EXACT_WHITE_PUSH)
class ExactWhitePush(BookModel):
    """Set 3: whites totalling exactly ``total`` move the last chip by the sum of the green chips."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        self.total = eff.total

    def final_pos(self, st: State, pos: int) -> int:
        if st.whites == self.total and st.green_sum:
            return min(pos + st.green_sum, self.m.last_index)
        return pos


@book_model(BookKind.LAST_TWO_RUBY_DROPLET)
class LastTwoRubyDroplet(BookModel):
    """Set 4: a ruby per green chip last or next to last buys a droplet step (worth the difference)."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        v = m.v
        self.worth = [k * max(0.0, v.droplet - v.ruby) for k in range(3)]

    def end_value(self, st: State, out: float) -> float:
        n = _IS_GREEN[st.last] + _IS_GREEN[st.prev]  # _greens_last_two(st)
        if n:
            out += self.worth[n]
        return out


# --- purple -----------------------------------------------------------------------------------------------------


class _ByCount(BookModel):
    """Purple books valued by the purple chips in the pot (at most 3), from a table made once."""

    worth: list[float]

    def end_value(self, st: State, out: float) -> float:
        n_pu = min(int(st.n_pu), 3)
        if n_pu:
            out += self.worth[n_pu]
        return out


@book_model(BookKind.COUNT_TIERS)
class CountTiers(_ByCount):
    """Set 1: the best tier of gains reached (R12)."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        v = m.v
        tiers = eff.tiers
        self.worth = [0.0] + [max(v.reward(t) for t in tiers[:n]) for n in range(1, 4)]


@book_model(BookKind.TRADE_TIERS)
class TradeTiers(_ByCount):
    """Set 2: the best trade of purple chips for a tier, less what the chips traded in are worth."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        v = m.v
        tiers = eff.tiers
        keep = v.chip_value(CHIPS[16]) * 0.9
        self.worth = [0.0] + [
            max(0.0, max(v.reward(tiers[k - 1]) - k * keep for k in range(1, min(n, len(tiers)) + 1)))
            for n in range(1, 4)
        ]


@book_model(BookKind.BAND_VP)
class BandVP(BookModel):
    """Set 3: VP per purple chip by the coin number of its space, counted as each is placed (R13)."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        coins = m.coins
        bands = eff.bands
        m.band_vp = []
        for index in range(len(coins)):
            c = coins[min(index, 53)]
            vp = 0
            for threshold, value in bands:
                if c >= threshold:
                    vp = value
            m.band_vp.append(vp)
        for i in self.chips():
            m.band[i] = True

    def end_value(self, st: State, out: float) -> float:
        n_pu = min(int(st.n_pu), 3)
        if n_pu:
            out += float(st.purple_vp)
        return out


@book_model(BookKind.UPGRADE_TIERS)
class UpgradeTiers(_ByCount):
    """Set 4: a rough worth of trading a chip up, by the purple chips in the pot."""

    def __init__(self, m: BrewModel, eff: Any) -> None:
        super().__init__(m, eff)
        coin = m.v.coin
        self.worth = [(0.0, 4.0, 6.0, 10.0)[n] * coin * 0.8 for n in range(4)]


# ------------------------------------------------------------------------------------------------------------
# fortune cards


class CardModel:
    """What the brew model (and the Hard bot's card choices) do with one card kind; the base: nothing."""

    kinds: ClassVar[tuple[CardKind, ...]] = ()
    flask_free: ClassVar[bool] = False  # the flask is refilled for free at the end of the round

    def __init__(self, m: BrewModel, card: Any) -> None:
        self.m = m
        self.card = card

    def end_value(self, st: State, out: float) -> float:
        """The card's worth at the end of the brew (only a card that scores then has one: :func:`scores_at_end`)."""
        return out

    @classmethod
    def chip_price(cls, card: Any, ruby: float) -> float:
        """What taking a chip offered by the card costs (in VP), given a ruby's worth."""
        return 0.0


CARD_MODELS: dict[CardKind, type[CardModel]] = {}


def card_model(*kinds: CardKind) -> Callable[[type[CardModel]], type[CardModel]]:
    def deco(cls: type[CardModel]) -> type[CardModel]:
        for k in kinds:
            if not isinstance(k, CardKind):
                raise TypeError(f"{k!r} is not a CardKind")
            if k in CARD_MODELS:
                raise RuntimeError(f"card kind {k!r} has two brew models")
            CARD_MODELS[k] = cls
        cls.kinds = kinds
        return cls

    return deco


def scores_at_end(model: BookModel | CardModel) -> bool:
    """Does the model's kind add a worth at the end of the brew (its own ``end_value``)?"""
    base = BookModel if isinstance(model, BookModel) else CardModel
    return type(model).end_value is not base.end_value


def moves_at_end(model: BookModel) -> bool:
    """Does the model's kind move the last chip at the end of the brew (its own ``final_pos``)?"""
    return type(model).final_pos is not BookModel.final_pos


def card_class(g: Game) -> type[CardModel] | None:
    """The registry entry of this round's fortune card (None without a card)."""
    return CARD_MODELS[g.fortune.effect.kind] if g.fortune is not None else None


@card_model(
    CardKind.DROPLET_OR_CHIP, CardKind.DROPLET_FOR_ALL, CardKind.FEWEST_GAIN, CardKind.LOWEST_SUM,
    CardKind.CHIP_OR_RUBIES, CardKind.RATS_FOR_RUBIES, CardKind.EVERYONE_ROLLS,
    CardKind.LOOK_AND_UPGRADE, CardKind.VP_OR_REMOVE, CardKind.CHIP_OR_RAT_VP, CardKind.RAT_FACTOR,
)
class ActsWhenRevealed(CardModel):
    """The card acts when it is revealed, before any chip is drawn: the brew starts from its result (its
    choices are valued by the Hard bot's card handler, ``cards.choose_card``)."""


@card_model(CardKind.RETURN_FIRST_WHITE, CardKind.RESTART_BREW, CardKind.LOOK_AND_PLACE)
class AnsweredByHandlers(CardModel):
    """Well-stirred, second-chance and strong-ingredient offer a decision while or after brewing; the Hard bot's
    handlers for return-white, second-chance and pick value it then. The brew model does not look ahead to it."""


@card_model(CardKind.RUBY_FOR_CHIP)
class RubyForChip(CardModel):
    """wheel-and-deal: a chip costs ``cost`` rubies."""

    @classmethod
    def chip_price(cls, card: Any, ruby: float) -> float:
        cost: int = card.cost
        return cost * ruby


@card_model(CardKind.REFILL_FLASKS)
class RefillFlasks(CardModel):
    """magic-potion: using the flask this round costs no refill."""

    flask_free = True


@card_model(CardKind.MOVE_BONUS)
class MoveBonus(CardModel):
    """pumpkin-patch-party: every ``chip`` placed moves ``extra`` more."""

    def __init__(self, m: BrewModel, card: Any) -> None:
        super().__init__(m, card)
        m.move_extra[card.chip.index] += card.extra


@card_model(CardKind.WHITE_LIMIT)
class WhiteLimit(CardModel):
    """living-in-luxury: the white limit this round (R9: the highest limit applies)."""

    def __init__(self, m: BrewModel, card: Any) -> None:
        super().__init__(m, card)
        m.base_limit = max(m.base_limit, card.white_limit(m.g, m.seat))


@card_model(CardKind.EXACT_WHITE_REWARD)
class ExactWhiteReward(CardModel):
    """seasoned-perfectly: whites totalling exactly ``total`` give ``reward``."""

    def __init__(self, m: BrewModel, card: Any) -> None:
        super().__init__(m, card)
        self.total = card.total
        self.worth = m.v.reward(card.reward)

    def end_value(self, st: State, out: float) -> float:
        if st.whites == self.total:
            out += self.worth
        return out


@card_model(CardKind.RUBY_SPACE_BONUS)
class RubySpaceBonus(CardModel):
    """lucky-devil, shining-extra-bright: a scoring space with a ruby gives ``reward`` too."""

    def __init__(self, m: BrewModel, card: Any) -> None:
        super().__init__(m, card)
        m.ruby_card = m.v.reward(card.reward)


@card_model(CardKind.EXTRA_DIE_ROLLS)
class ExtraDieRolls(CardModel):
    """pot-is-full: the bonus die is rolled ``rolls`` times."""

    def __init__(self, m: BrewModel, card: Any) -> None:
        super().__init__(m, card)
        m.die_rolls = card.rolls


@card_model(CardKind.EXPLOSION_GIFT)
class ExplosionGift(CardModel):
    """schadenfreude: exploding hands the left neighbour a 2-chip (a small penalty)."""

    def __init__(self, m: BrewModel, card: Any) -> None:
        super().__init__(m, card)
        m.explosion_penalty = 0.4


__all__ = ["BOOK_MODELS", "CARD_MODELS", "BookModel", "CardModel", "card_class", "COL", "VAL"]
