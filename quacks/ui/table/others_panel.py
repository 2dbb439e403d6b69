"""The other seats: a card each with a small pot, score, rubies, flask, white total, status, the next or
scoring space, the explosion risk (if shown) and the bot's reason. A click (or V) brings one into focus.

The cards' labels are packed (they grow a little with the UI scale). Beside the pot they flow down the
card: the white total, the status and the space always show; the risk, the test tube and the bot's reason
come after them as long as there is room (the reason wraps into what is left and goes whole or not at all),
and if the needed lines do not fit, all of them get smaller. Nothing is cut.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...ai.odds import explosion_risk
from ...i18n import _, percent
from ...rules.game import Game
from ...wording import status
from ...wording import text as W
from .. import art
from .. import theme as T
from ..app import text_engine
from . import pot_view as pv
from .layout import TableLayout
from .others_tiles import draw_tiles

if TYPE_CHECKING:  # pragma: no cover
    from .view import TableView
from .view_state import ViewState

GAP = 4


def draw_others(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Any | None) -> None:
    te = text_engine()
    if view.layout.others_folded:
        draw_tiles(surf, view, g, st, anim)
        return
    for seat, r in view.other_rects.items():
        with te.within(r):
            _card(surf, view, g, st, anim, seat, r)


def _card(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Any | None, seat: int,
          r: pygame.Rect) -> None:
    te = text_engine()
    s = g.seats[seat]
    mk = art.marker(view.look(seat).key, (s.name[:1] or "?").upper(), 40)
    surf.blit(mk, (r.x + 12, r.y + 10))
    vp_r = te.blit(surf, W.vp(s.score), (r.right - 14, r.y + 10), "sans-bold", 26, T.BRASS_LIGHT, "topright")
    name_w = vp_r.x - 12 - (r.x + 60)
    name, size = te.fit_name(s.name, "serif-bold", 26, name_w, 14)
    name_r = te.blit(surf, name, (r.x + 60, r.y + 8), "serif-bold", size, T.CREAM)
    kind = view.kind_text(seat, False)
    kind_w = r.right - 14 - (r.x + 60) if vp_r.bottom < name_r.bottom + 2 else name_w
    size = te.fit(kind, "sans", 14, kind_w)
    if te.size(kind, "sans", size)[0] > kind_w:  # short of room: the word for it
        kind = view.kind_text(seat, False, short=True)
    kind_r = te.blit(surf, kind, (r.x + 60, max(r.y + 40, name_r.bottom + 1)), "sans", te.fit(kind, "sans", 14, kind_w),
                     T.PARCHMENT_DARK)
    centre, radius = TableLayout.small_pot(r)
    sx, sy = anim.shake(seat) if anim is not None else (0, 0)
    pot = pv.PotLayout((centre[0] + sx, centre[1] + sy), radius)
    hidden = anim.hidden(seat) if anim is not None else 0
    pv.draw_pot(surf, g, seat, pot, colour_blind=st.colour_blind, hidden_chips=hidden)
    if r.h >= r.w * 1.35:  # a tall card (two seats): the pot on top, the rest under it
        x = r.x + 16
        width = r.w - 32
        y = centre[1] + int(radius * 1.16) + 10
    else:
        x = centre[0] + radius + int(radius * 0.3) + 8
        width = r.right - 12 - x
        y = max(kind_r.bottom + 8, r.y + 58)
    ruby = 18
    pv.draw_rubies(surf, (x, y), s.rubies, ruby, max(1, (width - 44) // (ruby + 2)))
    fl = art.flask(34, s.flask_full)
    surf.blit(fl, (r.right - 44, y - 6))
    y += max(ruby + 2 if s.rubies <= max(1, (width - 44) // (ruby + 2)) else 2 * ruby + 4, 30) + 6
    bottom = r.bottom - 10
    for shrink in range(0, 5):
        rows = _rows(view, g, st, seat, x, width, shrink)
        chosen = _choose(rows, bottom - y)
        if chosen is not None:
            break
    for h, _p, draw in chosen or []:
        draw(surf, y, h)
        y += h + GAP


Row = tuple[int, int, Callable[[pygame.Surface, int, int], object]]  # (height, priority, draw(surf, top, height))


def _choose(rows: list[Row], room: int) -> list[Row] | None:
    keep = list(rows)
    for p in sorted({p for _h, p, _d in rows}, reverse=True):
        if sum(h + GAP for h, _p, _d in keep) - GAP <= room:
            return keep
        if p == 1:
            return None
        keep = [row for row in keep if row[1] != p]
    return keep if sum(h + GAP for h, _p, _d in keep) - GAP <= room else None


def _rows(view: TableView, g: Game, st: ViewState, seat: int, x: int, width: int, shrink: int) -> list[Row]:
    te = text_engine()
    s = g.seats[seat]
    rows: list[Row] = []

    def text(priority: int, line: str, face: str, size: int, colour: T.RGB) -> None:
        size = max(te.floor(14), size - shrink)
        lines = te.wrap(line, face, size, width)
        h = te.linesize(face, size) * len(lines)
        rows.append((h, priority, lambda sf, y, hh: te.blit_wrapped(sf, line, pygame.Rect(x, y, width, hh + 4), face,
                                                                    size, colour, line_gap=0)))

    limit = g.limit(seat)
    meter = 12

    def white(sf: pygame.Surface, y: int, h: int) -> None:
        label = _("White {total}/{limit}").format(total=s.white_total, limit=limit)
        size = te.fit(label, "sans-semibold", max(te.floor(14), 17 - shrink), width)
        te.blit(sf, label, (x, y), "sans-semibold", size, T.DANGER if s.exploded else T.CREAM)
        pv.fuse(sf, pygame.Rect(x, y + h - meter, width, meter), s.white_total, limit, s.exploded)

    rows.append((te.linesize("sans-semibold", max(te.floor(14), 17 - shrink)) + 4 + meter, 1, white))
    said = view.status(g, seat, st)
    if said:
        text(1, said, "sans-bold", 16, T.DANGER if s.exploded else T.CREAM)
    line = status.other_seat_line(g, seat)
    if line:
        text(1, line, "sans", 15, T.PARCHMENT_DARK)
    if st.show_risk and s.brewing:
        text(2, _("risk {p}").format(p=percent(explosion_risk(g, seat))), "sans-semibold", 15, T.WARN)
    if g.tubes:
        tube_h = pv.tube_height(width)
        rows.append((tube_h, 2, lambda sf, y, hh: pv.draw_tubes(sf, pygame.Rect(x, y, width, hh), g, seat)))
    reason = st.reasons.get(seat, "")
    if reason and view.setup.seats[seat].is_bot:
        text(3, reason, "sans", 14, T.PARCHMENT_DARK)
    return rows
