"""Text fitted to its room: ``wrap`` breaks lines between words (the rules in ``text_breaks``), ``fit`` finds the
size that fits a width, ``fit_label`` the size and lines of a label in a box, and ``fit_block`` wraps a text in a
box. Layouts adapt instead of cutting: where no marked point of a word fits, the fitting functions shrink the text;
where even the smallest size cannot hold the word, it is shortened with "…" (the layout check reports that as
clipped).
"""

from __future__ import annotations

import pygame

from .text_breaks import SPACES, break_points, broken_piece, kept_together, shown
from .text_fonts import FontCache


class FittingText(FontCache):
    """The font cache, with wrapping and fitting (the wraps and the words shortened are remembered)."""

    def __init__(self, scale: float = 1.0, capacity: int = 3000) -> None:
        super().__init__(scale, capacity)
        self._wraps: dict[tuple[str, int, str, int], list[str]] = {}
        self._floors: dict[tuple[int, float, bool], int] = {}  # ``floor``'s answers by size, UI scale and density
        self._sources: dict[str, str] = {}  # a wrapped line that ends inside a word -> the text it came from
        self._shortened: set[str] = set()  # words ``wrap`` shortened with "…" (no marked point fitted)
        self._names: set[str] = set()  # names ``fit_name`` shortened on purpose (the whole name shows elsewhere)

    def wrap(self, text: str, face: str, size: int, width: int) -> list[str]:
        """Greedy word wrap to ``width`` pixels, at spaces (not at a no-break space); a word wider than a line is
        broken at its marked points, else shortened with "…" (``shortened`` tells; see ``text_breaks``). The
        lines come as they are drawn: without soft hyphens, a line broken at one ending in "-"."""
        key = (face, self.px(size), text, width)
        hit = self._wraps.get(key)
        if hit is None:
            hit = self._wrap(self.font(face, size), text, width)
            if len(self._wraps) > 4000:
                self._wraps.clear()
            self._wraps[key] = hit
        return list(hit)

    def shortened(self, line: str) -> bool:
        """Was ``line`` (from ``wrap``) a word shortened with "…" for want of a marked point that fits? (A name
        ``fit_name`` shortened is not: that is how a name fits a narrow place.)"""
        return line in self._shortened and line not in self._names

    def _wrap(self, f: pygame.font.Font, text: str, width: int) -> list[str]:
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for group in kept_together([w for w in SPACES.split(para) if w]):
                joined = " ".join(group)
                words = [joined] if len(group) == 1 or self._measure(f, joined)[0] <= width else group
                for w in words:
                    pieces = self._break_word(f, w, width)
                    first = pieces[0]
                    trial = f"{line} {first}" if line else first
                    if not line or self._measure(f, trial)[0] <= width:
                        line = trial
                    else:
                        lines.append(shown(line))
                        line = first
                    for piece in pieces[1:]:  # a broken word: each piece but the last ends its line
                        self._note_break(shown(line), para)
                        lines.append(shown(line))
                        line = piece
            lines.append(shown(line))
        return lines

    def _note_break(self, line: str, source: str) -> None:
        """``line`` ends inside a word of ``source`` (for the layout check: ``Drawn.source``)."""
        if len(self._sources) > 4000:
            self._sources.clear()
        self._sources[line] = source

    def _break_word(self, f: pygame.font.Font, word: str, width: int) -> list[str]:
        """``word`` in pieces that fit ``width``, broken only at its marked points (``break_points``: a soft
        hyphen, drawn as "-" there, or a hyphen of its own), each piece the longest that fits; a piece that
        fits at none of them is shortened with "…" and the rest of the word left out (the callers that can
        shrink the text do so first: ``fit_block``, ``fit_label``). The pieces keep the soft hyphens inside them
        (``wrap`` draws them away).

        The work grows with the word's length (times a logarithm for a word shortened), never with its cube
        (issue 18 §4: a 20,000-letter word took minutes once).
        """
        if self._measure(f, word)[0] <= width:
            return [word]
        points = break_points(word)
        out: list[str] = []
        start, i = 0, 0  # the piece begins at ``start``; ``points[i:]`` lie after it
        while True:
            j, best = i, 0
            while j < len(points) and self._measure(f, broken_piece(word, start, points[j]))[0] <= width:
                best, j = points[j], j + 1  # the furthest marked point whose piece fits (longer is never narrower)
            # the rest whole, if every marked point left fits (else the rest, longer still, cannot)
            if j == len(points) and self._measure(f, word[start:])[0] <= width:
                out.append(word[start:])
                return out
            if best:
                out.append(broken_piece(word, start, best))
                start, i = best, j
                continue
            # no marked point fits: the next piece (or the rest) shortened with "…", and the word ends there
            nxt = points[i] if i < len(points) else len(word)
            out.append(self._shorten(f, shown(broken_piece(word, start, nxt)).rstrip("-"), width))
            return out

    def _shorten(self, f: pygame.font.Font, text: str, width: int) -> str:
        """The longest beginning of ``text`` (at least one letter) that fits ``width`` with "…" after it; the
        layout check reports it as shortened (``shortened``)."""
        good, k = 1, 2  # doubling until a beginning no longer fits, then halving the gap: only beginnings about a
        while k < len(text) and self._measure(f, text[:k] + "…")[0] <= width:  # line long are measured
            good, k = k, k * 2
        bad = min(k, len(text))
        while bad - good > 1:
            mid = (good + bad) // 2
            if self._measure(f, text[:mid] + "…")[0] <= width:
                good = mid
            else:
                bad = mid
        out = text[:good] + "…"
        if len(self._shortened) > 4000:
            self._shortened.clear()
            self._names.clear()
        self._shortened.add(out)
        return out

    def floor(self, min_px: int) -> int:
        """The smallest size (as callers give sizes, before the UI scale) drawn at least ``min_px`` high."""
        key = (min_px, self.scale, self.dense)
        hit = self._floors.get(key)
        if hit is None:
            hit = next((s for s in range(1, min_px + 1) if self.px(s) >= min_px), min_px)
            self._floors[key] = hit
        return hit

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
        out = text.rstrip() + "…"
        if len(self._names) > 4000:
            self._names.clear()
        self._names.add(out)  # shortened on purpose (not a word ``wrap`` had to shorten)
        return out, s

    def fit_block(self, text: str, face: str, size: int, rect: pygame.Rect, min_size: int = 14,
                  line_gap: int = 2) -> tuple[int, list[str]]:
        """The largest size (down to the one drawn ``min_size`` pixels high) at which ``text`` wraps into
        ``rect`` with every word whole or broken at a marked point (none shortened), and its lines."""
        s = size
        low = min(size, self.floor(min_size))
        while True:
            lines = self.wrap(text, face, s, rect.width)
            h = len(lines) * (self.linesize(face, s) + line_gap) - line_gap
            if (h <= rect.height and not any(self.shortened(line) for line in lines)) or s <= low:
                return s, lines
            s -= 1

    def fit_label(self, text: str, face: str, size: int, box: pygame.Rect, min_size: int = 14,
                  lines: int = 2, squeeze: float = 0.8) -> tuple[int, list[str]]:
        """The size and lines of a label in ``box``: one line, shrinking a little (to ``squeeze``) if need be; then up
        to ``lines`` lines, shrinking until it is ``min_size`` pixels high, whole words first, then a word broken
        at a marked point (a soft hyphen or its own hyphen) only where no size keeps every word whole. Past that
        it stays there (a word that fits at no size is shortened with "…", which the layout check reports)."""
        low = min(size, self.floor(min_size))
        for s in range(size, max(low, int(size * squeeze)) - 1, -1):
            if self.size(text, face, s)[0] <= box.w and self.height(face, s, 1, text) <= box.h:
                return s, [shown(text)]
        words = shown(text).split()
        for whole in (True, False):
            for s in range(size, low - 1, -1):
                rows = [shown(text)] if self.size(text, face, s)[0] <= box.w else self.wrap(text, face, s, box.w)
                if whole and " ".join(rows).split() != words:
                    continue
                if any(self.shortened(r) for r in rows):
                    continue
                if len(rows) <= lines and self.height(face, s, len(rows), rows[-1]) <= box.h and \
                        all(self.size(r, face, s)[0] <= box.w for r in rows):
                    return s, rows
        return low, self.wrap(text, face, low, box.w)
