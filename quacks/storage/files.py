"""Safe writing and safe reading of JSON files: nothing is ever lost, only ``StorageError`` reaches the caller.

Writing (:func:`write_json`): the text goes to a temporary file in the same folder, is flushed and fsynced,
and ``os.replace`` puts it over the target. The previous file is first copied to ``<name>.bak`` (only if
it is itself a good file; a bad one is renamed aside instead, never overwritten).

Reading (:func:`load_json`): the file is read, parsed and validated. On any problem (missing when
required, unreadable, too large, not UTF-8, empty, truncated, not JSON, wrong structure, newer schema
version) the problem is reported as a :class:`StorageError` naming the file, the bad file is renamed to
``<name>.corrupt-<timestamp>`` (never overwritten or deleted) and ``<name>.bak`` is tried instead.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

T = TypeVar("T")

MAX_BYTES = 32 * 1024 * 1024  # no save of Quacks comes near this; a bigger file is not ours
BACKUP_SUFFIX = ".bak"
ASIDE_MARK = ".corrupt-"
TEMP_MARK = ".tmp-"
STALE_TEMP_SECONDS = 600.0

KINDS = ("missing", "unreadable", "not-json", "invalid", "too-new", "unwritable")


class StorageError(Exception):
    """A file that cannot be read or written, with what is wrong and where it is.

    ``kind`` is one of ``missing``, ``unreadable``, ``not-json``, ``invalid``, ``too-new``, ``unwritable``;
    ``kept_as`` is where a bad file was moved aside (None if it was not moved); ``what`` names the file for
    the player ("settings", "save 'Tuesday'", ...). ``str(error)`` is a sentence for the player.
    """

    def __init__(self, path: Path | str | None, problem: str, *, kind: str = "invalid", what: str = "file",
                 kept_as: Path | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.problem = problem
        self.kind = kind
        self.what = what
        self.kept_as = kept_as
        super().__init__(self.message)

    @property
    def message(self) -> str:
        where = f" ({self.path})" if self.path is not None else ""
        text = f"{self.what[:1].upper()}{self.what[1:]}{where}: {self.problem}."
        if self.kept_as is not None:
            text += f" The file was kept as {self.kept_as.name} in the same folder."
        return text.encode("utf-8", "backslashreplace").decode("utf-8")  # printable whatever the file held

    def __str__(self) -> str:
        return self.message


class BadDataError(ValueError):
    """Raised by validators: the parsed data has the wrong structure (the text says where and why)."""


class TooNewError(BadDataError):
    """Raised by validators: the file was written by a newer version of Quacks."""


def json_type(x: Any) -> str:
    """The JSON name of a value's type, for messages."""
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "true/false"
    if isinstance(x, int | float):
        return "a number"
    if isinstance(x, str):
        return "a string"
    if isinstance(x, list | tuple):
        return "a list"
    if isinstance(x, dict):
        return "an object"
    return type(x).__name__


def check_document(obj: Any, *, kind: str | None, current: int, oldest: int = 1) -> int:
    """Check the envelope of a document (an object with ``"schema"`` and maybe ``"kind"``); its version."""
    if not isinstance(obj, dict):
        raise BadDataError(f"the top level must be an object, not {json_type(obj)}")
    if kind is not None and obj.get("kind") != kind:
        raise BadDataError(f'"kind" must be "{kind}", not {json.dumps(obj.get("kind"))[:60]}')
    v = obj.get("schema")
    if type(v) is not int:
        raise BadDataError(f'"schema" must be a whole number, not {json_type(v)}')
    if v > current:
        raise TooNewError(f"it was made by a newer version of Quacks (schema {v}; this version reads up to {current})")
    if v < oldest:
        raise BadDataError(f"schema version {v} is unknown (the oldest known is {oldest})")
    return v


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


def is_side_file(name: str) -> bool:
    """True for backups, kept-aside files and temporary files (never listed as saves)."""
    return name.endswith(BACKUP_SUFFIX) or ASIDE_MARK in name or (name.startswith(".") and TEMP_MARK in name)


# ----------------------------------------------------------------------------------------------------
# reading


@dataclass
class Loaded(Generic[T]):
    """What a load found: the value (None if nothing usable), where it came from, and every problem met."""

    value: T | None
    path: Path | None = None
    problems: list[StorageError] = field(default_factory=list)
    from_backup: bool = False

    @property
    def notes(self) -> list[str]:
        """Sentences for the player: each bad file, and whether the backup is used."""
        out = [p.message for p in self.problems]
        if self.from_backup and self.path is not None:
            out.append(f"The backup {self.path.name} was used instead.")
        return out


def _read_text(path: Path, what: str) -> str:
    """The file's text, or StorageError (kind missing / unreadable / not-json)."""
    try:
        st = path.stat()
    except FileNotFoundError:
        raise StorageError(path, "the file does not exist", kind="missing", what=what) from None
    except OSError as e:
        raise StorageError(path, f"cannot be read ({e.strerror or e})", kind="unreadable", what=what) from None
    if not path.is_file():
        raise StorageError(path, "is not a regular file", kind="unreadable", what=what)
    if st.st_size > MAX_BYTES:
        raise StorageError(path, f"is too large ({st.st_size} bytes) to be a Quacks file", kind="unreadable",
                           what=what)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise StorageError(path, "the file does not exist", kind="missing", what=what) from None
    except OSError as e:
        raise StorageError(path, f"cannot be read ({e.strerror or e})", kind="unreadable", what=what) from None
    if not raw.strip():
        raise StorageError(path, "the file is empty (it was probably cut off while being written)",
                           kind="not-json", what=what)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise StorageError(path, f"is not UTF-8 text (bad byte at position {e.start})", kind="not-json",
                           what=what) from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def parse_json(text: str, path: Path | None = None, what: str = "file") -> Any:
    """Parse JSON text (no NaN or Infinity); StorageError (kind not-json) says where it breaks."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        body = text.strip()
        if e.pos >= len(text.rstrip()):
            problem = "the file ends too early: it looks cut off (truncated)"
        elif body and body[0] in "{[" and body[-1:] != {"{": "}", "[": "]"}[body[0]]:
            problem = (f"is not valid JSON at line {e.lineno}, column {e.colno} ({e.msg}); the end is missing, "
                       "so it looks cut off (truncated)")
        else:
            problem = f"is not valid JSON at line {e.lineno}, column {e.colno} ({e.msg})"
        raise StorageError(path, problem, kind="not-json", what=what) from None
    except RecursionError:
        raise StorageError(path, "is nested too deeply to be a Quacks file", kind="not-json", what=what) from None
    except (ValueError, TypeError) as e:
        raise StorageError(path, f"is not valid JSON ({e})", kind="not-json", what=what) from None


def read_one(path: Path, validate: Callable[[Any], T], what: str = "file") -> T:
    """Read, parse and validate one file; StorageError on any problem (the file is left where it is)."""
    text = _read_text(path, what)
    obj = parse_json(text, path, what)
    try:
        return validate(obj)
    except TooNewError as e:
        raise StorageError(path, str(e), kind="too-new", what=what) from None
    except BadDataError as e:
        raise StorageError(path, str(e), kind="invalid", what=what) from None
    except StorageError as e:
        raise StorageError(path, e.problem, kind=e.kind, what=what) from None
    except RecursionError:
        raise StorageError(path, "is nested too deeply to be a Quacks file", kind="invalid", what=what) from None
    except Exception as e:  # a validator tripped over data it did not expect: still a bad file, not a crash
        raise StorageError(path, f"has data that cannot be understood ({type(e).__name__}: {e})",
                           kind="invalid", what=what) from None


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<name>.corrupt-<timestamp>`` (never over another file); None if it failed."""
    stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
    for n in range(1000):
        suffix = f"{ASIDE_MARK}{stamp}" + (f"-{n}" if n else "")
        target = path.with_name(path.name + suffix)
        if target.exists():
            continue
        try:
            os.rename(path, target)
        except FileExistsError:
            continue
        except OSError:
            return None
        return target
    return None


def load_json(path: Path, validate: Callable[[Any], T], *, what: str = "file", required: bool = False,
              keep_aside: bool = True, use_backup: bool = True) -> Loaded[T]:
    """Load ``path`` through ``validate``; on a problem report it, move the file aside and try ``.bak``.

    Never raises. ``required``: a missing file (and no backup) is reported as a problem. ``keep_aside``
    False leaves bad files where they are (for files the player chose, outside the game's folders).
    """
    problems: list[StorageError] = []
    candidates = [(path, False)] + ([(backup_path(path), True)] if use_backup else [])
    missing: StorageError | None = None
    for p, is_backup in candidates:
        w = f"{what} backup" if is_backup else what
        try:
            value = read_one(p, validate, w)
        except StorageError as e:
            if e.kind == "missing":
                if not is_backup:
                    missing = e
                continue
            if keep_aside:
                e.kept_as = move_aside(p)
            problems.append(e)
            continue
        except Exception as e:  # pragma: no cover - read_one converts everything; belt and braces
            problems.append(StorageError(p, f"could not be loaded ({type(e).__name__}: {e})", what=w))
            continue
        return Loaded(value, p, problems, from_backup=is_backup)
    if required and missing is not None and not problems:
        problems.append(missing)
    return Loaded(None, None, problems)


# ----------------------------------------------------------------------------------------------------
# writing


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable on POSIX (a no-op where folders cannot be opened, e.g. Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _replace(src: Path, dst: Path) -> None:
    """``os.replace`` with a few retries (Windows refuses while another program has the target open)."""
    for attempt in range(5):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == 4:
                raise
            time.sleep(0.05 * (attempt + 1))


def write_bytes_atomic(path: Path, data: bytes, what: str = "file") -> None:
    """Write ``data`` to a temp file beside ``path``, fsync, and rename it over ``path``."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StorageError(path.parent, f"the folder cannot be created ({e.strerror or e})", kind="unwritable",
                           what=what) from None
    tmp = path.with_name(f".{path.name}{TEMP_MARK}{os.getpid()}-{secrets.token_hex(4)}")
    try:
        with open(tmp, "xb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _replace(tmp, path)
    except OSError as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise StorageError(path, f"cannot be written ({e.strerror or e})", kind="unwritable", what=what) from None
    _fsync_dir(path.parent)
    _clean_stale_temps(path)


def _clean_stale_temps(path: Path) -> None:
    """Remove old temp files of ``path`` left by a crash mid-write (the target is complete and newer)."""
    prefix = f".{path.name}{TEMP_MARK}"
    now = time.time()
    try:
        for p in path.parent.iterdir():
            if p.name.startswith(prefix):
                try:
                    if now - p.stat().st_mtime > STALE_TEMP_SECONDS:
                        p.unlink()
                except OSError:
                    pass
    except OSError:
        pass


def dumps(data: Any, path: Path | None = None, what: str = "file") -> bytes:
    """The JSON text of ``data`` (plain JSON only: no NaN, no objects); StorageError otherwise."""
    try:
        text = json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate in some name: escape everything instead
            return (json.dumps(data, ensure_ascii=True, indent=1, allow_nan=False) + "\n").encode("ascii")
    except (TypeError, ValueError, RecursionError) as e:
        raise StorageError(path, f"cannot be written: the data is not plain JSON ({e})", kind="invalid",
                           what=what) from None


def write_json(path: Path, data: Any, *, what: str = "file", validate_old: Callable[[Any], Any] | None = None,
               backup: bool = True) -> list[StorageError]:
    """Write ``data`` as JSON atomically, keeping the previous good file as ``<name>.bak``.

    If the file being replaced is bad (not JSON, or ``validate_old`` rejects it, e.g. a newer version's
    file) it is moved aside instead of becoming the backup, and reported in the returned list. Raises
    StorageError only if the new file cannot be written (or a bad old one cannot be moved out of the way).
    """
    payload = dumps(data, path, what)
    reports: list[StorageError] = []
    if backup and path.exists():
        try:
            old = read_one(path, validate_old or (lambda x: x), what)
        except StorageError as e:
            if e.kind != "missing":
                e.kept_as = move_aside(path)
                if e.kept_as is None:
                    raise StorageError(path, f"{e.problem}; it could not be moved aside, so it was not overwritten",
                                       kind="unwritable", what=what) from None
                reports.append(e)
        else:
            del old
            try:
                write_bytes_atomic(backup_path(path), path.read_bytes(), f"{what} backup")
            except (StorageError, OSError):
                pass  # a missing backup never stops the save itself
    write_bytes_atomic(path, payload, what)
    return reports


def remove_file(path: Path, what: str = "file") -> None:
    """Delete ``path`` if it exists; StorageError if it cannot be deleted."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise StorageError(path, f"cannot be deleted ({e.strerror or e})", kind="unwritable", what=what) from None
