"""The log panel: every event of the game as a sentence with its cause, grouped by round, scrollable."""

from __future__ import annotations

import pygame

from ...rules.game import Game
from .. import art
from .. import theme as T
from ..app import text_engine
from ..narrate import LogLine, log_lines


class LogPanel:
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.lines: list[LogLine] = []
        self.seen = 0
        self.scroll = 0  # rows scrolled up from the newest
        self.wrapped: list[tuple[str, str, tuple[int, int, int]]] = []
        self._wrap_key: object = None

    def sync(self, g: Game) -> None:
        if len(g.events) != self.seen:
            self.lines = log_lines(g, g.events)
            self.seen = len(g.events)

    def layout(self, g: Game, colours: list[tuple[int, int, int]]) -> None:
        key = (len(self.lines), self.rect.size, text_engine().scale, text_engine().dense)
        if key == self._wrap_key:
            return
        te = text_engine()
        rows: list[tuple[str, str, tuple[int, int, int]]] = []
        last_round = None
        for ln in self.lines:
            if ln.round != last_round:
                rows.append(("head", f"Round {ln.round}", T.BRASS_DARK))
                last_round = ln.round
            col = colours[ln.seat] if ln.seat is not None and ln.seat < len(colours) else T.INK_SOFT
            for i, part in enumerate(te.wrap(ln.text, "sans", 15, self.rect.w - 44)):
                rows.append(("line" if i == 0 else "cont", part, col))
        self.wrapped = rows
        self._wrap_key = key

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + event.y * 3)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_PAGEUP:
                self.scroll += 12
                return True
            if event.key == pygame.K_PAGEDOWN:
                self.scroll = max(0, self.scroll - 12)
                return True
            if event.key == pygame.K_HOME:
                self.scroll = 10**6
                return True
            if event.key == pygame.K_END:
                self.scroll = 0
                return True
        return False

    def draw(self, surf: pygame.Surface, g: Game, colours: list[tuple[int, int, int]]) -> None:
        with text_engine().roomy():
            self._draw(surf, g, colours)

    def _draw(self, surf: pygame.Surface, g: Game, colours: list[tuple[int, int, int]]) -> None:
        te = text_engine()
        self.sync(g)
        self.layout(g, colours)
        r = self.rect
        art.panel(surf, r, seed=71)
        te.blit(surf, "Log", (r.x + 18, r.y + 12), "serif-bold", 30, T.INK)
        te.blit(surf, "L closes · wheel or PgUp/PgDn scroll", (r.right - 16, r.y + 22), "sans", 13, T.INK_SOFT,
                "topright")
        lh = te.font("sans", 15).get_linesize() + 2
        area = pygame.Rect(r.x + 16, r.y + 56, r.w - 32, r.h - 72)
        rows_fit = max(1, area.h // lh)
        total = len(self.wrapped)
        self.scroll = min(self.scroll, max(0, total - rows_fit))
        end = total - self.scroll
        start = max(0, end - rows_fit)
        y = area.y
        for kind, text, col in self.wrapped[start:end]:
            if kind == "head":
                te.blit(surf, text, (area.x, y), "sans-bold", 16, T.BRASS_DARK)
                pygame.draw.line(surf, T.PARCHMENT_EDGE, (area.x + 90, y + lh // 2), (area.right, y + lh // 2), 1)
            else:
                x = area.x + (10 if kind == "line" else 22)
                if kind == "line":
                    pygame.draw.circle(surf, col, (area.x + 3, y + lh // 2), 3)
                te.blit(surf, text, (x, y), "sans", 15, T.INK)
            y += lh
        if self.scroll:
            te.blit(surf, f"{self.scroll} newer lines below (End)", (r.centerx, r.bottom - 14), "sans", 13, T.INK_SOFT,
                    "midbottom")
