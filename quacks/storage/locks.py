"""Locks between programs on one home: one game at a time, and one writer at a time of a shared file.

Both are the operating system's own file locks (``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on
Windows) on a small lock file beside what they guard. The system lets go of them when the program ends, however
it ends, so a program that was killed never leaves a lock behind: there is nothing stale to clear.

* :func:`take_home_lock`: the game's window takes ``<data>/quacks.lock`` and keeps it while it runs; a second
  game on the same home (``QUACKS_HOME`` or the platform folders) finds it taken and says so instead of playing
  over the first one's autosave. Commands that only read (check-data, simulate, scenario, ...) take none.
* :func:`write_lock`: held around every read-modify-write of a file that two programs may change (the
  statistics): the second writer waits until the first has written, and then reads what the first wrote.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..i18n import N_, _
from ..resources import ReadError, read_bytes
from . import paths
from .files import NOT_REGULAR, StorageError
from .paths import Base

log = logging.getLogger("quacks.storage")

HOME_LOCK_FILE = "quacks.lock"
LOCK_SUFFIX = ".lock"
WAIT_SECONDS = 30.0  # a writer holds a file's lock for the time of one read and one write
POLL_SECONDS = 0.01

if sys.platform == "win32":
    import msvcrt

    def _try(fd: int) -> bool:
        """Lock the first byte of the file (it may lie past the end); False if another program holds it."""
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except PermissionError:  # EACCES: locked by another handle
            return False
        except OSError as e:
            if e.errno in (13, 36):  # EACCES, EDEADLOCK
                return False
            raise
        return True

    def _let_go(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try(fd: int) -> bool:
        """An exclusive lock of the whole file; False if another program (or another open of it) holds it."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _let_go(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def open_lock_file(path: Path) -> int:
    """The lock file opened to read and write (created if missing), a regular file only; OSError otherwise, whose
    ``strerror`` says why in the player's language.

    A symbolic link is never followed (issue 30 §7: the home's lock followed one and overwrote the file it pointed
    to with its note; a link to nothing would have created a file where it points): refused before the open and,
    where the system has it, by ``O_NOFOLLOW`` at the open. Opened without blocking and checked on the handle, so a
    named pipe or a device is refused too, never waited on or written to."""
    link = _("is a link, which a lock file never follows; remove it")
    if os.path.islink(path):
        raise OSError(errno.ELOOP, link, str(path))
    flags = (os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as e:
        if e.errno == errno.ELOOP:  # a link put there since the check
            raise OSError(errno.ELOOP, link, str(path)) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, _(NOT_REGULAR), str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd


class FileLock:
    """An exclusive lock on ``path`` (created if needed, never deleted: deleting a lock file races its next user).

    Each FileLock opens the file anew, so two FileLocks on one path exclude each other in one program too."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None

    @property
    def held(self) -> bool:
        return self.fd is not None

    def acquire(self, wait: float = 0.0) -> bool:
        """Take the lock, waiting up to ``wait`` seconds; False if another holder keeps it that long.

        OSError if the lock file cannot be made or locked at all (a read-only folder, a file system without locks).
        """
        if self.fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = open_lock_file(self.path)
        end = time.monotonic() + wait
        try:
            while not _try(fd):
                if time.monotonic() >= end:
                    os.close(fd)
                    return False
                time.sleep(POLL_SECONDS)
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd
        return True

    def release(self) -> None:
        fd, self.fd = self.fd, None
        if fd is None:
            return
        try:
            _let_go(fd)
        except OSError:
            pass  # closing lets go of it as well
        finally:
            os.close(fd)

    def write_note(self, text: str) -> None:
        """Write ``text`` into the held lock file (who holds it, for the log of a second program)."""
        if self.fd is None:
            return
        data = text.encode("utf-8")
        try:
            os.lseek(self.fd, 0, os.SEEK_SET)
            os.write(self.fd, data)
            os.ftruncate(self.fd, len(data))
        except OSError:
            pass  # only a note: Windows refuses writes over a locked byte to others, and some systems to all


def lock_path(path: Path) -> Path:
    """The lock file of ``path``: ``.<name>.lock`` beside it."""
    return path.with_name(f".{path.name}{LOCK_SUFFIX}")


@contextmanager
def write_lock(path: Path, what: str = N_("file"), wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the write lock of ``path`` for a read-modify-write of it (another program's waits until it is done).

    StorageError (kind ``unwritable``) if another program keeps it for ``wait`` seconds. Where no lock can be
    had at all (a file system without locks, a folder the lock file cannot be made in) the work is done without
    one, as before locks were taken, and the log says so: the write itself then reports any problem."""
    lock = FileLock(lock_path(path))
    try:
        taken = lock.acquire(wait)
    except OSError as e:
        log.warning("%s cannot be locked for writing (%s); written without the lock", path, e.strerror or e)
        yield
        return
    if not taken:
        raise StorageError(path, _("is being written by another Quacks program, which did not finish within {n} "
                                   "seconds").format(n=int(wait)), kind="unwritable", what=what)
    try:
        yield
    finally:
        lock.release()


# ----------------------------------------------------------------------------------------------------
# one game per home


@dataclass(frozen=True)
class HomeLock:
    """What :func:`take_home_lock` found: ``held`` (this program plays), else ``busy`` (another game runs on this
    home); ``problem`` says why no lock could be taken at all (the game then plays without one)."""

    held: bool
    busy: bool
    path: Path
    problem: str = ""
    holder: str = ""  # who holds it, as the lock file says ("process 123 since ..."; "" where it cannot be read)


_HOME: dict[Path, FileLock] = {}


def home_lock_path(base: Base = None) -> Path:
    return paths.data_dir(base) / HOME_LOCK_FILE


def take_home_lock(base: Base = None) -> HomeLock:
    """Take the home's game lock for as long as this program runs (again: nothing changes). Never raises, and
    logs nothing: it is taken before the log is opened (the caller logs what it found)."""
    path = home_lock_path(base)
    lock = _HOME.get(path)
    if lock is not None and lock.held:
        return HomeLock(True, False, path)
    lock = FileLock(path)
    try:
        taken = lock.acquire()
    except OSError as e:
        problem = _("The game lock {file} cannot be taken ({problem}); two games on this computer could overwrite "
                    "each other's saves.").format(file=path, problem=e.strerror or e)
        return HomeLock(False, False, path, problem)
    if not taken:
        return HomeLock(False, True, path, holder=_holder(path))
    _HOME[path] = lock
    lock.write_note(f"process {os.getpid()} since {datetime.now().astimezone().isoformat(timespec='seconds')}\n")
    return HomeLock(True, False, path)


def release_home_lock(base: Base = None) -> None:
    """Let go of the home's game lock (the system does it anyway when the program ends)."""
    lock = _HOME.pop(home_lock_path(base), None)
    if lock is not None:
        lock.release()


def _holder(path: Path) -> str:
    """Who holds the lock, as its note says (for the log; "" if it cannot be read, e.g. on Windows)."""
    try:
        raw = read_bytes(path, limit=4096)  # the careful reader: a pipe or a device there cannot hang it
    except ReadError:
        return ""
    return raw[:200].decode("utf-8", "replace").strip()
