"""The window: a canvas that fills a window of any size and shape, presenting only what changed.

``Window`` is the App's window half (a mixin): fitting the canvas to the window (:func:`geometry`: the
table draws one canvas pixel per window pixel up to 1920x1080 and lays itself out in whatever shape the
window has; the other screens keep at least the 1920x1080 they were drawn for), fullscreen, mapping the
mouse back to the canvas, and :meth:`Window.present`, which scales the changed regions into the window.
"""

from __future__ import annotations

import logging
import math
import os
import sys
from dataclasses import dataclass
from typing import Any

import pygame

LOGICAL = (1920, 1080)  # the size the screens were drawn for; the table lays out in any size
POLISH_AFTER = 0.25  # seconds after the last resize until the picture is shown averaged again
#: seconds a window that a native scene (the table) fills must keep its new size before the scene lays itself out
#: for it; meanwhile (a corner dragged) the last picture is stretched to the window: laying the table out anew
#: takes tens of milliseconds, stretching a picture a few
SETTLE_AFTER = 0.3
#: window pixels a frame shows for the first time after the window got a new surface (see ``Window._bands``):
#: about 10 ms at the ~5 ns a pixel that the first write and the first send of a fresh buffer cost under Xvfb
FIRST_SHOW_PIXELS = 2_000_000
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
    import ctypes
    import ctypes.util

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
    import ctypes
    from ctypes import wintypes

    rect = wintypes.RECT()
    if not ctypes.windll.user32.GetClientRect(wintypes.HWND(hwnd), ctypes.byref(rect)):
        return None
    return (int(rect.right - rect.left), int(rect.bottom - rect.top))


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

UNIT = math.gcd(*LOGICAL)  # 120: scales are k/120, and the canvas is scaled in tiles of 120 x 120
MAX_P = 8  # a scale p/q in lowest terms has p <= 8: the window's last row and column lose less than 8 pixels
NICE_K = tuple(k for k in range(1, 4 * UNIT + 1) if k // math.gcd(k, UNIT) <= MAX_P)
MIN_WINDOW = (1000, 640)  # the smallest window the game allows (issue: a layout from 1000x640 up)
MENU_LEAST = 2 / 3  # the screens other than the table are shown at least this large


@dataclass(frozen=True)
class Geometry:
    """How the canvas fills a window: ``canvas`` is the surface the scenes draw on (whole multiples of q),
    ``visible`` the part of it the window shows (scenes lay out in that), scaled by p/q canvas pixels to
    window pixels. There are no bars: the picture always fills the window, and the canvas reaches past the
    window's right and bottom edges by less than one window pixel in ``MAX_P``.

    ``native``: the table's way, one canvas pixel per window pixel up to 1920x1080, larger windows scaled
    up (text is never shrunk: it stays sharp and at least its size). Otherwise the screens' way: the
    1920x1080 they were drawn for scaled to the window, the extra room where the window's shape has it, and
    never shown smaller than :data:`MENU_LEAST` (below 1280 wide, the canvas is narrower than 1920).
    """

    window: tuple[int, int]
    canvas: tuple[int, int]
    visible: tuple[int, int]
    p: int
    q: int
    native: bool


def nice_scale(f: float) -> tuple[int, int]:
    """The largest scale k/120 not above ``f`` whose lowest terms p/q have p <= MAX_P (at least 1/120)."""
    raw = int(f * UNIT + 1e-9)
    k = max((n for n in NICE_K if n <= raw), default=1)
    g = math.gcd(k, UNIT)
    return k // g, UNIT // g


def geometry(window: tuple[int, int], native: bool) -> Geometry:
    """The canvas for a window of this size (see :class:`Geometry`)."""
    w, h = max(1, window[0]), max(1, window[1])
    f = min(w / LOGICAL[0], h / LOGICAL[1])
    # the screens are never shown smaller than 2/3 (as in a 1280x720 window): their text stays readable, and a
    # smaller window gives them a canvas narrower than 1920 (at least 1500x960 in the smallest window)
    p, q = nice_scale(max(1.0, f) if native else max(MENU_LEAST, f))
    visible = (w * q // p, h * q // p)
    cover = (-(-w * q // p), -(-h * q // p))  # canvas pixels that cover the window
    canvas = (-(-cover[0] // q) * q, -(-cover[1] // q) * q)
    return Geometry((w, h), canvas, visible, p, q, native)


def viewport(window: tuple[int, int], native: bool = False) -> tuple[pygame.Rect, int, int]:
    """Where the canvas shows in a window of this size, and at what scale ``p/q``: from the window's top-left
    corner, covering it (see :func:`geometry`). Every q canvas pixels map onto exactly p window pixels, so a
    block of the canvas that starts and ends on multiples of q scales to whole window pixels, the same ones it
    covers in the whole picture: changed regions can be scaled alone without seams."""
    geo = geometry(window, native)
    return pygame.Rect(0, 0, geo.canvas[0] * geo.p // geo.q, geo.canvas[1] * geo.p // geo.q), geo.p, geo.q


def align(r: pygame.Rect, q: int, bounds: tuple[int, int] = LOGICAL) -> pygame.Rect:
    """``r`` grown outwards to multiples of ``q`` (and clipped to the canvas of size ``bounds``)."""
    x0, y0 = (r.x // q) * q, (r.y // q) * q
    x1, y1 = -(-r.right // q) * q, -(-r.bottom // q) * q
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(0, 0, *bounds)


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


class Window:
    """The window half of the App (see the module docstring); the App sets up the attributes it uses."""

    screen: pygame.Surface
    display: pygame.Surface
    window: Any
    headless: bool
    settings: Any
    dirty: bool
    resizes: int
    view: pygame.Rect
    scale: tuple[int, int]
    geo: Geometry
    _fitted: tuple[int, int]
    _rough: bool
    _polish_at: float | None
    _settle_at: float | None  # a native scene's window changed size: it lays out anew at this time
    _stretch_rows: list[pygame.Rect]  # meanwhile, the bands of its last picture not yet stretched to the window
    _show_all: bool
    _unshown: list[pygame.Rect]
    clock_now: Any
    _fullscreen_due: float | None = None  # fullscreen was asked for: by then the window must have the desktop's size
    _windowed_size: tuple[int, int] = (0, 0)  # the window's size when fullscreen was asked for

    def _restacked(self) -> None:
        raise NotImplementedError  # the App's: everything on its stack draws whole next frame

    def _wants_native(self) -> bool:
        raise NotImplementedError  # the App's: whether the screen shown now lays out at the window's own size

    def _canvas_changed(self) -> None:
        """Hook: the canvas has a new size (the App sets the text scale that goes with it)."""

    @property
    def scaled(self) -> bool:
        """True when the canvas is scaled into a window of another size."""
        return self.screen is not self.display

    @property
    def canvas_size(self) -> tuple[int, int]:
        """The part of the canvas the window shows: what scenes lay out in."""
        return self.geo.visible

    @property
    def settling(self) -> bool:
        """True while a native scene's window has a new size it has not laid itself out for yet (see
        :data:`SETTLE_AFTER`): the last picture is shown stretched to the window."""
        return self._settle_at is not None

    def _fit(self, force: bool = False) -> bool:
        """Follow the window's size and the screen's way of filling it (:func:`geometry`): the canvas is the
        window's own surface at one canvas pixel per window pixel, a surface of its own otherwise. True if the
        canvas changed (the next frame is drawn and shown whole)."""
        display = pygame.display.get_surface()
        if display is None:  # pragma: no cover - the display was closed under us
            return False
        size = display.get_size()
        native = self._wants_native()
        if not force and display is self.display and size == self._fitted and native == self.geo.native:
            return False
        resized = size != self._fitted or display is not self.display
        if resized and not force and native and self.geo.native and not self.headless:
            return self._stretch_for_now(display)
        self._settle_at = None
        self.display = display
        geo = geometry(size, native)
        self.geo = geo
        self.view, p, q = pygame.Rect(0, 0, geo.canvas[0] * geo.p // geo.q, geo.canvas[1] * geo.p // geo.q), geo.p, \
            geo.q
        self.scale = (p, q)
        # a window that changed size has a new surface whose memory is touched for the first time: that first
        # picture is shown in bands over a few frames (``_bands``, ``present``), none of them over budget
        bands = self._bands() if not force and resized and not self.headless else []
        self._unshown = bands if len(bands) > 1 else []
        if p == q and not self._unshown:
            self.screen = display
        elif self.screen is display or self.screen.get_size() != geo.canvas:
            # a surface of the window's own pixel format: scaling into the window is a plain copy of pixels (at
            # one to one too while the first picture is shown in bands; then the window becomes the canvas)
            self.screen = pygame.Surface(geo.canvas, 0, display)
        self._fitted = size
        self.resizes += 1 if resized and not force else 0
        # while the size changes (a corner dragged), shrink with the nearest pixels: a third of the time of
        # averaging; the picture is averaged once the size has stayed put for POLISH_AFTER seconds (frame)
        self._rough = not force and resized and p < q
        self._polish_at = self.clock_now() + POLISH_AFTER if self._rough else None
        self._canvas_changed()
        self._restacked()
        self._show_all = True
        return True

    def _stretch_for_now(self, display: pygame.Surface) -> bool:
        """A native scene's window changed size (a corner dragged): keep the canvas as it is, show it stretched
        to the window, and lay out for the new size once it has stayed put for :data:`SETTLE_AFTER` seconds."""
        if self.screen is self.display or self.screen is display:
            # the canvas was the window's surface, which SDL has already given the new size (the same object, or
            # a new one): a canvas of its own at the size the scenes laid out for, drawn whole next frame
            self.screen = pygame.Surface(self.geo.canvas, 0, display)
            for scene in getattr(self, "scenes", []):
                scene.invalidate()
        self.display = display
        self._fitted = display.get_size()
        self.resizes += 1
        self._unshown = []
        self._settle_at = self.clock_now() + SETTLE_AFTER
        self._stretch_rows = self._stretch_bands()
        self._show_all = True
        self.dirty = True
        return True

    def _present_stretched(self) -> None:
        """While a native scene's window settles on a new size: its last picture stretched to the window, shown
        once per new size, a band of rows a frame (each about :data:`FIRST_SHOW_PIXELS` window pixels: a new
        window surface is slow to fill, see :meth:`_bands`); nothing more until the scene lays out anew."""
        if not self._stretch_rows:
            return
        band = self._stretch_rows.pop(0)
        (_cw, ch), (w, h) = self.geo.visible, self.display.get_size()
        top, bottom = band.y * h // ch, min(h, band.bottom * h // ch) if band.bottom < ch else h
        dst = pygame.Rect(0, top, w, bottom - top)
        if dst.h > 0:
            pygame.transform.scale(self.screen.subsurface(band), dst.size, self.display.subsurface(dst))
            pygame.display.update([dst])

    def _stretch_bands(self) -> list[pygame.Rect]:
        """The visible canvas in bands of rows, each about :data:`FIRST_SHOW_PIXELS` pixels of the window."""
        (cw, ch), (w, h) = self.geo.visible, self.display.get_size()
        rows = max(1, FIRST_SHOW_PIXELS * ch // max(1, w * h))
        return [pygame.Rect(0, y, cw, min(rows, ch - y)) for y in range(0, ch, rows)]

    def _bands(self) -> list[pygame.Rect]:
        """The canvas in horizontal bands of whole 120-pixel rows (so on every scale's grid), each showing about
        :data:`FIRST_SHOW_PIXELS` window pixels: the order in which a new window surface is first shown.

        Measured under Xvfb: a frame that fills a fresh 3840x2160 surface takes 24 ms to scale into it (the
        kernel hands out and clears 33 MB page by page) and 17 ms to send, 45 ms in all against 4 ms once the
        memory is in use; in bands every frame stays within 16 ms and the motion goes on."""
        p, q = self.scale
        cw, ch = self.geo.canvas
        row_pixels = self.display.get_width() * (UNIT * p // q)  # the window pixels of one 120-row band
        k = max(1, FIRST_SHOW_PIXELS // max(1, row_pixels))
        rows = -(-ch // UNIT)
        if k >= rows:
            return [pygame.Rect(0, 0, cw, ch)]
        # the first band is half as high: its frame also draws the whole canvas at the new size
        starts = [0, *range(max(1, k // 2), rows, k)]
        return [pygame.Rect(0, y * UNIT, cw, min(ch, end * UNIT) - y * UNIT)
                for y, end in zip(starts, starts[1:] + [rows])]

    @property
    def showing_first(self) -> bool:
        """True while a new window surface is still being shown band by band (the loop keeps drawing)."""
        return bool(self._unshown) or bool(self._settle_at is not None and self._stretch_rows)

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

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window position in canvas coordinates."""
        if self._settle_at is not None:  # the picture stretched to the window for now
            (cw, ch), (w, h) = self.geo.visible, self.display.get_size()
            return (int(pos[0] * cw / max(1, w)), int(pos[1] * ch / max(1, h)))
        p, q = self.scale
        return (int((pos[0] - self.view.x) * q // p), int((pos[1] - self.view.y) * q // p))

    def to_window(self, r: pygame.Rect) -> pygame.Rect:
        """A canvas rectangle whose edges are multiples of q, in window pixels (it may reach past the window's
        right and bottom edges, as the canvas does)."""
        p, q = self.scale
        return pygame.Rect(self.view.x + r.x * p // q, self.view.y + r.y * p // q, r.w * p // q, r.h * p // q)

    def _mapped(self, ev: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its position (and motion) in canvas coordinates."""
        if (not self.scaled and self._settle_at is None) or ev.type not in (
                pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
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
        120 x 120 tiles (the last row and column of tiles as wide as the canvas leaves them) makes a tile's
        pixels the same whether it is scaled alone or with all the others."""
        p, q = self.scale
        return p < q and p & (p - 1) != 0

    def _scale_block(self, src: pygame.Rect, fn: Any) -> None:
        """Scale canvas block ``src`` (edges on multiples of q) with ``fn`` into its place in the window; a
        block reaching past the window's edge is scaled whole and only its part inside is kept."""
        w = self.to_window(src)
        bounds = self.display.get_rect()
        inside = w.clip(bounds)
        if inside.w <= 0 or inside.h <= 0:
            return
        if inside == w:
            fn(self.screen.subsurface(src), w.size, self.display.subsurface(w))
            return
        full = fn(self.screen.subsurface(src), w.size)
        self.display.blit(full, inside.topleft, inside.move(-w.x, -w.y))

    def _scale_into(self, r: pygame.Rect) -> pygame.Rect:
        """Scale canvas rectangle ``r`` (edges on multiples of :attr:`grid`) into its place in the window;
        that place (within the window).

        Growing uses the nearest pixel (exactly the same alone or in the whole picture); shrinking averages
        (smoothscale: each window pixel the mean of the canvas pixels under it, sharper text than nearest).
        """
        w = self.to_window(r).clip(self.display.get_rect())
        if w.w <= 0 or w.h <= 0:
            return w
        p, q = self.scale
        if p >= q or self._rough:
            self._scale_block(r, pygame.transform.scale)
        elif not self._tiled():
            self._scale_block(r, pygame.transform.smoothscale)
        else:
            cw, ch = self.screen.get_size()
            for y in range(r.y, r.bottom, UNIT):
                for x in range(r.x, r.right, UNIT):
                    self._scale_block(pygame.Rect(x, y, min(UNIT, cw - x), min(UNIT, ch - y)),
                                      pygame.transform.smoothscale)
        return w

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        """Show the canvas (None: all of it) or only ``rects`` of it; nothing at all for an empty list.

        At one canvas pixel per window pixel the canvas is the window's surface: show it. Otherwise scale the
        changed regions (grown to the scale's grid, see :func:`viewport` and :attr:`grid`) into the window's
        surface and show only those; the whole canvas (after a resize, under overlays) is scaled at once.
        """
        bounds = self.screen.get_rect()
        if self._settle_at is not None:  # stretched to the window until the scene lays out for its size
            self._present_stretched()
            return
        if not self.scaled:
            if rects is None:
                pygame.display.flip()
            else:
                inside = [c for c in (r.clip(bounds) for r in rects) if c.w > 0 and c.h > 0]
                if inside:
                    pygame.display.update(inside)
            return
        if self._unshown:
            self._present_band(rects)
            return
        if rects is None:
            self._scale_into(pygame.Rect(0, 0, *self.screen.get_size()))
            pygame.display.flip()
            return
        shown = self._scale_changed([r.clip(bounds) for r in rects])
        if shown:
            pygame.display.update(shown)

    def _scale_changed(self, rects: list[pygame.Rect]) -> list[pygame.Rect]:
        """Scale the changed canvas regions ``rects`` into the window; the window rectangles to send."""
        grid, q = self.grid, self.scale[1]
        size = self.screen.get_size()
        changed = [b for b in (align(r, q, size) for r in rects) if b.w > 0 and b.h > 0]
        if not changed:
            return []
        if grid == q:
            return [w for w in (self._scale_into(b) for b in merge(changed)) if w.w > 0 and w.h > 0]
        # whole tiles are scaled, but only the changed blocks in them are new: send the window those
        for b in merge([align(b, grid, size) for b in changed]):
            self._scale_into(b)
        bounds = self.display.get_rect()
        return [w for w in (self.to_window(b).clip(bounds) for b in merge(changed)) if w.w > 0 and w.h > 0]

    def _present_band(self, rects: list[pygame.Rect] | None) -> None:
        """One frame of a new window surface's first picture: what changed in the bands already shown, and the
        next band; at one to one, once all is shown, the window becomes the canvas."""
        band = self._unshown.pop(0)
        cw = self.screen.get_width()
        shown = self._scale_changed([pygame.Rect(0, 0, cw, band.y)] if rects is None else
                                    [r.clip(0, 0, cw, band.y) for r in rects]) if band.y else []
        w = self.to_window(band)
        width, height = self.display.get_size()
        top = 0 if band.y == 0 else w.y
        row = pygame.Rect(0, top, width, (height if band.bottom >= self.screen.get_height() else w.bottom) - top)
        self._scale_into(band)
        pygame.display.update(shown + [row.clip(self.display.get_rect())])
        if not self._unshown and self.scale[0] == self.scale[1]:
            self.screen = self.display  # shown whole: from now on the scenes draw into the window itself
            self._restacked()
            self._show_all = True
