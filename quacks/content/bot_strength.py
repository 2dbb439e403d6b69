"""The bots' measured strength (issue 23): how each level of the ladder fares against the level below it.

``data/bot_strength.yaml`` is written by a measuring command (``format_strength`` renders it, the storage's
``write_strength`` writes it), never by hand. It holds, for each level after the first, the level below it, the
number of games, the head-to-head win rate (a shared win counts its share), its 95% interval and the command that
measured it; an entry not measured yet says ``measured: false`` and is never shown to players. The new-game screen
reads it through :func:`load_strength`; a missing or damaged file is one :class:`StrengthError` naming the file,
and the screen shows no strength then. This module only reads and renders (``content`` knows no bot: the caller
passes the ladder's levels to check the names against).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..resources import data_dir
from .yamlfile import YamlFileError, load_yaml

STRENGTH_FILE = "bot_strength.yaml"
MAX_GAMES = 100_000_000  # more than any measurement runs; a larger count is a mistake in the file
NAME = re.compile(r"[a-z][a-z0-9_-]{0,30}")  # a level's name
KEYS = ("against", "games", "win_rate", "ci95", "measured", "command")
HEADER = ("# The bots' strength (issue 23): for each level of the ladder after the first, how it fares head to head\n"
          "# against the level below it: games, win rate (a shared win counts its share), its 95% interval and the\n"
          "# command that measured it. The new-game screen shows the entries with measured: true.\n"
          "# WRITTEN BY A MEASURING COMMAND (quacks.storage.bot_strength.write_strength), NOT BY HAND.\n")


@dataclass(frozen=True)
class Strength:
    """One level's measured strength against the level below it."""

    level: str
    against: str
    games: int
    win_rate: float  # 0..1, a shared win counting its share
    low: float  # the 95% interval of ``win_rate``
    high: float
    measured: bool  # False: a placeholder, never shown to players
    command: str  # what measured it (or will)


class StrengthError(Exception):
    """The strength file cannot be used: ``str(error)`` is one sentence naming the file; ``missing`` if absent."""

    def __init__(self, message: str, *, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing


def strength_path() -> Path:
    """The game's own strength file, ``data/bot_strength.yaml``."""
    return data_dir() / STRENGTH_FILE


def _number(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{where} must be a number, not {value!r}"[:200])
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{where} must be between 0 and 1, not {value}")
    return float(value)


def _entry(level: str, raw: object, ladder: Sequence[str] | None) -> Strength:
    """One level's entry, checked; ValueError saying what is wrong (without the file's name)."""
    where = f"levels.{level}"
    if not isinstance(raw, dict):
        raise ValueError(f"{where} must be a mapping of {', '.join(KEYS)}")
    missing = [k for k in KEYS if k not in raw]
    unknown = sorted(str(k) for k in raw if k not in KEYS)
    if missing or unknown:
        raise ValueError(f"{where}: " + "; ".join(
            ([f"missing {', '.join(missing)}"] if missing else []) + ([f"unknown {', '.join(unknown)}"] if unknown
                                                                      else [])))
    against, games, measured, command = raw["against"], raw["games"], raw["measured"], raw["command"]
    if not isinstance(against, str) or not NAME.fullmatch(against):
        raise ValueError(f"{where}.against must be a level's name (small letters)")
    if ladder is not None:
        if level not in ladder[1:]:
            raise ValueError(f"{where}: {level!r} is not a level after the first of the ladder ({', '.join(ladder)})")
        below = ladder[ladder.index(level) - 1]
        if against != below:
            raise ValueError(f"{where}.against must be the level below it, {below!r}, not {against!r}")
    if isinstance(games, bool) or not isinstance(games, int) or not 0 <= games <= MAX_GAMES:
        raise ValueError(f"{where}.games must be a whole number from 0 to {MAX_GAMES:,}")
    if not isinstance(measured, bool):
        raise ValueError(f"{where}.measured must be true or false")
    if not isinstance(command, str) or not command.strip() or len(command) > 500:
        raise ValueError(f"{where}.command must be the command that measures it (one line, under 500 characters)")
    rate = _number(raw["win_rate"], f"{where}.win_rate")
    ci = raw["ci95"]
    if not isinstance(ci, list) or len(ci) != 2:
        raise ValueError(f"{where}.ci95 must be a list of two numbers, [low, high]")
    low, high = _number(ci[0], f"{where}.ci95[0]"), _number(ci[1], f"{where}.ci95[1]")
    if measured and games < 1:
        raise ValueError(f"{where}: a measured level needs at least one game")
    if measured and not low <= rate <= high:
        raise ValueError(f"{where}: the interval [{low}, {high}] must hold the win rate {rate}")
    return Strength(level, against, games, rate, low, high, measured, " ".join(command.split()))


def parse_strength(data: object, ladder: Sequence[str] | None = None) -> dict[str, Strength]:
    """The entries of a strength file's data by level; ValueError saying what is wrong. With ``ladder`` (the levels,
    weakest first), each entry must be a level after the first and name the level below it."""
    if not isinstance(data, dict) or set(data) != {"levels"}:
        raise ValueError("must be a mapping with one key, levels")
    levels = data["levels"]
    if not isinstance(levels, dict):
        raise ValueError("levels must be a mapping from a level's name to its entry")
    out: dict[str, Strength] = {}
    for level, raw in levels.items():
        if not isinstance(level, str) or not NAME.fullmatch(level):
            raise ValueError(f"levels: {level!r} is not a level's name (small letters)"[:200])
        out[level] = _entry(level, raw, ladder)
    return out


def load_strength(path: Path | None = None, ladder: Sequence[str] | None = None) -> dict[str, Strength]:
    """The strength file's entries by level (the game's own file if ``path`` is None), read through the guarded
    YAML reader; StrengthError, one sentence naming the file, if it is missing or cannot be used."""
    path = path if path is not None else strength_path()
    try:
        return parse_strength(load_yaml(path), ladder)
    except YamlFileError as e:
        raise StrengthError(f"The bots' strength file {path.name} {e.problem}.", missing=e.missing) from None
    except ValueError as e:
        raise StrengthError(f"The bots' strength file {path.name} is damaged: {e}.") from None


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML string


def format_strength(entries: Iterable[Strength]) -> str:
    """The text of a strength file holding ``entries`` (in their order), with the header that says a command
    wrote it; ``parse_strength`` reads it back to the same entries."""
    lines = [HEADER.rstrip("\n"), "levels:"]
    for s in entries:
        if not (NAME.fullmatch(s.level) and NAME.fullmatch(s.against)):
            raise ValueError(f"not a level's name: {s.level!r} or {s.against!r}")
        lines += [f"  {s.level}:", f"    against: {s.against}", f"    games: {s.games}",
                  f"    win_rate: {s.win_rate:.4f}", f"    ci95: [{s.low:.4f}, {s.high:.4f}]",
                  f"    measured: {'true' if s.measured else 'false'}", f"    command: {_quoted(s.command)}"]
    return "\n".join(lines) + "\n"


def shown_strength(entries: Mapping[str, Strength]) -> dict[str, Strength]:
    """The entries players are shown: the measured ones."""
    return {level: s for level, s in entries.items() if s.measured}


__all__ = ["STRENGTH_FILE", "Strength", "StrengthError", "format_strength", "load_strength", "parse_strength",
           "shown_strength", "strength_path"]
