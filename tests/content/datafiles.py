"""A helper of the content tests: one change to a copied data file."""

from __future__ import annotations

from pathlib import Path


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in ``path`` with ``new`` (``old`` must be there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
