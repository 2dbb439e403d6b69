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


#: Machado, Oliveira and Fernandes (2009): full protanopia, deuteranopia and tritanopia on linear RGB
COLOUR_BLINDNESS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> int:
    v = max(0.0, min(1.0, v))
    return int(round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)))


def seen_as(colour: Sequence[int], vision: str) -> tuple[int, int, int]:
    """``colour`` as someone with ``vision`` ("normal" or a key of ``COLOUR_BLINDNESS``) sees it."""
    if vision == "normal":
        return (colour[0], colour[1], colour[2])
    m = COLOUR_BLINDNESS[vision]
    lin = [_linear(v) for v in colour[:3]]
    r, g, b = (_encoded(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return (r, g, b)


def lab(colour: Sequence[int]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(v) for v in colour[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def apart(a: Sequence[int], b: Sequence[int], vision: str = "normal") -> float:
    """How far apart two colours look (CIE76 distance in CIELAB) for ``vision``."""
    la, lb = lab(seen_as(a, vision)), lab(seen_as(b, vision))
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5
