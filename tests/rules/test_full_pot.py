"""R38: a full pot takes no chip from any source (drawn, a blue set-1 pick, strong-ingredient, red set 2 beside
the pot, any card): seeded rounds brewed near the end of the pot with the books and cards that place chips.

Each seat starts a few spaces before index 52 with a bag of chips that move, pick, double and wait beside the
pot; every step is checked: no pot holds two chips on 52, a seat whose pot is full is offered no placement,
and strong-ingredient looks at no chips for it. The round is played at random to its evaluation.
"""

from __future__ import annotations

import random

import pytest

from quacks.rules.brewing import pot_full
from quacks.rules.game import ChanceWaiting, Game

from .gamekit import make_game, steps

CARDS = ("strong-ingredient", "well-stirred", "second-chance", "pumpkin-patch-party")
CHIPS = ("white-1", "white-2", "white-3", "orange-1", "blue-1", "blue-2", "blue-4", "red-1", "red-2", "red-4",
         "yellow-1", "yellow-2", "green-1")


def _round(seed: int) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    bags = {}
    for name in ("A", "B", "C"):
        bag: dict[str, int] = {}
        for c in rng.choices(CHIPS, k=rng.randint(6, 12)):
            bag[c] = bag.get(c, 0) + 1
        bags[name] = {"droplet": rng.randint(40, 51), "bag": bag}
    books = {"green": 1, "blue": rng.choice((1, 4)), "red": 2, "yellow": rng.choice((1, 2)), "purple": 1}
    g = make_game(("A", "B", "C"), books=books, round=2, fortunes=True, **bags)
    steps(g, f"fortune {rng.choice(CARDS)}")
    return g, rng


def _check(g: Game) -> None:
    for i, s in enumerate(g.seats):
        assert sum(p.index >= g.pot_last for p in s.pot) <= 1, (s.name, s.pot)
        if pot_full(g, i):
            assert not any(a.verb in ("place", "draw", "flask") for a in g.legal_actions(i)), g.legal_actions(i)
    w = g.waiting()
    if isinstance(w, ChanceWaiting) and w.kind == "reveal" and w.seat is not None and g.seats[w.seat].stopped:
        assert not pot_full(g, w.seat), f"{g.seats[w.seat].name} looks at chips beside a full pot"


@pytest.mark.parametrize("chunk", range(4))
def test_no_chip_reaches_a_full_pot(chunk: int) -> None:
    full = 0
    for seed in range(chunk * 100, chunk * 100 + 100):
        g, rng = _round(seed)
        while g.phase == "brewing":
            _check(g)
            if g.pending_chance() is not None:
                g.apply_chance(g.sample_chance(rng))
            else:
                seat = rng.choice(g.acting_seats())
                g.apply(seat, rng.choice(g.legal_actions(seat)))
        _check(g)
        full += sum(pot_full(g, i) for i in range(g.n))
    assert full >= 20, "too few full pots to check anything"
