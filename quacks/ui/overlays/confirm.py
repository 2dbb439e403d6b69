"""A question before something costly and irreversible (a white chip that explodes the pot, coins left
unspent): Enter or Y does it, Esc or N goes back. A question with a safe default (starting a game while another is
unfinished) goes back on Enter too; only Y or a click does it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _, pgettext
from .. import theme as T
from ..app import App
from ..widgets import Button
from .base import Overlay, grown


class Confirm(Overlay):
    veil = 150
    seed = 77

    def __init__(self, app: App, text: str, on_yes: Callable[[], None], yes: str = "", no: str = "",
                 safe_default: bool = False) -> None:
        super().__init__(app, grown(app, (760, 280)))
        self.text = text
        self.on_yes = on_yes
        r = self.rect
        bw, bh = (r.w - 120) // 2, max(64, r.h // 4)
        # ``safe_default``: Enter goes back (a question whose yes should never come from a key pressed on)
        yes_b = Button(pygame.Rect(r.x + 40, r.bottom - 32 - bh, bw, bh), yes or _("Yes, do it"), self._yes,
                       hotkey=pygame.K_y, hotkey_label="Y" if safe_default else pgettext("key", "Enter"), size=24)
        no_b = Button(pygame.Rect(r.right - 40 - bw, r.bottom - 32 - bh, bw, bh), no or _("No, go back"), self.close,
                      hotkey=pygame.K_n, hotkey_label=pgettext("key", "Enter") if safe_default else
                      pgettext("key", "Esc"), style="dark", size=24)
        self.buttons = [yes_b, no_b]
        self.default = no_b if safe_default else yes_b

    def _yes(self) -> None:
        self.close()
        self.on_yes()

    def draw_body(self, surf: pygame.Surface) -> None:
        te = self.app.text
        r = self.rect
        with te.roomy():
            box = pygame.Rect(r.x + 40, r.y + 30, r.w - 80, self.buttons[0].rect.y - 16 - (r.y + 30))
            size, _lines = te.fit_block(self.text, "sans-semibold", 22, box)
            te.blit_wrapped(surf, self.text, box, "sans-semibold", size, T.INK)
