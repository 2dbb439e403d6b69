"""Statistics per local player: games, wins, scores, best pot, explosions by round, favourite buys."""

from __future__ import annotations

from typing import Any

import pygame

from .. import art
from .. import theme as T
from ..app import LOGICAL, App, Scene
from ..widgets import Button


class StatsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.stats: Any = None
        self.notes: list[str] = []
        self.names: list[str] = []
        self.index = 0
        self.back_b = Button(pygame.Rect(110, LOGICAL[1] - 120, 240, 80), "Back", app.pop, style="dark",
                             hotkey_label="Esc", size=26)

    def enter(self) -> None:
        try:
            from ...storage import stats

            self.stats, self.notes = stats.load_statistics()
            self.names = sorted(self.stats.players) if self.stats is not None else []
        except Exception as e:  # noqa: BLE001
            self.notes = [f"The statistics could not be read: {e}"]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB) and self.names:
                self.index = (self.index + 1) % len(self.names)
                return
            if event.key in (pygame.K_LEFT, pygame.K_UP) and self.names:
                self.index = (self.index - 1) % len(self.names)
                return
        self.back_b.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        from .stats_charts import draw_player

        te = self.app.text
        surf.blit(art.wood(LOGICAL), (0, 0))
        panel = pygame.Rect(100, 60, LOGICAL[0] - 200, LOGICAL[1] - 200)
        art.panel(surf, panel, seed=15)
        te.blit(surf, "Statistics", (160, 90), "serif-bold", 56, T.INK)
        if not self.names:
            te.blit(surf, "No finished games yet.", (160, 210), "sans", 24, T.INK_SOFT)
        else:
            name = self.names[self.index]
            te.blit(surf, f"{name}   ({self.index + 1} of {len(self.names)}, Left/Right for others)", (160, 170),
                    "sans-semibold", 22, T.INK_SOFT)
            draw_player(surf, te, self.stats.players[name], pygame.Rect(160, 220, panel.w - 120, panel.h - 200))
        for i, n in enumerate(self.notes[:3]):
            te.blit(surf, n[:150], (160, LOGICAL[1] - 190 - i * 28), "sans", 16, (150, 40, 30))
        self.back_b.draw(surf)
