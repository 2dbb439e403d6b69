"""How dangerous the next draw is, read from the bag: does anything left in it explode the pot, or everything?

The guided game says "your white total is getting high" only when some chip left in the bag could explode the
pot, and warns when every chip left would. Only a white chip adds to the white total, and a pot explodes when
its white total goes over the limit (rulebook, "Stopped by an Explosion": only the white chips count; the limit
is ``Game.limit``, R9: the highest that applies). Pure: reads the game, changes nothing.
"""

from __future__ import annotations

from enum import Enum

from ..rules.game import Game


class Danger(Enum):
    NONE = "none"  # no chip left in the bag can explode the pot (or the bag is empty)
    SOME = "some"  # at least one chip left would explode it, not all of them
    ALL = "all"  # every chip left in the bag would explode it


def draw_danger(g: Game, seat: int) -> Danger:
    """What the next chip drawn from ``seat``'s bag can do to its pot."""
    s = g.seats[seat]
    room = g.limit(seat) - s.white_total  # the white total may rise this much without exploding
    total = bad = 0
    for chip, n in s.bag.items():
        if n <= 0:
            continue
        total += n
        if chip.is_white and chip.value > room:
            bad += n
    if bad == 0:
        return Danger.NONE
    return Danger.ALL if bad == total else Danger.SOME
