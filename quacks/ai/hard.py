"""Hard: expected values over the exact bag, values that change by round and score margin.

- Draw or stop by expectimax over the exact bag (``model.BrewModel``): the scoring space's VP, coins,
  ruby and bonus-die chance, the chip actions of step B, the rat stone, and explosion fallbacks.
- Flask, picks, returns and restarts by comparing the same values.
- Shopping by the marginal value of each chip over the rest of the game (``shop.py``).
- Every other choice by what its gains are worth now (``values.Values``).
"""

from __future__ import annotations

from ..i18n import NP_
from ..rules.actions import DRAW, FLASK, PASS, STOP, Action
from ..rules.chips import CHIP_BY_NAME, Colour
from ..rules.game import Game
from ..rules.kinds import DecisionKind
from .base import BotChoice, RandomSource
from .brew_kinds import card_class
from .cards import choose_card
from .model import BrewModel
from .normal import Handler, choose_obvious, obvious_aside, obvious_convert, obvious_return_white
from .odds import explosion_risk, leader_margin, stop_space
from .shop import best_buy
from .values import Values, Weights


class HardBot:
    level = "hard"
    weights = Weights()
    node_budget = 2500

    def __init__(self) -> None:
        # One explicit answer per decision kind (tests/ai/test_kinds.py walks DecisionKind).
        self.handlers: dict[DecisionKind, Handler] = {
            DecisionKind.BREW: self.on_brew,
            DecisionKind.PICK: self.on_pick,
            DecisionKind.RETURN_WHITE: self.on_return_white,
            DecisionKind.SECOND_CHANCE: self.on_second_chance,
            DecisionKind.ASIDE: obvious_aside,  # as Normal: the first chip beside the pot, else done
            DecisionKind.DROPLET: self.on_droplet,
            DecisionKind.EXPLOSION: self.on_explosion,
            DecisionKind.SHOP: self.on_shop,
            DecisionKind.CONVERT: obvious_convert,  # as Normal: the first conversion offered, else done
            DecisionKind.SPEND: self.on_spend,
            DecisionKind.GREEN_CHIP: self.on_green_chip,
            DecisionKind.GREEN_RUBY: self.on_green_ruby,
            DecisionKind.PURPLE_TIER: self.on_purple_tier,
            DecisionKind.PURPLE_TRADE: self.on_purple_trade,
            DecisionKind.PURPLE_UPGRADE: self.on_purple_upgrade,
            DecisionKind.CARD: self.on_card,
        }

    def decide(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        kind = g.decision_kind(seat)
        fn = self.handlers.get(kind) if kind is not None else None
        if fn is not None:
            return fn(g, seat, actions, rng)
        return self.fallback(g, seat, kind, actions, rng)

    def values(self, g: Game, seat: int) -> Values:
        return Values(g, seat, self.weights)

    # brewing ---------------------------------------------------------------------------------------------
    def on_brew(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        s = g.seats[seat]
        risk = explosion_risk(g, seat)
        if risk == 0.0 and DRAW in actions:
            return BotChoice(DRAW, "draws: no chip can explode the pot")
        v = self.values(g, seat)
        m = self.brew_model(g, seat, v)
        st = m.state_from_game()
        depth = m.depth_for(st, self.node_budget)
        stop = m.stop_value(st)
        draw = m.draw_value(st, depth) if DRAW in actions else float("-inf")
        draw += self.risk_bias(g, seat)
        best, best_v = ("draw", draw) if draw > stop else ("stop", stop)
        if FLASK in actions:
            pot = [(p.index, p.chip) for p in s.pot[:-1]]
            bag = s.bag.counts()
            bag[s.pot[-1].chip.index] += 1
            m_f, cost = self.flask_model(g, seat, v, m)
            st_f = m_f.state_from_game(pot=pot, bag=bag, lw=False)._replace(
                double=s.pot[-1].double_before, shield=s.pot[-1].shield_before)
            flask_v = max(m_f.stop_value(st_f), m_f.draw_value(st_f, depth)) - cost
            if flask_v > best_v + self.flask_margin(m):
                return BotChoice(FLASK, "flask: puts the {} back ({:.0%} risk before)", s.pot[-1].chip, risk)
        if best == "draw":
            return self.draw_reason(m, risk, draw, stop)
        coins = g.cat.pot.space(stop_space(g, seat)).coins
        return BotChoice(STOP, NP_("stops: {:.0%} risk, {} coin in hand", "stops: {:.0%} risk, {} coins in hand", 1),
                        risk, coins)

    def brew_model(self, g: Game, seat: int, v: Values) -> BrewModel:
        """The model whose expectimax decides draw or stop: values in VP-equivalents."""
        return BrewModel(g, seat, v)

    def coins_value(self, g: Game, seat: int, v: Values, coins: int) -> float:
        """What ``coins`` in this round's shop are worth (VP-equivalents): a fixed worth per coin by the rounds left."""
        return v.coins_vp(coins)

    def flask_model(self, g: Game, seat: int, v: Values, m: BrewModel) -> tuple[BrewModel, float]:
        """The model of the brew with the last chip put back, and what refilling the flask costs in its units."""
        return m, self.flask_cost(g, seat, v)

    def flask_margin(self, m: BrewModel) -> float:
        """The flask is used only when it is worth at least this much more (in ``m``'s units: 0.05 VP)."""
        return 0.05

    def draw_reason(self, m: BrewModel, risk: float, draw: float, stop: float) -> BotChoice:
        return BotChoice(DRAW, "draws: {:.0%} risk, worth {:+.1f} VP over stopping", risk, draw - stop)

    def risk_bias(self, g: Game, seat: int) -> float:
        """Play to win: behind late in the game, drawing is worth a little more (and less when ahead)."""
        left = g.cat.events.rounds - g.round
        if left > 2:
            return 0.0
        margin = leader_margin(g, seat)
        return max(-0.6, min(0.6, -0.03 * margin * (3 - left)))

    def flask_cost(self, g: Game, seat: int, v: Values) -> float:
        """Using the flask costs a refill (2 rubies) unless magic-potion refills it for free."""
        card = card_class(g)
        if card is not None and card.flask_free:
            return 0.0
        return 0.4 + 0.2 * v.ruby

    def on_pick(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        """Place the chip whose look-ahead value is best (or none); the others go back into the bag."""
        s = g.seats[seat]
        v = self.values(g, seat)
        m = BrewModel(g, seat, v)
        bag = s.bag.counts()
        for c in s.revealed:
            bag[c.index] += 1
        st = m.state_from_game(bag=bag)
        best_a, best_v = Action("pick", ("none",)), m.value(st, 2)
        for a in actions:
            if a.args[0] == "none":
                continue
            val = m.outcome_value(m.step(st, CHIP_BY_NAME[a.args[0]].index), 2)
            if val > best_v + 1e-9:
                best_a, best_v = a, val
        return BotChoice(best_a, "{}", best_a)

    def on_second_chance(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        s = g.seats[seat]
        if s.exploded:
            return BotChoice(Action("choose", ("restart",)), "starts again after the explosion")
        v = self.values(g, seat)
        m = BrewModel(g, seat, v)
        now = m.value(m.state_from_game(), 2)
        bag = s.bag.counts()
        for p in s.pot:
            bag[p.chip.index] += 1
        fresh = m.state_from_game(pot=[], bag=bag, lw=False)
        again = m.value(fresh, 3)
        if again > now + 0.5:
            return BotChoice(Action("choose", ("restart",)), "starts again: a fresh brew looks better")
        return BotChoice(Action("choose", ("continue",)), "keeps this brew")

    def on_explosion(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        v = self.values(g, seat)
        sp = g.cat.pot.space(g.scoring_space(seat) or 0)
        coins_v = self.coins_value(g, seat, v, sp.coins)
        if g.round >= g.cat.events.rounds:
            coins_v = sp.coins // g.cat.events.vp_coin_price
        if coins_v > sp.vp:
            return BotChoice(Action("choose", ("coins",)), NP_("takes {} coin (worth more than {} VP now)",
                                                              "takes {} coins (worth more than {} VP now)"),
                            sp.coins, sp.vp)
        return BotChoice(Action("choose", ("vp",)), "takes {} VP", sp.vp)

    # shopping and rubies ----------------------------------------------------------------------------------
    def on_shop(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        a, why, args = best_buy(g, seat, actions, self.values(g, seat))
        return BotChoice(a, why, *args)

    def on_spend(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        texts = {str(a) for a in actions}
        v = self.values(g, seat)
        s = g.seats[seat]
        flask_v = 1.2 if v.left >= 1 else 0.0
        card = card_class(g)
        if card is not None and card.flask_free:
            flask_v = 0.0
        drop_v = v.droplet
        options = []
        if "spend flask" in texts:
            options.append((flask_v, "spend flask"))
        if "spend droplet" in texts:
            options.append((drop_v, "spend droplet"))
        if options:
            val, text = max(options)
            # rubies kept are worth a ruby each (next rounds, or a VP per 2 in round 9)
            if val > 2 * v.ruby * 0.75 or (s.rubies >= 4 and val > 0.5):
                return BotChoice(Action.parse(text), "{}: worth {:.1f} VP", Action.parse(text), val)
        return BotChoice(Action("done"), "keeps the rubies")

    # step B and cards -------------------------------------------------------------------------------------
    def on_purple_tier(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        a = max(actions, key=lambda x: int(x.args[0]))
        return BotChoice(a, "takes tier {}", a.args[0])

    def on_purple_trade(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        v = self.values(g, seat)
        eff = g.effect_of(Colour.PURPLE)
        keep = v.chip_value(CHIP_BY_NAME["purple-1"]) * 0.9
        best = max(actions, key=lambda a: 0.0 if a.args[0] == "0" else
                   v.reward(eff.tiers[int(a.args[0]) - 1]) - int(a.args[0]) * keep)
        return BotChoice(best, "trades in purple chips: {}", best.args[0])

    def on_green_ruby(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        v = self.values(g, seat)
        if v.droplet > v.ruby:
            a = max(actions, key=lambda x: int(x.args[0]))
        else:
            a = Action("choose", ("0",))
        return BotChoice(a, "droplet steps bought with rubies: {}", a.args[0])

    def on_green_chip(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        v = self.values(g, seat)
        a = max(actions, key=lambda x: v.chip_value(CHIP_BY_NAME[x.args[0]]))
        return BotChoice(a, "{}", a)

    def on_purple_upgrade(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        return self._best_upgrade(g, seat, actions)

    def _best_upgrade(self, g: Game, seat: int, actions: list[Action]) -> BotChoice:
        v = self.values(g, seat)
        best, gain = PASS, 0.0
        for a in actions:
            if a.verb != "upgrade":
                continue
            old, new = CHIP_BY_NAME[a.args[0]], CHIP_BY_NAME[a.args[1]]
            if old.is_white:
                continue
            d = v.chip_value(new) - v.chip_value(old)
            if d > gain:
                best, gain = a, d
        if best == PASS and PASS not in actions:
            best = actions[0]
        return BotChoice(best, "{}", best)

    def on_droplet(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        v = self.values(g, seat)
        s = g.seats[seat]
        tube_v = -1.0
        if s.tube < len(g.cat.tubes):
            tube_v = v.reward(g.cat.tubes[s.tube])
        if Action("choose", ("tube",)) in actions and tube_v > v.droplet:
            return BotChoice(Action("choose", ("tube",)), "test tube: {}", g.cat.tubes[s.tube])
        return BotChoice(Action("choose", ("pot",)) if Action("choose", ("pot",)) in actions else actions[0],
                        "moves the pot droplet")

    def on_card(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        return choose_card(self, g, seat, actions, self.values(g, seat))

    def on_return_white(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        return obvious_return_white(g, seat, actions, rng)

    def fallback(self, g: Game, seat: int, kind: DecisionKind | None, actions: list[Action],
                 rng: RandomSource) -> BotChoice:
        return choose_obvious(g, seat, kind, actions, rng)
