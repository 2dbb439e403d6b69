"""Where the guided game's targets are on the table: what the guide rings is what is drawn there now.

The table folds its parts when short of room (the books into a strip of tabs, the board into a bar, the other
seats into tiles), so a target is looked up in the part as drawn: the strip, the bar's die, a tile's pot. A
button target is the button itself (Draw, Stop, Flask); a pot is the one drawn for that seat, large in focus
or small among the others; "exploded" is the pot that exploded, the learner's own first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...rules.kinds import DecisionKind
from ...tutorial.script import Target
from ..app import text_engine
from .board_bar import BoardBar
from .focus_panel import GAP, _grow, header_places, panel_text
from .layout import POT_RIM

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.table import TableScene

BREW_BUTTONS = {Target.DRAW: 0, Target.STOP: 1, Target.FLASK_BUTTON: 2}  # Controls.build's order while brewing


def pot_rect(scene: TableScene, seat: int) -> pygame.Rect | None:
    """The seat's pot as drawn (its iron rim included): large in focus, or in its card or tile."""
    view = scene.view
    if seat == scene.focus:
        if scene.controls.shop is not None or scene.turns.choice is not None:
            return None  # the shop or a choice lies over it
        (cx, cy), r = view.layout.pot_centre, view.layout.pot_radius
    else:
        card = view.other_rects.get(seat)
        if card is None:
            return None
        (cx, cy), r = view.small_pot(card)
    rim = int(r * POT_RIM)
    return pygame.Rect(cx - rim, cy - rim, 2 * rim, 2 * rim)


def exploded_seat(scene: TableScene, seat: int) -> int:
    """The seat whose pot exploded: ``seat`` (the learner) if its pot did, else the first other that did."""
    g = scene.g
    if g.seats[seat].exploded:
        return seat
    return next((i for i in range(g.n) if g.seats[i].exploded), seat)


def target_rect(scene: TableScene, target: Target, seat: int = 0) -> pygame.Rect | None:
    """Where ``target`` is drawn now for the learner at ``seat`` (None if it is not on the table now)."""
    view = scene.view
    lay = view.layout
    info = lay.info
    board = view.board
    controls = scene.controls
    if target in BREW_BUTTONS:
        i = BREW_BUTTONS[target]
        if controls.kind is DecisionKind.BREW and len(controls.buttons) > i:
            return controls.buttons[i].rect.copy()
        return lay.actions.copy()  # where the buttons come (the guide shows these when the table asks)
    if target is Target.CONTROLS:
        if scene.turns.choice is not None:
            return scene.turns.choice.rect.copy()
        if controls.buttons:
            return controls.buttons[0].rect.unionall([b.rect for b in controls.buttons[1:]])
        return lay.actions.copy()
    if target is Target.SHOP:
        return controls.shop.rect.copy() if controls.shop is not None else lay.focus.copy()
    if target is Target.POT:
        return pot_rect(scene, seat) or lay.focus.copy()
    if target is Target.EXPLODED:
        return pot_rect(scene, exploded_seat(scene, seat)) or lay.focus.copy()
    if target is Target.OTHERS:
        view.place_others(scene.g, scene.focus)
        cards = list(view.other_rects.values())
        return cards[0].unionall(cards[1:]) if cards else lay.others.copy()
    if target is Target.BOOKS:
        return view.books.rect.copy()  # the column of books, or their strip of tabs
    if target in (Target.DIE, Target.CARD, Target.ROUNDS, Target.TRACK):  # on the board, or on its bar
        track = board.ruler if isinstance(board, BoardBar) else board.rect
        parts = {Target.DIE: board.die_rect, Target.CARD: board.card_rect, Target.ROUNDS: board.rounds_rect,
                 Target.TRACK: track}
        return pygame.Rect(parts[target])
    te = text_engine()
    with panel_text(view, scene.g, scene.focus), te.roomy():
        panel = header_places(view, scene.g, scene.focus)
        fuse = panel["fuse"]
        line = te.linesize("sans", 18)
        rubies = _rubies(panel["rubies"], scene.g.seats[scene.focus].rubies)
    places: dict[Target, pygame.Rect] = {
        Target.FUSE: fuse.copy(),
        Target.SCORING: pygame.Rect(info.x, fuse.bottom + GAP + 4, info.w - 8, line),  # the panel's first row
        Target.RUBIES: rubies,
        Target.FLASK: panel["flask"].copy(),
        Target.BAG: view.bag_button_rect(),
    }
    return places[target]


def _rubies(row: pygame.Rect, n: int) -> pygame.Rect:
    """The rubies as the panel draws them (``pot_view.draw_rubies``): the gems in one or two rows; the whole
    row for none ("no rubies") or for many (a gem and "x 13")."""
    size = _grow(26)
    per_row = max(1, (row.w + 2) // (size + 2))
    if n == 0 or n > 2 * per_row:
        return row.copy()
    return pygame.Rect(row.x, row.y, min(n, per_row) * (size + 2) - 2, (1 + (n > per_row)) * (size + 2))
