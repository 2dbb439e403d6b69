"""The window: a canvas that fills a window of any size and shape, presenting only what changed.

``Window`` is the App's window half (a mixin): fitting the canvas to the window (:func:`window_geometry.geometry`:
the table draws one canvas pixel per window pixel up to 2560x1440 and lays itself out in whatever shape the
window has; the other screens keep at least the 1920x1080 they were drawn for) and mapping the mouse back to the
canvas, here; the window on the desktop (its size, place, fullscreen) in ``window_desktop``; showing what changed
(:meth:`Presenter.present`) in ``window_present``.
"""

from __future__ import annotations

import pygame

from .window_desktop import DesktopWindow
from .window_geometry import geometry
from .window_present import Presenter

POLISH_AFTER = 0.25  # seconds after the last resize until the picture is shown averaged again
#: seconds a window that a native scene (the table) fills must keep its new size before the scene lays itself out
#: for it; meanwhile (a corner dragged) the last picture is stretched to the window: laying the table out anew
#: takes tens of milliseconds, stretching a picture a few
SETTLE_AFTER = 0.3


class Window(DesktopWindow, Presenter):
    """The window half of the App (see the module docstring); the App sets up the attributes it uses."""

    resizes: int
    _fitted: tuple[int, int]
    _polish_at: float | None

    def _wants_native(self) -> bool:
        raise NotImplementedError  # the App's: whether the screen shown now lays out at the window's own size

    def _canvas_changed(self) -> None:
        """Hook: the canvas has a new size (the App sets the text scale that goes with it)."""

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

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window position in canvas coordinates."""
        if self._settle_at is not None:  # the picture stretched to the window for now
            (cw, ch), (w, h) = self.geo.visible, self.display.get_size()
            return (int(pos[0] * cw / max(1, w)), int(pos[1] * ch / max(1, h)))
        p, q = self.scale
        return (int((pos[0] - self.view.x) * q // p), int((pos[1] - self.view.y) * q // p))

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
