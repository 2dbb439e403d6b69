"""The seat in focus: its pot large, and beside it the name, score, rubies, flask, the fuse meter of the
white total, what stopping now would give, the droplet and rat stone (and the test tube), chips beside the
pot, the bot's reason, and what is in the bag ("The white total is the game").

The panel's text grows fully with the UI scale. It is laid out as a column of rows: the first ones (name,
rubies and flask, the white total) always show; the lines after them wrap, and when the panel is too short
for all of them the least needed go first (the bag's contents, which the Bag button shows; the droplet line,
which the pot shows too; the bot's reason), rows that can make do with less (the test tubes, the reason, the
bag) take less, and if even the needed ones do not fit, all of them get a little smaller. Nothing is cut.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...ai.odds import explosion_risk
from ...i18n import _, ngettext, percent
from ...rules.game import Game
from ...rules.kinds import Phase
from ...wording import status
from ...wording import text as W
from .. import art
from .. import theme as T
from ..app import text_engine
from ..keys import Act
from ..widgets import Button
from . import pot_view as pv
from .latest import draw_latest
from .view_state import ViewState

if TYPE_CHECKING:  # pragma: no cover
    from ..anim import Animator
    from .view import TableView

GAP = 6  # between rows
BAG_LABEL = 20  # the Bag button's label (``TableView.bag_button_rect`` makes the button as large as it needs)


def _grow(base: float, k: float = 0.5) -> int:
    """An icon's size at the UI scale (icons grow half as fast as text)."""
    return int(round(base * (1 + k * (max(1.0, text_engine().scale) - 1))))


@dataclass
class Row:
    """A row of the panel below the white total: its height and how to draw it at a top edge."""

    priority: int  # 1 always shows; higher numbers go first when there is no room
    height: int
    draw: Callable[[pygame.Surface, int, int], object]  # (surface, top, height)
    least: int = 0  # a row that can make do with less (at least this much) takes what is left
    what: str = ""  # what the row shows, and where else it can be seen when the row has no room (layout check)
    behind: str = ""


@contextmanager
def panel_text(view: TableView, g: Game, seat: int) -> Iterator[None]:
    """The panel's text at the largest UI scale (down to 100%) at which its needed rows fit its height: in a
    window short of height at a large UI scale the panel's text grows a little less rather than leave out what
    stopping now gives (the table's layout keeps room for them at 100%)."""
    te = text_engine()
    was = te.scale
    te.scale = _fitting_scale(view, g, seat)
    try:
        yield
    finally:
        te.scale = was


_FITTING: dict[tuple[object, ...], float] = {}


def _fitting_scale(view: TableView, g: Game, seat: int) -> float:
    te = text_engine()
    info = view.layout.info
    s = g.seats[seat]
    key = (info.size, te.scale, s.rubies, s.brewing, bool(s.exploded), g.phase, g.tubes,
           tuple(s.aside), view.bag_button_rect().h, i18n.language(), s.name)
    hit = _FITTING.get(key)
    if hit is not None:
        return hit
    was = te.scale
    scale = was
    try:
        while scale > 1.0:
            te.scale = scale
            if _essentials_height(view, g, seat) <= info.h:
                break
            scale = max(1.0, round(scale - 0.05, 2))
    finally:
        te.scale = was
    if len(_FITTING) > 256:
        _FITTING.clear()
    _FITTING[key] = scale
    return scale


def _essentials_height(view: TableView, g: Game, seat: int) -> int:
    """The height of the rows that always show (the header, the white total, what stopping gives), and the Bag
    button under them."""
    te = text_engine()
    with te.roomy():
        places = header_places(view, g, seat)
        st = ViewState(focus=seat, show_risk=True)  # room for the risk line too
        rows = _rows(view, g, st, view.layout.info.w - 8, 0)
    needed = sum((r.least or r.height) + GAP for r in rows if r.priority == 1)
    return places["fuse"].bottom - view.layout.info.y + GAP + 4 + needed + 6 + view.bag_button_rect().h


def header_places(view: TableView, g: Game, seat: int) -> dict[str, pygame.Rect]:
    """Where the fixed rows of the panel are: "header" (marker, name, score, kind and status), "rubies",
    "flask" and "fuse" (the white total and its meter). Hover help and the guided game ring these."""
    te = text_engine()
    info = view.layout.info
    s = g.seats[seat]
    with te.roomy():
        mk = _grow(54, 0.4)
        name_h = te.linesize("serif-bold", 30)
        kind_h = te.linesize("sans", 16)
        vp_h = te.linesize("sans-bold", 28)  # the score, top right: the status line starts under it
        head = pygame.Rect(info.x, info.y, info.w, max(mk, name_h + kind_h - 8, vp_h + kind_h))
        ruby = _grow(26)
        flask = _grow(44, 0.4)
        word = _("flask") if s.flask_full else _("empty")
        flask_w = flask + 8 + te.size(word, "sans", 14)[0]
        per_row = max(1, (info.w - flask_w - 16 + 2) // (ruby + 2))
        rubies_h = ruby * (1 if s.rubies <= per_row or s.rubies > 2 * per_row else 2) + 2
        row_h = max(rubies_h, flask)
        rubies = pygame.Rect(info.x, head.bottom + GAP, info.w - flask_w - 16, row_h)
        flask_r = pygame.Rect(info.right - flask_w - 4, head.bottom + GAP, flask_w, row_h)
        fuse_h = te.linesize("sans-bold", 22) + 2 + _grow(20, 0.3)
        fuse = pygame.Rect(info.x, rubies.bottom + GAP, info.w, fuse_h)
    return {"header": head, "rubies": rubies, "flask": flask_r, "fuse": fuse}


def draw_focus(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Animator | None,
               mouse: tuple[int, int] = (-1, -1), base: object | None = None) -> None:
    """The pot in focus and its panel. With ``base`` (the picture's key without its motion, ``layers.py``) the
    frame and the panel are kept as one part while the picture stays; the pot, which the motion changes (chips in
    the air, a shake), is drawn over them each time."""
    seat = st.focus
    key = None if base is None else (base, seat, mouse)
    view.layers.draw(surf, "focus", view.focus_area(st), key, lambda: _focus(surf, view, g, st, mouse))
    _focus_pot(surf, view, g, st, anim)


def _focus_pot(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Animator | None) -> None:
    """The pot in focus with the chips beside it and a pick's landing marks; while it shops, small beside the
    shop (or not at all where the shop lies over the frame)."""
    seat = st.focus
    lay = view.focus_pot(st.shopping)
    if lay is None:
        return
    if st.shopping:
        pot = pv.draw_moving_pot(surf, g, seat, lay, anim, st.colour_blind)
        pv.note_pot(surf, pot, "focus-shop", st.colour_blind)  # the pot in focus, small beside the shop
        return
    pot = pv.draw_moving_pot(surf, g, seat, lay, anim, st.colour_blind,
                             highlight=pv.next_space(g, seat) if g.seats[seat].brewing else None)
    pv.draw_aside(surf, g, seat, pot, st.colour_blind)
    pv.note_pot(surf, pot, "focus", st.colour_blind)
    if st.landings:
        pv.draw_landings(surf, pot, st.landings, st.colour_blind)


def _focus(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, mouse: tuple[int, int]) -> None:
    """The focus frame's part kept by ``layers.py``: the panel beside the pot (or, while it shops, the column the
    pot lies in, with the bag)."""
    te = text_engine()
    seat = st.focus
    s = g.seats[seat]
    lay = view.layout
    if st.shopping:
        _shopping(surf, view, g, st)
        return
    with te.roomy(), te.within(lay.info.inflate(8, 8)):
        with panel_text(view, g, seat):
            _panel(surf, view, g, st, mouse)
        if not st.choice_top:  # (under a choice dialog B still opens the bag)
            # at the full UI scale: its words are the panel's least squeezed (issue 32)
            br = view.bag_button_rect()
            label = ngettext("Bag: {n} chip", "Bag: {n} chips", s.bag.total).format(n=s.bag.total)
            icon = art.bag(max(16, br.h - 10), art.bag_level(s.bag.total, len(s.pot)))  # the bag as an object
            b = Button(br, label, key=Act.BAG, style="dark", size=BAG_LABEL, icon=icon)
            b.hover = br.collidepoint(mouse)
            b.draw(surf)


def _shopping(surf: pygame.Surface, view: TableView, g: Game, st: ViewState) -> None:
    """While the seat in focus shops (issue 32: the shop beside its pot, never over it): a column on the left with
    its pot at the top, smaller, and the chips in its bag under it (what it owns, as it chooses what to buy)."""
    te = text_engine()
    lay = view.layout
    seat = st.focus
    place = lay.shopping()
    if not place.beside:  # a narrow frame: the shop lies over it all
        return
    column, centre, radius = place.column, place.centre, place.radius
    under = pygame.Rect(lay.focus.x, lay.focus.y, lay.focus.w, column.bottom + 8 - lay.focus.y)
    surf.blit(art.wood(lay.size), under, under)  # the brewing frame goes: the column and the shop take its place
    pygame.draw.rect(surf, (30, 20, 14), column.move(0, 6), border_radius=18)
    pygame.draw.rect(surf, (58, 40, 28), column, border_radius=18)
    pygame.draw.rect(surf, view.look(seat).fill, column, 3, border_radius=18)
    x, width = column.x + 14, column.w - 28
    y = centre[1] + int(radius * 1.13) + 14
    with te.roomy(), te.within(column):
        label = te.fit(_("In the bag"), "sans-semibold", 16, width)
        te.blit(surf, _("In the bag"), (x, y), "sans-semibold", label, T.PARCHMENT_DARK)
        y += te.linesize("sans-semibold", label) + 4
        pv.draw_bag_summary(surf, pygame.Rect(x, y, width, column.bottom - 12 - y), g, seat, st.colour_blind,
                            _grow(15))


def _panel(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, mouse: tuple[int, int]) -> None:
    te = text_engine()
    seat = st.focus
    s = g.seats[seat]
    info = view.layout.info
    places = header_places(view, g, seat)
    head = places["header"]
    # name beside the marker and the score on the right; under the name what the seat is and does
    mk = _grow(54, 0.4)
    surf.blit(art.marker(view.look(seat).key, view.letter(seat), mk), (info.x, info.y))
    vp_r = te.blit(surf, W.vp(s.score), (info.right - 4, info.y + 2), "sans-bold", 28, T.BRASS_LIGHT, "topright")
    x = info.x + mk + 12
    solo = view.solo_human()
    kind = view.kind_text(seat, solo)
    status = view.status(g, seat, st)
    y = head.bottom - te.linesize("sans", 16) + 2
    name, name_size = te.fit_name(s.name, "serif-bold", 30, vp_r.x - 14 - x, 14)
    while name_size > te.floor(14) and te.height("serif-bold", name_size, 1, name) > y - info.y:
        name_size -= 1  # its descenders clear the line under it
    te.blit(surf, name, (x, info.y), "serif-bold", name_size, T.CREAM)
    width = (vp_r.x - 14 if vp_r.bottom > y + 4 else info.right - 4) - x
    if status:
        with_status = _("{kind} · {status}").format(kind=kind, status=status)
        if te.size(with_status, "sans-semibold", 16)[0] > width:
            with_status = status  # no room for both: what it does matters more than what it is
        te.blit(surf, with_status, (x, y), "sans-semibold", te.fit(with_status, "sans-semibold", 16, width, 14),
                T.DANGER_TEXT if s.exploded else T.CREAM)
    else:
        te.blit(surf, kind, (x, y), "sans", te.fit(kind, "sans", 16, width, 14), T.PARCHMENT_DARK)
    # rubies, and the flask on the right
    rr = places["rubies"]
    ruby = _grow(26)
    pv.draw_rubies(surf, (rr.x, rr.y + 1), s.rubies, ruby, max(1, (rr.w + 2) // (ruby + 2)), rr.w)
    fr = places["flask"]
    fl = art.flask(_grow(44, 0.4), s.flask_full)
    surf.blit(fl, fl.get_rect(midright=fr.midright))
    te.blit(surf, _("flask") if s.flask_full else _("empty"), (fr.right - fl.get_width() - 8, fr.centery), "sans", 14,
            T.PARCHMENT_DARK, "midright")
    # the white total: label, value, meter
    fu = places["fuse"]
    limit = g.limit(seat)
    value = te.blit(surf, f"{s.white_total} / {limit}", (fu.right - 4, fu.y - 2), "sans-bold", 22,
                    T.DANGER_TEXT if s.exploded else (T.WARN if s.white_total >= limit - 2 else T.CREAM), "topright")
    label = _("White total")
    te.blit(surf, label, (fu.x, value.bottom), "sans-semibold",
            te.fit(label, "sans-semibold", 17, value.x - fu.x - 10, 14), T.PARCHMENT_DARK, "bottomleft")
    meter_h = _grow(20, 0.3)
    pv.fuse(surf, pygame.Rect(fu.x, fu.bottom - meter_h, fu.w - 12, meter_h), s.white_total, limit, s.exploded)
    # the rest flows down to the Bag button (or to a choice dialog in the panel's place, ``HumanTurns.choice_rects``),
    # the least needed rows going first when it is short of room
    br = view.bag_button_rect()
    top = fu.bottom + GAP + 4
    room = (st.choice_top - 8 if st.choice_top else br.y - 6) - top
    if st.choice_top and room <= 0:
        return
    # smaller letters where the needed rows do not fit, but not over a choice at a larger UI scale: there the rows
    # keep the size asked for, or give way to the dialog (it is the question now)
    for shrink in range(0, 1 if st.choice_top and te.scale > 1 else 7):
        rows = _rows(view, g, st, info.w - 8, shrink)
        chosen = _choose(rows, room)
        if chosen is not None:
            break
    if chosen is None and st.choice_top:  # the dialog covers them: it is the question now
        return
    if chosen is None:  # never: the needed rows are drawn even past the room (the layout check reports that)
        chosen = [r for r in rows if r.priority == 1]
    y = top
    for row in chosen or []:
        row.draw(surf, y, row.height)
        y += row.height + GAP
    if st.choice_top:
        return  # (the Bag button under the dialog: B still opens the bag)
    for row in rows:
        if row not in (chosen or []):
            te.dropped(row.what, row.behind)
    if len(chosen or []) == len(rows):  # every row shown and room to spare: the latest moves (issue 32)
        draw_latest(surf, view, g, pygame.Rect(info.x - 4, y + 6, info.w - 4, br.y - 10 - (y + 6)))


def _choose(rows: list[Row], room: int) -> list[Row] | None:
    """The rows that fit in ``room``, in the panel's order; None if the needed ones (priority 1) do not fit.

    The others come in order of need; a row that can make do with less joins at its least height, and once
    no other row fits, what is left grows those rows back towards their full height, the more needed first.
    """
    chosen = [r for r in rows if r.priority == 1]
    used = sum(r.height + GAP for r in chosen) - GAP
    full: dict[int, int] = {}
    if used > room:  # the needed rows that can make do with less (the test tubes) take less first
        for r in chosen:
            if r.least and r.least < r.height:
                full[id(r)] = r.height
                used -= r.height - r.least
                r.height = r.least
        if used > room:
            return None
    for r in sorted((r for r in rows if r.priority != 1), key=lambda r: r.priority):
        h = r.least or r.height
        if used + GAP + h <= room:
            chosen.append(r)
            used += GAP + h
            if r.least:
                full[id(r)] = r.height
                r.height = r.least
    left = room - used
    for r in sorted((r for r in chosen if id(r) in full), key=lambda r: r.priority):
        more = min(full[id(r)] - r.height, left)
        r.height += more
        left -= more
    return sorted(chosen, key=rows.index)


def _rows(view: TableView, g: Game, st: ViewState, width: int, shrink: int) -> list[Row]:
    te = text_engine()
    seat = st.focus
    s = g.seats[seat]
    x = view.layout.info.x
    rows: list[Row] = []

    def text(priority: int, line: str, face: str, size: int, colour: T.RGB, behind: str = "") -> None:
        size = max(14, size - shrink)
        lines = te.wrap(line, face, size, width)
        h = te.linesize(face, size) * len(lines)
        rows.append(Row(priority, h, lambda sf, y, hh: te.blit_wrapped(sf, line, pygame.Rect(x, y, width, hh + 4),
                                                                         face, size, colour, line_gap=0),
                        what=line, behind=behind))

    if s.brewing or g.phase == Phase.FORTUNE:
        text(1, status.stop_now_line(g, seat), "sans", 18, T.CREAM)
    elif g.scoring_space(seat) is not None:
        text(1, status.scoring_line(g, seat), "sans", 18, T.CREAM)
    if st.show_risk and s.brewing:
        risk = explosion_risk(g, seat)
        line = _("Next draw explodes: {p}").format(p=percent(risk))
        if s.revealed:  # during a pick the odds are the bag's as it is, without the chips looked at: say so
            n = len(s.revealed)
            line = ngettext("Next draw explodes: {p} (the bag without the {n} chip looked at)",
                            "Next draw explodes: {p} (the bag without the {n} chips looked at)", n).format(
                p=percent(risk), n=n)
        text(1, line, "sans-semibold", 18, T.DANGER_TEXT if risk > 0.3 else (T.WARN if risk > 0.1 else T.SAFE))
    # the pot shows them too: the first to go after the bag
    text(4, status.droplet_line(g, seat), "sans", 16, T.PARCHMENT_DARK, "the pot")
    if g.tubes:
        tube_h = pv.tube_height(width)
        rows.append(Row(1, tube_h, lambda sf, y, hh: pv.draw_tubes(sf, pygame.Rect(x, y, width, hh), g, seat),
                        least=pv.TUBE_LEAST, what="test tubes"))  # short of room, smaller glasses rather than none
    if s.aside:  # red set 2's chips beside the pot: the pot shows them by its rim, the line names them
        text(2, _("Beside the pot: {chips}").format(chips=", ".join(W.chip_name(c) for c in s.aside)), "sans", 16,
             T.CREAM, "the pot")
    reason = st.reasons.get(seat, "")
    if reason and view.setup.seats[seat].is_bot:
        text(3, reason, "sans", 16, T.PARCHMENT_DARK, "hover over the name")
        if te.scale <= 1:  # short of room, the reason takes what is left in smaller letters (at a larger UI scale
            small = te.floor(14)  # it keeps the size asked for, or gives way: hovering over the name tells it)
            rows[-1].least = te.linesize("sans", small) * len(te.wrap(reason, "sans", small, width))

        def fitted(sf: pygame.Surface, y: int, h: int, line: str = reason, full: int = rows[-1].height) -> None:
            box = pygame.Rect(x, y, width, h + 4)
            size = max(14, 16 - shrink) if h >= full else te.fit_block(line, "sans", 16, box, 14, line_gap=0)[0]
            te.blit_wrapped(sf, line, box, "sans", size, T.PARCHMENT_DARK, line_gap=0)

        rows[-1].draw = fitted
    # what is in the bag (the Bag button shows it all): the rows that fit, and how many more there are
    label_h = te.linesize("sans-semibold", 16)
    radius = _grow(15)
    bag_h = label_h + pv.bag_summary_height(g, seat, width, radius)

    def bag(sf: pygame.Surface, y: int, h: int) -> None:
        if h >= label_h + 2 * radius + 4:  # short of room, the chips go without their heading (the Bag button
            te.blit(sf, _("In the bag"), (x, y), "sans-semibold", 16, T.PARCHMENT_DARK)  # below names them)
            y, h = y + label_h, h - label_h
        pv.draw_bag_summary(sf, pygame.Rect(x, y, width, h), g, seat, st.colour_blind, radius)

    rows.append(Row(5, bag_h, bag, least=2 * radius + 4, what="the bag's chips", behind="Bag button"))
    return rows
