"""Where the guided game's targets are on the table (the guide rings what it talks about)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...tutorial.script import Target
from ..app import text_engine
from .focus_panel import header_places, panel_text

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.table import TableScene


def target_rect(scene: TableScene, target: Target) -> pygame.Rect | None:
    view = scene.view
    lay = view.layout
    info = lay.info
    board = view.board
    controls = scene.controls
    c, r = lay.pot_centre, lay.pot_radius
    brew = {Target.DRAW: 0, Target.STOP: 1, Target.FLASK_BUTTON: 2}
    if target in brew:
        i = brew[target]
        return controls.buttons[i].rect.copy() if len(controls.buttons) > i else lay.actions.copy()
    if target is Target.CONTROLS:
        if scene.choice is not None:
            return scene.choice.rect.copy()
        if controls.buttons:
            return controls.buttons[0].rect.unionall([b.rect for b in controls.buttons[1:]])
        return lay.actions.copy()
    if target is Target.SHOP:
        return controls.shop.rect.copy() if controls.shop is not None else lay.focus.copy()
    with panel_text(view, scene.g, scene.focus):
        panel = header_places(view, scene.g, scene.focus)
    fuse = panel["fuse"]
    line = text_engine().linesize("sans", 18)
    places: dict[Target, pygame.Rect] = {
        Target.POT: pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r),
        Target.FUSE: fuse.inflate(4, 4),
        Target.SCORING: pygame.Rect(info.x - 2, fuse.bottom + 8, info.w + 4, line + 6),
        Target.RUBIES: panel["rubies"].inflate(4, 4),
        Target.FLASK: panel["flask"].inflate(4, 4),
        Target.BAG: view.bag_button_rect(),
        Target.DIE: board.die_rect.copy(),
        Target.CARD: board.card_rect.copy(),
        Target.TRACK: board.rect.copy(),
        Target.ROUNDS: board.rounds_rect.copy(),
        Target.BOOKS: lay.books.copy(),
        Target.OTHERS: lay.others.copy(),
    }
    return places[target]
