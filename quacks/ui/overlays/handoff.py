"""Hot-seat: the screen goes to the next human, who decides behind this card. It says what the last stir
tick revealed (so nobody misses it), and Esc opens the pause menu."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _
from ...wording import text as W
from .. import art
from .. import theme as T
from ..app import App
from .base import Overlay


class Handoff(Overlay):
    veil = 235
    seed = 44

    def __init__(self, app: App, name: str, look: tuple[str, str], brewing: bool, last_tick: str,
                 on_ready: Callable[[], None], on_menu: Callable[[], None]) -> None:
        super().__init__(app, (860, 470 if last_tick else 420))
        self.name = name
        self.look = look
        self.brewing = brewing
        self.last_tick = last_tick
        self.on_ready = on_ready
        self.on_menu = on_menu

    def on_escape(self) -> None:
        self.on_menu()

    def handle(self, event: pygame.event.Event) -> bool:
        ready = (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)) \
            or (event.type == pygame.MOUSEBUTTONUP and event.button == 1)
        if ready:
            self.close()
            self.on_ready()
            return True
        return super().handle(event)

    def draw_body(self, surf: pygame.Surface) -> None:
        te = self.app.text
        r = self.rect
        mk = art.marker(self.look[0], self.look[1], 96)
        surf.blit(mk, mk.get_rect(midtop=(r.centerx, r.y + 30)))
        te.blit(surf, W.you_or(self.name, _("Your turn"), _("Pass the screen to {name}")),
                (r.centerx, r.y + 150), "serif-bold", 44, T.INK, "midtop")
        what = W.you_or(self.name, _("Your stir: draw or stop. Others, please look away."),
                        _("{name}: your stir, draw or stop. Others, please look away.")) if self.brewing else \
            W.you_or(self.name, _("You have a decision to take. Others, please look away."),
                     _("{name}: you have a decision to take. Others, please look away."))
        with te.roomy():
            te.blit_wrapped(surf, what, pygame.Rect(r.x + 50, r.y + 218, r.w - 100, 60), "sans", 22, T.INK_SOFT)
            if self.last_tick:
                te.blit_wrapped(surf, self.last_tick, pygame.Rect(r.x + 50, r.y + 290, r.w - 100, 70), "sans", 18,
                                T.INK_SOFT)
        te.blit(surf, _("Click or press Space when ready · Esc: menu"), (r.centerx, r.bottom - 56), "sans-bold", 22,
                T.BRASS_DARK, "midtop")
