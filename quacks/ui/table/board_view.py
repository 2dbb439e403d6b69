"""The scoring board: the track of 50 spaces around its edge with the rat tails and the players' markers
and 0/50 seals; inside, the round track with the flame, the fortune card of the round and the bonus die."""

from __future__ import annotations

import pygame

from ...i18n import _
from ...rules.game import Game
from ...rules.kinds import Phase
from ...wording.results import phase_name
from .. import art
from .. import theme as T
from ..app import text_engine

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
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.spaces = track_rects(rect)
        self._static: pygame.Surface | None = None
        self._static_key: object = None
        inner = rect.inflate(-2 * self.spaces[0].w - 16, -2 * self.spaces[0].h - 16)
        self.inner = inner
        self.card_rect = pygame.Rect(inner.x + 12, inner.y + 8, 300, inner.h - 16)
        self.die_rect = pygame.Rect(inner.right - 150, inner.y + 56, 120, 120)
        self.rounds_rect = pygame.Rect(self.card_rect.right + 24, inner.y + 64,
                                       self.die_rect.x - self.card_rect.right - 48,
                                       70)

    def round_centres(self) -> list[tuple[int, int]]:
        r = self.rounds_rect
        step = r.w / 9
        return [(int(r.x + step * (i + 0.5)), r.centery) for i in range(9)]

    def static(self, g: Game) -> pygame.Surface:
        """The board without anything that moves (redrawn only if the tails change, i.e. never)."""
        key = (self.rect.size, g.cat.scoring.tails)
        if self._static is not None and self._static_key == key:
            return self._static
        te = text_engine()
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        art.panel(surf, pygame.Rect(0, 0, *self.rect.size), tint=(222, 204, 160), seed=11, drop=False)
        surf = art.fast(surf)
        ox, oy = self.rect.topleft
        tails = set(g.cat.scoring.tails)
        for i, r in enumerate(self.spaces):
            n = i + 1
            rr = r.move(-ox, -oy)
            fill = (240, 228, 196) if n % 5 else (228, 200, 140)
            pygame.draw.rect(surf, fill, rr, border_radius=6)
            pygame.draw.rect(surf, T.PARCHMENT_EDGE, rr, 1, border_radius=6)
            te.blit(surf, str(n), (rr.x + 5, rr.y + 3), "sans-semibold", 14, T.INK_SOFT, scaled=False)
            if n in tails:
                # a rat tail between space n and n+1
                nxt = self.spaces[n % 50].move(-ox, -oy)
                mx, my = (rr.centerx + nxt.centerx) // 2, (rr.centery + nxt.centery) // 2
                pts = [(mx - 6, my + 8), (mx - 2, my), (mx + 3, my - 4), (mx + 1, my - 10)]
                pygame.draw.lines(surf, (150, 90, 90), False, pts, 3)
                pygame.draw.circle(surf, (120, 70, 70), (mx - 6, my + 8), 3)
        self._static = surf
        self._static_key = key
        return surf

    def marker_pos(self, vp: int, k: int = 0, n: int = 1) -> tuple[int, int]:
        """Where a marker with ``vp`` stands (several on one space fan out)."""
        sp = space_of(vp)
        r = self.spaces[(sp or 50) - 1]  # score 0 waits on the 0/50 seal, which sits where space 50 is
        base = r.center
        off = (k - (n - 1) / 2) * 14
        return (int(base[0] + off), int(base[1] + off * 0.5 + 6))

    def draw(self, surf: pygame.Surface, g: Game, looks: list[tuple[str, str]],
             dice: list[tuple[str, str]] | None = None, marker_vp: list[float] | None = None,
             colour_blind: bool = False, static: bool = True, die_spin: float = 0.0) -> None:
        """``dice``: this round's rolls as (who, face), in order; the die shows the last, the list all of them."""
        te = text_engine()
        if static:
            surf.blit(self.static(g), self.rect.topleft)
        # inner board
        inner = self.inner
        if static:
            pygame.draw.rect(surf, (70, 48, 30), inner, border_radius=12)
            pygame.draw.rect(surf, T.BRASS_DARK, inner, 2, border_radius=12)
        self.draw_card(surf, g)
        self.draw_rounds(surf, g)
        self.draw_dice(surf, dice or [], die_spin)
        # phase and start player
        te.blit(surf, _("Round {round} of {rounds}  ·  {phase}").format(
            round=g.round, rounds=g.cat.events.rounds, phase=self.phase_text(g)),
            (self.rounds_rect.centerx, inner.y + 14), "serif-bold", 30, T.CREAM, "midtop")
        start = g.seats[g.start_seat].name
        te.blit(surf, _("start player: {name}").format(name=start),
                (self.rounds_rect.centerx, self.rounds_rect.bottom + 18), "sans", 17, T.PARCHMENT_DARK, "midtop")
        # markers on the track
        vps = marker_vp if marker_vp is not None else [float(s.score) for s in g.seats]
        by_space: dict[int, list[int]] = {}
        for i, v in enumerate(vps):
            by_space.setdefault(space_of(int(round(v))), []).append(i)
        for seats in by_space.values():
            for k, i in enumerate(seats):
                colour, letter = looks[i]
                mk = art.marker(colour, letter, 30)
                v = vps[i]
                lo = int(v)
                frac = v - lo
                a = self.marker_pos(lo, k, len(seats))
                if frac > 0.01:
                    b = self.marker_pos(lo + 1, k, len(seats))
                    hop = 10 * (1 - abs(frac * 2 - 1))
                    a = (int(a[0] + (b[0] - a[0]) * frac), int(a[1] + (b[1] - a[1]) * frac - hop))
                surf.blit(mk, mk.get_rect(center=a))

    @staticmethod
    def phase_text(g: Game) -> str:
        if g.phase == Phase.SHOPPING and g.round >= g.cat.events.rounds:
            return _("Buying victory points")
        return phase_name(g.phase).capitalize()

    def draw_dice(self, surf: pygame.Surface, dice: list[tuple[str, str]], spin: float) -> None:
        """The bonus die with the last roll (a plain die before the first), and every roll of the round."""
        te = text_engine()
        face = dice[-1][1] if dice else None
        die = art.die(face, 96)
        if spin:
            die = pygame.transform.rotate(die, spin)
        surf.blit(die, die.get_rect(center=self.die_rect.center))
        te.blit(surf, _("bonus die"), (self.die_rect.centerx, self.die_rect.y - 10), "sans-semibold", 15,
                T.PARCHMENT_DARK, "midbottom")
        if not dice:
            te.blit(surf, _("rolled after brewing"), (self.die_rect.centerx, self.die_rect.bottom + 10), "sans", 14,
                    T.PARCHMENT_DARK, "midtop")
            return
        y = self.die_rect.bottom + 8
        for who, f in dice[-4:]:
            icon = art.die(f, 22)
            line = te.render(who, "sans", 14, T.CREAM)
            w = icon.get_width() + 6 + line.get_width()
            x = self.die_rect.centerx - w // 2
            surf.blit(icon, (x, y))
            surf.blit(line, (x + icon.get_width() + 6, y + (icon.get_height() - line.get_height()) // 2))
            y += 24

    def draw_card(self, surf: pygame.Surface, g: Game) -> None:
        te = text_engine()
        r = self.card_rect
        card = g.fortune
        if card is None:
            pygame.draw.rect(surf, (90, 66, 44), r, border_radius=12)
            pygame.draw.rect(surf, T.BRASS_DARK, r, 2, border_radius=12)
            te.blit(surf, _("Fortune teller"), r.center, "serif-italic", 24, T.PARCHMENT_DARK, "center")
            return
        head = T.PURPLE_CARD if card.colour == "purple" else T.BLUE_CARD
        art.panel(surf, r, tint=(240, 232, 214), radius=12, seed=3, drop=False)
        hr = pygame.Rect(r.x, r.y, r.w, 46)
        pygame.draw.rect(surf, head, hr, border_top_left_radius=12, border_top_right_radius=12)
        te.blit(surf, card.name, hr.center, "serif-bold", 22, T.CREAM, "center")
        when = _("now, before the round") if card.colour == "purple" else _("this round")
        te.blit(surf, when, (r.centerx, hr.bottom + 6), "sans-semibold", 14, head, "midtop")
        te.blit_wrapped(surf, card.text, pygame.Rect(r.x + 14, hr.bottom + 28, r.w - 28, r.h - 82), "serif", 19,
                        T.INK, max_lines=7)

    def draw_rounds(self, surf: pygame.Surface, g: Game) -> None:
        te = text_engine()
        events = {2: "yellow", 3: "purple", 6: "white", 9: "vp"}
        rad = int(min(26, self.rounds_rect.w / 9 * 0.42))
        for i, (x, y) in enumerate(self.round_centres()):
            n = i + 1
            done = n < g.round
            cur = n == g.round
            col = T.BRASS_LIGHT if cur else ((120, 96, 66) if done else (160, 132, 92))
            pygame.draw.circle(surf, (40, 28, 18), (x + 2, y + 3), rad)
            pygame.draw.circle(surf, col, (x, y), rad)
            pygame.draw.circle(surf, T.BRASS_DARK, (x, y), rad, 2)
            te.blit(surf, str(n), (x, y), "serif-bold", int(rad * 1.0), T.INK, "center", scaled=False)
            ev = events.get(n)
            if ev in ("yellow", "purple"):
                pygame.draw.rect(surf, T.BOOK_HEADERS[ev], (x - 6, y + rad + 4, 12, 15), border_radius=3)
            elif ev == "white":
                c = art.chip("white", 1, 8)
                surf.blit(c, c.get_rect(center=(x, y + rad + 12)))
            elif ev == "vp":
                te.blit(surf, "VP", (x, y + rad + 12), "sans-bold", 12, T.FLAME_CORE, "center", scaled=False)
            if cur:
                fl = art.flame(int(rad * 1.5))
                surf.blit(fl, fl.get_rect(midbottom=(x, y - rad + 4)))
