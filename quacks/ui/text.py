"""Fonts from ``assets/fonts`` and a cache of rendered text (rendering text is the costliest thing we draw).

``serif`` is EB Garamond (titles, book names, card texts); ``sans`` is Inter (numbers, labels, buttons). Every
face has every letter the game's languages use (``tests/ui/test_fonts.py``), so no text is drawn in a stand-in.
The serif (the 2017 EB Garamond) leaves room for stacked accents far above its capitals, which would set its
lines a third further apart than a book's; ``TRIMMED`` cuts that room down to what an accented capital needs
(Ä, É, Å), and no further.

The UI scale setting (100-200%) makes text larger. Running text with room to grow (tooltips, rules, the log,
dialogs, the panel of the seat in focus, prompts, buttons, the books) is drawn inside ``roomy()`` and grows in
full; the table's packed labels (the board, the other seats' cards, the shop's grid) grow by ``DENSE_GROWTH``
of the step. Only the first ``FULL`` pixels of a size grow: a 56 px title does not need to be 112 px to be
read, and would push everything else off the screen.

Layouts adapt instead of cutting: ``wrap`` breaks words that are wider than a line, ``fit`` finds the size
that fits a width, ``blit_fit`` draws a label in a box on one or two lines.

For the layout check (``python -m quacks check-layout``) the engine can record what it draws: every line of
text with its rectangle on the canvas (the pixels actually inked), the box it had to stay inside (``box=``,
``within()`` or a wrapped block's rectangle) and whether lines were dropped or shortened.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType

import pygame

from ..resources import asset
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


@dataclass
class Drawn:
    """One line of text as drawn, for the layout check."""

    text: str
    rect: pygame.Rect  # the inked pixels, in canvas coordinates
    box: pygame.Rect | None  # what it had to stay inside (None: only the canvas)
    px: int  # the font's pixel size
    cut: bool  # lines of its block were dropped or shortened
    block: int  # lines drawn by one call share a block
    layer: int  # a scene (overlay) or a tooltip draws on its own layer
    where: str  # the drawing code's file and line
    scrolled: bool = False  # partly hidden by a scroll view's clip (expected, not a problem)
    covered: bool = False  # partly hidden under a panel drawn later on its layer
    glyph_cut: str = ""  # letters too tall for the line the engine keeps (drawn cut off)
    panel: pygame.Rect | None = None  # the inside of the rim of the panel it is drawn on (the last one under it)
    face: str = ""  # the font's face ("serif-bold" ...)
    toast: bool = False  # drawn as a toast (a passing message over everything)


@dataclass
class Dropped:
    """Something a view had no room to show (for the layout check): ``what`` it left out and, if the player can
    still reach it, the labelled control that shows it (``behind``); left out with no such control, it is
    information silently lost."""

    what: str
    behind: str
    where: str


class Recorder:
    """What the text engine drew while recording (see ``Text.record``)."""

    def __init__(self, canvas: pygame.Surface) -> None:
        self.canvas = canvas
        self.items: list[Drawn] = []
        self.dropped: list[Dropped] = []
        self.toasting = False
        self.layer = 0
        self.top = 0  # the highest layer so far
        self.block = 0
        #: the panels drawn so far: (layer, rectangle, the part inside its rim), on the canvas
        self.panels: list[tuple[int, pygame.Rect, pygame.Rect]] = []

    def next_layer(self) -> None:
        """What is drawn from now on lies over everything drawn before (the next scene of the stack)."""
        self.top += 1
        self.layer = self.top


class Text:
    """Fonts by (face, size) and rendered text by (face, size, text, colour), least recently used out."""

    #: the share of the UI scale's step that packed labels grow by (roomy text grows by all of it)
    DENSE_GROWTH = 0.4
    #: how many pixels of a size grow with the UI scale (the rest of a large size stays)
    FULL = 24
    def __init__(self, scale: float = 1.0, capacity: int = 3000) -> None:
        self.scale = scale
        self.dense = True
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._trims: dict[int, int] = {}  # rows cut off the top of every line a font renders (see ASCENT)
        self._cache: OrderedDict[tuple[str, int, str, RGB], pygame.Surface] = OrderedDict()
        self.capacity = capacity
        self.recorder: Recorder | None = None
        self._boxes: list[pygame.Rect] = []
        self._placed: dict[int, tuple[int, int]] = {}
        self._sizes: dict[tuple[int, str], tuple[int, int]] = {}  # fonts live as long as the engine
        self._wraps: dict[tuple[str, int, str, int], list[str]] = {}

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
        return size + min(size, self.FULL) * (self.scale - 1) * k

    def px(self, size: int, scaled: bool = True) -> int:
        if not scaled:
            return max(6, size)
        return max(6, int(round(self.grow(size))))

    def forget_fonts(self) -> None:
        """Drop every font and rendered text (pygame's font module was quit; they cannot be used again)."""
        self._fonts.clear()
        self._trims.clear()
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
        return f

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
        s = f.render(text, True, colour)
        t = self.trim(f)
        if t and s.get_height() > t:
            s = s.subsurface((0, t, s.get_width(), s.get_height() - t)).copy()
        self._cache[key] = s
        if len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return s

    def size(self, text: str, face: str, size: int) -> tuple[int, int]:
        return self._measure(self.font(face, size), text)

    def _measure(self, f: pygame.font.Font, text: str) -> tuple[int, int]:
        """``f.size(text)``, remembered (layouts measure the same words again and again)."""
        key = (id(f), text)
        hit = self._sizes.get(key)
        if hit is None:
            w, h = f.size(text)
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
        last = max(f.get_linesize(), f.get_height(), f.size(text)[1] if text else 0) - t
        return (f.get_linesize() - t) * (lines - 1) + last

    # ------------------------------------------------------------------------------------------------
    # fitting

    def wrap(self, text: str, face: str, size: int, width: int) -> list[str]:
        """Greedy word wrap to ``width`` pixels; a word wider than a line is broken with a hyphen."""
        key = (face, self.px(size), text, width)
        hit = self._wraps.get(key)
        if hit is None:
            hit = self._wrap(self.font(face, size), text, width)
            if len(self._wraps) > 4000:
                self._wraps.clear()
            self._wraps[key] = hit
        return list(hit)

    def _wrap(self, f: pygame.font.Font, text: str, width: int) -> list[str]:
        lines: list[str] = []
        for para in text.split("\n"):
            words: list[str] = []
            for w in para.split():
                words.extend(self._break_word(f, w, width))
            line = ""
            for w in words:
                trial = f"{line} {w}" if line else w
                if not line or self._measure(f, trial)[0] <= width:
                    line = trial
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        return lines

    def _break_word(self, f: pygame.font.Font, word: str, width: int) -> list[str]:
        """``word`` in pieces that fit ``width``, each but the last ending in a hyphen (at least one letter a
        piece, however narrow the line).

        Each piece is the longest that fits, found by doubling its length until it no longer fits and then
        halving the gap, so only pieces about a line long are measured: the work grows with the word's length
        times the logarithm of a line's (it measured every shorter piece of the whole rest before, which grew
        with the cube of the word's length: minutes for a 20,000-letter word).
        """
        if len(word) < 2 or self._measure(f, word)[0] <= width:
            return [word]

        def fits(a: int, b: int) -> bool:  # word[a:b] with its hyphen
            return f.size(word[a:b] + "-")[0] <= width

        out: list[str] = []
        start, n = 0, len(word)
        while n - start > 1:
            rest = n - start
            good, k = 1, 2  # the longest piece known to fit (one letter always goes), the next one tried
            while k < rest and fits(start, start + k):
                good, k = k, k * 2
            bad = min(k, rest)  # a piece known not to fit (or the rest, which is checked whole below)
            while bad - good > 1:
                mid = (good + bad) // 2
                if fits(start, start + mid):
                    good = mid
                else:
                    bad = mid
            # the rest whole, without a hyphen, if it is about a line long (a hyphen can be wider than a letter)
            if rest <= 2 * good + 2 and f.size(word[start:])[0] <= width:
                break
            out.append(word[start:start + good] + "-")
            start += good
        out.append(word[start:])
        return out

    def floor(self, min_px: int) -> int:
        """The smallest size (as callers give sizes, before the UI scale) drawn at least ``min_px`` high."""
        for s in range(1, min_px + 1):
            if self.px(s) >= min_px:
                return s
        return min_px

    def fit(self, text: str, face: str, size: int, width: int, min_size: int = 14) -> int:
        """The largest size from ``size`` down to the one drawn ``min_size`` pixels high whose line is at most
        ``width`` wide (sizes as callers give them, before the UI scale)."""
        s = size
        low = min(size, self.floor(min_size))
        while s > low and self.size(text, face, s)[0] > width:
            s -= 1
        return s

    def fit_name(self, name: str, face: str, size: int, width: int, min_size: int = 12) -> tuple[str, int]:
        """A player's name for a narrow place: whole at the largest size from ``size`` down to ``min_size`` that
        fits ``width``; else its first word; else shortened with an ellipsis (the whole name shows elsewhere).
        (text, size)."""
        for text in (name, name.split()[0] if name.split() else name):
            s = self.fit(text, face, size, width, min_size)
            if self.size(text, face, s)[0] <= width:
                return text, s
        s = self.fit(name, face, size, width, min_size)
        text = name
        while len(text) > 1 and self.size(text + "…", face, s)[0] > width:
            text = text[:-1]
        return text.rstrip() + "…", s

    def fit_block(self, text: str, face: str, size: int, rect: pygame.Rect, min_size: int = 14,
                  line_gap: int = 2) -> tuple[int, list[str]]:
        """The largest size (down to the one drawn ``min_size`` pixels high) at which ``text`` wraps into
        ``rect``, and its lines."""
        s = size
        low = min(size, self.floor(min_size))
        while True:
            lines = self.wrap(text, face, s, rect.width)
            h = len(lines) * (self.linesize(face, s) + line_gap) - line_gap
            if h <= rect.height or s <= low:
                return s, lines
            s -= 1

    # ------------------------------------------------------------------------------------------------
    # drawing

    def blit(self, surf: pygame.Surface, text: str, pos: tuple[float, float], face: str = "sans", size: int = 18,
             colour: RGB = (0, 0, 0), anchor: str = "topleft", scaled: bool = True,
             box: pygame.Rect | None = None) -> pygame.Rect:
        """Draw one line; ``box`` (if known) is where it has to stay, for the layout check."""
        img = self.render(text, face, size, colour, scaled)
        r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surf.blit(img, r)
        if self.recorder is not None:
            self._record(surf, img, r, text, face, self.px(size, scaled), box, False, new_block=True)
        return r

    def fit_label(self, text: str, face: str, size: int, box: pygame.Rect, min_size: int = 14,
                  lines: int = 2) -> tuple[int, list[str]]:
        """The size and lines of a label in ``box``: one line, shrinking a little (to 80%) if need be; then up
        to ``lines`` lines, shrinking until it is ``min_size`` pixels high, whole words first (a word is broken
        in two only where no size keeps it whole). Past that it stays there."""
        low = min(size, self.floor(min_size))
        for s in range(size, max(low, int(size * 0.8)) - 1, -1):
            if self.size(text, face, s)[0] <= box.w and self.height(face, s, 1, text) <= box.h:
                return s, [text]
        words = text.split()
        for whole in (True, False):
            for s in range(size, low - 1, -1):
                rows = [text] if self.size(text, face, s)[0] <= box.w else self.wrap(text, face, s, box.w)
                if whole and " ".join(rows).split() != words:
                    continue
                if len(rows) <= lines and self.height(face, s, len(rows), rows[-1]) <= box.h and \
                        all(self.size(r, face, s)[0] <= box.w for r in rows):
                    return s, rows
        return low, self.wrap(text, face, low, box.w)

    def blit_fit(self, surf: pygame.Surface, text: str, box: pygame.Rect, face: str = "sans", size: int = 18,
                 colour: RGB = (0, 0, 0), min_size: int = 14, lines: int = 2, anchor: str = "center") -> pygame.Rect:
        """A label inside ``box`` (see ``fit_label``). ``anchor``: "center", "midleft" or "midright".
        Returns the rectangle drawn."""
        s, rows = self.fit_label(text, face, size, box, min_size, lines)
        lh = self.linesize(face, s)
        y = box.centery - self.height(face, s, len(rows), rows[-1]) / 2
        out: pygame.Rect | None = None
        self._new_block()
        for row in rows:
            img = self.render(row, face, s, colour)
            if anchor == "midleft":
                r = img.get_rect(topleft=(box.x, int(y)))
            elif anchor == "midright":
                r = img.get_rect(topright=(box.right, int(y)))
            else:
                r = img.get_rect(midtop=(box.centerx, int(y)))
            surf.blit(img, r)
            out = r if out is None else out.union(r)
            if self.recorder is not None:
                self._record(surf, img, r, row, face, self.px(s), box, False, new_block=False)
            y += lh
        return out if out is not None else pygame.Rect(box.center, (0, 0))

    def blit_wrapped(self, surf: pygame.Surface, text: str, rect: pygame.Rect, face: str = "sans", size: int = 16,
                     colour: RGB = (0, 0, 0), line_gap: int = 2, max_lines: int | None = None) -> int:
        """Draw wrapped text inside ``rect``; returns the height used."""
        y = rect.top
        lines = self.wrap(text, face, size, rect.width)
        cut = False
        if max_lines is not None and len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = lines[-1].rstrip(".,;") + "..."
            cut = True
        h = self.linesize(face, size)
        shown: list[tuple[pygame.Surface, pygame.Rect, str]] = []
        for line in lines:
            if y + h > rect.bottom + 2 and y > rect.top:
                cut = True
                break
            img = self.render(line, face, size, colour)
            r = img.get_rect(topleft=(rect.left, y))
            surf.blit(img, r)
            shown.append((img, r, line))
            y += h + line_gap
        if self.recorder is not None:
            self._new_block()
            for img, r, line in shown:
                self._record(surf, img, r, line, face, self.px(size), rect, cut, new_block=False)
        return y - rect.top

    # ------------------------------------------------------------------------------------------------
    # recording (the layout check)

    @contextmanager
    def record(self, canvas: pygame.Surface) -> Iterator[Recorder]:
        """Record every line drawn on ``canvas`` (or on a surface ``placed`` on it) while inside."""
        was = self.recorder
        self.recorder = Recorder(canvas)
        try:
            yield self.recorder
        finally:
            self.recorder = was

    @contextmanager
    def within(self, box: pygame.Rect) -> Iterator[None]:
        """Text drawn inside has to stay inside ``box`` (canvas coordinates; for the layout check)."""
        self._boxes.append(pygame.Rect(box))
        try:
            yield
        finally:
            self._boxes.pop()

    @contextmanager
    def placed(self, surf: pygame.Surface, offset: tuple[int, int]) -> Iterator[None]:
        """``surf`` (an off-screen picture) will be shown at ``offset`` on the canvas: what is drawn on it
        while inside is recorded where it will appear."""
        self._placed[id(surf)] = (int(offset[0]), int(offset[1]))
        try:
            yield
        finally:
            self._placed.pop(id(surf), None)

    @contextmanager
    def layer(self) -> Iterator[None]:
        """What is drawn inside lies over everything drawn before (a tooltip, an overlay)."""
        rec = self.recorder
        if rec is None:
            yield
            return
        was = rec.layer
        rec.next_layer()
        try:
            yield
        finally:
            rec.layer = was

    def cover(self, surf: pygame.Surface, rect: pygame.Rect, edge: int = 0) -> None:
        """An opaque panel is drawn over ``rect`` of ``surf``: lines drawn on its layer before and under it are
        hidden (no longer recorded); a line it hides only in part is marked. ``edge``: how wide the panel's rim
        is (a frame or a burnt edge that text drawn on the panel must keep off, see ``Drawn.panel``)."""
        rec = self.recorder
        if rec is None:
            return
        off = self._offset(surf)
        if off is None:
            return
        r = pygame.Rect(rect).move(off)
        rec.panels.append((rec.layer, r, r.inflate(-2 * edge, -2 * edge)))
        keep: list[Drawn] = []
        for d in rec.items:
            if d.layer == rec.layer and r.colliderect(d.rect):
                if r.contains(d.rect):
                    continue
                d.covered = True
            keep.append(d)
        rec.items = keep

    def _new_block(self) -> None:
        if self.recorder is not None:
            self.recorder.block += 1

    def _offset(self, surf: pygame.Surface) -> tuple[int, int] | None:
        rec = self.recorder
        assert rec is not None
        if surf is rec.canvas:
            return (0, 0)
        placed = self._placed.get(id(surf))
        if placed is not None:
            return placed
        parent = surf.get_abs_parent()
        if parent is rec.canvas:
            return surf.get_abs_offset()
        return None

    def _record(self, surf: pygame.Surface, img: pygame.Surface, r: pygame.Rect, text: str, face: str, px: int,
                box: pygame.Rect | None, cut: bool, new_block: bool) -> None:
        rec = self.recorder
        if rec is None or not text.strip():
            return
        off = self._offset(surf)
        if off is None:
            return
        if new_block:
            rec.block += 1
        ink = img.get_bounding_rect()
        if ink.w == 0 or ink.h == 0:
            return
        ink = ink.move(r.x + off[0], r.y + off[1])
        clip = surf.get_clip()
        scrolled = False
        if clip != surf.get_rect():
            vis = clip.move(off)
            if not vis.colliderect(ink):
                return  # scrolled out of view
            scrolled = not vis.contains(ink)
        if box is None and self._boxes:
            box = self._boxes[-1]
        elif box is not None and surf is not rec.canvas:
            box = box.move(off)
        panel = next((inner for layer, outer, inner in reversed(rec.panels)
                      if layer == rec.layer and outer.collidepoint(ink.center)), None)
        rec.items.append(Drawn(text, ink, None if box is None else pygame.Rect(box), px, cut, rec.block, rec.layer,
                               _caller(), scrolled, glyph_cut=self.glyph_cut(text, face, px), panel=panel, face=face,
                               toast=rec.toasting))

    def dropped(self, what: str, behind: str = "") -> None:
        """A view left ``what`` out for lack of room; ``behind`` names the labelled control that still shows it
        ("" if nothing does: the layout check reports it as information dropped)."""
        if self.recorder is not None:
            f = sys._getframe(1)
            name = f.f_code.co_filename
            i = name.rfind("quacks")
            self.recorder.dropped.append(Dropped(what, behind, f"{name[i:] if i >= 0 else name}:{f.f_lineno}"))

    @contextmanager
    def toasting(self) -> Iterator[None]:
        """What is drawn inside is a toast (the layout check makes sure no toast lies over a title)."""
        rec = self.recorder
        if rec is None:
            yield
            return
        was = rec.toasting
        rec.toasting = True
        try:
            yield
        finally:
            rec.toasting = was


def _caller() -> str:
    """The first frame outside the text engine: the code that drew."""
    f: FrameType | None = sys._getframe(2)
    skip = (__file__, "contextlib.py")
    while f is not None and f.f_code.co_filename.endswith(skip):
        f = f.f_back
    if f is None:
        return "?"
    name = f.f_code.co_filename
    i = name.rfind("quacks")
    return f"{name[i:] if i >= 0 else name}:{f.f_lineno}"
