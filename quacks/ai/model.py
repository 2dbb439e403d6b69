"""A fast abstract copy of one seat's brew, for the Hard bot's look-ahead over the exact bag.

The model follows the engine's placement rules for every book of every set (moves, bonuses, yellow
doubling, limits, blue shields and picks, red chips set aside, chips returned by yellow) closely enough to
compare "stop now" with "draw on" by expectimax, and values the end of the brew with ``Values`` (scoring
space, rubies, bonus die, and the chip actions of evaluation step B).

What each book kind and card kind does here is registered in ``brew_kinds.py`` (one entry per kind); this
module holds the state, the generic placement that reads the per-chip tables those entries fill, and the
expectimax. ``tests/ai/test_model_vs_engine.py`` checks ``step`` against the engine draw by draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any, NamedTuple

from ..rules.chips import N_CHIPS, Chip, Colour
from ..rules.game import Game
from .brew_kinds import (
    BLACK,
    BOOK_MODELS,
    CARD_MODELS,
    COL,
    GREEN,
    ORANGE,
    PURPLE,
    RED,
    VAL,
    WHITE,
    YELLOW,
    BookModel,
    CardModel,
    moves_at_end,
    scores_at_end,
)
from .values import Values

__all__ = ["BrewModel", "Explosion", "State", "COL", "VAL"]


class State(NamedTuple):
    """One seat's brew as the model sees it (hashable: the expectimax memoises on it)."""

    bag: tuple[int, ...]  # chips left in the bag, by chip index
    pos: int  # index of the last chip in the pot (the start index for an empty pot)
    whites: int  # the white total
    double: int  # yellow set 2: the next chip drawn moves this many times
    shield: int  # blue set 2: drawn chips still covered
    last: int  # chip index of the last chip in the pot (-1: none)
    prev: int  # chip index of the chip before it (-1: none)
    lw: bool  # the last chip drawn was a white one that is in the pot
    n_or: int  # orange chips in the pot
    n_ye: int  # yellow chips in the pot
    red_in: bool  # a red chip is in the pot
    n_pu: int  # purple chips in the pot
    n_bl: int  # black chips in the pot
    green_sum: int  # the values of the green chips in the pot
    purple_vp: int  # purple set 3: VP of the purple chips by their spaces
    aside: int  # red set 2: the values of the chips beside the pot (placed after stopping)
    imm: float  # worth gained at once while brewing (blue sets 3 and 4)
    nchips: int  # chips in the pot


class Explosion(NamedTuple):
    """What ``step`` returns when the chip explodes the pot: the state with it, and whether blue set 2 covers it."""

    state: State
    protected: bool


_new = tuple.__new__  # State/Explosion from a tuple without the generated __new__ (the hot path)


def exploding_whites(bag: Sequence[int], room: int) -> int:
    """How many chips in ``bag`` (counts by chip index) explode the pot with ``room`` left under the white limit:
    the white chips worth more than ``room`` (white 1, 2 and 3 are chip indices 0, 1 and 2)."""
    if room >= 3:
        return 0
    if room == 2:
        return bag[2]
    if room == 1:
        return bag[1] + bag[2]
    return bag[0] + bag[1] + bag[2]


class BrewModel:
    """Transitions and end values of one seat's brew this round.

    ``with_card=False`` leaves the fortune card out (the shop's look at next round's brews).
    ``estimates=False`` leaves out what the model guesses rather than follows from the rules (blue set 1's
    expected pick), so that ``step`` can be compared with the engine exactly (tests/ai/test_model_vs_engine.py).
    """

    def __init__(self, g: Game, seat: int, values: Values, *, with_card: bool = True,
                 estimates: bool = True) -> None:
        self.g = g
        self.seat = seat
        self.v = values
        self.estimates = estimates
        pot = g.cat.pot
        self.last_index = pot.last
        self.vp = [sp.vp for sp in pot.spaces]
        self.coins = [sp.coins for sp in pot.spaces]
        self.ruby = [sp.ruby for sp in pot.spaces]
        self.coin_v = [values.coins_vp(c) for c in self.coins]
        # per-chip tables, filled by the book and card entries of brew_kinds.py
        self.diverts = [False] * N_CHIPS  # drawn, the chip goes beside the pot
        self.move_extra = [0] * N_CHIPS  # extra spaces, always
        self.move_bonus: list[list[Any]] = [[] for _ in range(N_CHIPS)]  # extra spaces by the state
        self.shield_after = [0] * N_CHIPS  # placed, the next so many drawn chips are covered
        self.peek_move = [0] * N_CHIPS  # placed, the expected extra spaces of a chip picked next
        self.ruby_gain: list[float] = [0] * N_CHIPS  # placed on a ruby space, worth this at once
        self.double_after = [1] * N_CHIPS  # placed, the next chip drawn moves this many times
        self.returns_white = [False] * N_CHIPS  # placed right after a drawn white, the white goes back
        self.band = [False] * N_CHIPS  # placed, scores the VP of its space (band_vp, by space index)
        self.band_vp: list[int] = []
        self.limit_steps: tuple[tuple[int, int], ...] = ()  # (chips of the limit's colour, limit)
        self.base_limit = g.cat.events.white_limit
        self.ruby_card = 0.0  # a scoring space with a ruby is worth this much more
        self.die_rolls = 1
        self.explosion_penalty = 0.0
        self._other_spaces()
        self.books: dict[Colour, BookModel] = {}
        for colour in (Colour.ORANGE, Colour.BLACK, Colour.GREEN, Colour.BLUE, Colour.RED, Colour.YELLOW,
                       Colour.PURPLE):
            eff = g.effect_of(colour)
            self.books[colour] = BOOK_MODELS[eff.kind](self, eff)
        card = g.fortune
        self.card: CardModel | None = None
        if with_card and card is not None:
            self.card = CARD_MODELS[card.effect.kind](self, card.effect)
        # evaluation step B in a fixed order (green, purple, black, then the card): the sums stay exact
        order = (Colour.GREEN, Colour.PURPLE, Colour.BLACK, Colour.ORANGE, Colour.BLUE, Colour.RED, Colour.YELLOW)
        self.end_values = [b.end_value for c in order if scores_at_end(b := self.books[c])]
        if self.card is not None and scores_at_end(self.card):
            self.end_values.append(self.card.end_value)
        self.final_moves = [b.final_pos for b in self.books.values() if moves_at_end(b)]
        self._limits = [self._limit(n) for n in range(N_CHIPS * 4)]
        self.chip_rules = [self._chip_rule(i) for i in range(N_CHIPS)]
        self.memo: dict[tuple[State, int], float] = {}
        self.nodes = 0

    def _chip_rule(self, i: int) -> tuple[int, int, bool, int, tuple[Any, ...], tuple[Any, ...] | None]:
        """(colour code, value, diverted, extra spaces, move bonus hooks, after-place effects or None)."""
        after = (self.shield_after[i], self.peek_move[i], self.ruby_gain[i], self.double_after[i],
                 self.returns_white[i], self.band[i])
        has_after = after != (0, 0, 0, 1, False, False)
        return (COL[i], VAL[i], self.diverts[i], self.move_extra[i], tuple(self.move_bonus[i]),
                after if has_after else None)

    # ------------------------------------------------------------------------------------------------
    # what the others do (bonus die)

    def _other_spaces(self) -> None:
        g = self.g
        best_done = -1
        best_brewing = -1
        for i, s in enumerate(g.seats):
            if i == self.seat:
                continue
            if s.brewing:
                last = s.pot[-1].index if s.pot else g.start_index(s)
                best_brewing = max(best_brewing, last + 1)
            elif not s.exploded:
                sp = g.scoring_space(i) or 0
                best_done = max(best_done, sp)
        self.best_done = best_done
        self.best_brewing = best_brewing

    def die_chance(self, space: int) -> float:
        if space < self.best_done:
            return 0.0
        if self.best_brewing < 0:
            return 1.0
        # a seat still brewing will usually get a few spaces further
        gap = space - (self.best_brewing + 3)
        if gap >= 4:
            return 0.95
        if gap <= -4:
            return 0.1
        return 0.5 + gap * 0.11

    # ------------------------------------------------------------------------------------------------
    # states

    def state_from_game(self, pot: list[tuple[int, Chip]] | None = None, bag: list[int] | None = None,
                        lw: bool | None = None) -> State:
        """The seat's brew now, or with the pot, bag and last-white flag given."""
        g = self.g
        s = g.seats[self.seat]
        placed = [(p.index, p.chip) for p in s.pot] if pot is None else list(pot)
        counts = tuple(s.bag.raw()) if bag is None else tuple(bag)
        pos = placed[-1][0] if placed else g.start_index(s)
        whites = sum(c.value for _, c in placed if c.is_white)
        last = placed[-1][1].index if placed else -1
        prev = placed[-2][1].index if len(placed) >= 2 else -1
        n_or = sum(1 for _, c in placed if c.colour is Colour.ORANGE)
        n_ye = sum(1 for _, c in placed if c.colour is Colour.YELLOW)
        red_in = any(c.colour is Colour.RED for _, c in placed)
        n_pu = sum(1 for _, c in placed if c.colour is Colour.PURPLE)
        n_bl = sum(1 for _, c in placed if c.colour is Colour.BLACK)
        green_sum = sum(c.value for _, c in placed if c.colour is Colour.GREEN)
        band, band_vp = self.band, self.band_vp
        purple_vp = sum(band_vp[i] for i, c in placed if band[c.index])
        aside = sum(c.value for c in s.aside)
        return State(counts, pos, whites, s.double_next, s.shield, last, prev,
                     s.last_is_drawn_white if lw is None else lw, n_or, n_ye, red_in, n_pu, n_bl, green_sum,
                     purple_vp, aside, 0.0, len(placed))

    def _limit(self, n_ye: int) -> int:
        lim = self.base_limit
        for threshold, value in self.limit_steps:
            if n_ye >= threshold:
                lim = max(lim, value)
        return lim

    def limit(self, n_ye: int) -> int:
        """The white limit with ``n_ye`` chips of the limit book's colour in the pot (R9)."""
        limits = self._limits
        return limits[n_ye] if n_ye < len(limits) else limits[-1]

    def step(self, st: State, i: int) -> State | Explosion:
        """The state after drawing chip kind ``i`` (an ``Explosion`` if it explodes the pot)."""
        (bag, pos, whites, double, shield, last, prev, lw, n_or, n_ye, red_in, n_pu, n_bl, green_sum, purple_vp,
         aside, imm, nchips) = st
        b = list(bag)
        b[i] -= 1
        bag2 = tuple(b)
        col, val, diverted, extra, bonuses, after = self.chip_rules[i]
        shield2 = shield - 1 if shield > 0 else 0
        if diverted:  # red set 2: beside the pot; counts as a drawn chip for the shield
            return _new(State, (bag2, pos, whites, double, shield2, last, prev, False, n_or, n_ye,
                                red_in, n_pu, n_bl, green_sum, purple_vp, aside + val, imm, nchips))
        move = val + extra
        if bonuses:
            for bonus in bonuses:
                move += bonus(st)
        pos2 = pos + move * double
        last_index = self.last_index
        if pos2 > last_index:
            pos2 = last_index
        covered = shield > 0
        whites2 = whites
        lw2 = False
        new_double = 1
        if col == WHITE:
            whites2 = whites + val
            lw2 = True
            limits = self._limits
            if whites2 > (limits[n_ye] if n_ye < len(limits) else limits[-1]):
                st2 = _new(State, (bag2, pos2, whites2, 1, 0, i, last, True, n_or, n_ye, red_in, n_pu, n_bl,
                                   green_sum, purple_vp, aside, imm, nchips + 1))
                return _new(Explosion, (st2, covered))
        elif col == ORANGE:
            n_or += 1
        elif col == RED:
            red_in = True
        elif col == PURPLE:
            n_pu += 1
        elif col == BLACK:
            n_bl += 1
        elif col == GREEN:
            green_sum += val
        if after is not None:
            shield_after, peek, ruby_gain, new_double, returns_white, band = after
            if shield_after > shield2:
                shield2 = shield_after
            if peek and pos2 < last_index:
                pos2 = min(pos2 + peek, last_index)
            if ruby_gain and self.ruby[pos2]:
                imm = imm + ruby_gain
            if returns_white and lw and last >= 0 and COL[last] == WHITE:  # the white goes back into the bag
                b[last] += 1
                bag2 = tuple(b)
                whites2 = whites - VAL[last]
                last = prev
                nchips -= 1
            if band:
                purple_vp += self.band_vp[pos2]
        if col == YELLOW:
            n_ye += 1
        return _new(State, (bag2, pos2, whites2, new_double, shield2, i, last, lw2, n_or, n_ye, red_in, n_pu, n_bl,
                            green_sum, purple_vp, aside, imm, nchips + 1))

    # ------------------------------------------------------------------------------------------------
    # values at the end of the brew

    def final_pos(self, st: State) -> int:
        """Where the last chip ends: chips beside the pot placed after stopping, then green set 3's push."""
        pos = st.pos
        if st.aside:
            pos = min(pos + st.aside, self.last_index)
        for move in self.final_moves:
            pos = move(st, pos)
        return pos

    def effects_value(self, st: State) -> float:
        """Evaluation step B (green, purple, black books) and the blue cards that act at the end."""
        out = float(st.imm)
        for add in self.end_values:
            out = add(st, out)
        return out

    def stop_value(self, st: State) -> float:
        # final_pos and effects_value written out (the same sums in the same order): this is every leaf's value
        pos = st.pos
        if st.aside:
            pos = min(pos + st.aside, self.last_index)
        for move in self.final_moves:
            pos = move(st, pos)
        space = pos + 1 if pos < 52 else 53
        out = float(st.imm)
        for add in self.end_values:
            out = add(st, out)
        u = self.vp[space] + self.coin_v[space] + out
        if self.ruby[space]:
            u += self.v.ruby + self.ruby_card
        u += self.die_chance(space) * self.v.die * self.die_rolls
        return u

    def explode_value(self, st: State, protected: bool) -> float:
        pos = self.final_pos(st)
        space = min(pos + 1, 53)
        if protected:
            u = self.vp[space] + self.coin_v[space]
        else:
            u = max(self.vp[space], self.coin_v[space])
        if self.ruby[space]:
            u += self.v.ruby + self.ruby_card
        return u + self.effects_value(st) - self.explosion_penalty

    # ------------------------------------------------------------------------------------------------
    # expectimax

    def value(self, st: State, depth: int) -> float:
        """max(stop, draw) with ``depth`` more draws looked at; beyond that the seat stops."""
        key = (st, depth)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        stop = self.stop_value(st)
        bag = st.bag
        total = sum(bag)
        if depth <= 0 or total == 0 or st.pos >= self.last_index:
            self.memo[key] = stop
            return stop
        ev = self.draw_value(st, depth, total)
        res = stop if stop >= ev else ev
        self.memo[key] = res
        return res

    def outcome_value(self, nxt: State | Explosion, depth: int) -> float:
        """The value of a state after a draw (an explosion's fallback, or ``value`` with ``depth`` draws more)."""
        if isinstance(nxt, Explosion):
            return self.explode_value(nxt.state, nxt.protected)
        return self.value(nxt, depth)

    def draw_value(self, st: State, depth: int, total: int | None = None) -> float:
        bag = st.bag
        if total is None:
            total = sum(bag)
        if not total:
            return float("-inf")
        ev = 0.0
        step = self.step
        # value(st, 0) is the stop value: asked directly (few leaves repeat, remembering them costs more)
        leaf = depth <= 1
        stop_value = self.stop_value
        for i in range(N_CHIPS):
            k = bag[i]
            if not k:
                continue
            self.nodes += 1
            nxt = step(st, i)
            if isinstance(nxt, Explosion):
                val = self.explode_value(nxt.state, nxt.protected)
            else:
                val = stop_value(nxt) if leaf else self.value(nxt, depth - 1)
            ev += k * val
        return ev / total

    def explosion_chance(self, st: State) -> float:
        bag = st.bag
        total = sum(bag)
        if not total:
            return 0.0
        return exploding_whites(bag, self.limit(st.n_ye) - st.whites) / total

    def depth_for(self, st: State, budget: int = 2500) -> int:
        kinds = sum(1 for k in st.bag if k)
        depth = 1
        nodes = kinds
        while depth < 5:
            # states grow like multisets of drawn chips
            more = comb(kinds + depth, depth + 1) * kinds
            if nodes + more > budget:
                break
            nodes += more
            depth += 1
        return depth
