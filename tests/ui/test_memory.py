"""A game left for a new one keeps nothing (issue 18): the UI process grew from ~115 MB to ~200 MB when a
player left the final screen for a new game, and stayed there. What was kept: freed picture buffers. The
parchment of a screen-sized panel was drawn at twice its size in three ~25 MB buffers at once; once glibc's
mmap threshold had grown past that size (after the first such buffer was freed), the next ones came from the
heap, and the heap kept them when they were freed. The parchment is now drawn in bands (the same picture).
Also: the final screen's Title button no longer leaves a second title screen on the stack after each game."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from quacks.devtools import bench
from quacks.ui import art
from quacks.ui import theme as T
from quacks.ui.scenes.final import FinalScene
from quacks.ui.scenes.title import TitleScene

from .driver import Driver
from .screens import click, finished

ROOT = Path(__file__).resolve().parents[2]


def whole_parchment(size: tuple[int, int], tint: T.RGB = T.PARCHMENT, radius: int = 14, seed: int = 1,
                    border: T.RGB = T.PARCHMENT_EDGE) -> pygame.Surface:
    """The parchment drawn the way it was before, all of it at once at twice the size: the reference picture."""
    w, h = size
    ss = art.SS
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    r = radius * ss
    pygame.draw.rect(big, tint, big.get_rect(), border_radius=r)
    rng = random.Random(seed * 7919 + w * 31 + h)
    blot = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    for _ in range(max(8, (w * h) // 5000)):
        x, y = rng.uniform(0, w * ss), rng.uniform(0, h * ss)
        rad = rng.uniform(20, 90) * ss
        col = art.shade(tint, rng.uniform(0.86, 0.97))
        pygame.draw.circle(blot, (*col, 26), (x, y), rad)
    big.blit(blot, (0, 0))
    for i in range(10):
        a = 8 + i * 5
        pygame.draw.rect(big, (*art.shade(border, 0.9), max(0, 60 - a)),
                         big.get_rect().inflate(-i * 2 * ss, -i * 2 * ss), width=2 * ss,
                         border_radius=max(0, r - i * ss))
    pygame.draw.rect(big, border, big.get_rect(), width=2 * ss, border_radius=r)
    mask = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(big, size)


@pytest.mark.parametrize(("size", "radius", "seed", "tint"), [
    ((1720, 880), 14, 5, T.PARCHMENT),  # the new-game screen's panel
    ((1800, 900), 14, 88, T.PARCHMENT),  # the final screen's
    ((300, 77), 12, 3, (200, 180, 150)),  # a band and a bit
    ((500, 129), 10, 7, T.PARCHMENT),
    ((40, 13), 14, 1, T.PARCHMENT),  # smaller than a band
    ((300, 77), 0, 2, T.PARCHMENT),  # square corners: their outline crosses every band's edge
])
def test_the_parchment_drawn_in_bands_is_the_picture_drawn_whole(size: tuple[int, int], radius: int, seed: int,
                                                                 tint: T.RGB) -> None:
    banded = art.parchment.__wrapped__(size, tint, radius, seed)  # type: ignore[attr-defined]
    assert banded.get_size() == size
    assert pygame.image.tobytes(banded, "RGBA") == pygame.image.tobytes(whole_parchment(size, tint, radius, seed),
                                                                        "RGBA")


def test_a_screen_sized_parchment_is_drawn_with_buffers_of_a_few_mb(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []

    class CountedSurface(pygame.Surface):
        def __init__(self, size: tuple[int, int], *args: object, **kwargs: object) -> None:
            super().__init__(size, *args, **kwargs)  # type: ignore[arg-type]
            made.append(self.get_width() * self.get_height() * self.get_bytesize())

    monkeypatch.setattr(pygame, "Surface", CountedSurface)
    art.parchment.__wrapped__((1720, 880), seed=5)  # type: ignore[attr-defined]
    largest = max(made) / 2**20
    picture = 1720 * 880 * 4 / 2**20  # the result itself: 5.8 MB
    assert largest <= picture, f"a buffer of {largest:.1f} MB (the whole picture at twice the size is 23 MB)"
    assert max(made[1:]) <= 2 * 2**20  # each band's buffers: under 2 MB


def test_the_title_button_goes_back_to_the_title_below(home: Path) -> None:
    d = Driver()
    d.app.push(TitleScene(d.app))
    for _ in range(3):  # three games ended with "Title screen"
        f = FinalScene(d.app, finished())
        d.app.push(f)
        d.frames(2)
        click(d, next(b for b in f.buttons if b.on_click == f.title))
    assert [type(s).__name__ for s in d.app.scenes] == ["TitleScene"]


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the resident memory from /proc (Linux)")
def test_games_left_for_new_ones_keep_no_memory() -> None:
    """Two bot games through the real scenes, each final screen left with New game (the measuring command:
    ``python -m quacks bench --only memory``; before the fix: 116 MB on the final screen, 202 MB after)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "quacks.devtools.ui.bench_memory", "2"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    figures = json.loads(r.stdout.strip().splitlines()[-1])
    assert figures["kept"] == [0, 0]  # no table, no match left behind
    assert figures["scenes"] == ["TitleScene", "NewGameScene"]
    assert isinstance(figures["growth_mb"], float) and not math.isnan(figures["growth_mb"])
    assert figures["growth_mb"] <= bench.MEMORY_GROWTH_MB, figures
    assert figures["new_game_mb"][0] - figures["final_mb"][0] <= 25, figures  # leaving the final screen itself
