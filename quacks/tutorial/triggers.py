"""When a step of the guided game first matters: a closed set of trigger kinds, one check each.

A check sees the game, the seat of the player being taught, the seats the table asks for a choice now, the
engine events since the last look, and the steps finished so far; it says whether its step should show now.
A step about a decision shows when the table asks the player, that is when its buttons are there (not while
the opponent still thinks in the same stir, R22); a step about the bonus die shows before it rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..rules.events import Event
from ..rules.game import Game
from ..rules.kinds import ChanceKind, DecisionKind, EventKind, Phase
from .danger import Danger, draw_danger


class Trigger(Enum):
    START = "start"  # the first look at the table
    DECISION = "decision"  # the table asks the player for a decision of this kind
    EVENT = "event"  # an engine event of this kind happened (to you, another seat, or anyone)
    WHITE_TOTAL = "white_total"  # the player's white total reaches at_least while brewing
    FLASK_READY = "flask_ready"  # the table asks the player, and the flask could be used now
    RISK = "risk"  # the table asks the player to draw or stop, and some / all chips left would explode the pot
    CHANCE = "chance"  # a random step of this kind is due (the bonus die: before it rolls)
    ROUND = "round"  # the round is n or later
    PHASE = "phase"  # the game is in this phase
    AFTER = "after"  # right after another step was finished


WHO = ("you", "other", "any")
RISKS = ("some", "all")  # RISK's chips: some chip left in the bag explodes the pot, or every chip left does


@dataclass(frozen=True)
class When:
    kind: Trigger
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Look:
    """What a trigger may look at."""

    game: Game
    seat: int
    events: list[Event]
    finished: set[str]
    first: bool = False
    #: the seats the table asks for a choice now (its buttons are up); None: every seat that may act in the game
    asked: tuple[int, ...] | None = None

    @property
    def is_asked(self) -> bool:
        """Whether the table asks the player now."""
        if self.asked is None:
            return self.seat in self.game.acting_seats()
        return self.seat in self.asked


Check = Callable[[Look, Mapping[str, Any]], bool]
CHECKS: dict[Trigger, Check] = {}
PARAMS: dict[Trigger, tuple[str, ...]] = {}


def check(kind: Trigger, *params: str) -> Callable[[Check], Check]:
    def deco(fn: Check) -> Check:
        CHECKS[kind] = fn
        PARAMS[kind] = params
        return fn

    return deco


@check(Trigger.START)
def _start(look: Look, p: Mapping[str, Any]) -> bool:
    return look.first


@check(Trigger.DECISION, "decision")
def _decision(look: Look, p: Mapping[str, Any]) -> bool:
    return look.is_asked and look.game.decision_kind(look.seat) == DecisionKind(p["decision"])


@check(Trigger.EVENT, "event", "who")
def _event(look: Look, p: Mapping[str, Any]) -> bool:
    kind = EventKind(p["event"])
    who = p.get("who", "any")
    for e in look.events:
        if e.kind != kind:
            continue
        if who == "any" or (who == "you" and e.seat == look.seat) or (
                who == "other" and e.seat is not None and e.seat != look.seat):
            return True
    return False


@check(Trigger.WHITE_TOTAL, "at_least")
def _white_total(look: Look, p: Mapping[str, Any]) -> bool:
    s = look.game.seats[look.seat]
    return s.brewing and s.white_total >= int(p["at_least"])


@check(Trigger.FLASK_READY)
def _flask_ready(look: Look, p: Mapping[str, Any]) -> bool:
    g = look.game
    return look.is_asked and any(a.verb == "flask" for a in g.legal_actions(look.seat))


@check(Trigger.RISK, "chips")
def _risk(look: Look, p: Mapping[str, Any]) -> bool:
    g = look.game
    if not (look.is_asked and g.decision_kind(look.seat) == DecisionKind.BREW):
        return False
    danger = draw_danger(g, look.seat)
    return danger is Danger.ALL if p["chips"] == "all" else danger is not Danger.NONE


@check(Trigger.CHANCE, "chance")
def _chance(look: Look, p: Mapping[str, Any]) -> bool:
    ch = look.game.pending_chance()
    return ch is not None and ch.kind == ChanceKind(p["chance"])


@check(Trigger.ROUND, "n")
def _round(look: Look, p: Mapping[str, Any]) -> bool:
    return look.game.round >= int(p["n"])


@check(Trigger.PHASE, "phase")
def _phase(look: Look, p: Mapping[str, Any]) -> bool:
    return look.game.phase == Phase(p["phase"])


@check(Trigger.AFTER, "step")
def _after(look: Look, p: Mapping[str, Any]) -> bool:
    return str(p["step"]) in look.finished
