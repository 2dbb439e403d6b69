"""Normal: the fixed yardstick, a threshold bot exactly as the bots issue describes it. Keep it unchanged.

- Draw whenever no chip in the bag can explode the pot; otherwise draw while the chance of exploding is at
  most the round's limit (0.35, 0.30, 0.25, 0.25, 0.20, 0.20, 0.15, 0.15, 0.20), raised by 0.01 per VP
  behind the leader and lowered by 0.01 per VP ahead (at most 0.10 either way).
- After an explosion: coins before round 6, VP from round 6.
- The flask on a white of 2 or more when it would draw again.
- Shopping: each legal buy scored by colour weight x value weight; at most 2 black chips; no purple before
  round 3; two chips rather than one.
- Rubies: refill an empty flask, then droplet steps until round 6; in round 9 convert.
- Book and card choices: the obviously better option where one exists, else a random legal one.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import N_, NP_
from ..rules.actions import DONE, DRAW, FLASK, PASS, STOP, Action
from ..rules.chips import CHIP_BY_NAME, CHIPS, Chip, Colour
from ..rules.game import Game
from ..rules.kinds import DecisionKind
from ..rules.options import Option, Upgrade, options_now
from .base import BotChoice, RandomSource
from .odds import explosion_risk, leader_margin, stop_space

ROUND_LIMITS = (0.35, 0.30, 0.25, 0.25, 0.20, 0.20, 0.15, 0.15, 0.20)
COLOUR_WEIGHTS = {
    Colour.RED: 1.2, Colour.BLUE: 1.1, Colour.ORANGE: 1.0, Colour.PURPLE: 1.0, Colour.BLACK: 1.0,
    Colour.GREEN: 0.8, Colour.YELLOW: 0.8, Colour.WHITE: 0.0,
}
VALUE_WEIGHTS = {1: 1.0, 2: 1.75, 3: 2.4, 4: 3.0}
MAX_BLACK = 2

#: A bot's answer to one kind of decision.
Handler = Callable[[Game, int, list[Action], RandomSource], BotChoice]


def chip_weight(c: Chip) -> float:
    return COLOUR_WEIGHTS[c.colour] * VALUE_WEIGHTS[c.value]


_WEIGHT = [COLOUR_WEIGHTS[c.colour] * VALUE_WEIGHTS[c.value] for c in CHIPS]
BLACK_1 = CHIP_BY_NAME["black-1"]
_BUY_INFO: dict[Action, tuple[int, float, int, bool, tuple[int, ...]]] = {}


def _buy_info(a: Action) -> tuple[int, float, int, bool, tuple[int, ...]]:
    """(chips, weight, black chips, any purple, chip indices) of a buy action, cached."""
    if a.args == ("nothing",):
        info: tuple[int, float, int, bool, tuple[int, ...]] = (0, 0.0, 0, False, ())
    else:
        chips = [CHIP_BY_NAME[x] for x in a.args]
        info = (
            len(chips), sum(_WEIGHT[c.index] for c in chips), sum(c.colour is Colour.BLACK for c in chips),
            any(c.colour is Colour.PURPLE for c in chips), tuple(c.index for c in chips),
        )
    _BUY_INFO[a] = info
    return info


def owned(g: Game, seat: int, c: Chip) -> int:
    """How many ``c`` the seat owns (bag, pot, beside the pot, looked at): ``g.seats[seat].all_chips()[c]``."""
    s = g.seats[seat]
    return s.bag[c] + sum(1 for p in s.pot if p.chip is c) + s.aside.count(c) + s.revealed.count(c)


#: shop lists seen (by identity; the engine shares one list per situation): (the list, the positions of its buys
#: in the order ``on_shop`` prefers them before the price breaks a tie)
_RANKED: dict[int, tuple[list[Action], tuple[int, ...]]] = {}


def _ranked_buys(actions: list[Action]) -> tuple[int, ...]:
    """The positions of the buys in a shop list, most chips first, then most weight, then as listed."""
    hit = _RANKED.get(id(actions))
    if hit is not None and hit[0] is actions:
        return hit[1]
    keys = []
    for pos, a in enumerate(actions):
        info = _BUY_INFO.get(a)
        if info is None:
            info = _buy_info(a)
        if info[0]:
            keys.append((-info[0], -info[1], pos))
    keys.sort()
    order = tuple(pos for _, _, pos in keys)
    if len(_RANKED) >= 5000:
        _RANKED.clear()
    _RANKED[id(actions)] = (actions, order)  # the list is kept alive here, so its id cannot be reused meanwhile
    return order


SPEND_FLASK = Action("spend", ("flask",))
SPEND_DROPLET = Action("spend", ("droplet",))
NO_RISK_DRAW = BotChoice(DRAW, "draws: no chip in the bag can explode the pot")


class NormalBot:
    level = "normal"
    round_limits = ROUND_LIMITS
    margin_step = 0.01
    margin_cap = 0.10

    def __init__(self) -> None:
        # One explicit answer per decision kind (tests/ai/test_kinds.py walks DecisionKind). Bound methods, so a
        # level built on this one (Easy) answers with its own on_brew, on_shop, ... where it has them.
        self.handlers: dict[DecisionKind, Handler] = {
            **OBVIOUS,
            DecisionKind.BREW: self.on_brew,
            DecisionKind.EXPLOSION: self.on_explosion,
            DecisionKind.SHOP: self.on_shop,
            DecisionKind.CONVERT: self.on_convert,
            DecisionKind.SPEND: self.on_spend,
        }

    def decide(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        if actions and actions[0] is DRAW:  # a draw/stop decision (the engine lists draw first)
            return self.on_brew(g, seat, actions, rng)
        kind = g.decision_kind(seat)
        handler = self.handlers.get(kind) if kind is not None else None
        if handler is None:
            return any_legal(g, seat, actions, rng)
        return handler(g, seat, actions, rng)

    # brewing ---------------------------------------------------------------------------------------------
    def risk_limit(self, g: Game, seat: int) -> float:
        base = self.round_limits[min(g.round, 9) - 1]
        margin = leader_margin(g, seat)
        adj = -self.margin_step * margin
        return base + max(-self.margin_cap, min(self.margin_cap, adj))

    def on_brew(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        risk = explosion_risk(g, seat)
        if risk == 0.0:  # no chip in the bag can explode the pot
            draw, limit = True, 0.0
        else:
            limit = self.risk_limit(g, seat)
            draw = risk <= limit
        if draw and len(actions) > 2 and FLASK in actions:
            s = g.seats[seat]
            if s.pot and s.pot[-1].chip.value >= 2:
                return BotChoice(FLASK, "flask: puts the {} back and draws on", s.pot[-1].chip)
        if draw and DRAW in actions:
            if risk == 0.0:
                return NO_RISK_DRAW
            return BotChoice(DRAW, "draws: {:.0%} risk (limit {:.0%})", risk, limit)
        coins = g.cat.pot.space(stop_space(g, seat)).coins
        return BotChoice(STOP, NP_("stops: {:.0%} risk, {} coin in hand", "stops: {:.0%} risk, {} coins in hand", 1),
                        risk, coins)

    def on_explosion(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        if g.round < 6:
            return BotChoice(Action("choose", ("coins",)), "takes the coins (early in the game)")
        return BotChoice(Action("choose", ("vp",)), "takes the victory points (late in the game)")

    # shopping --------------------------------------------------------------------------------------------

    def on_shop(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        """The best-scoring legal buy; two chips rather than one; ties go to the dearer buy."""
        black_room = MAX_BLACK - owned(g, seat, BLACK_1)
        purple_ok = g.round >= 3
        # the allowed buy with the most chips, then the most weight, then the highest price; the first on ties
        best: Action | None = None
        best_ns: tuple[int, float] | None = None
        best_cost = 0
        prices = g.prices()
        for pos in _ranked_buys(actions):
            a = actions[pos]
            n, score, blacks, purple, idx = _BUY_INFO[a]
            if blacks > black_room or (purple and not purple_ok):
                continue
            if best_ns is None:
                best_ns = (n, score)
            elif best_ns != (n, score):
                break  # the rest has fewer chips or less weight
            cost = 0
            for i in idx:
                cost += prices[i] or 0
            if best is None or cost > best_cost:
                best, best_cost = a, cost
        if best is None:
            return BotChoice(Action("buy", ("nothing",)), "buys nothing")
        return BotChoice(best, "{}", best)

    def on_convert(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        for a in actions:
            if a.verb == "convert":
                return BotChoice(a, "{}", a)
        return BotChoice(Action("done"), "done")

    def on_spend(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        if SPEND_FLASK in actions:
            return BotChoice(SPEND_FLASK, "refills the flask")
        if SPEND_DROPLET in actions and g.round < 6:
            return BotChoice(SPEND_DROPLET, "moves the droplet")
        return BotChoice(DONE, "keeps the rubies")


# --------------------------------------------------------------------------------------------------------
# the obvious choices shared by the simple levels


def _best_pick(actions: list[Action]) -> Action | None:
    best: tuple[float, Action] | None = None
    for a in actions:
        if a.args and a.args[0] != "none":
            c = CHIP_BY_NAME[a.args[0]]
            if c.is_white:
                continue
            w = chip_weight(c) + 0.01 * c.index
            if best is None or w > best[0]:
                best = (w, a)
    return best[1] if best else None


def _best_upgrade(options: list[Option]) -> Action | None:
    best: tuple[float, Action] | None = None
    for o in options:
        if isinstance(o, Upgrade) and not o.old.is_white:
            gain = chip_weight(o.new) - chip_weight(o.old)
            if best is None or gain > best[0]:
                best = (gain, o.action)
    return best[1] if best else None


def obvious_pick(g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
    a = _best_pick(actions)
    if a is not None:
        return BotChoice(a, "{}", a)
    return BotChoice(Action("pick", ("none",)), "places none of them")


def obvious_return_white(g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
    """Put the white back, unless it is well-stirred's white on the last space: the pot stays full all the same
    (R38, P30), so sending it back only moves the scoring space back."""
    s = g.seats[seat]
    last = s.pot[-1] if s.pot else None
    if last is not None and last.chip.is_white and last.index >= g.pot_last:
        return BotChoice(Action("choose", ("keep-white",)), "keeps the white chip")
    return BotChoice(Action("choose", ("return-white",)), "puts the white chip back")


def obvious_second_chance(g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
    if g.seats[seat].exploded:
        return BotChoice(Action("choose", ("restart",)), "starts the brew again")
    return BotChoice(Action("choose", ("continue",)), "keeps the brew")


def _first_or_done(actions: list[Action], verb: str, reason: str) -> BotChoice:
    """The first action with ``verb`` (its reason ``reason``), else done."""
    for a in actions:
        if a.verb == verb:
            return BotChoice(a, reason, a)
    return BotChoice(Action("done"), "done")


def obvious_aside(g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
    return _first_or_done(actions, "place", N_("{} from beside the pot"))


def obvious_most(g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
    """The largest number offered (a tier, chips traded, rubies paid for droplet steps)."""
    a = max(actions, key=lambda x: int(x.args[0]))
    return BotChoice(a, "{}", a)


def obvious_upgrade(g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
    """The upgrade that gains the most chip weight; else pass; else any legal action."""
    a = _best_upgrade(options_now(g, seat))
    if a is not None:
        return BotChoice(a, "{}", a)
    if PASS in actions:
        return BotChoice(PASS, "passes")
    return any_legal(g, seat, actions, rng)


def obvious_card(g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
    """A card's trade-up offer as an upgrade; any other card choice has no obvious answer."""
    if any(isinstance(o, Upgrade) for o in options_now(g, seat)):
        return obvious_upgrade(g, seat, actions, rng)
    return any_legal(g, seat, actions, rng)


def obvious_explosion(g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
    return BotChoice(Action("choose", ("coins",)), "takes the coins")


def obvious_convert(g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
    return _first_or_done(actions, "convert", "{}")


def any_legal(g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
    """No option is obviously better: a random legal one."""
    a = actions[rng.randrange(len(actions))]
    return BotChoice(a, "{}", a)


#: The obvious choice for every decision kind (Normal's rule for the choices it has no method for; Hard falls
#: back on it only for a kind it could not value). Complete over DecisionKind (tests/ai/test_kinds.py).
OBVIOUS: dict[DecisionKind, Handler] = {
    DecisionKind.BREW: any_legal,
    DecisionKind.PICK: obvious_pick,
    DecisionKind.RETURN_WHITE: obvious_return_white,
    DecisionKind.SECOND_CHANCE: obvious_second_chance,
    DecisionKind.ASIDE: obvious_aside,
    DecisionKind.DROPLET: any_legal,
    DecisionKind.EXPLOSION: obvious_explosion,
    DecisionKind.SHOP: any_legal,
    DecisionKind.CONVERT: obvious_convert,
    DecisionKind.SPEND: any_legal,
    DecisionKind.GREEN_CHIP: any_legal,
    DecisionKind.GREEN_RUBY: obvious_most,
    DecisionKind.PURPLE_TIER: obvious_most,
    DecisionKind.PURPLE_TRADE: obvious_most,
    DecisionKind.PURPLE_UPGRADE: obvious_upgrade,
    DecisionKind.CARD: obvious_card,
}


def choose_obvious(g: Game, seat: int, kind: DecisionKind | None, actions: list[Action],
                   rng: RandomSource) -> BotChoice:
    """The obviously better option where one exists, else a random legal one."""
    fn = OBVIOUS.get(kind) if kind is not None else None
    return (fn or any_legal)(g, seat, actions, rng)
