"""The ingredient books on the table: colour, name, set, the price of each chip, the supply left and a
short line of what the chip does in the chosen set. Yellow and purple show when they come out."""

from __future__ import annotations

import pygame

from ...rules.catalogue import Book
from ...rules.chips import Colour, find_chip
from ...rules.game import Game
from .. import art
from .. import theme as T
from ..app import text_engine

ORDER = (Colour.ORANGE, Colour.BLACK, Colour.GREEN, Colour.BLUE, Colour.RED, Colour.YELLOW, Colour.PURPLE)


def book_of(g: Game, colour: Colour) -> Book:
    if colour is Colour.ORANGE:
        return g.cat.orange
    if colour is Colour.BLACK:
        return g.black
    return g.books[colour]


class BooksView:
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        gap = 8
        h = (rect.h - gap * (len(ORDER) - 1)) // len(ORDER)
        self.rects = {c: pygame.Rect(rect.x, rect.y + i * (h + gap), rect.w, h) for i, c in enumerate(ORDER)}
        self.chip_rects: dict[str, pygame.Rect] = {}
        self._cache: dict[object, pygame.Surface] = {}

    def book_at(self, pos: tuple[int, int]) -> Colour | None:
        for c, r in self.rects.items():
            if r.collidepoint(pos):
                return c
        return None

    def chip_at(self, pos: tuple[int, int]) -> str | None:
        for name, r in self.chip_rects.items():
            if r.collidepoint(pos):
                return name
        return None

    def _page(self, g: Game, colour: Colour, colour_blind: bool, dim: bool, scale: float) -> pygame.Surface:
        book = book_of(g, colour)
        key = (colour, book.set, dim, colour_blind, scale, book.players)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        te = text_engine()
        r = self.rects[colour]
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        head = T.BOOK_HEADERS[colour.value]
        art.panel(surf, pygame.Rect(0, 0, r.w, r.h), tint=(238, 226, 198), radius=10, seed=ORDER.index(colour) * 13 + 5,
                  drop=False)
        pygame.draw.rect(surf, head, (0, 0, 16, r.h), border_top_left_radius=10, border_bottom_left_radius=10)
        title = book.name
        sub = f"set {book.set}" if book.set else ("2 players" if book.players == (2,) else (
            "3-4 players" if book.players else "every game"))
        te.blit(surf, title, (28, 22), "serif-bold", 23, T.INK, "midleft")
        te.blit(surf, sub, (r.w - 12, 22), "sans-semibold", 14, head if colour is not Colour.BLACK else T.INK_SOFT,
                "midright")
        te.blit_wrapped(surf, book.short or book.text, pygame.Rect(28, 40, r.w - 40, 40), "sans", 15, T.INK_SOFT,
                        max_lines=2)
        if dim:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            veil.fill((40, 30, 20, 120))
            surf.blit(veil, (0, 0))
        self._cache[key] = surf
        return surf

    def draw(self, surf: pygame.Surface, g: Game, colour_blind: bool = False, scale: float = 1.0) -> None:
        te = text_engine()
        self.chip_rects = {}
        for colour, r in self.rects.items():
            dim = not g.book_on_table(colour)
            surf.blit(self._page(g, colour, colour_blind, dim, scale), r.topleft)
            book = book_of(g, colour)
            x = r.x + 30
            y = r.bottom - 30
            for value, price in book.prices:
                c = find_chip(colour, value)
                if c is None:
                    continue
                img = art.chip(colour.value, value, 17, colour_blind)
                cr = img.get_rect(center=(x + 18, y))
                surf.blit(img, cr)
                self.chip_rects[c.name] = cr.inflate(70, 6).move(32, 0)
                te.blit(surf, f"{price}", (x + 40, y - 1), "sans-bold", 20, T.INK if not dim else (90, 80, 70),
                        "midleft")
                left = g.supply[c]
                te.blit(surf, f"{left} left", (x + 40 + te.size(str(price), "sans-bold", 20)[0] + 6, y + 1),
                        "sans", 13, (150, 40, 30) if left == 0 else T.INK_SOFT, "midleft")
                x += 124
            if dim:
                rnd = g.cat.events.book_round(colour)
                te.blit(surf, f"comes out in round {rnd}", (r.right - 12, r.bottom - 12), "sans-bold", 15, T.CREAM,
                        "bottomright")
