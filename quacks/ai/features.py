"""What a player can see of one seat's position, as numbers for the Expert bot's learned value (issue 23).

A position is the seat's chips (every chip it owns: the bag it will draw from next round), its score, coins in
hand, rubies, droplet, flask, and the simulated worth of next round's brew of that bag (``shop.brew_gains``);
around it, the other seats' scores, the books on the table, the number of seats and the pot side. Nothing here
looks at the order of a bag, a seed or anything a player at the table could not know.

Book chips count by their value in the set that is on the table for their colour, so one model learns what a
green chip is worth in set 1 and in set 3 apart. The names in ``NAMES`` are the weights' names in the data file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.chips import CHIPS, SET_COLOURS, Colour
from ..rules.game import Game

SETS = (1, 2, 3, 4)
_BASE = ("bias", "score", "lead", "gap", "coins", "rubies", "droplet", "flask", "white_sum", "chips", "white_share",
         "orange", "black", "brew", "two_seats", "test_tubes")
#: the features, in the order of a model's weights
NAMES: tuple[str, ...] = _BASE + tuple(f"{c.value}{k}" for c in SET_COLOURS for k in SETS)
INDEX = {name: i for i, name in enumerate(NAMES)}
_BOOK_AT = {(c, k): INDEX[f"{c.value}{k}"] for c in SET_COLOURS for k in SETS}


@dataclass(frozen=True)
class Position:
    """One seat's position as the features see it (what a choice would change: the chips, the score and the
    pieces), apart from what the game around it says."""

    chips: tuple[int, ...]  # every chip the seat owns, by chip index
    score: int
    coins: int
    rubies: int
    droplet: int
    flask: bool
    brew: float  # next round's brew of these chips, simulated (VP-equivalents)

    def with_chips(self, added: Sequence[int], brew: float, coins: int = 0) -> Position:
        """The position after ``added`` chips (chip indices) are bought: ``coins`` left, the brew worth ``brew``."""
        chips = list(self.chips)
        for i in added:
            chips[i] += 1
        return Position(tuple(chips), self.score, coins, self.rubies, self.droplet, self.flask, brew)


def position_of(g: Game, seat: int, brew: float) -> Position:
    """The seat's position now (coins: those of its scoring space once the round is evaluated, else none)."""
    s = g.seats[seat]
    chips = s.all_chips().counts()
    return Position(tuple(chips), s.score, s.coins or 0, s.rubies, s.droplet, s.flask_full, brew)


def features(g: Game, seat: int, p: Position) -> list[float]:
    """The numbers of ``NAMES`` for ``p`` at ``seat`` of ``g`` (the others' scores as they stand now)."""
    others = [o.score for i, o in enumerate(g.seats) if i != seat]
    best = max(others) if others else 0
    mean = sum(others) / len(others) if others else 0.0
    chips = p.chips
    n = sum(chips)
    white_sum = 0
    out = [0.0] * len(NAMES)
    out[0] = 1.0
    out[1] = float(p.score)
    out[2] = float(p.score - best)
    out[3] = p.score - mean
    out[4] = float(p.coins)
    out[5] = float(p.rubies)
    out[6] = float(p.droplet)
    out[7] = 1.0 if p.flask else 0.0
    books = g.config.books
    for i, count in enumerate(chips):
        if not count:
            continue
        c = CHIPS[i]
        if c.colour is Colour.WHITE:
            white_sum += c.value * count
        elif c.colour is Colour.ORANGE:
            out[11] += count
        elif c.colour is Colour.BLACK:
            out[12] += count
        else:
            out[_BOOK_AT[(c.colour, books[c.colour])]] += c.value * count
    out[8] = float(white_sum)
    out[9] = float(n)
    out[10] = white_sum / n if n else 0.0
    out[13] = p.brew
    out[14] = 1.0 if len(g.seats) == 2 else 0.0
    out[15] = 1.0 if g.config.tubes else 0.0
    return out


def final_margin(g: Game, seat: int) -> int:
    """What the value learns to predict: the seat's final score minus the best of the others' (> 0: a win)."""
    others = [o.score for i, o in enumerate(g.seats) if i != seat]
    return g.seats[seat].score - max(others)
