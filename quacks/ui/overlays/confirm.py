"""A question before something costly and irreversible (a white chip that explodes the pot, coins left
unspent): Enter or Y (the language's "yes" letter: J in German and Dutch) does it, Esc or N goes back. A question
with a safe default (starting a game while another is unfinished, leaving a game) goes back on Enter too; only Y or
a click does it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _
from .. import theme as T
from ..app import App, canvas_rect
from ..keys import Act
from ..widgets import Button
from .base import MARGIN, Overlay, grown

TEXT = ("sans-semibold", 22)


class Confirm(Overlay):
    veil = 150
    seed = 77

    def __init__(self, app: App, text: str, on_yes: Callable[[], None], yes: str = "", no: str = "",
                 safe_default: bool = False) -> None:
        super().__init__(app, grown(app, (760, 280)))
        self.text = text
        self.on_yes = on_yes
        self.yes, self.no = yes, no
        self.safe_default = safe_default
        self.layout()

    def layout(self) -> None:
        """A panel as wide as at 100% grown with the UI scale (within the canvas) and as tall as the question and
        the buttons under it, in the middle of the canvas; again after a resize (``canvas_changed``)."""
        te = self.app.text
        c = canvas_rect()
        w = grown(self.app, (760, 280))[0]
        with te.roomy():
            bh = max(64, te.height("sans-semibold", 24) + 26)
            room = pygame.Rect(0, 0, w - 80, c.h - 2 * MARGIN - 30 - 24 - bh - 32)
            size, lines = te.fit_block(self.text, *TEXT, room)
            text_h = len(lines) * (te.linesize(TEXT[0], size) + 2)
        h = max(grown(self.app, (760, 200))[1], 30 + text_h + 24 + bh + 32)
        self.rect = pygame.Rect(0, 0, w, min(h, c.h - 2 * MARGIN))
        self.rect.center = c.center
        r = self.rect
        bw = (r.w - 120) // 2
        # ``safe_default``: Enter goes back (a question whose yes should never come from a key pressed on)
        yes_b = Button(pygame.Rect(r.x + 40, r.bottom - 32 - bh, bw, bh), self.yes or _("Yes, do it"), self._yes,
                       key=Act.YES, marked=not self.safe_default, size=24)
        no_b = Button(pygame.Rect(r.right - 40 - bw, r.bottom - 32 - bh, bw, bh), self.no or _("No, go back"),
                      self.close, key=Act.NO, marked=self.safe_default, style="dark", size=24)
        self.buttons = [yes_b, no_b]
        self.default = no_b if self.safe_default else yes_b

    def _yes(self) -> None:
        self.close()
        self.on_yes()

    def draw_body(self, surf: pygame.Surface) -> None:
        te = self.app.text
        r = self.rect
        with te.roomy():
            box = pygame.Rect(r.x + 40, r.y + 30, r.w - 80, self.buttons[0].rect.y - 16 - (r.y + 30))
            size, _lines = te.fit_block(self.text, *TEXT, box)
            te.blit_wrapped(surf, self.text, box, TEXT[0], size, T.INK)
