"""What a folded part of the table opens large: every book's page (from the strip of tabs) and the whole board
(from the board's bar). The game goes on underneath; Esc, a click outside or the same key closes them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...rules.chips import Colour
from ...rules.game import Game
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..keys import Act, Binding
from ..keys import label as key_label
from ..table.board_view import BoardView
from ..table.books_view import ORDER, BooksView
from ..table.card_outcome import Line

if TYPE_CHECKING:  # pragma: no cover
    from ..table.view import TableView


class Unfolded(Scene):
    """A part of the table shown large over it (non-modal for the keys: the table keeps B, L, V)."""

    opaque = False
    modal = False
    pauses_below = False

    def __init__(self, app: App, source: Callable[[], Game], view: TableView) -> None:
        super().__init__(app)
        self.source = source
        self.view = view
        self.rect = self.place()

    def place(self) -> pygame.Rect:
        raise NotImplementedError

    def canvas_changed(self) -> None:
        self.rect = self.place()

    def bindings(self) -> list[Binding]:
        """Esc closes it."""
        return [Binding(Act.BACK, lambda: self.app.pop(self), target="close")]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.press(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if not self.rect.collidepoint(event.pos):
                self.app.pop(self)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN

    def veil(self, surf: pygame.Surface) -> None:
        veil = pygame.Surface(canvas_rect().size, pygame.SRCALPHA)
        veil.fill((10, 6, 4, 140))
        surf.blit(veil, (0, 0))

    def note(self, surf: pygame.Surface, text: str) -> None:
        """How to close it, under it on a plate of its own: never over the dimmed table's words (review item 22)."""
        te = self.app.text
        with te.roomy():
            box = pygame.Rect(self.rect.x, self.rect.bottom + 4, self.rect.w, te.linesize("sans", 15) + 4)
            if box.bottom > canvas_rect().bottom:
                return
            size = te.fit(text, "sans", 15, box.w - 24, 12)
            plate = pygame.Rect(0, 0, min(box.w, te.size(text, "sans", size)[0] + 24), box.h)
            plate.midtop = box.midtop
            pygame.draw.rect(surf, (34, 24, 16), plate, border_radius=8)
            pygame.draw.rect(surf, T.BRASS_DARK, plate, 1, border_radius=8)
            te.cover(surf, plate)
            te.blit_fit(surf, text, plate.inflate(-12, 0), "sans", size, T.PARCHMENT, min_size=12, lines=1)


class BooksOpen(Unfolded):
    """Every book's page with its prices and the supply left: in a column on the left, or in as many columns
    as the window's height needs for every page to have the room its text needs."""

    GAP = 8

    def place(self) -> pygame.Rect:
        c = canvas_rect()
        te = self.app.text
        scale = max(1.0, te.scale)
        col_w = min(c.w - 24, int(440 * (1 + 0.3 * (scale - 1))))
        note = te.linesize("sans", 15) + 8
        h = c.h - 24 - note
        page_h = int(112 * (1 + 0.25 * (scale - 1)) * 1.15)  # what a page's text needs (see layout.books_fit)
        per_col = max(1, (h + self.GAP) // (page_h + self.GAP))
        cols = -(-len(ORDER) // per_col)
        col_w = min(col_w, (c.w - 24 - self.GAP * (cols - 1)) // cols)
        self.cols, self.per_col = cols, -(-len(ORDER) // cols)
        w = cols * col_w + self.GAP * (cols - 1)
        return pygame.Rect(12, 12, w, h)

    def pages(self) -> dict[Colour, pygame.Rect]:
        r = self.rect
        col_w = (r.w - self.GAP * (self.cols - 1)) // self.cols
        page_h = (r.h - self.GAP * (self.per_col - 1)) // self.per_col
        out: dict[Colour, pygame.Rect] = {}
        for i, colour in enumerate(ORDER):
            col, row = divmod(i, self.per_col)
            out[colour] = pygame.Rect(r.x + col * (col_w + self.GAP), r.y + row * (page_h + self.GAP), col_w, page_h)
        return out

    def draw(self, surf: pygame.Surface) -> None:
        """The pages at the largest text scale (down to 100%) at which every page's words fit it: in a small
        window at a large UI scale, the books' words grow a little less rather than overflow."""
        g = self.source()
        self.veil(surf)
        te = self.app.text
        scale = te.scale
        while True:
            with te.at_scale(scale):
                self.rect = self.place()
                books = BooksView(self.rect)
                books.rects = self.pages()
                books.fit(g, ORDER[0])  # (fitted once for every page)
                if not books.short or scale <= 1.0:
                    books.draw(surf, g, bool(self.app.settings.colour_blind), te.scale)
                    break
            scale = max(1.0, round(scale - 0.1, 2))
        self.books = books
        self.note(surf, _("{back} or a click outside closes the books").format(back=key_label(Act.BACK)))


class BoardOpen(Unfolded):
    """The whole board: the scoring track with every marker and rat tail, the round track, the fortune card and
    the bonus die with this round's rolls."""

    dice: tuple[tuple[int, str], ...] = ()

    def __init__(self, app: App, source: Callable[[], Game], view: TableView,
                 card_lines: Callable[[], Sequence[Line]] | None = None) -> None:
        self.card_lines: Callable[[], Sequence[Line]] = card_lines or (lambda: ())  # what the card gave each seat
        super().__init__(app, source, view)

    def place(self) -> pygame.Rect:
        c = canvas_rect()
        te = self.app.text
        note = te.linesize("sans", 15) + 8
        w = min(c.w - 24, 1100)
        h = min(c.h - 24 - note, max(300, int(w * 0.4)))
        r = pygame.Rect(0, 12, w, h)
        r.centerx = c.centerx
        return r

    def draw(self, surf: pygame.Surface) -> None:
        g = self.source()
        self.veil(surf)
        board = BoardView(self.rect)
        board.draw_static(surf, g)
        dice = [(g.seats[s].name, f) for s, f in self.dice]
        board.draw(surf, g, self.view.looks(), dice, None, bool(self.app.settings.colour_blind), static=False,
                   card_lines=self.card_lines())
        self.board = board
        self.note(surf, _("{back} or a click outside closes the board").format(back=key_label(Act.BACK)))


def open_books(app: App, view: TableView, source: Callable[[], Game]) -> None:
    for s in app.scenes:
        if isinstance(s, BooksOpen):
            app.pop(s)
            return
    app.push(BooksOpen(app, source, view))


def open_board(app: App, view: TableView, source: Callable[[], Game],
               dice: tuple[tuple[int, str], ...] = (), card_lines: Callable[[], Sequence[Line]] | None = None) -> None:
    for s in app.scenes:
        if isinstance(s, BoardOpen):
            app.pop(s)
            return
    o = BoardOpen(app, source, view, card_lines)
    o.dice = dice
    app.push(o)
