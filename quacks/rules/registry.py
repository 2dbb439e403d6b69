"""Registries that connect data (step names, decision kinds, chance purposes) to behaviour.

Procedures register themselves here by name, so the agenda holds only plain data and a game can be
copied, saved and replayed. Decisions are keyed by the closed ``DecisionKind`` (kinds.py); the book and
card effect classes register themselves by ``BookKind`` / ``CardKind`` (books.py, fortunes.py).
``check_complete`` fails loudly if a member of those enums has no handler or class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .kinds import REGISTERED_DECISIONS, BookKind, CardKind, DecisionKind

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action
    from .game import Game
    from .state import Chance, Decision

StepFn = Callable[..., None]
OptionsFn = Callable[["Game", "Decision"], list["Action"]]
ApplyFn = Callable[["Game", "Decision", "Action"], None]
ChanceFn = Callable[["Game", "Chance", Any], None]  # the outcome: a Chip, a tuple of Chips, or an id

STEPS: dict[str, StepFn] = {}
DECISIONS: dict[DecisionKind, tuple[OptionsFn, ApplyFn]] = {}
CHANCES: dict[str, ChanceFn] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    def deco(fn: StepFn) -> StepFn:
        if name in STEPS:
            raise RuntimeError(f"step {name!r} registered twice")
        STEPS[name] = fn
        return fn

    return deco


def decision(kind: DecisionKind, options: OptionsFn) -> Callable[[ApplyFn], ApplyFn]:
    if not isinstance(kind, DecisionKind) or kind is DecisionKind.BREW:
        raise TypeError(f"decision kind {kind!r} is not a registrable DecisionKind (add it to rules/kinds.py)")

    def deco(fn: ApplyFn) -> ApplyFn:
        if kind in DECISIONS:
            raise RuntimeError(f"decision {kind!r} registered twice")
        DECISIONS[kind] = (options, fn)
        return fn

    return deco


def chance(purpose: str) -> Callable[[ChanceFn], ChanceFn]:
    def deco(fn: ChanceFn) -> ChanceFn:
        if purpose in CHANCES:
            raise RuntimeError(f"chance purpose {purpose!r} registered twice")
        CHANCES[purpose] = fn
        return fn

    return deco


def check_complete() -> None:
    """Every member of the closed kinds has its implementation (run when the engine is imported)."""
    from .books import BOOK_KINDS
    from .fortunes import CARD_KINDS

    problems = [f"decision kind {k!r} has no registered handler" for k in REGISTERED_DECISIONS if k not in DECISIONS]
    problems += [f"book kind {k!r} has no effect class" for k in BookKind if k not in BOOK_KINDS]
    problems += [f"card kind {k!r} has no effect class" for k in CardKind if k not in CARD_KINDS]
    if problems:
        raise RuntimeError("incomplete engine: " + "; ".join(problems))
