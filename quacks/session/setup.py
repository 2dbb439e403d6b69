"""Who sits at the table and how the game is set up: the seats (a name, a colour, a human here, a person playing
over the network or a bot level), the game's config and the seed. Plain data, saved with every match.

A match served over the network shows its clients the *public* setup (``public_data``): the same data with the
seed replaced by None. A client builds its replica of the game from that and the record (``session/view.py``);
a setup without a seed (``is_replica``) can never run a ``Match``, whose chance needs the seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ai.levels import LEVELS
from ..names import name_problem
from ..rules.config import GameConfig

HUMAN = "human"
#: a person who plays this seat from another computer: the match waits for them as for a human here
REMOTE = "remote"
PLAYER_COLOURS = ("amber", "teal", "plum", "moss")


@dataclass(frozen=True)
class SeatSpec:
    """A seat at the table: a name, a player colour, and "human", "remote" or a bot level."""

    name: str
    colour: str
    kind: str = HUMAN

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN and self.kind != REMOTE

    @property
    def is_remote(self) -> bool:
        """A person at another computer (not a bot, not at this screen)."""
        return self.kind == REMOTE


@dataclass(frozen=True)
class MatchSetup:
    """The game's config, its seats and the seed of its chance (``session/seeding.py``).

    ``seed`` is None only in a replica's setup (``from_public_data``): a client's copy that never runs chance."""

    game: GameConfig
    seats: tuple[SeatSpec, ...]
    seed: int | None

    @property
    def is_replica(self) -> bool:
        """True for a setup without its seed (what a client of a served match holds)."""
        return self.seed is None

    def to_data(self) -> dict[str, object]:
        """A plain mapping for saves and records (inverse of ``from_data``)."""
        return {
            "game": self.game.to_data(),
            "seats": [{"name": s.name, "colour": s.colour, "kind": s.kind} for s in self.seats],
            "seed": self.seed,
        }

    def public_data(self) -> dict[str, object]:
        """``to_data`` with the seed replaced by None: what a client of a served match may know (inverse of
        ``from_public_data``)."""
        d = self.to_data()
        d["seed"] = None
        return d

    @staticmethod
    def from_public_data(d: dict[str, Any]) -> MatchSetup:
        """A replica's setup from ``public_data``: checked as ``from_data`` checks a save, and its seed must be None
        (a public setup that carries a seed is refused: it would give the match's chance away)."""
        if d.get("seed") is not None:
            raise ValueError("a public setup has no seed")
        return MatchSetup._checked(d, None)

    @staticmethod
    def from_data(d: dict[str, Any]) -> MatchSetup:
        if type(d.get("seed")) is not int:
            raise ValueError(f"the seed must be a whole number, not {str(d.get('seed'))[:40]!r}")
        return MatchSetup._checked(d, d["seed"])

    @staticmethod
    def _checked(d: dict[str, Any], seed: int | None) -> MatchSetup:
        seats = tuple(SeatSpec(str(s["name"]), str(s["colour"]), str(s["kind"])) for s in d["seats"])
        for i, s in enumerate(seats):
            problem = name_problem(s.name, what=f"the name of seat {i + 1}")
            if problem:
                raise ValueError(problem)
            if s.kind != HUMAN and s.kind != REMOTE and s.kind not in LEVELS:
                raise ValueError(f"unknown seat kind {s.kind!r}")
            if s.colour not in PLAYER_COLOURS:  # the table draws only these four
                raise ValueError(f"seat {i + 1} has the colour {s.colour[:20]!r}; the colours are "
                                 f"{', '.join(PLAYER_COLOURS)}")
        setup = MatchSetup(GameConfig.from_data(d["game"]), seats, seed)
        if tuple(s.name for s in setup.seats) != tuple(setup.game.seats):
            raise ValueError("the seats and the game disagree")
        return setup
