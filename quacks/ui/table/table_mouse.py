"""The table's mouse, where no button took it: hovering (another seat's pot shown large, or what is under the
mouse explained) and clicking a seat (its pot in focus), the bag, or the folded books and board (opened)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..help import hover_help

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.table import TableScene


def handle_mouse(scene: TableScene[Any], event: pygame.event.Event) -> bool:
    """Whether the table took the event (a motion is never taken: it only sets what hovers)."""
    sc = scene
    wide = sc.view.shop_wide(sc.state())  # the shop over the other seats' tiles and the books' strip: not theirs
    if event.type == pygame.MOUSEMOTION:
        sc.zoom = None if wide else sc.view.pot_under(event.pos)
        choice = sc.turns.choice
        sc.hover_text = "" if sc.zoom is not None else (sc.controls.hover_help(event.pos) or (
            sc.beat_bar.hover_help(event.pos) if sc.driver.beat is not None else "") or (
            choice.hover_help(event.pos) if choice is not None else "") or hover_help(
            sc.view, sc.g, sc.state(), sc.anim, event.pos))
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        seat = None if wide else sc.view.seat_at(event.pos)
        if seat is not None:
            sc.zoom = None
            sc.set_focus(seat)
            return True
        if sc.turns.choice is None and sc.view.bag_button_rect().collidepoint(event.pos):  # (a choice hides it)
            sc.toggle_bag()
            return True
        if sc.view.books.folded and sc.view.books.rect.collidepoint(event.pos) and not wide:
            sc.toggle_books()
            return True
        if sc.view.board.folded and sc.view.board.rect.collidepoint(event.pos):
            sc.toggle_board()
            return True
    return False
