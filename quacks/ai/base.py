"""Bots: pure functions of what their seat sees, the legal actions and their own seeded generator.

A bot never touches the game's sampler and never sees future draws: the bag is a multiset with no hidden
order, so the only randomness it can know is the exact odds. ``decide`` returns a :class:`BotChoice`: an action and
the one-line reason a player reads ("stops: 24% risk, 11 coins in hand") as a template with its arguments.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from ..i18n import Plural
from ..rules.actions import Action
from ..rules.game import Game


class Reason(NamedTuple):
    """Why a bot chose, as a template and its arguments: a sentence with ``{}`` places (a text marked with
    ``N_``, or a ``Plural`` by its count) and what fills them (chips, actions, rewards, cards, numbers).
    ``wording.reasons`` puts it into the player's words when it is shown; the bots never render it."""

    template: str | Plural
    args: tuple[object, ...] = ()


class BotChoice:
    """A bot's choice (the action it takes) and its :class:`Reason` (not the engine's ``rules.state.Decision``,
    which is the question a seat is asked)."""

    __slots__ = ("action", "template", "args")

    def __init__(self, action: Action, template: str | Plural, *args: object) -> None:
        self.action = action
        self.template = template
        self.args = args

    @property
    def reason(self) -> Reason:
        """Made when it is asked for (it is shown now and then; a bot chooses thousands of times a game)."""
        return Reason(self.template, self.args)

    def __repr__(self) -> str:
        return f"BotChoice({self.action}, {self.reason!r})"


class RandomSource(Protocol):
    """The random numbers a bot may draw: a ``random.Random``, or the match's generator for the decision that is
    seeded only if it is asked (``session.seeding.LazyRandom``)."""

    def random(self) -> float: ...

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int: ...


class Bot(Protocol):
    level: str

    def decide(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice: ...

