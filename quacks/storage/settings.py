"""The player's settings, kept as ``settings.json`` in the config folder.

Loading never fails: unknown keys are ignored and wrong values replaced by their defaults, each with a
note for the player; a bad file is kept aside and the backup or the defaults are used.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from pathlib import Path

from ..i18n import LANGUAGES, N_, _
from ..names import bad_character
from ..resources import ReadError, read_bytes
from . import paths
from .files import (
    ASIDE_MARK,
    MAX_BYTES,
    JsonObject,
    Loaded,
    StorageError,
    check_document,
    load_json,
    write_bytes_new,
    write_json,
)
from .paths import Base

SCHEMA = 1
PACES = ("slow", "normal", "fast", "instant")
UI_SCALE_RANGE = (100, 200)
WHAT = N_("settings")


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
    language: str = ""  # "" follows the system's language; else "en", "de" or "nl" (quacks.i18n.LANGUAGES)
    last_setup: JsonObject | None = None  # the last new-game choices, as plain data
    last_online_setup: JsonObject | None = None  # the last hosted game's choices (issue 22), as plain data
    #: the game on another computer this computer joined and has not seen end (issue 33: "Rejoin" on the title after
    #: a crash): {"host", "port", "secret", "players": [[name, colour]]}, as plain data
    joined_game: JsonObject | None = None
    relay: str = ""  # the relay the host last opened a game on (issue 33 §4: friends anywhere), host:port
    window_size: tuple[int, int] | None = None  # the window's size and place when the game last closed
    window_pos: tuple[int, int] | None = None

    def to_data(self) -> JsonObject:
        """The file's content (with the schema version)."""
        return {"schema": SCHEMA, **asdict(self)}

    @staticmethod
    def from_data(d: Mapping[str, object]) -> tuple[Settings, list[str]]:
        """Settings from a mapping: unknown keys ignored, wrong values defaulted, each with a note."""
        notes: list[str] = []
        default = Settings()
        settings = Settings()
        known = {f.name for f in fields(Settings)}
        for key in d:
            if key not in known and key != "schema":
                notes.append(_("Setting {name} is unknown and was ignored.").format(name=repr(str(key)[:40])))
        for f in fields(Settings):
            if f.name not in d:
                continue
            value = d[f.name]
            ok, clean = _check(f.name, value)
            if ok:
                setattr(settings, f.name, clean)
            else:
                notes.append(_("Setting {name} cannot be {value} ({expected}); the default {default} is used.").format(
                    name=repr(f.name), value=_show(value), expected=_expect(f.name),
                    default=repr(getattr(default, f.name))))
        return settings, notes

    def validated(self) -> tuple[Settings, list[str]]:
        """A copy with every wrong value replaced by its default, and the notes."""
        return Settings.from_data(asdict(self))


def _show(value: object) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _expect(name: str) -> str:
    if name == "pace":
        return _("one of {values}").format(values=", ".join(PACES))
    if name == "volume":
        return _("a number from 0 to 1")
    if name == "ui_scale":
        return _("a whole percent from {low} to {high}").format(low=UI_SCALE_RANGE[0], high=UI_SCALE_RANGE[1])
    if name in ("last_setup", "last_online_setup", "joined_game"):
        return _("an object or null, without control characters in its names")
    if name == "language":
        return _("\"\" (the system's language) or one of {values}").format(values=", ".join(LANGUAGES))
    if name in ("window_size", "window_pos"):
        return _("two whole numbers, or null")
    if name == "relay":
        return _("an address such as relay.example.org:47480, or \"\"")
    return _("true or false")


def _plain(x: object, depth: int = 0) -> bool:
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


def _has_bad_text(x: object) -> bool:
    """True if any text (or key) inside ``x`` holds a control or invisible formatting character."""
    stack: list[object] = [x]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if bad_character(v) is not None:
                return True
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return False


def _check(name: str, v: object) -> tuple[bool, object]:
    """(ok, clean value). Never raises, whatever ``v`` is (a number too large for a float included)."""
    try:
        return _check_value(name, v)
    except (ArithmeticError, ValueError, TypeError, RecursionError):
        return False, None


def _check_value(name: str, v: object) -> tuple[bool, object]:
    if name == "pace":
        return (v in PACES if isinstance(v, str) else False), v
    if name == "volume":
        if isinstance(v, bool) or not isinstance(v, int | float):
            return False, None
        if isinstance(v, int) and not 0 <= v <= 1:  # compared as a whole number: 10**400 is no float
            return False, None
        if not math.isfinite(v) or not 0 <= v <= 1:
            return False, None
        return True, float(v)
    if name == "ui_scale":
        if type(v) is float and v.is_integer():
            v = int(v)
        if type(v) is not int or not UI_SCALE_RANGE[0] <= v <= UI_SCALE_RANGE[1]:
            return False, None
        return True, v
    if name == "language":
        return (isinstance(v, str) and (v == "" or v in LANGUAGES)), v
    if name == "relay":  # an address as typed: printable ASCII, one line, short
        return (isinstance(v, str) and len(v) <= 80 and v.isascii() and (v == "" or v.isprintable())), v
    if name in ("window_size", "window_pos"):
        if v is None:
            return True, None
        if (isinstance(v, list | tuple) and len(v) == 2 and all(type(n) is int and -100_000 < n < 100_000 for n in v)
                and (name == "window_pos" or all(n > 0 for n in v))):
            return True, (v[0], v[1])
        return False, None
    if name in ("last_setup", "last_online_setup", "joined_game"):
        if v is None:
            return True, None
        if isinstance(v, dict) and _plain(v) and not _has_bad_text(v):
            return True, json.loads(json.dumps(v))  # an independent plain copy
        return False, None
    return type(v) is bool, v


def _validate(obj: object) -> JsonObject:
    return check_document(obj, kind=None, current=SCHEMA)[0]


def load_settings(base: Base = None) -> tuple[Settings, list[str]]:
    """The saved settings (defaults if none) and notes for the player about anything that was wrong.

    Never raises. A value that cannot be used is replaced by its default with a note, and the file as it
    was is kept as ``settings.json.corrupt-<time>`` before the game writes the corrected settings over it.
    """
    try:
        return _load_settings(base)
    except Exception as e:  # noqa: BLE001 - documented never to fail: defaults, and a note saying why
        return Settings(), [_("The settings could not be read ({problem}); defaults are used.").format(
            problem=f"{type(e).__name__}: {e}")]


def _load_settings(base: Base) -> tuple[Settings, list[str]]:
    path = paths.settings_path(base)
    loaded: Loaded[JsonObject] = load_json(path, _validate, what=WHAT)
    notes = loaded.notes
    if loaded.value is None:
        if loaded.problems:
            notes.append(_("Default settings are used."))
        return Settings(), notes
    settings, value_notes = Settings.from_data(loaded.value)
    if value_notes and loaded.path is not None:
        kept = keep_copy(loaded.path)
        if kept is not None:
            value_notes.append(_("The settings file as it was is kept as {name} in {folder}.").format(
                name=kept.name, folder=kept.parent))
    return settings, notes + value_notes


def keep_copy(path: Path) -> Path | None:
    """Copy ``path`` to ``<name>.corrupt-<time>`` beside it (once: not again if such a copy is the same).

    The corrected settings are written over the file later; the copy keeps what the player had.
    """
    try:
        data = read_bytes(path, limit=MAX_BYTES)
    except ReadError:
        return None
    try:
        for other in path.parent.glob(path.name + ASIDE_MARK + "*"):
            try:
                if other.is_file() and read_bytes(other, limit=MAX_BYTES) == data:
                    return other
            except ReadError:
                continue
        stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
        for n in range(100):
            target = path.with_name(f"{path.name}{ASIDE_MARK}{stamp}" + (f"-{n}" if n else ""))
            try:
                write_bytes_new(target, data, "settings copy")
            except StorageError as e:
                if e.kind == "exists":
                    continue
                return None
            return target
    except OSError:
        return None
    return None


def save_settings(settings: Settings, base: Base = None) -> list[str]:
    """Write the settings (wrong values written as their defaults); notes about anything replaced or kept.

    Raises StorageError if the file cannot be written.
    """
    clean, notes = settings.validated()
    reports = write_json(paths.settings_path(base), clean.to_data(), what=WHAT, validate_old=_validate)
    return [r.message for r in reports] + notes
