"""Partial redraws of the table: when only chips in flight and notes move, the still picture is kept and
just the moving bits are drawn again; when shakes, the die or markers move, the frame is drawn but only the
regions that moved are presented. Anything else changing draws (and presents) the whole frame."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..anim import Motion


class FrameCache:
    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.base: pygame.Surface | None = None  # the still picture under the flights
        self.anim_rects: list[pygame.Rect] = []

    def invalidate(self) -> None:
        self.key = None

    def draw(self, surf: pygame.Surface, still: tuple[object, ...], anim: Any | None,
             draw_still: Callable[[pygame.Surface], None], regions: Callable[[Any], list[pygame.Rect]],
             quiet: bool = True) -> list[pygame.Rect] | None:
        """Draw a frame; ``still`` is everything the still picture depends on, ``quiet`` says nothing is
        drawn over it (no tooltip). Returns the rectangles that changed, or None for all of them."""
        moving = anim.t_key() if anim is not None else ()
        calm = anim is not None and quiet and self.key == still
        if calm and anim is not None and not moving and self.base is not None:
            dirty = list(self.anim_rects)
            for r in self.anim_rects:
                surf.blit(self.base, r, r)
            self.anim_rects = anim.draw(surf)
            return dirty + self.anim_rects
        old = list(self.anim_rects)
        draw_still(surf)
        keep = anim is not None and anim.anims and not moving
        if keep:
            if self.base is None:
                self.base = surf.copy()
            else:
                self.base.blit(surf, (0, 0))
        else:
            self.base = None
        self.anim_rects = anim.draw(surf) if anim is not None else []
        self.key = still
        if calm:
            return old + self.anim_rects + regions(anim)
        return None


def moving_regions(view: Any, anim: Any) -> list[pygame.Rect]:
    """Where shakes, the tumbling die and sliding markers are drawn: the shaking pot, the die (with room to
    turn), and the track spaces a marker passes on its way (not the whole board or seat)."""
    out: list[pygame.Rect] = []
    for a in anim.anims:
        if a.kind is Motion.SHAKE and a.seat is not None:
            lay = view.pot_layout(a.seat)
            if lay is not None:
                c, r = lay.centre, lay.radius
                out.append(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r).inflate(40, 40))
        elif a.kind is Motion.DIE:
            out.append(view.board.die_rect.inflate(56, 56))
        elif a.kind is Motion.SLIDE:
            lo, hi = sorted((int(a.data["from"]), int(a.data["to"]) + 1))
            spaces = [view.board.spaces[(s - 1) % 50] for s in range(max(1, lo), hi + 1)] or [view.board.spaces[-1]]
            out.append(spaces[0].unionall(spaces[1:]).inflate(44, 44))
    return out
