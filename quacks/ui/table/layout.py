"""Where everything sits on the 1920x1080 table."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

W, H = 1920, 1080


@dataclass
class TableLayout:
    n_seats: int
    books: pygame.Rect = field(default_factory=lambda: pygame.Rect(12, 12, 420, H - 24))
    board: pygame.Rect = field(default_factory=lambda: pygame.Rect(444, 12, 1000, 392))
    focus: pygame.Rect = field(default_factory=lambda: pygame.Rect(444, 416, 1000, 552))
    actions: pygame.Rect = field(default_factory=lambda: pygame.Rect(444, 1008, 1000, 60))
    others: pygame.Rect = field(default_factory=lambda: pygame.Rect(1456, 12, 452, H - 24))

    @property
    def pot_centre(self) -> tuple[int, int]:
        return (self.focus.x + 282, self.focus.y + 276)

    @property
    def pot_radius(self) -> int:
        return 226

    @property
    def info(self) -> pygame.Rect:
        return pygame.Rect(self.focus.x + 574, self.focus.y + 12, self.focus.w - 590, self.focus.h - 24)

    def other_rects(self, count: int) -> list[pygame.Rect]:
        if count <= 0:
            return []
        gap = 12
        h = (self.others.h - gap * (count - 1)) // count
        return [pygame.Rect(self.others.x, self.others.y + i * (h + gap), self.others.w, h) for i in range(count)]

    @staticmethod
    def small_pot(rect: pygame.Rect) -> tuple[tuple[int, int], int]:
        """Centre and radius of a small pot inside an opponent card."""
        radius = int(min(rect.w * 0.5, rect.h - 150) / 2.45)
        radius = max(60, min(radius, 200))
        return (rect.x + radius + int(radius * 0.25) + 10, rect.bottom - radius - int(radius * 0.22) - 10), radius
