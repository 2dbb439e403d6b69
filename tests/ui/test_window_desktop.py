"""The window on the desktop: F11 checks that the window took the new size, and if it did not, the game stays
windowed and says so; the window's size and place are remembered, and a remembered size is used only where it
still fits the desktop."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quacks.storage.settings import Settings
from quacks.ui import window_desktop
from quacks.ui.app import App
from quacks.ui.scenes.title import TitleScene

from .driver import Driver


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
    assert d.app.wait_time(now[0]) == pytest.approx(window_desktop.FULLSCREEN_CHECK)  # the loop wakes to look again
    now[0] += window_desktop.FULLSCREEN_CHECK + 0.1
    d.frames(1)
    assert not d.app.settings.fullscreen and win.calls == ["fullscreen", "windowed"]
    said = [m for _t, m in d.app.toasts]
    assert said and said[-1].startswith("Fullscreen did not work here") and "F11" in said[-1]


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
    monkeypatch.setattr(window_desktop, "system_window_size", lambda: (1000, 640))
    f11(d)
    now[0] += window_desktop.FULLSCREEN_CHECK + 0.1
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
    now[0] += window_desktop.FULLSCREEN_CHECK + 0.1
    d.frames(1)
    assert d.app.settings.fullscreen and win.calls == ["fullscreen"] and not d.app.toasts
    assert d.app._fullscreen_due is None


def test_the_window_size_and_place_are_kept_and_checked() -> None:
    s, notes = Settings.from_data({"window_size": [1400, 900], "window_pos": [-20, 40]})
    assert s.window_size == (1400, 900) and s.window_pos == (-20, 40) and not notes
    for bad in ({"window_size": [0, 900]}, {"window_size": "big"}, {"window_pos": [1, 2, 3]},
                {"window_size": [10**9, 5]}):
        s, notes = Settings.from_data(bad)
        assert s.window_size is None and s.window_pos is None and notes


def test_a_new_window_opens_at_the_size_it_had_when_it_fits_the_desktop(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(Settings(window_size=(1400, 900)), size=(1280, 800), headless=True)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    assert app._remembered_size() == (1400, 900)
    app.settings.window_size = (2560, 1600)  # larger than this desktop: a size that fits instead
    assert app._remembered_size() == app.fitting_size()
    app.settings.window_size = (800, 500)  # under the smallest window the game allows
    assert app._remembered_size() == app.fitting_size()
    app.settings.window_size = None
    assert app._remembered_size() == app.fitting_size() and app.fitting_size()[0] >= 1000
