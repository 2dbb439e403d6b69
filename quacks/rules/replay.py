"""Replaying a record: a game is (config, record of actions and outcomes); replay gives the same state."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .catalogue import Catalogue
from .config import GameConfig
from .game import Game


def apply_entry(g: Game, entry: tuple[Any, ...] | list[Any]) -> None:
    """Apply one record entry: ("act", seat, action) or ("chance", kind, seat, outcome)."""
    if entry[0] == "act":
        g.apply(int(entry[1]), str(entry[2]))
    elif entry[0] == "chance":
        outcome = entry[3]
        if entry[1] == "reveal":
            outcome = tuple(str(outcome).split())
        g.apply_chance(outcome)
    else:
        raise ValueError(f"unknown record entry {entry!r}")


def replay(catalogue: Catalogue, config: GameConfig, record: Iterable[tuple[Any, ...] | list[Any]],
           *, events: bool = True) -> Game:
    g = Game(catalogue, config, events=events)
    for entry in record:
        apply_entry(g, entry)
    return g
