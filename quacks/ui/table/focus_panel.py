"""The seat in focus: its pot large, and beside it the name, score, rubies, flask, the fuse meter of the
white total, what stopping now would give, the droplet and rat stone, chips beside the pot, the bot's
reason, and what is in the bag ("The white total is the game")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...ai.odds import explosion_risk
from ...i18n import _
from ...rules.game import Game
from ...rules.kinds import Phase
from ...wording import text as W
from .. import art
from .. import theme as T
from ..app import text_engine
from ..widgets import Button
from . import pot_view as pv

if TYPE_CHECKING:  # pragma: no cover
    from .view import TableView, ViewState


def draw_focus(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Any | None,
               mouse: tuple[int, int] = (-1, -1)) -> None:
    te = text_engine()
    seat = st.focus
    s = g.seats[seat]
    lay = view.layout
    if not st.pot_covered:
        sx, sy = anim.shake(seat) if anim is not None else (0, 0)
        pot = pv.PotLayout((lay.pot_centre[0] + sx, lay.pot_centre[1] + sy), lay.pot_radius)
        hidden = anim.hidden(seat) if anim is not None else 0
        pv.draw_pot(surf, g, seat, pot, colour_blind=st.colour_blind, hidden_chips=hidden,
                    highlight=pv.next_space(g, seat) if s.brewing else None)
    info = lay.info
    mk = art.marker(view.look(seat).key, (s.name[:1] or "?").upper(), 54)
    surf.blit(mk, (info.x, info.y))
    solo = sum(1 for x in view.setup.seats if not x.is_bot) == 1
    te.blit(surf, s.name, (info.x + 66, info.y + 2), "serif-bold", 36, T.CREAM)
    te.blit(surf, view.kind_text(seat, solo), (info.x + 66, info.y + 44), "sans", 16, T.PARCHMENT_DARK)
    te.blit(surf, W.vp(s.score), (info.right - 8, info.y + 6), "sans-bold", 36, T.BRASS_LIGHT, "topright")
    y = info.y + 80
    pv.draw_rubies(surf, (info.x, y), s.rubies, 26, 7)
    fl = art.flask(52, s.flask_full)
    surf.blit(fl, (info.right - 60, y - 10))
    te.blit(surf, _("flask") if s.flask_full else _("empty"), (info.right - 34, y + 44), "sans", 13, T.PARCHMENT_DARK,
            "midtop")
    y += 76
    te.blit(surf, _("White total"), (info.x, y), "sans-semibold", 17, T.PARCHMENT_DARK)
    limit = g.limit(seat)
    te.blit(surf, f"{s.white_total} / {limit}", (info.right - 8, y - 4), "sans-bold", 26,
            T.DANGER if s.exploded else (T.WARN if s.white_total >= limit - 2 else T.CREAM), "topright")
    pv.fuse(surf, pygame.Rect(info.x, y + 28, info.w - 12, 22), s.white_total, limit, s.exploded)
    y += 70
    if s.brewing or g.phase == Phase.FORTUNE:
        nxt = pv.next_space(g, seat)
        te.blit(surf, _("Stop now: {reward}").format(reward=pv.reward_text(g, nxt)), (info.x, y), "sans", 18, T.CREAM)
    else:
        sp = g.scoring_space(seat)
        if sp is not None:
            te.blit(surf, _("Scoring space {n}: {reward}").format(n=sp, reward=pv.reward_text(g, sp)), (info.x, y),
                    "sans", 18, T.CREAM)
    y += 30
    if st.show_risk and s.brewing:
        risk = explosion_risk(g, seat)
        te.blit(surf, _("Next draw explodes: {p}").format(p=f"{risk:.0%}"), (info.x, y), "sans-semibold", 18,
                T.DANGER if risk > 0.3 else (T.WARN if risk > 0.1 else T.SAFE))
        y += 30
    status = view.status(g, seat, st)
    if status:
        te.blit(surf, status[:1].upper() + status[1:], (info.x, y), "sans-bold", 20,
                T.DANGER if s.exploded else T.CREAM)
        y += 30
    where = _("Droplet on {n}").format(n=s.droplet)
    if s.rats:
        where = _("{where}, rat stone +{n}").format(where=where, n=s.rats)
    if g.tubes:
        where = _("{where}, test tube {n}/{glasses}").format(where=where, n=s.tube, glasses=len(g.cat.tubes))
    te.blit(surf, where, (info.x, y), "sans", 16, T.PARCHMENT_DARK)
    y += 26
    if s.aside:
        te.blit(surf, _("Beside the pot: {chips}").format(chips=", ".join(W.chip_name(c) for c in s.aside)),
                (info.x, y), "sans", 16, T.CREAM)
        y += 26
    reason = st.reasons.get(seat, "")
    if reason and view.setup.seats[seat].is_bot:
        te.blit_wrapped(surf, reason, pygame.Rect(info.x, y, info.w - 10, 48), "sans", 16, T.PARCHMENT_DARK,
                        max_lines=2)
        y += 50
    # the bag: what is in it, and a button for the full view
    br = view.bag_button_rect()
    bag_top = max(y + 6, br.y - 118)
    te.blit(surf, _("In the bag"), (info.x, bag_top), "sans-semibold", 16, T.PARCHMENT_DARK)
    pv.draw_bag_summary(surf, pygame.Rect(info.x, bag_top + 24, info.w, br.y - bag_top - 30), g, seat,
                        st.colour_blind)
    b = Button(br, _("Bag: {n} chips").format(n=s.bag.total), hotkey_label="B", style="dark", size=20)
    b.hover = br.collidepoint(mouse)
    b.draw(surf)
