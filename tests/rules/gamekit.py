"""Helpers for rules tests: build a game at a round with chosen pieces, and drive it by text steps."""

from __future__ import annotations

from typing import Any

from quacks.content.loader import default_catalogue
from quacks.rules.bag import ChipCounts
from quacks.rules.chips import SET_COLOURS, Colour
from quacks.rules.config import GameConfig, SeatSetup
from quacks.rules.game import Game
from quacks.scenario import apply_step


def make_game(
    seats: tuple[str, ...] = ("A", "B"), books: int | dict[str, int] = 1, round: int = 1,
    fortunes: bool = False, variant: str = "standard", house: dict[str, Any] | None = None,
    **state: dict[str, Any],
) -> Game:
    bk = {c: books for c in SET_COLOURS} if isinstance(books, int) else {Colour(k): v for k, v in books.items()}
    setup = {}
    for name, st in state.items():
        st = dict(st)
        bag = st.pop("bag", None)
        flask = st.pop("flask", None)
        setup[seats.index(name)] = SeatSetup(
            bag=ChipCounts.from_mapping(bag) if bag is not None else None,
            flask_full=None if flask is None else flask == "full", **st,
        )
    cfg = GameConfig(seats=seats, books=bk, variant=variant, fortunes=fortunes, house=house or {},
                     first_round=round, setup=setup)
    return Game(default_catalogue(), cfg)


def steps(g: Game, *lines: str) -> Game:
    names = [s.name for s in g.seats]
    for line in lines:
        apply_step(g, names, line)
    return g


def seat(g: Game, name: str) -> Any:
    return next(s for s in g.seats if s.name == name)


def actions(g: Game, name: str) -> set[str]:
    i = [s.name for s in g.seats].index(name)
    return {str(a) for a in g.legal_actions(i)}


def pot(g: Game, name: str) -> list[tuple[int, str]]:
    return [(p.index, p.chip.name) for p in seat(g, name).pot]
