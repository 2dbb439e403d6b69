"""Keyboard focus over a list of buttons (Up/Down/Tab to move, Enter or Space to press)."""

from __future__ import annotations

import pygame

from . import theme as T
from .widgets import Button


class FocusRing:
    def __init__(self, buttons: list[Button] | None = None) -> None:
        self.buttons: list[Button] = buttons or []
        self.index = -1

    def set(self, buttons: list[Button]) -> None:
        cur = self.current
        self.buttons = buttons
        self.index = buttons.index(cur) if cur in buttons else -1

    @property
    def current(self) -> Button | None:
        if 0 <= self.index < len(self.buttons):
            return self.buttons[self.index]
        return None

    def move(self, d: int) -> None:
        if not self.buttons:
            return
        n = len(self.buttons)
        i = self.index
        for _ in range(n):
            i = (i + d) % n if i >= 0 else (0 if d > 0 else n - 1)
            if self.buttons[i].enabled:
                self.index = i
                return

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            if event.type == pygame.MOUSEMOTION:
                for i, b in enumerate(self.buttons):
                    if b.rect.collidepoint(event.pos) and b.enabled:
                        self.index = i
            return False
        shift = event.mod & pygame.KMOD_SHIFT
        if event.key in (pygame.K_DOWN, pygame.K_RIGHT) or (event.key == pygame.K_TAB and not shift):
            self.move(1)
            return True
        if event.key in (pygame.K_UP, pygame.K_LEFT) or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.move(-1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.current is not None:
            return self.current.click()
        return False

    def draw(self, surf: pygame.Surface) -> None:
        b = self.current
        if b is not None:
            pygame.draw.rect(surf, T.FOCUS, b.rect.inflate(10, 10), 3, border_radius=16)
