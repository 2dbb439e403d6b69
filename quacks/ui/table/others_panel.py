"""The other seats: a card each with a small pot, score, rubies, flask, white total, status, the next or
scoring space, the explosion risk (if shown) and the bot's reason. A click (or V) brings one into focus."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...ai.odds import explosion_risk
from ...i18n import _
from ...rules.game import Game
from ...wording import text as W
from .. import art
from .. import theme as T
from ..app import text_engine
from . import pot_view as pv
from .layout import TableLayout

if TYPE_CHECKING:  # pragma: no cover
    from .view import TableView, ViewState


def draw_others(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, anim: Any | None) -> None:
    te = text_engine()
    for seat, r in view.other_rects.items():
        s = g.seats[seat]
        mk = art.marker(view.look(seat).key, (s.name[:1] or "?").upper(), 40)
        surf.blit(mk, (r.x + 12, r.y + 10))
        te.blit(surf, s.name, (r.x + 60, r.y + 10), "serif-bold", 26, T.CREAM)
        te.blit(surf, view.kind_text(seat, False), (r.x + 60, r.y + 40), "sans", 14, T.PARCHMENT_DARK)
        te.blit(surf, W.vp(s.score), (r.right - 14, r.y + 12), "sans-bold", 26, T.BRASS_LIGHT, "topright")
        centre, radius = TableLayout.small_pot(r)
        sx, sy = anim.shake(seat) if anim is not None else (0, 0)
        pot = pv.PotLayout((centre[0] + sx, centre[1] + sy), radius)
        hidden = anim.hidden(seat) if anim is not None else 0
        pv.draw_pot(surf, g, seat, pot, colour_blind=st.colour_blind, hidden_chips=hidden)
        x = centre[0] + radius + int(radius * 0.3) + 8
        y = r.y + 66
        pv.draw_rubies(surf, (x, y), s.rubies, 18, 5)
        fl = art.flask(34, s.flask_full)
        surf.blit(fl, (r.right - 44, r.y + 56))
        y += 44
        limit = g.limit(seat)
        te.blit(surf, _("White {total}/{limit}").format(total=s.white_total, limit=limit), (x, y), "sans-semibold", 17,
                T.DANGER if s.exploded else T.CREAM)
        pv.fuse(surf, pygame.Rect(x, y + 24, r.right - x - 14, 12), s.white_total, limit, s.exploded)
        y += 46
        status = view.status(g, seat, st)
        if status:
            te.blit(surf, status, (x, y), "sans-bold", 16, T.DANGER if s.exploded else T.CREAM)
            y += 24
        sp = g.scoring_space(seat) if not s.brewing else pv.next_space(g, seat)
        if sp is not None:
            space = g.cat.pot.space(sp)
            line = (_("space {n}: {coins}, {vp}") if not s.brewing else _("next {n}: {coins}, {vp}")).format(
                n=sp, coins=W.coins(space.coins), vp=W.vp(space.vp))
            te.blit(surf, line, (x, y), "sans", 15, T.PARCHMENT_DARK)
            y += 22
        if st.show_risk and s.brewing:
            te.blit(surf, _("risk {p}").format(p=f"{explosion_risk(g, seat):.0%}"), (x, y), "sans-semibold", 15, T.WARN)
            y += 22
        reason = st.reasons.get(seat, "")
        if reason and view.setup.seats[seat].is_bot:
            te.blit_wrapped(surf, reason, pygame.Rect(x, y, r.right - x - 12, r.bottom - y - 8), "sans", 14,
                            T.PARCHMENT_DARK, max_lines=4)
