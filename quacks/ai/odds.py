"""Exact odds from the bag, shared by the bots and the table's risk display."""

from __future__ import annotations

from ..rules.chips import WHITE_1, WHITE_2, WHITE_3
from ..rules.game import Game

WHITES = (WHITE_1, WHITE_2, WHITE_3)
_W1, _W2, _W3 = (c.index for c in WHITES)


def explosion_risk(g: Game, seat: int) -> float:
    """Chance that the next chip drawn explodes the pot: white chips above the room left, over the bag."""
    s = g.seats[seat]
    bag = s.bag
    total = bag.total
    if total == 0:
        return 0.0
    room = g.limit(seat) - s.white_total
    if room >= 3:
        return 0.0
    n = bag.raw()  # hot path for every bot's draw decision: read the counts directly
    if room == 2:
        bad = n[_W3]
    elif room == 1:
        bad = n[_W2] + n[_W3]
    else:
        bad = n[_W1] + n[_W2] + n[_W3]
    return bad / total


def stop_space(g: Game, seat: int) -> int:
    """The scoring space if the seat stopped now."""
    s = g.seats[seat]
    last = s.pot[-1].index if s.pot else g.start_index(s)
    return min(last + 1, g.cat.pot.spoon)


def leader_margin(g: Game, seat: int) -> int:
    """VP ahead of the best other seat (negative when behind the leader)."""
    seats = g.seats
    best = -1 << 30
    for i in range(len(seats)):
        if i != seat and seats[i].score > best:
            best = seats[i].score
    return seats[seat].score - best
