"""The simulation's fast path: the two shortcuts past ``Game``'s door (the match's stir ticks and ``simulate``).

Everything else goes through the door (``game.py``): ``waiting``, ``legal_actions``, ``apply``,
``pending_chance``, ``sample_chance``, ``apply_chance``, ``acting_seats``, ``decision_kind``. A shortcut is kept
here only if it is measured to pay, and each one names the doors it is equivalent to; tests/rules/test_fast.py
plays seeded games once through the door only and once through this module and compares the fingerprints
(``snapshot.fingerprint``) after every step, and tests/test_fingerprints.py pins what the matches played this
way end in.

Measured for issue 20 (``simulate`` with 4 Normal seats, one process; the CPU time of the whole process, and
the instructions of 20 games counted under callgrind):

- ``draw`` pays: without it ``simulate`` takes about a fifth more CPU time. A draw through the door is two
  steps (``apply(seat, DRAW)`` puts the draw's chance step on the agenda, ``apply_chance`` takes it and
  settles the brewing seats again); here it is one, and the settling is skipped when nothing can need it.
- ``split_acting`` (the match asks it once per state: who brews, who has a follow-up choice) saves 2.5-5% of
  the games' instructions; kept so that the engine's door could lose its other shortcuts and the whole stay
  within the issue's budget (4 Normal ``simulate`` no more than 15% slower than before the door was cleaned).
- Dropped as paying too little (each under 5%, 4% together): taking a sampled chance outcome without checking
  it, brewing's legal actions without the cache, and a copy of ``brewing.place`` inlined for chips no book or
  card acts on.

The whole, with these two: 20 games take 964M instructions, against 844M before the door was cleaned (+14%;
1,034M before the engine's own paths were made cheaper: ``acting_seats`` answering from its cache, ``place``
reading the books of a chip once in ``Game.place_hooks``, the match's steps in one loop).
"""

from __future__ import annotations

import random

from .actions import Action
from .brewing import brew_choices
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


def split_acting(g: Game) -> tuple[list[int], list[int]]:
    """``g.acting_seats()`` split by ``g.decision_kind`` in one pass: the seats deciding draw, stop or flask
    (``DecisionKind.BREW``) and those with another decision (a pick, a shop, ...), each in acting order."""
    seats = g.acting_seats()
    if not seats:
        return [], []
    if type(g.agenda[0]) is not Brew:
        return [], list(seats)
    all_seats = g.seats
    for i in seats:
        if all_seats[i].pending:
            return [k for k in seats if not all_seats[k].pending], [k for k in seats if all_seats[k].pending]
    return seats, []


def brew_actions(g: Game, seat: int) -> list[Action]:
    """``g.legal_actions(seat)`` for a seat of the stir tick (one that ``split_acting`` lists as brewing): draw,
    stop and the flask as allowed, without the door's cache (do not modify the list)."""
    return brew_choices(g, seat)
