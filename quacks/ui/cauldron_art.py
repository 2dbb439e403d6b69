"""The pot's picture: the iron cauldron seen from above with its spiral of 53 spaces and the spoon, each space
with its coin value, and its victory points and ruby as a badge beside it (``cauldron``); where the spaces lie on
the spiral (``space_centres``, ``space_radius``). Drawn once at twice the size and smoothed down, then cached.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from . import theme as T
from .app import text_engine
from .art import SS, mix, shade, smooth
from .text import Text


@lru_cache(maxsize=2)
def spiral_unit(n: int = 54) -> tuple[tuple[float, float], ...]:
    """Centres of spaces 0..52 and the spoon, in a unit circle: an Archimedean spiral with even spacing."""
    r0 = 0.0
    turns_gap = 0.205  # distance between turns (unit radius)
    k = turns_gap / (2 * math.pi)
    spacing = 0.111
    pts = [(0.0, 0.0)]
    theta = 2.4
    last = (0.0, 0.0)
    acc = 0.0
    dtheta = 0.004
    first = True
    while len(pts) < n:
        r = r0 + k * theta
        x, y = r * math.cos(theta - math.pi / 2), r * math.sin(theta - math.pi / 2)
        acc += math.hypot(x - last[0], y - last[1])
        last = (x, y)
        need = spacing if not first else 0.16
        if acc >= need:
            pts.append((x, y))
            acc = 0.0
            first = False
        theta += dtheta
    scale = max(math.hypot(x, y) for x, y in pts[:-1])
    return tuple((x / scale, y / scale) for x, y in pts)


def space_centres(radius: float, centre: tuple[float, float]) -> list[tuple[float, float]]:
    cx, cy = centre
    return [(cx + x * radius, cy + y * radius) for x, y in spiral_unit()]


def space_radius(radius: float) -> float:
    return radius * 0.052


def space_step(radius: float) -> float:
    """The least distance between the centres of two neighbouring spaces in a pot of ``radius``."""
    return radius * _unit_step()


@lru_cache(maxsize=1)
def _unit_step() -> float:
    pts = spiral_unit()
    return min(math.dist(a, b) for a, b in zip(pts, pts[1:]))


SMALL_NUMBER_PX = 12  # the coin numbers of a small pot (every fifth space)


def numbers_px(radius: int, detail: bool, grow: float = 1.0) -> int:
    """The pixel size of the coin numbers ``cauldron`` prints on a pot of ``radius``; ``grow``: how much larger
    the UI scale wants them (a pot that prints every space grows its least size by it, as far as its spaces' step
    leaves room: issue 32, a bigger scale shows larger)."""
    px = max(8, int(space_radius(radius) * (1.2 if detail else 0.95)))
    if detail:  # every space printed: at least the table's least text size (a space is 15 px across or more)
        room = int(space_step(radius) * 0.8 / 1.24)  # its disc (0.62 of the number) no wider than 0.4 of a step
        return max(SMALL_NUMBER_PX, px, min(int(SMALL_NUMBER_PX * grow), room))
    return max(SMALL_NUMBER_PX, px) if roomy_pot(radius) else px


def roomy_pot(radius: int) -> bool:
    """Whether a small pot's rings lie far enough apart for its every-fifth numbers at ``SMALL_NUMBER_PX``."""
    return space_step(radius) >= 2 * SMALL_NUMBER_PX * 0.62 + 1


@lru_cache(maxsize=12)
def cauldron(radius: int, spaces: tuple[tuple[int, int, bool], ...], detail: bool = True,
             grow: float = 1.0) -> pygame.Surface:
    """The iron pot seen from above with its 53 spaces and the spoon: coin value, VP and ruby on each (their
    numbers grown by ``grow`` where the spaces have room, ``numbers_px``)."""
    pad = int(radius * 0.2)
    size = (radius + pad) * 2
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = (S / 2, S / 2)
    R = radius * SS
    pygame.draw.circle(big, (0, 0, 0, 120), (c[0] + 4 * SS, c[1] + 7 * SS), R * 1.13)
    pygame.draw.circle(big, T.IRON, c, R * 1.13)
    pygame.draw.circle(big, T.IRON_RIM, c, R * 1.13, int(R * 0.03))
    pygame.draw.circle(big, T.IRON_LIGHT, c, R * 1.06, int(R * 0.015))
    # broth with rings
    for i in range(14, 0, -1):
        t = i / 14
        pygame.draw.circle(big, mix((48, 70, 56), (92, 122, 86), 1 - t), c, R * 1.02 * t)
    # spiral groove
    pts = [(c[0] + x * R, c[1] + y * R) for x, y in spiral_unit()]
    sr = space_radius(radius) * SS
    for a, b in zip(pts, pts[1:]):
        pygame.draw.line(big, (36, 52, 42), a, b, int(sr * 0.9))
    small = smooth(big, (size, size))
    te = text_engine()
    cs = (size / 2, size / 2)
    centres = [(cs[0] + x * radius, cs[1] + y * radius) for x, y in spiral_unit()]
    r_sp = space_radius(radius)
    badge = r_sp * 0.8
    for idx, (x, y) in enumerate(centres):
        coins, vp, has_ruby = spaces[idx]
        spoon = idx == len(centres) - 1
        fill = (226, 210, 170) if not spoon else T.BRASS_LIGHT
        milestone = not detail and (idx % 5 == 0 or spoon)
        roomy = milestone and roomy_pot(radius)
        # a small pot (another seat's) prints every fifth space's coins on a larger disc, at the table's least
        # text size (issue 32: 12 px), so its scale of coins reads at a glance; a large pot prints them all
        r_here = max(r_sp, SMALL_NUMBER_PX * 0.62) if roomy else r_sp
        if detail:
            r_here = max(r_sp, numbers_px(radius, detail, grow) * 0.62)
        pygame.draw.circle(small, shade(fill, 0.55), (x + 1, y + 2), r_here)
        pygame.draw.circle(small, fill, (x, y), r_here)
        pygame.draw.circle(small, shade(fill, 0.7), (x, y), r_here, 1)
        if detail or milestone:
            num = te.render(str(coins), "sans-semibold", numbers_px(radius, detail, grow), T.INK, scaled=False)
            small.blit(num, num.get_rect(center=(x, y)))
        if detail and (vp or has_ruby):
            # the space's VP (and ruby) as a badge just outside it, away from the pot's centre: a brass disc
            # with the number, or a ruby-shaped gem for a space that also gives a ruby (shape, not colour alone)
            dx, dy = x - cs[0], y - cs[1]
            d = math.hypot(dx, dy) or 1.0
            bx, by = x + dx / d * (r_sp + badge * 0.92), y + dy / d * (r_sp + badge * 0.92)
            _vp_badge(small, te, (bx, by), badge, vp, has_ruby)
    return small


def _vp_badge(surf: pygame.Surface, te: Text, centre: tuple[float, float], r: float, vp: int, ruby_: bool) -> None:
    x, y = centre
    if ruby_:
        pts = [(x, y - r * 1.18), (x + r * 1.12, y - r * 0.3), (x + r * 0.62, y + r * 1.05),
               (x - r * 0.62, y + r * 1.05), (x - r * 1.12, y - r * 0.3)]
        pygame.draw.polygon(surf, shade(T.RUBY, 0.55), [(px + 1, py + 1) for px, py in pts])
        pygame.draw.polygon(surf, T.RUBY, pts)
        pygame.draw.polygon(surf, T.RUBY_LIGHT, pts, 1)
        colour = T.CREAM
    else:
        pygame.draw.circle(surf, shade(T.BRASS, 0.5), (x + 1, y + 1), r)
        pygame.draw.circle(surf, T.BRASS_LIGHT, (x, y), r)
        pygame.draw.circle(surf, T.BRASS_DARK, (x, y), r, 1)
        colour = T.INK
    if vp:
        t = te.render(str(vp), "sans-bold", max(8, int(r * (1.5 if vp < 10 else 1.25))), colour, scaled=False)
        surf.blit(t, t.get_rect(center=(x, y + (r * 0.1 if ruby_ else 0) + 0.5)))
