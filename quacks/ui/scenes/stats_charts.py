"""Charts for the statistics screen: wins by opponents, explosions by round, favourite buys."""

from __future__ import annotations

from typing import Any

import pygame

from ...rules.chips import CHIP_BY_NAME
from .. import art
from .. import theme as T


def _bar(surf: pygame.Surface, r: pygame.Rect, frac: float, colour: T.RGB) -> None:
    pygame.draw.rect(surf, (226, 214, 186), r, border_radius=6)
    f = r.copy()
    f.w = max(0, int(r.w * max(0.0, min(1.0, frac))))
    if f.w:
        pygame.draw.rect(surf, colour, f, border_radius=6)
    pygame.draw.rect(surf, T.PARCHMENT_EDGE, r, 1, border_radius=6)


def draw_player(surf: pygame.Surface, te: Any, p: Any, area: pygame.Rect) -> None:
    x, y = area.x, area.y
    facts = [
        ("Games", str(p.games)), ("Wins", f"{p.wins} ({p.win_rate:.0%})"), ("Mean score", f"{p.mean_score:.1f}"),
        ("Best score", str(p.best_score) if p.best_score is not None else "-"),
        ("Best single pot", f"{p.best_pot} VP" if p.best_pot is not None else "-"),
    ]
    for k, (label, value) in enumerate(facts):
        te.blit(surf, label, (x + k * 300, y), "sans-bold", 18, T.INK_SOFT)
        te.blit(surf, value, (x + k * 300, y + 26), "serif-bold", 36, T.INK)
    y += 100
    col_w = (area.w - 80) // 3
    # wins by opponents and seats
    te.blit(surf, "Wins by opponents", (x, y), "serif-bold", 26, T.INK)
    yy = y + 40
    rows = [(f"vs {k}", t) for k, t in sorted(p.by_opponents.items())] + \
           [(f"{k} seats", t) for k, t in sorted(p.by_seats.items())]
    for label, t in rows[:10]:
        te.blit(surf, f"{label}: {t.wins}/{t.games}", (x, yy), "sans", 18, T.INK)
        _bar(surf, pygame.Rect(x + 190, yy + 2, col_w - 210, 18), t.win_rate, T.SAFE)
        yy += 32
    # explosion rate by round
    x2 = x + col_w + 40
    te.blit(surf, "Explosions by round", (x2, y), "serif-bold", 26, T.INK)
    rates = p.explosion_rate()
    chart = pygame.Rect(x2, y + 50, col_w - 20, 260)
    pygame.draw.rect(surf, (244, 236, 214), chart, border_radius=8)
    bw = chart.w / 9
    for r in range(1, 10):
        v = rates.get(r, 0.0)
        h = int((chart.h - 40) * v)
        bar = pygame.Rect(int(chart.x + (r - 1) * bw + 6), chart.bottom - 24 - h, int(bw - 12), h)
        pygame.draw.rect(surf, T.DANGER, bar, border_radius=4)
        te.blit(surf, str(r), (bar.centerx, chart.bottom - 20), "sans", 14, T.INK_SOFT, "midtop")
        if v:
            te.blit(surf, f"{v:.0%}", (bar.centerx, bar.y - 4), "sans", 13, T.INK, "midbottom")
    # favourite buys
    x3 = x2 + col_w + 40
    te.blit(surf, "Favourite buys", (x3, y), "serif-bold", 26, T.INK)
    fav = p.favourite_buys(6)
    top = max((n for _, n in fav), default=1)
    yy = y + 46
    for name, n in fav:
        c = CHIP_BY_NAME.get(name)
        if c is not None:
            img = art.chip(c.colour.value, c.value, 18)
            surf.blit(img, (x3, yy))
        _bar(surf, pygame.Rect(x3 + 50, yy + 10, col_w - 130, 18), n / top, T.BRASS)
        te.blit(surf, str(n), (x3 + col_w - 70, yy + 8), "sans-bold", 18, T.INK)
        yy += 46
