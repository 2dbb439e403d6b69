"""The latest moves, where the table has room for them (issue 32: the log beside the table, no empty panel): under
a tall card's rows (two seats) and under the rows of the panel beside the pot in focus (a large window, or a
quiet moment). The log's own sentences (``wording.events.log_lines``): nothing the log does not already show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _
from ...rules.game import Game
from ...wording.events import log_lines
from .. import theme as T
from ..app import text_engine

if TYPE_CHECKING:  # pragma: no cover
    from .view import TableView

LATEST_FILL = (36, 25, 18)  # the box, a shade darker than the panel it lies on
LATEST_EVENTS = 80  # the latest moves come from the game's last this many events
_BLOCKS: dict[tuple[object, ...], list[tuple[T.RGB, list[str]]]] = {}  # the lines as wrapped, by game and room


def room_needed() -> int:
    """The least height of the box: its heading and a line, with its padding."""
    te = text_engine()
    return te.linesize("sans-semibold", 17) + 4 + te.linesize("sans", 15) + 20


def draw_latest(surf: pygame.Surface, view: TableView, g: Game, rect: pygame.Rect) -> None:
    """The latest moves of the game in ``rect``, newest last, each a sentence of the log (L opens the whole log)
    with its seat's colour, as many as fit, each whole; nothing if ``rect`` has no room for the heading and the
    latest move."""
    te = text_engine()
    room = rect.inflate(-24, -20)
    head_px, line_px = 17, 15
    head_h = te.linesize("sans-semibold", head_px) + 4
    line_h = te.linesize("sans", line_px)
    if rect.h < room_needed():
        return
    events = g.events
    key = (id(view), g.version, len(events), i18n.language(), room.size, te.scale)
    blocks = _BLOCKS.get(key)
    if blocks is None:  # the log's sentences, wrapped: once per move, not once per frame
        blocks = []
        used = head_h
        for ln in reversed(log_lines(g, events[-LATEST_EVENTS:])):
            wrapped = te.wrap(ln.text, "sans", line_px, room.w - 14)
            h = len(wrapped) * line_h + 2
            if used + h > room.h:
                break
            colour = view.look(ln.seat).fill if ln.seat is not None and ln.seat < g.n else T.PARCHMENT_DARK
            blocks.append((colour, wrapped))
            used += h
        if len(_BLOCKS) > 32:
            _BLOCKS.clear()
        _BLOCKS[key] = blocks
    if not blocks:
        return
    pygame.draw.rect(surf, LATEST_FILL, rect, border_radius=10)
    pygame.draw.rect(surf, T.BRASS_DARK, rect, 1, border_radius=10)
    te.blit(surf, _("Latest moves"), room.topleft, "sans-semibold", head_px, T.PARCHMENT_DARK)
    y = room.y + head_h
    for colour, wrapped in reversed(blocks):
        pygame.draw.circle(surf, colour, (room.x + 4, y + line_h // 2), 4)
        for part in wrapped:
            te.blit(surf, part, (room.x + 14, y), "sans", line_px, T.CREAM)
            y += line_h
        y += 2
