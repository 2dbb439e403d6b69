"""Seeded chance: one random stream per seat and kind, so that a deal replayed with the seats rotated gives
each seat position the same luck (duplicate seating), and a game is (config, seed, actions).
"""

from __future__ import annotations

import random
from typing import Any

from ..rules.chance import draw_from
from ..rules.chips import CHIPS
from ..rules.game import Game


class Sampler:
    """Samples the outcome of every chance step from streams derived from one seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._streams: dict[tuple[str, int], random.Random] = {}

    def stream(self, kind: str, position: int) -> random.Random:
        key = (kind, position)
        r = self._streams.get(key)
        if r is None:
            r = random.Random(f"{self.seed}:{kind}:{position}")
            self._streams[key] = r
        return r

    def sample(self, g: Game, position_of: dict[int, int] | None = None) -> Any:
        """The outcome of the chance step due in ``g``. ``position_of`` maps a seat to its stream."""
        ch = g.pending_chance()
        if ch is None:
            raise ValueError("no chance step is due")
        pos = -1 if ch.seat is None else (position_of or {}).get(ch.seat, ch.seat)
        rng = self.stream(ch.kind, pos)
        if ch.kind == "draw":
            bag = g.seats[ch.seat].bag  # type: ignore[index]
            return CHIPS[draw_from(bag.raw(), bag.total, rng)]
        return g.sample_chance(rng)
