"""The application: one window with one logical resolution scaled to any size, a scene stack, the frame loop.

Scenes have a clear lifecycle (enter, pause, resume, exit; handle, update, draw) and ``draw`` never changes
state. When nothing moves and no bot is thinking the loop waits for input instead of redrawing, so an idle
table costs almost no CPU.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import warnings  # noqa: E402

warnings.filterwarnings("ignore", message="no fast renderer available")

import pygame  # noqa: E402

from .text import Text  # noqa: E402

if TYPE_CHECKING:  # pragma: no cover
    from ..storage.settings import Settings

LOGICAL = (1920, 1080)
FPS = 60
log = logging.getLogger("quacks.ui")

_TEXT: Text | None = None


def text_engine() -> Text:
    """The process-wide text renderer (fonts need pygame.font initialised)."""
    global _TEXT
    if _TEXT is None:
        if not pygame.font.get_init():
            pygame.font.init()
        _TEXT = Text()
    return _TEXT


class Scene:
    """A screen of the game. ``draw`` only reads state; everything else happens in handle/update."""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surf: pygame.Surface) -> None: ...

    def busy(self) -> bool:
        """True while something moves or works, so the loop keeps drawing frames."""
        return False


class App:
    def __init__(self, settings: Settings | None = None, *, size: tuple[int, int] | None = None,
                 headless: bool = False) -> None:
        from ..storage.settings import Settings as _Settings

        self.settings = settings or _Settings()
        self.headless = headless
        pygame.display.init()
        pygame.font.init()
        flags = pygame.SCALED | pygame.RESIZABLE
        self.screen = pygame.display.set_mode(LOGICAL, flags, vsync=0)
        pygame.display.set_caption("Quacks")
        self._set_icon()
        if size is not None and not headless:
            self.resize_window(size)
        self.text = text_engine()
        self.text.set_scale(self.settings.ui_scale / 100)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.dirty = True
        self.frame_times: list[float] = []
        self.after_frame: list[Callable[[pygame.Surface], None]] = []
        self.sound = None
        if self.settings.fullscreen and not headless:
            self.toggle_fullscreen()

    def _set_icon(self) -> None:
        try:
            from ..resources import asset

            path = asset("icons", "quacks-64.png")
            if path.exists():
                pygame.display.set_icon(pygame.image.load(str(path)))
        except (pygame.error, FileNotFoundError) as e:  # pragma: no cover - the icon is a nicety
            log.info("no window icon: %s", e)

    def resize_window(self, size: tuple[int, int]) -> None:
        try:
            win = pygame.Window.from_display_module()
            win.size = size
        except (pygame.error, AttributeError) as e:  # pragma: no cover
            log.info("cannot resize the window: %s", e)

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as e:  # pragma: no cover - depends on the platform
            log.info("fullscreen not available: %s", e)
        self.dirty = True

    # scenes -------------------------------------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.pause()
        self.scenes.append(scene)
        scene.enter()
        self.dirty = True

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        if self.scene is not None:
            self.scene.resume()
        else:
            self.running = False
        self.dirty = True

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()
        self.dirty = True

    def quit(self) -> None:
        self.running = False

    # loop ---------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.settings.fullscreen = not self.settings.fullscreen
            self.toggle_fullscreen()
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWRESTORED):
            self.dirty = True
        if self.scene is not None:
            self.scene.handle(event)
        self.dirty = True

    def frame(self, dt: float) -> None:
        scene = self.scene
        if scene is None:
            return
        scene.update(dt)
        t0 = time.perf_counter()
        scene.draw(self.screen)
        for fn in self.after_frame:
            fn(self.screen)
        self.frame_times.append(time.perf_counter() - t0)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]
        pygame.display.flip()
        self.dirty = False

    def run(self) -> None:
        last = time.perf_counter()
        while self.running and self.scene is not None:
            scene = self.scene
            if not self.dirty and not scene.busy():
                # idle: wait for input (or a periodic wake-up) instead of drawing frames
                ev = pygame.event.wait(250)
                if ev.type != pygame.NOEVENT:
                    self.handle(ev)
                for ev in pygame.event.get():
                    self.handle(ev)
                last = time.perf_counter()
                if not self.dirty and not scene.busy():
                    continue
            for ev in pygame.event.get():
                self.handle(ev)
            now = time.perf_counter()
            dt = min(0.1, now - last)
            last = now
            self.frame(dt)
            self.clock.tick(FPS)
        for s in reversed(self.scenes):
            s.exit()
