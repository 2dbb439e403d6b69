"""Registries that connect data (step names, decision kinds, chance purposes) to behaviour.

Procedures register themselves here by name, so the agenda holds only plain data and a game can be
copied, saved and replayed. Decisions are keyed by the closed ``DecisionKind`` (kinds.py); the book and
card effect classes register themselves by ``BookKind`` / ``CardKind`` (books.py, fortunes.py).
``check_complete`` fails loudly if a member of those enums has no handler or class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from .kinds import REGISTERED_DECISIONS, BookKind, CardKind, DecisionKind

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action
    from .game import Game
    from .state import Chance, Decision

K = TypeVar("K")
F = TypeVar("F")
StepFn = Callable[..., None]
OptionsFn = Callable[["Game", "Decision"], list["Action"]]
ApplyFn = Callable[["Game", "Decision", "Action"], None]
ChanceFn = Callable[["Game", "Chance", Any], None]  # the outcome: a Chip, a tuple of Chips, or an id

STEPS: dict[str, StepFn] = {}
DECISIONS: dict[DecisionKind, tuple[OptionsFn, ApplyFn]] = {}
CHANCES: dict[str, ChanceFn] = {}


def filed_in(table: dict[K, F], key: K, what: str) -> Callable[[F], F]:
    """A decorator that files what it decorates in ``table`` under ``key``; a second one for the same key is a
    loud error naming ``what`` (here and for the wording's tables: ``wording.beats``, ``wording.events``)."""

    def deco(fn: F) -> F:
        if key in table:
            raise RuntimeError(f"{what} registered twice")
        table[key] = fn
        return fn

    return deco


def step(name: str) -> Callable[[StepFn], StepFn]:
    return filed_in(STEPS, name, f"step {name!r}")


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
    return filed_in(CHANCES, purpose, f"chance purpose {purpose!r}")


def check_complete() -> None:
    """Every member of the closed kinds has its implementation (run when the engine is imported)."""
    from .books import BOOK_KINDS
    from .fortunes import CARD_KINDS

    problems = [f"decision kind {k!r} has no registered handler" for k in REGISTERED_DECISIONS if k not in DECISIONS]
    problems += [f"book kind {k!r} has no effect class" for k in BookKind if k not in BOOK_KINDS]
    problems += [f"card kind {k!r} has no effect class" for k in CardKind if k not in CARD_KINDS]
    if problems:
        raise RuntimeError("incomplete engine: " + "; ".join(problems))
