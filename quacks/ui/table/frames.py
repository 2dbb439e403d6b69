"""Partial redraws of the table: when only chips in flight and notes move, the still picture is kept and
just the moving bits are drawn again; when shakes, the die or markers move, the frame is drawn but only the
regions that moved are presented. Anything else changing draws (and presents) the whole frame.

What "anything else" is, is one value: the still picture's state (for the table ``picture.TablePicture``),
compared by value. With ``CHECK_STILL`` on (the tests turn it on: ``QUACKS_CHECK_STILL=1``) every frame that
keeps the still picture draws it again and compares the two, so an input drawn but left out of the state fails
at once (``StalePicture``) instead of leaving a stale picture on a player's screen."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame

from ..anim import Motion

#: draw the still picture again whenever it is kept, and fail if it differs (issue 31; on in the tests)
CHECK_STILL = os.environ.get("QUACKS_CHECK_STILL") == "1"


class StalePicture(AssertionError):
    """The still picture changed while its state did not: something drawn is missing from the state."""


class FrameCache:
    def __init__(self) -> None:
        self.key: object = None
        self.base: pygame.Surface | None = None  # the still picture under the flights
        self.anim_rects: list[pygame.Rect] = []
        self.check = CHECK_STILL
        self._reference: bytes | None = None  # CHECK_STILL: the still picture last drawn for ``key``

    def invalidate(self) -> None:
        self.key = None

    def draw(self, surf: pygame.Surface, still: object, anim: Any | None,
             draw_still: Callable[[pygame.Surface], None], regions: Callable[[Any], list[pygame.Rect]],
             quiet: bool = True) -> list[pygame.Rect] | None:
        """Draw a frame; ``still`` is the still picture's state (everything it shows, compared by value),
        ``quiet`` says nothing is drawn over it (no tooltip). Returns the rectangles that changed, or None for all
        of them."""
        moving = anim.t_key() if anim is not None else ()
        calm = anim is not None and quiet and self.key == still
        if calm and anim is not None and not moving and self.base is not None:
            if self.check:
                scratch = pygame.Surface(surf.get_size())
                draw_still(scratch)
                self._compare(scratch, still)
            dirty = list(self.anim_rects)
            for r in self.anim_rects:
                surf.blit(self.base, r, r)
            self.anim_rects = anim.draw(surf)
            return dirty + self.anim_rects
        old = list(self.anim_rects)
        draw_still(surf)
        if self.check:
            if calm and not moving and self.key == still:
                self._compare(surf, still)
            # a picture drawn while something moves it (a shake, the die, a marker) is no reference
            self._reference = None if moving else pygame.image.tobytes(surf, "RGB")
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

    def _compare(self, drawn: pygame.Surface, still: object) -> None:
        """CHECK_STILL: the still picture drawn now must be the one drawn last for the same state."""
        if self._reference is not None and pygame.image.tobytes(drawn, "RGB") != self._reference:
            raise StalePicture(f"the still picture changed while its state stayed {still!r}: "
                               "something drawn is not in the state it is keyed on")


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
