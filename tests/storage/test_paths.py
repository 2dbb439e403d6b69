"""Folders: platformdirs for "Quacks" by default, a base folder or QUACKS_HOME for tests, made only when needed."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from quacks.storage import paths
from quacks.storage.settings import Settings, load_settings, save_settings


def test_base_override_puts_everything_under_it(base: Path) -> None:
    assert paths.config_dir(base) == base / "config"
    assert paths.data_dir(base) == base / "data"
    assert paths.log_dir(base) == base / "logs"
    assert paths.settings_path(base) == base / "config" / "settings.json"
    assert paths.autosave_path(base) == base / "data" / "saves" / "autosave.json"
    assert paths.statistics_path(base) == base / "data" / "statistics.json"
    assert not base.exists()  # nothing is created by asking


def test_quacks_home_is_honoured(_isolated_home: Path) -> None:
    assert paths.data_dir() == _isolated_home / "data"
    load_settings()
    assert not _isolated_home.exists()  # reading creates nothing
    save_settings(Settings(mute=True))
    assert (_isolated_home / "config" / "settings.json").is_file()
    assert paths.log_path(create=True).parent.is_dir()


def test_default_folders_are_the_platformdirs_ones(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # our own isolation (platformdirs' pytest fixture only exists in recent versions; the oldest declared
    # version must pass this test too)
    home = tmp_path / "user"
    monkeypatch.delenv("QUACKS_HOME", raising=False)
    for var in ("HOME", "USERPROFILE", "APPDATA", "LOCALAPPDATA"):
        monkeypatch.setenv(var, str(home))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(var, raising=False)
    assert paths.config_dir() == platformdirs.user_config_path("Quacks", appauthor=False)
    assert paths.data_dir() == platformdirs.user_data_path("Quacks", appauthor=False)
    assert paths.log_dir() == platformdirs.user_log_path("Quacks", appauthor=False)
    if sys.platform.startswith("linux"):  # the folders the README promises
        assert paths.config_dir() == home / ".config" / "Quacks"
        assert paths.data_dir() == home / ".local" / "share" / "Quacks"
        assert paths.log_dir() == home / ".local" / "state" / "Quacks" / "log"
    assert not paths.data_dir().exists()
    assert paths.saves_dir(create=True).is_dir()
    assert paths.saves_dir().is_relative_to(tmp_path)
