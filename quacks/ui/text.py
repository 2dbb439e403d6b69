"""Fonts from ``assets/fonts`` and a cache of rendered text (rendering text is the costliest thing we draw).

``serif`` is EB Garamond (titles, book names, card texts); ``sans`` is Inter (numbers, labels, buttons).
The UI scale setting multiplies every size.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from ..resources import asset
from .theme import RGB

FONT_FILES = {
    "serif": "EBGaramond12-Regular.ttf",
    "serif-bold": "EBGaramond12-Bold.ttf",
    "serif-italic": "EBGaramond12-Italic.ttf",
    "sans": "Inter-Regular.otf",
    "sans-semibold": "Inter-SemiBold.otf",
    "sans-bold": "Inter-Bold.otf",
}


class Text:
    """Fonts by (face, size) and rendered text by (face, size, text, colour), least recently used out."""

    #: labels in packed controls grow at most this much with the UI scale; running text (tooltips, rules,
    #: the log, dialogs) grows fully inside ``roomy()``
    DENSE_MAX = 1.15

    def __init__(self, scale: float = 1.0, capacity: int = 3000) -> None:
        self.scale = scale
        self.dense = True
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._cache: OrderedDict[tuple[str, int, str, RGB], pygame.Surface] = OrderedDict()
        self.capacity = capacity

    def set_scale(self, scale: float) -> None:
        self.scale = scale

    @contextmanager
    def crowded(self) -> Iterator[None]:
        """Text drawn inside grows with the UI scale only up to DENSE_MAX (the table's packed labels)."""
        was = self.dense
        self.dense = True
        try:
            yield
        finally:
            self.dense = was

    @contextmanager
    def roomy(self) -> Iterator[None]:
        """Text drawn inside grows fully with the UI scale (there is room for it)."""
        was = self.dense
        self.dense = False
        try:
            yield
        finally:
            self.dense = was

    def px(self, size: int, scaled: bool = True) -> int:
        if not scaled:
            return max(6, size)
        f = min(self.scale, self.DENSE_MAX) if self.dense else self.scale
        return max(6, int(round(size * f)))

    def font(self, face: str, size: int, scaled: bool = True) -> pygame.font.Font:
        px = self.px(size, scaled)
        key = (face, px)
        f = self._fonts.get(key)
        if f is None:
            path = asset("fonts", FONT_FILES[face])
            f = pygame.font.Font(str(path), px)
            self._fonts[key] = f
        return f

    def render(self, text: str, face: str, size: int, colour: RGB, scaled: bool = True) -> pygame.Surface:
        key = (face, self.px(size, scaled), text, colour)
        s = self._cache.get(key)
        if s is not None:
            self._cache.move_to_end(key)
            return s
        s = self.font(face, size, scaled).render(text, True, colour)
        self._cache[key] = s
        if len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return s

    def size(self, text: str, face: str, size: int) -> tuple[int, int]:
        return self.font(face, size).size(text)

    def wrap(self, text: str, face: str, size: int, width: int) -> list[str]:
        """Greedy word wrap to ``width`` pixels."""
        f = self.font(face, size)
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split()
            line = ""
            for w in words:
                trial = f"{line} {w}".strip()
                if f.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        return lines

    def blit(self, surf: pygame.Surface, text: str, pos: tuple[float, float], face: str = "sans", size: int = 18,
             colour: RGB = (0, 0, 0), anchor: str = "topleft", scaled: bool = True) -> pygame.Rect:
        img = self.render(text, face, size, colour, scaled)
        r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surf.blit(img, r)
        return r

    def blit_wrapped(self, surf: pygame.Surface, text: str, rect: pygame.Rect, face: str = "sans", size: int = 16,
                     colour: RGB = (0, 0, 0), line_gap: int = 2, max_lines: int | None = None) -> int:
        """Draw wrapped text inside ``rect``; returns the height used."""
        y = rect.top
        lines = self.wrap(text, face, size, rect.width)
        if max_lines is not None and len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = lines[-1].rstrip(".,;") + "..."
        h = self.font(face, size).get_linesize()
        for line in lines:
            if y + h > rect.bottom + 2 and y > rect.top:
                break
            surf.blit(self.render(line, face, size, colour), (rect.left, y))
            y += h + line_gap
        return y - rect.top
