"""A decision with more options than the bar holds (a crow skull's or strong-ingredient's chips, a card's
"any one 2-chip", a ghost's-breath swap): the question and the options, each with its key from the one table
(``ui/table/option_keys.py``: the chips 1-9 in the order shown, a decline N, ...). It lies beside the
deciding seat's pot, never over it (issue 32: the pot shows where a pick would land), at the bottom of the
panel's place, so the name, the white total and what stopping gives stay in sight above it while it decides;
the table keeps its keys (B, L, V, Esc).

Chips to pick from are drawn as chips, every one of them (two white 1s are two chips), and a chip that would
explode the pot is ringed red and says so before it is clicked (the table still asks to confirm)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...i18n import _
from ...rules.actions import Action
from ...rules.chips import CHIP_BY_NAME, Chip
from ...wording import text as W
from ...wording.decisions import Label
from .. import art, shapes
from .. import theme as T
from ..app import App
from ..keys import Act, Binding, label
from ..table.option_keys import OptionKey
from ..widgets import Button, button_bindings, draw_row
from .base import Overlay


@dataclass
class ChipOption:
    """One chip to pick (the action picks that kind of chip; duplicates are separate chips on the screen)."""

    chip: Chip
    action: Action
    explodes: bool
    rect: pygame.Rect


class ChoiceDialog(Overlay):
    modal = False
    pauses_below = False
    veil = 0
    seed = 88

    def __init__(self, app: App, rect: pygame.Rect, question: str, options: list[tuple[Action, Label, OptionKey]],
                 on_choose: Callable[[Action], None], chips: list[Chip] | None = None,
                 explodes: Callable[[Chip], bool] | None = None, at_bottom: bool = False) -> None:
        super().__init__(app, rect.size)
        self.rect = rect
        self.question = question
        self.on_choose = on_choose
        self.chip_options: list[ChipOption] = []
        self.hover_chip: int | None = None
        te = app.text
        by_name: dict[str | None, Action] = {lb.chip: a for a, lb, _k in options if lb.chip}
        shown = [c for c in (chips or []) if c.name in by_name]  # each chip as drawn, in the order they came
        rest = [(a, lb, k) for a, lb, k in options if not (shown and lb.chip)]
        with te.roomy():
            # the question takes what it needs (at most 40% of the dialog), the options share the rest
            room = pygame.Rect(0, 0, rect.w - 48, int(rect.h * 0.4))
            self.q_size, lines = te.fit_block(question, "sans-semibold", 20, room, line_gap=0)
            self.text_h = te.height("sans-semibold", self.q_size, len(lines))
            top = rect.y + 18 + self.text_h + 14
            if shown:
                top = self._place_chips(shown, by_name, explodes, top)
            n = max(1, len(rest))
            h = max(34, min(int(58 * (1 + 0.5 * (te.scale - 1))), (rect.bottom - 20 - top) // n - 6))
        cb = bool(app.settings.colour_blind)
        for i, (a, lb, k) in enumerate(rest):
            icon = None
            if lb.chip:
                c = CHIP_BY_NAME[lb.chip]
                icon = art.chip(c.colour.value, c.value, max(10, min(16, h // 3)), cb)
            self.buttons.append(Button(pygame.Rect(rect.x + 24, top + i * (h + 6), rect.w - 48, h), lb.text,
                                       self._pick(a), key=k.act, n=k.n, tooltip=lb.tip,
                                       size=20 if h >= 44 else 17, icon=icon, style="parchment"))
        # as high as its options need (from the top of the room it was given): no large empty sheet
        bottom = max([b.rect.bottom for b in self.buttons] + [o.rect.bottom for o in self.chip_options] + [top])
        #: everything has its room in the rectangle given (the table then tries a taller one if not)
        self.fits = bottom + 14 <= rect.bottom and all(b.rect.h >= 40 for b in self.buttons)
        self.rect = pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, bottom + 20 - rect.y))
        if at_bottom:  # as high as it needs, at the bottom of its room (what is above it stays in sight)
            dy = rect.bottom - self.rect.bottom
            self.rect.move_ip(0, dy)
            for b in self.buttons:
                b.rect.move_ip(0, dy)
            for o in self.chip_options:
                o.rect.move_ip(0, dy)

    def _place_chips(self, chips: list[Chip], by_name: dict[str | None, Action],
                     explodes: Callable[[Chip], bool] | None, top: int) -> int:
        """Lay the chips out in a row (two rows if they need it); the y under them."""
        te = self.app.text
        r = self.rect
        n = len(chips)
        cap = te.linesize("sans-semibold", 14) * 2
        per_row = n if n <= 5 else (n + 1) // 2
        cell = min(int(96 * (1 + 0.3 * (te.scale - 1))), (r.w - 48) // per_row)
        rows = -(-n // per_row)
        y = top
        for i, c in enumerate(chips):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            x0 = r.centerx - in_row * cell // 2
            cr = pygame.Rect(x0 + col * cell, y + row * (cell + cap), cell, cell + cap)
            self.chip_options.append(ChipOption(c, by_name[c.name], bool(explodes and explodes(c)), cr))
        return y + rows * (cell + cap) + 10

    def _pick(self, a: Action) -> Callable[[], None]:
        return lambda: self.on_choose(a)

    def on_escape(self) -> None:
        pass  # the decision stays open; Esc reaches the table (its menu)

    def _chip_at(self, pos: tuple[int, int]) -> int | None:
        for i, o in enumerate(self.chip_options):
            if o.rect.collidepoint(pos):
                return i
        return None

    def bindings(self) -> list[Binding]:
        """The chips shown, 1-9 in their order (a list of one kind: the chips looked at), and each other option's
        own key. Esc is not the dialog's: the decision stays open and Esc reaches the table (its menu)."""
        chips = [Binding(Act.OPTION, self._pick(o.action), i + 1, str(o.action), kind="chip")
                 for i, o in enumerate(self.chip_options[:9])]
        return chips + button_bindings(self.buttons)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.press(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_chip = self._chip_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self._chip_at(event.pos)
            if hit is not None:
                self.on_choose(self.chip_options[hit].action)
                return True
        for b in self.buttons:
            if b.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def hover_help(self, pos: tuple[int, int]) -> str:
        i = self._chip_at(pos)
        if i is not None:
            o = self.chip_options[i]
            text = _("Place {chip} as your next chip; the others go back into the bag.").format(
                chip=W.chip_name(o.chip))
            if o.explodes:
                text += " " + _("It would explode your pot.")
            return text
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b.help_text()
        return ""

    def draw(self, surf: pygame.Surface) -> None:
        """As every overlay, with its option buttons' labels at one size (review item 15: one size per row)."""
        buttons, self.buttons = self.buttons, []
        try:
            super().draw(surf)
        finally:
            self.buttons = buttons
        draw_row(surf, buttons)

    def draw_body(self, surf: pygame.Surface) -> None:
        te = self.app.text
        with te.roomy():
            te.blit_wrapped(surf, self.question, pygame.Rect(self.rect.x + 24, self.rect.y + 18, self.rect.w - 48,
                                                             self.text_h), "sans-semibold", self.q_size, T.INK,
                            line_gap=0)
            cb = bool(self.app.settings.colour_blind)
            for i, o in enumerate(self.chip_options):
                r = o.rect
                radius = max(12, int(min(r.w, r.h) * 0.34))
                centre = (r.centerx, r.y + r.w // 2)
                if i == self.hover_chip:
                    pygame.draw.circle(surf, T.FOCUS, centre, radius + 8, 3)
                if o.explodes:
                    pygame.draw.circle(surf, T.DANGER, centre, radius + 5, 4)
                img = art.chip(o.chip.colour.value, o.chip.value, radius, cb)
                shapes.note("chip", surf, surf.blit(img, img.get_rect(center=centre)), o.chip.name)
                if i < 9:
                    te.blit(surf, label(Act.OPTION, i + 1), (r.x + 6, r.y + 2), "sans-bold", 14, T.INK_SOFT, box=r)
                cap = pygame.Rect(r.x + 2, centre[1] + radius + 8, r.w - 4, r.bottom - (centre[1] + radius + 8))
                if o.explodes:
                    te.blit_fit(surf, _("explodes"), cap, "sans-bold", 14, T.DANGER, min_size=12)
                else:
                    te.blit_fit(surf, W.chip_name(o.chip), cap, "sans", 14, T.INK_SOFT, min_size=12)
