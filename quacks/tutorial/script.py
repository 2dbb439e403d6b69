"""The guided game's script: data/tutorial.yaml read through the careful reader and checked, every problem
named with the file and the step (an unknown trigger, target or wait is an error, never ignored)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from ..content.yamlfile import YamlFileError, load_yaml
from ..rules.kinds import DecisionKind, EventKind, Phase
from .triggers import PARAMS, WHO, Trigger, When


class Target(Enum):
    """What a step points at on the table."""

    POT = "pot"
    FUSE = "fuse"
    SCORING = "scoring"
    RUBIES = "rubies"
    FLASK = "flask"
    BAG = "bag"
    DRAW = "draw"
    STOP = "stop"
    FLASK_BUTTON = "flask-button"
    CONTROLS = "controls"
    SHOP = "shop"
    DIE = "die"
    CARD = "card"
    TRACK = "track"
    ROUNDS = "rounds"
    BOOKS = "books"
    OTHERS = "others"


class Wait(Enum):
    OK = "ok"  # the game waits until the player says "Got it"
    ACT = "act"  # the coach waits for the player's next choice


@dataclass(frozen=True)
class Step:
    id: str
    when: When
    target: Target
    wait: Wait
    text: str


@dataclass(frozen=True)
class Script:
    seed: int
    books: int
    you: str
    opponent: str
    level: str
    steps: tuple[Step, ...]


class ScriptError(Exception):
    """The script cannot be used; the message names the file and every problem."""


def _enum(cls: Any, value: Any, where: str, problems: list[str]) -> Any:
    try:
        return cls(value)
    except ValueError:
        names = ", ".join(str(m.value) for m in cls)
        problems.append(f"{where}: unknown {cls.__name__.lower()} {value!r} (one of: {names})")
        return None


def _when(raw: Any, where: str, problems: list[str]) -> When | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{where}.when must be a mapping with a kind")
        return None
    kind = _enum(Trigger, raw.get("kind"), f"{where}.when", problems)
    if kind is None:
        return None
    params = {k: v for k, v in raw.items() if k != "kind"}
    allowed = PARAMS[kind]
    for k in params:
        if k not in allowed:
            problems.append(f"{where}.when: {kind.value} takes {', '.join(allowed) or 'nothing'}, not {k!r}")
    for k in allowed:
        if k not in params and not (k == "who"):
            problems.append(f"{where}.when: {kind.value} needs {k!r}")
    checks = {"decision": DecisionKind, "event": EventKind, "phase": Phase}
    for k, cls in checks.items():
        if k in params:
            _enum(cls, params[k], f"{where}.when.{k}", problems)
    if "who" in params and params["who"] not in WHO:
        problems.append(f"{where}.when.who must be one of {', '.join(WHO)}")
    for k in ("at_least", "n"):
        if k in params and (type(params[k]) is not int or not 0 <= params[k] <= 100):
            problems.append(f"{where}.when.{k} must be a whole number from 0 to 100")
    return When(kind, params)


def parse_script(data: Any, source: str = "tutorial.yaml") -> Script:
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise ScriptError(f"{source}: must be a mapping with game and steps")
    game: Mapping[str, Any] = data["game"] if isinstance(data.get("game"), Mapping) else {}
    opp: Mapping[str, Any] = game["opponent"] if isinstance(game.get("opponent"), Mapping) else {}
    from ..ai.levels import LEVELS

    level = str(opp.get("level", "easy"))
    if level not in LEVELS:
        problems.append(f"game.opponent.level: unknown level {level!r}")
    steps: list[Step] = []
    ids: set[str] = set()
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        problems.append("steps must be a list of steps")
        raw_steps = []
    for i, raw in enumerate(raw_steps):
        where = f"steps[{i}]"
        if not isinstance(raw, Mapping):
            problems.append(f"{where} must be a mapping")
            continue
        sid = str(raw.get("id", ""))
        where = f"step {sid or i}"
        if not sid or sid in ids:
            problems.append(f"{where}: every step needs its own id")
        ids.add(sid)
        when = _when(raw.get("when"), where, problems)
        target = _enum(Target, raw.get("target"), f"{where}.target", problems)
        wait = _enum(Wait, raw.get("wait"), f"{where}.wait", problems)
        text = raw.get("text")
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{where}: needs a text")
        if when is not None and target is not None and wait is not None and isinstance(text, str):
            steps.append(Step(sid, when, target, wait, " ".join(text.split())))
    for st in steps:
        if st.when.kind is Trigger.AFTER and st.when.params.get("step") not in ids:
            problems.append(f"step {st.id}: after names no step {st.when.params.get('step')!r}")
    seed = game.get("seed", 1)
    if type(seed) is not int or not 0 <= seed < 2**62:
        problems.append("game.seed must be a whole number")
    if problems:
        raise ScriptError(f"{source}: " + "; ".join(problems))
    return Script(int(seed), int(game.get("books", 1)), str(game.get("you", "You")), str(opp.get("name", "Hildegard")),
                  level, tuple(steps))


def load_script(path: str | Path | None = None) -> Script:
    """The guided game's script (data/tutorial.yaml unless ``path``); ScriptError names the file and why."""
    if path is None:
        from ..resources import data_dir

        path = data_dir() / "tutorial.yaml"
    try:
        data = load_yaml(path)
    except YamlFileError as e:
        raise ScriptError(f"{path} {e.problem}") from None
    return parse_script(data, str(path))


def tutorial_steps(data: str | Path | None = None) -> list[Step]:
    """The guided game's steps of a data folder (the game's own if None; none if its script cannot be read)."""
    try:
        return list(load_script(None if data is None else Path(data) / "tutorial.yaml").steps)
    except ScriptError:
        return []
