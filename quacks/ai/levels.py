"""The bot levels by name."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .normal import NormalBot
from .simple import EasyBot, RandomBot


def _hard() -> Bot:
    from .hard import HardBot

    return HardBot()


def _expert() -> Bot:
    from .expert import ExpertBot

    return ExpertBot()


LEVELS: dict[str, Callable[[], Bot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": _hard,
    "expert": _expert,
    "random": RandomBot,
}
#: the levels a player can seat, weakest first (each is measured against the one before it)
LADDER = ("easy", "normal", "hard", "expert")
LEVEL_TEXT = {
    "easy": "Easy: cautious, never risks an explosion and buys one chip a round; a learner can beat it",
    "normal": "Normal: a solid threshold player",
    "hard": "Hard: expected values over the exact bag",
    "expert": "Expert: Hard's reasoning, deeper and bolder early; coins worth what they buy; the last round played "
              "for the win (the one learned number it uses: how a lead becomes a chance of winning)",
    "random": "Random: any legal move",
}


def make_bot(level: str) -> Bot:
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}") from None
