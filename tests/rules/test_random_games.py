"""Seeded random full games over every set, colour mixes, 2-4 seats and both pot sides.

After every step: chips are conserved (supply + bags + pots + aside + revealed = 215), the white total and
the explosion agree with the pot, no pot holds two chips on index 52 (R38), and some seat can act or a chance
step is due until the end; at the end replaying the record gives the same state. The default run plays 300
games; ``-m slow`` plays 5,000.
"""

from __future__ import annotations

import random

import pytest

from quacks.content.loader import default_catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.game import Game
from quacks.rules.replay import replay
from quacks.rules.snapshot import count_chips, fingerprint

MAX_STEPS = 20_000


def random_config(rng: random.Random) -> GameConfig:
    n = rng.choice((2, 3, 4))
    kind = rng.random()
    if kind < 0.5:
        s = rng.randint(1, 4)
        books = {c: s for c in SET_COLOURS}
    else:
        books = {c: rng.randint(1, 4) for c in SET_COLOURS}
    return GameConfig(
        seats=tuple(f"P{i}" for i in range(n)), books=books,
        variant=rng.choice(("standard", "test-tubes")),
        house={"sequential-brewing": rng.random() < 0.2, "starting-rubies": rng.choice((0, 1))},
    )


def check_invariants(g: Game) -> None:
    assert count_chips(g) == 215
    for i, s in enumerate(g.seats):
        whites = sum(p.chip.value for p in s.pot if p.chip.is_white)
        assert s.white_total == whites
        if g.phase == "brewing":
            assert s.exploded == (s.white_total > g.limit(i)), (s.name, s.white_total, g.limit(i))
        assert s.droplet <= 52 and all(p.index <= 52 for p in s.pot)
        assert sum(p.index == 52 for p in s.pot) <= 1, (s.name, s.pot)  # R38: one chip at most on the last space
        assert s.rubies >= 0 and s.score >= 0
    for c, k in g.supply.all_items():
        assert k >= 0, c
    if not g.is_over:
        assert g.pending_chance() is not None or g.acting_seats(), g.describe_waiting()


def play(seed: int, check: bool = True) -> Game:
    rng = random.Random(seed)
    cfg = random_config(rng)
    g = Game(default_catalogue(), cfg)
    draw_bias = rng.choice((0.5, 0.8, 0.95))
    for _ in range(MAX_STEPS):
        if g.is_over:
            break
        if g.pending_chance() is not None:
            g.apply_chance(g.sample_chance(rng))
        else:
            seat = rng.choice(g.acting_seats())
            acts = g.legal_actions(seat)
            draw = [a for a in acts if a.verb == "draw"]
            a = draw[0] if draw and rng.random() < draw_bias else rng.choice(acts)
            g.apply(seat, a)
        if check:
            check_invariants(g)
    else:  # pragma: no cover
        raise AssertionError(f"game {seed} did not end within {MAX_STEPS} steps")
    assert g.ranking() is not None
    return g


def check_replay(g: Game) -> None:
    again = replay(g.cat, g.config, g.record)
    assert fingerprint(again) == fingerprint(g)


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_keep_invariants_and_replay(chunk: int) -> None:
    for seed in range(chunk * 30, chunk * 30 + 30):
        g = play(seed)
        assert g.round == 9 and g.phase == "over"
        check_replay(g)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(50))
def test_random_games_slow(chunk: int) -> None:
    for seed in range(10_000 + chunk * 100, 10_000 + chunk * 100 + 100):
        g = play(seed)
        if seed % 10 == 0:
            check_replay(g)
