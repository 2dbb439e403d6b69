"""The figure groups of ``python -m quacks bench``: what a group is, its targets, the registry the group
modules (``bench.py``'s display and memory, ``bench_engine.py``, ``bench_storage.py``) add themselves to, and
the one way a group reads the figures of a measurement run in a process of its own.

A new group: a function taking :class:`Options` and returning a dict of figures (nested as you like),
registered with ``@group("name", targets=[Target("a.b", "<=", 8.0, "what it is"), ...])``; a target's key is
the dotted path of its figure in that dict. This module imports nothing of the game, so every group module
and the command (``bench.py``) stand above it.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

Figures = dict[str, object]  # a group's figures: JSON-shaped, nested dicts of numbers, texts and lists


@dataclass(frozen=True)
class Target:
    """A figure's target: ``key`` (dotted path in the group's dict) ``op`` (``<=`` or ``>=``) ``limit``."""

    key: str
    op: str
    limit: float
    what: str = ""

    def met(self, value: object) -> bool:
        if not isinstance(value, int | float) or isinstance(value, bool):
            return False
        return value <= self.limit if self.op == "<=" else value >= self.limit


@dataclass(frozen=True)
class Options:
    quick: bool = False
    say: Callable[[str], None] = lambda _: None  # progress lines (stderr unless --json)


@dataclass(frozen=True)
class Group:
    name: str
    run: Callable[[Options], Figures]
    targets: tuple[Target, ...] = field(default_factory=tuple)
    about: str = ""


GROUPS: dict[str, Group] = {}


def group(name: str, targets: Iterable[Target] = (), about: str = "") -> Callable[
        [Callable[[Options], Figures]], Callable[[Options], Figures]]:
    """Register a function as the figure group ``name``."""

    def register(fn: Callable[[Options], Figures]) -> Callable[[Options], Figures]:
        GROUPS[name] = Group(name, fn, tuple(targets), about or (fn.__doc__ or "").strip().split("\n")[0])
        return fn

    return register


def child_figures(r: subprocess.CompletedProcess[str]) -> Figures:
    """The figures a measuring process printed (its last line that is a JSON object), or ``{"error": [...]}``
    with the last line it wrote when it failed or printed none."""
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    if r.returncode == 0 and lines:
        figures = json.loads(lines[-1])
        if isinstance(figures, dict):
            return figures
    return {"error": (r.stderr or r.stdout).strip().splitlines()[-1:] or [f"exit {r.returncode}"]}
