"""Undo at the table (Ctrl+Z or the Undo button): whose choice is taken back, and the message that says what
was taken back, or why nothing can be.

The cart of an open shop goes back first, one change at a time; then the seat's last choice, as far as the
driver allows (``MatchDriver.can_undo``: only a choice made since the last draw, roll, reveal or purchase, and
never past the round's results). In a game across computers the host takes it back and sends the game as it is
then (a whole view), or refuses because another player acted first (said by ``TableScene``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import _
from ...rules.actions import Action
from ...rules.game import Game
from ...wording import text as W
from ...wording.decisions import label

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.table import TableScene


class TableUndo:
    """The table's undo: one per ``TableScene``."""

    def __init__(self, scene: TableScene[Any]) -> None:
        self.scene = scene

    def who(self) -> int | None:
        """The seat that may take back its last choice: the human at the screen (in hot-seat the one deciding now,
        else the one who chose last)."""
        sc = self.scene
        humans = sc.match.local_humans()
        if len(humans) == 1:
            return humans[0]
        return sc.controls.seat if sc.controls.seat is not None else sc.turns.last_actor

    def offered(self) -> bool:
        """Whether the bar shows Undo now (a beat's bar has none): the seat's last choice can go back, or the
        open shop's cart has a change to take back."""
        sc = self.scene
        who = self.who()
        shop = sc.controls.shop
        return who is not None and not sc.driver.beat and (
            sc.driver.can_undo(who) or (shop is not None and bool(shop.history)))

    def __call__(self) -> None:
        """Take back the last change of the cart, else the seat's last choice; either way a message says what was
        taken back, or why nothing can be."""
        sc = self.scene
        shop = sc.controls.shop
        if shop is not None and shop.undo():
            chips = W.chip_list([c.name for c in shop.cart]) if shop.cart else _("empty")
            sc.app.toast(_("Undone: the cart is as before ({chips}).").format(chips=chips))
            return
        seat = self.who()
        if seat is None:
            sc.app.toast(_("Nothing to undo while the screen is passed on."))
            return
        cut = sc.match.undo_point(seat) if sc.driver.can_undo(seat) else None
        if cut is None:
            sc.app.toast(self.why_not())
            return
        if sc.match.ask_undo(seat):  # the host takes it back and sends the game as it is then (a whole view)
            sc.turns.clear()
            sc.app.toast(undone_text(sc.g, seat, str(sc.g.record[cut][2])))
            return
        entry = sc.g.record[cut]
        if not sc.driver.undo(seat):
            sc.app.toast(self.why_not())
            return
        sc.shown_anew()
        sc.app.toast(undone_text(sc.g, seat, str(entry[2])))

    def why_not(self) -> str:
        sc = self.scene
        if sc.g.is_over or sc.driver.round_done is not None:
            return _("Nothing to undo: the round's results are out, and nothing goes back past them.")
        return _("Nothing to undo: only a choice made since the last draw, roll, reveal or purchase can be taken "
                 "back.")


def undone_text(g: Game, seat: int, action: str) -> str:
    """"Undone: Take 1 coin." (the choice as its button said it; the decision is open again)."""
    try:
        what = label(g, seat, Action.parse(action)).text
    except Exception:  # noqa: BLE001 - a choice without words of its own: said in general
        what = ""
    return _("Undone: {choice}.").format(choice=what) if what else _("Undone: your last choice.")
