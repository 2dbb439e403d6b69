"""The other seats folded into small tiles, for a table short of room: each tile shows the seat's pot (small),
its name, score and white total, and what it does (brewing, stopped, exploded). A tile is one click from
bringing that pot into focus (or V), and hovering over its pot shows the pot large (``ui.table.pot_zoom``).
In a column beside the pot, or in a row under the board in a tall window."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _
from ...rules.game import Game
from ...wording import text as W
from .. import art
from .. import theme as T
from ..app import text_engine
from . import pot_view as pv
from .layout import GAP, POT_RIM

if TYPE_CHECKING:  # pragma: no cover
    from .view import TableView
from .view_state import ViewState

PAD = 8


def tile_rects(area: pygame.Rect, count: int, row: bool) -> list[pygame.Rect]:
    """``count`` tiles filling ``area``: side by side in a row, or one under the other."""
    if count <= 0:
        return []
    if row:
        w = (area.w - GAP * (count - 1)) // count
        return [pygame.Rect(area.x + i * (w + GAP), area.y, w, area.h) for i in range(count)]
    h = min((area.h - GAP * (count - 1)) // count, int(area.w * 2.2))
    return [pygame.Rect(area.x, area.y + i * (h + GAP), area.w, h) for i in range(count)]


def _text_rows() -> int:
    te = text_engine()
    with te.crowded():
        return te.linesize("serif-bold", 17) + te.linesize("sans-semibold", 15) * 3 + 4


def tile_pot(r: pygame.Rect) -> tuple[tuple[int, int], int]:
    """Centre and radius of the pot in a tile: on the left of a wide tile; in a tall one under the text, in the
    middle of the room left (at the bottom where it fills it)."""
    if r.w >= r.h * 1.4:  # a tile of the row: the pot on the left
        radius = max(14, int((r.h - 2 * PAD) / (2 * POT_RIM)))
        return (r.x + PAD + int(radius * POT_RIM), r.centery), radius
    free = r.h - 2 * PAD - _text_rows()  # under the text: the pot in the middle of it (no band of empty card)
    radius = max(14, int(min(r.w - 2 * PAD, free) / (2 * POT_RIM)))
    return (r.centerx, min(r.y + PAD + _text_rows() + free // 2, r.bottom - PAD - int(radius * POT_RIM))), radius


def draw_tiles(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Any | None) -> None:
    te = text_engine()
    for seat, r in view.other_rects.items():
        with te.within(r), te.crowded():
            _tile(surf, view, g, st, anim, seat, r)


def _tile(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Any | None, seat: int,
          r: pygame.Rect) -> None:
    te = text_engine()
    s = g.seats[seat]
    centre, radius = tile_pot(r)
    pv.draw_moving_pot(surf, g, seat, pv.PotLayout(centre, radius), anim, st.colour_blind)
    wide = r.w >= r.h * 1.4
    if wide:
        box = pygame.Rect(centre[0] + int(radius * POT_RIM) + PAD, r.y + PAD // 2, 0, r.h - PAD)
        box.w = r.right - PAD - box.x
    else:
        box = pygame.Rect(r.x + PAD, r.y + PAD // 2, r.w - 2 * PAD, centre[1] - int(radius * POT_RIM) - r.y - PAD // 2)
    name_h = te.linesize("serif-bold", 17)
    mk_size = max(16, min(24, name_h))
    mk = art.marker(view.look(seat).key, view.letter(seat), mk_size)
    surf.blit(mk, mk.get_rect(midleft=(box.x, box.y + name_h // 2)))
    x = box.x + mk_size + 4
    name, size = te.fit_name(s.name, "serif-bold", 17, box.right - x)
    te.blit(surf, name, (x, box.y + name_h // 2), "serif-bold", size, T.CREAM, "midleft", box=box)
    y = box.y + name_h + 2
    line = te.linesize("sans-semibold", 15)
    limit = g.limit(seat)
    colour = T.DANGER_TEXT if s.exploded else T.CREAM
    white = _("White {total}/{limit}").format(total=s.white_total, limit=limit)
    rows = [(W.vp(s.score), "sans-bold", T.BRASS_LIGHT), (white, "sans-semibold", colour)]
    status = view.short_status(g, seat, st)
    if status:
        rows.append((status, "sans", T.DANGER_TEXT if s.exploded else T.PARCHMENT_DARK))
    # the seat's rubies and flask (table.md: readable at a glance) end the first line with room for them: the
    # score's, else the status or the white total; else a line of their own if the tile has one
    icons = gems_w(s.rubies, line) + 6
    beside = next((i for i, (text, face, _c) in enumerate(rows) if te.size(text, face, 12)[0] <= box.w - icons), None)
    if beside is None and y + line * (len(rows) + 1) <= box.bottom:
        beside = len(rows)
        rows.append(("", "sans", T.CREAM))
    for i, (text, face, col) in enumerate(rows):
        right = box.right
        if i == beside:
            right = gems_and_flask(surf, s.rubies, s.flask_full, box.right, y + line // 2, line) - 6
        if text:
            te.blit_fit(surf, text, pygame.Rect(box.x, y, right - box.x, line), face, 15, col, min_size=12, lines=1,
                        anchor="midleft")
        y += line


def gems_w(rubies: int, line: int) -> int:
    """The width ``gems_and_flask`` takes on a line ``line`` high."""
    return max(16, line + 4) + 4 + text_engine().size(str(rubies), "sans-bold", 14)[0] + 2 + max(12, line - 4)


def gems_and_flask(surf: pygame.Surface, rubies: int, full: bool, right: int, cy: int, line: int) -> int:
    """A tile's rubies and flask on a line of text centred at ``cy``, ending at ``right``: the flask (full or
    empty) last, before it one gem and the count (a faded gem for none); where they begin."""
    te = text_engine()
    size = max(16, line + 4)
    fl = art.flask(size, full)
    fx = right - size
    surf.blit(fl, (fx, cy - size // 2 - 2))
    gem_size = max(12, line - 4)
    tag = te.blit(surf, str(rubies), (fx - 4, cy), "sans-bold", 14, T.CREAM if rubies else T.PARCHMENT_DARK,
                  "midright")
    gem = art.ruby(gem_size)
    if not rubies:
        gem = gem.copy()
        gem.set_alpha(90)
    x = tag.x - 2 - gem_size
    surf.blit(gem, (x, cy - gem_size // 2))
    return x

