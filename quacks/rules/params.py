"""Parameter schemas for effect kinds: how a YAML mapping becomes typed parameters.

Each effect kind (a book's chip action, a fortune card) declares its parameters with these specs. The
content loader uses them to validate data files and collect every error with its field path; the engine
gets the parsed values. Kept here, in the pure core, so the engine and the loader share one truth.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .chips import CHIP_BY_NAME, CHIP_NAMES, Chip


@dataclass(frozen=True)
class DataError:
    """One problem in a data file: where, what, and how to fix it."""

    file: str
    path: str
    message: str
    hint: str = ""

    def __str__(self) -> str:
        where = f"{self.file} {self.path}" if self.path else self.file
        if self.hint:  # "unknown effect kind 'x' in data/books/blue.yaml sets.1.effect.kind; did you mean 'y'?"
            return f"{self.message} in {where}{self.hint}"
        return f"{where}: {self.message}"


class Errors:
    """Collects data errors instead of stopping at the first (architecture: Tuxemon validators)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.items: list[DataError] = []

    def add(self, path: str, message: str, hint: str = "") -> None:
        self.items.append(DataError(self.file, path, message, hint))

    def __bool__(self) -> bool:
        return bool(self.items)


def suggest(name: str, valid: Sequence[str]) -> str:
    """"; did you mean 'x'?" for the nearest valid name, or a list of the valid names."""
    close = difflib.get_close_matches(str(name), list(valid), n=1, cutoff=0.5)
    if close:
        return f"; did you mean {close[0]!r}?"
    shown = ", ".join(repr(v) for v in list(valid)[:24])
    return f"; valid: {shown}"


def join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


# --- Rewards -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reward:
    """A bundle of gains: victory points, rubies, droplet steps and chips into the bag."""

    vp: int = 0
    rubies: int = 0
    droplet: int = 0
    chips: tuple[Chip, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.vp or self.rubies or self.droplet or self.chips)

REWARD_KEYS = ("vp", "rubies", "droplet", "chips")


# --- Param specs -----------------------------------------------------------------------------------------

#: reads a raw YAML value at a field path: the typed value, or a stand-in after adding what is wrong to the errors
Parser = Callable[[object, str, Errors], object]


@dataclass(frozen=True)
class Param:
    """One parameter: a parser that returns the typed value or adds errors."""

    parse: Parser
    doc: str
    required: bool = True
    default: object | None = None  # not a bare ``object``: mypyc cannot load a dataclass field of that type


_MISSING = object()


def parse_int(lo: int = 0, hi: int | None = None) -> Callable[[object, str, Errors], int]:
    def p(v: object, path: str, errors: Errors) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            errors.add(path, f"must be a whole number, not {v!r}")
            return lo
        if v < lo or (hi is not None and v > hi):
            rng = f"{lo}..{hi}" if hi is not None else f"{lo} or more"
            errors.add(path, f"must be {rng}, not {v}")
        return v

    return p


def parse_chip(v: object, path: str, errors: Errors) -> Chip | None:
    if not isinstance(v, str) or v not in CHIP_BY_NAME:
        errors.add(path, f"unknown chip {v!r}", suggest(str(v), CHIP_NAMES))
        return None
    return CHIP_BY_NAME[v]


def parse_chip_list(v: object, path: str, errors: Errors) -> tuple[Chip, ...]:
    if not isinstance(v, list):
        errors.add(path, f"must be a list of chips such as [blue-1, red-1], not {v!r}")
        return ()
    out = [parse_chip(x, join(path, i), errors) for i, x in enumerate(v)]
    return tuple(c for c in out if c is not None)


def parse_reward(v: object, path: str, errors: Errors) -> Reward:
    if v is None:
        return Reward()
    if not isinstance(v, Mapping):
        errors.add(path, f"must be a mapping with any of {', '.join(REWARD_KEYS)}, not {v!r}")
        return Reward()
    for k in v:
        if k not in REWARD_KEYS:
            errors.add(join(path, k), f"unknown reward {k!r}", suggest(str(k), REWARD_KEYS))
    return Reward(
        vp=parse_int()(v.get("vp", 0), join(path, "vp"), errors),
        rubies=parse_int()(v.get("rubies", 0), join(path, "rubies"), errors),
        droplet=parse_int()(v.get("droplet", 0), join(path, "droplet"), errors),
        chips=parse_chip_list(v.get("chips", []), join(path, "chips"), errors),
    )


def parse_list(item: Parser, min_len: int = 0, max_len: int | None = None) -> Parser:
    def p(v: object, path: str, errors: Errors) -> tuple[object, ...]:
        if not isinstance(v, list):
            errors.add(path, f"must be a list, not {v!r}")
            return ()
        if len(v) < min_len or (max_len is not None and len(v) > max_len):
            want = f"{min_len}" if max_len == min_len else f"{min_len}..{max_len or 'any'}"
            errors.add(path, f"must have {want} entries, has {len(v)}")
        return tuple(item(x, join(path, i), errors) for i, x in enumerate(v))

    return p


def parse_int_map(key_name: str = "count") -> Parser:
    """A mapping of whole numbers to whole numbers, e.g. ``{1: 1, 3: 2}`` (from N on, give M)."""

    def p(v: object, path: str, errors: Errors) -> tuple[tuple[int, int], ...]:
        if not isinstance(v, Mapping) or not v:
            errors.add(path, f"must be a mapping of {key_name} to a number, e.g. {{1: 1, 3: 2}}")
            return ()
        out = []
        for k, x in v.items():
            kk = parse_int(0)(k, join(path, k), errors)
            xx = parse_int(0)(x, join(path, k), errors)
            out.append((kk, xx))
        return tuple(sorted(out))

    return p


def parse_chip_choices(v: object, path: str, errors: Errors) -> tuple[tuple[Chip, tuple[Chip, ...]], ...]:
    """A mapping from a chip to the chips one may take for it: ``{green-2: [blue-1, red-1]}``."""
    if not isinstance(v, Mapping) or not v:
        errors.add(path, "must map a chip to a list of chips, e.g. {green-2: [blue-1, red-1]}")
        return ()
    out = []
    for k, x in v.items():
        c = parse_chip(k, join(path, k), errors)
        lst = parse_chip_list(x, join(path, k), errors)
        if c is not None:
            out.append((c, lst))
    return tuple(out)


def parse_text(v: object, path: str, errors: Errors) -> str:
    if not isinstance(v, str) or not v.strip():
        errors.add(path, "must be a non-empty text")
        return ""
    return " ".join(v.split())


@dataclass(frozen=True)
class Schema:
    """The parameters of one effect kind."""

    params: Mapping[str, Param] = field(default_factory=dict)

    def parse(self, data: Mapping[str, object], path: str, errors: Errors, skip: Sequence[str] = ()) -> dict[str, Any]:
        out: dict[str, Any] = {}  # each parameter as its parser made it (the effect reads its own)
        for key in data:
            if key in skip:
                continue
            if key not in self.params:
                valid = list(self.params) or ["(this kind takes no parameters)"]
                errors.add(join(path, key), f"unknown parameter {key!r}", suggest(str(key), valid))
        for name, spec in self.params.items():
            raw = data.get(name, _MISSING)
            if raw is _MISSING:
                if spec.required:
                    errors.add(join(path, name), f"missing parameter {name!r} ({spec.doc})")
                out[name] = spec.default
                continue
            out[name] = spec.parse(raw, join(path, name), errors)
        return out
