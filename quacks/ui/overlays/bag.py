"""The bag of the seat in focus: every chip in it with its count, and how close the pot is to exploding.
The game goes on underneath (B or Esc closes it; other keys reach the table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...ai.odds import explosion_risk
from ...i18n import _
from ...rules.game import Game
from ...wording import text as W
from .. import art
from .. import theme as T
from ..app import App
from .base import Overlay

if TYPE_CHECKING:  # pragma: no cover
    from ..table.view import TableView

COLS = 6


class BagView(Overlay):
    modal = False
    pauses_below = False
    veil = 0
    seed = 33

    def __init__(self, app: App, source: Callable[[], tuple[Game, int]], rect: pygame.Rect) -> None:
        super().__init__(app, rect.size)
        self.rect = rect
        self.source = source

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_b, pygame.K_ESCAPE):
            self.close()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos):
            if event.type == pygame.MOUSEBUTTONUP:
                self.close()
            return True
        return False

    def draw_body(self, surf: pygame.Surface) -> None:
        te = self.app.text
        g, seat = self.source()
        s = g.seats[seat]
        r = self.rect
        title = W.you_or(s.name, _("Your bag: {n} chips"), _("{name}'s bag: {n} chips"), n=s.bag.total)
        te.blit(surf, title, (r.x + 24, r.y + 18), "serif-bold", 32, T.INK)
        te.blit(surf, _("B or Esc to close"), (r.right - 20, r.y + 24), "sans", 15, T.INK_SOFT, "topright")
        items = list(s.bag.items())
        col_w = (r.w - 60) // COLS
        rows = max(1, (len(items) + COLS - 1) // COLS)
        row_h = min(70, (r.h - 140) // rows)
        cb = bool(self.app.settings.colour_blind)
        for i, (c, k) in enumerate(items):
            x = r.x + 30 + (i % COLS) * col_w
            y = r.y + 76 + (i // COLS) * row_h
            img = art.chip(c.colour.value, c.value, max(12, min(24, row_h // 2 - 6)), cb)
            surf.blit(img, (x, y))
            te.blit(surf, f"x {k}", (x + img.get_width() + 8, y + img.get_height() // 2), "sans-bold", 22, T.INK,
                    "midleft")
        if not items:
            te.blit(surf, _("The bag is empty."), (r.x + 30, r.y + 90), "sans", 22, T.INK_SOFT)
        room = max(0, g.limit(seat) - s.white_total)
        line = _("White chips can add {room} more before the pot explodes; next draw explodes: {p}").format(
            room=room, p=f"{explosion_risk(g, seat):.0%}") if s.brewing else \
            _("White chips in the bag: {n}").format(n=sum(k for c, k in items if c.is_white))
        with te.roomy():
            te.blit_wrapped(surf, line, pygame.Rect(r.x + 24, r.bottom - 56, r.w - 48, 50), "sans", 18, T.INK_SOFT)


def toggle_bag(app: App, view: TableView, source: Callable[[], tuple[Game, int]]) -> None:
    """Open the bag beside the pot in focus, or close it if it is open (B)."""
    for s in app.scenes:
        if isinstance(s, BagView):
            app.pop(s)
            return
    r = pygame.Rect(0, 0, 780, 440)
    r.midbottom = (view.layout.focus.centerx, view.layout.actions.y - 10)
    app.push(BagView(app, source, r))
