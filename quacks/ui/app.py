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

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import warnings  # noqa: E402

warnings.filterwarnings("ignore", message="no fast renderer available")

import pygame  # noqa: E402

from .. import i18n  # noqa: E402
from ..i18n import _  # noqa: E402
from ..storage.settings import Settings  # noqa: E402
from .keys import Act, Binding, dispatch  # noqa: E402
from .scene import Scene  # noqa: E402
from .sleeper import Sleeper  # noqa: E402
from .sound import Sound, audio_release_seconds  # noqa: E402
from .text import Text  # noqa: E402
from .toasts import Toasts  # noqa: E402
from .window import Window  # noqa: E402
from .window_desktop import prefer_native_framebuffer  # noqa: E402
from .window_geometry import LOGICAL, MIN_WINDOW, geometry  # noqa: E402

#: what the screens take from here (``Scene`` is imported with ``App`` throughout)
__all__ = ["App", "Scene", "canvas_rect", "click_sound", "text_engine"]

FPS = 60
MIN_SLEEP = 0.001  # a wait shorter than this is no wait: draw now
MAX_DT = 5.0  # seconds: the longest step a frame's update is given
log = logging.getLogger("quacks.ui")

_TEXT: Text | None = None


def text_engine() -> Text:
    """The process-wide text renderer (fonts need pygame.font initialised)."""
    global _TEXT
    if not pygame.font.get_init():  # first use, or pygame was quit and started again: fonts made before are dead
        pygame.font.init()
        if _TEXT is not None:
            _TEXT.forget_fonts()
    if _TEXT is None:
        _TEXT = Text()
    return _TEXT


_APP: App | None = None


def canvas_rect() -> pygame.Rect:
    """The part of the canvas the window shows now (what a scene lays out in); 1920x1080 with no App."""
    return pygame.Rect(0, 0, *(_APP.canvas_size if _APP is not None else LOGICAL))


def click_sound() -> None:
    """The UI click (a nicety: silent if there is no app or no sound)."""
    if _APP is not None and _APP.sound is not None:
        try:
            _APP.sound.play("click")
        except Exception:  # noqa: BLE001
            pass


class App(Window, Toasts):
    """The window and the frame loop.

    Scenes draw on a canvas (``screen``) that fills the window (:func:`geometry`): the table (a scene with
    ``native = True``) at one canvas pixel per window pixel up to 2560x1440, where the canvas is the window's
    own surface; the other screens on at least the 1920x1080 they were drawn for. Where the canvas is a
    surface of its own, :meth:`present` scales what changed into the window's surface, then shows just those
    regions; mouse positions are mapped back to canvas coordinates as events are read. Headless (the SDL dummy
    driver) the same paths run with no window to see.
    """

    def __init__(self, settings: Settings | None = None, *, size: tuple[int, int] | None = None,
                 headless: bool = False) -> None:
        self.settings = settings or Settings()
        self.headless = headless or os.environ.get("SDL_VIDEODRIVER") == "dummy"
        pygame.display.init()
        prefer_native_framebuffer()
        fonts_alive = pygame.font.get_init()
        pygame.font.init()
        if not fonts_alive and _TEXT is not None:
            _TEXT.forget_fonts()  # pygame was quit (a test, a second App): the fonts made before are dead
        self.window: pygame.Window | None = None
        want = tuple(size) if size else (LOGICAL if self.headless else self._remembered_size())
        self._set_icon()  # before the window opens: some systems take no new icon once it is shown
        self.display = pygame.display.set_mode(want, 0 if self.headless else pygame.RESIZABLE)
        pygame.display.set_caption("Quacks")
        if not self.headless:
            with warnings.catch_warnings():  # the one way to reach set_mode's window in pygame-ce 2.5
                warnings.simplefilter("ignore", DeprecationWarning)
                try:
                    self.window = pygame.Window.from_display_module()
                    self.window.minimum_size = MIN_WINDOW
                    self._restore_position()
                except (AttributeError, pygame.error) as e:  # pragma: no cover - older pygame-ce
                    log.info("no window object: %s", e)
        self.screen = self.display
        self.geo = geometry(self.display.get_size(), False)
        self.view = pygame.Rect(0, 0, *LOGICAL)
        self.scale = (1, 1)  # p/q: window pixels per canvas pixels
        self._fitted: tuple[int, int] = LOGICAL
        self._rough = False  # nearest pixels for now, see _fit
        self._polish_at: float | None = None  # when the rough picture is shown again averaged
        self._settle_at: float | None = None  # when a native scene lays out for its window's new size (Window)
        self._stretch_rows: list[pygame.Rect] = []
        self._show_all = True  # the next frame shows the whole canvas (a new window surface, an expose)
        self.resizes = 0  # how often the window changed size (each one draws and shows everything)
        self._unshown: list[pygame.Rect] = []  # canvas bands a new window surface has not shown yet (Window)
        self.mouse_pos = (self.canvas_size[0] // 2, self.canvas_size[1] // 2)
        self.scenes: list[Scene] = []
        self.text = text_engine()
        self.apply_text_scale()
        self.clock = pygame.time.Clock()
        self.clock_now: Callable[[], float] = time.perf_counter  # the loop's clock (tests give their own)
        self.last_update = self.clock_now()  # when the live scenes last updated
        self.running = True
        self.dirty = True
        self.frame_times: list[float] = []
        self.after_frame: list[Callable[[pygame.Surface], None]] = []
        self.toasts: list[tuple[float, str]] = []
        self.no_saves = False  # a window that writes nothing of the home (a second window, shots, self-test)
        self._fit(force=True)
        self.sleeper = Sleeper()
        self.audio_release = audio_release_seconds()  # seconds without a frame before the sound device closes
        self.sound = Sound(self.settings.volume, self.settings.mute)
        self.make_current()
        self._shown = False
        if self.settings.fullscreen and not self.headless:
            self.toggle_fullscreen()

    # scenes -------------------------------------------------------------------------------------------
    def make_current(self) -> None:
        """This app is the one ``canvas_rect()`` and the click sound answer for (the newest, or the layout check's)."""
        global _APP
        _APP = self

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

    def back_to(self, kind: type[Scene], make: Callable[[], Scene]) -> None:
        """Close scenes down to the nearest one of ``kind`` (it resumes); if there is none, put ``make()`` in
        place of the top scene (the title under a table: "Quit to title" returns to it, not a second one)."""
        if not any(isinstance(s, kind) for s in self.scenes):
            self.replace(make())
            return
        while not isinstance(self.scenes[-1], kind):
            self.scenes.pop().exit()
        self.scenes[-1].resume()
        self._restacked()

    def _restacked(self) -> None:
        if self._wants_native() != self.geo.native:
            self._fit(force=True)  # the screen on top fills the window its own way (and calls back here)
            return
        for s in self.scenes:
            s.invalidate()
        self.dirty = True

    def _wants_native(self) -> bool:
        """Whether the screen shown now (the top opaque scene) lays out at the window's own size."""
        shown = self.visible() if self.scenes else []
        return bool(shown) and bool(getattr(shown[0], "native", False))

    def _canvas_changed(self) -> None:
        self.apply_text_scale()
        for s in list(self.scenes):
            s.canvas_changed()

    def apply_text_scale(self) -> None:
        """The text engine's scale: the UI scale setting."""
        self.text.set_scale(self.settings.ui_scale / 100)

    def bindings(self) -> list[Binding]:
        """The window's own key (F11: fullscreen), before any scene's."""
        return [Binding(Act.FULLSCREEN, self.flip_fullscreen, target="fullscreen")]

    def flip_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.toggle_fullscreen()

    def key_map(self) -> list[tuple[Scene | None, list[Binding]]]:
        """What the keys do now, as a key press travels: the window's own, then each scene's from the top down to
        the first modal one (a key goes to the first of them that owns it)."""
        out: list[tuple[Scene | None, list[Binding]]] = [(None, self.bindings())]
        for scene in reversed(self.scenes):
            out.append((scene, scene.bindings()))
            if scene.modal:
                break
        return out

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
        now = i18n.set_language(code)
        notice = i18n.take_notice()  # a damaged catalogue (English is shown), said once
        if notice:
            self.toast(notice, 10.0)
        for s in list(self.scenes):
            s.language_changed()
        # every scene writes its tooltip for the mouse anew, in the new language (they keep it as text; one under
        # another shows it again when it is on top)
        still = pygame.event.Event(pygame.MOUSEMOTION, pos=self.mouse_pos, rel=(0, 0), buttons=(0, 0, 0))
        for s in list(self.scenes):
            s.handle(still)
        self._restacked()
        self._show_all = True
        return now

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
        if dispatch(event, self.bindings()):
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
        if self._settle_at is not None and self.clock_now() >= self._settle_at:
            self._fit(force=True)  # the window kept its size: the table lays itself out for it
        self._check_fullscreen()
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
        self.dirty = self.showing_first  # a new window surface shown band by band: the next band next frame
        if not self._shown:
            self._shown = True
            if os.environ.get("QUACKS_STARTUP_MARK"):
                print("first frame drawn", flush=True)
            log.info("first frame drawn")

    def _check_fullscreen(self) -> None:
        """F11 that the window system did not follow: the game stays windowed and says so."""
        kept = self.fullscreen_refused(self.clock_now())
        if kept is not None:
            self.toast(_("Fullscreen did not work here: the window kept its size ({width}x{height}). The game stays "
                         "in a window; F11 tries again.").format(width=kept[0], height=kept[1]), 8.0)

    def busy(self) -> bool:
        return self.showing_first or any(s.busy() for s in self.live())

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
        if self._settle_at is not None:
            waits.append(max(0.0, self._settle_at - now))
        if self._fullscreen_due is not None:
            waits.append(max(0.0, self._fullscreen_due - now))
        return min(waits) if waits else None

    def _release_audio_when_idle(self) -> None:
        """Close the sound device once nothing was drawn for ``audio_release`` seconds (:data:`AUDIO_IDLE_RELEASE`)
        and nothing sounds: an open SDL audio device wakes its thread every buffer (512 frames: ~90 times a
        second) even in silence; the next sound opens it again (``Sound.play`` starts the mixer lazily)."""
        if self.sound.started and self.clock_now() - self.last_update >= self.audio_release:
            try:
                busy = pygame.mixer.get_busy()
            except pygame.error:  # pragma: no cover - the mixer went away
                busy = False
            if not busy:
                self.sound.close()
                log.info("sound device released after %g s without a frame", self.audio_release)

    def run(self) -> None:
        """The frame loop: draw while something moves; otherwise sleep until input or the next timer."""
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
        self.remember_window()
        for s in reversed(self.scenes):
            s.exit()
        self.sound.close()
