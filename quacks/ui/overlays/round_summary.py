"""The results of a round: for every seat the scoring space, VP gained (counting up) and the total, coins,
rubies gained and spent, what it bought, and a line of where it all came from."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from ...i18n import _, pgettext
from ...rules.chips import CHIP_BY_NAME
from ...wording.results import SeatRound
from .. import art
from .. import theme as T
from ..anim import ease_out
from ..app import App, canvas_rect
from ..widgets import Button
from .base import MARGIN, Overlay, grown

COUNT_UP = 0.6
GAP = 24  # between columns


def rubies_text(row: SeatRound) -> str:
    """The rubies column: what was gained, and what was spent if anything ("+1", "0 / -2", "+4 / -4")."""
    text = f"+{row.rubies_gained}" if row.rubies_gained else "0"
    return text + (f" / -{row.rubies_spent}" if row.rubies_spent else "")


class RoundSummary(Overlay):
    """Laid out for the UI scale when it opens: the columns as wide as their words and numbers, the names
    taking what is left, each seat's line of where it came from wrapped whole under its row."""

    seed = 55

    def __init__(self, app: App, rnd: int, rows: list[SeatRound], looks: list[tuple[str, str]], last: bool,
                 next_round: int, on_close: Callable[[], None]) -> None:
        te = app.text
        self.rows = rows
        self.round = rnd
        width = grown(app, (1300, 100), 0.6)[0]
        with te.roomy():
            self._plan(te, width)
            height = (26 + te.height("serif-bold", 44) + 18 + self.head_h + sum(self.row_hs) + 24 +
                      self.button_h + 30)
        super().__init__(app, (width, min(height, canvas_rect().h - 2 * MARGIN)))
        self.looks = looks
        self.on_close = on_close
        self.opened = time.perf_counter()
        self.reduced = bool(getattr(app.settings, "reduced_motion", False))
        r = self.rect
        text = _("See the final result") if last else _("On to round {n}").format(n=next_round)
        bw = min(r.w - 80, int(340 * (1 + 0.5 * (te.scale - 1))))
        b = Button(pygame.Rect(r.right - 40 - bw, r.bottom - 24 - self.button_h, bw, self.button_h), text, self._close,
                   hotkey_label=pgettext("key", "Enter"), size=24)
        self.buttons = [b]
        self.default = b

    def columns(self) -> list[tuple[str, list[str]]]:
        """Each column's heading and its values (as finally shown), in order."""
        rows = self.rows
        return [(_("space"), [str(row.space) for row in rows]), (_("VP"), [f"+{row.vp}" for row in rows]),
                (_("total"), [str(row.score) for row in rows]), (_("coins"), [str(row.coins) for row in rows]),
                (_("rubies"), [rubies_text(row) for row in rows])]

    def _plan(self, te: Any, width: int) -> None:
        """Where the columns go and how tall each row is (at the scale the summary opens with)."""
        self.mark = int(40 * (1 + 0.4 * (te.scale - 1)))
        self.chip_r = int(18 * (1 + 0.4 * (te.scale - 1)))
        inner = width - 80
        widths = [max(te.size(h, "sans-bold", 18)[0], *(te.size(v, "sans-bold", 22)[0] for v in vals)) + GAP
                  for h, vals in self.columns()]
        bought = max(te.size(_("bought"), "sans-bold", 18)[0], 2 * (2 * self.chip_r + 10)) + 8
        self.name_w = inner - self.mark - 12 - sum(widths) - bought
        x = 40 + self.mark + 12 + self.name_w + GAP // 2
        self.col_x = []
        for w in widths:
            self.col_x.append(x)
            x += w
        self.col_x.append(x)  # bought
        self.head_h = te.height("sans-bold", 18) + 8
        top = max(self.mark, te.height("serif-bold", 26), te.height("sans-bold", 22))
        self.why_w = inner - self.mark - 12
        self.row_hs = [top + (te.height("sans", 16, len(te.wrap(row.why, "sans", 16, self.why_w))) + 4 if row.why
                              else 0) + 16 for row in self.rows]
        self.button_h = max(66, te.height("sans-semibold", 24) + 20)
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
        with te.roomy():
            self._body(surf, te)

    def _body(self, surf: pygame.Surface, te: Any) -> None:
        r = self.rect
        title = pygame.Rect(r.x + 40, r.y + 26, r.w - 80, te.height("serif-bold", 44))
        te.blit_fit(surf, _("Round {n} results").format(n=self.round), title, "serif-bold", 44, T.INK,
                    anchor="midleft", lines=1)
        y = title.bottom + 18
        heads = [h for h, _v in self.columns()] + [_("bought")]
        for name, x in zip(heads, self.col_x):
            te.blit(surf, name, (r.x + x, y), "sans-bold", 18, T.INK_SOFT, box=r)
        y += self.head_h
        cb = bool(self.app.settings.colour_blind)
        name_x = r.x + 40 + self.mark + 12
        for i, row in enumerate(self.rows):
            key, letter = self.looks[i]
            top = max(self.mark, te.height("serif-bold", 26), te.height("sans-bold", 22))
            mid = y + top // 2
            surf.blit(art.marker(key, letter, self.mark), (r.x + 40, mid - self.mark // 2))
            te.blit(surf, row.name, (name_x, mid), "serif-bold", te.fit(row.name, "serif-bold", 26, self.name_w, 16),
                    T.INK, "midleft", box=r)
            gain = (40, 110, 40) if row.vp else T.INK
            rubies = rubies_text(row)
            values = [(str(row.space), "sans-semibold", T.INK), (f"+{self.up(row.vp)}", "sans-bold", gain),
                      (str(row.score - row.vp + self.up(row.vp)), "sans-semibold", T.INK),
                      (str(self.up(row.coins)), "sans", T.INK), (rubies, "sans", T.INK)]
            for (text, face, colour), x in zip(values, self.col_x):
                te.blit(surf, text, (r.x + x, mid), face, 22, colour, "midleft", box=r)
            x = r.x + self.col_x[-1]
            for name in row.buys:
                c = CHIP_BY_NAME[name]
                img = art.chip(c.colour.value, c.value, self.chip_r, cb)
                surf.blit(img, img.get_rect(midleft=(x, mid)))
                x += 2 * self.chip_r + 10
            if not row.buys:
                te.blit(surf, "-", (x, mid), "sans", 22, T.INK_SOFT, "midleft", box=r)
            if row.why:
                te.blit_wrapped(surf, row.why, pygame.Rect(name_x, y + top + 4, self.why_w, self.row_hs[i] - top),
                                "sans", 16, T.INK_SOFT, line_gap=0)
            y += self.row_hs[i]
