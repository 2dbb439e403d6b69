"""The results of a round: for every seat the scoring space, VP gained (counting up) and the total, coins,
rubies gained and spent, what it bought, and a line of where it all came from."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from ...i18n import _
from ...rules.chips import CHIP_BY_NAME
from ...wording.results import SeatRound
from .. import art
from .. import theme as T
from ..anim import ease_out
from ..app import App
from ..widgets import Button
from .base import Overlay

COUNT_UP = 0.6
ROW_H = 96


class RoundSummary(Overlay):
    seed = 55

    def __init__(self, app: App, rnd: int, rows: list[SeatRound], looks: list[tuple[str, str]], last: bool,
                 next_round: int, on_close: Callable[[], None]) -> None:
        super().__init__(app, (1300, 250 + ROW_H * len(rows)))
        self.round = rnd
        self.rows = rows
        self.looks = looks
        self.on_close = on_close
        self.opened = time.perf_counter()
        self.reduced = bool(getattr(app.settings, "reduced_motion", False))
        r = self.rect
        text = _("See the final result") if last else _("On to round {n}").format(n=next_round)
        b = Button(pygame.Rect(r.right - 380, r.bottom - 90, 340, 66), text, self._close, hotkey_label="Enter", size=24)
        self.buttons = [b]
        self.default = b

    def _close(self) -> None:
        self.close()
        self.on_close()

    def on_escape(self) -> None:
        self._close()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self._close()
            return True
        return super().handle(event)

    def busy(self) -> bool:
        return not self.reduced and time.perf_counter() - self.opened < COUNT_UP + 0.1

    def up(self, value: int) -> int:
        if self.reduced:
            return value
        p = min(1.0, max(0.0, (time.perf_counter() - self.opened) / COUNT_UP))
        return int(round(value * ease_out(p)))

    def draw_body(self, surf: pygame.Surface) -> None:
        te = self.app.text
        r = self.rect
        te.blit(surf, _("Round {n} results").format(n=self.round), (r.x + 40, r.y + 26), "serif-bold", 44, T.INK)
        cols = [(_("space"), 330), (_("VP"), 450), (_("total"), 560), (_("coins"), 680), (_("rubies"), 800),
                (_("bought"), 960)]
        y = r.y + 104
        for name, x in cols:
            te.blit(surf, name, (r.x + x, y), "sans-bold", 18, T.INK_SOFT)
        y += 36
        for i, row in enumerate(self.rows):
            key, letter = self.looks[i]
            surf.blit(art.marker(key, letter, 40), (r.x + 40, y))
            te.blit(surf, row.name, (r.x + 90, y + 6), "serif-bold", 26, T.INK)
            te.blit(surf, str(row.space), (r.x + 330, y + 8), "sans-semibold", 22, T.INK)
            gain = (40, 110, 40) if row.vp else T.INK
            te.blit(surf, f"+{self.up(row.vp)}", (r.x + 450, y + 8), "sans-bold", 22, gain)
            te.blit(surf, str(row.score - row.vp + self.up(row.vp)), (r.x + 560, y + 8), "sans-semibold", 22, T.INK)
            te.blit(surf, str(self.up(row.coins)), (r.x + 680, y + 8), "sans", 22, T.INK)
            rubies = f"+{row.rubies_gained}" if row.rubies_gained else "0"
            if row.rubies_spent:
                rubies += f" / -{row.rubies_spent}"
            te.blit(surf, rubies, (r.x + 800, y + 8), "sans", 22, T.INK)
            if row.why:
                te.blit_wrapped(surf, row.why, pygame.Rect(r.x + 90, y + 42, r.w - 140, 44), "sans", 16, T.INK_SOFT,
                                line_gap=0, max_lines=2)
            x = r.x + 960
            for name in row.buys:
                c = CHIP_BY_NAME[name]
                surf.blit(art.chip(c.colour.value, c.value, 18, bool(self.app.settings.colour_blind)), (x, y + 2))
                x += 46
            if not row.buys:
                te.blit(surf, "-", (x, y + 8), "sans", 22, T.INK_SOFT)
            y += ROW_H
