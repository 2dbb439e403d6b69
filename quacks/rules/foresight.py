"""What stopping now would bring a brewing seat, as far as it can be known now (the table's "Stop now").

Stopping fixes the seat's pot, so every effect of the evaluation (rulebook "Evaluation", R25) that reads only
that pot is certain from then on:

- the scoring space: the space after the last chip (R27), its coins, VP and ruby (step C);
- the chip actions of step B on the seat's own chips: the green chips last or next to last (green sets 1, 2
  and 4), the whites totalling exactly the book's number (green set 3, whose push moves the scoring space, so
  the space said is the pushed one), the purple chips (sets 1-4; R12, R13);
- the fortune card's conditions on that pot: whites totalling exactly 7 (seasoned-perfectly), a scoring
  space with a ruby (lucky-devil, shining-extra-bright; R30);
- what the seat is offered there (a chip to pick, a tier, droplet steps for rubies), as offers, not gains.

An effect that compares pots is certain only once the other pots are done: the black book (R11) and the bonus
die (step A: the furthest scoring space among pots that did not explode, R7) are said only when no other pot
can change any more (none brews, none has a decision left, no strong-ingredient to come; R20, R25). What may
still change the seat's own pot after it stops is said as well, since the rest is then "as the pot stands":
red chips beside the pot (R10) and strong-ingredient (R20).

Nothing of the rules is written again here: the engine's own hooks run on a copy of the game, in the
evaluation's order (``round_flow``), and what they give or offer the seat is read from the copy's events and
staged decisions. The flask and the rat stone bring nothing at the stop: the flask acts only right after a
white chip (R17) and is refilled at step F whether the seat stops or not (magic-potion), and the rat tails are
counted at the next round's start (R25, R39).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from .brewing import pot_full
from .chips import Colour
from .events import Event
from .kinds import CardKind, CauseKind, EventKind
from .round_flow import CHIP_ACTION_ORDER
from .state import Decision

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class Later(StrEnum):
    """What may still change the seat's pot after it stops (the preview is then "as the pot stands")."""

    ASIDE = "aside"  # red chips beside the pot may be placed (red set 2, R10)
    LOOK = "look"  # strong-ingredient: look at chips and perhaps place one (R20)


#: gains the preview names apart from the scoring space (whose own ruby its coins, VP and ruby already say)
GAIN_EVENTS = frozenset({EventKind.VP, EventKind.RUBIES, EventKind.DROPLET, EventKind.CHIP_GAINED,
                         EventKind.CHIP_MISSED, EventKind.PUSH, EventKind.TUBE, EventKind.CHIP_RETURNED})


@dataclass(frozen=True)
class StopForesight:
    """What stopping now brings the seat, as far as it is certain now."""

    space: int  # the scoring space (engine index) after the certain push of green set 3
    gains: tuple[Event, ...]  # certain gains and changes, each with the engine's own cause
    offers: tuple[Decision, ...]  # the choices the evaluation will put to the seat
    die_rolls: int  # bonus-die rolls certain for the seat (0: none, or not known yet)
    later: tuple[Later, ...]  # what may still change the pot after stopping


def stop_space(g: Game, seat: int) -> int:
    """The scoring space a stop now would give, the pot as it stands (R27: the space after the last chip, or
    after the droplet and the rat stone for an empty pot; the spoon after the last space)."""
    s = g.seats[seat]
    last = s.pot[-1].index if s.pot else g.start_index(s)
    return min(last + 1, g.cat.pot.spoon)


def pot_done(g: Game, seat: int) -> bool:
    """Can this seat's pot still change this round? Not once it stopped or exploded with nothing left to decide
    (no red chips beside it to place, no second chance to take) and no strong-ingredient is to come for it."""
    s = g.seats[seat]
    if s.brewing or s.pending or (s.aside and not s.aside_settled):
        return False
    return s.exploded or not _look_to_come(g)


def _look_to_come(g: Game) -> bool:
    """strong-ingredient acts after brewing (R20, R25): while brewing, every pot that did not explode may
    still get a chip."""
    return g.fortune is not None and g.fortune.effect.kind == CardKind.LOOK_AND_PLACE


def stop_foresight(g: Game, seat: int) -> StopForesight | None:
    """What stopping now would bring ``seat`` that is certain now; None when the seat cannot stop (it does not
    brew). Pure: the game is not changed (the effects run on a copy)."""
    s = g.seats[seat]
    if not s.brewing or s.exploded:
        return None
    later: list[Later] = []
    if s.aside and not pot_full(g, seat):
        later.append(Later.ASIDE)
    if _look_to_come(g):
        later.append(Later.LOOK)
    others_done = all(pot_done(g, i) for i in range(g.n) if i != seat)

    c = g.clone(record=False)
    c.record_events = True
    cs = c.seats[seat]
    cs.brewing = False
    cs.stopped = True
    space = cs.final_space = stop_space(g, seat)

    rolls = 0
    if others_done and not later:  # step A (R7): the furthest scoring space among pots that did not explode
        spaces = [c.scoring_space(i) for i in range(c.n) if not c.seats[i].exploded]
        if space >= max(sp for sp in spaces if sp is not None):
            rolls = c.fortune.effect.die_rolls() if c.fortune is not None else 1
    # step B: the chip actions in their order, on this seat only; black compares pots (R11)
    for colour in CHIP_ACTION_ORDER:
        eff = c.effect_of(colour)
        if eff is None or not eff.evaluates or (colour is Colour.BLACK and not others_done):
            continue
        eff.evaluate(c, seat)
    card = c.fortune.effect if c.fortune is not None else None
    if card is not None:
        card.end_of_chip_actions(c)  # acts for every seat: only this seat's share is read below
    # step C: a scoring space with a ruby (its own ruby is part of the space; a card may add to it, R30)
    if card is not None and c.cat.pot.space(cs.final_space).ruby:
        card.ruby_space(c, seat)
    gains = tuple(e for e in c.events if e.seat == seat and e.kind in GAIN_EVENTS
                  and e.cause.kind != CauseKind.RUBY_SPACE)
    offers = tuple(t for t in c._staged if isinstance(t, Decision) and t.seat == seat)
    return StopForesight(cs.final_space, gains, offers, rolls, tuple(later))
