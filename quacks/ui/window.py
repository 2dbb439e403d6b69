"""The window: one 1920x1080 canvas shown at any window size, letterboxed, presenting only what changed.

``Window`` is the App's window half (a mixin): fitting the canvas to the window, fullscreen, mapping the
mouse back to the canvas, and :meth:`Window.present`, which scales the changed regions into the window.
"""

from __future__ import annotations

import logging
import math
import os
from typing import Any

import pygame

LOGICAL = (1920, 1080)
POLISH_AFTER = 0.25  # seconds after the last resize until the picture is shown averaged again
#: window pixels a frame shows for the first time after the window got a new surface (see ``Window._bands``):
#: about 10 ms at the ~5 ns a pixel that the first write and the first send of a fresh buffer cost under Xvfb
FIRST_SHOW_PIXELS = 2_000_000
log = logging.getLogger("quacks.ui")


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
    _fitted: tuple[int, int]
    _rough: bool
    _polish_at: float | None
    _show_all: bool
    _unshown: list[pygame.Rect]
    clock_now: Any

    def _restacked(self) -> None:
        raise NotImplementedError  # the App's: everything on its stack draws whole next frame

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
        # a window that changed size has a new surface whose memory is touched for the first time: that first
        # picture is shown in bands over a few frames (``_bands``, ``present``), none of them over budget
        bands = self._bands() if not force and not self.headless else []
        self._unshown = bands if len(bands) > 1 else []
        if size == LOGICAL and not self._unshown:
            self.screen = display
        elif self.screen is display or self.screen.get_size() != LOGICAL:
            # a surface of the window's own pixel format: scaling into the window is a plain copy of pixels (at
            # 1920x1080 too while the first picture is shown in bands; then the window becomes the canvas)
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

    def _bands(self) -> list[pygame.Rect]:
        """The canvas in horizontal bands of whole 120-pixel rows (so on every scale's grid), each showing about
        :data:`FIRST_SHOW_PIXELS` window pixels: the order in which a new window surface is first shown.

        Measured under Xvfb: a frame that fills a fresh 3840x2160 surface takes 24 ms to scale into it (the
        kernel hands out and clears 33 MB page by page) and 17 ms to send, 45 ms in all against 4 ms once the
        memory is in use; in bands every frame stays within 16 ms and the motion goes on."""
        p, q = self.scale
        row_pixels = self.display.get_width() * (UNIT * p // q)  # the window pixels of one 120-row band
        k = max(1, FIRST_SHOW_PIXELS // max(1, row_pixels))
        rows = LOGICAL[1] // UNIT
        if k >= rows:
            return [pygame.Rect(0, 0, *LOGICAL)]
        # the first band is half as high: its frame also draws the whole canvas at the new size
        starts = [0, *range(max(1, k // 2), rows, k)]
        return [pygame.Rect(0, y * UNIT, LOGICAL[0], (end - y) * UNIT) for y, end in zip(starts, starts[1:] + [rows])]

    @property
    def showing_first(self) -> bool:
        """True while a new window surface is still being shown band by band (the loop keeps drawing)."""
        return bool(self._unshown)

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
        if self._unshown:
            self._present_band(rects)
            return
        if rects is None:
            self._scale_into(pygame.Rect(0, 0, *LOGICAL))
            for bar in self._bars():
                self.display.fill((0, 0, 0), bar)
            pygame.display.flip()
            return
        shown = self._scale_changed([r.clip(bounds) for r in rects])
        if shown:
            pygame.display.update(shown)

    def _scale_changed(self, rects: list[pygame.Rect]) -> list[pygame.Rect]:
        """Scale the changed canvas regions ``rects`` into the window; the window rectangles to send."""
        grid, q = self.grid, self.scale[1]
        changed = [b for b in (align(r, q) for r in rects) if b.w > 0 and b.h > 0]
        if not changed:
            return []
        if grid == q:
            return [self._scale_into(b) for b in merge(changed)]
        # whole tiles are scaled, but only the changed blocks in them are new: send the window those
        for b in merge([align(b, grid) for b in changed]):
            self._scale_into(b)
        return [self.to_window(b) for b in merge(changed)]

    def _present_band(self, rects: list[pygame.Rect] | None) -> None:
        """One frame of a new window surface's first picture: what changed in the bands already shown, and the
        next band (with the bars beside it); at 1920x1080, once all is shown, the window becomes the canvas."""
        band = self._unshown.pop(0)
        shown = self._scale_changed([pygame.Rect(0, 0, LOGICAL[0], band.y)] if rects is None else
                                    [r.clip(0, 0, LOGICAL[0], band.y) for r in rects]) if band.y else []
        w = self.to_window(band)
        width, height = self.display.get_size()
        top = 0 if band.y == 0 else w.y
        row = pygame.Rect(0, top, width, (height if band.bottom >= LOGICAL[1] else w.bottom) - top)
        self._scale_into(band)
        for bar in self._bars():
            part = bar.clip(row)
            if part.w > 0 and part.h > 0:
                self.display.fill((0, 0, 0), part)
        pygame.display.update(shown + [row])
        if not self._unshown and self.display.get_size() == LOGICAL:
            self.screen = self.display  # shown whole: from now on the scenes draw into the window itself
            self._restacked()
            self._show_all = True

    def _bars(self) -> list[pygame.Rect]:
        """The parts of the window around the picture."""
        w, h = self.display.get_size()
        v = self.view
        return [r for r in (pygame.Rect(0, 0, w, v.y), pygame.Rect(0, v.bottom, w, h - v.bottom),
                            pygame.Rect(0, v.y, v.x, v.h), pygame.Rect(v.right, v.y, w - v.right, v.h))
                if r.w > 0 and r.h > 0]
