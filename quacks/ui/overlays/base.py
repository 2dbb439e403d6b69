"""What every overlay shares: a veil over the scenes below, a parchment panel, buttons with keys."""

from __future__ import annotations

import pygame

from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..widgets import KEY_NUMBERS, Button

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
MARGIN = 24  # an overlay keeps this far from the canvas's edges


def grown(app: App, size: tuple[int, int], k: float = 0.5) -> tuple[int, int]:
    """``size`` (laid out for 100%) at the UI scale: it grows by ``k`` of the scale's step, within the canvas."""
    f = 1 + k * (max(1.0, app.text.scale) - 1)
    return (min(canvas_rect().w - 2 * MARGIN, int(size[0] * f)), min(canvas_rect().h - 2 * MARGIN, int(size[1] * f)))


class Overlay(Scene):
    """A modal panel in the middle of the screen; Esc closes it (``on_escape``), Enter presses the
    default button, 1-9 the numbered ones."""

    opaque = False
    veil = 170  # how dark the table behind gets (0-255)
    seed = 66  # the parchment's grain

    def __init__(self, app: App, size: tuple[int, int]) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(0, 0, *size)
        self.rect.center = (canvas_rect().w // 2, canvas_rect().h // 2)
        self.buttons: list[Button] = []
        self.default: Button | None = None
        self.numbered = False  # 1-9 press the buttons in order

    def close(self) -> None:
        self.app.pop(self)

    def on_escape(self) -> None:
        self.close()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.on_escape()
                return True
            if event.key in ENTER_KEYS and self.default is not None:
                self.default.click()
                return True
            if self.numbered and event.key in KEY_NUMBERS:
                i = KEY_NUMBERS.index(event.key)
                if i < len(self.buttons):
                    self.buttons[i].click()
                return True
            for b in self.buttons:
                if b.hotkey == event.key:
                    b.click()
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

    def draw_body(self, surf: pygame.Surface) -> None:
        """What the panel shows besides its buttons."""

    def title(self, surf: pygame.Surface, text: str, y: int = 30, h: int = 0) -> pygame.Rect:
        """The overlay's heading, centred at the top (it fits the panel's width); returns where it went."""
        te = self.app.text
        with te.roomy():
            box = pygame.Rect(self.rect.x + 24, self.rect.y + y, self.rect.w - 48, h or te.height("serif-bold", 44))
            return te.blit_fit(surf, text, box, "serif-bold", 44, T.INK)
