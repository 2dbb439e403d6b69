"""The log: every event of the game as a sentence with its cause, grouped by round, scrollable. The game
goes on underneath (L or Esc closes it; other keys reach the table)."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...rules.game import Game
from ...wording.events import LogLine, log_lines
from .. import art
from .. import theme as T
from ..app import App, Scene
from ..keys import Act, Binding
from ..keys import label as key_label
from ..legible import legible

if TYPE_CHECKING:  # pragma: no cover
    from ..table.view import TableView


class Row(Enum):
    HEAD = 1  # "Round 3"
    LINE = 2  # the first line of an event
    MORE = 3  # its wrapped continuation


class LogView(Scene):
    opaque = False
    modal = False
    pauses_below = False

    def __init__(self, app: App, source: Callable[[], Game], colours: list[tuple[int, int, int]],
                 rect: pygame.Rect) -> None:
        super().__init__(app)
        self.source = source
        self.colours = colours
        self.rect = rect
        self.lines: list[LogLine] = []
        self.seen = -1
        self.scroll = 0  # rows scrolled up from the newest
        self.rows: list[tuple[Row, str, tuple[int, int, int]]] = []
        self._wrap_key: object = None

    def canvas_changed(self) -> None:
        scene = next((s for s in self.app.scenes if hasattr(s, "view")), None)
        if scene is not None:
            scene.view.relayout()
            self.rect = log_rect(scene.view)
        self._wrap_key = None

    def sync(self, g: Game) -> None:
        if len(g.events) != self.seen:
            self.lines = log_lines(g, g.events)
            self.seen = len(g.events)

    def layout(self) -> None:
        te = self.app.text
        key = (len(self.lines), self.rect.size, te.scale, te.dense)
        if key == self._wrap_key:
            return
        rows: list[tuple[Row, str, tuple[int, int, int]]] = []
        last_round = None
        for ln in self.lines:
            if ln.round != last_round:
                rows.append((Row.HEAD, _("Round {n}").format(n=ln.round), T.BRASS_DARK))
                last_round = ln.round
            col = self.colours[ln.seat] if ln.seat is not None and ln.seat < len(self.colours) else T.INK_SOFT
            for i, part in enumerate(te.wrap(ln.text, "sans", 15, self.rect.w - 32 - 24)):
                rows.append((Row.LINE if i == 0 else Row.MORE, part, col))
        self.rows = rows
        self._wrap_key = key

    def bindings(self) -> list[Binding]:
        """L or Esc closes it; PgUp/PgDn, Home and End scroll (the table's other keys go on working under it)."""
        close = lambda: self.app.pop(self)  # noqa: E731
        return [Binding(Act.LOG, close, target="close"), Binding(Act.BACK, close, target="close"),
                Binding(Act.PAGE_UP, lambda: self.scroll_by(12), target="scroll"),
                Binding(Act.PAGE_DOWN, lambda: self.scroll_by(-12), target="scroll"),
                Binding(Act.HOME, lambda: self.scroll_by(10**6), target="scroll"),
                Binding(Act.END, lambda: self.scroll_by(-10**6), target="scroll")]

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, self.scroll + rows)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.press(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.app.mouse_pos):
            self.scroll = max(0, self.scroll + event.y * 3)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos):
            return True
        return False

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        with te.roomy():
            self.sync(self.source())
            self.layout()
            self._draw(surf)

    def _draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        r = self.rect
        art.panel(surf, r, seed=71)
        head_h = max(te.height("serif-bold", 30), te.height("sans", 14, 2))
        title = te.blit(surf, _("Log"), (r.x + 18, r.y + 10 + head_h // 2), "serif-bold", 30, T.INK, "midleft", box=r)
        hint = pygame.Rect(title.right + 16, r.y + 10, r.right - 16 - (title.right + 16), head_h)
        te.blit_fit(surf, _("{log} closes · wheel or {up}/{down} scroll").format(
            log=key_label(Act.LOG), up=key_label(Act.PAGE_UP), down=key_label(Act.PAGE_DOWN)), hint, "sans", 14,
            T.INK_SOFT, anchor="midright")
        lh = te.font("sans", 15).get_linesize() + 2
        more_h = te.height("sans", 14) if self.scroll else 0
        area = pygame.Rect(r.x + 16, r.y + 16 + head_h, r.w - 32, r.h - 30 - head_h - more_h)
        fit = max(1, area.h // lh)
        total = len(self.rows)
        self.scroll = min(self.scroll, max(0, total - fit))
        end = total - self.scroll
        y = area.y
        for kind, text, col in self.rows[max(0, end - fit):end]:
            if kind is Row.HEAD:
                head = te.blit(surf, text, (area.x, y), "sans-bold", 16, legible(T.BRASS_DARK, T.PARCHMENT),
                              box=area)
                pygame.draw.line(surf, T.PARCHMENT_EDGE, (head.right + 12, y + lh // 2), (area.right, y + lh // 2), 1)
            else:
                if kind is Row.LINE:
                    pygame.draw.circle(surf, col, (area.x + 3, y + lh // 2), 3)
                te.blit(surf, text, (area.x + (10 if kind is Row.LINE else 22), y), "sans", 15, T.INK, box=area)
            y += lh
        if self.scroll:
            te.blit_fit(surf, _("{n} newer lines below (End)").format(n=self.scroll),
                        pygame.Rect(area.x, area.bottom, area.w, more_h + 4), "sans", 14, T.INK_SOFT, lines=1)


def log_rect(view: TableView) -> pygame.Rect:
    """Where the log opens: on the left, over the books (the other seats' names and pots stay in sight), as
    wide as reading needs at the UI scale, within the table."""
    lay = view.layout
    te_scale = max(1.0, lay.scale)
    canvas = lay.canvas
    w = min(canvas.w - 24, max(lay.books.w, int(min(620 * (1 + 0.4 * (te_scale - 1)), canvas.w * 0.42))))
    return pygame.Rect(12, 12, w, canvas.h - 24)


def toggle_log(app: App, view: TableView, source: Callable[[], Game]) -> None:
    """Open the log over the books' side of the table, or close it if it is open (L)."""
    for s in app.scenes:
        if isinstance(s, LogView):
            app.pop(s)
            return
    colours = [view.look(i).dark for i in range(len(view.setup.seats))]
    app.push(LogView(app, source, colours, log_rect(view)))
