"""Decisions outside brewing: the droplet on the test-tube side, the explosion choice, shopping,
round 9's victory-point buying and the ruby spending at the end of a round.

Rulebook "Evaluation" C-F, "Game variation"; rulings R14-R16, R35.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .actions import DONE, Action, act
from .chips import CHIP_BY_NAME, CHIPS, Chip
from .events import Cause
from .kinds import CauseKind, DecisionKind, EventKind
from .registry import decision
from .state import Decision, make_decision

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


DROPLET_STEP = Cause(CauseKind.DROPLET_STEP)
TAKES_VP = Cause(CauseKind.TAKES_VP)
TAKES_COINS = Cause(CauseKind.TAKES_COINS)
SHOPPING = Cause(CauseKind.SHOPPING)


# --- droplet steps on the test-tube side (R14) ---------------------------------------------------------------


def _droplet_options(g: Game, d: Decision) -> list[Action]:
    s = g.seats[d.seat]
    out = []
    if s.droplet < g.cat.pot.last:
        out.append(act("choose", "pot"))
    if s.tube < len(g.cat.tubes):
        out.append(act("choose", "tube"))
    return out


@decision(DecisionKind.DROPLET, _droplet_options)
def _droplet(g: Game, d: Decision, a: Action) -> None:
    cause = d.data[0] if d.data else DROPLET_STEP
    if a.args[0] == "pot":
        step_droplet(g, d.seat, 1, cause)
    else:
        step_tube(g, d.seat, cause)


def step_droplet(g: Game, seat: int, n: int, cause: Cause) -> None:
    """The droplet ``n`` spaces on (``Game.move_droplet`` on the standard side, a droplet step here), at most to
    the last space (R6)."""
    s = g.seats[seat]
    before = s.droplet
    s.droplet = min(s.droplet + n, g.cat.pot.last)
    if s.droplet != before and g.record_events:
        g.emit(EventKind.DROPLET, seat, cause, before=before, after=s.droplet)


def step_tube(g: Game, seat: int, cause: Cause) -> None:
    """Move the test-tube droplet one glass and take its bonus at once (rulebook "Game variation")."""
    s = g.seats[seat]
    if s.tube >= len(g.cat.tubes):
        return
    s.tube += 1
    if g.record_events:
        g.emit(EventKind.TUBE, seat, cause, glass=s.tube)
    g.give_reward(seat, g.cat.tubes[s.tube - 1], Cause(CauseKind.TEST_TUBE, (s.tube,)), "tube")


# --- C: an exploded pot chooses VP or coins ---------------------------------------------------------------------


def _explosion_options(g: Game, d: Decision) -> list[Action]:
    return [act("choose", "vp"), act("choose", "coins")]


@decision(DecisionKind.EXPLOSION, _explosion_options)
def _explosion(g: Game, d: Decision, a: Action) -> None:
    g.seats[d.seat].choice = a.args[0]
    if g.record_events:
        g.emit(EventKind.EXPLOSION_CHOICE, d.seat, TAKES_COINS if a.args[0] == "coins" else TAKES_VP, choice=a.args[0])


# --- E: shopping (R16) ------------------------------------------------------------------------------------------


def buyable(g: Game, coins: int) -> list[tuple[Chip, int]]:
    """Chips of the books on the table that the supply still has, with their prices, canonical order."""
    left = g.supply.raw()
    return [(c, p) for c, p in zip(CHIPS, g.prices()) if p is not None and p <= coins and left[c.index] > 0]


# by chip index (a Chip's hash is a call in Python: ``Chip.__hash__``)
_BUY_ONE = [Action("buy", (c.name,)) for c in CHIPS]
_BUY_TWO = {(a.index, b.index): Action("buy", (a.name, b.name)) for a in CHIPS for b in CHIPS if a.index < b.index}
BUY_NOTHING = Action("buy", ("nothing",))


_SHOP_MEMO: dict[tuple[int, int, tuple[tuple[int, int], ...]], list[Action]] = {}


def shop_options(g: Game, seat: int) -> list[Action]:
    """R16: nothing, one chip, or two chips of different colours, within the coins and the supply.

    The list depends only on the coins, the chips buyable and their prices, so it is memoised on those (a pure
    cache; callers must not modify the list, as with ``Game.legal_actions``)."""
    coins = g.seats[seat].coins or 0
    items = buyable(g, coins)
    max_buys = g.cat.events.max_buys
    key = (coins, max_buys, tuple([(c.index, p) for c, p in items]))
    out = _SHOP_MEMO.get(key)
    if out is not None:
        return out
    out = [BUY_NOTHING]
    out += [_BUY_ONE[c.index] for c, _ in items]
    if max_buys >= 2:
        for (a, pa), (b, pb) in combinations(items, 2):
            if a.colour is not b.colour and pa + pb <= coins:
                out.append(_BUY_TWO[(a.index, b.index)])
    if len(_SHOP_MEMO) >= 5000:  # about 1.3 KB each
        _SHOP_MEMO.clear()
    _SHOP_MEMO[key] = out
    return out


@decision(DecisionKind.SHOP, lambda g, d: shop_options(g, d.seat))
def _shop(g: Game, d: Decision, a: Action) -> None:
    s = g.seats[d.seat]
    spent = 0
    bought = []
    if a.args != ("nothing",):
        for name in a.args:
            c = CHIP_BY_NAME[name]
            price = g.price(c)
            assert price is not None
            g.supply.remove(c)
            s.bag.add(c)
            spent += price
            bought.append(c.name)
    coins = s.coins or 0
    if g.record_events:
        g.emit(EventKind.BUY, d.seat, SHOPPING, chips=bought, spent=spent, lost=coins - spent, coins=coins)
    s.coins = 0
    s.shopped = True


# --- round 9: victory points for coins and rubies (R15, R35) ---------------------------------------------------


def _convert_options(g: Game, d: Decision) -> list[Action]:
    s = g.seats[d.seat]
    ev = g.cat.events
    out = []
    if (s.coins or 0) >= ev.vp_coin_price:
        out.append(act("convert", "coins"))
    if s.rubies >= ev.vp_ruby_price:
        out.append(act("convert", "rubies"))
    return out + [DONE]


@decision(DecisionKind.CONVERT, _convert_options)
def _convert(g: Game, d: Decision, a: Action) -> None:
    s = g.seats[d.seat]
    ev = g.cat.events
    if a == DONE:
        s.coins = 0
        s.shopped = True
        return
    if a.args[0] == "coins":
        s.coins = (s.coins or 0) - ev.vp_coin_price
        if g.record_events:
            g.emit(EventKind.CONVERT, d.seat, Cause(CauseKind.COINS_FOR_VP, (ev.vp_coin_price,)), what="coins",
                   coins=s.coins)
        g.gain_vp(d.seat, 1, Cause(CauseKind.BOUGHT_WITH_COINS, (ev.vp_coin_price,)), "convert")
    else:
        g.pay_rubies(d.seat, ev.vp_ruby_price, Cause(CauseKind.VP_BOUGHT))
        g.gain_vp(d.seat, 1, Cause(CauseKind.BOUGHT_WITH_RUBIES, (ev.vp_ruby_price,)), "convert")
    g.push(make_decision(d.seat, DecisionKind.CONVERT))


# --- F: ruby spending ----------------------------------------------------------------------------------------


def _spend_options(g: Game, d: Decision) -> list[Action]:
    s = g.seats[d.seat]
    ev = g.cat.events
    out = []
    if s.rubies >= ev.droplet_cost and (s.droplet < g.cat.pot.last or (g.tubes and s.tube < len(g.cat.tubes))):
        out.append(act("spend", "droplet"))
    if s.rubies >= ev.flask_cost and not s.flask_full:
        out.append(act("spend", "flask"))
    return out + [DONE]


@decision(DecisionKind.SPEND, _spend_options)
def _spend(g: Game, d: Decision, a: Action) -> None:
    s = g.seats[d.seat]
    ev = g.cat.events
    if a == DONE:
        return
    if a.args[0] == "droplet":
        g.pay_rubies(d.seat, ev.droplet_cost, Cause(CauseKind.DROPLET_BOUGHT))
        g.move_droplet(d.seat, 1, Cause(CauseKind.PAID_RUBIES, (ev.droplet_cost,)))
    else:
        g.pay_rubies(d.seat, ev.flask_cost, Cause(CauseKind.FLASK_REFILL))
        s.flask_full = True
        if g.record_events:
            g.emit(EventKind.FLASK, d.seat, Cause(CauseKind.PAID_RUBIES, (ev.flask_cost,)), full=True)
    g.push(make_decision(d.seat, DecisionKind.SPEND))
