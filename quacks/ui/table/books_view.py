"""The ingredient books on the table: colour, name, set, the price of each chip, the supply left and a
short line of what the chip does in the chosen set. Yellow and purple say when they come out.

The books' text grows with the UI scale. Each page is fitted: the rule line gets the room left between the
name and the prices and is never cut; when it does not fit, the name and the prices get smaller first, then
the "left" counts go (a chip with none left is crossed out instead, and hover help tells the count), and
only then the rule line gets smaller. Everything written on a page keeps inside its see-through rim
(``art.EDGE``): a name drawn over the top edge lost its umlauts and ascenders there.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ... import i18n
from ...i18n import _
from ...rules.catalogue import Book
from ...rules.chips import Colour, find_chip
from ...rules.game import Game
from ...wording import data_text as D
from .. import art
from .. import theme as T
from ..app import text_engine
from ..legible import legible
from ..widgets import key_at

ORDER = (Colour.ORANGE, Colour.BLACK, Colour.GREEN, Colour.BLUE, Colour.RED, Colour.YELLOW, Colour.PURPLE)
LEFT_PAD = 28  # the colour strip and a margin
TOP = BOTTOM = art.EDGE  # the page's see-through rim: no text above or below
RIGHT = 12  # the subtitle's right end (inside the rim)
PRICE_GAP = 14
TIGHT_GAP = 8  # between a price's count and the next chip, when the usual gap leaves no room for the counts
TEXT_MIN = 14  # the rule line is never drawn smaller (pixels)
PAGE = (236, 224, 196)  # the page under its words (its set tag in the book's colour made legible on it)
#: (name size, price size, show "N left") from the most generous down
LEVELS = ((23, 20, True), (22, 19, True), (21, 18, False), (20, 17, False), (19, 16, False), (18, 15, False),
          (17, 14, False), (16, 13, False))


def book_of(g: Game, colour: Colour) -> Book:
    if colour is Colour.ORANGE:
        return g.cat.orange
    if colour is Colour.BLACK:
        return g.black
    return g.books[colour]


@dataclass
class PageFit:
    name_size: int
    price_size: int
    show_left: bool
    chip_r: int
    text_size: int
    text_rect: pygame.Rect  # in page coordinates
    price_y: int  # centre line of the price row, in page coordinates
    tag_in_row: bool = True  # a book still to come: its "from round" tag ends the price row (else top right)
    tag_size: int = 14  # the same for every such tag
    gap: int = PRICE_GAP  # between one price (and its count) and the next chip


class BooksView:
    folded = False
    short = False  # its pages had too little room for their text at the UI scale (see _fit_all)

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        gap = 8
        h = (rect.h - gap * (len(ORDER) - 1)) // len(ORDER)
        self.rects = {c: pygame.Rect(rect.x, rect.y + i * (h + gap), rect.w, h) for i, c in enumerate(ORDER)}
        self.chip_rects: dict[str, pygame.Rect] = {}
        self._cache: dict[object, pygame.Surface] = {}

    #: page fits by everything that decides them (see ``fit``), shared by every table
    _fits: dict[object, dict[Colour, PageFit]] = {}
    _short: dict[object, bool] = {}  # whether those pages were short of room (``short``)

    def book_at(self, pos: tuple[int, int]) -> Colour | None:
        return key_at(self.rects, pos)

    def chip_at(self, pos: tuple[int, int]) -> str | None:
        return key_at(self.chip_rects, pos)

    # ------------------------------------------------------------------------------------------------
    # fitting a page

    @staticmethod
    def subtitle(book: Book, g: Game, colour: Colour) -> str:
        """Top right of a page: the set (or who plays the black book), or when a book comes out."""
        if not g.book_on_table(colour):
            return _("from round {n}").format(n=g.cat.events.book_round(colour))
        if book.set:
            return _("set {n}").format(n=book.set)
        if book.players == (2,):
            return _("2 players")
        return _("3-4 players") if book.players else _("every game")

    def fit(self, g: Game, colour: Colour) -> PageFit:
        """How the page of ``colour`` is drawn (all pages share their sizes, so they look alike)."""
        te = text_engine()
        # what is written on each page (the black book has one name for its 2-seat and 3-4-seat pages), the
        # words of the counts, the UI scale and the page's size
        key = (tuple((D.book_name(book_of(g, c)), D.book_short(book_of(g, c)), book_of(g, c).prices,
                      g.book_on_table(c), self.subtitle(book_of(g, c), g, c)) for c in ORDER),
               _("{n} left"), te.scale, self.rects[Colour.ORANGE].size, i18n.language())
        hit = BooksView._fits.get(key)
        if hit is None:
            self.short = False
            hit = self._fit_all(g)  # (sets ``short`` when nothing fits)
            if len(BooksView._fits) > 64:
                BooksView._fits.clear()
                BooksView._short.clear()
            BooksView._fits[key] = hit
            BooksView._short[key] = self.short
        self.short = BooksView._short.get(key, False)
        return hit[colour]

    def _fit_all(self, g: Game) -> dict[Colour, PageFit]:
        """Of the LEVELS, the one that gives the rule lines the largest common size (ties: the larger names)."""
        te = text_engine()
        best: tuple[int, dict[Colour, PageFit]] | None = None
        with te.roomy():
            for level, (name_size, price_size, left) in enumerate(LEVELS):
                fits: dict[Colour, PageFit] = {}
                common = 10**6
                for colour in ORDER:
                    r = self.rects[colour]
                    book = book_of(g, colour)
                    name_h = max(te.linesize("serif-bold", name_size) - 2, te.linesize("sans-semibold", 14) + 2)
                    chip_r = max(12, int(price_size * 0.8 * (1 + 0.25 * (te.scale - 1))))
                    price_h = max(2 * chip_r + 2, te.linesize("sans-bold", price_size))
                    room = r.w - LEFT_PAD - 10  # (the prices stay inside the rim on the right)
                    tag_in_row = True
                    if not g.book_on_table(colour):
                        tag_w = te.size(self.subtitle(book, g, colour), "sans-bold", te.floor(14))[0] + 24
                        # the tag ends the price row if it leaves room for the prices (with their counts, at a
                        # level that shows them); else it goes top right, beside the name
                        need = self._prices_width(g, colour, price_size, chip_r, left, TIGHT_GAP if left else PRICE_GAP)
                        tag_in_row = need + tag_w <= room
                        room -= tag_w if tag_in_row else 0
                    gap = PRICE_GAP
                    if left and self._prices_width(g, colour, price_size, chip_r, True) > room:
                        gap = TIGHT_GAP  # the counts, closer together
                    show_left = left and self._prices_width(g, colour, price_size, chip_r, True, gap) <= room
                    if self._prices_width(g, colour, price_size, chip_r, False) > room:
                        common = -1
                        break
                    text_rect = pygame.Rect(LEFT_PAD, TOP + name_h, r.w - LEFT_PAD - 12,
                                            r.h - BOTTOM - 2 - price_h - (TOP + name_h))
                    size, lines = te.fit_block(D.book_short(book), "sans", 15, text_rect, min_size=TEXT_MIN,
                                               line_gap=0)
                    if len(lines) * te.linesize("sans", size) > text_rect.h:
                        common = -1
                        break
                    common = min(common, size)
                    fits[colour] = PageFit(name_size, price_size, show_left, chip_r, size, text_rect,
                                           r.h - BOTTOM - price_h // 2, tag_in_row, gap=gap)
                if common < 0:
                    continue
                tags = [te.fit(self.subtitle(book_of(g, c), g, c), "sans-bold", 14, self._tag_room(g, c, f))
                        for c, f in fits.items() if not g.book_on_table(c)]
                for f in fits.values():
                    f.tag_size = min(tags, default=14)
                gap = min(f.gap for f in fits.values())
                shown = all(f.show_left for f in fits.values())  # all pages alike: the counts on all or none
                for f in fits.values():
                    f.show_left = shown
                    f.gap = gap if shown else PRICE_GAP
                score = te.px(common) * 100 - level
                if best is None or score > best[0]:
                    for f in fits.values():
                        f.text_size = common
                    best = (score, fits)
        if best is None:  # nothing fits (a strange data folder, or pages too small): the smallest level
            self.short = True
            return {c: PageFit(16, 13, False, 12, TEXT_MIN, pygame.Rect(LEFT_PAD, 24, self.rects[c].w - 40, 60),
                               self.rects[c].h - 20) for c in ORDER}
        return best[1]

    def _tag_room(self, g: Game, colour: Colour, fit: PageFit) -> int:
        """How wide a book's "from round" tag may be: what the prices leave, or half the name's row."""
        r = self.rects[colour]
        if fit.tag_in_row:
            return r.w - 12 - LEFT_PAD - self._prices_width(g, colour, fit.price_size, fit.chip_r, False) - 24
        return (r.w - LEFT_PAD - 12) // 2

    def _prices_width(self, g: Game, colour: Colour, price_size: int, chip_r: int, left: bool,
                      gap: int = PRICE_GAP) -> int:
        """How wide the row of prices is (as ``draw`` lays it out)."""
        te = text_engine()
        book = book_of(g, colour)
        w = 0
        for _value, price in book.prices:
            w += 2 * chip_r + 4 + 6 + te.size(str(price), "sans-bold", price_size)[0] + gap
            if left:
                w += te.size(_("{n} left").format(n=88), "sans", 14)[0] + 5
        return w - gap

    # ------------------------------------------------------------------------------------------------
    # drawing

    @staticmethod
    def inside(page: pygame.Rect) -> pygame.Rect:
        """Where a page's words may go: inside its colour strip and its see-through rim."""
        return pygame.Rect(page.x + 16, page.y + TOP, page.w - 16 - art.EDGE, page.h - TOP - BOTTOM)

    def _page(self, g: Game, colour: Colour, colour_blind: bool, dim: bool, scale: float,
              at: tuple[int, int]) -> pygame.Surface:
        book = book_of(g, colour)
        te = text_engine()
        key = (colour, book.set, dim, colour_blind, scale, book.players, i18n.language())
        hit = self._cache.get(key)
        if hit is not None and te.recorder is None:
            return hit
        r = self.rects[colour]
        fit = self.fit(g, colour)
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        head = T.BOOK_HEADERS[colour.value]
        sub = self.subtitle(book, g, colour)
        box = self.inside(pygame.Rect(0, 0, r.w, r.h))
        tag = pygame.Rect(0, 0, 0, 0)
        with te.placed(surf, at), te.roomy():
            art.panel(surf, pygame.Rect(0, 0, r.w, r.h), tint=(238, 226, 198), radius=10,
                      seed=ORDER.index(colour) * 13 + 5, drop=False)
            pygame.draw.rect(surf, head, (0, 0, 16, r.h), border_top_left_radius=10, border_bottom_left_radius=10)
            name_room = r.w - LEFT_PAD - RIGHT
            if dim:  # when it comes out: a dark tag at the end of the price row (or top right), over the veil
                tag_size = fit.tag_size
                sw, sh = te.size(sub, "sans-bold", tag_size)
                tag = pygame.Rect(r.w - RIGHT - sw - 12, fit.price_y - sh // 2 - 1 if fit.tag_in_row else TOP, sw + 12,
                                  sh + 2)
                if not fit.tag_in_row:
                    name_room -= tag.w + 10
            else:
                sub_w = te.size(sub, "sans-semibold", 14)[0]
                name_w = te.size(D.book_name(book), "serif-bold", fit.name_size)[0]
                if name_w + sub_w + 12 <= name_room:  # else the name only
                    name_room -= te.blit(surf, sub, (r.w - RIGHT, TOP + 2), "sans-semibold", 14,
                                         legible(head, PAGE) if colour is not Colour.BLACK else T.INK_SOFT, "topright",
                                         box=box).w + 12
            te.blit(surf, D.book_name(book), (LEFT_PAD, TOP), "serif-bold",
                    te.fit(D.book_name(book), "serif-bold", fit.name_size, name_room, 14), T.INK, box=box)
            te.blit_wrapped(surf, D.book_short(book), fit.text_rect, "sans", fit.text_size, T.INK_SOFT, line_gap=0)
        if dim:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            veil.fill((40, 30, 20, 40))  # (light: its words still read; the tag says when it comes out)
            surf.blit(veil, (0, 0))
            pygame.draw.rect(surf, (70, 50, 34), tag, border_radius=6)
            with te.placed(surf, at), te.roomy():
                te.blit(surf, sub, tag.center, "sans-bold", tag_size, T.CREAM, "center", box=box)
        self._cache[key] = surf
        return surf

    def draw(self, surf: pygame.Surface, g: Game, colour_blind: bool = False, scale: float = 1.0) -> None:
        te = text_engine()
        self.chip_rects = {}
        for colour, r in self.rects.items():
            dim = not g.book_on_table(colour)
            surf.blit(self._page(g, colour, colour_blind, dim, scale, r.topleft), r.topleft)
            fit = self.fit(g, colour)
            if not fit.show_left and colour is ORDER[0]:  # (said once for all pages: they share their sizes)
                te.dropped("the supply left of each chip", "hover over a chip (a chip none are left of is crossed out)")
            book = book_of(g, colour)
            x = r.x + LEFT_PAD
            y = r.y + fit.price_y
            with te.roomy(), te.within(self.inside(r)):
                for value, price in book.prices:
                    c = find_chip(colour, value)
                    if c is None:
                        continue
                    left = g.supply[c]
                    img = art.chip(colour.value, value, fit.chip_r, colour_blind)
                    cr = img.get_rect(midleft=(x, y))
                    surf.blit(img, cr)
                    if left == 0:  # none left: crossed out (the count is also in the hover help)
                        pygame.draw.line(surf, (150, 40, 30), cr.bottomleft, cr.topright, 3)
                    pr = te.blit(surf, f"{price}", (cr.right + 6, y), "sans-bold", fit.price_size,
                                 T.INK if not dim else (90, 80, 70), "midleft")
                    end = pr.right
                    if fit.show_left:
                        lr = te.blit(surf, _("{n} left").format(n=left), (pr.right + 5, y + 1), "sans", 14,
                                     (150, 40, 30) if left == 0 else T.INK_SOFT, "midleft")
                        end = lr.right
                    self.chip_rects[c.name] = pygame.Rect(cr.x, cr.y - 2, end - cr.x + 4, cr.h + 4)
                    x = end + fit.gap
