"""What things are worth to the Hard bot, in victory points, by round and score margin.

Coins buy chips that score in later rounds, so a coin is worth more early; a ruby is half a droplet step
(2 rubies) early and half a VP in round 9; a droplet step pays every remaining round. These numbers were
tuned with ``python -m quacks simulate`` against the Normal bot.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import options as opt
from ..rules.chips import CHIP_BY_NAME, Chip, Colour
from ..rules.game import Game
from ..rules.params import Reward


@dataclass(frozen=True)
class Weights:
    coin_per_round_left: float = 0.045  # a coin is worth this much VP per round still to play
    coin_floor: float = 0.06
    droplet_per_round_left: float = 0.42  # one droplet step: this much VP per round still to play
    ruby_floor: float = 0.5  # round 9: 2 rubies buy 1 VP
    die_vp: float = 4 / 6  # 1, 1, 2 VP on three faces
    rat_space: float = 0.45  # one more start space, this round only (VP-equivalent)


class Values:
    """VP-equivalents of coins, rubies, droplet steps, chips and rewards at the end of round ``r``."""

    def __init__(self, g: Game, seat: int, w: Weights | None = None) -> None:
        self.w = w or Weights()
        self.g = g
        self.seat = seat
        self.round = g.round
        self.rounds = g.cat.events.rounds
        left = self.rounds - self.round  # rounds still to play after this one
        self.left = left
        w = self.w
        self.coin = w.coin_floor + w.coin_per_round_left * left
        self.droplet = w.droplet_per_round_left * left
        self.ruby = max(w.ruby_floor, self.droplet / 2)
        if left == 0:
            self.coin = 0.0  # round 9: coins convert 5 to 1 (handled exactly where it matters)
            self.ruby = w.ruby_floor
        self.die = w.die_vp + (self.ruby + self.droplet + self.chip_value_name("orange-1")) / 6

    def chip_value(self, c: Chip) -> float:
        """A chip gained: about what it would cost, in coin value (never below a small floor)."""
        price = self.g.price(c)
        if price is None:
            price = {1: 4, 2: 8, 3: 10, 4: 14}.get(c.value, 5)
        if c.colour is Colour.WHITE:
            return -0.6 * self.left / 8
        return max(0.05, price * self.coin * 0.8)

    def chip_value_name(self, name: str) -> float:
        return self.chip_value(CHIP_BY_NAME[name])

    def option(self, o: opt.Option) -> float:
        """What an option an effect offers (rules/options.py) is worth now; a type without a value is an error."""
        match o:
            case opt.Decline():
                return 0.0
            case opt.TakeChip(chip=c):
                return self.chip_value(c)
            case opt.BuyChip(chip=c, rubies=cost):
                return self.chip_value(c) - cost * self.ruby
            case opt.MoveDroplet(steps=n):
                return n * self.droplet
            case opt.GainRubies(rubies=n):
                return n * self.ruby
            case opt.GainVP(vp=n):
                return float(n)
            case opt.RatTailVP(rats=rats, vp_per_rat=per):
                return rats * per
            case opt.RemoveChip():  # a white 1 fewer in the bag: safer draws in the rounds left
                return 0.9 * self.left / 8 + 0.4
            case opt.GiveUpRats(tails=k, rubies_each=per):
                return k * per * self.ruby - k * self.w.rat_space
            case opt.BuyDroplet(steps=k, rubies_each=cost):
                return k * (self.droplet - cost * self.ruby)
            case opt.TakeTier(reward=r):
                return self.reward(r)
            case opt.TradeIn(chips=k, reward=r):  # the purple chips leave the bag for good
                return self.reward(r) - k * 0.9 * self.chip_value_name("purple-1") if k else 0.0
            case opt.Upgrade(old=old, new=new):
                return self.chip_value(new) - self.chip_value(old)
        raise TypeError(f"the bots have no value for the option {o!r}")

    def reward(self, r: Reward) -> float:
        return r.vp + r.rubies * self.ruby + r.droplet * self.droplet + sum(self.chip_value(c) for c in r.chips)

    def coins_vp(self, coins: int) -> float:
        if self.left == 0:
            return coins // self.g.cat.events.vp_coin_price
        return coins * self.coin
