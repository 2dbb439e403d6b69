"""Colours that read: WCAG 2's contrast ratio, and a text colour moved just far enough from its background to
reach it (``docs/look.md``: text on a colour keeps at least 4.5:1, 3:1 when large; issue 34)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

NORMAL_LEAST = 4.5  # the least contrast of text
LARGE_LEAST = 3.0  # ... of large text (24 px, or 19 px bold)


def luminance(colour: Sequence[int]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def ratio(a: Sequence[int], b: Sequence[int]) -> float:
    """The contrast ratio of two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


@lru_cache(maxsize=256)
def legible(colour: tuple[int, int, int], on: tuple[int, int, int],
            least: float = NORMAL_LEAST) -> tuple[int, int, int]:
    """``colour`` if it stands out from ``on`` by ``least``; else the same hue moved towards black or white
    (whichever can stand out more from ``on``) only as far as it takes."""
    if ratio(colour, on) >= least:
        return colour
    end = (0, 0, 0) if ratio((0, 0, 0), on) >= ratio((255, 255, 255), on) else (255, 255, 255)
    for k in range(1, 21):
        t = k / 20
        c = tuple(int(round(a + (b - a) * t)) for a, b in zip(colour, end, strict=True))
        if ratio(c, on) >= least:
            return c  # type: ignore[return-value]
    return end
