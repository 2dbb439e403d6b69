"""The pause menu over the table: resume, save, the rules, settings, back to the title."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _
from ..app import App
from ..widgets import Button
from .base import Overlay, grown


class PauseMenu(Overlay):
    def __init__(self, app: App, items: list[tuple[str, Callable[[], None]]]) -> None:
        super().__init__(app, grown(app, (520, 150 + 84 * len(items))))
        r = self.rect
        step = (r.h - 150 * r.w // 520) // max(1, len(items))
        top = r.bottom - 40 - step * len(items)
        self.buttons = [Button(pygame.Rect(r.x + 60, top + i * step, r.w - 120, step - 18), text, self._run(fn),
                               hotkey_label=str(i + 1), size=24) for i, (text, fn) in enumerate(items)]
        self.default = self.buttons[0]
        self.numbered = True

    def _run(self, fn: Callable[[], None]) -> Callable[[], None]:
        def go() -> None:
            self.close()
            fn()

        return go

    def draw_body(self, surf: pygame.Surface) -> None:
        self.title(surf, _("Paused"), 24, self.buttons[0].rect.y - 16 - (self.rect.y + 24))
