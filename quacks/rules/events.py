"""Events: every change to a resource, with its cause (architecture: "one door per resource").

The UI animates from events and the log narrates them; the state stays the truth.

A cause is data, not words: a ``CauseKind`` (a closed set, rules/kinds.py) and a tuple of plain arguments
(chip names, card ids, colours, seat positions, numbers). ``wording/causes.py`` turns it into a sentence in
the player's language; the engine never builds text for the player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .kinds import CauseKind, EventKind


class Cause(NamedTuple):
    """Why something happened: ``kind`` and its arguments (see ``CauseKind`` for what each kind carries)."""

    kind: CauseKind
    args: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Event:
    """One change. ``kind`` names what changed; ``data`` holds the numbers; ``cause`` says why."""

    kind: EventKind
    seat: int | None
    cause: Cause
    data: dict[str, Any] = field(default_factory=dict)
    round: int = 0

    def get(self, key: str, default: object = None) -> Any:
        return self.data.get(key, default)


# The causes without arguments, built once (the engine passes them on every draw, placement and stop).
DRAWN = Cause(CauseKind.DRAWN)
FROM_BAG = Cause(CauseKind.FROM_BAG)
PICKED = Cause(CauseKind.PICKED)
FROM_BESIDE_POT = Cause(CauseKind.FROM_BESIDE_POT)
STOPPED = Cause(CauseKind.STOPPED)
EXPLODED = Cause(CauseKind.EXPLODED)
POT_FULL = Cause(CauseKind.POT_FULL)
BAG_EMPTY = Cause(CauseKind.BAG_EMPTY)
FLASK = Cause(CauseKind.FLASK)
