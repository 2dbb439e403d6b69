"""The window on the desktop: its size and place (remembered between games), fullscreen (F11, and what to do
when the window system does not follow), its icon, and asking the window system itself (X11, Windows) where SDL
cannot tell. ``DesktopWindow`` is that part of the App's window (a mixin of ``window.Window``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import sys
from typing import Any

import pygame

from ..resources import asset
from .window_geometry import LOGICAL, MIN_WINDOW

#: seconds the window system gets to make the window fullscreen (F11) before the game stays windowed and says so
FULLSCREEN_CHECK = 1.5
log = logging.getLogger("quacks.ui")


def system_window_size() -> tuple[int, int] | None:
    """The size of the game's window as the window system has it, where it can be asked (X11, Windows); None
    elsewhere. SDL reports the size it asked for: after a fullscreen request that no window manager carried out
    (X11 without one, or one that ignores it) SDL says "desktop size" while the window on screen kept its size."""
    try:
        info = pygame.display.get_wm_info()
        driver = pygame.display.get_driver()
    except pygame.error:
        return None
    handle = info.get("window")
    if not isinstance(handle, int):
        return None
    try:
        if driver == "x11":
            return _x11_size(handle)
        if driver == "windows":
            return _win32_size(handle)
    except (OSError, AttributeError, ValueError) as e:  # pragma: no cover - no such library here
        log.info("the window's size cannot be asked: %s", e)
    return None


def _x11_size(window: int) -> tuple[int, int] | None:
    """XGetGeometry of ``window`` over a connection of our own (SDL's own is not shared)."""
    name = ctypes.util.find_library("X11")
    if name is None:
        return None
    x11 = ctypes.CDLL(name)
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    uint = ctypes.POINTER(ctypes.c_uint)
    x11.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                                 ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int), uint, uint, uint, uint]
    dpy = x11.XOpenDisplay(None)
    if not dpy:
        return None
    try:
        root, x, y = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_int()
        w, h, border, depth = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
        if not x11.XGetGeometry(dpy, window, ctypes.byref(root), ctypes.byref(x), ctypes.byref(y), ctypes.byref(w),
                                ctypes.byref(h), ctypes.byref(border), ctypes.byref(depth)):
            return None
        return (int(w.value), int(h.value))
    finally:
        x11.XCloseDisplay(dpy)


def _win32_size(hwnd: int) -> tuple[int, int] | None:  # pragma: no cover - Windows only
    if sys.platform != "win32":  # (SDL's windows driver runs only there; ctypes.windll is Windows' own)
        return None
    from ctypes import wintypes  # (Windows' own types: imported where they are used, on Windows only)

    rect = wintypes.RECT()
    if not ctypes.windll.user32.GetClientRect(wintypes.HWND(hwnd), ctypes.byref(rect)):
        return None
    return (int(rect.right - rect.left), int(rect.bottom - rect.top))


def prefer_native_framebuffer() -> None:
    """On X11, show the window through X's own shared-memory images, not an OpenGL texture.

    SDL otherwise routes every window-surface update through OpenGL; without a GPU (software Mesa, as under
    Xvfb or in many virtual machines) that made each present cost 6-10 ms, even for a small region, against
    0.2-0.6 ms through X11 (measured, see the closing note of the table issue). Windows already uses its
    native path; Wayland has no native one, so the hint is set for X11 only, and never over the player's own
    ``SDL_FRAMEBUFFER_ACCELERATION``.
    """
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class DesktopWindow:
    """The window's size, place and fullscreen on the desktop (the App sets up the attributes it uses)."""

    display: pygame.Surface
    window: Any
    headless: bool
    settings: Any
    dirty: bool
    clock_now: Any
    _fullscreen_due: float | None = None  # fullscreen was asked for: by then the window must have the desktop's size
    _windowed_size: tuple[int, int] = (0, 0)  # the window's size when fullscreen was asked for

    def _fit(self, force: bool = False) -> bool:
        raise NotImplementedError  # the Window's: follow the window's size

    def _set_icon(self) -> None:
        try:
            path = asset("icons", "quacks-64.png")
            if path.exists():
                icon = pygame.image.load(str(path))
                pygame.display.set_icon(icon)
        except (pygame.error, FileNotFoundError) as e:  # pragma: no cover - the icon is a nicety
            log.info("no window icon: %s", e)

    @staticmethod
    def fitting_size() -> tuple[int, int]:
        """The largest 16:9 window that fits the desktop (leaving room for panels and title bars), at least
        :data:`MIN_WINDOW`."""
        try:
            dw, dh = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return LOGICAL
        if dw >= LOGICAL[0] and dh >= LOGICAL[1] + 80:
            return LOGICAL
        scale = min((dw * 0.96) / LOGICAL[0], (dh * 0.92) / LOGICAL[1])
        return (max(MIN_WINDOW[0], int(LOGICAL[0] * scale)), max(MIN_WINDOW[1], int(LOGICAL[1] * scale)))

    def resize_window(self, size: tuple[int, int]) -> None:
        """Ask for a window of ``size`` (the size follows when the window system says so)."""
        if self.window is not None:
            self.window.size = size
            self.window.position = pygame.WINDOWPOS_CENTERED
        else:  # headless: a display of the new size at once
            self.display = pygame.display.set_mode(size, 0)
            self._fit()

    def toggle_fullscreen(self) -> None:
        """Fullscreen (the desktop's size, no change of video mode) or back to the window, as the settings say;
        the size change that follows draws everything again."""
        if self.headless:
            return
        self._windowed_size = self._shown_size()
        try:
            if self.window is None:  # pragma: no cover - older pygame-ce
                pygame.display.toggle_fullscreen()
            elif self.settings.fullscreen:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
        except pygame.error as e:  # pragma: no cover - depends on the platform
            log.info("fullscreen not available: %s", e)
        self._fit()
        self._fullscreen_due = self.clock_now() + FULLSCREEN_CHECK if self.settings.fullscreen else None
        self.dirty = True

    def _shown_size(self) -> tuple[int, int]:
        """The window's size as shown: the window system's where it can say (:func:`system_window_size`), else
        SDL's."""
        real = system_window_size() if not self.headless else None
        if real is not None:
            return real
        surface = pygame.display.get_surface()
        return surface.get_size() if surface is not None else (0, 0)

    def fullscreen_refused(self, now: float) -> tuple[int, int] | None:
        """After F11: whether the window took the desktop's size (or any new size). Once it has, nothing more is
        asked; if it has not within :data:`FULLSCREEN_CHECK` seconds (a window manager that ignores the request),
        the window goes back to windowed and the fullscreen setting off: the size it kept is returned, for the
        player to be told. None otherwise."""
        if self._fullscreen_due is None or now < self._fullscreen_due:
            return None
        self._fullscreen_due = None
        size = self._shown_size()
        try:
            desktops = [tuple(d) for d in pygame.display.get_desktop_sizes()]
        except pygame.error:  # pragma: no cover - no display
            desktops = []
        if size in desktops or size != self._windowed_size:  # (a scaled desktop may report another size)
            return None
        log.warning("fullscreen did not take (the window stayed %sx%s, the desktop is %s): staying windowed",
                    size[0], size[1], desktops)
        self.settings.fullscreen = False
        try:
            if self.window is not None:
                self.window.set_windowed()
        except pygame.error as e:  # pragma: no cover - depends on the platform
            log.info("back to the window: %s", e)
        self._fit()
        self.dirty = True
        return (int(size[0]), int(size[1]))

    def _remembered_size(self) -> tuple[int, int]:
        """The window's size when the game last closed, if it still fits the desktop; else one that fits."""
        want = getattr(self.settings, "window_size", None)
        try:
            dw, dh = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            dw, dh = LOGICAL
        if want and MIN_WINDOW[0] <= want[0] <= dw and MIN_WINDOW[1] <= want[1] <= dh:
            return (int(want[0]), int(want[1]))
        return self.fitting_size()

    def _restore_position(self) -> None:
        pos = getattr(self.settings, "window_pos", None)
        if self.window is None or not pos or self.settings.fullscreen:
            return
        try:
            dw, dh = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return
        x, y = int(pos[0]), int(pos[1])
        w, h = self.window.size
        if -w // 2 < x < dw - 80 and 0 <= y < dh - 80:  # the title bar on a screen that is there now
            self.window.position = (x, y)

    def remember_window(self) -> None:
        """Keep the window's size and place in the settings (not in fullscreen: the window's own)."""
        if self.window is None or self.headless or self.settings.fullscreen:
            return
        try:
            self.settings.window_size = tuple(self.window.size)
            self.settings.window_pos = tuple(self.window.position)
        except (AttributeError, pygame.error) as e:  # pragma: no cover - depends on the platform
            log.info("window place not known: %s", e)

