"""Toasts: short messages over everything ("Saved as ...") for a few seconds, stacked in a band the screen on top
offers (the table's question row) or along the bottom edge. ``Toasts`` is that part of the App (a mixin).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .scene import Scene
from .text import Text

TOAST_MAX = 3  # toasts shown at once (the newest)
TOAST_SIZE = 20
TOAST_PAD = 14
TOAST_BAND_H = 48  # the default band along the bottom edge (menus keep their buttons above it)


class Toasts:
    """The App's toasts (the App sets up the attributes it uses)."""

    toasts: list[tuple[float, str]]
    clock_now: Callable[[], float]
    dirty: bool
    text: Text
    screen: pygame.Surface

    @property
    def canvas_size(self) -> tuple[int, int]:
        raise NotImplementedError  # the Window's

    def visible(self) -> list[Scene]:
        raise NotImplementedError  # the App's: the scenes drawn now

    def toast(self, text: str, seconds: float = 3.0) -> None:
        """A short message over everything (``Saved as ...``)."""
        self.toasts.append((self.clock_now() + seconds, text))
        self.dirty = True

    def toast_band(self) -> pygame.Rect:
        """Where toasts go: the band the screen on top offers (``Scene.toast_band``: the table's question row), else a
        band along the bottom edge of the canvas, under every screen's title and panel heading."""
        for s in reversed(self.visible()):
            band = s.toast_band()
            if band is not None:
                return band
        w, h = self.canvas_size
        return pygame.Rect(w // 8, h - 8 - TOAST_BAND_H, w - 2 * (w // 8), TOAST_BAND_H)

    def toast_rects(self) -> list[tuple[pygame.Rect, list[str], int]]:
        """Each toast shown now (the newest ``TOAST_MAX``, the newest lowest): its plate, its lines and their size;
        they stack up from the bottom of :meth:`toast_band`."""
        te = self.text
        band = self.toast_band()
        out = []
        y = band.bottom
        with te.roomy():
            # as high as the band (a line at least): a long message gets smaller (to 14 px) before it takes more room
            room = pygame.Rect(0, 0, band.w - 2 * TOAST_PAD, max(band.h - TOAST_PAD, te.height("sans-semibold",
                                                                                              TOAST_SIZE)))
            for _end, msg in reversed(self.toasts[-TOAST_MAX:]):
                size, lines = te.fit_block(msg, "sans-semibold", TOAST_SIZE, room, line_gap=0)
                width = max(te.size(line, "sans-semibold", size)[0] for line in lines) if lines else 0
                h = te.height("sans-semibold", size, max(1, len(lines))) + TOAST_PAD
                plate = pygame.Rect(0, 0, min(band.w, width + 2 * TOAST_PAD), h)
                plate.midbottom = (band.centerx, y)
                out.append((plate, lines, size))
                y = plate.y - 6
        return out

    def _draw_toasts(self) -> None:
        now = self.clock_now()
        self.toasts = [(t, m) for t, m in self.toasts if t > now]
        for s in self.visible():
            s.invalidate()  # the next frame draws whole, without the toast
        te = self.text
        with te.roomy(), te.layer(), te.toasting():
            for plate, lines, size in self.toast_rects():
                back = pygame.Surface(plate.size, pygame.SRCALPHA)
                pygame.draw.rect(back, (20, 12, 8, 225), back.get_rect(), border_radius=10)
                pygame.draw.rect(back, (200, 160, 90, 255), back.get_rect(), 2, border_radius=10)
                self.screen.blit(back, plate.topleft)
                lh = te.linesize("sans-semibold", size)
                y = plate.y + TOAST_PAD // 2
                for line in lines:
                    te.blit(self.screen, line, (plate.centerx, y), "sans-semibold", size, (250, 240, 220), "midtop",
                            box=plate)
                    y += lh
