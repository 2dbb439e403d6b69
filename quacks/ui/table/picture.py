"""The table's still picture as one value (issue 31): everything a frame shows under the flying chips.

``TablePicture`` is made afresh each frame from the scene's state: the game shown (its version, and the rat
stones still on their way), the view's ``ViewState``, the action bar (a decision's controls, the shop, or a
beat's bar) as its parts look now, what the table waits for, the hover help and the zoomed pot, and the
settings the picture reads. The frame cache (``frames.py``) keeps the still picture while this value stays
equal, and redraws it as soon as it changes, so nothing is kept by a hand-written list of inputs. Each part
answers for its own look (``Button.look``, ``BeatBar.look``, ``Animator.still_look``), in its own home.

The debug check (``frames.CHECK_STILL``, on in the tests) draws the still picture again whenever it would be
kept and fails if the two differ: an input drawn but missing here is found by the first test that changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .controls import Controls
from .shop_panel import ShopPanel
from .view_state import ViewState


@dataclass(frozen=True)
class TablePicture:
    """Everything the still picture of the table shows (compared by value: equal pictures are drawn alike)."""

    version: int  # the game shown (``Game.version`` counts every step)
    shown: tuple[object, ...]  # the beats shown so far (``MatchDriver.show_key``): the game as the table shows it
    view: ViewState  # focus, odds, the bots' reasons, decided seats, dice, card lines, remote seats
    bar: tuple[object, ...]  # the action bar: a beat's bar, or the decision's controls and the shop
    waiting: str  # what the bar says while no human decides
    animation: tuple[object, ...]  # chips in the air, rat stones and droplets on their way (``Animator.still_look``)
    thinking: int | None  # the seat whose bot is thinking
    hover_text: str  # the help under the mouse (the bar's hint row)
    zoom: int | None  # the other seat whose pot is shown large
    pace: str  # named in a beat's bar
    language: str  # every word on the table

    def without_motion(self) -> TablePicture:
        """This picture less the chips in the air (each part kept by ``layers.py`` adds its own seat's); the rat
        stones on their way stay, as they change the game shown (``MatchDriver.shown``)."""
        _hidden, rats, _droplets = self.animation  # (the pots are drawn over the kept parts each time)
        return replace(self, animation=(rats,))


def shop_look(shop: ShopPanel) -> tuple[object, ...]:
    """What the shop's picture shows: the cart, the chip at the cursor and under the mouse, its message and its
    buttons as they look now."""
    buttons = [shop.buy_b, shop.clear_b, shop.nothing_b] + ([shop.undo_b] if shop.undo_b is not None else [])
    return (tuple(shop.cart), shop.cursor, shop.hover, shop.message, tuple(b.look() for b in buttons))


def controls_look(c: Controls) -> tuple[object, ...]:
    """What the action bar shows for a decision: its question (seat, kind, who, hint, note), its buttons and the
    Undo button as they look now, or the shop."""
    return (c.seat, c.kind, c.key, c.who, c.hint, c.note, tuple(b.look() for b in c.buttons),
            tuple(str(a) for a, _label, _key in c.choices),
            c.undo.look() if c.undo is not None else None,
            shop_look(c.shop) if c.shop is not None else None)
