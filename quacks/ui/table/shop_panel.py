"""The shop: every book's chips with price and supply left, a cart of up to two chips of different colours,
and the coins the cart leaves. The player changes the cart freely; only "Buy" commits it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...rules.actions import Action
from ...rules.chips import CHIPS, Chip, Colour
from ...rules.game import Game
from ...wording.text import chip_name
from .. import art
from .. import theme as T
from ..app import text_engine
from ..widgets import Button
from .books_view import ORDER, book_of


class ShopPanel:
    def __init__(self, g: Game, seat: int, rect: pygame.Rect, legal: list[Action],
                 on_buy: Callable[[Action], None], colour_blind: bool = False) -> None:
        self.g = g
        self.seat = seat
        self.rect = rect
        self.legal = {a for a in legal}
        self.on_buy = on_buy
        self.colour_blind = colour_blind
        self.cart: list[Chip] = []
        self.history: list[list[Chip]] = []  # the cart before each change (Ctrl+Z)
        self.coins = g.seats[seat].coins or 0
        self.cursor = 0
        self.slots: list[tuple[Chip, pygame.Rect]] = []
        self.hover: Chip | None = None
        self.message = ""
        self._layout()

    def _layout(self) -> None:
        r = self.rect
        x0, y = r.x + 24, r.y + 84
        self.slots = []
        for colour in ORDER:
            if not self.g.book_on_table(colour):
                continue
            book = book_of(self.g, colour)
            x = x0 + 300
            for value, _ in book.prices:
                c = next(ch for ch in CHIPS if ch.colour is colour and ch.value == value)
                self.slots.append((c, pygame.Rect(x, y, 170, 50)))
                x += 184
            y += 58
        by = r.bottom - 96
        self.buy_b = Button(pygame.Rect(r.right - 290, by, 266, 62), "Buy", self.commit, hotkey_label="Enter", size=26)
        self.clear_b = Button(pygame.Rect(r.right - 480, by, 176, 62), "Clear cart", self.clear, style="dark",
                              hotkey_label="Backspace", size=20)
        self.nothing_b = Button(pygame.Rect(r.x + 24, by, 210, 62), "Buy nothing", self.buy_nothing, style="dark",
                                hotkey_label="N", size=20)
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
            return f"No {chip_name(c)} chips are left in the supply."
        if len(self.cart) >= self.g.cat.events.max_buys:
            return "The cart is full: at most two chips."
        if any(x.colour is c.colour for x in self.cart):
            return f"Two chips must be of different colours; there is already a {c.colour.value} chip in the cart."
        left = self.coins - self.spent()
        if self.price(c) > left:
            return f"Costs {self.price(c)} coins; the cart leaves you {left}."
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
        self.buy_b.reason = "Put one or two chips into the cart first." if not self.cart else ""
        self.buy_b.label = f"Buy for {self.spent()}" if self.cart else "Buy"

    def commit(self) -> None:
        a = self.action()
        if a in self.legal:
            self.on_buy(a)

    def buy_nothing(self) -> None:
        self.cart = []
        self.commit()

    # input -------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((c for c, r in self.slots if r.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for c, r in self.slots:
                if r.collidepoint(event.pos):
                    self.toggle(c)
                    return True
        if event.type == pygame.KEYDOWN and self.slots:
            if event.key in (pygame.K_RIGHT, pygame.K_DOWN):
                self.cursor = (self.cursor + 1) % len(self.slots)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_UP):
                self.cursor = (self.cursor - 1) % len(self.slots)
                return True
            if event.key == pygame.K_SPACE:
                self.toggle(self.slots[self.cursor][0])
                return True
            if event.key == pygame.K_BACKSPACE:
                self.clear()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.cart:
                    self.commit()
                else:
                    self.buy_nothing()
                return True
            if event.key == pygame.K_n:
                self.buy_nothing()
                return True
        for b in (self.buy_b, self.clear_b, self.nothing_b):
            if b.handle(event):
                return True
        return False

    def hover_help(self) -> str:
        if self.hover is None:
            return ""
        why = self.why_not(self.hover)
        book = book_of(self.g, self.hover.colour)
        c = self.hover
        base = f"{chip_name(c)}: {self.price(c)} coins, {self.g.supply[c]} left. {book.short}"
        return f"{base}  ({why})" if why else base

    def draw(self, surf: pygame.Surface) -> None:
        te = text_engine()
        r = self.rect
        art.panel(surf, r, seed=21)
        s = self.g.seats[self.seat]
        te.blit(surf, f"Shopping: {s.name}", (r.x + 24, r.y + 16), "serif-bold", 36, T.INK)
        left = self.coins - self.spent()
        te.blit(surf, f"{self.coins} coins", (r.right - 24, r.y + 20), "sans-bold", 28, T.INK, "topright")
        te.blit(surf, f"after the cart: {left} left (unspent coins are lost)", (r.right - 24, r.y + 56), "sans", 17,
                T.INK_SOFT if left else (60, 120, 60), "topright")
        y = r.y + 84
        for colour in ORDER:
            if not self.g.book_on_table(colour):
                continue
            book = book_of(self.g, colour)
            pygame.draw.rect(surf, T.BOOK_HEADERS[colour.value], (r.x + 24, y + 5, 10, 40), border_radius=4)
            te.blit(surf, book.name, (r.x + 42, y + 14), "serif-bold", 21, T.INK, "midleft")
            te.blit_wrapped(surf, book.short, pygame.Rect(r.x + 42, y + 26, 250, 30), "sans", 12, T.INK_SOFT,
                            line_gap=0, max_lines=2)
            y += 58
        for i, (c, sr) in enumerate(self.slots):
            why = self.why_not(c)
            in_cart = c in self.cart
            bg = T.FOCUS if in_cart else ((232, 222, 196) if not why else (200, 190, 170))
            pygame.draw.rect(surf, bg, sr, border_radius=10)
            here = i == self.cursor
            pygame.draw.rect(surf, T.BRASS_DARK if here else T.PARCHMENT_EDGE, sr, 4 if here else 2,
                             border_radius=10)
            img = art.chip(c.colour.value, c.value, 20, self.colour_blind)
            surf.blit(img, img.get_rect(center=(sr.x + 28, sr.centery)))
            col = T.INK if not why or in_cart else (120, 110, 100)
            te.blit(surf, str(self.price(c)), (sr.x + 56, sr.centery - 8), "sans-bold", 22, col, "midleft")
            te.blit(surf, f"{self.g.supply[c]} left", (sr.x + 56, sr.centery + 14), "sans", 13, col, "midleft")
        # the cart
        cy = r.bottom - 96
        te.blit(surf, "Cart:", (r.x + 256, cy + 31), "sans-bold", 22, T.INK, "midleft")
        x = r.x + 322
        for c in self.cart:
            img = art.chip(c.colour.value, c.value, 24, self.colour_blind)
            surf.blit(img, img.get_rect(center=(x + 26, cy + 31)))
            x += 64
        if not self.cart:
            te.blit(surf, "empty: pick up to 2 chips", (x, cy + 31), "sans", 17, T.INK_SOFT, "midleft")
        for b in (self.buy_b, self.clear_b, self.nothing_b):
            b.draw(surf)
        if self.message:
            te.blit(surf, self.message, (r.centerx, cy - 14), "sans-semibold", 17, (160, 40, 30), "midbottom")
        te.blit(surf, "Click a chip, or arrows and Space, to put it in or take it out · Enter buys · N buys nothing",
                (r.centerx, r.bottom - 10), "sans", 15, T.INK_SOFT, "midbottom")


__all__ = ["ShopPanel", "Colour"]
