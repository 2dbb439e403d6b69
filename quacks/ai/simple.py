"""Random (uniform over the legal actions, for fuzzing) and Easy (sensible but cautious)."""

from __future__ import annotations

import random

from ..rules.actions import Action
from ..rules.chips import CHIP_BY_NAME
from ..rules.game import Game
from .base import Decision
from .normal import NormalBot, chip_weight


class RandomBot:
    level = "random"

    def decide(self, g: Game, seat: int, actions: list[Action], rng: random.Random) -> Decision:
        a = actions[rng.randrange(len(actions))]
        return Decision(a, f"picks {a} at random")


class EasyBot(NormalBot):
    """Stops early (a fixed 12% risk), never uses the flask, buys one chip, spends rubies on the flask only."""

    level = "easy"
    round_limits = (0.12,) * 9
    margin_step = 0.0

    def on_brew(self, g: Game, seat: int, actions: list[Action], rng: random.Random) -> Decision:
        actions = [a for a in actions if a.verb != "flask"]
        return super().on_brew(g, seat, actions, rng)

    def on_explosion(self, g: Game, seat: int, actions: list[Action], rng: random.Random) -> Decision:
        return Decision(Action("choose", ("vp",)), "takes the victory points")

    def on_shop(self, g: Game, seat: int, actions: list[Action], rng: random.Random) -> Decision:
        singles = [a for a in actions if len(a.args) == 1 and a.args[0] != "nothing"]
        if not singles:
            return Decision(Action("buy", ("nothing",)), "buys nothing")
        best = max(singles, key=lambda a: chip_weight(CHIP_BY_NAME[a.args[0]]))
        return Decision(best, f"buys {best.args[0]}")

    def on_spend(self, g: Game, seat: int, actions: list[Action], rng: random.Random) -> Decision:
        if any(str(a) == "spend flask" for a in actions):
            return Decision(Action("spend", ("flask",)), "refills the flask")
        return Decision(Action("done"), "keeps the rubies")
