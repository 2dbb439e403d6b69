"""Which key takes which option of a seat's decision (the key table: ``ui/keys.py``).

An option keeps its key whatever else is offered beside it: options of one kind in a list (chips to pick or
take, trades up, tiers, counts) are numbered, every other option has the letter of what it gives (VP: P,
coins: C, rubies: R, the droplet: T, a chip out of the bag: X), a decline is N and "Done" is Enter. A count
is numbered by itself (a tier for 2 chips is 2, and the tier for none is N), so its key never moves either.
Every decision kind is listed here; a kind or an option type without keys is a loud error.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ...rules.actions import Action
from ...rules.game import Game
from ...rules.kinds import DecisionKind
from ...rules.options import (
    OFFERS,
    BuyChip,
    BuyDroplet,
    Decline,
    GainRubies,
    GainVP,
    GiveUpRats,
    MoveDroplet,
    Option,
    RatTailVP,
    RemoveChip,
    TakeChip,
    TakeTier,
    TradeIn,
    Upgrade,
    option_of,
)
from ..keys import Act


class OptionKey(NamedTuple):
    """The key of one option: an act, its position for a numbered act, and the kind of the numbered list."""

    act: Act
    n: int = 0
    kind: str = ""


class MissingKey(LookupError):
    """A decision kind or an option type the key table does not know: a programming error, said loudly."""


def _fixed(table: dict[str, OptionKey]) -> Callable[[Game, int, Sequence[Action]], list[OptionKey]]:
    """Keys by the action's text ("choose vp": P), for the decisions whose options never change."""

    def keys(g: Game, seat: int, actions: Sequence[Action]) -> list[OptionKey]:
        out = []
        for a in actions:
            k = table.get(str(a))
            if k is None:
                raise MissingKey(f"no key for {a} of decision {g.decision_kind(seat)}")
            out.append(k)
        return out

    return keys


def _pick(g: Game, seat: int, actions: Sequence[Action]) -> list[OptionKey]:
    """Blue set 1 and strong-ingredient (R20): the chips looked at are numbered; placing none is N."""
    out, n = [], 0
    for a in actions:
        if a.args == ("none",):
            out.append(OptionKey(Act.NO))
        else:
            n += 1
            out.append(OptionKey(Act.OPTION, n, "chip"))
    return out


def _aside(g: Game, seat: int, actions: Sequence[Action]) -> list[OptionKey]:
    """Red set 2 (R10): the chips beside the pot are numbered (the same number for each of them whether it is
    placed, n, or returned, Shift+n: beside a full pot only returning is offered, R38, and the numbers stay);
    keeping the rest beside the pot is Done (Enter)."""
    chips = sorted({a.args[0] for a in actions if a.args})
    out = []
    for a in actions:
        if not a.args:
            out.append(OptionKey(Act.CONFIRM))
        elif a.verb == "place":
            out.append(OptionKey(Act.OPTION, chips.index(a.args[0]) + 1, "chip beside the pot"))
        elif a.verb == "return":
            out.append(OptionKey(Act.RETURN_CHIP, chips.index(a.args[0]) + 1, "chip beside the pot"))
        else:
            raise MissingKey(f"no key for {a} of the chips beside the pot")
    return out


def _count(k: int) -> OptionKey:
    return OptionKey(Act.OPTION, k, "count") if k else OptionKey(Act.NO)


def _offered(g: Game, seat: int, actions: Sequence[Action]) -> list[OptionKey]:
    """An effect's decision (a book's in step B, a fortune card's): by the type of each option."""
    d = g.current_decision(seat)
    if d is None or d.kind not in OFFERS:
        raise MissingKey(f"seat {seat} has no effect's decision ({d})")
    options = OFFERS[d.kind](g, d)
    out, n = [], 0
    for a in actions:
        o: Option = option_of(options, a)
        if isinstance(o, (TakeChip, BuyChip, Upgrade)):
            n += 1
            out.append(OptionKey(Act.OPTION, n, "chip"))
        elif isinstance(o, GiveUpRats):
            out.append(_count(o.tails))
        elif isinstance(o, BuyDroplet):
            out.append(_count(o.steps))
        elif isinstance(o, (TakeTier, TradeIn)):
            out.append(_count(o.chips))
        elif isinstance(o, MoveDroplet):
            out.append(OptionKey(Act.DROPLET))
        elif isinstance(o, GainRubies):
            out.append(OptionKey(Act.RUBIES))
        elif isinstance(o, (GainVP, RatTailVP)):
            out.append(OptionKey(Act.POINTS))
        elif isinstance(o, RemoveChip):
            out.append(OptionKey(Act.REMOVE))
        elif isinstance(o, Decline):
            out.append(OptionKey(Act.NO))
        else:
            raise MissingKey(f"no key for the option type {type(o).__name__}")
    return out


KEYED: dict[DecisionKind, Callable[[Game, int, Sequence[Action]], list[OptionKey]]] = {
    DecisionKind.BREW: _fixed({"draw": OptionKey(Act.DRAW), "stop": OptionKey(Act.STOP),
                               "flask": OptionKey(Act.FLASK)}),
    DecisionKind.PICK: _pick,
    DecisionKind.RETURN_WHITE: _fixed({"choose return-white": OptionKey(Act.YES),
                                       "choose keep-white": OptionKey(Act.NO)}),
    DecisionKind.SECOND_CHANCE: _fixed({"choose restart": OptionKey(Act.YES), "choose continue": OptionKey(Act.NO)}),
    DecisionKind.ASIDE: _aside,
    DecisionKind.DROPLET: _fixed({"choose pot": OptionKey(Act.OPTION, 1, "droplet"),
                                  "choose tube": OptionKey(Act.OPTION, 2, "droplet")}),
    DecisionKind.EXPLOSION: _fixed({"choose vp": OptionKey(Act.POINTS), "choose coins": OptionKey(Act.COINS)}),
    DecisionKind.CONVERT: _fixed({"convert coins": OptionKey(Act.COINS), "convert rubies": OptionKey(Act.RUBIES),
                                  "done": OptionKey(Act.CONFIRM)}),
    DecisionKind.SPEND: _fixed({"spend droplet": OptionKey(Act.DROPLET), "spend flask": OptionKey(Act.FLASK),
                                "done": OptionKey(Act.CONFIRM)}),
    # the shop has keys of its own (ui/table/shop_panel.py)
}
for _kind in OFFERS:
    KEYED.setdefault(_kind, _offered)


def option_keys(g: Game, seat: int, actions: Sequence[Action]) -> list[OptionKey]:
    """The key of each of ``actions`` (the seat's legal actions now), in their order; two options never share
    one (a loud error if they would)."""
    kind = g.decision_kind(seat)
    fn = KEYED.get(kind) if kind is not None else None
    if fn is None:
        raise MissingKey(f"no keys for decision kind {kind!r}")
    keys = fn(g, seat, actions)
    seen: dict[tuple[Act, int], Action] = {}
    for a, k in zip(actions, keys):
        if (k.act, k.n) in seen:
            raise MissingKey(f"{a} and {seen[k.act, k.n]} would share the key {k.act} {k.n or ''}".rstrip())
        seen[k.act, k.n] = a
    return keys
