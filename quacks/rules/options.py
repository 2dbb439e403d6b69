"""What the book and card effects offer a seat: a small closed set of option types.

An effect's decision (a fortune card's choice, a book's choice in evaluation step B) lists ``Option`` values;
the legal ``Action`` is derived from each (``Option.action``), so the text of records, saves and scenarios is
the same as before. The wording (``wording.options``) and the bots (``ai.values.option_value``) read the
option's type and numbers, never its words; a type either of them does not know is a loud error.

``option_of`` parses an action back into the option it stands for, among those offered now.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from .actions import PASS, Action, IllegalAction, act
from .chips import Chip
from .kinds import DecisionKind
from .params import Reward
from .registry import decision

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import Decision


class Kept(Enum):
    """What a declined offer leaves as it is."""

    RUBIES = "rubies"  # wheel-and-deal: no chip bought
    LOOKED_AT = "looked-at"  # the chips looked at go back as they are
    POT = "pot"  # the chips in the pot stay


@dataclass(frozen=True)
class Option:
    """Base of the option types; each states the action it is taken with."""

    @property
    def action(self) -> Action:
        raise NotImplementedError(type(self).__name__)


@dataclass(frozen=True)
class Worded(Option):
    """An option taken with one fixed word (``choose <word>``, the type's entry in ``WORDS``)."""

    @property
    def action(self) -> Action:
        return act("choose", WORDS[type(self)])


@dataclass(frozen=True)
class TakeChip(Option):
    """A chip into the bag, for free (``choose <chip>``)."""

    chip: Chip

    @property
    def action(self) -> Action:
        return act("choose", self.chip.name)


@dataclass(frozen=True)
class BuyChip(Option):
    """A chip into the bag for so many rubies (wheel-and-deal; ``choose <chip>``)."""

    chip: Chip
    rubies: int

    @property
    def action(self) -> Action:
        return act("choose", self.chip.name)


@dataclass(frozen=True)
class MoveDroplet(Worded):
    """The droplet moves so many spaces (``choose droplet``)."""

    steps: int


@dataclass(frozen=True)
class GainRubies(Worded):
    """So many rubies (``choose rubies``)."""

    rubies: int


@dataclass(frozen=True)
class GainVP(Worded):
    """So many victory points (``choose vp``)."""

    vp: int


@dataclass(frozen=True)
class RatTailVP(Worded):
    """Victory points per rat tail of this round (R29; ``choose rat-vp``)."""

    rats: int
    vp_per_rat: int


@dataclass(frozen=True)
class RemoveChip(Worded):
    """A chip out of the bag, back to the supply for good (R33; ``choose remove-white``)."""

    chip: Chip


@dataclass(frozen=True)
class GiveUpRats(Option):
    """Pass up so many of this round's rat tails for rubies each (R29; ``choose <k>``)."""

    tails: int
    rubies_each: int

    @property
    def action(self) -> Action:
        return act("choose", self.tails)


@dataclass(frozen=True)
class BuyDroplet(Option):
    """Pay rubies for so many droplet steps (green set 4; ``choose <k>``)."""

    steps: int
    rubies_each: int

    @property
    def action(self) -> Action:
        return act("choose", self.steps)


@dataclass(frozen=True)
class TakeTier(Option):
    """The gains of the tier for so many chips, or none at 0 (purple set 1, R12; ``choose <k>``)."""

    chips: int
    reward: Reward

    @property
    def action(self) -> Action:
        return act("choose", self.chips)


@dataclass(frozen=True)
class TradeIn(Option):
    """So many chips from the pot back to the supply for a tier's gains (purple set 2, R12; ``choose <k>``)."""

    chips: int
    reward: Reward

    @property
    def action(self) -> Action:
        return act("choose", self.chips)


@dataclass(frozen=True)
class Upgrade(Option):
    """One chip traded for a higher one into the bag (R18; ``upgrade <old> <new>``)."""

    old: Chip
    new: Chip
    looked_at: bool  # among the chips looked at (a card), else from the pot (purple set 4)

    @property
    def action(self) -> Action:
        return act("upgrade", self.old.name, self.new.name)


@dataclass(frozen=True)
class Decline(Option):
    """Take none of the offers (``pass``); ``keeps`` says what stays as it is."""

    keeps: Kept

    @property
    def action(self) -> Action:
        return PASS


#: The word each option of a fixed word is taken with.
WORDS: dict[type[Option], str] = {
    MoveDroplet: "droplet",
    GainRubies: "rubies",
    GainVP: "vp",
    RatTailVP: "rat-vp",
    RemoveChip: "remove-white",
}

KEEP_RUBIES = Decline(Kept.RUBIES)
KEEP_LOOKED_AT = Decline(Kept.LOOKED_AT)
KEEP_POT = Decline(Kept.POT)

#: The closed set: the wording and the bots handle each of these (a test walks them).
OPTION_TYPES: tuple[type[Option], ...] = (
    TakeChip, BuyChip, MoveDroplet, GainRubies, GainVP, RatTailVP, RemoveChip, GiveUpRats, BuyDroplet,
    TakeTier, TradeIn, Upgrade, Decline,
)


def option_of(options: Sequence[Option], a: Action) -> Option:
    """The option that action ``a`` stands for, among ``options`` (Action -> option)."""
    for o in options:
        if o.action == a:
            return o
    raise IllegalAction(f"{a} is none of the options {' | '.join(str(o.action) for o in options)}")


OffersFn = Callable[["Game", "Decision"], list[Option]]
TakeFn = Callable[["Game", "Decision", Option], None]

#: The decision kinds whose options are typed, with the function that lists them.
OFFERS: dict[DecisionKind, OffersFn] = {}


def offered(kind: DecisionKind, offers: OffersFn) -> Callable[[TakeFn], TakeFn]:
    """Register a decision whose options are typed: its legal actions are their actions, and an action is
    carried out as the option it stands for."""

    def legal(g: Game, d: Decision) -> list[Action]:
        return [o.action for o in offers(g, d)]

    def deco(take: TakeFn) -> TakeFn:
        def apply(g: Game, d: Decision, a: Action) -> None:
            take(g, d, option_of(offers(g, d), a))

        decision(kind, legal)(apply)
        OFFERS[kind] = offers
        return take

    return deco


def options_now(g: Game, seat: int) -> list[Option]:
    """The typed options of the seat's current decision (an effect's decision); a loud error otherwise."""
    d = g.current_decision(seat)
    if d is None or d.kind not in OFFERS:
        raise LookupError(f"seat {seat} has no effect's decision to take now ({d})")
    return OFFERS[d.kind](g, d)
