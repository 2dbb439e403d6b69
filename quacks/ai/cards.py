"""The Hard bot's fortune-card choices: each option valued with what its gains are worth now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.actions import PASS, Action
from ..rules.chips import CHIP_BY_NAME
from ..rules.game import Game
from .base import BotChoice
from .brew_kinds import CARD_MODELS
from .values import Values

if TYPE_CHECKING:  # pragma: no cover
    from .hard import HardBot


def choose_card(bot: HardBot, g: Game, seat: int, actions: list[Action], v: Values) -> BotChoice:
    card = g.fortune
    assert card is not None
    eff = card.effect
    model = CARD_MODELS[eff.kind]
    if any(a.verb == "upgrade" for a in actions):
        return bot._best_upgrade(g, seat, actions)

    def option_value(a: Action) -> float:
        if a == PASS:
            return 0.0
        arg = a.args[0] if a.args else ""
        if arg == "droplet":
            return eff.droplet * v.droplet  # type: ignore[attr-defined]
        if arg == "rubies":
            return eff.rubies * v.ruby  # type: ignore[attr-defined]
        if arg == "vp":
            return float(eff.vp)  # type: ignore[attr-defined]
        if arg == "remove-white":
            return 0.9 * v.left / 8 + 0.4
        if arg == "rat-vp":
            rats = g.fixed_rats[seat] if g.fixed_rats is not None else 0
            return rats * eff.vp_per_rat  # type: ignore[attr-defined]
        if arg.isdigit():  # good-start: tails passed up for rubies
            k = int(arg)
            return k * eff.rubies * v.ruby - k * v.w.rat_space  # type: ignore[attr-defined]
        if arg in CHIP_BY_NAME:
            val = v.chip_value(CHIP_BY_NAME[arg])
            price = model.chip_price(eff, v.ruby)
            if price:
                val -= price
            return val
        return 0.0

    best = max(actions, key=option_value)
    return BotChoice(best, "{}: {}", card, best)  # the card's name in the player's language (wording.reasons)


__all__ = ["choose_card"]
