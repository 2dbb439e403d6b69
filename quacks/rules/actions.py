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


_ACT_MEMO: dict[tuple[str, tuple[object, ...]], Action] = {}


def act(verb: str, *args: object) -> Action:
    """``Action(verb, args as text)``; actions are immutable, so the common ones are made once and shared."""
    key = (verb, args)
    try:
        return _ACT_MEMO[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable argument: no sharing
        return Action(verb, tuple(str(a) for a in args))
    a = Action(verb, tuple(str(x) for x in args))
    if len(_ACT_MEMO) < 50_000:
        _ACT_MEMO[key] = a
    return a


DRAW = Action("draw")
STOP = Action("stop")
FLASK = Action("flask")
DONE = Action("done")
PASS = Action("pass")


class IllegalAction(ValueError):
    """An action that the game does not allow now; the message lists what it waits for."""
