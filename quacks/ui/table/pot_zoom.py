"""Another seat's pot shown large while the mouse is over it (a card's or a tile's small pot): every chip,
space and number readable, with the seat's name, score and white total above it. A click brings the pot
into focus instead (or V)."""

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
from .layout import POT_RIM

if TYPE_CHECKING:  # pragma: no cover
    from .view import TableView
from .view_state import ViewState

LEAST = 190  # the zoomed pot's radius is at least this (every space's numbers drawn: pot_view draws them from 150)


def zoom_rect(view: TableView, seat: int) -> tuple[pygame.Rect, tuple[int, int], int]:
    """The zoom's panel, and its pot's centre and radius: beside the seat's card or tile, towards the middle of
    the table, as large as the table's height allows."""
    lay = view.layout
    canvas = lay.canvas
    te = text_engine()
    head = te.linesize("serif-bold", 24) + te.linesize("sans-semibold", 17) + 12
    radius = int(max(LEAST, min(0.36 * canvas.h, (canvas.h - 48 - head) / (2 * POT_RIM + 0.1))))
    size = int(2 * radius * POT_RIM) + 24
    panel = pygame.Rect(0, 0, size, size + head)
    anchor = view.other_rects.get(seat, lay.others)
    if anchor.centerx > canvas.centerx:
        panel.right = anchor.x - 8
    else:
        panel.x = anchor.right + 8
    panel.centery = anchor.centery
    panel.clamp_ip(canvas.inflate(-12, -12))
    centre = (panel.centerx, panel.bottom - 12 - int(radius * POT_RIM))
    return panel, centre, radius


def draw_zoom(surf: pygame.Surface, view: TableView, g: Game, st: ViewState, seat: int, anim: Any | None) -> None:
    te = text_engine()
    panel, centre, radius = zoom_rect(view, seat)
    s = g.seats[seat]
    shadow = pygame.Surface(panel.inflate(24, 24).size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 120), shadow.get_rect(), border_radius=26)
    surf.blit(shadow, panel.inflate(24, 24).move(6, 8).topleft)
    pygame.draw.rect(surf, (52, 36, 26), panel, border_radius=20)
    pygame.draw.rect(surf, view.look(seat).fill, panel, 3, border_radius=20)
    with te.roomy(), te.layer(), te.within(panel):
        mk = art.marker(view.look(seat).key, view.letter(seat), te.linesize("serif-bold", 24))
        surf.blit(mk, (panel.x + 14, panel.y + 8))
        vp = te.blit(surf, W.vp(s.score), (panel.right - 16, panel.y + 8), "sans-bold", 24, T.BRASS_LIGHT, "topright")
        x = panel.x + 14 + mk.get_width() + 10
        name, size = te.fit_name(s.name, "serif-bold", 24, vp.x - 12 - x)
        te.blit(surf, name, (x, panel.y + 6), "serif-bold", size, T.CREAM)
        line = _("White {total}/{limit}").format(total=s.white_total, limit=g.limit(seat))
        status = view.status(g, seat, st)
        if status:
            line = _("{kind} · {status}").format(kind=line, status=status)
        y = panel.y + 8 + te.linesize("serif-bold", 24)
        te.blit_fit(surf, line, pygame.Rect(panel.x + 14, y, panel.w - 28, te.linesize("sans-semibold", 17)),
                    "sans-semibold", 17, T.DANGER_TEXT if s.exploded else T.CREAM, min_size=12, lines=1,
                    anchor="midleft")
    hidden = anim.hidden(seat) if anim is not None else 0
    pv.draw_pot(surf, g, seat, pv.PotLayout(centre, radius), colour_blind=st.colour_blind, hidden_chips=hidden,
                droplet=pv.droplet_shown(anim, seat))
