"""Finding ``data/`` and ``assets/`` the same way from a checkout, an installed wheel and a frozen bundle.

Order: a PyInstaller bundle (``sys._MEIPASS``), then the installed package (``quacks/_resources``), then
the repository root beside the package.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


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
    raise FileNotFoundError(f"cannot find the game data (looked in: {tried})")


def data_dir() -> Path:
    return resource_root() / "data"


def assets_dir() -> Path:
    return resource_root() / "assets"


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
