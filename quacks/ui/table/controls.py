"""The controls of a human decision: the question, and a button per legal action (Draw, Stop, Flask while
brewing; the shop's cart; the options of any other decision), each with a key and, when disabled, the
reason. Decisions with more options than fit in the bar are answered in a choice dialog instead.

The words come from ``quacks.wording.decisions``; what a click does is ``on_choose(seat, action)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ...i18n import N_, _, pgettext
from ...rules.actions import DRAW, FLASK, STOP, Action
from ...rules.chips import CHIP_BY_NAME
from ...rules.game import Game
from ...rules.kinds import DecisionKind
from ...wording.decisions import BrewWords, Label, label, prompt
from .. import art
from .. import theme as T
from ..app import text_engine
from ..widgets import KEY_NUMBERS, Button, draw_row
from .layout import TableLayout
from .shop_panel import ShopPanel

BAR_MAX = 4  # options that still fit in the bar; more go to a choice dialog
KEYS_LINE = N_("B bag · L log · V another pot · Esc menu")


class Controls:
    def __init__(self, layout: TableLayout, on_choose: Callable[[int, Action], None]) -> None:
        self.layout = layout
        self.on_choose = on_choose
        self.seat: int | None = None
        self.kind: DecisionKind | None = None
        self.buttons: list[Button] = []
        self.shop: ShopPanel | None = None
        self.choices: list[tuple[Action, Label]] = []  # a decision answered in the choice dialog
        self.hint = ""  # why the key just pressed does nothing
        self.key: object = None
        self.undo: Button | None = None  # shown while the last action can be taken back
        self.who = ""  # hot-seat: the deciding seat's name, said with the question (no hand-off for public decisions)
        self.note = ""  # hot-seat: what the last stir revealed, in the place of the key hints until the next reveal

    def relayout(self) -> None:
        """The table moved (a new window size or UI scale): the buttons are built again at the next update in
        their new places; a shop keeps its cart."""
        if self.shop is not None:
            f = self.layout.focus
            self.shop.move_to(pygame.Rect(f.x, f.y, f.w, self.layout.actions.bottom - f.y))
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
            f = self.layout.focus
            r = pygame.Rect(f.x, f.y, f.w, self.layout.actions.bottom - f.y)
            self.shop = ShopPanel(g, seat, r, acts, lambda a: choose(seat, a), colour_blind)
            return True
        bar = self.layout.actions
        if self.kind is DecisionKind.BREW:
            x = bar.x
            for a, hk, k in ((DRAW, pgettext("key", "Space"), pygame.K_SPACE), (STOP, "S", pygame.K_s),
                             (FLASK, "F", pygame.K_f)):
                lb = label(g, seat, a)
                self.buttons.append(Button(pygame.Rect(x, bar.y, 230, bar.h), lb.text, partial(choose, seat, a),
                                           hotkey=k, hotkey_label=hk, enabled=a in acts, tooltip=lb.tip,
                                           reason=BrewWords.why_not(g, seat, a), size=26,
                                           style="parchment" if a == STOP else "brass"))
                x += 242
            return True
        labels = [(a, label(g, seat, a)) for a in acts]
        if len(acts) > BAR_MAX or self.kind is DecisionKind.PICK:  # chips to pick: each drawn as a chip (dialog)
            self.choices = labels
            return True
        gap = 10
        w = max(140, min(330, (bar.w - gap * (len(acts) - 1)) // max(1, len(acts))))
        for i, (a, lb) in enumerate(labels):
            icon = None
            if lb.chip:
                c = CHIP_BY_NAME[lb.chip]
                icon = art.chip(c.colour.value, c.value, 16, colour_blind)
            self.buttons.append(Button(pygame.Rect(bar.x + i * (w + gap), bar.y, w, bar.h), lb.text,
                                       partial(choose, seat, a), hotkey=KEY_NUMBERS[i], hotkey_label=str(i + 1),
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
                               hotkey_label=pgettext("key", "Ctrl+Z"), style="dark", size=20,
                               tooltip=_("Take back your last choice (nothing random has happened since)."))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.undo is not None and self.undo.handle(event):
            return True
        if self.shop is not None and self.shop.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            for b in self.buttons:
                if b.hotkey == event.key:
                    if b.enabled:
                        b.click()
                    else:
                        self.hint = b.reason
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
                    te.blit_fit(surf, _("Tab: skip to my turn"), tab, "sans", 18, T.PARCHMENT_DARK, anchor="midright")
            return
        draw_row(surf, self.buttons)  # one label size along the bar
        self._draw_prompt(surf, g)

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
            note = self.hint or self.note or _(KEYS_LINE)
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
                te.blit_fit(surf, note, box, "sans", size, colour, anchor="midright", min_size=12)
                width -= kw + 24
            rect = pygame.Rect(area.x + 4, area.y, width - 4, area.h)
            size, lines = te.fit_block(self.question(g), "sans-semibold", 20, rect, min_size=12, line_gap=0)
            lh = te.linesize("sans-semibold", size)
            y = area.bottom - lh * len(lines)
            for line in lines:
                te.blit(surf, line, (rect.x, y), "sans-semibold", size, T.CREAM, box=rect)
                y += lh
