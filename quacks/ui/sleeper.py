"""Sleeping until input or a timer, in SDL itself (pygame's own wait polls every millisecond)."""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable
from typing import Any

import pygame

log = logging.getLogger("quacks.ui")


class Sleeper:
    """Sleeps until input (or any SDL event) arrives or a time has passed, without polling.

    ``pygame.event.wait(timeout)`` does not sleep: pygame-ce pumps the queue and sleeps 1 ms in a loop until
    an event or the timeout (``_pg_event_wait`` in src_c/event.c, with or without a timeout), so an idle game
    woke about 920 times a second. SDL's own ``SDL_WaitEventTimeout`` blocks in the system (X11: poll on the X
    connection; Windows, macOS and Wayland have their own) and wakes for input, window events and events
    pushed from other threads or timers. pygame does not expose it, so it is called through ctypes, in the very
    SDL library pygame loaded (``SDL_WasInit`` must say that library's video is running), with a NULL event so
    the event stays in the queue for ``pygame.event.get``.

    Where that cannot be done (no such library found, or a video driver that cannot wait, such as the dummy
    one) it sleeps in steps of at most :data:`POLL_STEP` and lets the loop look for events in between: about
    17 wake-ups a second (input waits 60 ms at most).
    """

    POLL_STEP = 0.06
    WAITING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})

    def __init__(self) -> None:
        self._wait: Callable[[Any, int], int] | None = None
        self.how = "poll every 60 ms"
        try:
            if pygame.display.get_driver() in self.WAITING_DRIVERS:
                self._wait = self._sdl_wait()
        except Exception as e:  # noqa: BLE001 - only the way of sleeping changes
            log.info("SDL_WaitEventTimeout not available (%s): polling every 60 ms", e)
        if self._wait is not None:
            self.how = "SDL_WaitEventTimeout"

    @staticmethod
    def _candidates() -> list[str]:
        """Paths of the SDL 2 library pygame uses: the loaded one on Linux, pygame's own elsewhere."""
        out: list[str] = []
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as f:
                for line in f:
                    path = line.split(maxsplit=5)[-1].strip()
                    if "/" in path and os.path.basename(path).startswith("libSDL2-2") and path not in out:
                        out.append(path)
        except OSError:
            pass
        here = os.path.dirname(pygame.__file__)
        out += [os.path.join(here, "SDL2.dll"), os.path.join(here, ".dylibs", "libSDL2-2.0.0.dylib")]
        return [p for p in out if os.path.exists(p)]

    @classmethod
    def _sdl_wait(cls) -> Callable[[Any, int], int] | None:
        import ctypes

        noload = getattr(os, "RTLD_NOLOAD", 0)  # never load a second SDL: only find the one already loaded
        for path in cls._candidates():
            try:
                lib = ctypes.CDLL(path, mode=noload | getattr(os, "RTLD_LAZY", 0)) if noload else ctypes.CDLL(path)
            except OSError:
                continue
            was_init = lib.SDL_WasInit
            was_init.restype = ctypes.c_uint32
            was_init.argtypes = [ctypes.c_uint32]
            if not was_init(0x20):  # SDL_INIT_VIDEO: not the library pygame runs
                continue
            fn = lib.SDL_WaitEventTimeout
            fn.restype = ctypes.c_int
            fn.argtypes = [ctypes.c_void_p, ctypes.c_int]
            return fn
        return None

    def sleep(self, seconds: float | None, longest: float = 1.0) -> None:
        """Return when an event is waiting or ``seconds`` (None: ``longest``) have passed, whichever is first;
        the fallback returns after at most :data:`POLL_STEP`."""
        s = longest if seconds is None else max(0.0, min(seconds, longest))
        if self._wait is not None:
            self._wait(None, max(1, math.ceil(s * 1000)))  # releases the GIL: bots think on meanwhile
        else:
            time.sleep(min(s, self.POLL_STEP))
