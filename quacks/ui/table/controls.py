"""The controls of a human decision: the question, and a button per legal action (Draw, Stop, Flask while
brewing; the shop's cart; the options of any other decision), each with its key from the one table of keys
(``ui/keys.py``, ``option_keys.py``) and, when disabled, the reason. Decisions with more options than fit in the
bar are answered in a choice dialog instead.

The words come from ``quacks.wording.decisions``; what a click does is ``on_choose(seat, action)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ...i18n import _
from ...rules.actions import DRAW, FLASK, STOP, Action
from ...rules.chips import CHIP_BY_NAME
from ...rules.game import Game
from ...rules.kinds import DecisionKind
from ...wording.decisions import BrewWords, Label, label, prompt
from .. import art
from .. import theme as T
from ..app import text_engine
from ..keys import Act, Binding
from ..keys import label as key_label
from ..widgets import Button, button_bindings, button_w, draw_row
from .layout import TableLayout
from .option_keys import OptionKey, option_keys
from .shop_panel import ShopPanel

BAR_MAX = 4  # options that still fit in the bar; more go to a choice dialog


def keys_line() -> str:
    """The table's keys that are always there, said under the bar ("B bag · L log · V another pot · Esc menu")."""
    # Translators: the keys of the table that are always there; {bag} etc. are key names from the key table; keep
    # each key and its words together with no-break spaces (a line never ends between them)
    return _("{bag}\u00a0bag · {log}\u00a0log · {pot}\u00a0another\u00a0pot · {menu}\u00a0menu").format(
        bag=key_label(Act.BAG), log=key_label(Act.LOG), pot=key_label(Act.OTHER_POT), menu=key_label(Act.BACK))


class Controls:
    def __init__(self, layout: TableLayout, on_choose: Callable[[int, Action], None]) -> None:
        self.layout = layout
        self.on_choose = on_choose
        self.seat: int | None = None
        self.kind: DecisionKind | None = None
        self.buttons: list[Button] = []
        self.shop: ShopPanel | None = None
        self.choices: list[tuple[Action, Label, OptionKey]] = []  # a decision answered in the choice dialog
        self.hint = ""  # why the key just pressed does nothing
        self.key: object = None
        self.undo: Button | None = None  # shown while the last action can be taken back
        self.who = ""  # hot-seat: the deciding seat's name, said with the question (R48: no hand-off card)
        self.note = ""  # hot-seat: what the last stir revealed, in the place of the key hints until the next reveal
        self.prompt_end: int | None = None  # where the question drawn in the prompt row ends (toasts go right of it)

    def relayout(self) -> None:
        """The table moved (a new window size or UI scale): the buttons are built again at the next update in
        their new places; a shop keeps its cart."""
        if self.shop is not None:
            place = self.layout.shopping()
            self.shop.move_to(place.shop)
            self.shop.beside = place.beside
        else:
            self.key = None
        self.undo = None

    def clear(self) -> None:
        self.seat = None
        self.kind = None
        self.buttons = []
        self.shop = None
        self.choices = []
        self.hint = ""
        self.key = None

    @property
    def active(self) -> bool:
        return self.seat is not None

    def build(self, g: Game, seat: int, colour_blind: bool) -> bool:
        """Controls for the seat's current decision; False if they were already up to date."""
        acts = list(g.legal_actions(seat))
        key = (seat, g.decision_kind(seat), tuple(acts), g.version)
        if key == self.key:
            return False
        self.clear()
        self.key = key
        self.seat = seat
        self.kind = g.decision_kind(seat)
        choose = self.on_choose
        if self.kind is DecisionKind.SHOP:
            place = self.layout.shopping()  # beside the pot where the frame has room (issue 32)
            self.shop = ShopPanel(g, seat, place.shop, acts, lambda a: choose(seat, a), colour_blind)
            self.shop.beside = place.beside
            return True
        bar = self.layout.actions
        if self.kind is DecisionKind.BREW:
            x = bar.x
            w = min(button_w(), (bar.w - 24) // 3)  # wider at a larger UI scale, as far as the bar has room
            for a, act in ((DRAW, Act.DRAW), (STOP, Act.STOP), (FLASK, Act.FLASK)):
                lb = label(g, seat, a)
                self.buttons.append(Button(pygame.Rect(x, bar.y, w, bar.h), lb.text, partial(choose, seat, a),
                                           key=act, enabled=a in acts, tooltip=lb.tip,
                                           reason=BrewWords.why_not(g, seat, a), size=26,
                                           style="parchment" if a == STOP else "brass"))
                x += w + 12
            return True
        keyed = option_keys(g, seat, acts)
        labels = [(a, label(g, seat, a), k) for a, k in zip(acts, keyed)]
        if len(acts) > BAR_MAX or self.kind is DecisionKind.PICK:  # chips to pick: each drawn as a chip (dialog)
            self.choices = labels
            return True
        gap = 10
        w = max(140, min(330, (bar.w - gap * (len(acts) - 1)) // max(1, len(acts))))
        for i, (a, lb, k) in enumerate(labels):
            icon = None
            if lb.chip:
                c = CHIP_BY_NAME[lb.chip]
                icon = art.chip(c.colour.value, c.value, 16, colour_blind)
            self.buttons.append(Button(pygame.Rect(bar.x + i * (w + gap), bar.y, w, bar.h), lb.text,
                                       partial(choose, seat, a), key=k.act, n=k.n,
                                       tooltip=lb.tip, size=19 if len(lb.text) > 16 else 22, icon=icon))
        return True

    # ------------------------------------------------------------------------------------------------
    def offer_undo(self, on_undo: Callable[[], None] | None) -> None:
        """Show the Undo button (Ctrl+Z) while ``on_undo`` is given (in the shop, the shop shows it)."""
        if self.shop is not None:
            self.shop.offer_undo(on_undo)
            self.undo = None
            return
        if on_undo is None:
            self.undo = None
        elif self.undo is None:
            bar = self.layout.actions
            # larger at larger UI scales (its label and key hint grow), within the prompt's height
            k = max(1.0, text_engine().scale) - 1
            w, h = int(170 * (1 + 0.5 * k)), min(int(50 + 26 * k), self.layout.prompt.h - 4)
            self.undo = Button(pygame.Rect(bar.right - w, bar.y - 12 - h, w, h), _("Undo"), on_undo,
                               key=Act.UNDO, style="dark", size=20,
                               tooltip=_("Take back your last choice (nothing random has happened since)."))

    def bindings(self) -> list[Binding]:
        """The keys of the decision's buttons (or of the shop); the choice dialog has its own."""
        if self.shop is not None:
            return self.shop.bindings()
        return button_bindings(self.buttons)

    def refuse(self, reason: str) -> None:
        """The key of a disabled button: why, in the hint line."""
        self.hint = reason

    def handle(self, event: pygame.event.Event) -> bool:
        """The mouse (keys come through ``bindings``)."""
        if self.undo is not None and self.undo.handle(event):
            return True
        if self.shop is not None and self.shop.handle(event):
            return True
        return any(b.handle(event) for b in self.buttons)

    def hover_help(self, pos: tuple[int, int]) -> str:
        for b in self.buttons + ([self.undo] if self.undo is not None else []):
            if b.rect.collidepoint(pos):
                return b.help_text()
        if self.shop is not None and self.shop.rect.collidepoint(pos):
            return self.shop.hover_help()
        return ""

    def draw(self, surf: pygame.Surface, g: Game, waiting: str = "") -> None:
        """The bar: the question and buttons of a decision, or what the table waits for (``waiting``)."""
        te = text_engine()
        bar = self.layout.actions
        self.prompt_end = None
        if self.undo is not None:
            self.undo.draw(surf)
        if self.shop is not None:
            self.shop.draw(surf)
            if self.undo is not None:
                self.undo.draw(surf)
            return
        if self.seat is None or self.choices:
            if waiting:
                with te.roomy():
                    tab = pygame.Rect(bar.right - bar.w * 0.32, bar.y, bar.w * 0.32, bar.h)
                    te.blit_fit(surf, waiting, pygame.Rect(bar.x + 4, bar.y, tab.x - bar.x - 20, bar.h),
                                "sans-semibold", 22, T.PARCHMENT_DARK, anchor="midleft")
                    te.blit_fit(surf, _("{skip}: skip to my turn").format(skip=key_label(Act.SKIP)), tab, "sans", 18,
                                T.PARCHMENT_DARK, anchor="midright")
            return
        draw_row(surf, self.buttons)  # one label size along the bar
        self._draw_prompt(surf, g)

    def toast_band(self, used: int | None) -> pygame.Rect:
        """Where toasts go at the table: the prompt row right of what is drawn in it (``used``: where the question
        or a beat's title ends), over the key hints, never over the question (issue 30: a toast covered it); where
        that leaves too little room, the band just above the row."""
        if self.shop is not None:  # the shop lies over the row: its line of hints at the bottom
            return self.shop.help_rect.copy()
        area = self.layout.prompt
        right = self.undo.rect.x - 16 if self.undo is not None else area.right  # Undo sits at the row's right end
        left = area.x if used is None else used + 16
        free = pygame.Rect(left, area.y, right - left, area.h)
        if free.w >= max(240, area.w * 0.3):
            return free
        return pygame.Rect(area.x, area.y - 6 - area.h, area.w, area.h)

    def question(self, g: Game) -> str:
        """The question the deciding seat answers, with its name in hot-seat (``who``)."""
        q = prompt(g, self.seat or 0)
        # Translators: in hot-seat, the question for the seat deciding now: "Ann: Draw another chip, or stop?"
        return _("{name}: {question}").format(name=self.who, question=q) if self.who else q

    def _draw_prompt(self, surf: pygame.Surface, g: Game) -> None:
        """Above the bar (``layout.prompt``): the question on the left, the key hints (or why a key did
        nothing) on the right; both fit their part, on two lines if need be."""
        te = text_engine()
        bar = self.layout.actions
        area = self.layout.prompt
        right = max(b.rect.right for b in self.buttons) if self.buttons else bar.x
        with te.roomy():
            note = self.hint or self.note or keys_line()
            colour = T.WARN if self.hint else T.CREAM if self.note else T.PARCHMENT_DARK
            size = 16 if self.hint else 15
            note_w = te.size(note, "sans", size)[0]
            end = self.undo.rect.x - 16 if self.undo is not None else area.right  # Undo sits on the right
            width = end - area.x
            if not self.hint and right + 16 + note_w <= bar.right:  # the keys fit beside the buttons
                te.blit(surf, note, (bar.right, bar.bottom - 2), "sans", size, colour, "bottomright", box=bar)
            else:  # beside the question, which keeps at least 55% of the room (both wrap, smaller if need be)
                kw = min(note_w, int(width * 0.45))
                box = pygame.Rect(end - kw, area.y, kw, area.h)
                # (on two lines at its size rather than one smaller: the words as large as the UI scale asks)
                te.blit_fit(surf, note, box, "sans", size, colour, anchor="midright", min_size=12, squeeze=1.0)
                width -= kw + 24
            rect = pygame.Rect(area.x + 4, area.y, width - 4, area.h)
            size, lines = te.fit_block(self.question(g), "sans-semibold", 20, rect, min_size=12, line_gap=0)
            lh = te.linesize("sans-semibold", size)
            y = area.bottom - lh * len(lines)
            for line in lines:
                r = te.blit(surf, line, (rect.x, y), "sans-semibold", size, T.CREAM, box=rect)
                self.prompt_end = max(self.prompt_end or r.right, r.right)
                y += lh
