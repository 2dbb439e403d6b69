"""The pause menu over the table: resume, save, the rules, settings, back to the title. Each item has the key of
its act in the one table of keys (``ui/keys.py``: Esc resumes, Ctrl+S saves, F1 the rules, O the settings, G the
lessons, Q leaves), the same key that does it at the table itself; never a number that moves with the list."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _
from ..app import App, canvas_rect
from ..keys import Act
from ..widgets import Button
from .base import MARGIN, Overlay, grown


class PauseMenu(Overlay):
    def __init__(self, app: App, items: list[tuple[str, Callable[[], None], Act]], title: str = "") -> None:
        super().__init__(app, grown(app, (520, 150 + 84 * len(items))))
        self.items = items
        self.heading = title  # "" says Paused
        self.layout()

    def layout(self) -> None:
        """The title and a column of buttons as tall as their labels at the UI scale (closer together where the
        canvas is short), as wide as the longest label wants; in the middle of the canvas, again after a resize."""
        te = self.app.text
        c = canvas_rect()
        n = max(1, len(self.items))
        with te.roomy():
            title_h = te.height("serif-bold", 44)
            bh = max(56, te.height("sans-semibold", 24) + 18)
            label_w = max([te.size(text, "sans-semibold", 24)[0] for text, _fn, _act in self.items] + [0])
        step = bh + 18
        top = 24 + title_h + 24
        h = min(c.h - 2 * MARGIN, top + step * n + 22)
        step = min(step, (h - top - 22) // n)  # a short canvas: the buttons close up
        w = min(c.w - 2 * MARGIN, max(grown(self.app, (520, 0))[0], label_w + 2 * 60 + 80))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = c.center
        r = self.rect
        self.buttons = [Button(pygame.Rect(r.x + 60, r.y + top + i * step, r.w - 120, step - 18), text, self._run(fn),
                               key=act, size=24) for i, (text, fn, act) in enumerate(self.items)]
        self.default = None
        self.mark_buttons()  # Enter presses the marked item (Resume at first); every item has its own key too

    def _run(self, fn: Callable[[], None]) -> Callable[[], None]:
        def go() -> None:
            self.close()
            fn()

        return go

    def draw_body(self, surf: pygame.Surface) -> None:
        self.title(surf, self.heading or _("Paused"), 24, self.buttons[0].rect.y - 16 - (self.rect.y + 24))
