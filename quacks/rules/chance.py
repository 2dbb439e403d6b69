"""Chance steps: exact outcome weights from the bag, the die and the deck, and seeded sampling.

A draw's weights are the bag's counts; a reveal is a draw of several chips without replacement
(multivariate hypergeometric); the die has six faces (R5); the fortune deck is uniform over the cards
not yet used. No hidden order is stored anywhere (architecture: "chance is explicit").
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable
from itertools import accumulate, combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING, Any

from .actions import IllegalAction
from .bag import ChipCounts
from .chips import CHIP_BY_NAME, CHIPS, Chip
from .kinds import ChanceKind

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import Chance

MAX_ENUMERATED_REVEALS = 5000


def _bag(g: Game, ch: Chance) -> ChipCounts:
    assert ch.seat is not None
    return g.seats[ch.seat].bag


def remaining_cards(g: Game) -> list[str]:
    used = set(g.used_cards)
    return [c for c in g.cat.cards if c not in used]


def outcomes(g: Game, ch: Chance) -> list[tuple[Any, float]]:
    if ch.kind is ChanceKind.DRAW:
        bag = _bag(g, ch)
        t = bag.total
        return [(c, k / t) for c, k in bag.items()]
    if ch.kind is ChanceKind.DIE:
        tw = g.cat.die.total_weight
        return [(f.id, f.weight / tw) for f in g.cat.die.faces]
    if ch.kind is ChanceKind.FORTUNE:
        cards = remaining_cards(g)
        return [(c, 1 / len(cards)) for c in cards]
    if ch.kind is ChanceKind.REVEAL:
        bag = _bag(g, ch)
        kinds = [c for c, _ in bag.items()]
        n = min(ch.count, bag.total)
        if comb(len(kinds) + n - 1, n) > MAX_ENUMERATED_REVEALS:
            return []
        out = []
        for combo in combinations_with_replacement(kinds, n):
            p = reveal_probability(bag, combo)
            if p > 0:
                out.append((tuple(combo), p))
        return out
    raise IllegalAction(f"unknown chance kind {ch.kind}")  # pragma: no cover


def reveal_probability(bag: ChipCounts, chips: Iterable[Chip]) -> float:
    """Probability of seeing exactly this multiset when drawing len(chips) without replacement."""
    want = ChipCounts.of(chips)
    num = 1
    for c, k in want.items():
        num *= comb(bag[c], k)
    return num / comb(bag.total, want.total)


def draw_from(counts: list[int], total: int, rng: random.Random) -> int:
    """The index of the chip drawn: a uniform pick among the ``total`` chips counted in ``counts``.

    One number r in [0, total) from ``rng``; the chip is the first whose running count passes r (found in C:
    ``bisect`` over the running counts)."""
    i = bisect_right(list(accumulate(counts)), int(rng.random() * total))
    if i < len(counts):
        return i
    return draw_from(counts, total, rng)  # pragma: no cover - float rounding at the very end


def sample(g: Game, ch: Chance, rng: random.Random) -> Any:
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


def check_outcome(g: Game, ch: Chance, outcome: Any) -> Any:
    """Normalise an outcome (names or objects) and check it can happen; IllegalAction says why not."""
    who = g.seats[ch.seat].name if ch.seat is not None else ""
    if ch.kind is ChanceKind.DRAW:
        c = _as_chip(outcome)
        if _bag(g, ch)[c] <= 0:
            raise IllegalAction(f"{c} is not in {who}'s bag; the bag holds {_bag_text(_bag(g, ch))}")
        return c
    if ch.kind is ChanceKind.REVEAL:
        items = outcome.split() if isinstance(outcome, str) else list(outcome)
        chips = tuple(sorted(_as_chip(x) for x in items))
        bag = _bag(g, ch)
        n = min(ch.count, bag.total)
        if len(chips) != n:
            raise IllegalAction(f"{who} looks at {n} chip(s) here, not {len(chips)}")
        need = ChipCounts.of(chips)
        for c, k in need.items():
            if bag[c] < k:
                raise IllegalAction(f"{who}'s bag holds {bag[c]} {c}, not {k}; the bag: {_bag_text(bag)}")
        return chips
    if ch.kind is ChanceKind.DIE:
        ids = [f.id for f in g.cat.die.faces]
        if outcome not in ids:
            raise IllegalAction(f"unknown die face {outcome!r}; faces: {', '.join(dict.fromkeys(ids))}")
        return outcome
    if ch.kind is ChanceKind.FORTUNE:
        if outcome not in g.cat.cards:
            raise IllegalAction(f"unknown fortune card {outcome!r}; cards: {', '.join(g.cat.cards)}")
        if outcome in g.used_cards:
            raise IllegalAction(f"fortune card {outcome!r} was already used in this game")
        return outcome
    raise IllegalAction(f"unknown chance kind {ch.kind}")  # pragma: no cover


def outcome_text(outcome: Any) -> str:
    if isinstance(outcome, Chip):
        return outcome.name
    if isinstance(outcome, tuple):
        return " ".join(c.name for c in outcome)
    return str(outcome)


def _as_chip(x: Any) -> Chip:
    if isinstance(x, Chip):
        return x
    c = CHIP_BY_NAME.get(str(x))
    if c is None:
        raise IllegalAction(f"unknown chip {x!r}")
    return c


def _bag_text(bag: ChipCounts) -> str:
    return ", ".join(f"{k}x {c}" for c, k in bag.items()) or "nothing"
