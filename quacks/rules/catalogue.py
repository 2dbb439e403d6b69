"""The immutable game data the engine plays with: boards, books, fortune cards, supply, round events.

Built by ``quacks.content`` from the YAML files under ``data/``; the engine never reads files itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .bag import ChipCounts

# imported to run, not only to type-check: mypyc's dataclasses look their fields' types up
from .books import BookEffect
from .chips import Chip, Colour
from .fortunes import CardEffect
from .params import Reward


@dataclass(frozen=True)
class Space:
    """One space of the pot track (data-reference §1)."""

    index: int
    coins: int
    vp: int
    ruby: bool


@dataclass(frozen=True)
class PotTrack:
    """Spaces 0..52 and the spoon (index 53). Rulings R6, R34."""

    spaces: tuple[Space, ...]

    @property
    def last(self) -> int:
        """The last space a chip can cover (index 52)."""
        return len(self.spaces) - 2

    @property
    def spoon(self) -> int:
        """The scoring entry after the last space (index 53)."""
        return len(self.spaces) - 1

    def space(self, index: int) -> Space:
        return self.spaces[min(index, self.spoon)]


@dataclass(frozen=True)
class ScoringTrack:
    """The scoring track with its rat tails (data-reference §2)."""

    lap: int
    tails: tuple[int, ...]

    def rats(self, vp: int, leader_vp: int) -> int:
        """Rat tails t with ``vp <= t < leader_vp`` over every lap: the rulebook's "tails between"."""
        if vp >= leader_vp:
            return 0
        return _rats(self.lap, self.tails, vp, leader_vp)


@lru_cache(maxsize=4096)
def _rats(lap: int, tails: tuple[int, ...], vp: int, leader_vp: int) -> int:
    """``ScoringTrack.rats`` (memoised: the same gaps recur in every game)."""
    n = 0
    base = (max(vp, 0) // lap) * lap
    while base < leader_vp:
        for t in tails:
            tt = base + t
            if vp <= tt < leader_vp:
                n += 1
        base += lap
    return n


@dataclass(frozen=True)
class DieFace:
    """A face of the bonus die (rulings R5)."""

    id: str
    weight: int
    reward: Reward
    text: str


@dataclass(frozen=True)
class Die:
    faces: tuple[DieFace, ...]

    def face(self, face_id: str) -> DieFace:
        for f in self.faces:
            if f.id == face_id:
                return f
        raise KeyError(face_id)

    @property
    def total_weight(self) -> int:
        return sum(f.weight for f in self.faces)


@dataclass(frozen=True)
class Book:
    """One ingredient book page: its colour, set, prices per chip value, effect and rule text."""

    colour: Colour
    set: int | None
    name: str
    prices: tuple[tuple[int, int], ...]  # (chip value, coins)
    effect: BookEffect
    text: str
    short: str = ""
    players: tuple[int, ...] = ()  # black pages: the seat counts the page is for

    def price(self, value: int) -> int | None:
        for v, p in self.prices:
            if v == value:
                return p
        return None

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(v for v, _ in self.prices)


@dataclass(frozen=True)
class FortuneCard:
    """A fortune-teller card (data-reference §4)."""

    id: str
    colour: str  # "purple": resolved before the round; "blue": applies during or at the end of it
    name: str
    effect: CardEffect
    text: str


@dataclass(frozen=True)
class RoundEvents:
    """Numbers of the round track and the basic rules (rulebook "Turn indicator", R1, R15, R35)."""

    rounds: int = 9
    book_rounds: tuple[tuple[Colour, int], ...] = ((Colour.YELLOW, 2), (Colour.PURPLE, 3))
    extra_chips: tuple[tuple[int, Chip], ...] = ()
    first_rat_round: int = 2
    white_limit: int = 7
    starting_rubies: int = 1
    droplet_cost: int = 2
    flask_cost: int = 2
    vp_coin_price: int = 5
    vp_ruby_price: int = 2
    max_buys: int = 2

    def book_round(self, colour: Colour) -> int:
        for c, r in self.book_rounds:
            if c is colour:
                return r
        return 1


@dataclass(frozen=True)
class Catalogue:
    """Everything the data files say."""

    pot: PotTrack
    scoring: ScoringTrack
    die: Die
    tubes: tuple[Reward, ...]
    orange: Book
    black: tuple[Book, ...]  # one page per seat-count group
    books: dict[Colour, dict[int, Book]]  # set colour -> set number -> book
    cards: dict[str, FortuneCard]
    supply: ChipCounts
    start_bag: ChipCounts
    events: RoundEvents = field(default_factory=RoundEvents)
    #: the Expert bot's learned weights as the data file holds them (``data/bots/expert.yaml``; the bot checks
    #: them, ``ai.value_model``), or None in a data folder without them
    bot_values: dict[str, object] | None = None

    def black_for(self, n_seats: int) -> Book:
        for b in self.black:
            if n_seats in b.players:
                return b
        raise KeyError(f"no black book page for {n_seats} players")
