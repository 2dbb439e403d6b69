"""Ingredient chips: the eight colours, the eighteen chip kinds and their one canonical order.

The canonical order is the one of ``spec/scenarios.md`` ("white-1 white-2 ... black-1"); lists, sampling
and printed output all use it.
"""

from __future__ import annotations

from enum import Enum


class Colour(str, Enum):
    """A chip colour; the value is the name used in data files and scenarios."""

    WHITE = "white"
    ORANGE = "orange"
    GREEN = "green"
    BLUE = "blue"
    RED = "red"
    YELLOW = "yellow"
    PURPLE = "purple"
    BLACK = "black"

    def __str__(self) -> str:
        return self.value


#: The five colours whose books come in four sets (rulebook, "Setup").
SET_COLOURS: tuple[Colour, ...] = (Colour.GREEN, Colour.BLUE, Colour.RED, Colour.YELLOW, Colour.PURPLE)
#: Colours with a book of their own; white chips have none and cannot be bought.
BOOK_COLOURS: tuple[Colour, ...] = (Colour.ORANGE, Colour.BLACK) + SET_COLOURS


class Chip:
    """One chip kind, e.g. ``blue-2``. Instances are singletons: compare with ``is`` or ``==``."""

    __slots__ = ("colour", "value", "index", "name")

    colour: Colour
    value: int
    index: int
    name: str

    def __init__(self, colour: Colour, value: int, index: int) -> None:
        self.colour = colour
        self.value = value
        self.index = index
        self.name = f"{colour._value_}-{value}"  # Enum._value_: compiled with mypyc, .value is not ready yet here

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    def __lt__(self, other: Chip) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:  # by identity, as a plain class (compiled with mypyc, __lt__ alone would drop it)
        return object.__hash__(self)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (chip, (self.name,))

    @property
    def is_white(self) -> bool:
        return self.colour is Colour.WHITE


_ORDER: tuple[tuple[Colour, int], ...] = (
    (Colour.WHITE, 1), (Colour.WHITE, 2), (Colour.WHITE, 3),
    (Colour.ORANGE, 1),
    (Colour.GREEN, 1), (Colour.GREEN, 2), (Colour.GREEN, 4),
    (Colour.BLUE, 1), (Colour.BLUE, 2), (Colour.BLUE, 4),
    (Colour.RED, 1), (Colour.RED, 2), (Colour.RED, 4),
    (Colour.YELLOW, 1), (Colour.YELLOW, 2), (Colour.YELLOW, 4),
    (Colour.PURPLE, 1),
    (Colour.BLACK, 1),
)

#: Every chip kind in canonical order.
CHIPS: tuple[Chip, ...] = tuple(Chip(c, v, i) for i, (c, v) in enumerate(_ORDER))
CHIP_BY_NAME: dict[str, Chip] = {c.name: c for c in CHIPS}
CHIP_NAMES: tuple[str, ...] = tuple(c.name for c in CHIPS)
N_CHIPS = len(CHIPS)


def chip(name: str) -> Chip:
    """The chip kind called ``name`` (``"green-4"``); KeyError names the valid ones."""
    try:
        return CHIP_BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown chip {name!r}; chips are: {' '.join(CHIP_NAMES)}") from None


def find_chip(colour: Colour, value: int) -> Chip | None:
    """The chip of ``colour`` with ``value``, or None if no such chip exists (e.g. white-4)."""
    return CHIP_BY_NAME.get(f"{colour.value}-{value}")


def chips_of(colour: Colour) -> tuple[Chip, ...]:
    """The chip kinds of one colour, lowest value first."""
    return tuple(c for c in CHIPS if c.colour is colour)


def next_higher(c: Chip) -> Chip | None:
    """The next higher chip of the same colour (rulings R18: coloured 1->2->4, white 1->2->3)."""
    higher = [h for h in chips_of(c.colour) if h.value > c.value]
    return higher[0] if higher else None


# The white chips (the odds of an explosion, ai/odds.py).
WHITE_1, WHITE_2, WHITE_3 = CHIPS[0], CHIPS[1], CHIPS[2]
