"""Where everything sits on the table, in a window of any size and shape (the layout reflows to the room).

The table is drawn at the window's own size (one canvas pixel per window pixel up to 2560x1440; larger
windows are scaled up, see ``ui.window_geometry.geometry``), so this module lays it out for every size from 1000x640
up, wide and tall, and every UI scale. It tries three arrangements, richest first, and takes the first in
which everything has its room:

- *columns*: the ingredient books in a column on the left, the board over the pot in focus (its panel
  beside it) and the action bar in the middle, the other seats in a column on the right;
- *columns, books folded*: the same with the books as a strip of tabs (each book one click from its page)
  instead of the column, so the middle gets wider;
- *tall* (narrow windows such as 1000x900): the board across the top, below it the strip of books, the pot in
  focus with its panel, and the other seats' column; the action bar under the pot.

"Room" means: the pot in focus is at least a fifth of the window's height in radius (its outer ring two
fifths of the height across) and never smaller than at 100% in the same window (a larger UI scale enlarges
the board, it never shrinks the pot), the panel beside it, the books and the other seats' cards are at least
as wide as their text needs at the UI scale, and the board is high enough for its track. Nothing is dropped:
what has no room folds behind a labelled control.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

W, H = 1920, 1080  # the size the table was first drawn for (canvases up to 2560x1440 are laid out at their size)
GAP = 12  # between the parts of the table and at the edges
POT_RIM = 1.13  # the cauldron's iron rim reaches this far out (in pot radii)
POT_PAD = 12  # between the rim and the focus frame's edge
INFO_GAP = 22  # between the rim and the panel beside it
SHOP_ROOM = 740  # the shop beside the pot in focus wants this much width at 100% (its books' names, three prices)
SHOP_LEAST = 560  # ... and needs this much (its names on two lines; a narrower frame gives it all, over the pot)
SHOP_POT_LEAST = 64  # ... and the pot in focus keeps at least this radius beside it (issue 32: never covered)
POT_SHARE = 0.2  # the pot's least radius, as a share of the table's height (its outer ring 40% across)


def _scale() -> float:
    from ..app import text_engine

    return max(1.0, text_engine().scale)


def _roomy_line(size: int) -> int:
    from ..app import text_engine

    te = text_engine()
    with te.roomy():
        return te.linesize("sans-semibold", size)


@dataclass(frozen=True)
class Needs:
    """What the parts of the table need at a UI scale (in canvas pixels)."""

    scale: float
    actions_h: int
    prompt_h: int
    panel_w: int  # the panel beside the pot in focus
    panel_pref: int  # ... and what it likes to have
    books_w: int  # the books' column
    books_pref: int
    strip_w: int  # the books folded into a strip of tabs
    others_w: int  # the other seats' column of cards
    tiles_w: int  # the other seats folded into a column of small tiles
    board_h: int  # the least height of the board (its track of 10 rows and the card inside)
    bar_h: int  # the board folded into one bar (round, card, die, scores)
    row_h: int  # the other seats' tiles in a row

    @staticmethod
    def at(scale: float) -> Needs:
        k = scale - 1
        dense = 1 + 0.4 * k
        actions_h = int(round(60 + 16 * k))
        prompt_h = 2 * _roomy_line(20) + 4
        return Needs(scale, actions_h, prompt_h, panel_w=int(250 * (1 + 0.25 * k)),
                     panel_pref=int(330 * (1 + 0.25 * k)), books_w=int(300 * (1 + 0.5 * k)),
                     books_pref=int(420 * (1 + 0.3 * k)), strip_w=int(64 * (1 + 0.2 * k)), others_w=int(236 * dense),
                     tiles_w=int(124 * (1 + 0.2 * k)), board_h=int(200 * dense),
                     bar_h=int(round(76 * (1 + 0.2 * k))),
                     row_h=int(round(84 * dense)))

    @property
    def bottom(self) -> int:
        """The action bar and the prompt above it."""
        return self.actions_h + 6 + self.prompt_h


@dataclass(frozen=True)
class Plan:
    """One arrangement of the table (see the module's doc)."""

    arrangement: str  # "columns" | "tall"
    books_folded: bool  # the books as a strip of tabs (their pages one click away)
    others_folded: bool  # the other seats as small tiles (their pots one hover or click away)
    board_folded: bool  # the board as one bar (the whole board one click away)
    books: pygame.Rect  # the books' column, or their strip of tabs
    board: pygame.Rect
    focus: pygame.Rect  # the frame of the seat in focus: its pot and the panel beside it
    pot_radius: int
    others: pygame.Rect  # the other seats' column
    prompt: pygame.Rect
    actions: pygame.Rect
    fits: bool  # everything has the room it needs
    others_row: bool = False  # the other seats' tiles lie in a row (under the board) instead of a column

    @property
    def pot_centre(self) -> tuple[int, int]:
        f = self.focus
        return (f.x + POT_PAD + int(self.pot_radius * POT_RIM), f.centery)

    @property
    def info(self) -> pygame.Rect:
        f = self.focus
        x = self.pot_centre[0] + int(self.pot_radius * POT_RIM) + INFO_GAP
        return pygame.Rect(x, f.y + 12, f.right - 14 - x, f.h - 24)


def _pot_box(r: float) -> int:
    """The width (and height) the pot of radius ``r`` takes in its frame, rim and padding included."""
    return math.ceil(2 * r * POT_RIM + 2 * POT_PAD)


def _radius_for(box: float) -> int:
    """The largest pot radius whose box fits ``box``."""
    return max(1, int((box - 2 * POT_PAD) / (2 * POT_RIM) + 1e-6))


def _others_width(size: tuple[int, int], n_others: int, need: Needs, folded: bool) -> int:
    if folded:
        return need.tiles_w
    w = size[0]
    room = roomier(size)
    if n_others == 1:  # two seats: the opponent's pot large too
        return max(need.others_w, min(int(560 * room), int(0.27 * w)))
    return max(need.others_w, min(int(452 * (1 + 0.2 * (need.scale - 1)) * room), int(0.235 * w)))


def roomier(size: tuple[int, int]) -> float:
    """How much more room than 1920x1080 a canvas has (1 up to it; a 2560x1440 window lays the table out at its
    own size, ``window_geometry.NATIVE_ROOM``): the side columns' widths grow with it, so a bigger window shows
    larger opponent boards and roomier books, not the same ones beside a larger gap (issue 32)."""
    return max(1.0, min(size[0] / W, size[1] / H))


@dataclass(frozen=True)
class Shape:
    """One way to arrange the table (which parts fold), and what it can give the pot."""

    arrangement: str  # "columns" | "tall"
    books_folded: bool
    others_folded: bool
    board_folded: bool
    least: tuple[int, int] = (0, 0)  # tried only in a canvas at least this large

    def fits_canvas(self, size: tuple[int, int]) -> bool:
        return size[0] >= self.least[0] and size[1] >= self.least[1]


SHAPES = (  # richest first
    Shape("columns", False, False, False),
    Shape("columns", True, False, False),
    Shape("tall", True, False, False),
    # a large window at a large UI scale: the board as a bar so the pot can grow (issue 32); smaller windows fold
    # the other seats first (their cards would be more than a third empty)
    Shape("columns", True, False, True, least=(1600, 900)),
    Shape("columns", True, True, False),
    Shape("tall", True, True, False),
    Shape("columns", True, True, True),
    Shape("tall", True, True, True),
)


def _shapes(size: tuple[int, int]) -> list[Shape]:
    """The shapes tried in a canvas of ``size``, richest first."""
    return [s for s in SHAPES if s.fits_canvas(size)]


@dataclass(frozen=True)
class Frame:
    """Where a shape puts the board's column (``centre``) and how wide the side columns are."""

    books: pygame.Rect
    others: pygame.Rect
    board_x: int
    board_w: int
    focus: pygame.Rect  # the pot's row: x, width and bottom fixed; its top follows the board
    board_least: int
    board_pref: int
    row_h: int = 0  # the other seats' tiles in a row under the board (tall windows), this high


def books_fit(height: int, scale: float) -> bool:
    """Whether the books' column of ``height`` gives each of its seven pages the height its text needs."""
    return (height - 6 * 8) / 7 >= 112 * (1 + 0.25 * (scale - 1))


def _frame(size: tuple[int, int], n_others: int, need: Needs, shape: Shape) -> Frame:
    w, h = size
    wo = _others_width(size, n_others, need, shape.others_folded)
    bottom = need.bottom
    if shape.arrangement == "tall":
        x = GAP + need.strip_w + GAP
        row_h = need.row_h if shape.others_folded else 0
        mid_w = w - x - GAP - (0 if row_h else wo + GAP)
        books = pygame.Rect(GAP, 0, need.strip_w, 0)  # below the board: its top is set in _build
        others = pygame.Rect(x + mid_w + GAP, 0, wo, 0) if not row_h else pygame.Rect(x, 0, mid_w, row_h)
        focus = pygame.Rect(x, 0, mid_w, h - GAP - bottom - 4)
        least = need.bar_h if shape.board_folded else need.board_h
        pref = least if shape.board_folded else max(need.board_h, min(int(0.3 * w), int(0.33 * h)))
        return Frame(books, others, GAP, w - 2 * GAP, focus, least + (row_h + GAP if row_h else 0),
                     pref + (row_h + GAP if row_h else 0), row_h)
    left = need.strip_w if shape.books_folded else max(need.books_w, min(int(need.books_pref * roomier(size)),
                                                                        int(0.22 * w)))
    x = GAP + left + GAP
    cw = w - left - wo - 4 * GAP
    books = pygame.Rect(GAP, GAP, left, h - 2 * GAP)
    others = pygame.Rect(x + cw + GAP, GAP, wo, h - 2 * GAP)
    focus = pygame.Rect(x, 0, cw, h - GAP - bottom - 4)
    if shape.board_folded:
        return Frame(books, others, x, cw, focus, need.bar_h, need.bar_h)
    return Frame(books, others, x, cw, focus, need.board_h, max(need.board_h, min(int(cw * 0.392), int(0.37 * h))))


def _room(fr: Frame, need: Needs, board_h: int, panel: int) -> int:
    """The largest pot radius with a board of ``board_h`` above it and a panel of ``panel`` beside it."""
    return min(_radius_for(fr.focus.bottom - (GAP + board_h + GAP)), _radius_for(fr.focus.w - panel - INFO_GAP - 14))


def _capacity(size: tuple[int, int], n_others: int, need: Needs, shape: Shape) -> tuple[int, int]:
    """(the largest pot the shape can hold with everything at its least, the pot it holds with the board and
    the panel at what they like)."""
    fr = _frame(size, n_others, need, shape)
    if not shape.books_folded and not books_fit(fr.books.h, need.scale):
        return 0, 0
    return _room(fr, need, fr.board_least, need.panel_w), _room(fr, need, fr.board_pref, need.panel_pref)


def _build(size: tuple[int, int], n_others: int, need: Needs, shape: Shape, r: int) -> Plan:
    """The plan of ``shape`` with a pot of radius ``r``: the board takes the height the pot leaves (up to what
    it likes), the panel the width."""
    w, h = size
    fr = _frame(size, n_others, need, shape)
    most = fr.focus.bottom - GAP - GAP - _pot_box(r)
    board_h = max(fr.board_least, min(fr.board_pref, most))  # with the row of tiles under it, if any
    board = pygame.Rect(fr.board_x, GAP, fr.board_w, board_h - (fr.row_h + GAP if fr.row_h else 0))
    top = board.bottom + GAP
    books, others = fr.books, fr.others
    if shape.arrangement == "tall":
        books = pygame.Rect(books.x, top, books.w, h - GAP - top)
        if fr.row_h:
            others = pygame.Rect(others.x, top, others.w, fr.row_h)
            top = others.bottom + GAP
        else:
            others = pygame.Rect(others.x, top, others.w, h - GAP - top)
    focus = pygame.Rect(fr.focus.x, top, fr.focus.w, fr.focus.bottom - top)
    actions = pygame.Rect(focus.x, h - GAP - need.actions_h, focus.w, need.actions_h)
    prompt = pygame.Rect(focus.x, actions.y - 6 - need.prompt_h, focus.w, need.prompt_h)
    fits = focus.h >= _pot_box(r) and focus.w - _pot_box(r) - INFO_GAP - 14 >= need.panel_w
    return Plan(shape.arrangement, shape.books_folded, shape.others_folded, shape.board_folded, books, board, focus,
                r, others, prompt, actions, fits, others_row=bool(fr.row_h))


_POTS: dict[tuple[tuple[int, int], int], int] = {}


def pot_radius_for(size: tuple[int, int], n_seats: int) -> int:
    """The pot in focus's radius in a window of ``size``, the same at every UI scale: at least a fifth of the
    height; as large as the richest arrangement that has room at 100% gives it, but no larger than the
    table can keep at 200% (so a larger UI scale folds other parts rather than shrink the pot)."""
    key = (size, n_seats)
    hit = _POTS.get(key)
    if hit is not None:
        return hit
    n_others = max(1, n_seats - 1)
    least = math.ceil(POT_SHARE * size[1])

    def natural(scale: float) -> int:
        need = Needs.at(scale)
        for shape in _shapes(size):
            most, liked = _capacity(size, n_others, need, shape)
            if most >= least:
                return max(least, min(most, liked))
        return least

    r = max(least, min(natural(1.0), natural(Text_MAX_SCALE)))
    _POTS[key] = r
    return r


Text_MAX_SCALE = 2.0  # the largest UI scale (the settings offer 100-200%)


POT_GROWTH = 0.5  # the pot in focus grows by this share of the UI scale's step, where the table has the room


def scaled_pot_radius(size: tuple[int, int], n_seats: int, scale: float) -> int:
    """The pot in focus's radius at UI ``scale`` (issue 32: a bigger scale shows larger, the pot's numbers too):
    the radius at 100% (:func:`pot_radius_for`) grown by ``POT_GROWTH`` of the scale's step, as far as the most
    folded arrangement has room for it; never smaller than at 100%."""
    r = pot_radius_for(size, n_seats)
    if scale <= 1.0:
        return r
    need = Needs.at(scale)
    n_others = max(1, n_seats - 1)
    room = max(_capacity(size, n_others, need, shape)[0] for shape in _shapes(size))
    return max(r, min(int(r * (1 + POT_GROWTH * (scale - 1))), room))


def plan(size: tuple[int, int], n_seats: int, scale: float) -> Plan:
    """The arrangement of a table of ``size`` with ``n_seats`` at UI ``scale`` (see the module's doc): the
    richest shape that holds the pot (:func:`scaled_pot_radius`) with everything else at its least."""
    need = Needs.at(scale)
    n_others = max(1, n_seats - 1)
    r = scaled_pot_radius(size, n_seats, scale)
    best: tuple[int, Shape] | None = None
    for shape in _shapes(size):
        most, _liked = _capacity(size, n_others, need, shape)
        if most >= r:
            return _build(size, n_others, need, shape, r)
        if best is None or most > best[0]:
            best = (most, shape)
    assert best is not None
    return _build(size, n_others, need, best[1], max(1, best[0]))


@dataclass(frozen=True)
class ShopPlace:
    """Where the shop and the shopping seat's pot lie (``TableLayout.shopping``)."""

    beside: bool  # the pot beside the shop (False: the frame is too narrow, the shop lies over it)
    column: pygame.Rect  # the column on the left with the pot and the bag (empty when not beside)
    centre: tuple[int, int]  # the pot's centre and radius
    radius: int
    shop: pygame.Rect
    wide: bool = False  # the two take the folded books' strip and the other seats' tiles too (not drawn meanwhile)


class TableLayout:
    """The table's layout for the canvas it is drawn on now: :meth:`arrange` follows the canvas's size and the
    UI scale (the views ask it where things are; ``version`` changes whenever anything moved)."""

    def __init__(self, n_seats: int, size: tuple[int, int] = (W, H)) -> None:
        self.n_seats = n_seats
        self.size = (0, 0)
        self.scale = 0.0
        self.version = 0
        self.arrange(size)

    def arrange(self, size: tuple[int, int], scale: float | None = None) -> bool:
        """Lay the table out for a canvas of ``size`` at the UI scale; True if anything moved."""
        s = _scale() if scale is None else max(1.0, scale)
        if size == self.size and s == self.scale:
            return False
        self.size, self.scale = size, s
        self.plan = plan(size, self.n_seats, s)
        self.version += 1
        return True

    @property
    def canvas(self) -> pygame.Rect:
        return pygame.Rect(0, 0, *self.size)

    @property
    def books(self) -> pygame.Rect:
        return self.plan.books

    @property
    def books_folded(self) -> bool:
        return self.plan.books_folded

    @property
    def others_folded(self) -> bool:
        return self.plan.others_folded

    @property
    def board_folded(self) -> bool:
        return self.plan.board_folded

    @property
    def board(self) -> pygame.Rect:
        return self.plan.board

    @property
    def others(self) -> pygame.Rect:
        return self.plan.others

    @property
    def actions(self) -> pygame.Rect:
        """The action bar: a button per choice."""
        return self.plan.actions

    @property
    def prompt(self) -> pygame.Rect:
        """Above the bar: the question (two lines of it) and the key hints."""
        return self.plan.prompt

    @property
    def focus(self) -> pygame.Rect:
        """The frame of the seat in focus: its pot and the panel beside it."""
        return self.plan.focus

    @property
    def pot_radius(self) -> int:
        return self.plan.pot_radius

    @property
    def pot_centre(self) -> tuple[int, int]:
        return self.plan.pot_centre

    @property
    def info(self) -> pygame.Rect:
        """The panel beside the pot in focus."""
        return self.plan.info

    def shopping(self) -> ShopPlace:
        """Where the shop opens while the seat in focus shops (issue 32: beside its pot, never over it): a column on
        the left of the focus frame down to the action bar's bottom, the pot at its top (at least ``SHOP_POT_LEAST``),
        the shop in the rest of the frame and the bar. A frame too narrow for both (the shop under ``SHOP_LEAST`` at
        the UI scale, or than its buttons' labels need: a 1000x640 window at 125% and more) takes the folded books'
        strip and the other seats' tiles too (``wide``); only if even that is too narrow does the shop lie over it."""
        f, bottom = self.focus, self.actions.bottom
        wide = f.union(self.books) if self.books_folded else f
        wide = wide.union(self.others) if self.others_folded else wide
        for frame in (f, pygame.Rect(wide.x, f.y, wide.w, f.h)) if wide != f else (f,):
            grow = 1 + 0.25 * (_scale() - 1)
            r = min(self.pot_radius, max(SHOP_POT_LEAST, _radius_for(frame.w - int(SHOP_ROOM * grow))))
            column = pygame.Rect(frame.x, frame.y, _pot_box(r), bottom - frame.y)
            shop = pygame.Rect(column.right + GAP // 2, f.y, frame.right - column.right - GAP // 2, bottom - f.y)
            from .shop_row import row_least  # (the row of buttons in the player's language)

            if shop.w >= max(SHOP_LEAST * grow, row_least()):
                centre = (frame.x + POT_PAD + int(r * POT_RIM), f.y + POT_PAD + int(r * POT_RIM))
                return ShopPlace(True, column, centre, r, shop, frame != f)
        return ShopPlace(False, pygame.Rect(f.x, f.y, 0, 0), self.pot_centre, self.pot_radius,
                         pygame.Rect(f.x, f.y, f.w, bottom - f.y))

    def other_rects(self, count: int) -> list[pygame.Rect]:
        """The other seats' cards, one above another in their column (a single one, two seats, is tall)."""
        if count <= 0:
            return []
        o = self.others
        h = (o.h - GAP * (count - 1)) // count
        return [pygame.Rect(o.x, o.y + i * (h + GAP), o.w, h) for i in range(count)]

    @staticmethod
    def small_pot(rect: pygame.Rect) -> tuple[tuple[int, int], int]:
        """Centre and radius of the pot inside another seat's card (issue 32: opponents read at a glance).

        A tall card (two seats) has its pot large on top, the text under it. Any other card has a header row
        (marker, name, score) and under it the pot on the left, as large as the card's height allows, and the
        text column on its right, which keeps the width its lines need at the UI scale (``CARD_TEXT_W``): the
        pot takes every pixel the text does not need, so the card has no empty half."""
        if rect.h >= rect.w * 1.35:
            radius = int(min((rect.w - 28) / (2 * POT_RIM), (rect.h - 230) / (2 * POT_RIM)))
            radius = max(56, radius)
            return (rect.centerx, rect.y + card_header_h(True) + int(radius * POT_RIM)), radius
        text_w = int(CARD_TEXT_W * (1 + 0.3 * (_scale() - 1)))  # its text wraps more at a larger scale
        header = card_header_h(False)
        body = rect.h - header - CARD_PAD
        across = max(2 * 40 * POT_RIM, min(body, rect.w - 3 * CARD_PAD - text_w))
        radius = max(40, int(across / (2 * POT_RIM)))
        reach = int(radius * POT_RIM)
        top = rect.y + header
        return (rect.x + CARD_PAD + reach, top + max(reach, (body - 2 * reach) // 2 + reach)), radius


CARD_HEADER_H = 56  # another seat's card: the marker, name and score across its top
CARD_NAME_PX, CARD_KIND_PX = 26, 14  # the name and kind lines of another seat's card
TALL_NAME_PX, TALL_KIND_PX = 32, 16  # ... of a tall one
TALL_HEADER_H = 84  # ... a tall card's (two seats), larger
CARD_PAD = 12  # between the card's edge, its pot and its text column
CARD_TEXT_W = 140  # the least width of the text column beside another seat's pot (at 100%)


def card_header_h(tall: bool) -> int:
    """The height of another seat's card's header (the name over its kind beside the marker) at the UI scale: the
    pot begins under it."""
    from ..app import text_engine

    te = text_engine()
    key = (tall, te.scale, te.dense)
    hit = _HEADERS.get(key)
    if hit is None:
        name, kind = (TALL_NAME_PX, TALL_KIND_PX) if tall else (CARD_NAME_PX, CARD_KIND_PX)
        need = 8 + te.linesize("serif-bold", name) + 1 + te.linesize("sans", kind) + 6
        hit = _HEADERS[key] = max(TALL_HEADER_H if tall else CARD_HEADER_H, need)
    return hit


_HEADERS: dict[tuple[bool, float, bool], int] = {}  # card_header_h's answers (a few: one per UI scale)


def small_pot_text_x(rect: pygame.Rect, centre: tuple[int, int], radius: int) -> int:
    """Where the text column beside another seat's pot begins (a short card; see ``TableLayout.small_pot``)."""
    return centre[0] + int(radius * POT_RIM) + CARD_PAD
