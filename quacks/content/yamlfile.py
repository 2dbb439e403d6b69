"""Reading one YAML file (game data or a scenario) without ever hanging, crashing or filling the memory.

Every YAML file goes through :func:`load_yaml`: the careful reader of ``quacks.resources`` (regular files
only, a size cap), then a pass over the parser's events that refuses what no Quacks file needs and what
could make loading explode (anchors and aliases, which can multiply a small file a billion times; nesting
deeper than ``MAX_DEPTH``; scalars longer than ``MAX_SCALAR``), and only then the safe loader. Any problem,
whatever exception the parser raises, becomes a :class:`YamlFileError` whose text says where and what to do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from ..names import describe_character, printable
from ..resources import ReadError, read_bytes

try:  # libyaml is 9-11 times faster (tooling.md); never an unsafe loader
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

MAX_BYTES = 1024 * 1024  # the largest data file is a few kilobytes
MAX_DEPTH = 32
MAX_SCALAR = 20_000  # characters in one value (a long rule text is under 2,000)
MAX_NODES = 200_000


class YamlFileError(Exception):
    """A YAML file that cannot be used; ``problem`` is a sentence without the file name, ``missing`` if absent."""

    def __init__(self, problem: str, *, missing: bool = False) -> None:
        self.problem = printable(problem)  # a parser may quote the bad character itself
        self.missing = missing
        super().__init__(problem)


def _where(mark: Any) -> str:
    if mark is None:
        return ""
    return f" at line {mark.line + 1}, column {mark.column + 1}"


def _check_events(text: str) -> None:
    """Refuse aliases, deep nesting and huge scalars before anything is built from the text."""
    depth = 0
    nodes = 0
    for ev in yaml.parse(text, Loader=_Loader):
        if isinstance(ev, yaml.AliasEvent) or getattr(ev, "anchor", None):
            raise YamlFileError(f"uses an anchor or alias (& or *){_where(ev.start_mark)}; Quacks files write "
                                "every value out in full")
        if isinstance(ev, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise YamlFileError(f"is nested more than {MAX_DEPTH} levels deep{_where(ev.start_mark)}")
        elif isinstance(ev, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            depth -= 1
        elif isinstance(ev, yaml.ScalarEvent) and len(ev.value) > MAX_SCALAR:
            raise YamlFileError(f"has a value of {len(ev.value)} characters{_where(ev.start_mark)} "
                                f"(at most {MAX_SCALAR})")
        nodes += 1
        if nodes > MAX_NODES:
            raise YamlFileError(f"has more than {MAX_NODES} values; it is not a Quacks file")


def parse_yaml(text: str) -> Any:
    """The data in a YAML text, or YamlFileError saying where and why it cannot be read."""
    try:
        _check_events(text)
        return yaml.load(text, Loader=_Loader)
    except YamlFileError:
        raise
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        if "nesting depth" in (e.problem or ""):  # libyaml 0.2.5+ (PyYAML 6.0.4) stops deep flows in its scanner
            raise YamlFileError(f"is nested more than {MAX_DEPTH} levels deep{_where(mark)}") from None
        problem = e.problem or e.context or "a syntax error"
        raise YamlFileError(f"is not valid YAML{_where(mark)}: {problem}; check the indentation and quotes "
                            "there") from None
    except yaml.YAMLError as e:
        raise YamlFileError(f"is not valid YAML ({_short(e)})") from None
    except RecursionError:
        raise YamlFileError(f"is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except MemoryError:
        raise YamlFileError("is too big to load") from None
    except ValueError as e:  # e.g. an integer of thousands of digits
        raise YamlFileError(f"has a value that cannot be read ({_short(e)}); use an ordinary number or text") from None
    except Exception as e:  # noqa: BLE001 - whatever the parser raises, the player gets a sentence
        raise YamlFileError(f"cannot be read ({type(e).__name__}: {_short(e)})") from None


def load_yaml(path: str | Path, *, limit: int = MAX_BYTES) -> Any:
    """The data in the YAML file ``path`` (through the careful reader); YamlFileError on any problem."""
    try:
        raw = read_bytes(path, limit=limit)
    except ReadError as e:
        raise YamlFileError(e.problem, missing=e.kind == "missing") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise YamlFileError(f"is not UTF-8 text (bad byte at position {e.start}); save it as UTF-8") from None
    for ch in ("\x00",):
        if ch in text:
            line = text.count("\n", 0, text.index(ch)) + 1
            raise YamlFileError(f"holds {describe_character(ch)} at line {line}; it is not a text file")
    return parse_yaml(text)


def _short(e: BaseException, n: int = 200) -> str:
    text = str(e) or type(e).__name__
    return text if len(text) <= n else text[: n - 3] + "..."


__all__ = ["MAX_BYTES", "MAX_DEPTH", "YamlFileError", "load_yaml", "parse_yaml"]
