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
from .. import art, shapes
from .. import theme as T
from ..app import text_engine
from . import pot_view as pv
from .latest import draw_latest
from .layout import (
    CARD_KIND_PX,
    CARD_NAME_PX,
    CARD_PAD,
    TALL_KIND_PX,
    TALL_NAME_PX,
    TableLayout,
    card_header_h,
    small_pot_text_x,
)
from .others_tiles import draw_tiles

if TYPE_CHECKING:  # pragma: no cover
    from .view import TableView
from .view_state import ViewState

GAP = 4
REASON_PRIORITY = 3  # a bot's reason: the row to go after the bag's
BAG_PRIORITY = 4  # the bag's contents: the first row to go where the card is short of room
BAG_CHIP_R = 12  # the bag's chips on the card (their values 12 px)
CARD_GEM = 18  # a short card's rubies
CARD_FLASK = 32  # ... and its flask
GROW = 5  # the card's text may be this many pixels larger than its base sizes where the card has the room
TALL_GROW = 12  # ... and a tall card's (two seats: the pot on top, the text under it), 4 more at 200%
TALL_BAG_CHIP_R = 22


def draw_others(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Any | None,
                base: object | None = None) -> None:
    """Each other seat's card; with ``base`` (the picture's key without its motion, ``layers.py``) a card without
    its pot is kept while the picture stays, and its pot drawn over it each time."""
    te = text_engine()
    if view.shop_wide(st):
        return  # the shop lies over the tiles (a narrow window: ``TableLayout.shopping``); they come back after
    if view.layout.others_folded:
        draw_tiles(surf, view, g, st, anim)
        return
    for seat, r in view.other_rects.items():
        def card(seat: int = seat, r: pygame.Rect = r) -> None:
            with te.within(r):
                _card(surf, view, g, st, anim, seat, r)

        # the card without its pot is kept while the picture stays (``layers.py``); the pot, which the motion
        # changes (chips in the air, a shake), is drawn over it each time
        view.layers.draw(surf, ("card", seat), r, base, card)
        _card_pot(surf, view, g, st, anim, seat, r)


def _card_pot(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Any | None, seat: int,
              r: pygame.Rect) -> None:
    pot = pv.draw_moving_pot(surf, g, seat, pv.PotLayout(*TableLayout.small_pot(r)), anim, st.colour_blind)
    pv.note_pot(surf, pot, "other", st.colour_blind)



def _card(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Any | None, seat: int,
          r: pygame.Rect) -> None:
    te = text_engine()
    s = g.seats[seat]
    tall = r.h >= r.w * 1.35  # two seats: the pot on top, the rest under it, all of it larger
    mk_size, head, name_x = (54, TALL_NAME_PX, 80) if tall else (40, CARD_NAME_PX, 60)
    mk = art.marker(view.look(seat).key, view.letter(seat), mk_size)
    surf.blit(mk, (r.x + 12, r.y + 10))
    vp_r = te.blit(surf, W.vp(s.score), (r.right - 14, r.y + 10), "sans-bold", head, T.BRASS_LIGHT, "topright")
    name_w = vp_r.x - 12 - (r.x + name_x)
    name, size = te.fit_name(s.name, "serif-bold", head, name_w, 14)
    name_r = te.blit(surf, name, (r.x + name_x, r.y + 8), "serif-bold", size, T.CREAM)
    kind = view.kind_text(seat, False)
    kind_y = max(r.y + 40, name_r.bottom + 1)
    kind_right = r.right - 14 if vp_r.bottom < kind_y else vp_r.x - 12
    if not tall:  # a short card: the rubies and the flask at the end of the kind's line, under the score
        gems_y = max(kind_y, vp_r.bottom + 1)
        kind_right = min(kind_right, _gems_and_flask(surf, s.rubies, s.flask_full, r.right - 14, gems_y) - 10)
    kind_w = kind_right - (r.x + name_x)
    kind_px = TALL_KIND_PX if tall else CARD_KIND_PX
    size = te.fit(kind, "sans", kind_px, kind_w)
    if te.size(kind, "sans", size)[0] > kind_w:  # short of room: the word for it
        kind = view.kind_text(seat, False, short=True)
    if te.size(kind, "sans", te.fit(kind, "sans", kind_px, kind_w))[0] > kind_w:  # not even that: under the score
        kind_y = max(kind_y, vp_r.bottom + 1)
    kind_r = te.blit(surf, kind, (r.x + name_x, kind_y), "sans", te.fit(kind, "sans", kind_px, kind_w),
                     T.PARCHMENT_DARK)
    centre, radius = TableLayout.small_pot(r)  # (its pot is drawn over the card: ``_card_pot``)
    shapes.note("card", surf, r, s.name)
    if tall:
        x = r.x + 16
        width = r.w - 32
        y = centre[1] + int(radius * 1.16) + 10
    else:
        x = small_pot_text_x(r, centre, radius)
        width = r.right - CARD_PAD - x
        y = max(kind_r.bottom + 8, r.y + card_header_h(False))
    if tall:
        ruby, flask = 26, 46
        per_row = max(1, (width - flask - 10) // (ruby + 2))
        pv.draw_rubies(surf, (x, y), s.rubies, ruby, per_row)
        fl = art.flask(flask, s.flask_full)
        surf.blit(fl, (r.right - flask - 10, y - 6))
        y += max(ruby + 2 if s.rubies <= per_row else 2 * ruby + 4, flask - 4) + 6
    bottom = r.bottom - 10
    # the rows that fit at the base sizes (smaller ones if even the needed ones do not), then the largest text that
    # keeps as many rows (issue 32: a card with room reads larger and is not half empty)
    bag_r = TALL_BAG_CHIP_R if tall else BAG_CHIP_R
    chosen = None
    for shrink in range(0, 5):
        chosen = _choose(_rows(view, g, st, seat, x, width, shrink, bag_r), bottom - y)
        if chosen is not None:
            break
    if chosen is not None and shrink == 0:
        most = TALL_GROW + round(4 * (max(1.0, te.scale) - 1)) if tall else GROW
        for grow in range(most, 0, -1):
            larger = _choose(_rows(view, g, st, seat, x, width, -grow, bag_r), bottom - y)
            if larger is not None and len(larger) >= len(chosen) - rows_giving_way(chosen, tall):
                chosen = larger
                break
    for h, _p, draw in chosen or []:
        draw(surf, y, h)
        y += h + GAP
    if tall:  # the room under the rows: the latest moves (issue 32: the log beside the table, no empty half)
        draw_latest(surf, view, g, pygame.Rect(x - 4, y + 8, width + 8, bottom - y - 8))


def _gems_and_flask(surf: pygame.Surface, rubies: int, full: bool, right: int, y: int) -> int:
    """A short card's rubies and flask on one line ending at ``right`` from ``y`` (the kind's line): the flask
    last, the rubies before it (one gem and "x n" past four, a faded gem and 0 for none); where the line's free part
    begins (the kind ends before it)."""
    te = text_engine()
    fl = art.flask(CARD_FLASK, full)
    fx = right - fl.get_width()
    surf.blit(fl, (fx, y - 4))
    if rubies == 0:  # a faded gem and 0: no words, so it fits beside the kind in every language
        tag = te.blit(surf, "0", (fx - 8, y + CARD_GEM // 2), "sans-bold", 14, T.PARCHMENT_DARK, "midright")
        gem = art.ruby(CARD_GEM).copy()
        gem.set_alpha(90)
        x = tag.x - 4 - CARD_GEM
        surf.blit(gem, (x, y))
        return x
    if rubies > 4:
        tag = te.blit(surf, f"x {rubies}", (fx - 8, y + CARD_GEM // 2), "sans-bold", 14, T.CREAM, "midright")
        x = tag.x - 4 - CARD_GEM
        surf.blit(art.ruby(CARD_GEM), (x, y))
        return x
    x = fx - 8 - rubies * (CARD_GEM + 2)
    pv.draw_rubies(surf, (x, y), rubies, CARD_GEM, rubies)
    return x


Row = tuple[int, int, Callable[[pygame.Surface, int, int], object]]  # (height, priority, draw(surf, top, height))


def rows_giving_way(chosen: list[Row], tall: bool) -> int:
    """How many of the ``chosen`` rows may go for larger text: in a short card at a UI scale over 100% the bot's
    reason and the bag's contents (the player asked for larger text; hovering over the name tells the reason, the
    zoom lists the bag), else none (a tall card has room for both under its pot)."""
    if tall or text_engine().scale <= 1:
        return 0
    return sum(1 for _h, p, _d in chosen if p >= REASON_PRIORITY)


def _choose(rows: list[Row], room: int) -> list[Row] | None:
    keep = list(rows)
    for p in sorted({p for _h, p, _d in rows}, reverse=True):
        if sum(h + GAP for h, _p, _d in keep) - GAP <= room:
            return keep
        if p == 1:
            return None
        keep = [row for row in keep if row[1] != p]
    return keep if sum(h + GAP for h, _p, _d in keep) - GAP <= room else None


def _rows(view: TableView, g: Game, st: ViewState, seat: int, x: int, width: int, shrink: int,
          bag_chip_r: int = 12) -> list[Row]:
    te = text_engine()
    s = g.seats[seat]
    rows: list[Row] = []

    def text(priority: int, line: str, face: str, size: int, colour: T.RGB) -> None:
        size = max(te.floor(14), size - shrink)
        lines = te.wrap(line, face, size, width)
        while size > te.floor(12) and any(te.shortened(part) for part in lines):  # a long word: smaller, whole
            size -= 1
            lines = te.wrap(line, face, size, width)
        h = te.linesize(face, size) * len(lines)
        rows.append((h, priority, lambda sf, y, hh: te.blit_wrapped(sf, line, pygame.Rect(x, y, width, hh + 4), face,
                                                                    size, colour, line_gap=0)))

    limit = g.limit(seat)
    meter = 12

    def white(sf: pygame.Surface, y: int, h: int) -> None:
        label = _("White {total}/{limit}").format(total=s.white_total, limit=limit)
        size = te.fit(label, "sans-semibold", max(te.floor(14), 17 - shrink), width)
        te.blit(sf, label, (x, y), "sans-semibold", size, T.DANGER_TEXT if s.exploded else T.CREAM)
        pv.fuse(sf, pygame.Rect(x, y + h - meter, width, meter), s.white_total, limit, s.exploded)

    rows.append((te.linesize("sans-semibold", max(te.floor(14), 17 - shrink)) + 4 + meter, 1, white))
    said = view.status(g, seat, st)
    if said:
        text(1, said, "sans-bold", 16, T.DANGER_TEXT if s.exploded else T.CREAM)
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
        text(REASON_PRIORITY, reason, "sans", 14, T.PARCHMENT_DARK)
    if s.bag.total:  # where the card has the room (the bag's contents are known to all: every purchase is public)
        label_size = max(te.floor(14), 15 - shrink)
        label_h = te.linesize("sans-semibold", label_size) + 2
        radius = bag_chip_r

        def bag(sf: pygame.Surface, y: int, h: int) -> None:
            label = _("In the bag")
            te.blit(sf, label, (x, y), "sans-semibold", te.fit(label, "sans-semibold", label_size, width),
                    T.PARCHMENT_DARK)
            pv.draw_bag_summary(sf, pygame.Rect(x, y + label_h, width, h - label_h), g, seat, st.colour_blind,
                                radius)

        rows.append((label_h + pv.bag_summary_height(g, seat, width, radius), BAG_PRIORITY, bag))
    return rows
