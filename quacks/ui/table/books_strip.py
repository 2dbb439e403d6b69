"""The ingredient books folded into a strip of tabs, for a table short of width: under the label "Books",
a tab per book in its colour with its cheapest chip and that chip's price (dimmed with the round it comes
out in, if it is still to come). Hover tells a book's rule and prices; a click opens every page large with
the supply left (``ui.overlays.books``). It answers what the table asks of the books' column."""

from __future__ import annotations

import pygame

from ...i18n import _, pgettext
from ...rules.chips import Colour, find_chip
from ...rules.game import Game
from .. import art
from .. import theme as T
from ..app import text_engine
from ..widgets import key_at
from .books_view import ORDER, book_of


class BooksStrip:
    folded = True

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        te = text_engine()
        with te.roomy():
            self.label_h = te.linesize("sans-bold", 14) * 2 + 6
        gap = 6
        top = rect.y + self.label_h
        h = (rect.bottom - top - gap * (len(ORDER) - 1)) // len(ORDER)
        self.label_rect = pygame.Rect(rect.x, rect.y, rect.w, self.label_h - 4)
        self.rects = {c: pygame.Rect(rect.x, top + i * (h + gap), rect.w, h) for i, c in enumerate(ORDER)}
        self.chip_rects: dict[str, pygame.Rect] = {}

    def book_at(self, pos: tuple[int, int]) -> Colour | None:
        return key_at(self.rects, pos)

    def chip_at(self, pos: tuple[int, int]) -> str | None:
        return None

    def draw(self, surf: pygame.Surface, g: Game, colour_blind: bool = False, scale: float = 1.0) -> None:
        te = text_engine()
        lr = self.label_rect
        pygame.draw.rect(surf, (58, 40, 28), lr, border_radius=8)
        pygame.draw.rect(surf, T.BRASS_DARK, lr, 1, border_radius=8)
        with te.roomy():
            te.blit_fit(surf, _("Books"), lr.inflate(-6, -2), "sans-bold", 14, T.CREAM, min_size=12)
        for colour, r in self.rects.items():
            book = book_of(g, colour)
            on = g.book_on_table(colour)
            art.panel(surf, r, tint=(238, 226, 198) if on else (170, 158, 136), radius=8, seed=ORDER.index(colour) * 7,
                      drop=False)
            pygame.draw.rect(surf, T.BOOK_HEADERS[colour.value], (r.x, r.y, 8, r.h), border_top_left_radius=8,
                             border_bottom_left_radius=8)
            value, price = book.prices[0]
            chip = find_chip(colour, value)
            with te.crowded():
                line = te.linesize("sans-bold", 14)
            body = pygame.Rect(r.x + 10, r.y + 6, r.w - 14, r.h - 14)  # inside the page's edges
            cr = max(8, min(20, (body.w - 4) // 2, (body.h - line - 2) // 2))
            if chip is not None:
                img = art.chip(colour.value, value, cr, colour_blind)
                surf.blit(img, img.get_rect(center=(body.centerx, body.y + cr + 1)))
            top = body.y + 2 * cr + 3
            row = pygame.Rect(body.x, top, body.w, max(line, body.bottom - top))
            with te.crowded(), te.within(r):
                if on:  # the price beside a coin
                    coin = max(10, int(te.px(14) * 0.85))
                    size = te.fit(str(price), "sans-bold", 15, body.w - coin - 4, 12)
                    w = coin + 3 + te.size(str(price), "sans-bold", size)[0]
                    x = row.centerx - w // 2
                    surf.blit(art.coin(coin), (x, row.centery - coin // 2))
                    te.blit(surf, str(price), (x + coin + 3, row.centery), "sans-bold", size, T.INK, "midleft", box=r)
                else:  # a book still to come: the round it comes out in ("round" over its number)
                    half = pygame.Rect(row.x, row.y, row.w, row.h // 2)
                    te.blit_fit(surf, pgettext("the round a book comes out in", "round"), half, "sans", 13,
                                T.INK_SOFT, min_size=12, lines=1)
                    te.blit_fit(surf, str(g.cat.events.book_round(colour)), half.move(0, half.h), "sans-bold", 15,
                                T.INK_SOFT, min_size=12, lines=1)
