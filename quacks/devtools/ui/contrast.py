"""How well each line of text stands out from what it is drawn on (``check-layout``'s ``contrast``, issue 34 and
``docs/look.md``: "Text on a colour keeps a contrast of at least 4.5:1, 3:1 for large text").

The contrast ratio is WCAG 2's: (L1 + 0.05) / (L2 + 0.05) of the relative luminances of the text's colour and of
its background. The background is read from the finished picture: the colour most often found among the line's
pixels that are not its letters (the ground it lies on, whatever was drawn there: wood, parchment, a button).
Large text (24 px, or 19 px in a bold face) needs 3:1. Not measured: what cannot be used now (its grey label,
``INACTIVE_INKS``: WCAG leaves inactive controls out), and what lies under an overlay (dimmed or partly hidden;
every screen is measured on top in a case of its own).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pygame

from ...ui import theme as T
from ...ui.legible import LARGE_LEAST, NORMAL_LEAST, ratio
from ...ui.text_record import Drawn

LARGE_PX, LARGE_BOLD_PX = 24, 19
#: the labels of what cannot be used now (a button that cannot be pressed, a chip the shop has none of or the
#: cart cannot pay for): not measured
INACTIVE_INKS = (T.DISABLED_INK, T.INACTIVE_INK)
NEAR_INK = 24  # a pixel this close to the text's colour (per channel) is part of a letter, not the background
STEP = 2  # every this many pixels across the line's inked rectangle
TOAST_PAD = 16  # a toast's panel reaches this far around its words


def least_for(d: Drawn) -> float:
    """The contrast a line needs: 3:1 for large text, else 4.5:1."""
    large = d.px >= LARGE_PX or (d.px >= LARGE_BOLD_PX and "bold" in d.face)
    return LARGE_LEAST if large else NORMAL_LEAST


def background(surf: pygame.Surface, rect: pygame.Rect, ink: Sequence[int]) -> tuple[int, int, int] | None:
    """The colour most often found among the pixels of ``rect`` on ``surf`` and the ring just around it that are not
    the letters (not close to ``ink``): the ground the line lies on, whatever was drawn there (None if none)."""
    seen: Counter[tuple[int, int, int]] = Counter()
    bounds = surf.get_rect()
    r = rect.clip(bounds)
    step = 1 if r.w * r.h < 400 else STEP  # (a small number: every pixel)
    points = [(x, y) for x in range(r.x, r.right, step) for y in range(r.y, r.bottom, step)]
    ring = rect.inflate(2, 2)  # and the ring just around it (a small number on a disc: the disc)
    points += [(x, y) for x in range(ring.x, ring.right) for y in (ring.y, ring.bottom - 1)]
    points += [(x, y) for y in range(ring.y, ring.bottom) for x in (ring.x, ring.right - 1)]
    everything: Counter[tuple[int, int, int]] = Counter()
    for p in points:
        if bounds.collidepoint(p):
            c = surf.get_at(p)
            everything[(c.r, c.g, c.b)] += 1
            if max(abs(c.r - ink[0]), abs(c.g - ink[1]), abs(c.b - ink[2])) > NEAR_INK:
                seen[(c.r, c.g, c.b)] += 1
    if seen:
        return seen.most_common(1)[0][0]
    # every pixel is about the letters' colour: they lie on a ground of their own colour (they cannot be read)
    return everything.most_common(1)[0][0] if everything else None


def measured(d: Drawn, top: int | None) -> bool:
    """Whether a line is measured: drawn whole on the top layer (what lies under an overlay, a large pot or a tooltip
    is dimmed or partly hidden: the cases draw each screen on top too), in a colour what can be used has."""
    if d.colour is None or d.scrolled or d.covered or d.toast:
        return False
    if top is not None and d.layer < top:
        return False
    return tuple(d.colour[:3]) not in INACTIVE_INKS


def low(items: Sequence[Drawn], surf: pygame.Surface, top: int | None,
        markers: Sequence[pygame.Rect] = ()) -> list[tuple[Drawn, tuple[int, ...], float]]:
    """Each measured line under its contrast: (line, its background, its ratio). A line a score marker stands on
    (a space's number on the track: the marker is what is read there) or a toast lies over is left out."""
    out: list[tuple[Drawn, tuple[int, ...], float]] = []
    over = [*markers, *(d.rect.inflate(2 * TOAST_PAD, 2 * TOAST_PAD) for d in items if d.toast)]
    for d in items:
        if not measured(d, top) or d.rect.collidelist(over) >= 0:
            continue
        assert d.colour is not None
        bg = background(surf, d.rect, d.colour)
        if bg is None:
            continue
        r = ratio(d.colour, bg)
        if r < least_for(d):
            out.append((d, bg, r))
    return out
