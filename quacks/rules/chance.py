"""Chance steps: seeded sampling by the exact weights of the bag, the die and the deck, and checking an outcome.

A draw's weights are the bag's counts; a reveal is a draw of several chips without replacement; the die has
six faces (R5); the fortune deck is uniform over the cards not yet used. No hidden order is stored anywhere
(architecture: "chance is explicit").
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING

from .actions import IllegalAction
from .bag import ChipCounts
from .chips import CHIP_BY_NAME, CHIPS, Chip
from .kinds import ChanceKind

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import Chance

#: a random outcome: the chip drawn, the chips revealed (sorted), a die face's id or a fortune card's id
Outcome = Chip | tuple[Chip, ...] | str


def _bag(g: Game, ch: Chance) -> ChipCounts:
    assert ch.seat is not None
    return g.seats[ch.seat].bag


def remaining_cards(g: Game) -> list[str]:
    used = set(g.used_cards)
    return [c for c in g.cat.cards if c not in used]


def draw_from(counts: list[int], total: int, rng: random.Random) -> int:
    """The index of the chip drawn: a uniform pick among the ``total`` chips counted in ``counts``.

    One number r in [0, total) from ``rng``; the chip is the first whose running count passes r (found in C:
    ``bisect`` over the running counts)."""
    i = bisect_right(list(accumulate(counts)), int(rng.random() * total))
    if i < len(counts):
        return i
    return draw_from(counts, total, rng)  # pragma: no cover - float rounding at the very end


def sample(g: Game, ch: Chance, rng: random.Random) -> Outcome:
    if ch.kind is ChanceKind.DRAW:
        bag = _bag(g, ch)
        return CHIPS[draw_from(bag.counts(), bag.total, rng)]
    if ch.kind is ChanceKind.DIE:
        faces = g.cat.die.faces
        return faces[draw_from([f.weight for f in faces], g.cat.die.total_weight, rng)].id
    if ch.kind is ChanceKind.FORTUNE:
        cards = remaining_cards(g)
        return cards[int(rng.random() * len(cards))]  # one number per card (session/seeding.py resumes by count)
    if ch.kind is ChanceKind.REVEAL:
        bag = _bag(g, ch)
        counts = bag.counts()
        total = bag.total
        out = []
        for _ in range(min(ch.count, total)):
            i = draw_from(counts, total, rng)
            counts[i] -= 1
            total -= 1
            out.append(CHIPS[i])
        return tuple(sorted(out))
    raise IllegalAction(f"unknown chance kind {ch.kind}")  # pragma: no cover


def check_outcome(g: Game, ch: Chance, outcome: object) -> Outcome:
    """Normalise an outcome (names or objects) and check it can happen; IllegalAction says why not."""
    who = g.seats[ch.seat].name if ch.seat is not None else ""
    if ch.kind is ChanceKind.DRAW:
        c = _as_chip(outcome)
        if _bag(g, ch)[c] <= 0:
            raise IllegalAction(f"{c} is not in {who}'s bag; the bag holds {_bag_text(_bag(g, ch))}")
        return c
    if ch.kind is ChanceKind.REVEAL:
        if isinstance(outcome, str):
            items: Sequence[object] = outcome.split()
        elif isinstance(outcome, (tuple, list)):
            items = outcome
        else:
            raise IllegalAction(f"a reveal's outcome is a list of chips, not {outcome!r}")
        chips = tuple(sorted(_as_chip(x) for x in items))
        bag = _bag(g, ch)
        n = min(ch.count, bag.total)
        if len(chips) != n:
            raise IllegalAction(f"{who} looks at {n} chip(s) here, not {len(chips)}")
        have = bag.raw()
        for c in chips:  # sorted: a kind's chips together, the kinds in canonical order
            k = chips.count(c)
            if have[c.index] < k:
                raise IllegalAction(f"{who}'s bag holds {have[c.index]} {c}, not {k}; the bag: {_bag_text(bag)}")
        return chips
    if ch.kind is ChanceKind.DIE:
        ids = [f.id for f in g.cat.die.faces]
        if not isinstance(outcome, str) or outcome not in ids:
            raise IllegalAction(f"unknown die face {outcome!r}; faces: {', '.join(dict.fromkeys(ids))}")
        return outcome
    if ch.kind is ChanceKind.FORTUNE:
        if not isinstance(outcome, str) or outcome not in g.cat.cards:
            raise IllegalAction(f"unknown fortune card {outcome!r}; cards: {', '.join(g.cat.cards)}")
        if outcome in g.used_cards:
            raise IllegalAction(f"fortune card {outcome!r} was already used in this game")
        return outcome
    raise IllegalAction(f"unknown chance kind {ch.kind}")  # pragma: no cover


def outcome_text(outcome: Outcome) -> str:
    if isinstance(outcome, Chip):
        return outcome.name
    if isinstance(outcome, tuple):
        return " ".join(c.name for c in outcome)
    return str(outcome)


def _as_chip(x: object) -> Chip:
    if isinstance(x, Chip):
        return x
    c = CHIP_BY_NAME.get(str(x))
    if c is None:
        raise IllegalAction(f"unknown chip {x!r}")
    return c


def _bag_text(bag: ChipCounts) -> str:
    return ", ".join(f"{k}x {c}" for c, k in bag.items()) or "nothing"
