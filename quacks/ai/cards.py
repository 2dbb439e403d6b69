"""The Hard bot's fortune-card choices: each option valued with what its gains are worth now (``Values.option``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.actions import Action
from ..rules.game import Game
from ..rules.options import Upgrade, options_now
from .base import BotChoice
from .values import Values

if TYPE_CHECKING:  # pragma: no cover
    from .hard import HardBot


def choose_card(bot: HardBot, g: Game, seat: int, actions: list[Action], v: Values) -> BotChoice:
    card = g.fortune
    assert card is not None
    options = options_now(g, seat)
    if any(isinstance(o, Upgrade) for o in options):
        return bot._best_upgrade(g, seat, actions)
    best = max(options, key=v.option).action
    return BotChoice(best, "{}: {}", card, best)  # the card's name in the player's language (wording.reasons)


__all__ = ["choose_card"]
