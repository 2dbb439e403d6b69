"""What a game is set up with: seats, books, pot side, fortune cards, house switches, optional start state.

A game is (config, seed, record of actions and outcomes); the config is plain data and can be saved.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .bag import ChipCounts
from .chips import SET_COLOURS, Chip, Colour

if TYPE_CHECKING:  # pragma: no cover
    from .catalogue import Catalogue

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


# ---------------------------------------------------------------------------------------------------------
# the ranges a game may start with (a scenario's setup, a save's, a replay's, a hosted game's): checked against
# the catalogue before a game is built


MAX_COUNT = 999  # any number a setup sets (score, rubies, chips of a kind): far beyond a real game


def count_problem(v: object, where: str, high: int = MAX_COUNT) -> str | None:
    """Why ``v`` is not a whole number from 0 to ``high`` (a scenario's range for every count), or None."""
    if type(v) is not int or not 0 <= v <= high:
        shown = repr(v) if len(repr(v)) <= 40 else repr(v)[:37] + "..."
        return f"{where} must be a whole number from 0 to {high}, not {shown}"
    return None


def config_problems(config: GameConfig, catalogue: Catalogue, seat_where: Callable[[int], str] | None = None,
                    round_where: str = "first_round") -> list[str]:
    """Every number of a game's setup against the ranges a game may start with: the one home of those ranges, for
    scenarios, saves, replays and a hosted game kept for ``--resume`` (a start score of 10**9 would make the rat
    tails count for minutes).

    The first round is 1 to the catalogue's last; each seat's score, rubies, droplet and test tube, the chips of
    its bag and beside its pot, and the supply's counts are whole numbers from 0 to ``MAX_COUNT``; the droplet is
    at most the pot's last space (R6) and the tube at most the number of test tubes. ``seat_where(i)`` names
    seat ``i``'s pieces in the messages."""
    where = seat_where or (lambda i: f"setup.{i}")
    last_space, tubes, rounds = catalogue.pot.last, len(catalogue.tubes), catalogue.events.rounds
    out: list[str] = []
    if type(config.first_round) is not int or not 1 <= config.first_round <= rounds:
        out.append(f"{round_where} must be 1-{rounds}, not {str(config.first_round)[:40]}")
    for seat, st in config.setup.items():
        if type(seat) is not int or not 0 <= seat < len(config.seats):
            out.append(f"setup names seat {str(seat)[:20]}, but the seats are 0-{len(config.seats) - 1}")
            continue
        w = where(seat)
        for name, value in (("score", st.score), ("rubies", st.rubies), ("droplet", st.droplet), ("tube", st.tube)):
            if value is not None:
                problem = count_problem(value, f"{w}.{name}")
                if problem:
                    out.append(problem)
        if type(st.droplet) is int and st.droplet > last_space:
            out.append(f"{w}.droplet must be 0-{last_space} (R6)")
        if type(st.tube) is int and st.tube > tubes:
            out.append(f"{w}.tube must be 0-{tubes}")
        if st.flask_full is not None and type(st.flask_full) is not bool:
            out.append(f"{w}.flask must be full or empty")
        if st.bag is not None:
            out += [p for c, n in st.bag.all_items() if (p := count_problem(n, f"{w}.bag.{c.name}"))]
        if st.aside is not None and len(st.aside) > MAX_COUNT:
            out.append(f"{w}.aside holds {len(st.aside)} chips, at most {MAX_COUNT}")
    out += [p for c, n in config.supply.items() if (p := count_problem(n, f"setup.supply.{c.name}"))]
    return out
