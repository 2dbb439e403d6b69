"""A decision with more options than the bar holds (a card's "any one 2-chip", a ghost's-breath swap):
the question and one button per option, numbered 1-9. It lies beside the pot, so the pot stays in view, and
the table keeps its keys (B, L, V, Esc)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...rules.actions import Action
from ...rules.chips import CHIP_BY_NAME
from ...wording.decisions import Label
from .. import art
from .. import theme as T
from ..app import App
from ..widgets import KEY_NUMBERS, Button
from .base import Overlay


class ChoiceDialog(Overlay):
    modal = False
    pauses_below = False
    veil = 0
    seed = 88

    def __init__(self, app: App, rect: pygame.Rect, question: str, options: list[tuple[Action, Label]],
                 on_choose: Callable[[Action], None]) -> None:
        super().__init__(app, rect.size)
        self.rect = rect
        self.question = question
        self.on_choose = on_choose
        te = app.text
        n = max(1, len(options))
        with te.roomy():
            # the question takes what it needs (at most 40% of the dialog), the options share the rest
            room = pygame.Rect(0, 0, rect.w - 48, int(rect.h * 0.4))
            self.q_size, lines = te.fit_block(question, "sans-semibold", 20, room, line_gap=0)
            self.text_h = te.height("sans-semibold", self.q_size, len(lines))
            top = rect.y + 18 + self.text_h + 14
            h = min(int(58 * (1 + 0.5 * (te.scale - 1))), (rect.bottom - 16 - top) // n - 6)
        cb = bool(app.settings.colour_blind)
        for i, (a, lb) in enumerate(options):
            icon = None
            if lb.chip:
                c = CHIP_BY_NAME[lb.chip]
                icon = art.chip(c.colour.value, c.value, max(10, min(16, h // 3)), cb)
            self.buttons.append(Button(pygame.Rect(rect.x + 24, top + i * (h + 6), rect.w - 48, h), lb.text,
                                       self._pick(a), hotkey=KEY_NUMBERS[i] if i < 9 else None,
                                       hotkey_label=str(i + 1) if i < 9 else "", tooltip=lb.tip,
                                       size=20 if h >= 44 else 17, icon=icon, style="parchment"))

    def _pick(self, a: Action) -> Callable[[], None]:
        return lambda: self.on_choose(a)

    def on_escape(self) -> None:
        pass  # the decision stays open; Esc reaches the table (its menu)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return False
        if event.type == pygame.KEYDOWN and event.key in KEY_NUMBERS:
            i = KEY_NUMBERS.index(event.key)
            if i < len(self.buttons):
                self.buttons[i].click()
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def hover_help(self, pos: tuple[int, int]) -> str:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b.help_text()
        return ""

    def draw_body(self, surf: pygame.Surface) -> None:
        te = self.app.text
        with te.roomy():
            te.blit_wrapped(surf, self.question, pygame.Rect(self.rect.x + 24, self.rect.y + 18, self.rect.w - 48,
                                                             self.text_h), "sans-semibold", self.q_size, T.INK,
                            line_gap=0)
