"""Random (uniform over the legal actions, for fuzzing) and Easy (sensible but cautious)."""

from __future__ import annotations

from ..i18n import N_
from ..rules.actions import DRAW, STOP, Action
from ..rules.chips import CHIP_BY_NAME
from ..rules.game import Game
from ..rules.kinds import DecisionKind
from .base import BotChoice, RandomSource
from .normal import NormalBot, chip_weight
from .odds import explosion_risk


class RandomBot:
    level = "random"

    def decide(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        a = actions[rng.randrange(len(actions))]
        return BotChoice(a, "{} (at random)", a)


def _danger(g: Game, seat: int) -> str:
    """The white chips that would explode the pot now, in a player's words."""
    room = g.limit(seat) - g.seats[seat].white_total
    if room >= 2:
        return N_("a white 3")  # words the reason's {} gets in the player's language (wording.reasons)
    if room == 1:
        return N_("a white 2 or 3")
    return N_("any white chip")


class EasyBot(NormalBot):
    """Easy: a cautious beginner with a few simple habits, the same every round whatever the score.

    - Brewing: draws while no chip in its bag can explode the pot and stops as soon as one could (it never
      takes a risk, so it almost never explodes and often stops early). It never uses the flask.
    - After an explosion (rare): the victory points.
    - Shopping: one chip a round, the best single chip it can afford (never two).
    - Rubies: keeps them all for the end (no droplet steps, no flask refills, no rubies for the green book
      of Set 4); in round 9 they become victory points.
    - Other book and card choices: the obvious ones, as Normal.
    """

    level = "easy"

    def __init__(self) -> None:
        super().__init__()  # Normal's table, with Easy's own on_brew, on_shop, ... bound in
        self.handlers[DecisionKind.GREEN_RUBY] = self.on_green_ruby

    def on_brew(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        if DRAW in actions and explosion_risk(g, seat) == 0.0:
            return BotChoice(DRAW, "draws: no white chip in the bag can explode the pot")
        if DRAW not in actions:
            return BotChoice(STOP, "stops: the brew is over")
        return BotChoice(STOP, "stops: {} could explode the pot, and I never risk that", _danger(g, seat))

    def on_explosion(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        return BotChoice(Action("choose", ("vp",)), "takes the victory points")

    def on_shop(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        singles = [a for a in actions if len(a.args) == 1 and a.args[0] != "nothing"]
        if not singles:
            return BotChoice(Action("buy", ("nothing",)), "buys nothing: no chip is affordable")
        best = max(singles, key=lambda a: chip_weight(CHIP_BY_NAME[a.args[0]]))
        return BotChoice(best, "buys the {}: one good chip is enough for me", best.args[0])

    def on_spend(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        return BotChoice(Action("done"), "keeps the rubies for the end")

    def on_green_ruby(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        keep = min(actions, key=lambda a: int(a.args[0]))
        return BotChoice(keep, "keeps the rubies for the end")
