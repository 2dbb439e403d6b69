"""Actions and chance outcomes, written exactly as in ``spec/scenarios.md``.

An action is a verb with arguments: ``draw``, ``stop``, ``choose vp``, ``buy green-2 blue-2``. Its text
form is the contract shared by the scenarios, the saved records, the UI and the bots.
"""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    @staticmethod
    def parse(text: str | Action) -> Action:
        if isinstance(text, Action):
            return text
        parts = str(text).split()
        if not parts:
            raise ValueError("empty action")
        return Action(parts[0], tuple(parts[1:]))


def act(verb: str, *args: object) -> Action:
    return Action(verb, tuple(str(a) for a in args))


DRAW = Action("draw")
STOP = Action("stop")
FLASK = Action("flask")
DONE = Action("done")
PASS = Action("pass")


class IllegalAction(ValueError):
    """An action that the game does not allow now; the message lists what it waits for."""
