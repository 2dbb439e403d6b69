"""Bots: pure functions of what their seat sees, the legal actions and their own seeded generator.

A bot never touches the game's sampler and never sees future draws: the bag is a multiset with no hidden
order, so the only randomness it can know is the exact odds. ``decide`` returns an action and a one-line
reason a player can read ("stops: 24% risk, 11 coins in hand").
"""

from __future__ import annotations

import random
from typing import Protocol

from ..i18n import Plural
from ..rules.actions import Action
from ..rules.game import Game


class Decision:
    """A bot's choice and its reason; the reason text is formatted only when someone reads it."""

    __slots__ = ("action", "_reason", "_args")

    def __init__(self, action: Action, reason: str | Plural, *args: object) -> None:
        self.action = action
        self._reason = reason
        self._args = args

    @property
    def reason(self) -> str:
        """The reason in the player's words: chips, actions and rewards among the args become words."""
        from ..wording.reasons import reason_text

        return reason_text(self._reason, self._args)

    def __repr__(self) -> str:
        return f"Decision({self.action}, {self.reason!r})"


class Bot(Protocol):
    level: str

    def decide(self, g: Game, seat: int, actions: list[Action], rng: random.Random) -> Decision: ...


BREW_VERBS = frozenset(("draw", "stop", "flask"))


def is_brew_choice(actions: list[Action]) -> bool:
    """A draw/stop decision (timed separately: 50 ms budget for Hard)."""
    return any(a.verb == "draw" for a in actions)
