"""Registries that connect data (step names, decision kinds, chance purposes) to behaviour.

Procedures register themselves here by name, so the agenda holds only plain data and a game can be
copied, saved and replayed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action
    from .game import Game
    from .state import Decision

StepFn = Callable[..., None]
OptionsFn = Callable[["Game", "Decision"], list["Action"]]
ApplyFn = Callable[["Game", "Decision", "Action"], None]
ChanceFn = Callable[["Game", Any, Any], None]

STEPS: dict[str, StepFn] = {}
DECISIONS: dict[str, tuple[OptionsFn, ApplyFn]] = {}
CHANCES: dict[str, ChanceFn] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    def deco(fn: StepFn) -> StepFn:
        if name in STEPS:
            raise RuntimeError(f"step {name!r} registered twice")
        STEPS[name] = fn
        return fn

    return deco


def decision(kind: str, options: OptionsFn) -> Callable[[ApplyFn], ApplyFn]:
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
