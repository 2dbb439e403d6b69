"""The scoring board: the track of 50 spaces around its edge with the rat tails and the players' markers
and 0/50 seals; inside, the round track with the flame, the fortune card of the round and the bonus die."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...i18n import _, ngettext, pgettext
from ...rules.game import Game
from ...rules.kinds import Phase
from ...wording import data_text as D
from ...wording.results import phase_name
from .. import art, shapes
from .. import theme as T
from ..app import text_engine
from ..legible import legible
from . import card_outcome
from .card_outcome import Line

#: the least size (pixels) of a fortune card's text beside the rows of what it gave: EB Garamond's word spaces
#: are 2 px under 13 px, and the text read as one word ("nimmtentweder")
CARD_TEXT_MIN = 15

TOP, SIDE = 17, 8  # spaces along the top/bottom and along each side: 17 + 8 + 17 + 8 = 50


def track_rects(rect: pygame.Rect) -> list[pygame.Rect]:
    """Rectangles of spaces 1..50 clockwise from the top-left corner (index 0 is space 1)."""
    cw = rect.w / TOP
    ch = rect.h / (SIDE + 2)
    out: list[pygame.Rect] = []
    for i in range(TOP):  # top, left to right
        out.append(pygame.Rect(int(rect.x + i * cw), rect.y, int(cw) - 2, int(ch) - 2))
    for i in range(SIDE):  # right side, top to bottom
        out.append(pygame.Rect(int(rect.right - cw), int(rect.y + (i + 1) * ch), int(cw) - 2, int(ch) - 2))
    for i in range(TOP):  # bottom, right to left
        out.append(pygame.Rect(int(rect.right - (i + 1) * cw), int(rect.bottom - ch), int(cw) - 2, int(ch) - 2))
    for i in range(SIDE):  # left side, bottom to top
        out.append(pygame.Rect(rect.x, int(rect.bottom - (i + 2) * ch), int(cw) - 2, int(ch) - 2))
    return out


def space_of(vp: int) -> int:
    """The printed space (1..50) a marker stands on; 0 is the seal."""
    return 0 if vp <= 0 else (vp - 1) % 50 + 1


class BoardView:
    """The whole board in ``rect`` (any size from about 600x200 up: the card, the round track and the die
    share the inside in proportion)."""

    folded = False

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.spaces = track_rects(rect)
        self._static: pygame.Surface | None = None
        self._static_key: object = None
        inner = rect.inflate(-2 * self.spaces[0].w - 16, -2 * self.spaces[0].h - 16)
        self.inner = inner
        card_w = min(320, max(170, int(inner.w * 0.4)))
        self.card_rect = pygame.Rect(inner.x + 12, inner.y + 8, card_w, inner.h - 16)
        die = max(48, min(120, int(inner.h * 0.42), int(inner.w * 0.16)))
        label = text_engine().linesize("sans-semibold", 15) * 2 + 6  # "bonus die" over it, on two lines if need be
        self.die_rect = pygame.Rect(inner.right - die - max(12, int(die * 0.25)),
                                    inner.y + max(label, int(inner.h * 0.2)), die, die)
        gap = max(12, min(24, int(inner.w * 0.03)))
        self.rounds_rect = pygame.Rect(self.card_rect.right + gap, inner.y + max(40, int(inner.h * 0.22)),
                                       self.die_rect.x - self.card_rect.right - 2 * gap, min(70, int(inner.h * 0.24)))

    def draw_static(self, surf: pygame.Surface, g: Game) -> None:
        """The board's still part (the track and the inside's frame) onto the table's background."""
        surf.blit(self.static(g), self.rect.topleft)
        pygame.draw.rect(surf, (70, 48, 30), self.inner, border_radius=12)
        pygame.draw.rect(surf, T.BRASS_DARK, self.inner, 2, border_radius=12)

    def round_centres(self) -> list[tuple[int, int]]:
        r = self.rounds_rect
        step = r.w / 9
        return [(int(r.x + step * (i + 0.5)), r.centery) for i in range(9)]

    def static(self, g: Game) -> pygame.Surface:
        """The board without anything that moves (redrawn only if the tails change, i.e. never)."""
        key = (self.rect.size, g.cat.scoring.tails, self.number_px())
        if self._static is not None and self._static_key == key and text_engine().recorder is None:
            return self._static
        te = text_engine()
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        art.panel(surf, pygame.Rect(0, 0, *self.rect.size), tint=(222, 204, 160), seed=11, drop=False)
        surf = art.fast(surf)
        ox, oy = self.rect.topleft
        tails = set(g.cat.scoring.tails)
        with te.placed(surf, self.rect.topleft):
            self._track(surf, g, tails)
        self._static = surf
        self._static_key = key
        return surf

    def _track(self, surf: pygame.Surface, g: Game, tails: set[int]) -> None:
        te = text_engine()
        ox, oy = self.rect.topleft
        for i, r in enumerate(self.spaces):
            n = i + 1
            rr = r.move(-ox, -oy)
            fill = (240, 228, 196) if n % 5 else (228, 200, 140)
            pygame.draw.rect(surf, fill, rr, border_radius=6)
            pygame.draw.rect(surf, T.PARCHMENT_EDGE, rr, 1, border_radius=6)
            te.blit(surf, str(n), (rr.x + 5, rr.y + 3), "sans-semibold", self.number_px(), T.INK_SOFT, scaled=False)
            if n in tails:
                # a rat tail between space n and n+1
                nxt = self.spaces[n % 50].move(-ox, -oy)
                mx, my = (rr.centerx + nxt.centerx) // 2, (rr.centery + nxt.centery) // 2
                pts = [(mx - 6, my + 8), (mx - 2, my), (mx + 3, my - 4), (mx + 1, my - 10)]
                pygame.draw.lines(surf, (150, 90, 90), False, pts, 3)
                pygame.draw.circle(surf, (120, 70, 70), (mx - 6, my + 8), 3)

    def number_px(self) -> int:
        """The track's numbers: 14 px, growing with the UI scale as far as a space's height allows."""
        te = text_engine()
        with te.crowded():
            return max(12, min(te.px(14), self.spaces[0].h - 8))

    def marker_size(self) -> int:
        return max(18, min(30, int(self.spaces[0].h * 1.15)))

    def marker_pos(self, vp: int, k: int = 0, n: int = 1) -> tuple[int, int]:
        """Where the ``k``-th of ``n`` markers on the space of ``vp`` stands: one in the middle of the space (a
        little low, under its number); two side by side; three or four in the space's four corners, so that
        every letter shows (each marker is drawn smaller, see :meth:`marker_size_for`)."""
        sp = space_of(vp)
        r = self.spaces[(sp or 50) - 1]  # score 0 waits on the 0/50 seal, which sits where space 50 is
        cx, cy = r.centerx, r.centery + min(6, r.h // 6)
        if n <= 1:
            return (cx, cy)
        dx, dy = r.w * 0.24, r.h * 0.22
        if n == 2:
            return (int(cx + (dx if k else -dx)), cy)
        col, row = k % 2, k // 2
        return (int(cx + (dx if col else -dx)), int(r.centery + (dy if row else -dy)))

    def marker_size_for(self, n: int) -> int:
        """A marker's size when ``n`` share a space (they fan out, so they get smaller)."""
        size = self.marker_size()
        if n <= 1:
            return size
        sp = self.spaces[0]
        return max(14, min(size, int(sp.w * 0.5) if n == 2 else int(min(sp.w * 0.5, sp.h * 0.6))))

    def draw(self, surf: pygame.Surface, g: Game, looks: list[tuple[str, str]],
             dice: list[tuple[str, str]] | None = None, marker_vp: list[float] | None = None,
             colour_blind: bool = False, static: bool = True, die_spin: float = 0.0,
             card_lines: Sequence[Line] = ()) -> None:
        """``dice``: this round's rolls as (who, face), in order; the die shows the last, the list all of them;
        ``card_lines``: what each seat chose or got from the card (``card_outcome``)."""
        te = text_engine()
        if static:
            surf.blit(self.static(g), self.rect.topleft)
        # inner board
        inner = self.inner
        if static:
            pygame.draw.rect(surf, (70, 48, 30), inner, border_radius=12)
            pygame.draw.rect(surf, T.BRASS_DARK, inner, 2, border_radius=12)
        self.draw_card(surf, g, card_lines, looks)
        self.draw_rounds(surf, g)
        self.draw_dice(surf, dice or [], die_spin)
        # phase and start player, between the card and the die
        mid = pygame.Rect(self.card_rect.right + 12, inner.y + 4, self.die_rect.x - 12 - self.card_rect.right - 24,
                          self.rounds_rect.y - 8 - inner.y)
        te.blit_fit(surf, _("Round {round} of {rounds}  ·  {phase}").format(
            round=g.round, rounds=g.cat.events.rounds, phase=self.phase_text(g)), mid, "serif-bold", 30, T.CREAM,
            min_size=12)
        start = g.seats[g.start_seat].name
        below = pygame.Rect(mid.x, self.rounds_rect.bottom + 14, mid.w, inner.bottom - 8 - self.rounds_rect.bottom - 14)
        te.blit_fit(surf, _("start player: {name}").format(name=start), below, "sans", 17, T.PARCHMENT_DARK)
        # markers on the track
        vps = marker_vp if marker_vp is not None else [float(s.score) for s in g.seats]
        by_space: dict[int, list[int]] = {}
        for i, v in enumerate(vps):
            by_space.setdefault(space_of(int(round(v))), []).append(i)
        for seats in by_space.values():
            for k, i in enumerate(seats):
                colour, letter = looks[i]
                mk = art.marker(colour, letter, self.marker_size_for(len(seats)))
                v = vps[i]
                lo = int(v)
                frac = v - lo
                a = self.marker_pos(lo, k, len(seats))
                if frac > 0.01:
                    b = self.marker_pos(lo + 1, k, len(seats))
                    hop = 10 * (1 - abs(frac * 2 - 1))
                    a = (int(a[0] + (b[0] - a[0]) * frac), int(a[1] + (b[1] - a[1]) * frac - hop))
                shapes.note("marker", surf, surf.blit(mk, mk.get_rect(center=a)), letter)  # (over its space's number)
                if v >= 50:
                    self.draw_fifty(surf, a, int(v) // 50 * 50)

    @staticmethod
    def draw_fifty(surf: pygame.Surface, at: tuple[int, int], laps: int) -> None:
        """The "+50" tile of the box beside a marker that has gone round the track (+100 twice round)."""
        te = text_engine()
        label = f"+{laps}"
        w, h = te.font("sans-bold", 14, scaled=False).size(label)
        tile = pygame.Rect(0, 0, w + 8, h)
        tile.midtop = (at[0], at[1] + 7)  # over the marker's lower rim, clear of the track's numbers
        pygame.draw.rect(surf, (40, 28, 18), tile.move(1, 2), border_radius=4)
        pygame.draw.rect(surf, T.BRASS_LIGHT, tile, border_radius=4)
        pygame.draw.rect(surf, T.BRASS_DARK, tile, 1, border_radius=4)
        te.blit(surf, label, tile.center, "sans-bold", 14, T.INK, "center", scaled=False)

    @staticmethod
    def phase_text(g: Game) -> str:
        if g.phase == Phase.SHOPPING and g.round >= g.cat.events.rounds:
            return _("Buying victory points")
        return phase_name(g.phase).capitalize()

    def draw_dice(self, surf: pygame.Surface, dice: list[tuple[str, str]], spin: float) -> None:
        """The bonus die with the last roll (a plain die before the first), and every roll of the round."""
        te = text_engine()
        face = dice[-1][1] if dice else None
        die = art.die(face, int(self.die_rect.w * 0.8), _("VP"))
        if spin:
            die = pygame.transform.rotate(die, spin)
        surf.blit(die, die.get_rect(center=self.die_rect.center))
        inner = self.inner
        col = pygame.Rect(self.die_rect.x - 14, inner.y + 4, inner.right - 4 - (self.die_rect.x - 14), inner.h - 8)
        title_box = pygame.Rect(col.x, col.y, col.w, self.die_rect.y - 4 - col.y)
        te.blit_fit(surf, pgettext("heading", "bonus die"), title_box, "sans-semibold", 15, T.PARCHMENT_DARK)
        below = pygame.Rect(col.x, self.die_rect.bottom + 6, col.w, col.bottom - self.die_rect.bottom - 6)
        if not dice:
            box = pygame.Rect(below.x, below.y, below.w, min(below.h, 50))
            if len(te.wrap(_("rolled after brewing"), "sans", 14, box.w)) * te.linesize("sans", 14) <= box.h:
                te.blit_fit(surf, _("rolled after brewing"), box, "sans", 14, T.PARCHMENT_DARK)
            return  # (no room for the note on a small board: hovering over the die says when it rolls)
        row = max(24, te.linesize("sans", 14) + 2)
        fit = max(1, below.h // row)
        shown = dice[-fit:]
        if len(dice) > fit:  # the earlier rolls of the round: counted, not dropped silently
            shown = dice[-(fit - 1):] if fit > 1 else []
            te.blit_fit(surf, ngettext("{n} roll before", "{n} rolls before", len(dice) - len(shown)).format(
                n=len(dice) - len(shown)), pygame.Rect(below.x, below.y, below.w, row), "sans", 14, T.PARCHMENT_DARK,
                lines=1)
        y = below.y + (row if len(dice) > fit else 0)
        for who, f in shown:
            icon = art.die(f, 22, _("VP"))
            who, size = te.fit_name(who, "sans", 14, below.w - icon.get_width() - 6)
            w = icon.get_width() + 6 + te.size(who, "sans", size)[0]
            x = below.centerx - w // 2
            surf.blit(icon, (x, y + (row - icon.get_height()) // 2))
            te.blit(surf, who, (x + icon.get_width() + 6, y + row // 2), "sans", size, T.CREAM, "midleft", box=below)
            y += row

    def draw_card(self, surf: pygame.Surface, g: Game, lines: Sequence[Line] = (),
                  looks: Sequence[tuple[str, str]] = ()) -> None:
        """The card of the round: its name, when it acts, its text; under it, once it has done something, a row
        per seat of what it chose or got (the text gives way to them if both do not fit: hovering shows it)."""
        te = text_engine()
        r = self.card_rect
        card = g.fortune
        if card is None:
            pygame.draw.rect(surf, (90, 66, 44), r, border_radius=12)
            pygame.draw.rect(surf, T.BRASS_DARK, r, 2, border_radius=12)
            te.blit_fit(surf, _("Fortune teller"), r.inflate(-20, -20), "serif-italic", 24, T.PARCHMENT_DARK)
            return
        head = T.PURPLE_CARD if card.colour == "purple" else T.BLUE_CARD
        art.panel(surf, r, tint=(240, 232, 214), radius=12, seed=3, drop=False)
        hr = pygame.Rect(r.x, r.y, r.w, min(46, max(30, int(r.h * 0.24))))
        pygame.draw.rect(surf, head, hr, border_top_left_radius=12, border_top_right_radius=12)
        te.cover(surf, hr)  # the title band covers the parchment's edge: the title may use all of it
        te.blit_fit(surf, D.card_name(card), hr.inflate(-16, -4), "serif-bold", 22, T.CREAM)
        when = _("now, before the round") if card.colour == "purple" else _("this round")
        one = te.linesize("sans-semibold", 14)
        two = te.wrap(when, "sans-semibold", 14, r.w - 20)
        wr = te.blit_fit(surf, when, pygame.Rect(r.x + 10, hr.bottom + 4, r.w - 20, one * min(2, len(two))),
                         "sans-semibold", 14, head, lines=2)
        body = pygame.Rect(r.x + 14, wr.bottom + 6, r.w - 28, r.bottom - art.EDGE - wr.bottom - 6)
        if lines:
            lines, text, size = self._card_beside_rows(D.card_text(card), lines, body)
            need = card_outcome.rows_height(lines, body.w)
            top = body.bottom - need
            if text is not None:  # the rows right under the text (a tall card has no gap between them)
                used = te.blit_wrapped(surf, D.card_text(card), text, "serif", size, T.INK, line_gap=0)
                rule = min(text.bottom, text.y + used) + 3
                pygame.draw.line(surf, T.PARCHMENT_EDGE, (body.x, rule), (body.right, rule))
                top = min(top, rule + 6)
            card_outcome.draw_rows(surf, pygame.Rect(body.x, top, body.w, need), lines, looks)
            return
        size, _lines = te.fit_block(D.card_text(card), "serif", 19, body, min_size=12, line_gap=0)
        te.blit_wrapped(surf, D.card_text(card), body, "serif", size, T.INK, line_gap=0)

    @staticmethod
    def _card_beside_rows(text: str, lines: Sequence[Line],
                          body: pygame.Rect) -> tuple[list[Line], pygame.Rect | None, int]:
        """The card's text above what it gave each seat: the rows, the text's box (None: the text gives way, hovering
        over the card shows it) and its size. The text is never drawn under ``CARD_TEXT_MIN`` (issue 30, second
        review §7: German and Dutch card texts fell to 12 px beside four rows); with all rows whole if they fit
        beside it, else one row for every seat where all got the same (``card_outcome.alike``), else with each
        seat's gains alone, else the rows alone."""
        te = text_engine()
        shared = card_outcome.alike(lines)
        gains = [(seat, short, short) for seat, _line, short in lines]
        for rows in (list(lines), *([shared] if shared else []), gains):
            need = card_outcome.rows_height(rows, body.w)
            box = pygame.Rect(body.x, body.y, body.w, body.h - need - 6)
            if box.h <= 0:
                continue
            size, wrapped = te.fit_block(text, "serif", 19, box, min_size=CARD_TEXT_MIN, line_gap=0)
            if te.px(size) >= CARD_TEXT_MIN and len(wrapped) * te.linesize("serif", size) <= box.h and \
                    not any(te.shortened(w) for w in wrapped):
                return rows, box, size
        return card_outcome.fitting(lines, body), None, 0

    def draw_rounds(self, surf: pygame.Surface, g: Game) -> None:
        te = text_engine()
        events = {2: "yellow", 3: "purple", 6: "white", 9: "vp"}
        rad = max(11, int(min(26, self.rounds_rect.w / 9 * 0.42)))
        for i, (x, y) in enumerate(self.round_centres()):
            n = i + 1
            done = n < g.round
            cur = n == g.round
            col = T.BRASS_LIGHT if cur else ((120, 96, 66) if done else (160, 132, 92))
            pygame.draw.circle(surf, (40, 28, 18), (x + 2, y + 3), rad)
            pygame.draw.circle(surf, col, (x, y), rad)
            pygame.draw.circle(surf, T.BRASS_DARK, (x, y), rad, 2)
            te.blit(surf, str(n), (x, y), "serif-bold", max(12, int(rad * 1.0)), legible(T.INK, col), "center",
                    scaled=False)
            ev = events.get(n)
            if ev in ("yellow", "purple"):
                pygame.draw.rect(surf, T.BOOK_HEADERS[ev], (x - 6, y + rad + 4, 12, 15), border_radius=3)
            elif ev == "white":
                c = art.chip("white", 1, 8)
                surf.blit(c, c.get_rect(center=(x, y + rad + 12)))
            elif ev == "vp":
                te.blit(surf, _("VP"), (x, y + rad + 12), "sans-bold", 14, T.FLAME_CORE, "center", scaled=False)
            if cur:
                fl = art.flame(int(rad * 1.5))
                surf.blit(fl, fl.get_rect(midbottom=(x, y - rad + 4)))
