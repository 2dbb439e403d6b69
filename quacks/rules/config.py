"""What a game is set up with: seats, books, pot side, fortune cards, house switches, optional start state.

A game is (config, seed, record of actions and outcomes); the config is plain data and can be saved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .bag import ChipCounts
from .chips import SET_COLOURS, Chip, Colour

VARIANTS = ("standard", "test-tubes")
#: the value of a house switch (a number of rubies, a yes or no)
HouseValue = bool | int


@dataclass(frozen=True)
class HouseSwitch:
    """A house rule of ``rulings.md`` offered in the new-game setup, with its default."""

    name: str
    ruling: str
    default: HouseValue
    choices: tuple[HouseValue, ...]
    text: str


HOUSE_SWITCHES: tuple[HouseSwitch, ...] = (
    HouseSwitch("starting-rubies", "R1", 1, (1, 0), "Rubies each player starts with."),
    HouseSwitch(
        "sequential-brewing", "R22", False, (False, True),
        "Rounds 1-8 are brewed one seat after the other instead of in stir ticks.",
    ),
)
HOUSE_BY_NAME = {h.name: h for h in HOUSE_SWITCHES}


def house_value(house: Mapping[str, HouseValue], name: str) -> HouseValue:
    return house.get(name, HOUSE_BY_NAME[name].default)


def check_house(house: Mapping[str, object]) -> list[str]:
    """Problems with a house-rule mapping, each naming the fix."""
    errors = []
    for k, v in house.items():
        sw = HOUSE_BY_NAME.get(k)
        if sw is None:
            errors.append(f"unknown house switch {k!r}; switches are: {', '.join(HOUSE_BY_NAME)}")
        elif v not in sw.choices or type(v) is not type(sw.default):
            errors.append(f"house switch {k!r} takes {' or '.join(repr(c) for c in sw.choices)}, not {v!r}")
    return errors


@dataclass(frozen=True)
class SeatSetup:
    """A seat's pieces at the start of the first round played (scenarios; anything None is as the rules say)."""

    score: int | None = None
    rubies: int | None = None
    droplet: int | None = None
    tube: int | None = None
    flask_full: bool | None = None
    bag: ChipCounts | None = None
    aside: tuple[Chip, ...] | None = None


@dataclass(frozen=True)
class GameConfig:
    seats: tuple[str, ...]
    books: Mapping[Colour, int] = field(default_factory=lambda: {c: 1 for c in SET_COLOURS})
    variant: str = "standard"
    fortunes: bool = True
    house: Mapping[str, HouseValue] = field(default_factory=dict)
    first_round: int = 1
    setup: Mapping[int, SeatSetup] = field(default_factory=dict)
    supply: Mapping[Chip, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise ValueError("; ".join(problems))

    def problems(self) -> list[str]:
        out: list[str] = []
        if not 2 <= len(self.seats) <= 4:
            out.append(f"a game has 2 to 4 seats, not {len(self.seats)}")
        if len(set(self.seats)) != len(self.seats):
            out.append("seat names must be unique")
        for c in SET_COLOURS:
            s = self.books.get(c)
            if s not in (1, 2, 3, 4):
                out.append(f"the {c} book needs a set 1-4, not {s!r}")
        if self.variant not in VARIANTS:
            out.append(f"variant must be one of {', '.join(VARIANTS)}, not {self.variant!r}")
        if not 1 <= self.first_round <= 9:
            out.append(f"first round must be 1-9, not {self.first_round}")
        out += check_house(self.house)
        return out

    @property
    def tubes(self) -> bool:
        return self.variant == "test-tubes"

    def house_rule(self, name: str) -> HouseValue:
        return house_value(self.house, name)

    def to_data(self) -> dict[str, Any]:
        """A plain mapping for saves and records (inverse of ``from_data``)."""
        return {
            "seats": list(self.seats),
            "books": {c.value: s for c, s in self.books.items()},
            "variant": self.variant,
            "fortunes": self.fortunes,
            "house": dict(self.house),
            "first_round": self.first_round,
            "setup": {
                str(i): {
                    k: v for k, v in (
                        ("score", s.score), ("rubies", s.rubies), ("droplet", s.droplet), ("tube", s.tube),
                        ("flask_full", s.flask_full),
                        ("bag", s.bag.as_names() if s.bag is not None else None),
                        ("aside", [c.name for c in s.aside] if s.aside is not None else None),
                    ) if v is not None
                }
                for i, s in self.setup.items()
            },
            "supply": {c.name: n for c, n in self.supply.items()},
        }

    @staticmethod
    def from_data(d: Mapping[str, Any]) -> GameConfig:
        from .chips import CHIP_BY_NAME

        setup = {}
        for i, s in (d.get("setup") or {}).items():
            setup[int(i)] = SeatSetup(
                score=s.get("score"), rubies=s.get("rubies"), droplet=s.get("droplet"), tube=s.get("tube"),
                flask_full=s.get("flask_full"),
                bag=ChipCounts.from_mapping(s["bag"]) if s.get("bag") is not None else None,
                aside=tuple(CHIP_BY_NAME[c] for c in s["aside"]) if s.get("aside") is not None else None,
            )
        return GameConfig(
            seats=tuple(d["seats"]),
            books={Colour(c): int(s) for c, s in d["books"].items()},
            variant=d.get("variant", "standard"),
            fortunes=bool(d.get("fortunes", True)),
            house=dict(d.get("house") or {}),
            first_round=int(d.get("first_round", 1)),
            setup=setup,
            supply={CHIP_BY_NAME[k]: int(v) for k, v in (d.get("supply") or {}).items()},
        )
