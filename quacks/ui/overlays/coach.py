"""The guide's bubble in the guided first game: it rings what it talks about, says it in a few sentences,
and waits for "Got it" (Enter) or for the player to do it. "Leave the guide" ends it; the game goes on.
The table keeps its input: every key and click the bubble does not use reaches the table."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _, pgettext
from ...tutorial.coach import Coach
from ...tutorial.script import Wait
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..widgets import Button

WIDTH = 560
MARGIN = 24


class CoachBubble(Scene):
    opaque = False
    modal = False
    pauses_below = False  # the table goes on animating; it holds the game itself while the coach says so

    def __init__(self, app: App, coach: Coach, text: Callable[[], str], target: Callable[[], pygame.Rect | None],
                 on_leave: Callable[[], None], keep_clear: Callable[[], list[pygame.Rect]] = list) -> None:
        super().__init__(app)
        self.coach = coach
        self.text = text
        self.target = target
        self.on_leave = on_leave
        self.keep_clear = keep_clear
        self.rect = pygame.Rect(0, 0, WIDTH, 200)
        self.ok_b = Button(pygame.Rect(0, 0, 180, 52), _("Got it"), self.coach.ok,
                           hotkey_label=pgettext("key", "Enter"), size=22)
        self.leave_b = Button(pygame.Rect(0, 0, 220, 44), _("Leave the guide"), self.on_leave, style="dark",
                              size=18)

    def buttons(self) -> list[Button]:
        st = self.coach.current
        return ([self.ok_b] if st is not None and st.wait is Wait.OK else []) + [self.leave_b]

    def handle(self, event: pygame.event.Event) -> bool:
        st = self.coach.current
        if st is None:
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and st.wait is Wait.OK:
            self.coach.ok()
            return True
        for b in self.buttons():
            if b.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def width(self) -> int:
        """The bubble's width: wider at larger UI scales (its text grows), within the canvas."""
        return min(canvas_rect().w - 48, int(WIDTH * (1 + 0.5 * (self.app.text.scale - 1))))

    def place(self, body_h: int, target: pygame.Rect | None, keep_clear: list[pygame.Rect]) -> None:
        """Beside the target, fully on the canvas, over as little of what matters as can be (the target, the
        pot in focus, the controls); the middle of the screen if there is no target."""
        WIDTH = self.width()  # noqa: N806 - the module's width, at the UI scale
        te = self.app.text
        with te.roomy():
            head_h = te.height("serif-bold", 28)
            self.ok_b.rect.size = (int(180 * (WIDTH / 560)), max(52, te.height("sans-semibold", 22) + 14))
            self.leave_b.rect.size = (int(220 * (WIDTH / 560)), max(44, te.height("sans-semibold", 18) + 12))
        self.head_h = head_h
        h = body_h + head_h + 30 + max(self.ok_b.rect.h, self.leave_b.rect.h) + 40
        canvas = pygame.Rect(0, 0, *canvas_rect().size).inflate(-16, -16)
        if target is None:
            self.rect = pygame.Rect(0, 0, WIDTH, h)
            self.rect.center = canvas.center
        else:
            mid_x, mid_y = target.centerx - WIDTH // 2, target.centery - h // 2
            spots = [(target.right + MARGIN, mid_y), (mid_x, target.bottom + MARGIN), (mid_x, target.y - MARGIN - h),
                     (target.x - MARGIN - WIDTH, mid_y), (canvas.right - WIDTH, canvas.y), (canvas.x, canvas.y),
                     (canvas.right - WIDTH, canvas.bottom - h), (canvas.x, canvas.bottom - h)]

            def covered(r: pygame.Rect) -> int:
                area = r.clip(target).w * r.clip(target).h * 4  # never over the target if it can be helped
                for k in keep_clear:
                    c = r.clip(k)
                    area += c.w * c.h
                return area

            rects = [pygame.Rect(x, y, WIDTH, h).clamp(canvas) for x, y in spots]
            self.rect = min(rects, key=covered)
        r = self.rect
        self.ok_b.rect.bottomright = (r.right - 20, r.bottom - 18)
        self.leave_b.rect.bottomleft = (r.x + 16, r.bottom - 22)

    def draw(self, surf: pygame.Surface) -> None:
        st = self.coach.current
        if st is None:
            return
        te = self.app.text
        target = self.target()
        if target is not None:
            ring = target.inflate(16, 16)
            pygame.draw.rect(surf, (30, 20, 10), ring.inflate(6, 6), 6, border_radius=18)
            pygame.draw.rect(surf, T.FOCUS, ring, 5, border_radius=16)
        with te.roomy():
            lines = te.wrap(self.text(), "sans", 20, self.width() - 48)
            lh = te.font("sans", 20).get_linesize()
            self.place(lh * len(lines), target, self.keep_clear())
            r = self.rect
            art.panel(surf, r, tint=(250, 240, 214), seed=91)
            pygame.draw.rect(surf, T.FOCUS, r, 3, border_radius=14)
            with te.within(r):
                te.blit(surf, _("Guide"), (r.x + 24, r.y + 14), "serif-bold", 28, T.BRASS_DARK)
                y = r.y + 14 + self.head_h + 8
                for line in lines:
                    te.blit(surf, line, (r.x + 24, y), "sans", 20, T.INK)
                    y += lh
                if st.wait is Wait.ACT:
                    leave = self.leave_b.rect
                    te.blit_fit(surf, _("Your move"), pygame.Rect(leave.right + 16, leave.y, r.right - 22 -
                                                                  leave.right - 16, leave.h), "sans-semibold", 18,
                                T.BRASS_DARK, anchor="midright", lines=1)
        for b in self.buttons():
            b.draw(surf)
