"""Expert: Hard's exact reasoning inside a round, a learned value of the whole game around it, played for the win.

- What coins, rubies and droplet steps are worth at the end of a round comes from the learned value
  (``value_model``, table ``end``): how much each moved the final margin in self-play, in VP. Hard's expectimax
  over the exact bag (draw or stop, the flask, picks, restarts) runs with these worths in place of Hard's
  hand-set ones.
- The shop compares every purchase on offer by the learned value of the position after it (table ``start``):
  the chips in the bag, with next round's brew of that bag simulated as Hard does (``shop.brew_gains``).
- Played for the win: a draw-or-stop choice compares the chance of winning (the predicted final margin through
  the model's logistic curve) of stopping now with that of drawing on, from the last rounds on.

Like every level, Expert sees only the game (no future draw, no seed, no chance stream).
"""

from __future__ import annotations

from ..i18n import N_
from ..rules.actions import DRAW, Action
from ..rules.chips import CHIP_BY_NAME
from ..rules.game import Game
from .base import BotChoice, RandomSource
from .features import Position, features, position_of
from .hard import HardBot
from .model import BrewModel, State
from .odds import stop_space
from .shop import brew_gains
from .value_model import ModelError, ValueModel, logistic
from .values import Values

#: the rounds before the last in which draw or stop is chosen by the chance of winning (0: only the last)
WIN_ROUNDS = 1
#: VP another seat still brewing is taken to add to the VP of the space it has reached (a rough mean)
BREWING_MORE = 2.0
#: the learned worths are kept within these bounds (VP): a thin corner of the data cannot make a coin worth 5 VP
RATE_BOUNDS = {"coins": (0.0, 1.0), "rubies": (0.0, 3.0), "droplet": (0.0, 5.0)}


class ExpertValues(Values):
    """Hard's ``Values`` with the worth of a coin, a ruby and a droplet step learned (rounds before the last)."""

    def __init__(self, g: Game, seat: int, model: ValueModel) -> None:
        super().__init__(g, seat)
        if self.left > 0:
            lo, hi = RATE_BOUNDS["coins"]
            self.coin = min(hi, max(lo, model.rate("end", self.round, "coins")))
            lo, hi = RATE_BOUNDS["rubies"]
            self.ruby = min(hi, max(lo, model.rate("end", self.round, "rubies")))
            lo, hi = RATE_BOUNDS["droplet"]
            self.droplet = min(hi, max(lo, model.rate("end", self.round, "droplet")))
            self.die = self.w.die_vp + (self.ruby + self.droplet + self.chip_value_name("orange-1")) / 6


class WinModel(BrewModel):
    """Hard's brew model with every end of the brew valued as the chance of winning it leaves: the margin
    ``base`` before this brew plus what the brew is worth (VP-equivalents), through the learned logistic curve.
    The expectimax then maximises the chance of winning rather than the expected VP."""

    def __init__(self, g: Game, seat: int, values: Values, base: float, scale: float) -> None:
        super().__init__(g, seat, values)
        self.base = base
        self.scale = scale

    def stop_value(self, st: State) -> float:
        return logistic((self.base + BrewModel.stop_value(self, st)) / self.scale)

    def explode_value(self, st: State, protected: bool) -> float:
        return logistic((self.base + BrewModel.explode_value(self, st, protected)) / self.scale)


def margin_before_brew(g: Game, seat: int) -> float:
    """The seat's score minus the best other seat's expected score after this round: its score now, the VP of
    the space it has reached, and ``BREWING_MORE`` if it is still drawing."""
    cat = g.cat
    best = float("-inf")
    for i, o in enumerate(g.seats):
        if i == seat:
            continue
        vp = cat.pot.space(stop_space(g, i)).vp
        expected = o.score + vp + (BREWING_MORE if o.brewing and not o.stopped else 0.0)
        best = max(best, expected)
    return g.seats[seat].score - best


class ExpertBot(HardBot):
    level = "expert"

    def __init__(self) -> None:
        super().__init__()
        self._model: ValueModel | None = None
        self._model_of: object = None  # the catalogue's weights the model was made from

    def model(self, g: Game) -> ValueModel:
        """The learned value from the game's data (checked once per catalogue); a loud error if it is missing."""
        data = g.cat.bot_values
        if self._model is None or self._model_of is not data:
            if data is None:
                raise ModelError("the Expert bot's weights (data/bots/expert.yaml) are missing; restore the file "
                                 "or make it with `python -m quacks train-expert`")
            self._model = ValueModel.from_data(data)
            self._model_of = data
        return self._model

    def values(self, g: Game, seat: int) -> Values:
        return ExpertValues(g, seat, self.model(g))

    def for_the_win(self, g: Game) -> bool:
        return g.round >= g.cat.events.rounds - WIN_ROUNDS

    def brew_model(self, g: Game, seat: int, v: Values) -> BrewModel:
        if not self.for_the_win(g):
            return BrewModel(g, seat, v)
        scale = self.model(g).scale(g.round)
        return WinModel(g, seat, v, margin_before_brew(g, seat), scale)

    def flask_model(self, g: Game, seat: int, v: Values, m: BrewModel) -> tuple[BrewModel, float]:
        cost = self.flask_cost(g, seat, v)
        if isinstance(m, WinModel):
            return WinModel(g, seat, v, m.base - cost, m.scale), 0.0
        return m, cost

    def flask_margin(self, m: BrewModel) -> float:
        return 0.002 if isinstance(m, WinModel) else super().flask_margin(m)  # a chance of winning, or VP

    def risk_bias(self, g: Game, seat: int) -> float:
        return 0.0 if self.for_the_win(g) else super().risk_bias(g, seat)

    def draw_reason(self, m: BrewModel, risk: float, draw: float, stop: float) -> BotChoice:
        if isinstance(m, WinModel):
            return BotChoice(DRAW, N_("draws: {:.0%} risk; {:.0%} chance to win if it draws on, {:.0%} if it stops"),
                             risk, draw, stop)
        return super().draw_reason(m, risk, draw, stop)

    def on_shop(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        """The purchase after which the learned value of the position is highest."""
        model = self.model(g)
        singles = sorted({CHIP_BY_NAME[x].index for a in actions for x in a.args if x != "nothing"})
        base, gains = brew_gains(g, seat, Values(g, seat), singles)  # as in training: Hard's own worths
        now = position_of(g, seat, base)
        rnd = g.round
        best: Action | None = None
        best_v = float("-inf")
        nothing_v = float("-inf")
        for a in actions:
            bought = [CHIP_BY_NAME[x].index for x in a.args if x != "nothing"]
            after: Position = now.with_chips(bought, base + sum(gains[i] for i in bought))
            v = model.value("start", rnd, features(g, seat, after))
            if not bought:
                nothing_v = v
            if v > best_v + 1e-9:
                best, best_v = a, v
        if best is None:
            return BotChoice(Action("buy", ("nothing",)), N_("buys nothing (nothing affordable)"))
        if not any(x != "nothing" for x in best.args):
            return BotChoice(best, N_("buys nothing: no chip would help"))
        gain = best_v - nothing_v if nothing_v > float("-inf") else best_v
        return BotChoice(best, N_("{} (worth about {:.1f} VP over the game)"), best, gain)


__all__ = ["ExpertBot", "ExpertValues"]
