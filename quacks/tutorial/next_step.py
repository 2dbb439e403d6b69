"""The way on after a game against the bots (issue 23): the next level of the ladder, Easy < Normal < Hard <
Expert (``ai.levels.LADDER``, the one list of the levels).

After the guided game (against the script's gentle bot) the player is offered the level after it, whatever the
result; after a game of their own against bots of one level, the level after it once they have won. Only one
player at this screen, bots of one level of the ladder, and a level above theirs: otherwise nothing is offered.
"""

from __future__ import annotations

from ..ai.levels import LADDER
from ..session.match import Match


def next_level(level: str) -> str | None:
    """The level after ``level`` on the ladder; None at the top or for a level not on it ("random")."""
    if level not in LADDER:
        return None
    k = LADDER.index(level)
    return LADDER[k + 1] if k + 1 < len(LADDER) else None


def offered_level(match: Match, guided: bool = False) -> str | None:
    """The level to offer after ``match`` (over): the one after its bots' level, after the guided game (``guided``)
    or a game the one player here won; None if there is none to offer."""
    g = match.game
    ranking = g.ranking()
    players = match.local_humans()
    if ranking is None or len(players) != 1 or match.remote_seats():
        return None
    levels = {s.kind for i, s in enumerate(match.setup.seats) if i != players[0]}
    if len(levels) != 1:
        return None
    if not guided and players[0] not in ranking[0]:
        return None
    return next_level(levels.pop())


__all__ = ["next_level", "offered_level"]
