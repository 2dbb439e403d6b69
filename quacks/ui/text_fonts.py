"""Fonts from ``assets/fonts`` at the UI scale, measured, and a cache of rendered lines (rendering text is the
costliest thing we draw): ``FontCache``, the ground floor of the text engine (``text.Text``).

``serif`` is EB Garamond (titles, book names, card texts); ``sans`` is Inter (numbers, labels, buttons). Every
face has every letter the game's languages use (``tests/ui/test_text_fonts.py``), so no text is drawn in a stand-in.
The serif (the 2017 EB Garamond) leaves room for stacked accents far above its capitals, which would set its
lines a third further apart than a book's; ``TRIMMED`` cuts that room down to what an accented capital needs
(Ä, É, Å), and no further.

The UI scale setting (100-200%) makes text larger. Running text with room to grow (tooltips, rules, the log,
dialogs, the panel of the seat in focus, prompts, buttons, the books) is drawn inside ``roomy()`` and grows in
full; the table's packed labels (the board, the other seats' cards, the shop's grid) grow by ``DENSE_GROWTH``
of the step. Only the first ``FULL`` pixels of a size grow, and a display size less (``growing``): a 56 px title
does not need to be 112 px to be read, and would push everything else off the screen.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from ..resources import asset
from .text_breaks import NBSP, shown
from .theme import RGB

FONT_FILES = {
    "serif": "EBGaramond-Regular.ttf",
    "serif-bold": "EBGaramond-Bold.ttf",
    "serif-italic": "EBGaramond-Italic.ttf",
    "sans": "Inter-Regular.otf",
    "sans-semibold": "Inter-SemiBold.otf",
    "sans-bold": "Inter-Bold.otf",
}
#: faces whose font reserves room for stacked accents far above its tallest Latin letter (the 2017 EB Garamond):
#: every line they render loses the empty rows above the tallest letter of ``TALLEST`` (the layout check reports
#: a glyph that would reach into them, see ``Text.glyph_cut``)
TRIMMED = frozenset({"serif", "serif-bold", "serif-italic"})
TALLEST = "ÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝÑÇbdfhklß„“"
#: faces whose word space (a fifth of an em in EB Garamond) hinting draws 2 px wide under ``WIDE_BELOW`` pixels,
#: so that a line reads as one word ("Jeder nimmtentweder eine"): there a space is drawn as a four-per-em space
#: (U+2005, a quarter em)
WIDE_SPACED = frozenset({"serif", "serif-italic"})
WIDE_BELOW = 14
_WIDE = str.maketrans({" ": "\u2005", NBSP: "\u2005"})


class FontCache:
    """Fonts by (face, size) and rendered text by (face, size, text, colour), least recently used out."""

    #: the share of the UI scale's step that packed labels grow by (roomy text grows by all of it)
    DENSE_GROWTH = 0.5
    #: how many pixels of a size grow with the UI scale (the rest of a large size stays): every size of the table's
    #: type scale up to its heading (32 px) doubles at 200% (issue 32) ...
    FULL = 32
    #: ... and a display size (40 px and more) grows by this many (a 56 px title does not need 112 px to be read)
    LARGE_GROWTH = 24

    def __init__(self, scale: float = 1.0, capacity: int = 3000) -> None:
        self.scale = scale
        self.dense = True
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._trims: dict[int, int] = {}  # rows cut off the top of every line a font renders (see ASCENT)
        self._wide: set[int] = set()  # fonts that draw a word space wider than their own (see WIDE_SPACED)
        self._cache: OrderedDict[tuple[str, int, str, RGB], pygame.Surface] = OrderedDict()
        self.capacity = capacity
        self._sizes: dict[tuple[int, str], tuple[int, int]] = {}  # fonts live as long as the engine

    def set_scale(self, scale: float) -> None:
        self.scale = scale

    @contextmanager
    def at_scale(self, scale: float) -> Iterator[None]:
        """Text drawn inside is at UI ``scale`` (a panel short of room at a large scale: a little smaller, never
        below 100%)."""
        was = self.scale
        self.scale = max(1.0, min(was, scale))
        try:
            yield
        finally:
            self.scale = was

    @contextmanager
    def crowded(self) -> Iterator[None]:
        """Text drawn inside is a packed label (grows by DENSE_GROWTH of the UI scale's step)."""
        was = self.dense
        self.dense = True
        try:
            yield
        finally:
            self.dense = was

    @contextmanager
    def roomy(self) -> Iterator[None]:
        """Text drawn inside has room to grow (in full with the UI scale)."""
        was = self.dense
        self.dense = False
        try:
            yield
        finally:
            self.dense = was

    def grow(self, size: float) -> float:
        """``size`` at the current UI scale (the rule in the module's doc), unrounded."""
        k = self.DENSE_GROWTH if self.dense else 1.0
        return size + self.growing(size) * (self.scale - 1) * k

    def growing(self, size: float) -> float:
        """How many pixels of ``size`` grow: all of it up to ``FULL``; past that less and less, down to
        ``LARGE_GROWTH`` (a size never comes out smaller than a smaller size: 32, 36 and 40 px all grow to 64 at
        200%, 56 to 80)."""
        return min(size, self.FULL, max(self.LARGE_GROWTH, 2 * self.FULL - size))

    def px(self, size: int, scaled: bool = True) -> int:
        if not scaled:
            return max(6, size)
        return max(6, int(round(self.grow(size))))

    def forget_fonts(self) -> None:
        """Drop every font and rendered text (pygame's font module was quit; they cannot be used again)."""
        self._fonts.clear()
        self._trims.clear()
        self._wide.clear()
        self._cache.clear()

    def font(self, face: str, size: int, scaled: bool = True) -> pygame.font.Font:
        """The font of ``face`` at ``size`` (scaled)."""
        return self.font_px(face, self.px(size, scaled))

    def font_px(self, face: str, px: int) -> pygame.font.Font:
        key = (face, px)
        f = self._fonts.get(key)
        if f is None:
            path = asset("fonts", FONT_FILES[face])
            f = pygame.font.Font(str(path), px)
            self._fonts[key] = f
            if face in TRIMMED:
                top = max(m[3] for m in f.metrics(TALLEST) if m is not None)
                self._trims[id(f)] = max(0, f.get_ascent() - top - 1)
            if face in WIDE_SPACED and px < WIDE_BELOW:
                self._wide.add(id(f))
        return f

    def _drawn(self, f: pygame.font.Font, text: str) -> str:
        """``text`` as ``f`` draws and measures it: no soft hyphens (``shown``), and where the face's word space
        is too narrow at that size, wider spaces (``WIDE_SPACED``)."""
        text = shown(text)
        return text.translate(_WIDE) if id(f) in self._wide else text

    def trim(self, f: pygame.font.Font) -> int:
        """How many rows are cut off the top of every line ``f`` renders (see ``TRIMMED``)."""
        return self._trims.get(id(f), 0)

    def glyph_cut(self, text: str, face: str, px: int) -> str:
        """The letters of ``text`` whose ink reaches into the rows ``TRIMMED`` cuts off the top of a line of
        ``face`` at ``px`` (they would be drawn cut off), for the layout check. (Where a letter passes a font's
        own line, the renderer makes that line's picture taller instead.)"""
        f = self.font_px(face, px)
        t = self.trim(f)
        if not t:
            return ""
        top = f.get_ascent() - t  # the rows kept above the baseline
        text = shown(text)
        cut = [ch for ch, m in zip(text, f.metrics(text)) if m is not None and not ch.isspace() and m[3] > top]
        return "".join(dict.fromkeys(cut))

    def render(self, text: str, face: str, size: int, colour: RGB, scaled: bool = True) -> pygame.Surface:
        return self.render_px(text, face, self.px(size, scaled), colour)

    def render_px(self, text: str, face: str, px: int, colour: RGB) -> pygame.Surface:
        key = (face, px, text, colour)
        s = self._cache.get(key)
        if s is not None:
            self._cache.move_to_end(key)
            return s
        f = self.font_px(face, px)
        s = f.render(self._drawn(f, text), True, colour)
        t = self.trim(f)
        if t and s.get_height() > t:
            s = s.subsurface((0, t, s.get_width(), s.get_height() - t)).copy()
        self._cache[key] = s
        if len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return s

    def size(self, text: str, face: str, size: int, scaled: bool = True) -> tuple[int, int]:
        """``text``'s width and height at ``size`` (scaled, or as it is: for text blitted with ``scaled=False``)."""
        return self._measure(self.font(face, size, scaled), text)

    def _measure(self, f: pygame.font.Font, text: str) -> tuple[int, int]:
        """``f.size(text)``, remembered (layouts measure the same words again and again)."""
        key = (id(f), text)
        hit = self._sizes.get(key)
        if hit is None:
            w, h = f.size(self._drawn(f, text))
            hit = (w, h - self.trim(f))
            if len(self._sizes) > 20000:
                self._sizes.clear()
            self._sizes[key] = hit
        return hit

    def linesize(self, face: str, size: int) -> int:
        f = self.font(face, size)
        return f.get_linesize() - self.trim(f)

    def height(self, face: str, size: int, lines: int = 1, text: str = "") -> int:
        """The height ``lines`` lines take (the last one whole: some faces draw beyond their line spacing, so
        ``text``, if given, is measured as well)."""
        f = self.font(face, size)
        t = self.trim(f)
        last = max(f.get_linesize(), f.get_height(), f.size(self._drawn(f, text))[1] if text else 0) - t
        return (f.get_linesize() - t) * (lines - 1) + last
