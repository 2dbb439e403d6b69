"""The board folded into one bar, for a table short of height (a small window, a large UI scale): the round,
its phase and the start player; the fortune card's title; the bonus die and its last roll; and the scoring
track as a ruler of 50 spaces with every seat's marker. Nothing is lost: hovering tells each part's rule, and a
click anywhere on the bar opens the whole board large (``ui.overlays.board``)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...i18n import _
from ...rules.game import Game
from ...wording import data_text as D
from .. import art, shapes
from .. import theme as T
from ..app import text_engine
from . import card_outcome
from .board_view import BoardView, space_of
from .card_outcome import Line


class BoardBar:
    """Has what the table asks of a board (``card_rect``, ``die_rect``, ``spaces``, ``marker_pos``...)."""

    folded = True

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.inner = rect.inflate(-12, -8)
        top_h = int(rect.h * 0.56)
        self.top = pygame.Rect(rect.x + 10, rect.y + 4, rect.w - 20, top_h - 4)
        ruler = pygame.Rect(rect.x + 12, rect.y + top_h + 2, rect.w - 24, rect.bottom - 6 - (rect.y + top_h + 2))
        self.ruler = ruler
        cw = ruler.w / 51  # a cell before space 1 where a score of 0 waits (issue 30: it stood after "40")
        self.start = pygame.Rect(ruler.x, ruler.y, max(1, int(cw) - 1), ruler.h)
        self.spaces = [pygame.Rect(int(ruler.x + (i + 1) * cw), ruler.y, max(1, int(cw) - 1), ruler.h)
                       for i in range(50)]
        die = max(24, self.top.h - 4)
        self.open_rect = pygame.Rect(0, 0, 0, 0)  # "the whole board" hint on the right (set when drawn)
        w = self.top.w
        self.rounds_rect = pygame.Rect(self.top.x, self.top.y, int(w * 0.36), self.top.h)
        self.card_rect = pygame.Rect(self.rounds_rect.right + 10, self.top.y + 2, int(w * 0.3), self.top.h - 4)
        self.die_rect = pygame.Rect(self.card_rect.right + 14, self.top.centery - die // 2, die, die)
        self.dice_text = pygame.Rect(self.die_rect.right + 8, self.top.y, 0, self.top.h)
        self.dice_text.w = max(0, self.top.right - self.dice_text.x)

    def round_centres(self) -> list[tuple[int, int]]:
        return [self.rounds_rect.center] * 9

    def number_px(self) -> int:
        return 12

    def marker_size(self) -> int:
        return max(16, min(28, self.ruler.h + 4))

    def marker_pos(self, vp: int, k: int = 0, n: int = 1) -> tuple[int, int]:
        sp = space_of(vp)
        r = self.spaces[sp - 1] if sp else self.start  # 0 waits at the ruler's start, before space 1
        off = (k - (n - 1) / 2) * self.marker_size() * 0.85  # several on one space: side by side along the ruler
        return (int(r.centerx + off), r.centery)

    def static(self, g: Game) -> pygame.Surface:
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self.draw_static(surf, g, origin=self.rect.topleft)
        return surf

    def draw_static(self, surf: pygame.Surface, g: Game, origin: tuple[int, int] = (0, 0)) -> None:
        """The bar and the ruler's spaces (every fifth marked, the tens numbered, the rat tails drawn)."""
        te = text_engine()
        ox, oy = origin
        art.panel(surf, self.rect.move(-ox, -oy), tint=(222, 204, 160), seed=11, drop=False)
        inner = self.top.move(-ox, -oy).inflate(8, 4)
        pygame.draw.rect(surf, (70, 48, 30), inner, border_radius=10)
        pygame.draw.rect(surf, T.BRASS_DARK, inner, 2, border_radius=10)
        tails = set(g.cat.scoring.tails)
        pygame.draw.rect(surf, (200, 176, 128), self.start.move(-ox, -oy), border_radius=3)
        for i, r in enumerate(self.spaces):
            n = i + 1
            rr = r.move(-ox, -oy)
            pygame.draw.rect(surf, (240, 228, 196) if n % 5 else (228, 200, 140), rr, border_radius=3)
            if n in tails:
                pygame.draw.line(surf, (150, 90, 90), (rr.right, rr.y + 2), (rr.right, rr.bottom - 2), 2)
        with te.placed(surf, (ox, oy)):
            for n in (10, 20, 30, 40, 50):
                r = self.spaces[n - 1].move(-ox, -oy)
                te.blit(surf, str(n), (r.right - 1, r.centery), "sans-semibold", 12, T.INK_SOFT, "midright",
                        scaled=False)

    def draw(self, surf: pygame.Surface, g: Game, looks: list[tuple[str, str]],
             dice: list[tuple[str, str]] | None = None, marker_vp: list[float] | None = None,
             colour_blind: bool = False, static: bool = True, die_spin: float = 0.0,
             card_lines: Sequence[Line] = ()) -> None:
        te = text_engine()
        if static:
            self.draw_static(surf, g)
        with te.roomy():
            line = _("Round {round} of {rounds}  ·  {phase}").format(
                round=g.round, rounds=g.cat.events.rounds, phase=BoardView.phase_text(g))
            r = self.rounds_rect
            half = r.h // 2 + 2
            one = pygame.Rect(r.x + 4, r.y, r.w - 4, half)
            size, rows = te.fit_label(line, "serif-bold", 22, one, 14, 1)
            if te.size(rows[0], "serif-bold", size)[0] <= one.w and rows[0] == line:
                te.blit_fit(surf, line, one, "serif-bold", 22, T.CREAM, lines=1, anchor="midleft")
                who, size = te.fit_name(g.seats[g.start_seat].name, "sans", 14,
                                        r.w - 4 - te.size(_("start player: {name}").format(name=""), "sans", 14)[0])
                te.blit_fit(surf, _("start player: {name}").format(name=who),
                            pygame.Rect(r.x + 4, r.y + half, r.w - 4, r.h - half), "sans", 14, T.PARCHMENT_DARK,
                            lines=1, anchor="midleft", min_size=12)
            else:  # a long phase name: the line takes both rows (hovering over it names the start player)
                te.blit_fit(surf, line, pygame.Rect(r.x + 4, r.y, r.w - 4, r.h), "serif-bold", 20, T.CREAM, lines=2,
                            anchor="midleft", min_size=12)
        self._card(surf, g, card_lines, looks)
        self._dice(surf, dice or [], die_spin)
        vps = marker_vp if marker_vp is not None else [float(s.score) for s in g.seats]
        by_space: dict[int, list[int]] = {}
        for i, v in enumerate(vps):
            by_space.setdefault(space_of(int(round(v))), []).append(i)
        size = self.marker_size()
        for seats in by_space.values():
            for k, i in enumerate(seats):
                colour, letter = looks[i]
                mk = art.marker(colour, letter, size)
                v = vps[i]
                lo = int(v)
                a = self.marker_pos(lo, k, len(seats))
                frac = v - lo
                if frac > 0.01:
                    b = self.marker_pos(lo + 1, k, len(seats))
                    a = (int(a[0] + (b[0] - a[0]) * frac), int(a[1] + (b[1] - a[1]) * frac))
                shapes.note("marker", surf, surf.blit(mk, mk.get_rect(center=a)), letter)  # (over its space's number)
                if v >= 50:
                    BoardView.draw_fifty(surf, a, int(v) // 50 * 50)

    def _card(self, surf: pygame.Surface, g: Game, lines: Sequence[Line] = (),
              looks: Sequence[tuple[str, str]] = ()) -> None:
        """The card's name; once it has done something, a row of each seat's marker and gains under it."""
        te = text_engine()
        r = self.card_rect
        card = g.fortune
        with te.roomy():
            if card is None:
                pygame.draw.rect(surf, (90, 66, 44), r, border_radius=8)
                te.blit_fit(surf, _("Fortune teller"), r.inflate(-12, -4), "serif-italic", 20, T.PARCHMENT_DARK,
                            lines=1)
                return
            head = T.PURPLE_CARD if card.colour == "purple" else T.BLUE_CARD
            pygame.draw.rect(surf, head, r, border_radius=8)
            pygame.draw.rect(surf, T.BRASS_LIGHT, r, 1, border_radius=8)
            if lines:
                half = r.h // 2
                size = 18
                while te.height("serif-bold", size) > half + 1 and size > te.floor(12):
                    size -= 1
                name, size = te.fit_name(D.card_name(card), "serif-bold", size, r.w - 14)  # whole on the board
                te.blit(surf, name, (r.centerx, r.y + 1 + half // 2), "serif-bold", size, T.CREAM, "center",
                        box=pygame.Rect(r.x + 7, r.y, r.w - 14, half + 1))
                card_outcome.draw_compact(surf, pygame.Rect(r.x + 7, r.y + half, r.w - 14, r.h - half - 1), lines,
                                          looks)
                return
            te.blit_fit(surf, D.card_name(card), r.inflate(-14, -4), "serif-bold", 20, T.CREAM, lines=2, min_size=12)

    def _dice(self, surf: pygame.Surface, dice: list[tuple[str, str]], spin: float) -> None:
        te = text_engine()
        face = dice[-1][1] if dice else None
        die = art.die(face, self.die_rect.w, _("VP"))
        if spin:
            die = pygame.transform.rotate(die, spin)
        surf.blit(die, die.get_rect(center=self.die_rect.center))
        box = self.dice_text
        with te.roomy():
            label = _("Board")
            label_w = min(box.w // 2, te.size(label, "sans-bold", 14)[0] + 20)
            self.open_rect = pygame.Rect(box.right - label_w, box.y + 3, label_w, box.h - 6)
            pygame.draw.rect(surf, (58, 40, 28), self.open_rect, border_radius=8)
            pygame.draw.rect(surf, T.BRASS_LIGHT, self.open_rect, 1, border_radius=8)
            te.blit_fit(surf, label, self.open_rect.inflate(-8, -2), "sans-bold", 14, T.CREAM, min_size=12, lines=1)
            text_box = pygame.Rect(box.x, box.y, box.w - label_w - 10, box.h)
            if not dice:  # the die waits (hover tells its rule)
                return
            who, _face = dice[-1]
            more = len(dice) - 1
            line = who if not more else _("{name} (and {n} before)").format(name=who, n=more)
            rows = te.fit_label(line, "sans-semibold", 15, text_box, 12)[1]
            lines = 2
            if " ".join(rows).split() != line.split():  # a word would break in two: the name is shortened instead
                rest = "" if not more else _("{name} (and {n} before)").format(name="", n=more)
                who = te.fit_name(who, "sans-semibold", 15, text_box.w - te.size(rest, "sans-semibold", 12)[0])[0]
                line = who if not more else _("{name} (and {n} before)").format(name=who, n=more)
                lines = 1
            te.blit_fit(surf, line, text_box, "sans-semibold", 15, T.CREAM, min_size=12, anchor="midleft",
                        lines=lines)
