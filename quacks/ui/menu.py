"""Keyboard focus over a list of buttons: Up and Down move it (Tab and Shift+Tab too on a screen outside a game,
where Tab means nothing else), Enter presses the marked button (``ui/keys.py``: ``Act.CONFIRM``)."""

from __future__ import annotations

import pygame

from . import theme as T
from .keys import Act, Binding
from .widgets import Button


class FocusRing:
    def __init__(self, buttons: list[Button] | None = None, tabs: bool = False) -> None:
        self.buttons: list[Button] = buttons or []
        self.index = -1
        self.tabs = tabs  # Tab and Shift+Tab move it too (never over the table, where Tab skips ahead)

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

    def press(self) -> None:
        if self.current is not None:
            self.current.click()

    def bindings(self) -> list[Binding]:
        """Up/Down (and Tab) move the mark, Enter presses the marked button."""
        cur = self.current
        out = [Binding(Act.DOWN, lambda: self.move(1), target="focus"),
               Binding(Act.UP, lambda: self.move(-1), target="focus"),
               Binding(Act.CONFIRM, self.press, target=cur.label if cur is not None else "",
                       enabled=cur is not None and cur.enabled)]
        if self.tabs:
            out += [Binding(Act.NEXT_FIELD, lambda: self.move(1), target="focus"),
                    Binding(Act.PREV_FIELD, lambda: self.move(-1), target="focus")]
        return out

    def hover(self, event: pygame.event.Event) -> None:
        """The mouse over an enabled button marks it."""
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(event.pos) and b.enabled:
                    self.index = i

    def draw(self, surf: pygame.Surface) -> None:
        b = self.current
        if b is not None:
            pygame.draw.rect(surf, T.FOCUS, b.rect.inflate(10, 10), 3, border_radius=16)
