"""Showing the canvas in the window: what changed is scaled into the window's surface and only that is sent
(:meth:`Presenter.present`); a new window surface is first shown in bands, and while a native scene's window
settles on a new size its last picture is shown stretched. ``Presenter`` is that part of the App's window (a
mixin of ``window.Window``).
"""

from __future__ import annotations

from typing import Any

import pygame

from .window_geometry import UNIT, Geometry, align, merge

#: window pixels a frame shows for the first time after the window got a new surface (see ``Window._bands``):
#: about 10 ms at the ~5 ns a pixel that the first write and the first send of a fresh buffer cost under Xvfb
FIRST_SHOW_PIXELS = 2_000_000


class Presenter:
    """Scaling the canvas into the window and showing it (the App sets up the attributes it uses)."""

    screen: pygame.Surface
    display: pygame.Surface
    view: pygame.Rect
    scale: tuple[int, int]
    geo: Geometry
    _rough: bool
    _settle_at: float | None  # a native scene's window changed size: it lays out anew at this time
    _stretch_rows: list[pygame.Rect]  # meanwhile, the bands of its last picture not yet stretched to the window
    _show_all: bool
    _unshown: list[pygame.Rect]

    def _restacked(self) -> None:
        raise NotImplementedError  # the App's: everything on its stack draws whole next frame

    @property
    def scaled(self) -> bool:
        """True when the canvas is scaled into a window of another size."""
        return self.screen is not self.display

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

    def to_window(self, r: pygame.Rect) -> pygame.Rect:
        """A canvas rectangle whose edges are multiples of q, in window pixels (it may reach past the window's
        right and bottom edges, as the canvas does)."""
        p, q = self.scale
        return pygame.Rect(self.view.x + r.x * p // q, self.view.y + r.y * p // q, r.w * p // q, r.h * p // q)

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
