"""The list of the Load and Replays screens: one row per file, a title over a detail line, as tall as that text
at the UI scale, scrolled so that the chosen row is always in view, with how many more are above and below.
The mouse picks a row; the wheel and the arrow keys move the choice."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _
from .. import theme as T
from ..app import App, Scene
from ..keys import Act, Binding
from ..text import Text
from ..widgets import Button
from .frame import Frame, frame

TITLE = ("serif-bold", 26)
DETAIL = ("sans", 17)
GAP = 10  # between rows


class FileListScene(Scene):
    """A screen with a list of files (Load, Replays): the chosen row, a message, Back (Esc) and the list."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.index = 0
        self.message = ""
        self.layout()

    def layout(self) -> None:
        raise NotImplementedError

    def choose(self, index: int) -> None:
        """Row ``index`` is the chosen one."""
        self.index = index

    def list_bindings(self, n: int, enter: Callable[[], None]) -> list[Binding]:
        """The list's keys (of ``n`` rows): Up/Down the row, Home/End the first or last, Esc back, Enter ``enter``."""
        out = [Binding(Act.BACK, self.app.pop, target="back"), Binding(Act.CONFIRM, enter, target="open")]
        if n:
            out += [Binding(Act.DOWN, lambda: self.choose((self.index + 1) % n), target="row"),
                    Binding(Act.UP, lambda: self.choose((self.index - 1) % n), target="row"),
                    Binding(Act.HOME, lambda: self.choose(0), target="row"),
                    Binding(Act.END, lambda: self.choose(n - 1), target="row")]
        return out

    def handle_list(self, event: pygame.event.Event, n: int) -> bool:
        """The list's keys (``bindings``), wheel and clicks (of ``n`` rows): True if ``event`` was one of them."""
        if self.press(event):
            return True
        moved = self.list.moved(event, self.index, n, self.app.text)
        if moved is not None:
            self.choose(moved)  # the list as it was read when the screen opened: no file is read again
            return True
        return False

    def lay_out_list(self, left: list[Button], right: list[Button]) -> None:
        """The page with Back and ``left`` under it on the left, ``right`` on the right, the list filling it (scrolled
        where the list of the layout before was)."""
        self.back_b = Button(pygame.Rect(0, 0, 0, 0), _("Back"), self.app.pop, style="dark", key=Act.BACK, size=26)
        self.frame = frame(self.app.text, [self.back_b, *left], right, message=True)
        before: FileRows | None = getattr(self, "list", None)
        self.list = FileRows(self.frame.body)
        self.list.top = before.top if before is not None else 0


class FileRows:
    def __init__(self, area: pygame.Rect) -> None:
        self.area = area  # where the rows (and the "more" lines above and below them) go
        self.top = 0  # the first row in view

    def row_h(self, te: Text) -> int:
        with te.roomy():
            return te.height(*TITLE) + te.height(*DETAIL) + 16

    def _more_h(self, te: Text) -> int:
        with te.roomy():
            return te.height("sans", 16)

    def capacity(self, te: Text) -> int:
        """How many rows fit (keeping room for the "more" lines)."""
        return max(1, (self.area.h - 2 * self._more_h(te) + GAP) // (self.row_h(te) + GAP))

    def follow(self, te: Text, index: int, n: int) -> None:
        """Scroll so that row ``index`` of ``n`` is in view (as little as needed)."""
        k = self.capacity(te)
        if index < self.top:
            self.top = index
        elif index >= self.top + k:
            self.top = index - k + 1
        self.top = max(0, min(self.top, n - k))

    def rects(self, te: Text, n: int) -> list[tuple[int, pygame.Rect]]:
        """(row, rectangle) of the rows in view."""
        h, k = self.row_h(te), self.capacity(te)
        y = self.area.y + self._more_h(te)
        return [(i, pygame.Rect(self.area.x, y + (i - self.top) * (h + GAP), self.area.w, h))
                for i in range(self.top, min(n, self.top + k))]

    def hit(self, te: Text, n: int, pos: tuple[int, int]) -> int | None:
        return next((i for i, r in self.rects(te, n) if r.collidepoint(pos)), None)

    def moved(self, event: pygame.event.Event, index: int, n: int, te: Text) -> int | None:
        """The row chosen after ``event`` (the wheel, a click on a row), or None if it is not one."""
        if not n:
            return None
        if event.type == pygame.MOUSEWHEEL:
            return max(0, min(n - 1, index - event.y))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.hit(te, n, event.pos)
        return None

    def draw(self, surf: pygame.Surface, te: Text, index: int, n: int,
             texts: Callable[[int], tuple[str, str, bool]]) -> None:
        """Draw the rows in view; ``texts(i)`` gives row i's title, detail, and whether the detail is a problem."""
        self.follow(te, index, n)
        more_h = self._more_h(te)
        with te.roomy():
            if self.top:
                te.blit_fit(surf, _("{n} more above").format(n=self.top),
                            pygame.Rect(self.area.x + 20, self.area.y, self.area.w - 40, more_h), "sans", 16,
                            T.INK_SOFT, anchor="midleft", lines=1)
            shown = self.rects(te, n)
            for i, r in shown:
                pygame.draw.rect(surf, T.FOCUS if i == index else (232, 220, 192), r, border_radius=10)
                pygame.draw.rect(surf, T.PARCHMENT_EDGE, r, 2, border_radius=10)
                inner = r.inflate(-40, -12)
                title, detail, problem = texts(i)
                top = pygame.Rect(inner.x, inner.y, inner.w, te.height(*TITLE))
                low = pygame.Rect(inner.x, top.bottom, inner.w, inner.bottom - top.bottom)
                te.blit_fit(surf, title, top, *TITLE, T.INK, anchor="midleft", lines=1)
                te.blit_fit(surf, detail, low, *DETAIL, (150, 40, 30) if problem else T.INK_SOFT,
                            anchor="midleft", lines=1)
            below = n - (shown[-1][0] + 1 if shown else 0)
            if below > 0:
                last = shown[-1][1].bottom if shown else self.area.y
                te.blit_fit(surf, _("{n} more below").format(n=below),
                            pygame.Rect(self.area.x + 20, last + 2, self.area.w - 40, more_h), "sans", 16,
                            T.INK_SOFT, anchor="midleft", lines=1)


def draw_file_screen(surf: pygame.Surface, te: Text, fr: Frame, seed: int, title: str, empty: str, rows: FileRows,
                     index: int, n: int, texts: Callable[[int], tuple[str, str, bool]], buttons: list[Button],
                     message: str) -> None:
    """The whole screen of a file list (Load, Replays) in its frame: the page and its title, the rows (or
    ``empty`` if there are none), the buttons under the page, and a message for the player at its bottom."""
    fr.draw(surf, te, title, seed=seed)
    if not n:
        with te.roomy():
            te.blit_fit(surf, empty, pygame.Rect(rows.area.x, rows.area.y, rows.area.w, te.height("sans", 24, 2)),
                        "sans", 24, T.INK_SOFT, anchor="midleft")
    rows.draw(surf, te, index, n, texts)
    with te.roomy():
        for b in buttons:
            b.draw(surf)
    fr.draw_message(surf, te, message)
