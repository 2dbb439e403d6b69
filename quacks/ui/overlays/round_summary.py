"""The results of a round, closing its evaluation before the shop: for every seat its scoring space (by the coins
printed on it), the VP it gained (counting up) and its total, the coins it shops with, the rubies gained, and a
line of where it all came from (shown once the numbers have counted up to the figures it names: issue 30, a
counting number beside its final cause read as a contradiction).

It fits any window and UI scale: the columns are as wide as their words and numbers; where the names have no
room beside them, each seat's numbers go under its name; where the rows are taller than the window, they scroll
(wheel, arrows, Page Up/Down) and say how many more there are. No row is ever dropped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ...i18n import _, ngettext
from ...rules.game import Game
from ...rules.kinds import EventKind
from ...wording.results import SeatRound
from .. import art
from .. import theme as T
from ..app import App, canvas_rect
from ..keys import Act, Binding
from ..motion_paths import ease_out
from ..widgets import Button, draw_ranking_band
from .base import MARGIN, Overlay, grown

COUNT_UP = 0.6
GAP = 24  # between columns
NAME_MIN = 150  # the narrowest the names get beside the numbers (at 100%) before the numbers go under them


def rubies_text(row: SeatRound) -> str:
    """The rubies column: what was gained, and what was spent if anything ("+1", "0 / -2", "+4 / -4")."""
    text = f"+{row.rubies_gained}" if row.rubies_gained else "0"
    return text + (f" / -{row.rubies_spent}" if row.rubies_spent else "")


def scores_before(g: Game, rnd: int) -> list[int]:
    """Each seat's score when round ``rnd`` began: its score now less the VP the round's events gave it."""
    out = [s.score for s in g.seats]
    for e in g.events:
        if e.round == rnd and e.kind == EventKind.VP and e.seat is not None and 0 <= e.seat < g.n:
            out[e.seat] -= int(e.get("amount", 0))
    return out


class RoundSummary(Overlay):
    """Laid out for the canvas and the UI scale when it opens (and again when they change)."""

    seed = 55

    def __init__(self, app: App, rnd: int, rows: list[SeatRound], looks: list[tuple[str, str]],
                 spaces: Sequence[int], last: bool, on_close: Callable[[], None]) -> None:
        """``spaces``: each row's scoring space as printed on the board (its coins); ``last``: the last round (the
        shop buys victory points)."""
        self.rows = rows
        self.round = rnd
        self.spaces = list(spaces)
        self.last = last
        self.looks = looks
        self.on_close = on_close
        self.top = 0  # the first row shown (the rows scroll when they do not all fit)
        super().__init__(app, (100, 100))
        self.opened = time.perf_counter()
        self.reduced = bool(getattr(app.settings, "reduced_motion", False))
        self.layout()

    # ------------------------------------------------------------------------------------------------
    # layout

    def layout(self) -> None:
        te = self.app.text
        width = grown(self.app, (1300, 100), 0.6)[0]
        with te.roomy():
            self._plan(te, width)
            self.title_h = te.height("serif-bold", 44)
            self.more_h = te.linesize("sans", 15) + 4
            fixed = 26 + self.title_h + 18 + self.head_h + 24 + self.button_h + 30
            room = canvas_rect().h - 2 * MARGIN - fixed
            if sum(self.row_hs) > room:  # the rows scroll, with a line saying how many more there are
                room -= self.more_h
            self.view_h = max(min(self.row_hs), min(sum(self.row_hs), room))
        height = fixed + self.view_h + (self.more_h if sum(self.row_hs) > self.view_h else 0)
        self.rect = pygame.Rect(0, 0, width, min(height, canvas_rect().h - 2 * MARGIN))
        self.rect.center = (canvas_rect().w // 2, canvas_rect().h // 2)
        self.top = min(self.top, self._max_top())
        r = self.rect
        text = _("On to buying victory points") if self.last else _("On to the shop")
        bw = min(r.w - 80, int(340 * (1 + 0.5 * (te.scale - 1))))
        b = Button(pygame.Rect(r.right - 40 - bw, r.bottom - 24 - self.button_h, bw, self.button_h), text, self._close,
                   key=Act.NEXT, marked=True, size=24)
        self.buttons = [b]
        self.default = b

    def canvas_changed(self) -> None:
        self.layout()

    def language_changed(self) -> None:
        self.layout()

    def columns(self) -> list[tuple[str, list[str]]]:
        """Each column's heading and its values (as finally shown), in order."""
        rows = self.rows
        return [(_("space"), [str(c) for c in self.spaces]), (_("VP"), [f"+{row.vp}" for row in rows]),
                (_("total"), [str(row.score) for row in rows]), (_("coins"), [str(row.coins) for row in rows]),
                (_("rubies"), [rubies_text(row) for row in rows])]

    def _plan(self, te: Any, width: int) -> None:
        """Where the columns go and how tall each row is: the numbers beside the names, or (where the names would
        have less than ``NAME_MIN``) under them."""
        self.mark = int(40 * (1 + 0.4 * (te.scale - 1)))
        inner = width - 80
        self.hs, self.vs = 18, 22  # the headings' and the numbers' sizes

        def widths() -> list[int]:
            return [max(te.size(h, "sans-bold", self.hs)[0], *(te.size(v, "sans-bold", self.vs)[0] for v in vals)) +
                    GAP for h, vals in self.columns()]

        self.name_w = inner - self.mark - 12 - sum(widths())
        self.stacked = self.name_w < NAME_MIN * (1 + 0.4 * (te.scale - 1))
        if self.stacked:  # the numbers under the names, from the left edge; smaller if even so they are too wide
            self.name_w = inner - self.mark - 12
            while sum(widths()) > inner and self.vs > te.floor(12):
                self.hs, self.vs = max(te.floor(12), self.hs - 1), self.vs - 1
        x = 40 + (0 if self.stacked else self.mark + 12 + self.name_w + GAP // 2)
        self.col_x = []
        for w in widths():
            self.col_x.append(x)
            x += w
        self.head_h = te.height("sans-bold", self.hs) + 8
        self.line_h = max(self.mark, te.height("serif-bold", 26), te.height("sans-bold", self.vs))
        self.value_h = te.height("sans-bold", self.vs) + 6 if self.stacked else 0
        self.why_w = inner - self.mark - 12
        why = [len(te.wrap(row.why, "sans", 16, self.why_w)) if row.why else 0 for row in self.rows]
        self.row_hs = [self.line_h + self.value_h + (te.height("sans", 16, n) + 4 if n else 0) + 16 for n in why]
        self.button_h = max(66, te.height("sans-semibold", 24) + 20)

    def _max_top(self) -> int:
        """The furthest the rows can scroll: the first row from which the rest fit."""
        for top in range(len(self.rows)):
            if sum(self.row_hs[top:]) <= self.view_h:
                return top
        return max(0, len(self.rows) - 1)

    def _shown(self) -> list[int]:
        """The rows that fit in the view from the first shown."""
        out: list[int] = []
        h = 0
        for i in range(self.top, len(self.rows)):
            if h + self.row_hs[i] > self.view_h and out:
                break
            out.append(i)
            h += self.row_hs[i]
        return out

    # ------------------------------------------------------------------------------------------------
    # input

    def _close(self) -> None:
        self.close()
        self.on_close()

    def on_escape(self) -> None:
        self._close()

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self._max_top(), self.top + rows))

    def bindings(self) -> list[Binding]:
        """Space (or Enter) goes on to the shop; the arrows and PgUp/PgDn scroll the rows."""
        return super().bindings() + [
            Binding(Act.DOWN, lambda: self.scroll(1), target="scroll"), Binding(Act.UP, lambda: self.scroll(-1),
                                                                                  target="scroll"),
            Binding(Act.PAGE_DOWN, lambda: self.scroll(3), target="scroll"),
            Binding(Act.PAGE_UP, lambda: self.scroll(-3), target="scroll")]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-int(event.y))
            return True
        return super().handle(event)

    def busy(self) -> bool:
        return not self.reduced and time.perf_counter() - self.opened < COUNT_UP + 0.1

    def counted(self) -> bool:
        """Whether the numbers have finished counting up (at once with reduced motion)."""
        return self.reduced or time.perf_counter() - self.opened >= COUNT_UP

    def up(self, value: int) -> int:
        if self.reduced:
            return value
        p = min(1.0, max(0.0, (time.perf_counter() - self.opened) / COUNT_UP))
        return int(round(value * ease_out(p)))

    # ------------------------------------------------------------------------------------------------
    # drawing

    def draw_body(self, surf: pygame.Surface) -> None:
        te = self.app.text
        with te.roomy():
            self._body(surf, te)

    def _body(self, surf: pygame.Surface, te: Any) -> None:
        r = self.rect
        title = pygame.Rect(r.x + 40, r.y + 26, r.w - 80, self.title_h)
        te.blit_fit(surf, _("Round {n} results").format(n=self.round), title, "serif-bold", 44, T.INK,
                    anchor="midleft", lines=1)
        y = title.bottom + 18
        heads = [h for h, _v in self.columns()]
        for name, x in zip(heads, self.col_x):
            te.blit(surf, name, (r.x + x, y), "sans-bold", self.hs, T.INK_SOFT, box=r)
        y += self.head_h
        shown = self._shown()
        for i in shown:
            draw_ranking_band(surf, pygame.Rect(r.x + 28, y - 2, r.w - 56, self.row_hs[i]), i)
            self._row(surf, te, i, y)
            y += self.row_hs[i]
        below = len(self.rows) - 1 - shown[-1] if shown else 0
        if self.top or below:
            more = []
            if self.top:
                more.append(ngettext("{n} row above", "{n} rows above", self.top).format(n=self.top))
            if below:
                more.append(ngettext("{n} more row below", "{n} more rows below", below).format(n=below))
            line = _("{where} (scroll with the wheel or the arrow keys)").format(where=", ".join(more))
            te.blit_fit(surf, line, pygame.Rect(r.x + 40, y, r.w - 80, self.more_h), "sans", 15, T.INK_SOFT,
                        anchor="midleft", lines=1, min_size=12)

    def _row(self, surf: pygame.Surface, te: Any, i: int, y: int) -> None:
        r = self.rect
        row = self.rows[i]
        key, letter = self.looks[i]
        top = self.line_h
        mid = y + top // 2
        name_x = r.x + 40 + self.mark + 12
        surf.blit(art.marker(key, letter, self.mark), (r.x + 40, mid - self.mark // 2))
        name, size = te.fit_name(row.name, "serif-bold", 26, self.name_w, 16)
        te.blit(surf, name, (name_x, mid), "serif-bold", size, T.INK, "midleft", box=r)
        vmid = mid if not self.stacked else y + top + self.value_h // 2
        gain = (40, 110, 40) if row.vp else T.INK
        values = [(str(self.spaces[i]), "sans-semibold", T.INK), (f"+{self.up(row.vp)}", "sans-bold", gain),
                  (str(row.score - row.vp + self.up(row.vp)), "sans-semibold", T.INK),
                  (str(self.up(row.coins)), "sans", T.INK), (rubies_text(row), "sans", T.INK)]
        for (text, face, colour), x in zip(values, self.col_x):
            te.blit(surf, text, (r.x + x, vmid), face, self.vs, colour, "midleft", box=r)
        if row.why and self.counted():  # the line names the final figures: it waits until the numbers reach them
            wy = y + top + self.value_h + 4
            te.blit_wrapped(surf, row.why, pygame.Rect(name_x, wy, self.why_w, self.row_hs[i] - top - self.value_h),
                            "sans", 16, T.INK_SOFT, line_gap=0)
