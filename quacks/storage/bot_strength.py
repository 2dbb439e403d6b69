"""Writing the bots' strength file, ``data/bot_strength.yaml`` (issue 23), for the command that measures it.

The text is ``content.bot_strength.format_strength`` (the reader's own shape); it is checked by reading it back
before anything is written, and written atomically (``files.write_bytes_atomic``): a failed write leaves the old
file whole. Problems are a ``StorageError`` naming the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from ..content.bot_strength import Strength, format_strength, parse_strength
from ..content.yamlfile import YamlFileError, parse_yaml
from ..i18n import N_
from .files import StorageError, write_bytes_atomic


def write_strength(path: Path, entries: Iterable[Strength], ladder: Sequence[str] | None = None) -> None:
    """Write ``entries`` (in their order) as the strength file ``path``. With ``ladder`` (the levels, weakest
    first), each entry is checked to be a level after the first measured against the level below it.
    StorageError if the entries do not make a valid file or the file cannot be written."""
    entries = list(entries)
    try:
        text = format_strength(entries)
        back = parse_strength(parse_yaml(text), ladder)
    except (YamlFileError, ValueError) as e:
        raise StorageError(path, f"would not be a valid strength file ({e})", kind="invalid",
                           what=N_("bot strength")) from None
    if list(back) != [s.level for s in entries]:
        raise StorageError(path, "would not read back as written (a level given twice?)", kind="invalid",
                           what=N_("bot strength"))
    write_bytes_atomic(path, text.encode("utf-8"), what=N_("bot strength"))


__all__ = ["write_strength"]
