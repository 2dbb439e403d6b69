"""The application: one window with one logical resolution scaled to any size, a scene stack, the frame loop.

Scenes have a clear lifecycle (enter, pause, resume, exit; handle, update, draw) and ``draw`` never changes
state. When nothing moves and no bot is thinking the loop waits for input instead of redrawing, so an idle
table costs almost no CPU.
"""

from __future__ import annotations

import logging
import math
import os
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
MIN_SLEEP = 0.001  # a wait shorter than this is no wait: draw now
POLISH_AFTER = 0.25  # seconds after the last resize until the picture is shown averaged again
MAX_DT = 5.0  # seconds: the longest step a frame's update is given
AUDIO_IDLE_RELEASE = 30.0  # seconds without a frame before the sound device is closed (see App.run)
START_AT = "QUACKS_START_AT"  # "table": start at a table waiting for the human (measuring only, see bench)
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

    def language_changed(self) -> None:
        """The player chose another language (``App.set_language``): rebuild everything that holds words
        (buttons, cached pictures, wrapped lines). By default a scene with a ``layout()`` or ``build()`` of no
        arguments runs it again; a scene that keeps words elsewhere overrides this. The next ``draw`` draws
        everything."""
        import inspect

        for name in ("layout", "build"):
            fn = getattr(self, name, None)
            if callable(fn):
                try:
                    takes_nothing = not any(p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                            p.POSITIONAL_OR_KEYWORD) for p in inspect.signature(fn).parameters.values())
                except (TypeError, ValueError):
                    takes_nothing = False
                if takes_nothing:
                    fn()
                    break
        self.invalidate()

    def wake_in(self) -> float | None:
        """Seconds until the scene has something to do without input (None: nothing until input)."""
        return 0.0 if self.busy() else None


def _prefer_native_framebuffer() -> None:
    """On X11, show the window through X's own shared-memory images, not an OpenGL texture.

    SDL otherwise routes every window-surface update through OpenGL; without a GPU (software Mesa, as under
    Xvfb or in many virtual machines) that made each present cost 6-10 ms, even for a small region, against
    0.2-0.6 ms through X11 (measured, see the closing note of the table issue). Windows already uses its
    native path; Wayland has no native one, so the hint is set for X11 only, and never over the player's own
    ``SDL_FRAMEBUFFER_ACCELERATION``.
    """
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


# the window ------------------------------------------------------------------------------------------------

UNIT = math.gcd(*LOGICAL)  # 120: the canvas is 16 x 9 squares of 120 pixels


def viewport(window: tuple[int, int]) -> tuple[pygame.Rect, int, int]:
    """Where the canvas shows in a window of this size, and at what scale ``p/q``.

    The picture is the largest 16k x 9k rectangle that fits, centred (letterboxed); its scale k/120, in lowest
    terms p/q, maps every q canvas pixels onto exactly p window pixels. So a block of the canvas that starts
    and ends on multiples of q scales to whole window pixels, the same ones it covers in the whole picture:
    changed regions can be scaled alone without seams (1366x768 shows 1360x765, 17/24 of the canvas).
    """
    w, h = window
    k = max(1, min(w * UNIT // LOGICAL[0], h * UNIT // LOGICAL[1]))
    g = math.gcd(k, UNIT)
    vw, vh = LOGICAL[0] * k // UNIT, LOGICAL[1] * k // UNIT
    return pygame.Rect((w - vw) // 2, (h - vh) // 2, vw, vh), k // g, UNIT // g


def align(r: pygame.Rect, q: int) -> pygame.Rect:
    """``r`` grown outwards to multiples of ``q`` (and clipped to the canvas)."""
    x0, y0 = (r.x // q) * q, (r.y // q) * q
    x1, y1 = -(-r.right // q) * q, -(-r.bottom // q) * q
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(0, 0, *LOGICAL)


def merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Fewer rectangles covering the same pixels: two that overlap become one where that scales no more
    pixels than the two apart (a chip in flight leaves its old and new places, mostly overlapping)."""
    out: list[pygame.Rect] = []
    for r in sorted(rects, key=lambda r: (r.y, r.x)):
        while True:
            for i, o in enumerate(out):
                if o.colliderect(r):
                    u = o.union(r)
                    if u.w * u.h <= o.w * o.h + r.w * r.h:
                        del out[i]
                        r = u
                        break
            else:
                break
        out.append(r)
    return out


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
            return fn  # type: ignore[no-any-return]
        return None

    def sleep(self, seconds: float | None, longest: float = 1.0) -> None:
        """Return when an event is waiting or ``seconds`` (None: ``longest``) have passed, whichever is first;
        the fallback returns after at most :data:`POLL_STEP`."""
        s = longest if seconds is None else max(0.0, min(seconds, longest))
        if self._wait is not None:
            self._wait(None, max(1, math.ceil(s * 1000)))  # releases the GIL: bots think on meanwhile
        else:
            time.sleep(min(s, self.POLL_STEP))


class App:
    """The window and the frame loop.

    Scenes draw on one 1920x1080 canvas (``screen``). A window of exactly that size shows the canvas itself
    (it is the window's surface). In a window of any other size the canvas is a surface of its own and
    :meth:`present` scales what changed into the window's surface (letterboxed, see :func:`viewport`), then
    shows just those regions; mouse positions are mapped back to canvas coordinates as events are read.
    Headless (the SDL dummy driver) the same paths run with no window to see.
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
        want = tuple(size) if size else (LOGICAL if self.headless else self.fitting_size())
        self._set_icon()  # before the window opens: some systems take no new icon once it is shown
        self.display = pygame.display.set_mode(want, 0 if self.headless else pygame.RESIZABLE)
        pygame.display.set_caption("Quacks")
        if not self.headless:
            with warnings.catch_warnings():  # the one way to reach set_mode's window in pygame-ce 2.5
                warnings.simplefilter("ignore", DeprecationWarning)
                try:
                    self.window = pygame.Window.from_display_module()
                    self.window.minimum_size = (640, 360)
                except (AttributeError, pygame.error) as e:  # pragma: no cover - older pygame-ce
                    log.info("no window object: %s", e)
        self.screen = self.display
        self.view = pygame.Rect(0, 0, *LOGICAL)
        self.scale = (1, 1)  # p/q: window pixels per canvas pixels
        self._fitted: tuple[int, int] = LOGICAL
        self._rough = False  # nearest pixels for now, see _fit
        self._polish_at: float | None = None  # when the rough picture is shown again averaged
        self._show_all = True  # the next frame shows the whole canvas (a new window surface, an expose)
        self.resizes = 0  # how often the window changed size (each one draws and shows everything)
        self.mouse_pos = (LOGICAL[0] // 2, LOGICAL[1] // 2)
        self.text = text_engine()
        self.text.set_scale(self.settings.ui_scale / 100)
        self.clock = pygame.time.Clock()
        self.clock_now: Callable[[], float] = time.perf_counter  # the loop's clock (tests give their own)
        self.last_update = self.clock_now()  # when the live scenes last updated
        self.scenes: list[Scene] = []
        self.running = True
        self.dirty = True
        self.frame_times: list[float] = []
        self.after_frame: list[Callable[[pygame.Surface], None]] = []
        self.toasts: list[tuple[float, str]] = []
        self._fit(force=True)
        self.sleeper = Sleeper()
        from .sound import Sound

        self.sound = Sound(self.settings.volume, self.settings.mute)
        global _APP
        _APP = self
        self._shown = False
        if self.settings.fullscreen and not self.headless:
            self.toggle_fullscreen()

    @property
    def scaled(self) -> bool:
        """True when the canvas is scaled into a window of another size."""
        return self.screen is not self.display

    def _fit(self, force: bool = False) -> bool:
        """Follow the window's size: the canvas becomes the window's surface at exactly 1920x1080, a surface
        of its own otherwise. True if the size changed (the next frame is drawn and shown whole)."""
        display = pygame.display.get_surface()
        if display is None:  # pragma: no cover - the display was closed under us
            return False
        size = display.get_size()
        if not force and display is self.display and size == self._fitted:
            return False
        self.display = display
        self.view, p, q = viewport(size)
        self.scale = (p, q)
        if size == LOGICAL:
            self.screen = display
        elif self.screen is display or self.screen.get_size() != LOGICAL:
            # a surface of the window's own pixel format: scaling into the window is a plain copy of pixels
            self.screen = pygame.Surface(LOGICAL, 0, display)
        self._fitted = size
        self.resizes += 0 if force else 1
        # while the size changes (a corner dragged), shrink with the nearest pixels: a third of the time of
        # averaging; the picture is averaged once the size has stayed put for POLISH_AFTER seconds (frame)
        self._rough = not force and p < q
        self._polish_at = self.clock_now() + POLISH_AFTER if self._rough else None
        self._restacked()
        self._show_all = True
        return True

    def _set_icon(self) -> None:
        try:
            from ..resources import asset

            path = asset("icons", "quacks-64.png")
            if path.exists():
                icon = pygame.image.load(str(path))
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
        self.dirty = True

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window position in canvas coordinates (outside the picture, in the bars, it is off the canvas)."""
        p, q = self.scale
        return (int((pos[0] - self.view.x) * q // p), int((pos[1] - self.view.y) * q // p))

    def to_window(self, r: pygame.Rect) -> pygame.Rect:
        """A canvas rectangle whose edges are multiples of q, in window pixels."""
        p, q = self.scale
        return pygame.Rect(self.view.x + r.x * p // q, self.view.y + r.y * p // q, r.w * p // q, r.h * p // q)

    def _mapped(self, ev: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its position (and motion) in canvas coordinates."""
        if not self.scaled or ev.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return ev
        d = dict(ev.dict)
        d["pos"] = self.to_canvas(ev.pos)
        if "rel" in d:
            p, q = self.scale
            d["rel"] = (int(round(ev.rel[0] * q / p)), int(round(ev.rel[1] * q / p)))
        return pygame.event.Event(ev.type, d)

    def events(self) -> list[pygame.event.Event]:
        """The events waiting, mouse positions in canvas coordinates."""
        return [self._mapped(ev) for ev in pygame.event.get()]

    @property
    def grid(self) -> int:
        """Changed regions grow to multiples of this many canvas pixels before they are scaled (see
        :meth:`_scale_into`)."""
        p, q = self.scale
        return UNIT if self._tiled() and not self._rough else q

    def _tiled(self) -> bool:
        """Shrinking by p/q with p not a power of two: pygame's smoothscale steps through a row in fixed-point
        steps of q/p that are rounded, and the rounding adds up along the row, so a block scaled alone came out
        up to 15 levels off the same block inside the whole row. Scaling the canvas always in the same
        120 x 120 tiles makes a tile's pixels the same whether it is scaled alone or with all the others."""
        p, q = self.scale
        return p < q and p & (p - 1) != 0

    def _scale_into(self, r: pygame.Rect) -> pygame.Rect:
        """Scale canvas rectangle ``r`` (edges on multiples of :attr:`grid`) into its place in the window;
        that place.

        Growing uses the nearest pixel (exactly the same alone or in the whole picture); shrinking averages
        (smoothscale: each window pixel the mean of the canvas pixels under it, sharper text than nearest).
        """
        w = self.to_window(r)
        if w.w <= 0 or w.h <= 0:
            return w
        p, q = self.scale
        if p >= q or self._rough:
            pygame.transform.scale(self.screen.subsurface(r), w.size, self.display.subsurface(w))
        elif not self._tiled():
            pygame.transform.smoothscale(self.screen.subsurface(r), w.size, self.display.subsurface(w))
        else:
            t = UNIT * p // q
            for y in range(r.y, r.bottom, UNIT):
                for x in range(r.x, r.right, UNIT):
                    dst = self.display.subsurface(self.view.x + x * p // q, self.view.y + y * p // q, t, t)
                    pygame.transform.smoothscale(self.screen.subsurface(x, y, UNIT, UNIT), (t, t), dst)
        return w

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        """Show the canvas (None: all of it) or only ``rects`` of it; nothing at all for an empty list.

        At 1920x1080 the canvas is the window's surface: show it. Otherwise scale the changed regions (grown to
        the scale's grid, see :func:`viewport` and :attr:`grid`) into the window's surface and show only those;
        the whole canvas (after a resize, under overlays) is scaled at once and the bars around it painted.
        """
        bounds = self.screen.get_rect()
        if not self.scaled:
            if rects is None:
                pygame.display.flip()
            else:
                inside = [c for c in (r.clip(bounds) for r in rects) if c.w > 0 and c.h > 0]
                if inside:
                    pygame.display.update(inside)
            return
        if rects is None:
            self._scale_into(pygame.Rect(0, 0, *LOGICAL))
            for bar in self._bars():
                self.display.fill((0, 0, 0), bar)
            pygame.display.flip()
            return
        grid, q = self.grid, self.scale[1]
        changed = [b for b in (align(r.clip(bounds), q) for r in rects) if b.w > 0 and b.h > 0]
        if not changed:
            return
        if grid == q:
            shown = [self._scale_into(b) for b in merge(changed)]
        else:  # whole tiles are scaled, but only the changed blocks in them are new: send the window those
            for b in merge([align(b, grid) for b in changed]):
                self._scale_into(b)
            shown = [self.to_window(b) for b in merge(changed)]
        pygame.display.update(shown)

    def _bars(self) -> list[pygame.Rect]:
        """The parts of the window around the picture."""
        w, h = self.display.get_size()
        v = self.view
        return [r for r in (pygame.Rect(0, 0, w, v.y), pygame.Rect(0, v.bottom, w, h - v.bottom),
                            pygame.Rect(0, v.y, v.x, v.h), pygame.Rect(v.right, v.y, w - v.right, v.h))
                if r.w > 0 and r.h > 0]

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

    def set_language(self, code: str) -> str:
        """Show the game in another language at once ("" follows the system's): every scene on the stack
        rebuilds its words (``Scene.language_changed``) and the next frame draws everything. The language now
        in use."""
        from .. import i18n

        now = i18n.set_language(code)
        for s in list(self.scenes):
            s.language_changed()
        self._restacked()
        self._show_all = True
        return now

    def toast(self, text: str, seconds: float = 3.0) -> None:
        """A short message over everything (``Saved as ...``)."""
        self.toasts.append((self.clock_now() + seconds, text))
        self.dirty = True

    # loop ---------------------------------------------------------------------------------------------
    WINDOW_SIZE_EVENTS = frozenset({pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED, pygame.VIDEORESIZE})
    REDRAW_EVENTS = frozenset({pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWRESTORED,
                               pygame.WINDOWMAXIMIZED})

    def handle(self, event: pygame.event.Event) -> None:
        """Take one event (mouse positions in canvas coordinates, as :meth:`events` gives them)."""
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.quit()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse_pos = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.settings.fullscreen = not self.settings.fullscreen
            self.toggle_fullscreen()
            return
        if event.type in self.WINDOW_SIZE_EVENTS:
            self._fit()  # a new size: the next frame is drawn and shown whole
        if event.type in self.REDRAW_EVENTS:
            self._restacked()  # the window's picture may be gone: show everything again
            self._show_all = True
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
        if self._polish_at is not None and self.clock_now() >= self._polish_at:
            self._rough, self._polish_at = False, None
            rects = None  # the size stayed put: show the whole picture averaged
        if self._show_all:
            self._show_all = False
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
        now = self.clock_now()
        self.toasts = [(t, m) for t, m in self.toasts if t > now]
        for s in self.visible():
            s.invalidate()  # the next frame draws whole, without the toast
        for i, (_, msg) in enumerate(self.toasts):
            self.text.blit(self.screen, msg, (LOGICAL[0] // 2, 60 + i * 34), "sans-semibold", 22, (250, 240, 220),
                           "midtop")

    def busy(self) -> bool:
        return any(s.busy() for s in self.live())

    def wait_time(self, now: float | None = None) -> float | None:
        """Seconds from ``now`` until the next frame is due (0: draw now; None: nothing until input).

        A scene's ``wake_in`` counts from its last ``update`` (a bot's pace and the reveal hold are timers
        that ``update`` counts down), so the time since that update is taken off; toasts end at a fixed time.
        """
        if self.dirty:
            return 0.0
        now = self.clock_now() if now is None else now
        since = max(0.0, now - self.last_update)
        waits = [max(0.0, w - since) for w in (s.wake_in() for s in self.live()) if w is not None]
        if self.toasts:
            waits.append(max(0.0, min(t for t, _ in self.toasts) - now))
        if self._polish_at is not None:
            waits.append(max(0.0, self._polish_at - now))
        return min(waits) if waits else None

    def start_waiting_table(self) -> None:
        """For measuring (``python -m quacks bench`` sets ``QUACKS_START_AT=table``; not for players): start
        the game "New game, Start" starts, with a fixed seed, on top of the title; the bots play until the
        table waits for the human."""
        from .flows import start_match
        from .scenes.newgame import SetupModel

        click_sound()  # as the Start button does
        start_match(self, SetupModel(seed="1").build())

    def _release_audio_when_idle(self) -> None:
        """Close the sound device once nothing was drawn for :data:`AUDIO_IDLE_RELEASE` seconds and nothing
        sounds: an open SDL audio device wakes its thread every buffer (512 frames: ~90 times a second) even
        in silence; the next sound opens it again (``Sound.play`` starts the mixer lazily)."""
        if self.sound.started and self.clock_now() - self.last_update >= AUDIO_IDLE_RELEASE:
            try:
                busy = pygame.mixer.get_busy()
            except pygame.error:  # pragma: no cover - the mixer went away
                busy = False
            if not busy:
                self.sound.close()
                log.info("sound device released after %.0f s without a frame", AUDIO_IDLE_RELEASE)

    def run(self) -> None:
        """The frame loop: draw while something moves; otherwise sleep until input or the next timer."""
        if os.environ.get(START_AT) == "table":
            self.start_waiting_table()
        self.last_update = self.clock_now()
        while self.running and self.scene is not None:
            wait = self.wait_time()
            if wait is None or wait >= MIN_SLEEP:
                # nothing to draw: block until an event or the next timer (a bot's pace, the reveal hold, a
                # toast); no frames, no polling (see Sleeper)
                self._release_audio_when_idle()
                self.sleeper.sleep(wait)
                for ev in self.events():
                    self.handle(ev)
                continue
            for ev in self.events():
                self.handle(ev)
            now = self.clock_now()
            # the real time since the last update: a timer longer than a second (the slow pace, the reveal hold)
            # must not lose time; the bound only keeps a stall (a suspended laptop) from meaning anything
            dt = min(MAX_DT, now - self.last_update)
            self.last_update = now
            self.frame(dt)
            if self.busy():
                self.clock.tick(FPS)
        for s in reversed(self.scenes):
            s.exit()
        self.sound.close()
