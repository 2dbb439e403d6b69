"""The rules hash: one SHA-256 over the rules data a game plays with, so two computers can tell they agree.

A match played across computers (issue 21) needs the host and every client to play the same books, fortune
cards and board. The hash covers every file the catalogue is built from (``loader.FILES``: the books, the fortune
cards, the pot, the scoring track, the bonus die, the test tubes, the rounds and the chips; not the translations
nor the guided game's script), read through the same guarded reader as the loader, and hashes what was *parsed*,
written canonically: a comment, the spacing or the order of keys in a file changes nothing, a number does.

Canonical form: one JSON object from each file's name (``books/blue.yaml``) to its data, every mapping written
as an object whose keys are the JSON texts of the YAML keys (``"1"`` for the number 1, ``"\\"kind\\""`` for the
text "kind": a number and a text never collide), keys sorted, no spaces, ASCII only.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path

from ..resources import data_dir
from ..rules.params import Errors
from .loader import FILES, DataLoadError, read_yaml

_CACHE: dict[str, str] = {}


def _canonical(value: object) -> object:
    """``value`` (parsed YAML) as plain JSON data with unambiguous text keys (see the module's docstring)."""
    if isinstance(value, Mapping):
        return {_key(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, datetime.date):  # YAML reads an unquoted 2024-01-01 as a date
        return {"date": value.isoformat()}
    raise ValueError(f"the rules data holds a value JSON cannot write ({type(value).__name__})")


def _key(key: object) -> str:
    if isinstance(key, datetime.date):
        key = key.isoformat()
    return json.dumps(key, ensure_ascii=True, allow_nan=False)


def rules_hash_of(files: Mapping[str, object]) -> str:
    """The hash of parsed rules data: file name -> what its YAML holds."""
    text = json.dumps({name: _canonical(data) for name, data in files.items()}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def rules_hash(folder: Path | str | None = None) -> str:
    """The hash of the rules data in ``folder`` (the game's own data if None: worked out once per process).

    Raises DataLoadError naming the file if one cannot be read (the loader would refuse it too)."""
    root = Path(folder) if folder is not None else data_dir()
    key = str(root.resolve())
    if folder is None and key in _CACHE:
        return _CACHE[key]
    files: dict[str, object] = {}
    for rel in FILES:
        errors = Errors(f"data/{rel}")
        files[rel] = read_yaml(root / rel, errors)
        if errors:
            raise DataLoadError(errors.items)
    out = rules_hash_of(files)
    if folder is None:
        _CACHE[key] = out
    return out


__all__ = ["rules_hash", "rules_hash_of"]
