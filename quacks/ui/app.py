"""The application: one window with one logical resolution scaled to any size, a scene stack, the frame loop.

Scenes have a clear lifecycle (enter, pause, resume, exit; handle, update, draw) and ``draw`` never changes
state. When nothing moves and no bot is thinking the loop waits for input instead of redrawing, so an idle
table costs almost no CPU.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

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


_APP: App | None = None


def click_sound() -> None:
    """The UI click (a nicety: silent if there is no app or no sound)."""
    if _APP is not None and _APP.sound is not None:
        try:
            _APP.sound.play("click")
        except Exception:  # noqa: BLE001
            pass


class Scene:
    """A screen of the game, or an overlay on one. ``draw`` only reads state; everything else happens in
    handle/update.

    Scenes live on the App's stack. An overlay (``opaque = False``) is drawn over the scenes below it; a
    ``modal`` one keeps their input from them (a non-modal one passes on every event its ``handle`` does
    not claim by returning True); ``pauses_below`` stops the scenes below from updating while it is on top
    (the game waits under a menu; it goes on under the log).
    """

    opaque = True
    modal = True
    pauses_below = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool | None:
        """Take an event; True if it was used (a non-modal overlay passes unused events below)."""
        return None

    def update(self, dt: float) -> None: ...

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the scene; return None (the whole canvas changed) or the rectangles that changed."""
        return None

    def invalidate(self) -> None:
        """The canvas no longer holds this scene's last frame: the next ``draw`` draws everything."""

    def busy(self) -> bool:
        """True while something moves or works, so the loop keeps drawing frames."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until the scene has something to do without input (None: nothing until input)."""
        return 0.0 if self.busy() else None


def _prefer_native_framebuffer() -> None:
    """On X11, show the canvas through X's own shared-memory images, not an OpenGL texture.

    SDL otherwise routes every window-surface update through OpenGL; without a GPU (software Mesa, as under
    Xvfb or in many virtual machines) that made each present cost 6-10 ms, even for a small region, against
    0.2-0.6 ms through X11 (measured, see the closing note of the table issue). Windows already uses its
    native path; Wayland has no native one, so the hint is set for X11 only, and never over the player's own
    ``SDL_FRAMEBUFFER_ACCELERATION``.
    """
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def _renderer_acceleration() -> int:
    """-1 (let SDL pick, a GPU where there is one), or 0 (SDL's own software renderer) on a Linux machine
    with no GPU device at all: there OpenGL is software Mesa, which scaled the canvas more slowly than SDL's
    software renderer (bench-ui at 1280x800 under Xvfb: p99 15.4 ms against 11.6 ms)."""
    choice = os.environ.get("QUACKS_RENDERER", "").lower()  # "software" or "gpu" overrides the guess
    if choice in ("software", "gpu"):
        return 0 if choice == "software" else -1
    if sys.platform.startswith("linux") and not os.path.exists("/dev/dri"):
        return 0
    return -1


class App:
    """The window and the frame loop.

    Scenes draw on one 1920x1080 canvas. In a real window the canvas goes to an SDL texture and the
    renderer scales it to whatever size the window has (letterboxed), mapping the mouse back to canvas
    coordinates; this works with or without a GPU (pygame's SCALED flag does not scale without one).
    Headless (the SDL dummy driver) the canvas is the display surface itself.
    """

    def __init__(self, settings: Settings | None = None, *, size: tuple[int, int] | None = None,
                 headless: bool = False) -> None:
        from ..storage.settings import Settings as _Settings

        self.settings = settings or _Settings()
        self.headless = headless or os.environ.get("SDL_VIDEODRIVER") == "dummy"
        pygame.display.init()
        _prefer_native_framebuffer()
        pygame.font.init()
        self.window: pygame.Window | None = None
        self.renderer: Any = None
        self.texture: Any = None
        want = size or (LOGICAL if self.headless else self.fitting_size())
        if self.headless or tuple(want) == LOGICAL:
            # the window is the canvas: no scaling, and partial updates really are partial
            flags = 0 if self.headless else pygame.RESIZABLE
            self.screen = pygame.display.set_mode(LOGICAL, flags)
            pygame.display.set_caption("Quacks")
        else:
            self._open_scaled(want)
        self._set_icon()
        self.mouse_pos = (LOGICAL[0] // 2, LOGICAL[1] // 2)
        self.text = text_engine()
        self.text.set_scale(self.settings.ui_scale / 100)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.dirty = True
        self.frame_times: list[float] = []
        self.after_frame: list[Callable[[pygame.Surface], None]] = []
        self.toasts: list[tuple[float, str]] = []
        from .sound import Sound

        self.sound = Sound(self.settings.volume, self.settings.mute)
        global _APP
        _APP = self
        self._shown = False
        if self.settings.fullscreen and not self.headless:
            self.toggle_fullscreen()

    def _open_scaled(self, size: tuple[int, int]) -> None:
        """A window of any size showing the canvas through an SDL renderer with a logical size."""
        from pygame._sdl2 import video

        self.window = pygame.Window("Quacks", size, resizable=True)
        self.window.minimum_size = (640, 360)
        self.renderer = video.Renderer(self.window, accelerated=_renderer_acceleration(), vsync=False)
        self.renderer.logical_size = LOGICAL
        self.texture = video.Texture(self.renderer, LOGICAL, streaming=True)
        old = getattr(self, "screen", None)
        self.screen = pygame.Surface(LOGICAL)
        if old is not None:
            self.screen.blit(old, (0, 0))

    def _window_resized(self, size: tuple[int, int]) -> None:
        """The plain window was resized: from now on the renderer scales the canvas."""
        if self.renderer is not None or self.headless or tuple(size) == LOGICAL:
            return
        canvas = self.screen.copy()
        pygame.display.quit()
        pygame.display.init()
        self.screen = canvas
        self._open_scaled(size)
        self._set_icon()
        self.dirty = True

    def _set_icon(self) -> None:
        try:
            from ..resources import asset

            path = asset("icons", "quacks-64.png")
            if path.exists():
                icon = pygame.image.load(str(path))
                if self.window is not None:
                    self.window.set_icon(icon)
                else:
                    pygame.display.set_icon(icon)
        except (pygame.error, FileNotFoundError) as e:  # pragma: no cover - the icon is a nicety
            log.info("no window icon: %s", e)

    @staticmethod
    def fitting_size() -> tuple[int, int]:
        """The largest 16:9 window that fits the desktop (leaving room for panels and title bars)."""
        try:
            dw, dh = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return LOGICAL
        if dw >= LOGICAL[0] and dh >= LOGICAL[1] + 80:
            return LOGICAL
        scale = min((dw * 0.96) / LOGICAL[0], (dh * 0.92) / LOGICAL[1])
        return (int(LOGICAL[0] * scale), int(LOGICAL[1] * scale))

    def resize_window(self, size: tuple[int, int]) -> None:
        if self.window is not None:
            self.window.size = size
            self.window.position = pygame.WINDOWPOS_CENTERED
        else:
            self._window_resized(size)

    def toggle_fullscreen(self) -> None:
        if self.headless:
            return
        if self.window is None:
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error as e:  # pragma: no cover
                log.info("fullscreen not available: %s", e)
            self.dirty = True
            return
        try:
            if self.settings.fullscreen:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
        except pygame.error as e:  # pragma: no cover - depends on the platform
            log.info("fullscreen not available: %s", e)
        self.dirty = True

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        """Show the canvas (or only ``rects`` of it): flip it, or upload it and let the renderer scale it."""
        if self.renderer is None or self.texture is None:
            if rects is None:
                pygame.display.flip()
            elif rects:
                pygame.display.update(rects)
            return
        if rects is None:
            self.texture.update(self.screen)
        else:
            bounds = self.screen.get_rect()
            for r in rects:
                r = r.clip(bounds)
                if r.w > 0 and r.h > 0:
                    # a copy, not the subsurface itself: pygame-ce 2.5 writes a subsurface to the texture's
                    # top-left corner whatever the area says (found as stray pot pieces in a corner)
                    self.texture.update(self.screen.subsurface(r).copy(), r)
        self.renderer.draw_color = (0, 0, 0, 255)
        self.renderer.clear()
        self.texture.draw()
        self.renderer.present()

    # scenes -------------------------------------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.pause()
        self.scenes.append(scene)
        scene.enter()
        self._restacked()

    def pop(self, scene: Scene | None = None) -> None:
        """Close the top scene (or ``scene``, wherever it is on the stack)."""
        if scene is not None and scene in self.scenes and scene is not self.scene:
            self.scenes.remove(scene)
            scene.exit()
            self._restacked()
            return
        if self.scenes:
            self.scenes.pop().exit()
        if self.scene is not None:
            self.scene.resume()
        else:
            self.running = False
        self._restacked()

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()
        self._restacked()

    def replace_below(self, scene: Scene, new: Scene) -> None:
        """Put ``new`` where ``scene`` is, closing ``scene`` and every overlay above it."""
        while self.scenes and self.scenes[-1] is not scene:
            self.scenes.pop().exit()
        self.replace(new)

    def _restacked(self) -> None:
        for s in self.scenes:
            s.invalidate()
        self.dirty = True

    def visible(self) -> list[Scene]:
        """The scenes drawn now: the top opaque scene and the overlays above it."""
        stack = self.scenes
        for i in range(len(stack) - 1, -1, -1):
            if stack[i].opaque:
                return stack[i:]
        return list(stack)

    def live(self) -> list[Scene]:
        """The scenes that update now: the top one, and those below it while no overlay pauses them."""
        out: list[Scene] = []
        for s in reversed(self.visible()):
            out.append(s)
            if s.pauses_below:
                break
        return out

    def quit(self) -> None:
        self.running = False

    def toast(self, text: str, seconds: float = 3.0) -> None:
        """A short message over everything (``Saved as ...``)."""
        self.toasts.append((time.perf_counter() + seconds, text))
        self.dirty = True

    # loop ---------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.quit()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse_pos = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.settings.fullscreen = not self.settings.fullscreen
            self.toggle_fullscreen()
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWRESTORED):
            self._restacked()
        if event.type == pygame.WINDOWRESIZED and self.window is None and not self.headless:
            self._window_resized((event.x, event.y))
            return
        for scene in reversed(self.scenes):
            used = scene.handle(event)
            if scene.modal or used:
                break
        self.dirty = True

    def frame(self, dt: float) -> None:
        if self.scene is None:
            return
        for s in self.live():
            s.update(dt)
        visible = self.visible()
        if not visible:
            return
        t0 = time.perf_counter()
        rects: list[pygame.Rect] | None
        if len(visible) == 1:
            rects = visible[0].draw(self.screen)
        else:
            for s in visible:  # overlays: everything below is drawn whole, then each overlay on top
                s.invalidate()
                s.draw(self.screen)
            rects = None
        if self.toasts:
            rects = None
            self._draw_toasts()
        for fn in self.after_frame:
            fn(self.screen)
            rects = None
        self.frame_times.append(time.perf_counter() - t0)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]
        self.present(rects)
        self.dirty = False
        if not self._shown:
            self._shown = True
            if os.environ.get("QUACKS_STARTUP_MARK"):
                print("first frame drawn", flush=True)
            log.info("first frame drawn")

    def _draw_toasts(self) -> None:
        now = time.perf_counter()
        self.toasts = [(t, m) for t, m in self.toasts if t > now]
        for s in self.visible():
            s.invalidate()  # the next frame draws whole, without the toast
        for i, (_, msg) in enumerate(self.toasts):
            self.text.blit(self.screen, msg, (LOGICAL[0] // 2, 60 + i * 34), "sans-semibold", 22, (250, 240, 220),
                           "midtop")

    def busy(self) -> bool:
        return any(s.busy() for s in self.live())

    def wait_time(self) -> float | None:
        """Seconds the loop may sleep before the next frame (0: draw now; None: until input)."""
        if self.dirty:
            return 0.0
        waits = [w for w in (s.wake_in() for s in self.live()) if w is not None]
        if self.toasts:
            waits.append(max(0.0, min(t for t, _ in self.toasts) - time.perf_counter()))
        return min(waits) if waits else None

    def run(self) -> None:
        last = time.perf_counter()
        while self.running and self.scene is not None:
            wait = self.wait_time()
            if wait is None or wait > 0:
                # nothing moves: sleep until input or the next timer (a bot's pace, a toast), not a frame
                ms = 1000 if wait is None else max(1, min(1000, int(wait * 1000)))
                ev = pygame.event.wait(ms)
                if ev.type != pygame.NOEVENT:
                    self.handle(ev)
                for ev in pygame.event.get():
                    self.handle(ev)
                again = self.wait_time()
                if again is None or again > 0:
                    continue
            for ev in pygame.event.get():
                self.handle(ev)
            now = time.perf_counter()
            dt = min(1.0, now - last)
            last = now
            self.frame(dt)
            if self.busy():
                self.clock.tick(FPS)
        for s in reversed(self.scenes):
            s.exit()
        self.sound.close()
