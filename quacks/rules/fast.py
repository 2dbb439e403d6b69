"""The simulation's fast path: the one shortcut past ``Game``'s door (the match's stir ticks and ``simulate``).

Everything else goes through the door (``game.py``): ``waiting``, ``legal_actions``, ``apply``,
``pending_chance``, ``sample_chance``, ``apply_chance``. A shortcut is kept here only if it is measured to
pay (more than about 5% of the CPU time of ``python -m quacks simulate``), and each one names the door it
is equivalent to; tests/rules/test_fast.py plays seeded games once through the door only and once through
this module and compares the fingerprints (``snapshot.fingerprint``) after every step, and
tests/test_fingerprints.py pins what the matches played this way end in.

Measured for issue 20 (``simulate`` with 4 Normal seats, 200 games, one process; the CPU time of the whole
process, and its instructions counted under callgrind):

- ``draw`` pays: without it ``simulate`` takes about a fifth more CPU time. A draw through the door is two
  steps (``apply(seat, DRAW)`` puts the draw's chance step on the agenda, ``apply_chance`` takes it and
  settles the brewing seats again); here it is one, and the settling is skipped when nothing can need it.
- Dropped as paying too little (each under 5%): splitting the acting seats by decision kind in one call,
  taking a sampled chance outcome without checking it, brewing's legal actions without the cache, and a copy
  of ``brewing.place`` inlined for chips no book or card acts on.
"""

from __future__ import annotations

import random

from .chance import draw_from
from .chips import CHIPS, Chip
from .game import Brew, Game


def draw(g: Game, seat: int, rng: random.Random) -> Chip | None:
    """``g.apply(seat, DRAW)`` and then ``g.apply_chance(g.sample_chance(rng))``, in one step: the chip drawn,
    sampled exactly as ``sample_chance`` samples a draw (one number from ``rng``).

    None, with nothing taken from ``rng`` and nothing changed, if ``DRAW`` is not among
    ``g.legal_actions(seat)`` (the seat does not brew now, has a decision pending, or its bag is empty)."""
    agenda = g.agenda
    s = g.seats[seat]
    # legal_actions' own test of a draw: brewing's agenda item is up, the seat brews with nothing pending, and
    # it acts now (all brewing seats do, or the one whose turn it is with sequential brewing)
    if not agenda or type(agenda[0]) is not Brew or s.pending or not s.brewing or seat not in g.acting_seats():
        return None
    bag = s.bag
    total = bag.total
    if not total:
        return None
    chip = CHIPS[draw_from(bag.raw(), total, rng)]
    g._drawn(seat, chip)
    return chip
