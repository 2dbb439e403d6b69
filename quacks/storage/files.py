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

import errno
import gc
import io
import json
import os
import secrets
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Generic, NoReturn, TypeVar

from ..i18n import N_, _
from ..names import bad_character, describe_character, printable
from ..resources import ReadError, read_bytes

T = TypeVar("T")

#: a JSON object as parsed: the keys are text, every value is still to be checked where it is read
JsonObject = dict[str, object]

MAX_BYTES = 32 * 1024 * 1024  # no save of Quacks comes near this; a bigger file is not ours
BACKUP_SUFFIX = ".bak"
ASIDE_MARK = ".corrupt-"
TEMP_MARK = ".tmp-"
STALE_TEMP_SECONDS = 600.0

FILE = N_("file")  # what a file is called when nothing better is known
KINDS = ("missing", "unreadable", "not-json", "invalid", "too-new", "unwritable", "exists")


class StorageError(Exception):
    """A file that cannot be read or written, with what is wrong and where it is.

    ``kind`` is one of ``missing``, ``unreadable``, ``not-json``, ``invalid``, ``too-new``, ``unwritable``,
    ``exists`` (a new file would replace one);
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
        what = _(self.what)  # a name marked with N_ ("settings"), or one already in the player's language
        what = what[:1].upper() + what[1:]
        if self.path is not None:
            # Translators: a file problem: {what} names the file ("Settings", "Save 'Tuesday'"),
            # {problem} is a phrase such as "is not valid JSON at line 3"
            text = _("{what} ({path}): {problem}.").format(what=what, path=self.path, problem=self.problem)
        else:
            text = _("{what}: {problem}.").format(what=what, problem=self.problem)
        if self.kept_as is not None:
            text += " " + _("The file was kept as {name} in the same folder.").format(name=self.kept_as.name)
        # printable whatever the file or its name held: no control character ever reaches the screen
        return printable(text.encode("utf-8", "backslashreplace").decode("utf-8"))

    def __str__(self) -> str:
        return self.message


class BadDataError(ValueError):
    """Raised by validators: the parsed data has the wrong structure (the text says where and why)."""


class TooNewError(BadDataError):
    """Raised by validators: the file was written by a newer version of Quacks."""


def json_type(x: object) -> str:
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


def as_object(x: object, where: str) -> JsonObject:
    """``x`` if it is a JSON object, else BadDataError naming ``where`` it was read."""
    if not isinstance(x, dict):
        raise BadDataError(f"{where} must be an object, not {json_type(x)}")
    return x


def check_document(obj: object, *, kind: str | None, current: int, oldest: int = 1) -> tuple[JsonObject, int]:
    """Check the envelope of a document (an object with ``"schema"`` and maybe ``"kind"``): the object and its
    version."""
    obj = as_object(obj, "the top level")
    if kind is not None and obj.get("kind") != kind:
        raise BadDataError(f'"kind" must be "{kind}", not {json.dumps(obj.get("kind"))[:60]}')
    v = obj.get("schema")
    if type(v) is not int:
        raise BadDataError(f'"schema" must be a whole number, not {json_type(v)}')
    if v > current:
        raise TooNewError(_("it was made by a newer version of Quacks (schema {schema}; this version reads up to "
                            "{current})").format(schema=v, current=current))
    if v < oldest:
        raise BadDataError(f"schema version {v} is unknown (the oldest known is {oldest})")
    return obj, v


def check_text(obj: object, where: str = "") -> None:
    """BadDataError if any text in ``obj`` (keys included) holds a control or invisible formatting character.

    Nothing the game writes holds one, and such a character stops the text renderer when it is drawn.
    A first pass only looks (``str.isprintable`` is true of text without any of them); the path of a bad text
    is worked out only when there is one (a statistics file of 50,000 players took seconds otherwise).
    """
    if not _holds_bad_text(obj):
        return
    stack: list[tuple[object, str]] = [(obj, where)]
    while stack:
        x, at = stack.pop()
        if isinstance(x, str):
            ch = bad_character(x)
            if ch is not None:
                shown = f'"{at}"' if at else "the text"
                raise BadDataError(f"{shown} holds {describe_character(ch)}, which no Quacks file has")
        elif isinstance(x, dict):
            for k, v in x.items():
                key = str(k)
                name = printable(key, 30)
                if bad_character(key) is not None:
                    stack.append((key, f"{at}.{name}" if at else name))
                stack.append((v, f"{at}.{name}" if at else name))
        elif isinstance(x, list | tuple):
            for i, v in enumerate(x):
                stack.append((v, f"{at}[{i}]"))


def _holds_bad_text(obj: object) -> bool:
    """Whether ``obj`` may hold a text (or key) that :func:`check_text` refuses: False only when it surely does not.

    Written as JSON in one go (C speed), every text of ``obj`` is in the result: a control character below
    U+0020 as an escape (any backslash sends the careful pass to look), every other refused character as
    itself, which ``str.isprintable`` is false of (it is true only without Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs
    but the space)."""
    try:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), check_circular=False, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        return True
    return "\\" in text or not text.isprintable()


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
            out.append(_("The backup {name} was used instead.").format(name=self.path.name))
        return out


def read_raw(path: Path, what: str = "file") -> bytes:
    """The file's bytes, or StorageError (kind missing / unreadable / not-json for an empty file).

    Through the program's one careful reader: a pipe, a device or a file over ``MAX_BYTES`` is refused
    without hanging or filling the memory.
    """
    try:
        raw = read_bytes(path, limit=MAX_BYTES)
    except ReadError as e:
        if e.kind == "missing":
            raise StorageError(path, _("the file does not exist"), kind="missing", what=what) from None
        raise StorageError(path, e.problem, kind="unreadable", what=what) from None
    if not raw.strip():
        raise StorageError(path, _("the file is empty (it was probably cut off while being written)"),
                           kind="not-json", what=what)
    return raw


def _decode(raw: bytes, path: Path | None, what: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise StorageError(path, _("is not UTF-8 text (bad byte at position {n})").format(n=e.start),
                           kind="not-json", what=what) from None


def _reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not allowed")


def parse_json(text: str, path: Path | None = None, what: str = "file") -> object:
    """Parse JSON text (no NaN or Infinity); StorageError (kind not-json) says where it breaks."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        body = text.strip()
        if e.pos >= len(text.rstrip()):
            problem = _("the file ends too early: it looks cut off (truncated)")
        elif body and body[0] in "{[" and body[-1:] != {"{": "}", "[": "]"}[body[0]]:
            problem = _("is not valid JSON at line {line}, column {column} ({problem}); the end is missing, so it "
                        "looks cut off (truncated)").format(line=e.lineno, column=e.colno, problem=e.msg)
        else:
            problem = _("is not valid JSON at line {line}, column {column} ({problem})").format(
                line=e.lineno, column=e.colno, problem=e.msg)
        raise StorageError(path, problem, kind="not-json", what=what) from None
    except RecursionError:
        raise StorageError(path, _("is nested too deeply to be a Quacks file"), kind="not-json", what=what) from None
    except (ValueError, TypeError) as e:
        raise StorageError(path, _("is not valid JSON ({problem})").format(problem=e), kind="not-json",
                           what=what) from None


def read_one(path: Path, validate: Callable[[object], T], what: str = "file") -> T:
    """Read, parse and validate one file; StorageError on any problem (the file is left where it is)."""
    return validate_bytes(read_raw(path, what), path, validate, what)


def validate_bytes(raw: bytes, path: Path | None, validate: Callable[[object], T], what: str = "file") -> T:
    """Parse and validate the bytes of a file (read before); StorageError on any problem."""
    if not raw.strip():
        raise StorageError(path, _("the file is empty (it was probably cut off while being written)"),
                           kind="not-json", what=what)
    with gc_paused(len(raw) > GC_PAUSE_BYTES):
        return _parse_and_validate(raw, path, validate, what)


GC_PAUSE_BYTES = 256 * 1024


@contextmanager
def gc_paused(pause: bool = True) -> Iterator[None]:
    """Python's cycle collector paused while a large file becomes objects: JSON holds no cycles, and the collector,
    woken again and again by the new objects, took a third of the time of opening a large statistics file."""
    was = gc.isenabled()
    if pause and was:
        gc.disable()
    try:
        yield
    finally:
        if pause and was:
            gc.enable()


def _parse_and_validate(raw: bytes, path: Path | None, validate: Callable[[object], T], what: str) -> T:
    obj = parse_json(_decode(raw, path, what), path, what)
    try:
        return validate(obj)
    except TooNewError as e:
        raise StorageError(path, str(e), kind="too-new", what=what) from None
    except BadDataError as e:
        raise StorageError(path, str(e), kind="invalid", what=what) from None
    except StorageError as e:
        raise StorageError(path, e.problem, kind=e.kind, what=what) from None
    except RecursionError:
        raise StorageError(path, _("is nested too deeply to be a Quacks file"), kind="invalid", what=what) from None
    except Exception as e:  # a validator tripped over data it did not expect: still a bad file, not a crash
        raise StorageError(path, _("has data that cannot be understood ({problem})").format(
            problem=f"{type(e).__name__}: {e}"), kind="invalid", what=what) from None


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


def load_json(path: Path, validate: Callable[[object], T], *, what: str = "file", required: bool = False,
              keep_aside: bool = True, use_backup: bool = True) -> Loaded[T]:
    """Load ``path`` through ``validate``; on a problem report it, move the file aside and try ``.bak``.

    Never raises. ``required``: a missing file (and no backup) is reported as a problem. ``keep_aside``
    False leaves bad files where they are (for files the player chose, outside the game's folders).
    """
    problems: list[StorageError] = []
    candidates = [(path, False)] + ([(backup_path(path), True)] if use_backup else [])
    missing: StorageError | None = None
    for p, is_backup in candidates:
        w = _("{what} backup").format(what=_(what)) if is_backup else what
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
            problems.append(StorageError(p, _("could not be loaded ({problem})").format(
                problem=f"{type(e).__name__}: {e}"), what=w))
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


def _write_file(path: Path, data: bytes) -> None:
    """Create ``path`` (it must not exist), write ``data`` and fsync it (one place, so tests can fill the disk)."""
    with open(path, "xb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}{TEMP_MARK}{os.getpid()}-{secrets.token_hex(4)}")


def _make_folder(folder: Path, what: str) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StorageError(folder, _("is a file where a folder should be; move that file away"), kind="unwritable",
                           what=what) from None
    except OSError as e:
        raise StorageError(folder, _("the folder cannot be created ({problem})").format(problem=e.strerror or e),
                           kind="unwritable", what=what) from None
    if not folder.is_dir():
        raise StorageError(folder, _("is a file where a folder should be; move that file away"), kind="unwritable",
                           what=what)


NOT_REGULAR = N_("is not a regular file (a pipe, a device, a socket or a folder), so it is not written; move it "
                  "away")


def refuse_non_regular(path: Path, what: str = "file") -> None:
    """StorageError (kind ``unwritable``) if something that is not a regular file is at ``path`` (a named pipe, a
    device, a socket, a folder, or a link to one): a writer never replaces it nor writes into it (issue 30 §7:
    ``train-expert --out /dev/zero`` had turned the device into a regular file). Nothing there, a regular file or
    a link to one (or to nothing): nothing to say, the link is replaced as a file is."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise StorageError(path, _("cannot be written ({problem})").format(problem=e.strerror or e),
                           kind="unwritable", what=what) from None
    if not stat.S_ISREG(st.st_mode):
        raise StorageError(path, _(NOT_REGULAR), kind="unwritable", what=what)


def open_append(path: Path, encoding: str = "utf-8") -> io.TextIOWrapper:
    """``path`` opened to add text at its end (created if it is missing), a regular file only: OSError otherwise,
    whose ``strerror`` says why in the player's language (the log file, issue 30 §7: a named pipe there hung the
    game before its window opened; a device is not written to). Opened without blocking and checked on the open
    handle, so a pipe swapped in after the check cannot hang it either."""
    if os.path.lexists(path) and not os.path.isfile(path):
        raise OSError(errno.EINVAL, _(NOT_REGULAR), str(path))
    nonblock = getattr(os, "O_NONBLOCK", 0)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | nonblock | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags, 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, _(NOT_REGULAR), str(path))
        if nonblock:
            os.set_blocking(fd, True)
        return open(fd, "a", encoding=encoding, closefd=True)  # noqa: SIM115 - the caller closes it
    except BaseException:
        os.close(fd)
        raise


def _unlink_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def write_bytes_atomic(path: Path, data: bytes, what: str = "file") -> None:
    """Write ``data`` to a temp file beside ``path``, fsync, and rename it over ``path``; StorageError if it cannot
    be written or if what is at ``path`` is no regular file (:func:`refuse_non_regular`: never replaced)."""
    refuse_non_regular(path, what)
    _make_folder(path.parent, what)
    tmp = _temp_name(path)
    try:
        _write_file(tmp, data)
        _replace(tmp, path)
    except OSError as e:
        _unlink_quietly(tmp)
        raise StorageError(path, _("cannot be written ({problem})").format(problem=e.strerror or e),
                           kind="unwritable", what=what) from None
    _fsync_dir(path.parent)
    _clean_stale_temps(path)


def write_bytes_new(path: Path, data: bytes, what: str = "file") -> None:
    """Write ``data`` as a new file ``path``, atomically, never replacing a file that is there.

    The data goes to a temp file first (fsynced), which is then hard-linked to ``path``: the link fails if
    ``path`` exists, and ``path`` never exists half-written. Where hard links are not possible (some
    removable drives), the file is created exclusively and removed again if the write fails.
    StorageError (kind ``exists``) if ``path`` is taken; (kind ``unwritable``) if it cannot be written.
    """
    _make_folder(path.parent, what)
    if os.path.lexists(path):
        raise StorageError(path, _("a file of that name is there already"), kind="exists", what=what)
    tmp = _temp_name(path)
    try:
        _write_file(tmp, data)
    except OSError as e:
        _unlink_quietly(tmp)
        raise StorageError(path, _("cannot be written ({problem})").format(problem=e.strerror or e),
                           kind="unwritable", what=what) from None
    try:
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise StorageError(path, _("a file of that name is there already"), kind="exists", what=what) from None
        except OSError:  # no hard links here: create exclusively, remove a half-written file
            try:
                _write_file(path, data)
            except FileExistsError:
                raise StorageError(path, _("a file of that name is there already"), kind="exists",
                                   what=what) from None
            except OSError as e:
                _unlink_quietly(path)
                raise StorageError(path, _("cannot be written ({problem})").format(problem=e.strerror or e),
                                   kind="unwritable", what=what) from None
    finally:
        _unlink_quietly(tmp)
    _fsync_dir(path.parent)


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


def _pid_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (always True where that cannot be asked safely, e.g. Windows)."""
    if pid == os.getpid():
        return True
    if os.name != "posix" or pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but belongs to someone else
        return True
    return True


def temp_owner(name: str) -> int | None:
    """The process id in a temp file name ``.<name>.tmp-<pid>-<hex>``, or None if it is not one of ours."""
    if not name.startswith(".") or TEMP_MARK not in name:
        return None
    tail = name.rsplit(TEMP_MARK, 1)[1]
    pid, _, token = tail.partition("-")
    if not (pid.isdigit() and len(pid) < 12 and token and all(c in "0123456789abcdef" for c in token)):
        return None
    return int(pid)


def clean_leftovers(folders: list[Path]) -> list[Path]:
    """Remove the temp files that a killed program left in ``folders`` (at start; the paths removed).

    A temp file is removed when the program that wrote it is no longer running, or when it is older than
    ``STALE_TEMP_SECONDS`` (where a running program cannot be told apart, e.g. Windows). Never fails.
    """
    removed: list[Path] = []
    now = time.time()
    for folder in folders:
        try:
            entries = list(folder.iterdir())
        except OSError:
            continue
        for p in entries:
            pid = temp_owner(p.name)
            if pid is None:
                continue
            try:
                old = now - p.lstat().st_mtime > STALE_TEMP_SECONDS
                if (old or not _pid_alive(pid)) and not p.is_dir():
                    p.unlink()
                    removed.append(p)
            except OSError:
                pass
    return removed


def dumps(data: object, path: Path | None = None, what: str = "file", *, compact: bool = False) -> bytes:
    """The JSON text of ``data`` (plain JSON only: no NaN, no objects); StorageError otherwise.

    One value a line, indented, unless ``compact`` (no spaces and one line: for files that grow large)."""
    indent, separators = (None, (",", ":")) if compact else (1, None)
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, indent=indent, separators=separators) + "\n"
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate in some name: escape everything instead
            return (json.dumps(data, ensure_ascii=True, allow_nan=False, indent=indent, separators=separators)
                    + "\n").encode("ascii")
    except (TypeError, ValueError, RecursionError) as e:
        raise StorageError(path, _("cannot be written: the data is not plain JSON ({problem})").format(problem=e),
                           kind="invalid", what=what) from None


def write_json(path: Path, data: object, *, what: str = "file", validate_old: Callable[[object], object] | None = None,
               backup: bool = True, old_checked: bool = False, compact: bool = False) -> list[StorageError]:
    """Write ``data`` as JSON atomically, keeping the previous good file as ``<name>.bak``.

    If the file being replaced is bad (not JSON, or ``validate_old`` rejects it, e.g. a newer version's
    file) it is moved aside instead of becoming the backup, and reported in the returned list. Raises
    StorageError only if the new file cannot be written (or a bad old one cannot be moved out of the way).
    ``old_checked``: the caller read and checked the file as it is now (under its write lock), so it becomes
    the backup without being read again. ``compact``: see :func:`dumps`.
    """
    payload = dumps(data, path, what, compact=compact)
    refuse_non_regular(path, what)  # before the old file is read: a pipe is not "a bad file" to move aside
    reports: list[StorageError] = []
    if backup and path.exists():
        try:
            if not old_checked:
                read_one(path, validate_old or (lambda x: x), what)
        except StorageError as e:
            if e.kind != "missing":
                e.kept_as = move_aside(path)
                if e.kept_as is None:
                    problem = _("{problem}; it could not be moved aside, so it was not overwritten").format(
                        problem=e.problem)
                    raise StorageError(path, problem, kind="unwritable", what=what) from None
                reports.append(e)
        else:
            keep_as_backup(path, _("{what} backup").format(what=_(what)))
    write_bytes_atomic(path, payload, what)
    return reports


def keep_as_backup(path: Path, what: str) -> None:
    """Make the file ``path`` is now its ``<name>.bak`` (never fails: a missing backup never stops a save).

    A second name for the same file (a hard link) where the file system has them: nothing is copied, and the
    file itself is never changed in place (it is replaced whole, :func:`write_bytes_atomic`); else a copy."""
    bak = backup_path(path)
    if os.path.exists(bak) and not os.path.isfile(bak):
        return  # no regular file where the backup goes: left as it is (issue 30 §7), the save goes on without one
    tmp = _temp_name(bak)
    try:
        os.link(path, tmp)
        _replace(tmp, bak)
        return
    except OSError:
        _unlink_quietly(tmp)
    try:
        write_bytes_atomic(bak, read_bytes(path, limit=MAX_BYTES), what)
    except (StorageError, ReadError, OSError):
        pass


def remove_file(path: Path, what: str = "file") -> None:
    """Delete ``path`` if it exists; StorageError if it cannot be deleted."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise StorageError(path, _("cannot be deleted ({problem})").format(problem=e.strerror or e), kind="unwritable",
                           what=what) from None
