"""A fast abstract copy of one seat's brew, for the Hard bot's look-ahead over the exact bag.

The model follows the engine's placement rules for every book of every set (moves, bonuses, yellow
doubling, limits, blue shields and picks, red chips set aside, chips returned by yellow) closely enough to
compare "stop now" with "draw on" by expectimax, and values the end of the brew with ``Values`` (scoring
space, rubies, bonus die, and the chip actions of evaluation step B).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..rules.chips import CHIPS, N_CHIPS, Chip, Colour
from ..rules.game import Game
from .values import Values

WHITE, ORANGE, GREEN, BLUE, RED, YELLOW, PURPLE, BLACK = range(8)
_CODE = {Colour.WHITE: WHITE, Colour.ORANGE: ORANGE, Colour.GREEN: GREEN, Colour.BLUE: BLUE, Colour.RED: RED,
         Colour.YELLOW: YELLOW, Colour.PURPLE: PURPLE, Colour.BLACK: BLACK}
COL = [_CODE[c.colour] for c in CHIPS]
VAL = [c.value for c in CHIPS]

# State tuple fields
(BAG, POS, WHITES, DOUBLE, SHIELD, LAST, PREV, LW, N_OR, N_YE, RED_IN, N_PU, N_BL, GREEN_SUM, PURPLE_VP,
 ASIDE, IMM, NCHIPS) = range(18)
EXPLODED = "exploded"
State = tuple[Any, ...]  # the fields above, as a hashable tuple


class BrewModel:
    """Transitions and end values of one seat's brew this round."""

    def __init__(self, g: Game, seat: int, values: Values) -> None:
        self.g = g
        self.seat = seat
        self.v = values
        pot = g.cat.pot
        self.last_index = pot.last
        self.vp = [sp.vp for sp in pot.spaces]
        self.coins = [sp.coins for sp in pot.spaces]
        self.ruby = [sp.ruby for sp in pot.spaces]
        self.coin_v = [values.coins_vp(c) for c in self.coins]
        eff = {c: g.effect_of(c) for c in (Colour.GREEN, Colour.BLUE, Colour.RED, Colour.YELLOW, Colour.PURPLE)}
        self.green = eff[Colour.GREEN]
        self.blue = eff[Colour.BLUE]
        self.red = eff[Colour.RED]
        self.yellow = eff[Colour.YELLOW]
        self.purple = eff[Colour.PURPLE]
        self.gk, self.bk, self.rk, self.yk, self.pk = (
            self.green.kind, self.blue.kind, self.red.kind, self.yellow.kind, self.purple.kind)
        card = g.fortune
        self.card: Any = card.effect if card is not None else None
        self.card_kind = self.card.kind if self.card is not None else ""
        self.base_limit = g.cat.events.white_limit
        if self.card is not None and g.card_hooks["white_limit"]:
            self.base_limit = max(self.base_limit, self.card.white_limit(g, seat))
        self.orange_extra = 0
        if self.card_kind == "move_bonus":
            self.orange_extra = self.card.extra
        self.card_chip = getattr(self.card, "chip", None) if self.card_kind == "move_bonus" else None
        self._other_spaces()
        self._black_others()
        self.peek_gain = self._peek_gains() if self.bk == "peek_and_pick" else {}
        self.memo: dict[tuple[State, int], float] = {}
        self.nodes = 0

    # ------------------------------------------------------------------------------------------------
    # what the others do (bonus die, black chips)

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

    def _black_others(self) -> None:
        g = self.g
        n = g.n
        self.black_kind = g.black.effect.kind
        self.black_eff: Any = g.black.effect

        def count(i: int) -> float:
            s = g.seats[i]
            c: float = s.count_colour(Colour.BLACK)
            if s.brewing:
                bag = s.bag
                total = bag.total
                if total:
                    c += bag[CHIPS[17]] * min(1.0, 6 / total)
            return c

        if n == 2:
            self.black_neighbours = [count(g.left_of(self.seat))]
        else:
            self.black_neighbours = [count(g.left_of(self.seat)), count(g.right_of(self.seat))]

    def _peek_gains(self) -> dict[int, float]:
        """Blue set 1: the expected extra move of the best non-white chip among k looked at."""
        bag = self.g.seats[self.seat].bag
        pool = [c for c in bag.elements()]
        rng = random.Random(7)
        out = {}
        for k in (1, 2, 4):
            if not pool:
                out[k] = 0.0
                continue
            tot = 0.0
            n = 60
            for _ in range(n):
                pick = rng.sample(pool, min(k, len(pool)))
                tot += max((c.value for c in pick if not c.is_white), default=0)
            out[k] = tot / n
        return out

    # ------------------------------------------------------------------------------------------------
    # states

    def state_from_game(self, pot: Sequence[tuple[int, Chip]] | None = None, bag: Sequence[int] | None = None,
                        lw: bool | None = None) -> State:
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
        purple_vp = sum(self._band(i) for i, c in placed if c.colour is Colour.PURPLE) if self.pk == "band_vp" else 0
        aside = sum(c.value for c in s.aside)
        return (counts, pos, whites, s.double_next, s.shield, last, prev,
                s.last_is_drawn_white if lw is None else lw, n_or, n_ye, red_in, n_pu, n_bl, green_sum, purple_vp,
                aside, 0.0, len(placed))

    def _band(self, index: int) -> int:
        coins = self.coins[min(index, 53)]
        vp = 0
        for threshold, v in self.purple.bands:
            if coins >= threshold:
                vp = v
        return vp

    def limit(self, n_ye: int) -> int:
        lim = self.base_limit
        if self.yk == "raise_limit":
            for threshold, value in self.yellow.limits:
                if n_ye >= threshold:
                    lim = max(lim, value)
        return lim

    def step(self, st: State, i: int) -> State:
        """The state after drawing chip kind ``i``; ("exploded", state) if it explodes."""
        (bag, pos, whites, double, shield, last, prev, lw, n_or, n_ye, red_in, n_pu, n_bl, green_sum, purple_vp,
         aside, imm, nchips) = st
        b = list(bag)
        b[i] -= 1
        bag2 = tuple(b)
        col = COL[i]
        val = VAL[i]
        if col == RED and self.rk == "set_aside":
            return (bag2, pos, whites, double, max(0, shield - 1), last, prev, False, n_or, n_ye, red_in, n_pu,
                    n_bl, green_sum, purple_vp, aside + val, imm, nchips)
        move = val
        if col == ORANGE:
            move += self.orange_extra
        elif col == RED:
            rk = self.rk
            if rk == "orange_boost":
                for threshold, bonus in self.red.bonus:
                    if n_or >= threshold:
                        move = val + bonus
            elif rk == "follow_white" and last >= 0 and COL[last] == WHITE:
                move += VAL[last]
        elif col == WHITE:
            if val == 1 and red_in and self.rk == "white_boost":
                move += self.red.extra
        elif col == YELLOW and self.yk == "count_bonus":
            bonuses = self.yellow.bonuses
            if n_ye < len(bonuses):
                move += bonuses[n_ye]
        move *= double
        new_double = 1
        pos2 = min(pos + move, self.last_index)
        covered = shield > 0
        shield2 = max(0, shield - 1)
        whites2 = whites
        lw2 = False
        if col == WHITE:
            whites2 = whites + val
            lw2 = True
            if whites2 > self.limit(n_ye):
                st2 = (bag2, pos2, whites2, 1, 0, i, last, True, n_or, n_ye, red_in, n_pu, n_bl, green_sum,
                       purple_vp, aside, imm, nchips + 1)
                return (EXPLODED, st2 + (covered,))
        elif col == ORANGE:
            n_or += 1
        elif col == BLUE:
            bk = self.bk
            if bk == "explosion_shield":
                shield2 = max(shield2, val)
            elif bk == "peek_and_pick" and pos2 < self.last_index:
                pos2 = min(pos2 + int(round(self.peek_gain.get(val, 0.0))), self.last_index)
            elif bk == "ruby_space_ruby" and self.ruby[pos2]:
                imm = imm + self.v.ruby
            elif bk == "ruby_space_vp" and self.ruby[pos2]:
                imm = imm + val
        elif col == RED:
            red_in = True
        elif col == YELLOW:
            yk = self.yk
            if yk == "double_next":
                new_double = self.yellow.factor
            elif yk == "return_white" and lw and last >= 0 and COL[last] == WHITE:
                whites2 = whites - VAL[last]
                last = prev
                nchips -= 1
            n_ye += 1
        elif col == PURPLE:
            n_pu += 1
            if self.pk == "band_vp":
                purple_vp += self._band(pos2)
        elif col == BLACK:
            n_bl += 1
        elif col == GREEN:
            green_sum += val
        return (bag2, pos2, whites2, new_double, shield2, i, last, lw2, n_or, n_ye, red_in, n_pu, n_bl, green_sum,
                purple_vp, aside, imm, nchips + 1)

    # ------------------------------------------------------------------------------------------------
    # values at the end of the brew

    def _final_pos(self, st: State) -> int:
        pos = st[POS]
        if st[ASIDE]:
            pos = min(pos + st[ASIDE], self.last_index)
        if self.gk == "exact_white_push" and st[WHITES] == self.green.total and st[GREEN_SUM]:
            pos = min(pos + st[GREEN_SUM], self.last_index)
        return pos

    def effects_value(self, st: State) -> float:
        """Evaluation step B (green, purple, black books) and the blue cards that act at the end."""
        v = self.v
        out = float(st[IMM])
        last2 = [x for x in (st[LAST], st[PREV]) if x >= 0]
        greens = [x for x in last2 if COL[x] == GREEN]
        gk = self.gk
        if greens:
            if gk == "last_two_rubies":
                out += len(greens) * self.green.rubies * v.ruby
            elif gk == "last_two_chips":
                for x in greens:
                    for c, opts in self.green.choices:
                        if c.index == x and opts:
                            out += max(v.chip_value(o) for o in opts) * 0.8
            elif gk == "last_two_ruby_droplet":
                out += len(greens) * max(0.0, v.droplet - v.ruby)
        n_pu = min(int(st[N_PU]), 3)
        pk = self.pk
        if n_pu:
            if pk == "count_tiers":
                tiers = self.purple.tiers
                out += max(v.reward(t) for t in tiers[:n_pu])
            elif pk == "trade_tiers":
                tiers = self.purple.tiers
                keep = v.chip_value(CHIPS[16]) * 0.9
                out += max(0.0, max(v.reward(tiers[k - 1]) - k * keep for k in range(1, n_pu + 1)))
            elif pk == "band_vp":
                out += float(st[PURPLE_VP])
            elif pk == "upgrade_tiers":
                out += (0.0, 4.0, 6.0, 10.0)[n_pu] * v.coin * 0.8
        n_bl = int(st[N_BL])
        if n_bl:
            eff = self.black_eff
            if self.black_kind == "black_duel":
                other = self.black_neighbours[0]
                if n_bl > other + 0.5:
                    out += v.reward(eff.more)
                elif abs(n_bl - other) < 0.5:
                    out += v.reward(eff.tie)
            else:
                beats = sum(1 for o in self.black_neighbours if n_bl > o + 0.3)
                if beats == 2:
                    out += v.reward(eff.both)
                elif beats == 1:
                    out += v.reward(eff.one)
        if self.card_kind == "exact_white_reward" and st[WHITES] == self.card.total:
            out += v.reward(self.card.reward)
        return out

    def stop_value(self, st: State) -> float:
        pos = self._final_pos(st)
        space = min(pos + 1, 53)
        u = self.vp[space] + self.coin_v[space] + self.effects_value(st)
        if self.ruby[space]:
            u += self.v.ruby + self._ruby_card()
        u += self.die_chance(space) * self.v.die * (2 if self.card_kind == "extra_die_rolls" else 1)
        return u

    def explode_value(self, st: State, protected: bool) -> float:
        pos = self._final_pos(st)
        space = min(pos + 1, 53)
        if protected:
            u = self.vp[space] + self.coin_v[space]
        else:
            u = max(self.vp[space], self.coin_v[space])
        if self.ruby[space]:
            u += self.v.ruby + self._ruby_card()
        return u + self.effects_value(st) - self._explosion_penalty()

    def _ruby_card(self) -> float:
        if self.card_kind == "ruby_space_bonus":
            return self.v.reward(self.card.reward)
        return 0.0

    def _explosion_penalty(self) -> float:
        if self.card_kind == "explosion_gift":
            return 0.4  # the neighbour gets a 2-chip
        return 0.0

    # ------------------------------------------------------------------------------------------------
    # expectimax

    def value(self, st: State, depth: int) -> float:
        """max(stop, draw) with ``depth`` more draws looked at; beyond that the seat stops."""
        key = (st, depth)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        stop = self.stop_value(st)
        bag = st[BAG]
        total = sum(bag)
        if depth <= 0 or total == 0 or st[POS] >= self.last_index:
            self.memo[key] = stop
            return stop
        ev = self.draw_value(st, depth, total)
        res = stop if stop >= ev else ev
        self.memo[key] = res
        return res

    def draw_value(self, st: State, depth: int, total: int | None = None) -> float:
        bag = st[BAG]
        if total is None:
            total = sum(bag)
        if not total:
            return float("-inf")
        ev = 0.0
        step = self.step
        for i in range(N_CHIPS):
            k = bag[i]
            if not k:
                continue
            self.nodes += 1
            nxt = step(st, i)
            if nxt[0] == EXPLODED:
                val = self.explode_value(nxt[1][:18], nxt[1][18])
            else:
                val = self.value(nxt, depth - 1)
            ev += k * val
        return ev / total

    def explosion_chance(self, st: State) -> float:
        bag = st[BAG]
        total = sum(bag)
        if not total:
            return 0.0
        room = self.limit(st[N_YE]) - st[WHITES]
        bad = sum(bag[i] for i in range(3) if VAL[i] > room)
        return bad / total

    def depth_for(self, st: State, budget: int = 2500) -> int:
        kinds = sum(1 for k in st[BAG] if k)
        depth = 1
        nodes = kinds
        while depth < 5:
            # states grow like multisets of drawn chips
            from math import comb

            more = comb(kinds + depth, depth + 1) * kinds
            if nodes + more > budget:
                break
            nodes += more
            depth += 1
        return depth
