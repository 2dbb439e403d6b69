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
from .base import Overlay, grown


class Handoff(Overlay):
    veil = 235
    seed = 44

    def __init__(self, app: App, name: str, look: tuple[str, str], brewing: bool, last_tick: str,
                 on_ready: Callable[[], None], on_menu: Callable[[], None], *, question: str) -> None:
        super().__init__(app, grown(app, (860, 470 if last_tick else 420), 0.7))
        self.name = name
        self.look = look
        self.brewing = brewing
        self.question = question  # what the seat decides (wording.decisions.handoff_text), when not brewing
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
        inner = r.inflate(-100, -48)
        mk_size = int(96 * (1 + 0.3 * (te.scale - 1)))
        mk = art.marker(self.look[0], self.look[1], mk_size)
        surf.blit(mk, mk.get_rect(midtop=(r.centerx, inner.y)))
        what = W.you_or(self.name, _("Your stir: draw or stop. Others, please look away."),
                        _("{name}: your stir, draw or stop. Others, please look away.")) if self.brewing else \
            self.question
        with te.roomy():
            hint = _("Click or press Space when ready · Esc: menu")
            hint_h = te.height("sans-bold", 22, 2)
            hint_box = pygame.Rect(inner.x, inner.bottom - hint_h, inner.w, hint_h)
            te.blit_fit(surf, hint, hint_box, "sans-bold", 22, T.BRASS_DARK)
            top = inner.y + mk_size + 10
            title_box = pygame.Rect(inner.x, top, inner.w, te.height("serif-bold", 44, 1))
            title = W.you_or(self.name, _("Your turn"), _("Pass the screen to {name}"))
            te.blit_fit(surf, title, title_box, "serif-bold", 44, T.INK, lines=1)
            # what to do, and what the last stir revealed, share the room that is left
            body = pygame.Rect(inner.x, title_box.bottom + 12, inner.w, hint_box.y - 12 - (title_box.bottom + 12))
            texts = [(what, 22)] + ([(self.last_tick, 18)] if self.last_tick else [])
            for shrink in range(0, 12):
                sized = [(t, max(te.floor(14), size - shrink)) for t, size in texts]
                need = sum(te.height("sans", size, len(te.wrap(t, "sans", size, body.w))) + 10 for t, size in sized)
                if need <= body.h:
                    break
            # centred under the title, the block in the middle of the room (not a text at the top of an empty card)
            blocks = [(te.wrap(t, "sans", size, body.w), size) for t, size in sized]
            total = sum(te.height("sans", size, len(lines)) for lines, size in blocks) + 10 * (len(blocks) - 1)
            y = body.y + max(0, (body.h - total) // 2)
            for lines, size in blocks:
                lh = te.linesize("sans", size)
                for line in lines:
                    te.blit(surf, line, (body.centerx, y), "sans", size, T.INK_SOFT, "midtop", box=body)
                    y += lh
                y += te.height("sans", size, len(lines)) - lh * len(lines) + 10
