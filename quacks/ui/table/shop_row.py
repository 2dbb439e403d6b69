"""The shop's bottom row: Buy nothing, Undo (when offered), the cart, Clear cart and Buy, laid out so that every
label and key hint stays inside its button and the cart keeps its label and both chips clear of the buttons
(``ShopButtonRow``, a part of ``shop_panel.ShopPanel``).
"""

from __future__ import annotations

import pygame

from ... import i18n
from ...i18n import _
from ..app import text_engine
from ..keys import Act
from ..widgets import Button


class ShopButtonRow:
    """How the shop's row of buttons and its cart share the row (the ShopPanel makes the buttons)."""

    buy_b: Button
    clear_b: Button
    nothing_b: Button
    undo_rect: pygame.Rect
    cart_rect: pygame.Rect
    cart_stacked: bool
    undo_crowded: bool

    GAP = 14  # between two buttons
    CART_GAP = 20  # between the cart and the buttons on either side

    def cart_need(self, h: int, stacked: bool) -> int:
        """The width the cart needs for its label and two chips: side by side, or (``stacked``) the label above
        the chips."""
        te = text_engine()
        rad = self._cart_radius(h, stacked)
        chips = 2 * (2 * rad + 12)
        with te.roomy():
            if stacked:
                return max(chips, te.size(_("Cart:"), "sans-bold", 16)[0])
            return te.size(_("Cart:"), "sans-bold", 22)[0] + 10 + chips

    @staticmethod
    def _cart_radius(h: int, stacked: bool) -> int:
        te = text_engine()
        if stacked:
            return max(10, min(18, (h - te.linesize("sans-bold", 16) - 4) // 2))
        return max(16, min(24, h // 2 - 8))

    def _place_row(self, row: pygame.Rect, with_undo: bool) -> None:
        """Buy nothing, Undo (when offered), the cart, Clear cart and Buy along ``row``: the buttons as wide as
        asked when all fits, else each down to what its label needs, so that the cart keeps its label and both
        chips clear of the buttons (issue 30: with Undo shown the cart lost its label and a chip hid under Clear
        cart, and Undo overlapped Clear cart); the label goes above the chips when even that is short."""
        self.undo_crowded = False
        left = [self.nothing_b] + ([self.undo_b_rect_button()] if with_undo else [])
        right = [self.clear_b, self.buy_b]
        buttons = left + right
        asked = [b.rect.w for b in buttons]
        least = [min(w, self._label_need(b)) for b, w in zip(buttons, asked)]
        gaps = self.GAP * (len(left) - 1 + len(right) - 1) + 2 * self.CART_GAP
        room = row.w - gaps
        self.cart_stacked = False
        cart = self.cart_need(row.h, False)
        if sum(least) + cart > room:
            self.cart_stacked = True
            cart = self.cart_need(row.h, True)
        widths = list(asked)
        over = sum(asked) + cart - room
        if over > 0:  # take from each button's slack above its need, in proportion
            slack = [a - n for a, n in zip(asked, least)]
            total = sum(slack)
            take = min(over, total)
            widths = [a - (take * sl // total if total else 0) for a, sl in zip(asked, slack)]
            over = sum(widths) + cart - room
            if over > 0:  # not even the labels' needs on one line fit: the labels shrink and take two lines, each
                keys = [self.fit_least(b) for b in buttons]  # drawn whole (``label_fits``)
                slack = [max(0, w - k) for w, k in zip(widths, keys)]
                total = sum(slack)
                take = min(over, total)
                widths = [w - (take * sl // total if total else 0) for w, sl in zip(widths, slack)]
                over = sum(widths) + cart - room
            if over > 0:  # last of all, every button gives up alike
                widths = [max(40, w - over * w // sum(widths) - 1) for w in widths]
                if with_undo and any(w < self._word_need(b) for b, w in zip(buttons, widths)):
                    # a label that fits at no size: Undo leaves the row (Ctrl+Z still takes back, as the key help says)
                    self._place_row(row, False)
                    self.undo_crowded = True
                    return
        if with_undo and not all(self.label_fits(b, w) for b, w in zip(buttons, widths)):
            self._place_row(row, False)  # a label would be cut short: Undo leaves the row (Ctrl+Z stays)
            self.undo_crowded = True
            return
        x = row.x
        for b, w in zip(left, widths):
            b.rect = pygame.Rect(x, row.y, w, row.h)
            x += w + self.GAP
        cart_x = x - self.GAP + self.CART_GAP
        x = row.right
        for b, w in zip(reversed(right), reversed(widths[len(left):])):
            b.rect = pygame.Rect(x - w, row.y, w, row.h)
            x -= w + self.GAP
        cart_right = x + self.GAP - self.CART_GAP
        self.cart_rect = pygame.Rect(cart_x, row.y, max(0, cart_right - cart_x), row.h)
        if with_undo:
            self.undo_rect = left[-1].rect.copy()

    def _word_need(self, b: Button) -> int:
        """The least width in which ``b``'s label can be drawn at all: its longest word at the smallest size a table
        shows (12 px), above its key hint where the button is tall enough for both, else beside it."""
        te = text_engine()
        with te.roomy():
            small = te.floor(12)
            word = max((te.size(w, "sans-semibold", small)[0] for w in b.label.split()), default=0)
            line = te.height("sans-semibold", small)
        with te.crowded():
            kh = te.size(b.hotkey_label or "X", "sans-bold", Button.KEY_SIZE)[1]
        if b.rect.h - 6 - (kh + 2) >= line:
            return max(word + 20, self._key_need(b))
        return word + self._key_need(b) + 8

    @classmethod
    def fit_least(cls, b: Button) -> int:
        """The least width in which ``b``'s label is drawn whole (``label_fits``), at least its key hint's."""
        w = cls._key_need(b)
        while w < 600 and not cls.label_fits(b, w):  # bounded: 4 px a step
            w += 4
        return w

    @staticmethod
    def label_fits(b: Button, w: int) -> bool:
        """Whether ``b``'s label is drawn whole (no word cut short, every line inside its box) in a button ``w``
        wide, as ``Button.draw`` draws it (at 12 px at the least, on two lines at the most)."""
        te = text_engine()
        probe = Button(pygame.Rect(0, 0, w, b.rect.h), b.label, key=b.key, n=b.n, size=b.size)
        box = probe.label_box()
        with te.roomy():
            size, rows = te.fit_label(b.label, "sans-semibold", b.size, box, 12, 2)
            return not any(te.shortened(r) for r in rows) and len(rows) <= 2 and \
                te.height("sans-semibold", size, len(rows), rows[-1]) <= box.h and \
                all(te.size(r, "sans-semibold", size)[0] <= box.w - 2 for r in rows)  # (2 px: an overhang)

    def undo_b_rect_button(self) -> Button:
        """A stand-in for the Undo button while the row is laid out (its label and key hint, at ``undo_rect``)."""
        return Button(self.undo_rect.copy(), _("Undo"), key=Act.UNDO, size=20)

    @staticmethod
    def _key_need(b: Button) -> int:
        """The least width that keeps ``b``'s key hint inside it."""
        te = text_engine()
        with te.crowded():
            return (te.size(b.hotkey_label, "sans-bold", Button.KEY_SIZE)[0] if b.hotkey_label else 0) + 24

    def _label_need(self, b: Button) -> int:
        """The least width at which ``b``'s label (the longest it takes: "Buy for 88") stays on one line at its
        size in the button's label box (beside its key hint, or above it when the button is that narrow)."""
        te = text_engine()
        label = _("Buy for {n}").format(n=88) if b is self.buy_b else b.label
        with te.roomy():
            lw = te.size(label, "sans-semibold", b.size)[0]
            lh = te.height("sans-semibold", b.size, 1, label)
        with te.crowded():
            kw = te.size(b.hotkey_label, "sans-bold", Button.KEY_SIZE)[0] if b.hotkey_label else 0
        probe = Button(pygame.Rect(b.rect.x, b.rect.y, max(lw, kw + 20), b.rect.h), label, key=b.key, n=b.n,
                       marked=b.marked, size=b.size)
        for _step in range(200):  # bounded: 4 px a step
            box = probe.label_box()
            if box.w >= lw and box.h >= lh:
                break
            probe.rect.w += 4
        return probe.rect.w


_LEAST: dict[tuple[str, float], int] = {}


def row_least() -> int:
    """The least width of a shop whose bottom row keeps every label whole (``label_fits``: Buy nothing, the cart,
    Clear cart and "Buy for 88") in the player's language at the UI scale; ``TableLayout.shopping`` gives a shop
    narrower than that all of the frame, over the pot (a language with long words in a 1000x900 window)."""
    te = text_engine()
    key = (i18n.language(), te.scale)
    if key not in _LEAST:
        with te.roomy():
            bh = 2 * te.linesize("sans-semibold", 12) + te.linesize("sans-bold", Button.KEY_SIZE) + 16
        probes = [Button(pygame.Rect(0, 0, 60, bh), _("Buy nothing"), key=Act.NO, size=20),
                  Button(pygame.Rect(0, 0, 60, bh), _("Clear cart"), key=Act.CLEAR_CART, size=20),
                  Button(pygame.Rect(0, 0, 60, bh), _("Buy for {n}").format(n=88), key=Act.CONFIRM, size=26)]
        need = sum(ShopButtonRow.fit_least(b) for b in probes)
        row = ShopButtonRow()
        _LEAST[key] = need + row.cart_need(bh, True) + row.GAP + 2 * row.CART_GAP + 2 * 24
    return _LEAST[key]
