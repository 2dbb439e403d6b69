"""quacks.ui.main.run(): the game starts (logging, settings, language, the window, the title), runs its loop
until the player quits and saves the settings; a damaged settings file is said on the title; --size and
--lang are taken; an unexpected problem is one sentence on stderr and exit 1. The loop is the real App.run,
ended by a QUIT event in the queue."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from quacks import i18n
from quacks.storage import paths
from quacks.storage.settings import load_settings
from quacks.ui import log_file
from quacks.ui import main as ui_main
from quacks.ui.app import App
from quacks.ui.main import START_AT
from quacks.ui.scenes.table import TableScene
from quacks.ui.scenes.title import TitleScene


@pytest.fixture()
def started(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[App]]:
    """run() as a player starts it, with the App it made (pygame stays up for the other tests)."""
    apps: list[App] = []
    real_run = App.run

    def run(self: App) -> None:
        apps.append(self)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        real_run(self)

    monkeypatch.setattr(App, "run", run)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    monkeypatch.setattr(log_file, "_TROUBLE", [])
    root = logging.getLogger()
    handlers, level, lang = list(root.handlers), root.level, i18n.language()
    yield apps
    for h in root.handlers:
        if h not in handlers:
            root.removeHandler(h)
            h.close()
    root.setLevel(level)
    monkeypatch.setattr(log_file, "_HANDLER", None)
    i18n.set_language(lang)


def test_the_game_starts_at_the_title_and_saves_the_settings_on_quit(started: list[App], home: Path) -> None:
    assert ui_main.run() == 0
    app = started[0]
    assert isinstance(app.scenes[0], TitleScene) and not app.running
    assert app.scenes[0].message == ""
    assert paths.settings_path().exists() and load_settings()[1] == []
    assert "first frame drawn" in paths.log_path().read_text(encoding="utf-8")


def test_a_damaged_settings_file_is_said_on_the_title(started: list[App], home: Path) -> None:
    p = paths.settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps({"schema": 1, "pace": "warp", "volume": 0.5}), encoding="utf-8")
    assert ui_main.run() == 0
    title = started[0].scenes[0]
    assert isinstance(title, TitleScene) and "pace" in title.message
    assert started[0].settings.volume == 0.5 and started[0].settings.pace == "normal"


def test_size_and_language_from_the_command_line(started: list[App]) -> None:
    assert ui_main.run(SimpleNamespace(size="800x600", lang="de")) == 0
    app = started[0]
    assert app.display.get_size() == (800, 600) and app.scaled
    assert i18n.language() == "de"
    assert ui_main.run(SimpleNamespace(size=None, lang="xx-nonsense")) == 0  # an unknown language: the system's


def test_settings_that_cannot_be_read_at_all_give_the_defaults(started: list[App],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import quacks.storage.settings as settings_mod

    def boom(*a: Any) -> Any:
        raise PermissionError("settings.json: permission denied")

    monkeypatch.setattr(settings_mod, "load_settings", boom)
    assert ui_main.run() == 0
    assert "permission denied" in started[0].scenes[0].message


def test_notes_are_read_again_in_the_players_language(started: list[App], home: Path) -> None:
    p = paths.settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps({"schema": 1, "language": "de", "mute": "loud"}), encoding="utf-8")
    assert ui_main.run() == 0
    assert i18n.language() == "de" and started[0].scenes[0].message


def test_an_unexpected_problem_is_one_sentence_and_exit_1(started: list[App], monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    def broken(self: TitleScene) -> None:
        raise RuntimeError("the title fell over")

    monkeypatch.setattr(TitleScene, "enter", broken)
    assert ui_main.run() == 1
    err = capsys.readouterr().err
    assert "the title fell over" in err and "Traceback" not in err and err.count("\n") == 1


def test_the_measuring_start_opens_a_waiting_table(started: list[App], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(START_AT, "table")
    assert ui_main.run() == 0
    assert any(isinstance(s, TableScene) for s in started[0].scenes)


def test_a_second_window_on_the_same_home_says_so_and_writes_nothing(started: list[App], home: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: two games on one home replaced each other's autosave; the second window now only says that
    another is open (the other game holds the home's lock: here a lock of this test on the same file)."""
    from quacks.storage import locks
    from quacks.ui.scenes.already_open import AlreadyOpenScene

    other = locks.FileLock(locks.home_lock_path())
    assert other.acquire()
    seen: list[str] = []
    real_run = App.run

    def run(self: App) -> None:  # what the player sees, then "Try again" before and after the other one closes
        scene = self.scene
        assert isinstance(scene, AlreadyOpenScene) and len(self.scenes) == 1
        scene.draw(self.screen)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        seen.append(scene.message)
        other.release()
        scene.retry()
        assert isinstance(self.scene, TitleScene) and len(self.scenes) == 1 and self.running
        seen.append("title")
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        real_run(self)

    monkeypatch.setattr(App, "run", run)
    try:
        assert ui_main.run() == 0
    finally:
        other.release()
    assert seen == ["Quacks is still open in the other window.", "title"]
    assert paths.settings_path().exists()  # it played once the other had closed, and saved its settings
    assert "another Quacks game holds" in paths.log_path().read_text(encoding="utf-8")


def test_a_second_window_closed_at_once_writes_no_settings(started: list[App], home: Path) -> None:
    from quacks.storage import locks
    from quacks.ui.scenes.already_open import AlreadyOpenScene

    other = locks.FileLock(locks.home_lock_path())
    assert other.acquire()
    try:
        assert ui_main.run() == 0
    finally:
        other.release()
    assert isinstance(started[0].scenes[0], AlreadyOpenScene)
    assert not paths.settings_path().exists() and not paths.saves_dir().exists()
