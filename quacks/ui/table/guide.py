"""The guided first game at the table: the coach looks after every step the driver takes, and its bubble is
pushed when a step shows and taken away when it is done."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...tutorial.coach import Coach
from ..overlays.coach import CoachBubble
from ..overlays.confirm import Confirm
from .targets import target_rect

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.table import TableScene


class TableGuide:
    def __init__(self, scene: TableScene, coach: Coach) -> None:
        self.scene = scene
        self.coach = coach
        self.bubble: CoachBubble | None = None
        scene.driver.stop_when = lambda: coach.observe(scene.g) is not None  # it sees each moment as it happens

    def update(self) -> None:
        """After every update of the table: show the step that matters now, or take the bubble away."""
        coach = self.coach
        step = coach.observe(self.scene.g) if not coach.done else None
        app = self.scene.app
        if step is not None and self.bubble is None:
            self.bubble = CoachBubble(app, coach, self.text, self.target, self.leave, self.keep_clear)
            app.push(self.bubble)
        elif step is None and self.bubble is not None:
            app.pop(self.bubble)
            self.bubble = None

    def text(self) -> str:
        cur = self.coach.current
        return Coach.text(cur, self.scene.g.cat, self.coach.script.opponent) if cur is not None else ""

    def target(self) -> pygame.Rect | None:
        cur = self.coach.current
        return target_rect(self.scene, cur.target) if cur is not None else None

    def keep_clear(self) -> list[pygame.Rect]:
        """What the bubble should not cover: the pot in focus, its panel and the controls."""
        lay = self.scene.view.layout
        c, r = lay.pot_centre, lay.pot_radius
        return [pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r), lay.actions.inflate(0, 60), lay.info]

    def leave(self) -> None:
        self.scene.app.push(Confirm(self.scene.app, _("Leave the guide? The game goes on without it, and you can "
                                                      "open the rules (Esc, Rules) at any time."), self.coach.leave,
                                    _("Leave the guide"), _("Keep the guide")))
