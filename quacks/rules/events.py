"""Events: every change to a resource, with its cause (architecture: "one door per resource").

The UI animates from events and the log narrates them; the state stays the truth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .kinds import EventKind


@dataclass(frozen=True, slots=True)
class Event:
    """One change. ``kind`` names what changed; ``data`` holds the numbers; ``cause`` says why."""

    kind: EventKind
    seat: int | None
    cause: str
    data: dict[str, Any] = field(default_factory=dict)
    round: int = 0

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)
