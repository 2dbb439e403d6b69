"""Toasts never lie over a title (issue 19 §8: the save toast covered the round's title): they sit in a band along
the bottom edge, or on the table's question row. F11 checks that the window took the new size; if it did not,
the game stays windowed and says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from quacks.storage.settings import Settings
from quacks.ui import window as window_mod
from quacks.ui.app import App
from quacks.ui.scenes.load import LoadScene
from quacks.ui.scenes.newgame import NewGameScene
from quacks.ui.scenes.settings_scene import SettingsScene
from quacks.ui.scenes.stats_scene import StatsScene
from quacks.ui.scenes.table import TableScene
from quacks.ui.scenes.title import TitleScene

from .driver import Driver
from .screens import match

LONG = 'Saved as "round 4 Hildegard-Ottokar-Mechthild-Walburga": every seat of the game, and its round'


def titles(app: App, wanted: tuple[str, ...]) -> list[pygame.Rect]:
    """The rectangles of the lines drawn now that start with one of ``wanted`` (the screens' titles)."""
    te = app.text
    app.toasts = []
    with te.record(app.screen) as rec:
        for s in app.visible():
            s.invalidate()
            s.draw(app.screen)
    found = [d.rect for d in rec.items if d.text.startswith(wanted)]
    assert found, f"none of {wanted} was drawn"
    return found


@pytest.mark.parametrize(("size", "scale"), [((1000, 640), 200), ((1920, 1080), 100), ((1280, 800), 150)])
def test_no_toast_lies_over_a_screens_title(home: Path, size: tuple[int, int], scale: int) -> None:
    app = App(Settings(pace="instant", ui_scale=scale), size=size, headless=True)
    app.no_saves = True  # type: ignore[attr-defined]
    screens: list[tuple[Any, tuple[str, ...]]] = [
        (TitleScene(app), ("Quacks", "of Quedlinburg", "a bag-building game")),
        (NewGameScene(app), ("New game",)), (LoadScene(app), ("Saved games",)),
        (SettingsScene(app), ("Settings",)), (StatsScene(app), ("Statistics",))]
    m = match(("human", "easy", "normal"))
    m.run_until_human()
    screens.append((TableScene(app, m), ("Round 1",)))
    for scene, wanted in screens:
        app.scenes = []
        app.push(scene)
        app.frame(0.0)
        heads = titles(app, wanted)
        for k in range(3):  # three at once: they stack upwards
            app.toast(LONG if k else "Saved", 30.0)
        app.frame(0.0)
        plates = [plate for plate, _lines, _size in app.toast_rects()]
        assert len(plates) == 3
        for plate in plates:
            assert app.screen.get_rect().contains(plate), (type(scene).__name__, plate)
            for head in heads:
                assert not plate.colliderect(head), f"a toast over the title of {type(scene).__name__}"
        if isinstance(scene, TableScene):  # on the question row: over neither the board nor the buttons
            assert all(not p.colliderect(scene.view.layout.actions) for p in plates)
        app.toasts = []


class FakeWindow:
    """A window whose window manager ignores fullscreen requests (as the trial's did)."""

    def __init__(self) -> None:
        self.size = (1000, 640)
        self.position = (0, 0)
        self.calls: list[str] = []

    def set_fullscreen(self, desktop: bool = False) -> None:
        self.calls.append("fullscreen")

    def set_windowed(self) -> None:
        self.calls.append("windowed")


def f11(d: Driver) -> None:
    d.app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))


def test_f11_that_does_not_take_stays_windowed_and_says_so(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = Driver()
    d.app.push(TitleScene(d.app))
    now = [100.0]
    d.app.clock_now = lambda: now[0]
    d.app.headless = False
    win = d.app.window = FakeWindow()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    f11(d)
    assert d.app.settings.fullscreen and win.calls == ["fullscreen"]
    d.frames(1)
    assert d.app.settings.fullscreen  # the window system gets its moment
    assert d.app.wait_time(now[0]) == pytest.approx(window_mod.FULLSCREEN_CHECK)  # the loop wakes to look again
    now[0] += window_mod.FULLSCREEN_CHECK + 0.1
    d.frames(1)
    assert not d.app.settings.fullscreen and win.calls == ["fullscreen", "windowed"]
    said = [m for _t, m in d.app.toasts]
    assert said and said[-1].startswith("Fullscreen did not take here") and "F11" in said[-1]


def test_f11_that_sdl_believes_but_the_window_system_did_not_do_is_caught(home: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The trial's case (X11 with no window manager doing it): SDL reports the desktop's size, the window on the
    screen kept its own; the window system's answer decides."""
    d = Driver()
    d.app.push(TitleScene(d.app))
    now = [100.0]
    d.app.clock_now = lambda: now[0]
    d.app.headless = False
    win = d.app.window = FakeWindow()
    sdl_says = pygame.display.get_surface().get_size()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [sdl_says])
    monkeypatch.setattr(window_mod, "system_window_size", lambda: (1000, 640))
    f11(d)
    now[0] += window_mod.FULLSCREEN_CHECK + 0.1
    d.frames(1)
    assert not d.app.settings.fullscreen and win.calls == ["fullscreen", "windowed"]
    assert "1000x640" in [m for _t, m in d.app.toasts][-1]


def test_f11_that_takes_says_nothing(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = Driver()
    d.app.push(TitleScene(d.app))
    now = [100.0]
    d.app.clock_now = lambda: now[0]
    d.app.headless = False
    win = d.app.window = FakeWindow()
    desktop = pygame.display.get_surface().get_size()  # the window has the desktop's size at once
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    f11(d)
    d.frames(1)
    now[0] += window_mod.FULLSCREEN_CHECK + 0.1
    d.frames(1)
    assert d.app.settings.fullscreen and win.calls == ["fullscreen"] and not d.app.toasts
    assert d.app._fullscreen_due is None
