"""The Hard bot's shopping: what each chip adds to the brews still to come, by simulation.

For every chip on offer, brews of next round's bag with and without it are simulated with the same random
orders (common random numbers) and a simple stopping rule; the difference, times the rounds left, is the
chip's worth. Two chips are worth about the sum of their worths; the best affordable buy wins.
"""

from __future__ import annotations

import random
from bisect import bisect_left

from ..i18n import N_
from ..rules.actions import Action
from ..rules.chips import CHIP_BY_NAME, CHIPS, N_CHIPS
from ..rules.decisions import buyable
from ..rules.game import Game
from .brew_kinds import COL
from .brew_kinds import WHITE as WHITE_CODE
from .model import BrewModel, Explosion, State, exploding_whites
from .values import Values

SAMPLES = 40
STOP_RISK = 0.22
HORIZON = 0.85  # a chip's worth: next round's gain times the rounds left, times this


class _NextRound(BrewModel):
    """The brew model for next round: no fortune card, a neutral bonus-die chance, start at the droplet."""

    def _other_spaces(self) -> None:
        self.best_done = -1
        self.best_brewing = -1

    def die_chance(self, space: int) -> float:
        return min(0.6, max(0.0, (space - 18) / 40))


def _simulate(m: BrewModel, start: State, orders: list[list[int]], extra: int, extra_keys: list[float],
              keys: list[list[float]]) -> float:
    """Mean end value of brews that draw in the given orders until the risk passes STOP_RISK; ``extra`` (a chip
    index, or -1) is put into the bag and drawn at its random key's place in each order.

    The plain definition: ``_Playouts`` gives the same numbers, sharing the work that is the same for every chip."""
    total = 0.0
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
        total += _play_out(m, st, seq)
    return total / len(orders)


def _play_out(m: BrewModel, st: State, seq: list[int]) -> float:
    """Draw the chips of ``seq`` in turn until the risk is too high (Hard's stopping rule), the pot explodes or
    it is full: what that brew is worth."""
    for i in seq:
        if m.explosion_chance(st) > STOP_RISK:
            break
        nxt = m.step(st, i)
        if isinstance(nxt, Explosion):
            return m.explode_value(nxt.state, nxt.protected)
        st = nxt
        if st.pos >= m.last_index:
            break
    return m.stop_value(st)


class _Path:
    """One order's brew without an extra chip, worked out as far as some playout needs it.

    ``states[t]`` is the state before the t-th draw. A playout with one more chip (not white) in the bag passes
    through the same states with that chip added to the bag, until it draws that chip: no value depends on the
    bag, and the explosion chance only through its total (one more)."""

    __slots__ = ("m", "order", "states", "bad", "totals", "end", "end_value", "stop_values")

    def __init__(self, m: BrewModel, start: State, order: list[int]) -> None:
        self.m = m
        self.order = order
        self.states: list[State] = []
        self.bad: list[int] = []  # by t: the white chips in the bag that would explode the pot (-1: none can)
        self.totals: list[int] = []  # by t: the chips in the bag
        self.end = -1  # the draw that exploded the pot, once reached
        self.end_value = 0.0
        self.stop_values: dict[int, float] = {}
        self._add(start)

    def _add(self, st: State) -> None:
        bag = st.bag
        total = sum(bag)
        room = self.m.limit(st.n_ye) - st.whites
        bad = exploding_whites(bag, room) if total and room < 3 else -1  # -1: no chip can explode the pot
        self.states.append(st)
        self.bad.append(bad)
        self.totals.append(total)

    def extend(self, t: int) -> bool:
        """Make sure ``states[t + 1]`` exists; False if draw t explodes the pot instead."""
        states = self.states
        while len(states) <= t + 1:
            if self.end >= 0:
                return False
            j = len(states) - 1
            nxt = self.m.step(states[j], self.order[j])
            if type(nxt) is Explosion:
                self.end = j
                self.end_value = self.m.explode_value(nxt.state, nxt.protected)
                return False
            self._add(nxt)  # type: ignore[arg-type]
        return True

    def stop_value(self, t: int) -> float:
        v = self.stop_values.get(t)
        if v is None:
            v = self.stop_values[t] = self.m.stop_value(self.states[t])
        return v


def _walk(path: _Path, upto: int, more: int) -> float | None:
    """The brew along the shared path for draws 0 .. upto-1 with ``more`` chips more in the bag (0 or 1): its
    value if it ends on the way (the risk passes STOP_RISK, the pot explodes or is full), else None."""
    last = path.m.last_index
    bad, totals, states = path.bad, path.totals, path.states
    for t in range(upto):
        b = bad[t]
        if b >= 0 and b / (totals[t] + more) > STOP_RISK:
            return path.stop_value(t)
        if not path.extend(t):
            return path.end_value
        if states[t + 1].pos >= last:
            return path.stop_value(t + 1)
    return None


class _Playouts:
    """``_simulate`` for the seat's bag, and for the bag with each chip on offer, over the same random orders."""

    def __init__(self, m: BrewModel, start: State, orders: list[list[int]], extra_keys: list[float],
                 keys: list[list[float]]) -> None:
        self.m = m
        self.start = start
        self.orders = orders
        self.extra_keys = extra_keys
        self.keys = keys
        self.paths = [_Path(m, start, order) for order in orders]
        self.places = [bisect_left(ks, ek) for ks, ek in zip(keys, extra_keys)]  # where the extra chip is drawn

    def base(self) -> float:
        total = 0.0
        for path in self.paths:
            n = len(path.order)
            value = _walk(path, n, 0)
            total += value if value is not None else path.stop_value(n)
        return total / len(self.paths)

    def with_chip(self, extra: int) -> float:
        m = self.m
        if COL[extra] == WHITE_CODE:  # a white chip changes the explosion chance itself: the plain way
            return _simulate(m, self.start, self.orders, extra, self.extra_keys, self.keys)
        total = 0.0
        for path, pos in zip(self.paths, self.places):
            value = _walk(path, pos, 1)
            if value is None:  # the extra chip is drawn now: from here on this chip's brew is its own
                st = path.states[pos]
                bag = list(st.bag)
                bag[extra] += 1
                value = _play_out(m, st._replace(bag=tuple(bag)), [extra] + path.order[pos:])
            total += value
        return total / len(self.paths)


def brew_gains(g: Game, seat: int, v: Values, chips: list[int],
               samples: int = SAMPLES) -> tuple[float, dict[int, float]]:
    """Next round's brew of the seat's bag, simulated (``samples`` random orders, Hard's stopping rule): what it
    is worth (VP-equivalents), and how much more it is worth with each chip kind of ``chips`` added."""
    s = g.seats[seat]
    owned = g.seats[seat].all_chips().counts()
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
    for _ in range(samples):
        ks = [rng.random() for _ in units]
        pairs = sorted(zip(ks, units))
        orders.append([u for _, u in pairs])
        keys.append([k for k, _ in pairs])
        extra_keys.append(rng.random())
    playouts = _Playouts(m, start, orders, extra_keys, keys)
    base = playouts.base()
    return base, {i: playouts.with_chip(i) - base for i in chips}


def chip_worths(g: Game, seat: int, v: Values, chips: list[int], samples: int = SAMPLES) -> dict[int, float]:
    """Worth (in VP over the rest of the game) of adding each chip kind to the seat's bag: next round's gain
    (``brew_gains``) times the rounds left, a little discounted."""
    _base, gains = brew_gains(g, seat, v, chips, samples)
    scale = v.left * HORIZON
    return {i: gain * scale for i, gain in gains.items()}


def purchase_worths(g: Game, worth: dict[int, float], top: int) -> list[float]:
    """By coins from 0 to ``top``: the worth of the best buy that many coins make in this round's shop (R16: one
    chip, or two of different colours), by the chips' ``worth`` (``chip_worths`` of every chip for sale); 0 if
    none helps.

    Coins are not kept (R16: what is not spent is lost), so this is what the coins themselves are worth."""
    out = [0.0] * (top + 1)
    items = buyable(g, top)
    buys = [(p, worth[c.index]) for c, p in items]
    if g.cat.events.max_buys >= 2:
        buys += [(pa + pb, worth[a.index] + worth[b.index]) for k, (a, pa) in enumerate(items)
                 for b, pb in items[k + 1:] if a.colour is not b.colour and pa + pb <= top]
    for price, w in buys:
        for c in range(price, top + 1):
            if w > out[c]:
                out[c] = w
    return out


def for_sale(g: Game) -> list[int]:
    """The chip kinds for sale in this round's shop, whatever they cost (``buyable``)."""
    return sorted({c.index for c, _ in buyable(g, 10**6)})


def best_buy(g: Game, seat: int, actions: list[Action], v: Values,
             samples: int = SAMPLES) -> tuple[Action, str, tuple[object, ...]]:
    """The buy worth most, with its reason (a sentence with {} places, and what fills them)."""
    singles = sorted({CHIP_BY_NAME[a.args[0]].index for a in actions if len(a.args) == 1 and a.args[0] != "nothing"})
    if not singles:
        return Action("buy", ("nothing",)), N_("buys nothing (nothing affordable)"), ()
    return buy_by(actions, chip_worths(g, seat, v, singles, samples))


def buy_by(actions: list[Action], worth: dict[int, float]) -> tuple[Action, str, tuple[object, ...]]:
    """The buy among ``actions`` whose chips are worth most (``worth`` by chip index), with its reason."""
    best, best_w = Action("buy", ("nothing",)), 0.0
    for a in actions:
        if a.args == ("nothing",):
            continue
        w = sum(worth[CHIP_BY_NAME[x].index] for x in a.args)
        if w > best_w:
            best, best_w = a, w
    if best.args == ("nothing",):
        if len(actions) == 1:
            return best, N_("buys nothing (nothing affordable)"), ()
        return best, N_("buys nothing: no chip would help"), ()
    return best, N_("{} (worth about {:.1f} VP over the game)"), (best, best_w)


__all__ = ["best_buy", "brew_gains", "buy_by", "chip_worths", "for_sale", "purchase_worths", "CHIPS"]
