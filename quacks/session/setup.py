"""Who sits at the table and how the game is set up: the seats (a name, a colour, human or a bot level),
the game's config and the seed. Plain data, saved with every match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ai.levels import LEVELS
from ..names import name_problem
from ..rules.config import GameConfig

HUMAN = "human"
PLAYER_COLOURS = ("amber", "teal", "plum", "moss")


@dataclass(frozen=True)
class SeatSpec:
    """A seat at the table: a name, a player colour, and "human" or a bot level."""

    name: str
    colour: str
    kind: str = HUMAN

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN


@dataclass(frozen=True)
class MatchSetup:
    game: GameConfig
    seats: tuple[SeatSpec, ...]
    seed: int

    def to_data(self) -> dict[str, object]:
        """A plain mapping for saves and records (inverse of ``from_data``)."""
        return {
            "game": self.game.to_data(),
            "seats": [{"name": s.name, "colour": s.colour, "kind": s.kind} for s in self.seats],
            "seed": self.seed,
        }

    @staticmethod
    def from_data(d: dict[str, Any]) -> MatchSetup:
        seats = tuple(SeatSpec(str(s["name"]), str(s["colour"]), str(s["kind"])) for s in d["seats"])
        for i, s in enumerate(seats):
            problem = name_problem(s.name, what=f"the name of seat {i + 1}")
            if problem:
                raise ValueError(problem)
            if s.kind != HUMAN and s.kind not in LEVELS:
                raise ValueError(f"unknown seat kind {s.kind!r}")
            if s.colour not in PLAYER_COLOURS:  # the table draws only these four
                raise ValueError(f"seat {i + 1} has the colour {s.colour[:20]!r}; the colours are "
                                 f"{', '.join(PLAYER_COLOURS)}")
        if type(d["seed"]) is not int:
            raise ValueError(f"the seed must be a whole number, not {str(d['seed'])[:40]!r}")
        setup = MatchSetup(GameConfig.from_data(d["game"]), seats, d["seed"])
        if tuple(s.name for s in setup.seats) != tuple(setup.game.seats):
            raise ValueError("the seats and the game disagree")
        return setup
