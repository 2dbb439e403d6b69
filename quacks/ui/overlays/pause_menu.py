"""The pause menu over the table: resume, save, the rules, settings, back to the title."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _
from ..app import App
from ..widgets import Button
from .base import Overlay


class PauseMenu(Overlay):
    def __init__(self, app: App, items: list[tuple[str, Callable[[], None]]]) -> None:
        super().__init__(app, (520, 150 + 84 * len(items)))
        r = self.rect
        self.buttons = [Button(pygame.Rect(r.x + 60, r.y + 110 + i * 84, r.w - 120, 66), text, self._run(fn), size=24)
                        for i, (text, fn) in enumerate(items)]
        self.default = self.buttons[0]
        self.numbered = True

    def _run(self, fn: Callable[[], None]) -> Callable[[], None]:
        def go() -> None:
            self.close()
            fn()

        return go

    def draw_body(self, surf: pygame.Surface) -> None:
        self.title(surf, _("Paused"))
