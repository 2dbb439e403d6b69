"""Games of random bot levels over every set, per-colour mixes, every card and both pot sides:
no illegal action, no stall (the bots issue). The default run plays 40 games; ``-m slow`` plays 5,000."""

from __future__ import annotations

import random

import pytest

from quacks.ai.levels import LEVELS
from quacks.devtools.tournament import Job, run_job

LEVEL_NAMES = sorted(LEVELS)


def job(seed: int) -> Job:
    rng = random.Random(seed)
    n = rng.choice((2, 3, 4))
    levels = tuple(rng.choice(LEVEL_NAMES) for _ in range(n))
    books = rng.choice(("1", "2", "3", "4", "random", "random"))
    pot = rng.choice(("standard", "test-tubes"))
    return Job(seed, seed, levels, books, pot, True)


def play(seed: int) -> None:
    results = run_job(job(seed))  # raises on an illegal action or a stall
    assert all(r.score >= 0 for r in results)
    assert sum(r.win for r in results) == pytest.approx(1.0)


@pytest.mark.parametrize("chunk", range(4))
def test_random_levels_play_without_illegal_actions_or_stalls(chunk: int) -> None:
    for seed in range(chunk * 10, chunk * 10 + 10):
        play(seed)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(50))
def test_random_levels_5000_games(chunk: int) -> None:
    for seed in range(100_000 + chunk * 100, 100_000 + chunk * 100 + 100):
        play(seed)
