"""Finding ``data/`` and ``assets/`` the same way from a checkout, an installed wheel and a frozen bundle,
and the one careful reader every file the program reads goes through.

Order: a PyInstaller bundle (``sys._MEIPASS``), then the installed package (``quacks/_resources``), then
the repository root beside the package.

:func:`read_bytes` opens without blocking, refuses anything that is not a regular file (a folder, a pipe,
a device such as ``/dev/zero``, a socket) and never reads more than a size cap, however the file grows
while it is read. Every problem is a :class:`ReadError` whose text names the file and says what to do.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
NOTICES_FILE = "THIRD_PARTY_NOTICES.md"
LICENSE_FILE = "LICENSE"
DEFAULT_LIMIT = 4 * 1024 * 1024  # no text file of the game comes near this
_CHUNK = 64 * 1024


class ReadError(Exception):
    """A file that cannot be read. ``kind``: ``missing``, ``not-a-file``, ``too-large`` or ``unreadable``."""

    def __init__(self, path: Path, kind: str, problem: str) -> None:
        self.path = path
        self.kind = kind
        self.problem = problem
        super().__init__(f"{path}: {problem}")


def read_bytes(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT) -> bytes:
    """The content of a regular file of at most ``limit`` bytes; :class:`ReadError` otherwise.

    Opened with ``O_NONBLOCK`` so that a named pipe cannot hang the program, and checked on the open
    handle (not on the name), so a file swapped for a link to a device between the check and the read is
    still refused.
    """
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise ReadError(p, "missing", "the file does not exist") from None
    except IsADirectoryError:
        raise ReadError(p, "not-a-file", "is a folder, not a file") from None
    except PermissionError as e:
        if p.is_dir():
            raise ReadError(p, "not-a-file", "is a folder, not a file") from None
        raise ReadError(p, "unreadable", f"cannot be read ({e.strerror or e}); check its permissions") from None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the path
        raise ReadError(p, "unreadable", f"cannot be opened ({getattr(e, 'strerror', None) or e})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise ReadError(p, "not-a-file", "is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise ReadError(p, "not-a-file", "is not a regular file (a pipe, a device or a socket); "
                                             "give the path of an ordinary file")
        if st.st_size > limit:
            raise ReadError(p, "too-large", f"is too large ({st.st_size} bytes; at most {limit} are read)")
        chunks: list[bytes] = []
        total = 0
        while True:
            block = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not block:
                break
            chunks.append(block)
            total += len(block)
            if total > limit:
                raise ReadError(p, "too-large", f"is too large (more than {limit} bytes)")
        return b"".join(chunks)
    except OSError as e:
        raise ReadError(p, "unreadable", f"cannot be read ({e.strerror or e})") from None
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike[str], *, limit: int = DEFAULT_LIMIT) -> str:
    """:func:`read_bytes` decoded as UTF-8 (a byte-order mark is allowed); ReadError if it is not UTF-8."""
    raw = read_bytes(path, limit=limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ReadError(Path(path), "unreadable", f"is not UTF-8 text (bad byte at position {e.start})") from None


def _candidates() -> list[Path]:
    out: list[Path] = []
    env = os.environ.get("QUACKS_RESOURCES")
    if env:
        out.append(Path(env))
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        out.append(Path(meipass))
    out.append(_PACKAGE / "_resources")
    out.append(_PACKAGE.parent)
    return out


def resource_root() -> Path:
    """The folder that holds ``data/`` and ``assets/``."""
    for root in _candidates():
        if (root / "data" / "books").is_dir():
            return root
    tried = ", ".join(str(p) for p in _candidates())
    raise FileNotFoundError(f"cannot find the game data (looked in: {tried}); reinstall the game")


def data_dir() -> Path:
    return resource_root() / "data"


def assets_dir() -> Path:
    return resource_root() / "assets"


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


def locale_dir() -> Path:
    """``quacks/locale``: the compiled catalogues (``<lang>/LC_MESSAGES/quacks.mo``). They live inside the
    package, so a checkout and an installed wheel have them beside this file; a frozen bundle carries them at
    ``quacks/locale`` under ``sys._MEIPASS``."""
    meipass = getattr(sys, "_MEIPASS", None)
    for root in ([Path(meipass) / "quacks"] if meipass else []) + [_PACKAGE]:
        if (root / "locale").is_dir():
            return root / "locale"
    return _PACKAGE / "locale"


def notices_path() -> Path:
    """``THIRD_PARTY_NOTICES.md``: the licences of everything the game ships (beside ``data/``)."""
    return resource_root() / NOTICES_FILE


def license_path() -> Path:
    """``LICENSE``: the game's own licence (beside ``data/``)."""
    return resource_root() / LICENSE_FILE
