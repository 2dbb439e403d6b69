"""The shop: every book's chips with price and supply left, a cart of up to two chips of different colours,
and the coins the cart leaves. The player changes the cart freely; only "Buy" commits it.

The shop's text grows with the UI scale: its rows share the height between the heading and the buttons, and
each label fits its place (the books' rule lines are on the books beside it, and in each chip's hover help).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ...i18n import _
from ...rules.actions import Action
from ...rules.chips import CHIPS, Chip, Colour
from ...rules.game import Game
from ...wording import data_text as D
from ...wording.text import chip_name, coins, colour_name, you_or
from .. import art, shapes
from .. import theme as T
from ..app import text_engine
from ..keys import Act, Binding
from ..keys import label as key_label
from ..widgets import Button, button_bindings, draw_row
from .books_view import ORDER, book_of
from .shop_row import ShopButtonRow


class ShopPanel(ShopButtonRow):
    """The shop of one seat (see the module docstring): its books' rows of prices, the cart, and its buttons."""

    def __init__(self, g: Game, seat: int, rect: pygame.Rect, legal: list[Action],
                 on_buy: Callable[[Action], None], colour_blind: bool = False) -> None:
        self.g = g
        self.seat = seat
        self.rect = rect
        self.legal = {a for a in legal}
        self.on_buy = on_buy
        self.colour_blind = colour_blind
        self.cart: list[Chip] = []
        self.undo_b: Button | None = None
        self.history: list[list[Chip]] = []  # the cart before each change (Ctrl+Z)
        self.coins = g.seats[seat].coins or 0
        self.cursor = 0
        self.slots: list[tuple[Chip, pygame.Rect]] = []
        self.hover: Chip | None = None
        self.message = ""
        self.beside = True  # the shopping seat's pot lies beside it (``TableLayout.shopping``)
        self._layout()

    def move_to(self, rect: pygame.Rect) -> None:
        """Lay the shop out again in ``rect`` (the table moved); the cart and the cursor stay."""
        self.rect = rect
        self._layout()

    ROW_LEAST = 36  # a book's row of prices is at least this high

    def _layout(self) -> None:
        """At the largest text scale (down to 100%) at which everything fits the shop's height: in a small
        window at a large UI scale the shop's words grow a little less rather than overlap."""
        te = text_engine()
        scale = te.scale
        while scale > 1.0:
            with te.at_scale(scale):
                if self._needed_height() <= self.rect.h:
                    break
            scale = max(1.0, round(scale - 0.1, 2))
        self.text_scale = scale
        with te.at_scale(scale):
            self._place()

    def _needed_height(self) -> int:
        te = text_engine()
        pad = 24
        with te.roomy():
            coins_h = te.linesize("sans-bold", 28)
            sample = _("after the cart: {n} left (unspent coins are lost)").format(n=88)
            note_lines = min(2, len(te.wrap(sample, "sans", 17, int((self.rect.w - 2 * pad) * 0.5))))
            head = max(te.linesize("serif-bold", 36), coins_h + te.linesize("sans", 17) * note_lines) + 4
            bh = self._button_h()
            help_h = te.linesize("sans", 15) * 2
        books = sum(1 for c in ORDER if self.g.book_on_table(c))
        return 12 + head + 8 + books * self.ROW_LEAST + 10 + bh + 6 + help_h + 8

    def _button_h(self) -> int:
        """The height of the shop's row of buttons (within ``te.roomy()``): taller in a narrow shop, where their
        labels may take two lines above the key hint."""
        te = text_engine()
        bh = max(62, te.linesize("sans-semibold", 22) + te.linesize("sans-bold", 14) - 4)
        if self.rect.w < int(self.NARROW * (1 + 0.25 * (te.scale - 1))):
            bh = max(bh, 2 * te.linesize("sans-semibold", 12) + te.linesize("sans-bold", Button.KEY_SIZE) + 16)
        return bh

    def _place(self) -> None:
        te = text_engine()
        r = self.rect
        pad = 24
        with te.roomy():
            coins_h = te.linesize("sans-bold", 28)
            sample = _("after the cart: {n} left (unspent coins are lost)").format(n=88)
            note_lines = min(2, len(te.wrap(sample, "sans", 17, int((r.w - 2 * pad) * 0.5))))
            note_h = te.linesize("sans", 17) * note_lines
            self.head = pygame.Rect(r.x + pad, r.y + 12, r.w - 2 * pad, max(te.linesize("serif-bold", 36),
                                                                               coins_h + note_h) + 4)
            bh = self._button_h()
            help_h = te.linesize("sans", 15) * 2
            self.help_rect = pygame.Rect(r.x + pad, r.bottom - art.EDGE - help_h, r.w - 2 * pad, help_h)
            by = self.help_rect.y - 6 - bh
            books = [c for c in ORDER if self.g.book_on_table(c)]
            top = self.head.bottom + 8
            most = int(58 * (1 + 0.5 * (te.scale - 1)))  # rows grow with the UI scale where the shop is tall
            row_h = min(most, max(self.ROW_LEAST, (by - 10 - top) // max(1, len(books))))
            name_w = 0  # a narrow shop (beside the pot in a small window): the books' colours name the rows
            least = self.slot_least()
            narrow = r.w - 2 * pad - 18 - 12 - 28 - 3 * least  # what three least slots leave for the names
            for w in (int(r.w * 0.3), int(r.w * 0.22), min(narrow, int(r.w * 0.22))):
                if (r.right - pad - (r.x + pad + 18 + w + 12) - 28) // 3 >= least \
                        and self._names_fit(books, w, row_h - 4):
                    name_w = min(320, w)
                    break
            self.names = name_w > 0
            x0 = r.x + pad + 18 + (name_w + 12 if name_w else 0)
            slot_w = min(220, (r.right - pad - x0 - 2 * 14) // 3)
            self.rows: list[tuple[Colour, pygame.Rect]] = []
            self.slots = []
            y = top
            for colour in books:
                book = book_of(self.g, colour)
                self.rows.append((colour, pygame.Rect(r.x + pad + 18, y - 2, name_w, row_h - 4)))
                x = x0
                for value, _price in book.prices:
                    c = next(ch for ch in CHIPS if ch.colour is colour and ch.value == value)
                    self.slots.append((c, pygame.Rect(x, y, slot_w, row_h - 8)))
                    x += slot_w + 14
                y += row_h
        self.buy_b = Button(pygame.Rect(0, by, 250, bh), _("Buy"), self.commit, key=Act.CONFIRM, size=26)
        self.clear_b = Button(pygame.Rect(0, by, 190, bh), _("Clear cart"),
                              self.clear, style="dark", key=Act.CLEAR_CART, size=20)
        self.nothing_b = Button(pygame.Rect(r.x + pad, by, 210, bh), _("Buy nothing"), self.buy_nothing,
                                style="dark", key=Act.NO, size=20)
        # Undo (the choice before the shop, or the cart's last change) has a place of its own, after Buy nothing
        w_undo = int(150 * (1 + 0.3 * (te.scale - 1)))
        self.undo_rect = pygame.Rect(0, by, w_undo, bh)
        undo = getattr(self, "undo_b", None)
        self._place_row(pygame.Rect(r.x + pad, by, r.w - 2 * pad, bh), undo is not None)
        if undo is not None:
            undo.rect = self.undo_rect.copy()
        # the supply under each price: "N left" if it fits every slot, else the count alone in a pill (the hover
        # help says what it is), the same in every slot
        with te.roomy():
            slot = self.slots[0][1] if self.slots else pygame.Rect(0, 0, 200, 50)
            rad = self._chip_radius(slot)
            room = slot.w - 2 * rad - 26 - te.size("88", "sans-bold", 22)[0] - 8
            self.stock_words = te.size(_("{n} left").format(n=88), "sans", 14)[0] <= room
        self.refresh()

    # cart --------------------------------------------------------------------------------------------
    def price(self, c: Chip) -> int:
        return self.g.price(c) or 0

    def spent(self) -> int:
        return sum(self.price(c) for c in self.cart)

    def why_not(self, c: Chip) -> str:
        """Why ``c`` cannot go into the cart now ("" if it can)."""
        if c in self.cart:
            return ""
        if self.g.supply[c] <= 0:
            return _("No {chip} chips are left in the supply.").format(chip=chip_name(c))
        if len(self.cart) >= self.g.cat.events.max_buys:
            return _("The cart is full: at most two chips.")
        if any(x.colour is c.colour for x in self.cart):
            return _("Two chips must be of different colours; there is already a {colour} chip in the cart.").format(
                colour=colour_name(c.colour))
        left = self.coins - self.spent()
        if self.price(c) > left:
            return _("Costs {price}; the cart leaves you {left}.").format(price=coins(self.price(c)), left=left)
        return ""

    def toggle(self, c: Chip) -> None:
        before = list(self.cart)
        if c in self.cart:
            self.cart.remove(c)
            self.history.append(before)
        elif not self.why_not(c):
            self.cart.append(c)
            self.history.append(before)
        else:
            self.message = self.why_not(c)
            return
        self.cart.sort(key=lambda x: x.index)
        self.message = ""
        self.refresh()

    def clear(self) -> None:
        if self.cart:
            self.history.append(list(self.cart))
        self.cart = []
        self.refresh()

    def undo(self) -> bool:
        """Put the cart back as it was before the last change; False if there is nothing to undo."""
        if not self.history:
            return False
        self.cart = self.history.pop()
        self.message = ""
        self.refresh()
        return True

    def action(self) -> Action:
        if not self.cart:
            return Action("buy", ("nothing",))
        return Action("buy", tuple(c.name for c in self.cart))

    def leftover_could_buy(self) -> bool:
        """Would the coins left still buy something legal (so leaving them deserves a confirmation)?"""
        left = self.coins - self.spent()
        if len(self.cart) >= self.g.cat.events.max_buys:
            return False
        return any(not self.why_not(c) and c not in self.cart and self.price(c) <= left for c, _ in self.slots)

    def refresh(self) -> None:
        a = self.action()
        self.buy_b.enabled = a in self.legal and bool(self.cart)
        self.buy_b.reason = _("Put one or two chips into the cart first ({key} buys nothing).").format(
            key=key_label(Act.NO)) if not self.cart else ""
        self.buy_b.label = _("Buy for {n}").format(n=self.spent()) if self.cart else _("Buy")

    def commit(self) -> None:
        a = self.action()
        if a in self.legal:
            self.on_buy(a)

    def buy_nothing(self) -> None:
        self.cart = []
        self.commit()

    # input -------------------------------------------------------------------------------------------
    def bindings(self) -> list[Binding]:
        """The arrows move the cursor, A puts its chip into the cart or takes it out, Backspace empties the cart,
        Enter buys the cart (never an empty one: N buys nothing), N buys nothing."""
        out = button_bindings([self.buy_b, self.clear_b, self.nothing_b])
        if self.slots:
            here = self.slots[self.cursor][0]
            out.append(Binding(Act.CART, lambda: self.toggle(self.slots[self.cursor][0]), target=here.name))
            for act in (Act.RIGHT, Act.LEFT, Act.DOWN, Act.UP):
                out.append(Binding(act, partial(self.move_cursor, act), target="cursor"))
        return out

    def move_cursor(self, way: Act) -> None:
        self.cursor = self.step(self.cursor, way)

    def handle(self, event: pygame.event.Event) -> bool:
        """The mouse (keys come through ``bindings``)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((c for c, r in self.slots if r.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for c, r in self.slots:
                if r.collidepoint(event.pos):
                    self.toggle(c)
                    return True
        for b in self.buttons():
            if b.handle(event):
                return True
        return False

    def step(self, i: int, way: Act) -> int:
        """The slot the arrow ``way`` moves to from slot ``i``: Left/Right along the book's row (wrapping to the
        next or previous row), Up/Down to the row above or below, to the slot nearest in its column."""
        if way in (Act.RIGHT, Act.LEFT):
            return (i + (1 if way is Act.RIGHT else -1)) % len(self.slots)
        here = self.slots[i][1]
        rows = sorted({r.y for _c, r in self.slots})
        k = rows.index(here.y) + (1 if way is Act.DOWN else -1)
        y = rows[k % len(rows)]
        row = [j for j, (_c, r) in enumerate(self.slots) if r.y == y]
        return min(row, key=lambda j: abs(self.slots[j][1].centerx - here.centerx))

    def offer_undo(self, on_undo: Callable[[], None] | None) -> None:
        """Undo (Ctrl+Z) in its own place beside Buy nothing while there is something to take back; Clear cart
        keeps its place."""
        had = getattr(self, "undo_b", None) is not None
        if on_undo is None:
            self.undo_b = None
        elif not had:
            self.undo_b = Button(self.undo_rect.copy(), _("Undo"), on_undo, style="dark", key=Act.UNDO, size=20,
                                 tooltip=_("Take back your last choice (nothing random has happened since)."))
        if had != (self.undo_b is not None):
            self._layout()  # the cart's room changes

    def buttons(self) -> list[Button]:
        undo = None if getattr(self, "undo_crowded", False) else getattr(self, "undo_b", None)
        return [b for b in (self.buy_b, self.clear_b, self.nothing_b, undo) if b is not None]

    def hover_help(self) -> str:
        if self.hover is None:
            return ""
        why = self.why_not(self.hover)
        book = book_of(self.g, self.hover.colour)
        c = self.hover
        base = _("{chip}: {price}, {left} left. {text}").format(chip=chip_name(c), price=coins(self.price(c)),
                                                                 left=self.g.supply[c], text=D.book_short(book))
        return _("{text} ({why})").format(text=base, why=why) if why else base

    def draw(self, surf: pygame.Surface) -> None:
        te = text_engine()
        r = self.rect
        art.panel(surf, r, seed=21)
        # never over the pot in focus (``check-layout``'s over-pot), but where the frame has no room for both
        shapes.note("shop" if self.beside else "shop-over", surf, r, "shop")
        with te.roomy(), te.within(r), te.at_scale(self.text_scale):
            self._draw(surf)

    def _draw(self, surf: pygame.Surface) -> None:
        te = text_engine()
        s = self.g.seats[self.seat]
        head = self.head
        left = self.coins - self.spent()
        coins_r = te.blit(surf, coins(self.coins), (head.right, head.y), "sans-bold", 28, T.INK, "topright")
        note = _("after the cart: {n} left (unspent coins are lost)").format(n=left)
        note_w = int(head.w * 0.5)
        note_box = pygame.Rect(head.right - note_w, coins_r.bottom, note_w, head.bottom - coins_r.bottom)
        te.blit_fit(surf, note, note_box, "sans", 17, T.INK_SOFT if left else (60, 120, 60), anchor="midright")
        title = you_or(s.name, _("Your shopping"), _("Shopping: {name}"))
        title_box = pygame.Rect(head.x, head.y, min(coins_r.x, note_box.x) - 16 - head.x, head.h)
        te.blit_fit(surf, title, title_box, "serif-bold", 36, T.INK, anchor="midleft", lines=1)
        for colour, nr in self.rows:
            book = book_of(self.g, colour)
            pygame.draw.rect(surf, T.BOOK_HEADERS[colour.value], (nr.x - 18, nr.y + 5, 10, nr.h - 10), border_radius=4)
            if nr.w > 0:
                te.blit_fit(surf, D.book_name(book), nr, "serif-bold", 21, T.INK, anchor="midleft",
                            min_size=self.NAME_LEAST)
        if self.rows and not self.names:
            te.dropped("the books' names beside their prices", "the books' tabs, and each chip's hover help")
        for i, (c, sr) in enumerate(self.slots):
            self._slot(surf, i, c, sr)
        # the cart: its label beside the chips, or above them where the row is short (``_place_row``)
        cr = self.cart_rect
        stacked = getattr(self, "cart_stacked", False)
        rad = self._cart_radius(cr.h, stacked)
        label = _("Cart:")
        if stacked:
            lr = te.blit(surf, label, (cr.x, cr.y + 2), "sans-bold", 16, T.INK, box=cr)
            x, cy = cr.x, (lr.bottom + cr.bottom) // 2
            below = pygame.Rect(cr.x, lr.bottom, cr.w, cr.bottom - lr.bottom)
        else:
            x = te.blit(surf, label, (cr.x, cr.centery), "sans-bold", 22, T.INK, "midleft", box=cr).right + 10
            cy = cr.centery
            below = cr
        for c in self.cart:
            img = art.chip(c.colour.value, c.value, rad, self.colour_blind)
            shapes.note("chip", surf, surf.blit(img, img.get_rect(midleft=(x, cy))), c.name)
            x += 2 * rad + 12
        hint = _("empty: pick up to 2 chips")
        room = pygame.Rect(x, below.y, cr.right - x, below.h)
        if not self.cart and room.w >= 80:  # a hint only: shown where it fits whole, else left out
            size, lines = te.fit_block(hint, "sans", 17, room, min_size=12, line_gap=0)
            lh = te.linesize("sans", size)
            if te.px(size) >= 12 and lh * len(lines) <= room.h and all(te.size(ln, "sans", size)[0] <= room.w
                                                                         for ln in lines):
                y = room.centery - lh * len(lines) // 2
                for ln in lines:
                    te.blit(surf, ln, (room.x, y), "sans", size, T.INK_SOFT, box=room)
                    y += lh
        # one label size for the row's dark buttons (review item 15); Buy, the main action, keeps its larger one
        draw_row(surf, [b for b in self.buttons() if b is not self.buy_b])
        self.buy_b.draw(surf)
        # at the bottom: why a chip cannot go into the cart, or how the shop is used
        if self.message:
            te.blit_fit(surf, self.message, self.help_rect, "sans-semibold", 16, (160, 40, 30))
        else:
            te.blit_fit(surf, _("Click a chip, or arrows and {cart}, to put it in or take it out · {buy} buys · "
                                "{nothing} buys nothing").format(cart=key_label(Act.CART), buy=key_label(Act.CONFIRM),
                                                                 nothing=key_label(Act.NO)),
                        self.help_rect, "sans", 15, T.INK_SOFT)

    def _slot(self, surf: pygame.Surface, i: int, c: Chip, sr: pygame.Rect) -> None:
        te = text_engine()
        why = self.why_not(c)
        in_cart = c in self.cart
        bg = T.FOCUS if in_cart else ((232, 222, 196) if not why else (200, 190, 170))
        pygame.draw.rect(surf, bg, sr, border_radius=10)
        here = i == self.cursor
        pygame.draw.rect(surf, T.BRASS_DARK if here else T.PARCHMENT_EDGE, sr, 4 if here else 2, border_radius=10)
        rad = self._chip_radius(sr)
        img = art.chip(c.colour.value, c.value, rad, self.colour_blind)
        shapes.note("chip", surf, surf.blit(img, img.get_rect(midleft=(sr.x + 8, sr.centery))), c.name)
        col = T.INK if not why or in_cart else T.INACTIVE_INK
        box = pygame.Rect(sr.x + 2 * rad + 18, sr.y + 2, sr.right - 8 - (sr.x + 2 * rad + 18), sr.h - 4)
        price = str(self.price(c))
        stock = _("{n} left").format(n=self.g.supply[c])
        p_size = te.fit(price, "sans-bold", 22, box.w // 2)
        while p_size > te.floor(16) and te.linesize("sans-bold", p_size) > box.h:
            p_size -= 1
        pr = te.blit(surf, price, (box.x, box.centery), "sans-bold", p_size, col, "midleft", box=sr)
        beside = pygame.Rect(pr.right + 8, box.y, box.right - pr.right - 8, box.h)
        if self.stock_words:
            te.blit_fit(surf, stock, beside, "sans", 14, col, anchor="midleft", lines=1)
        else:  # the count alone, in a pill (the hover help says what it is)
            n = str(self.g.supply[c])
            n_size = max(te.floor(12), min(14, p_size * 2 // 3))  # never larger than the price it follows
            w, h = te.size(n, "sans-semibold", n_size)
            pill = pygame.Rect(beside.x, box.centery - h // 2, w + 12, h)
            pygame.draw.rect(surf, (214, 200, 168), pill, border_radius=h // 2)
            te.blit(surf, n, pill.center, "sans-semibold", n_size, col, "center", box=sr)

    def _names_fit(self, books: list[Colour], width: int, height: int) -> bool:
        """Whether every book's name fits a column of ``width`` at the smallest size a name is drawn
        (``NAME_LEAST``): on one line, or on two (each word on a line) where both lines fit the row's ``height``.
        A narrow frame's shop keeps its names that way (issue 32: the shop beside the pot in a 1000x900 window);
        else the books' colours name the rows."""
        te = text_engine()
        two = 2 * te.linesize("serif-bold", self.NAME_LEAST) <= height
        for c in books:
            name = D.book_name(book_of(self.g, c))
            if te.size(name, "serif-bold", self.NAME_LEAST)[0] <= width:
                continue
            if not two or len(te.wrap(name, "serif-bold", self.NAME_LEAST, width)) > 2 or \
                    any(te.size(w, "serif-bold", self.NAME_LEAST)[0] > width for w in name.split()):
                return False
        return True

    NAME_LEAST = 14  # the smallest size of a book's name in the shop
    NARROW = 640  # a shop narrower than this (at 100%) has taller buttons: their labels may take two lines

    @staticmethod
    def slot_least() -> int:
        """The least width of a price's slot: its chip, the price and the supply's pill."""
        te = text_engine()
        with te.roomy():
            return 2 * ShopPanel._chip_wanted() + 18 + te.size("88", "sans-bold", 22)[0] + 8 + \
                te.size("88", "sans-semibold", 14)[0] + 12 + 8

    @staticmethod
    def _chip_wanted() -> int:
        """A price's chip radius where its slot is high enough."""
        return int(20 * (1 + 0.3 * (text_engine().scale - 1)))

    @staticmethod
    def _chip_radius(sr: pygame.Rect) -> int:
        return max(12, min(ShopPanel._chip_wanted(), sr.h // 2 - 4))


__all__ = ["ShopPanel", "Colour"]
