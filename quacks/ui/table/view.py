"""The table as a picture: books, board, the pot in focus with its panel, and the other seats' pots.

``TableView`` draws from a game and a ``ViewState`` (who is in focus, who looks, what the bots said, the
die rolls of the round) and answers where things are (a seat's pot, the bag button, what is under the
mouse). It drives nothing: the live table, the replay viewer and ``bench-ui`` all draw through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _, ngettext, pgettext
from ...rules.game import Game
from ...rules.kinds import Phase
from ...session.setup import MatchSetup
from ...wording.text import bot_name, is_you, marker_letters
from .. import art
from .. import theme as T
from ..app import canvas_rect, text_engine
from ..widgets import button_w, key_at
from . import pot_view as pv
from .board_bar import BoardBar
from .board_view import BoardView
from .books_strip import BooksStrip
from .books_view import BooksView
from .focus_panel import BAG_LABEL, draw_focus
from .layers import Layers, outside
from .layout import TableLayout
from .others_panel import draw_others
from .others_tiles import tile_pot, tile_rects
from .view_state import ViewState

if TYPE_CHECKING:  # pragma: no cover
    from ..anim import Animator


class TableView:
    def __init__(self, setup: MatchSetup) -> None:
        self.setup = setup
        self.layout = TableLayout(len(setup.seats), canvas_rect().size)
        self.books: BooksView | BooksStrip = BooksView(self.layout.books)
        self.board: BoardView | BoardBar = BoardView(self.layout.board)
        self.other_rects: dict[int, pygame.Rect] = {}
        self._bg: pygame.Surface | None = None
        self.layers = Layers()  # the focus frame and each card (without their pots), kept (``layers.py``)
        self._bg_key: object = None
        self.focus = 0
        self._made = -1
        self.relayout()

    def relayout(self, size: tuple[int, int] | None = None) -> bool:
        """Follow the canvas's size and the UI scale (``TableLayout.arrange``); True if anything moved (the
        views of the books and the board are made anew for their new places)."""
        self.layout.arrange(size or canvas_rect().size)
        if self._made == self.layout.version:
            return False
        self._made = self.layout.version
        lay = self.layout
        self.books = BooksStrip(lay.books) if lay.books_folded else BooksView(lay.books)
        self.board = BoardBar(lay.board) if lay.board_folded else BoardView(lay.board)
        self.other_rects = {}
        self._bg_key = None
        return True

    # ------------------------------------------------------------------------------------------------
    # seats

    def look(self, seat: int) -> T.PlayerLook:
        return T.PLAYER_LOOKS[self.setup.seats[seat].colour]

    def looks(self) -> list[tuple[str, str]]:
        """Each seat's colour and the letter on its marker (``marker_letters``: never two alike)."""
        letters = marker_letters([s.name for s in self.setup.seats])
        return [(s.colour, letter) for s, letter in zip(self.setup.seats, letters, strict=True)]

    def letter(self, seat: int) -> str:
        """The letter on a seat's marker."""
        return self.looks()[seat][1]

    def solo_human(self) -> bool:
        """One person plays at this screen (the others are bots, or players on other computers): they are "you"."""
        return sum(1 for x in self.setup.seats if not x.is_bot and not x.is_remote) == 1

    def kind_text(self, seat: int, solo_human: bool, short: bool = False) -> str:
        """"you", "human", "on another computer" (``short``: "online"), "Normal bot"."""
        spec = self.setup.seats[seat]
        if spec.is_remote:
            return pgettext("seat kind, short", "online") if short else _("on another computer")
        if not spec.is_bot:
            return _("you") if solo_human else _("human")
        return bot_name(spec.kind)

    # ------------------------------------------------------------------------------------------------
    # where things are

    def others(self, g: Game, focus: int) -> list[int]:
        return [i for i in range(g.n) if i != focus]

    def place_others(self, g: Game, focus: int) -> None:
        others = self.others(g, focus)
        if self.layout.others_folded:
            rects = tile_rects(self.layout.others, len(others), self.layout.plan.others_row)
        else:
            rects = self.layout.other_rects(len(others))
        self.other_rects = dict(zip(others, rects))
        self.focus = focus

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        """The seat whose small pot card is at ``pos``."""
        return key_at(self.other_rects, pos)

    def pot_under(self, pos: tuple[int, int]) -> int | None:
        """The other seat whose small pot is under ``pos`` (it is shown large while the mouse is there)."""
        for seat, r in self.other_rects.items():
            if r.collidepoint(pos):
                (cx, cy), radius = self.small_pot(r)
                if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (radius * 1.13) ** 2:
                    return seat
        return None

    def bag_button_rect(self) -> pygame.Rect:
        """The panel's Bag button, at its foot: as tall and wide as its label ("Bag: 99 chips", the bag in front
        of it, the key in its corner) needs at the UI scale (issue 32: its words as large as the panel's), within
        the panel (no more than a seventh of its height: a short panel keeps its rows)."""
        info = self.layout.info
        te = text_engine()
        with te.roomy():
            label = ngettext("Bag: {n} chip", "Bag: {n} chips", 99).format(n=99)
            h = max(50, min(te.height("sans-semibold", BAG_LABEL) + 14, info.h // 7))  # (a short panel: 50)
            w = te.size(label, "sans-semibold", BAG_LABEL)[0] + (h - 10) + 8 + 2 * 10 + 2 * 22
        return pygame.Rect(info.x, info.bottom - h - 2, min(info.w, max(button_w(), w)), h)

    def pot_layout(self, seat: int, shopping: bool = False) -> pv.PotLayout | None:
        """Where a seat's pot is drawn (the one in focus smaller while it shops; None if it is not drawn)."""
        if seat == self.focus:
            return self.focus_pot(shopping)
        r = self.other_rects.get(seat)
        if r is None:
            return None
        centre, radius = self.small_pot(r)
        return pv.PotLayout(centre, radius)

    def focus_pot(self, shopping: bool) -> pv.PotLayout | None:
        """The pot in focus: beside its panel, or while it shops in the column beside the shop (issue 32); None
        while the shop lies over it (a frame too narrow for both)."""
        if shopping:
            place = self.layout.shopping()
            return pv.PotLayout(place.centre, place.radius) if place.beside else None
        return pv.PotLayout(self.layout.pot_centre, self.layout.pot_radius)

    def small_pot(self, r: pygame.Rect) -> tuple[tuple[int, int], int]:
        """Centre and radius of the pot in another seat's card (or tile, when the seats are folded)."""
        if self.layout.others_folded:
            return tile_pot(r)
        return TableLayout.small_pot(r)

    def bag_pos(self, seat: int) -> tuple[int, int]:
        if seat == self.focus:
            return self.bag_button_rect().center
        r = self.other_rects.get(seat)
        c = canvas_rect()
        return (r.right - 40, r.bottom - 40) if r is not None else (c.w // 2, c.h // 2)

    def score_pos(self, seat: int) -> tuple[int, int]:
        """Where a seat's victory points are written (a beat's gains fly there)."""
        if seat == self.focus:
            info = self.layout.info
            return (info.right - 50, info.y + 18)
        r = self.other_rects.get(seat)
        return (r.right - 44, r.y + 22) if r is not None else self.bag_pos(seat)

    def seat_region(self, seat: int) -> pygame.Rect:
        """The part of the screen a seat's pot and panel take (for partial redraws)."""
        if seat == self.focus:
            return self.layout.focus.inflate(8, 8)
        r = self.other_rects.get(seat)
        return r.inflate(8, 8) if r is not None else pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------------------------------------------
    # words about a seat

    def spoken_to(self, g: Game, seat: int) -> bool:
        """Is this the seat of the person at this screen, addressed as "you" (its kind line says "you", or it is
        named "You" in any language)? Its status then needs no subject: "du · am Brauen", not "du · braut"."""
        spec = self.setup.seats[seat]
        if spec.is_bot or spec.is_remote:
            return False
        return self.solo_human() or is_you(g.seats[seat].name)

    def status(self, g: Game, seat: int, st: ViewState) -> str:
        """What the seat is doing, said after its kind ("Normal bot · brewing"); the seat spoken to has forms of
        its own that need no subject ("you · decided", German "du · entschieden": issue 30, second review §1)."""
        s = g.seats[seat]
        if seat in st.remote and not s.exploded:
            return st.remote[seat][0]
        if self.spoken_to(g, seat):
            return self._own_status(g, seat, st)
        if g.phase == Phase.BREWING or (g.phase == Phase.FORTUNE and s.pot):
            if s.exploded:
                return _("exploded! (protected)") if s.protected else _("exploded!")
            if s.brewing:
                return _("has decided") if seat in st.decided else pgettext("seat status", "brewing")
            return pgettext("seat status", "stopped")
        if s.exploded and g.phase in (Phase.EVALUATION, Phase.SHOPPING):
            if s.choice == "coins":
                return _("exploded: took the coins")
            if s.choice == "vp":
                return _("exploded: took the VP")
            return _("exploded")
        return ""

    def _own_status(self, g: Game, seat: int, st: ViewState) -> str:
        """The status of the seat spoken to, with no subject (each language its own form: German "am Brauen",
        "aufgehört", "entschieden"; Dutch "gekozen")."""
        s = g.seats[seat]
        if g.phase == Phase.BREWING or (g.phase == Phase.FORTUNE and s.pot):
            if s.exploded:
                return pgettext("own seat status", "exploded! (protected)") if s.protected else \
                    pgettext("own seat status", "exploded!")
            if s.brewing:
                return pgettext("own seat status", "decided") if seat in st.decided else \
                    pgettext("own seat status", "brewing")
            return pgettext("own seat status", "stopped")
        if s.exploded and g.phase in (Phase.EVALUATION, Phase.SHOPPING):
            if s.choice == "coins":
                return pgettext("own seat status", "exploded: took the coins")
            if s.choice == "vp":
                return pgettext("own seat status", "exploded: took the VP")
            return pgettext("own seat status", "exploded")
        return ""

    def short_status(self, g: Game, seat: int, st: ViewState) -> str:
        """The status in one word, for a small tile (the seat's card or pot in focus says the rest)."""
        s = g.seats[seat]
        own = self.spoken_to(g, seat)
        if s.exploded:
            return pgettext("own seat status", "exploded") if own else _("exploded")
        if seat in st.remote:
            return st.remote[seat][1]
        if g.phase == Phase.BREWING or (g.phase == Phase.FORTUNE and s.pot):
            if s.brewing:
                if seat in st.decided:
                    return pgettext("own seat status", "decided") if own else pgettext("seat status, short",
                                                                                      "decided")
                return pgettext("own seat status", "brewing") if own else pgettext("seat status", "brewing")
            return pgettext("own seat status", "stopped") if own else pgettext("seat status", "stopped")
        return ""

    # ------------------------------------------------------------------------------------------------
    # drawing

    def background(self, g: Game, st: ViewState, scale: float) -> pygame.Surface:
        """Wood, the books and the scoring track in one picture, redrawn only when they change."""
        self.relayout()
        self.place_others(g, st.focus)
        wide = self.shop_wide(st)
        key = (g.round, tuple(g.supply.raw()), st.colour_blind, scale, st.focus, self.layout.version,
               tuple(g.book_on_table(c) for c in g.books), wide)
        if self._bg is None or self._bg_key != key:
            bg = art.wood(self.layout.size).copy()
            if not wide:  # (a shop over the folded strip and tiles: they wait for it to close)
                self.books.draw(bg, g, st.colour_blind, text_engine().scale)
            self.board.draw_static(bg, g)
            frame = self.layout.focus
            pygame.draw.rect(bg, (30, 20, 14), frame.move(0, 6), border_radius=18)
            pygame.draw.rect(bg, (58, 40, 28), frame, border_radius=18)
            pygame.draw.rect(bg, self.look(st.focus).fill, frame, 3, border_radius=18)
            for seat, r in ({} if wide else self.other_rects).items():
                pygame.draw.rect(bg, (52, 36, 26), r, border_radius=16 if not self.layout.others_folded else 12)
                pygame.draw.rect(bg, self.look(seat).fill, r, 2, border_radius=16 if not self.layout.others_folded
                                 else 12)
            self._bg = bg
            self._bg_key = key
        return self._bg

    def focus_area(self, st: ViewState) -> pygame.Rect:
        """The part of the table ``draw_focus`` keeps (``layers.py``): the focus frame, and while its seat shops the
        column its pot lies in."""
        area = self.layout.focus
        if st.shopping:
            place = self.layout.shopping()
            if place.beside:
                area = area.union(place.column.inflate(0, 16))
        return area

    def shop_wide(self, st: ViewState) -> bool:
        """Whether the seat in focus shops over the folded books' strip and the other seats' tiles (a window too
        narrow for the shop beside its pot in the frame alone: ``TableLayout.shopping``)."""
        return st.shopping and self.layout.shopping().wide

    def part_areas(self, st: ViewState) -> list[pygame.Rect]:
        """Every part ``layers.py`` keeps: the focus frame's and each other seat's card (not the folded tiles)."""
        cards = [] if self.layout.others_folded else list(self.other_rects.values())
        return [self.focus_area(st), *cards]

    def forget_background(self) -> None:
        self._bg_key = None

    def draw(self, surf: pygame.Surface, g: Game, st: ViewState, anim: Animator | None = None,
             still: object | None = None) -> None:
        """The whole table body (not the controls): background, board, the pot in focus, the others. ``still``
        is everything the picture shows but its motion (the table's ``TablePicture`` without its animation): with
        it, the focus frame with its panel and the cards are blitted as kept while it stays (``layers.py``), and only
        the pots drawn again."""
        bg = self.background(g, st, text_engine().scale)
        if still is None:
            self.layers.under = None
            surf.blit(bg, (0, 0))
        else:  # the background around the kept parts; under each only when it is drawn anew
            self.layers.under = bg
            for r in outside(surf.get_rect(), self.part_areas(st)):
                surf.blit(bg, r, r)
        vps = anim.marker_values(g) if anim is not None else None
        dice = [(g.seats[s].name, f) for s, f in st.dice]
        spin = 0.0
        if anim is not None and dice:
            face, spin = anim.die_face(dice[-1][1])
            dice[-1] = (dice[-1][0], face)
        self.board.draw(surf, g, self.looks(), dice, vps, st.colour_blind, static=False, die_spin=spin,
                        card_lines=st.card_lines)
        base = None if still is None else (still, self._bg_key, text_engine().scale)
        draw_focus(surf, self, g, st, anim, base=base)
        draw_others(surf, self, g, st, anim, base=base)
