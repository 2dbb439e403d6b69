"""What every overlay shares: a veil over the scenes below, a parchment panel, buttons with keys."""

from __future__ import annotations

import pygame

from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..keys import Act, Binding
from ..menu import FocusRing
from ..widgets import Button, button_bindings

MARGIN = 24  # an overlay keeps this far from the canvas's edges


def grown(app: App, size: tuple[int, int], k: float = 0.5) -> tuple[int, int]:
    """``size`` (laid out for 100%) at the UI scale: it grows by ``k`` of the scale's step, within the canvas."""
    f = 1 + k * (max(1.0, app.text.scale) - 1)
    return (min(canvas_rect().w - 2 * MARGIN, int(size[0] * f)), min(canvas_rect().h - 2 * MARGIN, int(size[1] * f)))


class Overlay(Scene):
    """A modal panel in the middle of the screen; Esc (``Act.BACK``) closes it (``on_escape``), Enter
    (``Act.CONFIRM``) presses the default button, and each button's own key presses it."""

    opaque = False
    veil = 170  # how dark the table behind gets (0-255)
    seed = 66  # the parchment's grain

    def __init__(self, app: App, size: tuple[int, int]) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(0, 0, *size)
        self.rect.center = (canvas_rect().w // 2, canvas_rect().h // 2)
        self.buttons: list[Button] = []
        self.default: Button | None = None
        self.ring: FocusRing | None = None  # a menu's mark (``mark_buttons``)

    def mark_buttons(self, tabs: bool = False) -> None:
        """A menu: the arrows (and Tab, off the table) move a mark over the buttons, Enter presses the marked one."""
        self.ring = FocusRing(self.buttons, tabs=tabs)
        self.ring.index = 0

    def close(self) -> None:
        self.app.pop(self)

    def on_escape(self) -> None:
        self.close()

    def bindings(self) -> list[Binding]:
        """Each button's key, Esc (``on_escape``) and Enter (the default button)."""
        out = button_bindings(self.buttons)
        out.append(Binding(Act.BACK, self.on_escape, target="close"))
        d = self.default
        if d is not None:
            out.append(Binding(Act.CONFIRM, d.click, target=d.label, enabled=d.enabled, reason=d.reason))
        return out + (self.ring.bindings() if self.ring is not None else [])

    def handle(self, event: pygame.event.Event) -> bool:
        if self.ring is not None:
            self.ring.hover(event)
        if self.press(event):
            return True
        for b in self.buttons:
            if b.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surf: pygame.Surface) -> None:
        if self.veil:
            veil = pygame.Surface(canvas_rect().size, pygame.SRCALPHA)
            veil.fill((10, 6, 4, self.veil))
            surf.blit(veil, (0, 0))
        art.panel(surf, self.rect, seed=self.seed)
        with self.app.text.within(self.rect):
            self.draw_body(surf)
        for b in self.buttons:
            b.draw(surf)
        if self.ring is not None:
            self.ring.draw(surf)

    def draw_body(self, surf: pygame.Surface) -> None:
        """What the panel shows besides its buttons."""

    def title(self, surf: pygame.Surface, text: str, y: int = 30, h: int = 0) -> pygame.Rect:
        """The overlay's heading, centred at the top (it fits the panel's width); returns where it went."""
        te = self.app.text
        with te.roomy():
            box = pygame.Rect(self.rect.x + 24, self.rect.y + y, self.rect.w - 48, h or te.height("serif-bold", 44))
            return te.blit_fit(surf, text, box, "serif-bold", 44, T.INK)
