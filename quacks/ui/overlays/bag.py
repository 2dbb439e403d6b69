"""The bag of the seat in focus: every chip in it with its count, and how close the pot is to exploding.
The game goes on underneath (B or Esc closes it; other keys reach the table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...ai.odds import explosion_risk
from ...i18n import _, ngettext, percent
from ...rules.game import Game
from ...wording import text as W
from .. import art
from .. import theme as T
from ..app import App, canvas_rect
from ..keys import Act, Binding
from ..keys import label as key_label
from .base import MARGIN, Overlay, grown

if TYPE_CHECKING:  # pragma: no cover
    from ..table.view import TableView

COLS = 6
ROW_H = 70  # the height of a row of chips, when there is room for it


class BagView(Overlay):
    modal = False
    pauses_below = False
    veil = 0
    seed = 33

    def __init__(self, app: App, source: Callable[[], tuple[Game, int]], rect: pygame.Rect) -> None:
        super().__init__(app, rect.size)
        # larger at larger UI scales, from the same bottom edge, on the canvas
        self.full = pygame.Rect(0, 0, *grown(app, rect.size, 0.6))  # the most room it takes
        self.full.midbottom = rect.midbottom
        self.full.clamp_ip(pygame.Rect(0, 0, *canvas_rect().size).inflate(-2 * MARGIN, -2 * MARGIN))
        self.rect = self.full.copy()
        self.source = source

    def draw(self, surf: pygame.Surface) -> None:
        self._fit_height()
        super().draw(surf)

    def _fit_height(self) -> None:
        """As high as the bag's chips need (rows of up to six kinds), at most ``full``, from the same bottom edge:
        a bag of four kinds is not a large empty sheet."""
        te = self.app.text
        g, seat = self.source()
        kinds = sum(1 for _ in g.seats[seat].bag.items())
        with te.within(self.full), te.roomy():
            cols = max(1, min(COLS, (self.full.w - 48) // (te.size("x 88", "sans-bold", 22)[0] + 70)))
            rows = max(1, -(-kinds // cols))
            need = (32 + te.height("serif-bold", 32) + 4 + te.height("sans", 15) + 4 + 8 + rows * ROW_H + 8
                    + te.height("sans", 18, 2))
        h = min(self.full.h, need)
        if h != self.rect.h:
            self.rect = pygame.Rect(self.full.x, self.full.bottom - h, self.full.w, h)

    def bindings(self) -> list[Binding]:
        """B or Esc closes it (the table's other keys go on working under it)."""
        return [Binding(Act.BAG, self.close, target="close"), Binding(Act.BACK, self.close, target="close")]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.press(event):
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
        inner = r.inflate(-48, -32)
        items = list(s.bag.items())
        with te.roomy():
            # heading on the left, how to close on the right (under it if there is no room beside it)
            close = _("{bag} or {back} to close").format(bag=key_label(Act.BAG), back=key_label(Act.BACK))
            close_w = te.size(close, "sans", 15)[0]
            n = s.bag.total
            title = W.you_or(s.name, ngettext("Your bag: {n} chip", "Your bag: {n} chips", n),
                             ngettext("{name}'s bag: {n} chip", "{name}'s bag: {n} chips", n), n=n)
            head_h = te.height("serif-bold", 32)
            beside = te.size(title, "serif-bold", 32)[0] + 24 + close_w <= inner.w
            title_box = pygame.Rect(inner.x, inner.y, inner.w - (close_w + 24 if beside else 0), head_h)
            te.blit_fit(surf, title, title_box, "serif-bold", 32, T.INK, anchor="midleft", lines=1)
            y = title_box.bottom + 4
            if beside:
                te.blit(surf, close, (inner.right, title_box.centery), "sans", 15, T.INK_SOFT, "midright", box=inner)
            else:
                y = te.blit_fit(surf, close, pygame.Rect(inner.x, y, inner.w, te.height("sans", 15)), "sans", 15,
                                T.INK_SOFT, anchor="midleft", lines=1).bottom + 4
            # how close the pot is to exploding, at the bottom
            room = max(0, g.limit(seat) - s.white_total)
            line = _("White chips can add {room} more before the pot explodes; next draw explodes: {p}").format(
                room=room, p=percent(explosion_risk(g, seat))) if s.brewing else \
                _("White chips in the bag: {n}").format(n=sum(k for c, k in items if c.is_white))
            foot_h = te.height("sans", 18, 2)
            foot = pygame.Rect(inner.x, inner.bottom - foot_h, inner.w, foot_h)
            te.blit_fit(surf, line, foot, "sans", 18, T.INK_SOFT, anchor="midleft")
            # every kind of chip with its count, in as many columns as fit
            grid = pygame.Rect(inner.x, y + 8, inner.w, foot.y - 8 - (y + 8))
            if not items:
                te.blit(surf, _("The bag is empty."), grid.topleft, "sans", 22, T.INK_SOFT, box=grid)
                return
            count_w = te.size("x 88", "sans-bold", 22)[0]
            cols = max(1, min(COLS, grid.w // (count_w + 70)))
            rows = -(-len(items) // cols)
            row_h = min(ROW_H, grid.h // rows)
            rad = max(10, min(24, row_h // 2 - 6))
            size = 22
            while size > te.floor(14) and te.height("sans-bold", size) > row_h:
                size -= 1
            col_w = grid.w // cols
            cb = bool(self.app.settings.colour_blind)
            for i, (c, k) in enumerate(items):
                x = grid.x + (i % cols) * col_w
                yy = grid.y + (i // cols) * row_h
                img = art.chip(c.colour.value, c.value, rad, cb)
                surf.blit(img, img.get_rect(midleft=(x, yy + row_h // 2)))
                te.blit(surf, f"x {k}", (x + img.get_width() + 8, yy + row_h // 2), "sans-bold", size, T.INK,
                        "midleft", box=grid)


def toggle_bag(app: App, view: TableView, source: Callable[[], tuple[Game, int]]) -> None:
    """Open the bag beside the pot in focus, or close it if it is open (B)."""
    for s in app.scenes:
        if isinstance(s, BagView):
            app.pop(s)
            return
    r = pygame.Rect(0, 0, 780, 440)
    r.midbottom = (view.layout.focus.centerx, view.layout.actions.y - 10)
    app.push(BagView(app, source, r))
