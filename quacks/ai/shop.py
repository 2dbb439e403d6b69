"""The Hard bot's shopping: what each chip adds to the brews still to come, by simulation.

For every chip on offer, brews of next round's bag with and without it are simulated with the same random
orders (common random numbers) and a simple stopping rule; the difference, times the rounds left, is the
chip's worth. Two chips are worth about the sum of their worths; the best affordable buy wins.
"""

from __future__ import annotations

import random

from ..i18n import N_
from ..rules.actions import Action
from ..rules.chips import CHIP_BY_NAME, CHIPS, N_CHIPS
from ..rules.game import Game
from .model import BrewModel, Explosion, State
from .values import Values

SAMPLES = 40
STOP_RISK = 0.22


class _NextRound(BrewModel):
    """The brew model for next round: no fortune card, a neutral bonus-die chance, start at the droplet."""

    def _other_spaces(self) -> None:
        self.best_done = -1
        self.best_brewing = -1

    def die_chance(self, space: int) -> float:
        return min(0.6, max(0.0, (space - 18) / 40))


def _simulate(m: BrewModel, start: State, orders: list[list[int]], extra: int, extra_keys: list[float],
              keys: list[list[float]]) -> float:
    """Mean end value of brews that draw in the given orders until the risk passes STOP_RISK."""
    total = 0.0
    step = m.step
    for k, order in enumerate(orders):
        seq = order
        if extra >= 0:
            # insert the extra chip at its random key's place in this order
            pos = 0
            ek = extra_keys[k]
            ks = keys[k]
            while pos < len(ks) and ks[pos] < ek:
                pos += 1
            seq = order[:pos] + [extra] + order[pos:]
        st = start
        if extra >= 0:
            bag = list(start.bag)
            bag[extra] += 1
            st = start._replace(bag=tuple(bag))
        value = None
        for i in seq:
            if m.explosion_chance(st) > STOP_RISK:
                break
            nxt = step(st, i)
            if type(nxt) is Explosion:
                value = m.explode_value(nxt.state, nxt.protected)
                break
            st = nxt  # type: ignore[assignment]
            if st.pos >= m.last_index:
                break
        total += value if value is not None else m.stop_value(st)
    return total / len(orders)


def chip_worths(g: Game, seat: int, v: Values, chips: list[int]) -> dict[int, float]:
    """Worth (in VP over the rest of the game) of adding each chip kind to the seat's bag."""
    s = g.seats[seat]
    owned = g.all_chips_by_seat(seat).counts()
    for c in s.aside:  # chips kept beside the pot are not in next round's bag
        owned[c.index] -= 1
    nxt = Values(g, seat, v.w)
    nxt.round = g.round + 1
    nxt.left = max(0, v.left - 1)
    nxt.coin = v.w.coin_floor + v.w.coin_per_round_left * nxt.left
    nxt.droplet = v.w.droplet_per_round_left * nxt.left
    nxt.ruby = max(v.w.ruby_floor, nxt.droplet / 2)
    m = _NextRound(g, seat, nxt, with_card=False)
    # next round's start: the droplet (a rat stone is likely for whoever trails; ignored)
    start = m.state_from_game(pot=[], bag=owned, lw=False)._replace(double=1, shield=0, aside=0, imm=0.0, nchips=0)
    rng = random.Random(f"shop:{g.round}:{seat}:{sum(owned)}")
    units = [i for i in range(N_CHIPS) for _ in range(owned[i])]
    orders, keys, extra_keys = [], [], []
    for _ in range(SAMPLES):
        ks = [rng.random() for _ in units]
        pairs = sorted(zip(ks, units))
        orders.append([u for _, u in pairs])
        keys.append([k for k, _ in pairs])
        extra_keys.append(rng.random())
    base = _simulate(m, start, orders, -1, extra_keys, keys)
    rounds_left = v.left
    scale = rounds_left * 0.85
    out = {}
    for i in chips:
        val = _simulate(m, start, orders, i, extra_keys, keys)
        out[i] = (val - base) * scale
    return out


def best_buy(g: Game, seat: int, actions: list[Action], v: Values) -> tuple[Action, str, tuple[object, ...]]:
    """The buy worth most, with its reason (a sentence with {} places, and what fills them)."""
    singles = sorted({CHIP_BY_NAME[a.args[0]].index for a in actions if len(a.args) == 1 and a.args[0] != "nothing"})
    if not singles:
        return Action("buy", ("nothing",)), N_("buys nothing (nothing affordable)"), ()
    worth = chip_worths(g, seat, v, singles)
    best, best_w = Action("buy", ("nothing",)), 0.0
    for a in actions:
        if a.args == ("nothing",):
            continue
        w = sum(worth[CHIP_BY_NAME[x].index] for x in a.args)
        if w > best_w:
            best, best_w = a, w
    if best.args == ("nothing",):
        return best, N_("buys nothing: no chip would help"), ()
    return best, N_("{} (worth about {:.1f} VP over the game)"), (best, best_w)


__all__ = ["best_buy", "chip_worths", "CHIPS"]
