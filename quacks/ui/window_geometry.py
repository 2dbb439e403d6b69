"""How the canvas fills a window of any size and shape (pure arithmetic on sizes and rectangles).

:func:`geometry`: the table draws one canvas pixel per window pixel up to 2560x1440 and lays itself out in
whatever shape the window has; the other screens keep at least the 1920x1080 they were drawn for. Scales are
k/120 with a small numerator, so changed regions can be scaled alone without seams (:func:`align`, :func:`merge`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

LOGICAL = (1920, 1080)  # the size the screens were drawn for; the table lays out in any size
UNIT = math.gcd(*LOGICAL)  # 120: scales are k/120, and the canvas is scaled in tiles of 120 x 120
MAX_P = 8  # a scale p/q in lowest terms has p <= 8: the window's last row and column lose less than 8 pixels
NICE_K = tuple(k for k in range(1, 4 * UNIT + 1) if k // math.gcd(k, UNIT) <= MAX_P)
MIN_WINDOW = (1000, 640)  # the smallest window the game allows (issue: a layout from 1000x640 up)
MENU_LEAST = 2 / 3  # the screens other than the table are shown at least this large
NATIVE_ROOM = 4 / 3  # the table lays itself out in windows up to this much larger than 1920x1080 (issue 32: a
# bigger window shows more), and scales larger ones up from there (text is never shrunk)

@dataclass(frozen=True)
class Geometry:
    """How the canvas fills a window: ``canvas`` is the surface the scenes draw on (whole multiples of q),
    ``visible`` the part of it the window shows (scenes lay out in that), scaled by p/q canvas pixels to
    window pixels. There are no bars: the picture always fills the window, and the canvas reaches past the
    window's right and bottom edges by less than one window pixel in ``MAX_P``.

    ``native``: the table's way, one canvas pixel per window pixel up to 2560x1440, larger windows scaled
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
    p, q = nice_scale(max(1.0, f / NATIVE_ROOM) if native else max(MENU_LEAST, f))
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

