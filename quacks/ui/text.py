"""The text engine (``Text``): fonts at the UI scale, text fitted to its room, and drawing, recorded for the
layout check while asked to. It is built in floors, each a module of its own:

- ``text_fonts``: the fonts, the UI scale's rule for text sizes, measuring, and a cache of rendered lines;
- ``text_breaks``: where a line may break (spaces, marked points of a long word) and what a line shows;
- ``text_fit``: wrapping and fitting text to a width or a box (shrinking before shortening);
- ``text_record``: what was drawn, where, and inside which box (the layout check);
- here: drawing a line, a label fitted to a box, and wrapped text.

The process-wide engine is ``app.text_engine()``.
"""

from __future__ import annotations

import pygame

from .text_record import RecordingText
from .theme import RGB


class Text(RecordingText):
    """Fonts by (face, size), rendered text by (face, size, text, colour) (least recently used out), fitting,
    recording and drawing."""

    def blit(self, surf: pygame.Surface, text: str, pos: tuple[float, float], face: str = "sans", size: int = 18,
             colour: RGB = (0, 0, 0), anchor: str = "topleft", scaled: bool = True,
             box: pygame.Rect | None = None) -> pygame.Rect:
        """Draw one line; ``box`` (if known) is where it has to stay, for the layout check."""
        img = self.render(text, face, size, colour, scaled)
        r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surf.blit(img, r)
        if self.recorder is not None:
            self._record(surf, img, r, text, face, self.px(size, scaled), box, False, new_block=True, scaled=scaled,
                         colour=colour)
        return r

    def blit_fit(self, surf: pygame.Surface, text: str, box: pygame.Rect, face: str = "sans", size: int = 18,
                 colour: RGB = (0, 0, 0), min_size: int = 14, lines: int = 2, anchor: str = "center",
                 squeeze: float = 0.8) -> pygame.Rect:
        """A label inside ``box`` (see ``fit_label``). ``anchor``: "center", "midleft" or "midright".
        Returns the rectangle drawn."""
        s, rows = self.fit_label(text, face, size, box, min_size, lines, squeeze)
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
                self._record(surf, img, r, row, face, self.px(s), box, False, new_block=False, colour=colour)
            y += lh
        return out if out is not None else pygame.Rect(box.center, (0, 0))

    def blit_wrapped(self, surf: pygame.Surface, text: str, rect: pygame.Rect, face: str = "sans", size: int = 16,
                     colour: RGB = (0, 0, 0), line_gap: int = 2, max_lines: int | None = None) -> int:
        """Draw wrapped text inside ``rect``; returns the height used."""
        y = rect.top
        lines = self.wrap(text, face, size, rect.width)
        cut = any(self.shortened(line) for line in lines)
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
                self._record(surf, img, r, line, face, self.px(size), rect, cut, new_block=False, colour=colour)
        return y - rect.top
