"""Statistics per local player: games, wins, scores, best pot, explosions by round, favourite buys."""

from __future__ import annotations

from typing import Any

import pygame

from ...i18n import _, pgettext
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..widgets import Button


class StatsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.stats: Any = None
        self.notes: list[str] = []
        self.names: list[str] = []
        self.index = 0
        self.layout()

    def layout(self) -> None:
        self.back_b = Button(pygame.Rect(110, canvas_rect().h - 120, 240, 80), _("Back"), self.app.pop,
                             style="dark", hotkey_label=pgettext("key", "Esc"), size=26)

    def enter(self) -> None:
        try:
            from ...storage import stats

            self.stats, self.notes = stats.load_statistics()
            self.names = sorted(self.stats.players) if self.stats is not None else []
        except Exception as e:  # noqa: BLE001
            self.notes = [_("The statistics could not be read: {problem}").format(problem=e)]

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
        surf.blit(art.wood(canvas_rect().size), (0, 0))
        panel = pygame.Rect(100, 60, canvas_rect().w - 200, canvas_rect().h - 200)
        art.panel(surf, panel, seed=15)
        with te.roomy():
            te.blit_fit(surf, _("Statistics"), pygame.Rect(160, 72, 1200, 90), "serif-bold", 56, T.INK,
                        anchor="midleft", lines=1)
            notes_h = sum(te.height("sans", 16, 2) for _n in self.notes[:3])
            bottom = self.back_b.rect.y - 20 - notes_h
            if not self.names:
                te.blit_fit(surf, _("No finished games yet."), pygame.Rect(160, 200, 1200, 60), "sans", 24,
                            T.INK_SOFT, anchor="midleft")
            else:
                name = self.names[self.index]
                line = _("{name}   ({n} of {count}, Left/Right for others)").format(name=name, n=self.index + 1,
                                                                                     count=len(self.names))
                head = te.blit_fit(surf, line, pygame.Rect(160, 160, panel.w - 120, te.height("sans-semibold", 22)),
                                   "sans-semibold", 22, T.INK_SOFT, anchor="midleft", lines=1)
                draw_player(surf, te, self.stats.players[name], pygame.Rect(160, head.bottom + 20, panel.w - 120,
                                                                            bottom - head.bottom - 20))
            y = bottom + 10
            for n in self.notes[:3]:
                h = te.height("sans", 16, 2)
                te.blit_fit(surf, n, pygame.Rect(160, y, panel.w - 120, h), "sans", 16, (150, 40, 30), anchor="midleft")
                y += h
            self.back_b.draw(surf)
