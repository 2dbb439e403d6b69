"""A player's pot: the spiral of spaces 0-52 and the spoon with coins, VP and rubies, the chips on their
spaces, the droplet, the rat stone; beside it the flask, the rubies, the fuse meter and the next reward."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...rules.game import Game
from ...wording import text as W
from .. import art
from .. import theme as T
from ..app import text_engine


@dataclass
class PotLayout:
    centre: tuple[int, int]
    radius: int

    def centres(self) -> list[tuple[float, float]]:
        return art.space_centres(self.radius, self.centre)

    @property
    def chip_radius(self) -> int:
        # a little larger than a space: readable values (neighbouring 1-chips just touch)
        return max(7, int(art.space_radius(self.radius) * 1.16))


def track_spaces(g: Game) -> tuple[tuple[int, int, bool], ...]:
    return tuple((sp.coins, sp.vp, sp.ruby) for sp in g.cat.pot.spaces)


def draw_pot(surf: pygame.Surface, g: Game, seat: int, lay: PotLayout, *, colour_blind: bool = False,
             hidden_chips: int = 0, highlight: int | None = None) -> None:
    """The cauldron with everything in it. ``hidden_chips`` leaves the last chips out (they are still flying)."""
    detail = lay.radius >= 200
    pot = art.cauldron(lay.radius, track_spaces(g), detail)
    surf.blit(pot, pot.get_rect(center=lay.centre))
    s = g.seats[seat]
    centres = lay.centres()
    cr = lay.chip_radius
    # droplet and rat stone
    d = min(s.droplet, 52)
    dx, dy = centres[d]
    drop = art.droplet(int(cr * 1.7))
    surf.blit(drop, drop.get_rect(center=(dx, dy - cr * 0.15)))
    if s.rats:
        ri = g.start_index(s)
        rx, ry = centres[ri]
        rt = art.rat(int(cr * 1.9))
        surf.blit(rt, rt.get_rect(center=(rx, ry)))
    pot_chips = s.pot[:len(s.pot) - hidden_chips] if hidden_chips else s.pot
    for p in pot_chips:
        x, y = centres[min(p.index, 52)]
        img = art.chip(p.chip.colour.value, p.chip.value, cr, colour_blind)
        surf.blit(img, img.get_rect(center=(x, y)))
    if highlight is not None and 0 <= highlight < len(centres):
        x, y = centres[highlight]
        pygame.draw.circle(surf, T.FOCUS, (x, y), cr + 4, 3)


def space_at(lay: PotLayout, pos: tuple[int, int]) -> int | None:
    """The space under the mouse, for hover help."""
    r = lay.chip_radius + 2
    for i, (x, y) in enumerate(lay.centres()):
        if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= r * r:
            return i
    return None


def fuse(surf: pygame.Surface, rect: pygame.Rect, white: int, limit: int, exploded: bool) -> None:
    """The white total against the limit: one cell per point, red past the limit."""
    te = text_engine()
    cells = max(limit + 3, white)
    gap = 3
    w = (rect.w - gap * (cells - 1)) / cells
    for i in range(cells):
        x = rect.x + i * (w + gap)
        r = pygame.Rect(int(x), rect.y, int(w), rect.h)
        over = i >= limit
        if i < white:
            col = T.DANGER if (over or exploded) else (T.WARN if i >= limit - 2 else T.CREAM)
        else:
            col = (96, 64, 52) if over else (70, 58, 48)
        pygame.draw.rect(surf, col, r, border_radius=4)
        pygame.draw.rect(surf, (30, 22, 16), r, 1, border_radius=4)
        if i == limit - 1:
            pygame.draw.line(surf, T.DANGER, (r.right + 1, rect.y - 6), (r.right + 1, rect.bottom + 6), 3)
    del te


def next_space(g: Game, seat: int) -> int:
    s = g.seats[seat]
    last = s.pot[-1].index if s.pot else g.start_index(s)
    return min(last + 1, g.cat.pot.spoon)


def reward_text(g: Game, index: int) -> str:
    sp = g.cat.pot.space(index)
    return W.space_reward(sp.coins, sp.vp, sp.ruby)


def draw_rubies(surf: pygame.Surface, pos: tuple[int, int], n: int, size: int = 26, per_row: int = 6) -> None:
    te = text_engine()
    if n > per_row * 2:
        g = art.ruby(size)
        surf.blit(g, pos)
        te.blit(surf, f"x {n}", (pos[0] + size + 6, pos[1] + size // 2), "sans-bold", int(size * 0.75), T.CREAM,
                "midleft")
        return
    for i in range(n):
        g = art.ruby(size)
        surf.blit(g, (pos[0] + (i % per_row) * (size + 2), pos[1] + (i // per_row) * (size + 2)))
    if n == 0:
        te.blit(surf, "no rubies", (pos[0], pos[1] + size // 2), "sans", int(size * 0.6), T.PARCHMENT_DARK,
                "midleft")


def bubble_path(t: float, n: int = 6) -> list[tuple[float, float]]:
    return [(math.cos(t + k), math.sin(t * 1.3 + k)) for k in range(n)]


def draw_bag_summary(surf: pygame.Surface, rect: pygame.Rect, g: Game, seat: int, colour_blind: bool = False,
                     radius: int = 15) -> None:
    """The chips in the bag by kind, as small chips with counts (the bag has no order)."""
    te = text_engine()
    x, y = rect.x, rect.y
    step = radius * 2 + 44
    for c, k in g.seats[seat].bag.items():
        if x + step > rect.right:
            x = rect.x
            y += radius * 2 + 8
            if y + radius * 2 > rect.bottom:
                break
        img = art.chip(c.colour.value, c.value, radius, colour_blind)
        surf.blit(img, (x, y))
        te.blit(surf, f"{k}", (x + radius * 2 + 6, y + radius + 1), "sans-bold", int(radius * 1.1), T.CREAM,
                "midleft")
        x += step
