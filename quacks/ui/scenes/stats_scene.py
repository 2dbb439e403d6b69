"""Statistics per local player: games, wins, scores, best pot, explosions by round, favourite buys."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ...i18n import _
from ...storage import stats
from .. import theme as T
from ..app import App, Scene
from ..keys import Act, Binding
from ..widgets import Button, button_bindings
from .frame import frame
from .stats_charts import draw_player


class StatsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.stats: Any = None
        self.notes: list[str] = []
        self.names: list[str] = []
        self.index = 0
        self.layout()

    def layout(self) -> None:
        self.back_b = Button(pygame.Rect(0, 0, 0, 0), _("Back"), self.app.pop, style="dark", key=Act.BACK, size=26)
        self.frame = frame(self.app.text, [self.back_b])

    def enter(self) -> None:
        try:
            self.stats, self.notes = stats.load_statistics()
            self.names = sorted(self.stats.players) if self.stats is not None else []
        except Exception as e:  # noqa: BLE001
            self.notes = [_("The statistics could not be read: {problem}").format(problem=e)]

    def bindings(self) -> list[Binding]:
        """Esc goes back; the arrows (and Tab) go from one player's page to the next."""
        out = button_bindings([self.back_b])
        if self.names:
            out += [Binding(act, partial(self.turn, d), target="player")
                    for act, d in ((Act.RIGHT, 1), (Act.DOWN, 1), (Act.NEXT_FIELD, 1), (Act.LEFT, -1), (Act.UP, -1),
                                   (Act.PREV_FIELD, -1))]
        return out

    def turn(self, d: int) -> None:
        self.index = (self.index + d) % len(self.names)

    def handle(self, event: pygame.event.Event) -> None:
        if self.press(event):
            return
        self.back_b.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        fr = self.frame
        fr.draw(surf, te, _("Statistics"), seed=15)
        body = fr.body
        with te.roomy():
            note_h = te.height("sans", 16, 2)
            notes = self.notes[:3]
            bottom = body.bottom - note_h * len(notes) - (10 if notes else 0)
            if not self.names:
                te.blit_fit(surf, _("No finished games yet."), pygame.Rect(body.x, body.y, body.w,
                                                                           te.height("sans", 24, 2)),
                            "sans", 24, T.INK_SOFT, anchor="midleft")
            else:
                name = self.names[self.index]
                line = _("{name}   ({n} of {count}, Left/Right for others)").format(name=name, n=self.index + 1,
                                                                                     count=len(self.names))
                head = te.blit_fit(surf, line, pygame.Rect(body.x, body.y, body.w, te.height("sans-semibold", 22)),
                                   "sans-semibold", 22, T.INK_SOFT, anchor="midleft", lines=1)
                draw_player(surf, te, self.stats.players[name], pygame.Rect(body.x, head.bottom + 20, body.w,
                                                                            bottom - head.bottom - 20))
            y = bottom + 10
            for n in notes:
                te.blit_fit(surf, n, pygame.Rect(body.x, y, body.w, note_h), "sans", 16, (150, 40, 30),
                            anchor="midleft")
                y += note_h
            self.back_b.draw(surf)
