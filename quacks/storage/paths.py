"""Where Quacks keeps its files: the platformdirs folders for "Quacks" (``appauthor=False``).

* config folder: ``settings.json``
* data folder: ``saves/`` (an ``autosave-<game id>.json`` per unfinished game, the last few kept, ``autosave.json``
  of older versions, and the named slots), ``replays/``, ``statistics.json``
* log folder: ``quacks.log``

Every function takes an optional ``base`` folder; with it (or with the environment variable
``QUACKS_HOME`` set) the three folders are ``<base>/config``, ``<base>/data`` and ``<base>/logs``, so tests
never touch the real home. Folders are created only when asked (``create=True``), i.e. when a file is
first written.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from .files import StorageError

APP_NAME = "Quacks"
HOME_ENV = "QUACKS_HOME"

Base = str | os.PathLike[str] | None

SETTINGS_FILE = "settings.json"
STATISTICS_FILE = "statistics.json"
AUTOSAVE_FILE = "autosave.json"
LOG_FILE = "quacks.log"


def home_override(base: Base = None) -> Path | None:
    """The folder that holds everything instead of the platform folders: ``base``, else ``$QUACKS_HOME``."""
    if base is not None:
        return Path(base)
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env)
    return None


def _ensure(path: Path, create: bool) -> Path:
    if create:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StorageError(path, f"cannot create the folder ({e.strerror or e})", kind="unwritable") from e
    return path


def config_dir(base: Base = None, *, create: bool = False) -> Path:
    """The settings folder (``~/.config/Quacks`` on Linux)."""
    home = home_override(base)
    path = home / "config" if home is not None else platformdirs.user_config_path(APP_NAME, appauthor=False)
    return _ensure(path, create)


def data_dir(base: Base = None, *, create: bool = False) -> Path:
    """The folder of saves, replays and statistics (``~/.local/share/Quacks`` on Linux)."""
    home = home_override(base)
    path = home / "data" if home is not None else platformdirs.user_data_path(APP_NAME, appauthor=False)
    return _ensure(path, create)


def log_dir(base: Base = None, *, create: bool = False) -> Path:
    """The log folder (``~/.local/state/Quacks/log`` on Linux)."""
    home = home_override(base)
    path = home / "logs" if home is not None else platformdirs.user_log_path(APP_NAME, appauthor=False)
    return _ensure(path, create)


def saves_dir(base: Base = None, *, create: bool = False) -> Path:
    """``<data>/saves``: the autosave and the named save slots."""
    return _ensure(data_dir(base) / "saves", create)


def replays_dir(base: Base = None, *, create: bool = False) -> Path:
    """``<data>/replays``: the default folder offered for exporting replays."""
    return _ensure(data_dir(base) / "replays", create)


def settings_path(base: Base = None) -> Path:
    return config_dir(base) / SETTINGS_FILE


def statistics_path(base: Base = None) -> Path:
    return data_dir(base) / STATISTICS_FILE


def autosave_path(base: Base = None) -> Path:
    """The single autosave of older versions (``saves.autosave_path`` gives any game's)."""
    return saves_dir(base) / AUTOSAVE_FILE


def log_path(base: Base = None, *, create: bool = False) -> Path:
    """The log file; ``create=True`` makes its folder (windowed builds have no stdout: log here)."""
    return log_dir(base, create=create) / LOG_FILE
