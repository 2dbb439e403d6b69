"""Where everything sits on the 1920x1080 table.

The books, the board and the other seats keep their places. The part below the board adapts to the UI scale:
the action bar and the prompt above it grow with their text, the frame of the seat in focus takes what is
left, and its pot gets smaller so that the panel beside it (where the text grows most) gets wider.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

W, H = 1920, 1080
POT_RIM = 1.13  # the cauldron's iron rim reaches this far out (in pot radii)


def _scale() -> float:
    from ..app import text_engine

    return max(1.0, text_engine().scale)


@dataclass
class TableLayout:
    n_seats: int
    books: pygame.Rect = field(default_factory=lambda: pygame.Rect(12, 12, 420, H - 24))
    board: pygame.Rect = field(default_factory=lambda: pygame.Rect(444, 12, 1000, 392))
    others: pygame.Rect = field(default_factory=lambda: pygame.Rect(1456, 12, 452, H - 24))

    @property
    def actions(self) -> pygame.Rect:
        """The action bar: a button per choice."""
        h = int(round(60 + 16 * (_scale() - 1)))
        return pygame.Rect(444, H - 12 - h, 1000, h)

    @property
    def prompt(self) -> pygame.Rect:
        """Above the bar: the question (two lines of it) and the key hints."""
        from ..app import text_engine

        te = text_engine()
        with te.roomy():
            lh = te.linesize("sans-semibold", 20)
        bar = self.actions
        h = 2 * lh + 4
        return pygame.Rect(bar.x, bar.y - 6 - h, bar.w, h)

    @property
    def focus(self) -> pygame.Rect:
        """The frame of the seat in focus: its pot and the panel beside it."""
        top = self.board.bottom + 12
        return pygame.Rect(444, top, 1000, self.prompt.y - 4 - top)

    @property
    def pot_radius(self) -> int:
        s = _scale()
        return int(min(226 - 36 * (s - 1), (self.focus.h - 24) / (2 * POT_RIM)))

    @property
    def pot_centre(self) -> tuple[int, int]:
        f = self.focus
        r = self.pot_radius
        return (f.x + 14 + int(r * POT_RIM), f.centery)

    @property
    def info(self) -> pygame.Rect:
        """The panel beside the pot in focus."""
        f = self.focus
        x = self.pot_centre[0] + int(self.pot_radius * POT_RIM) + 22
        return pygame.Rect(x, f.y + 12, f.right - 14 - x, f.h - 24)

    def other_rects(self, count: int) -> list[pygame.Rect]:
        if count <= 0:
            return []
        gap = 12
        h = (self.others.h - gap * (count - 1)) // count
        return [pygame.Rect(self.others.x, self.others.y + i * (h + gap), self.others.w, h) for i in range(count)]

    @staticmethod
    def small_pot(rect: pygame.Rect) -> tuple[tuple[int, int], int]:
        """Centre and radius of a small pot inside an opponent card (smaller at larger UI scales: the card's
        text gets the room)."""
        radius = int(min(rect.w * 0.5, rect.h - 150) / 2.45 / (1 + 0.3 * (_scale() - 1)))
        radius = max(56, min(radius, 200))
        return (rect.x + radius + int(radius * 0.25) + 10, rect.bottom - radius - int(radius * 0.22) - 10), radius
