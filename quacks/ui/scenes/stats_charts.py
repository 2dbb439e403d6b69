"""Charts for the statistics screen: wins by opponents, explosions by round, favourite buys."""

from __future__ import annotations

from typing import Any

import pygame

from ...ai.levels import LADDER
from ...i18n import LocalNumber, _, ngettext, percent
from ...rules.chips import CHIP_BY_NAME
from ...wording.text import opponents_label
from .. import art
from .. import theme as T


def _bar(surf: pygame.Surface, r: pygame.Rect, frac: float, colour: T.RGB) -> None:
    pygame.draw.rect(surf, (226, 214, 186), r, border_radius=6)
    f = r.copy()
    f.w = max(0, int(r.w * max(0.0, min(1.0, frac))))
    if f.w:
        pygame.draw.rect(surf, colour, f, border_radius=6)
    pygame.draw.rect(surf, T.PARCHMENT_EDGE, r, 1, border_radius=6)


def opponents_order(kind: str) -> tuple[int, str]:
    """The rows of wins by opponents: the bot levels weakest first (``LADDER``), then the others by name."""
    return (LADDER.index(kind), "") if kind in LADDER else (len(LADDER), kind)


def draw_player(surf: pygame.Surface, te: Any, p: Any, area: pygame.Rect) -> None:
    """One player's statistics in ``area``: five numbers across the top, then three columns (wins by opponents
    and seats, explosions by round, favourite buys), each fitted to the room it has."""
    with te.within(area):
        _draw_player(surf, te, p, area)


def _draw_player(surf: pygame.Surface, te: Any, p: Any, area: pygame.Rect) -> None:
    x, y = area.x, area.y
    facts = [
        (_("Games"), str(p.games)), (_("Wins"), f"{p.wins} ({percent(p.win_rate)})"),
        (_("Mean score"), format(LocalNumber(p.mean_score), ".1f")),
        (_("Best score"), str(p.best_score) if p.best_score is not None else "-"),
        (_("Best single pot"), _("{n} VP").format(n=p.best_pot) if p.best_pot is not None else "-"),
    ]
    fw = area.w // len(facts)
    lh, vh = te.height("sans-bold", 18, 2), te.height("serif-bold", 36)
    for k, (label, value) in enumerate(facts):
        te.blit_fit(surf, label, pygame.Rect(x + k * fw, y, fw - 20, lh), "sans-bold", 18, T.INK_SOFT,
                    anchor="midleft")
        te.blit_fit(surf, value, pygame.Rect(x + k * fw, y + lh, fw - 20, vh), "serif-bold", 36, T.INK,
                    anchor="midleft", lines=1)
    y += lh + vh + 24
    col_w = (area.w - 80) // 3
    head_h = te.height("serif-bold", 26)
    row_h = max(32, te.height("sans", 18) + 6)
    # wins by opponents and seats
    te.blit_fit(surf, _("Wins by opponents"), pygame.Rect(x, y, col_w, head_h), "serif-bold", 26, T.INK,
                anchor="midleft", lines=1)
    by_opponents = sorted(p.by_opponents.items(), key=lambda kv: opponents_order(kv[0]))
    rows = [(opponents_label(k), t) for k, t in by_opponents] + \
           [(ngettext("{n} seat", "{n} seats", int(k) if str(k).isdigit() else 2).format(n=k), t)
            for k, t in sorted(p.by_seats.items())]
    fit = max(1, (area.bottom - (y + head_h + 8)) // row_h)
    shown = rows if len(rows) <= fit else rows[:fit - 1]
    yy = y + head_h + 8
    text_w = col_w * 45 // 100
    for label, t in shown:
        te.blit_fit(surf, _("{label}: {wins}/{games}").format(label=label, wins=t.wins, games=t.games),
                    pygame.Rect(x, yy, text_w, row_h - 4), "sans", 18, T.INK, anchor="midleft", lines=1)
        _bar(surf, pygame.Rect(x + text_w + 10, yy + (row_h - 18) // 2, col_w - text_w - 20, 18), t.win_rate, T.SAFE)
        yy += row_h
    if len(shown) < len(rows):  # never dropped silently
        te.blit_fit(surf, _("and {n} more").format(n=len(rows) - len(shown)), pygame.Rect(x, yy, col_w, row_h - 4),
                    "sans", 16, T.INK_SOFT, anchor="midleft", lines=1)
    # explosion rate by round
    x2 = x + col_w + 40
    te.blit_fit(surf, _("Explosions by round"), pygame.Rect(x2, y, col_w, head_h), "serif-bold", 26, T.INK,
                anchor="midleft", lines=1)
    rates = p.explosion_rate()
    label_h = te.height("sans", 14)
    chart = pygame.Rect(x2, y + head_h + 12, col_w - 20, min(260, area.bottom - (y + head_h + 12)))
    pygame.draw.rect(surf, (244, 236, 214), chart, border_radius=8)
    bw = chart.w / 9
    top = chart.y + label_h + 6
    for r in range(1, 10):
        v = rates.get(r, 0.0)
        h = int((chart.bottom - 4 - label_h - top) * v)
        bar = pygame.Rect(int(chart.x + (r - 1) * bw + 6), chart.bottom - 4 - label_h - h, int(bw - 12), h)
        pygame.draw.rect(surf, T.DANGER, bar, border_radius=4)
        te.blit(surf, str(r), (bar.centerx, chart.bottom - 2), "sans", 14, T.INK_SOFT, "midbottom")
        if v:
            cell = pygame.Rect(int(chart.x + (r - 1) * bw + 1), bar.y - 2 - label_h, int(bw - 2), label_h)
            te.blit_fit(surf, percent(v), cell, "sans", 14, T.INK, lines=1)
    # favourite buys
    x3 = x2 + col_w + 40
    te.blit_fit(surf, _("Favourite buys"), pygame.Rect(x3, y, col_w, head_h), "serif-bold", 26, T.INK,
                anchor="midleft", lines=1)
    fav = p.favourite_buys(6)
    most = max((n for _n, n in fav), default=1)
    step = max(46, te.height("sans-bold", 18) + 10)
    yy = y + head_h + 12
    fit = max(1, (area.bottom - yy) // step)
    shown_fav = fav if len(fav) <= fit else fav[:fit - 1]
    for name, n in shown_fav:
        c = CHIP_BY_NAME.get(name)
        if c is not None:
            img = art.chip(c.colour.value, c.value, 18)
            surf.blit(img, img.get_rect(midleft=(x3, yy + step // 2)))
        count = te.blit(surf, str(n), (x3 + col_w - 10, yy + step // 2), "sans-bold", 18, T.INK, "midright")
        _bar(surf, pygame.Rect(x3 + 50, yy + step // 2 - 9, count.x - 16 - (x3 + 50), 18), n / most, T.BRASS)
        yy += step
    if len(shown_fav) < len(fav):  # never dropped silently
        te.blit_fit(surf, _("and {n} more").format(n=len(fav) - len(shown_fav)),
                    pygame.Rect(x3, yy, col_w, step), "sans", 16, T.INK_SOFT, anchor="midleft", lines=1)
