"""The player's settings, kept as ``settings.json`` in the config folder.

Loading never fails: unknown keys are ignored and wrong values replaced by their defaults, each with a
note for the player; a bad file is kept aside and the backup or the defaults are used.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields
from typing import Any

from . import paths
from .files import BadDataError, Loaded, check_document, load_json, write_json
from .paths import Base

SCHEMA = 1
PACES = ("slow", "normal", "fast", "instant")
UI_SCALE_RANGE = (100, 200)
WHAT = "settings"


@dataclass
class Settings:
    """Every setting of the table, with its default."""

    pace: str = "normal"  # bots' pace: slow, normal, fast, instant
    show_risk: bool = False  # show each seat's chance that the next draw explodes
    reduced_motion: bool = False
    volume: float = 0.7  # 0..1
    mute: bool = False
    ui_scale: int = 100  # percent, 100..200
    colour_blind: bool = False
    fullscreen: bool = False
    sequential_brewing: bool = False  # the house rule's default for new games
    last_setup: dict[str, Any] | None = None  # the last new-game choices, as plain data

    def to_data(self) -> dict[str, Any]:
        """The file's content (with the schema version)."""
        return {"schema": SCHEMA, **asdict(self)}

    @staticmethod
    def from_data(d: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a mapping: unknown keys ignored, wrong values defaulted, each with a note."""
        notes: list[str] = []
        default = Settings()
        values: dict[str, Any] = {}
        known = {f.name for f in fields(Settings)}
        for key in d:
            if key not in known and key != "schema":
                notes.append(f"Setting {str(key)[:40]!r} is unknown and was ignored.")
        for f in fields(Settings):
            if f.name not in d:
                continue
            value = d[f.name]
            ok, clean = _check(f.name, value)
            if ok:
                values[f.name] = clean
            else:
                notes.append(f"Setting {f.name!r} cannot be {_show(value)} ({_expect(f.name)}); "
                             f"the default {getattr(default, f.name)!r} is used.")
        return Settings(**values), notes

    def validated(self) -> tuple[Settings, list[str]]:
        """A copy with every wrong value replaced by its default, and the notes."""
        return Settings.from_data(asdict(self))


def _show(value: Any) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _expect(name: str) -> str:
    if name == "pace":
        return "one of " + ", ".join(PACES)
    if name == "volume":
        return "a number from 0 to 1"
    if name == "ui_scale":
        return f"a whole percent from {UI_SCALE_RANGE[0]} to {UI_SCALE_RANGE[1]}"
    if name == "last_setup":
        return "an object or null"
    return "true or false"


def _plain(x: Any, depth: int = 0) -> bool:
    """True for plain JSON data (objects with string keys, lists, strings, finite numbers, booleans, null)."""
    if depth > 30:
        return False
    if x is None or isinstance(x, bool | str):
        return True
    if isinstance(x, int):
        return True
    if isinstance(x, float):
        return math.isfinite(x)
    if isinstance(x, list | tuple):
        return all(_plain(v, depth + 1) for v in x)
    if isinstance(x, dict):
        return all(isinstance(k, str) and _plain(v, depth + 1) for k, v in x.items())
    return False


def _check(name: str, v: Any) -> tuple[bool, Any]:
    if name == "pace":
        return (v in PACES if isinstance(v, str) else False), v
    if name == "volume":
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or not 0 <= v <= 1:
            return False, None
        return True, float(v)
    if name == "ui_scale":
        if type(v) is float and v.is_integer():
            v = int(v)
        if type(v) is not int or not UI_SCALE_RANGE[0] <= v <= UI_SCALE_RANGE[1]:
            return False, None
        return True, v
    if name == "last_setup":
        if v is None:
            return True, None
        if isinstance(v, dict) and _plain(v):
            return True, json.loads(json.dumps(v))  # an independent plain copy
        return False, None
    return type(v) is bool, v


def _validate(obj: Any) -> dict[str, Any]:
    check_document(obj, kind=None, current=SCHEMA)
    if not isinstance(obj, dict):  # pragma: no cover - check_document ensures it
        raise BadDataError("not an object")
    return obj


def load_settings(base: Base = None) -> tuple[Settings, list[str]]:
    """The saved settings (defaults if none) and notes for the player about anything that was wrong."""
    loaded: Loaded[dict[str, Any]] = load_json(paths.settings_path(base), _validate, what=WHAT)
    notes = loaded.notes
    if loaded.value is None:
        if loaded.problems:
            notes.append("Default settings are used.")
        return Settings(), notes
    settings, value_notes = Settings.from_data(loaded.value)
    return settings, notes + value_notes


def save_settings(settings: Settings, base: Base = None) -> list[str]:
    """Write the settings (wrong values written as their defaults); notes about anything replaced or kept.

    Raises StorageError if the file cannot be written.
    """
    clean, notes = settings.validated()
    reports = write_json(paths.settings_path(base), clean.to_data(), what=WHAT, validate_old=_validate)
    return [r.message for r in reports] + notes
