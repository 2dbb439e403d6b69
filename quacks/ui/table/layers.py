"""Parts of the table's still picture kept as pictures of their own (issue 32: a larger window costs no frame).

While something moves (a pot shakes, the die tumbles, a marker walks, chips fly) the still picture is drawn again,
and most of it is the same picture again. A ``Layers`` keeps each such part (the frame in focus with its panel,
each other seat's card, without their pots, which the motion changes and which are drawn over them each time) as
the pixels of its rectangle, keyed on everything it shows: the table's picture without its motion
(``picture.TablePicture``), the rectangle, the background under it and the UI scale. A part whose key is unchanged
is blitted, not drawn; the background is blitted only around the parts (``under`` goes under a part drawn anew).

While the layout check records what is drawn, every part is drawn (a kept one would hide its texts from it).
With ``frames.CHECK_STILL`` on (the tests) a kept part is drawn again and compared, as the frame cache does, so
an input drawn but left out of the key fails at once (``frames.StalePicture``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..app import text_engine
from . import frames


def outside(bounds: pygame.Rect, holes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles that cover ``bounds`` less the ``holes`` (in bands between the holes' top and bottom edges)."""
    holes = [h.clip(bounds) for h in holes if h.colliderect(bounds)]
    edges = sorted({bounds.top, bounds.bottom, *(h.top for h in holes), *(h.bottom for h in holes)})
    out: list[pygame.Rect] = []
    for top, bottom in zip(edges, edges[1:]):
        spans = sorted((h.left, h.right) for h in holes if h.top < bottom and h.bottom > top)
        x = bounds.left
        for left, right in spans:
            if left > x:
                out.append(pygame.Rect(x, top, left - x, bottom - top))
            x = max(x, right)
        if x < bounds.right:
            out.append(pygame.Rect(x, top, bounds.right - x, bottom - top))
    return out


class Layers:
    """The kept parts: name -> (key, the part's pixels)."""

    def __init__(self) -> None:
        self._kept: dict[object, tuple[object, pygame.Surface]] = {}
        self.drawn = 0  # parts drawn (not kept) so far: the tests read it
        self.under: pygame.Surface | None = None  # the background to put under a part drawn anew (None: it is there)

    def forget(self) -> None:
        self._kept.clear()

    def draw(self, surf: pygame.Surface, name: object, rect: pygame.Rect, key: object | None,
             draw: Callable[[], None]) -> None:
        """Draw the part ``name`` (everything it draws lies in ``rect``) with ``draw``, or blit it as kept when
        ``key`` is the one it was kept with; a ``key`` of None keeps nothing."""
        area = rect.clip(surf.get_rect())
        kept = self._kept.get(name)
        full = (key, area.topleft, area.size)
        recording = text_engine().recorder is not None  # the layout check reads every text a part draws
        if key is not None and not recording and kept is not None and kept[0] == full:
            if not frames.CHECK_STILL:
                surf.blit(kept[1], area)
                return
            self._fresh(surf, area, draw)
            if pygame.image.tobytes(surf.subsurface(area), "RGB") != pygame.image.tobytes(kept[1], "RGB"):
                raise frames.StalePicture(f"the part {name!r} changed while its key stayed {key!r}: something it "
                                          "draws is not in its key")
            return
        self._fresh(surf, area, draw)
        self.drawn += 1
        if key is None or recording or area.w <= 0 or area.h <= 0:
            self._kept.pop(name, None)
            return
        if kept is not None and kept[1].get_size() == area.size:  # its surface again (a new one costs twice)
            picture = kept[1]
            picture.blit(surf, (0, 0), area)
        else:
            picture = surf.subsurface(area).copy()
        self._kept[name] = (full, picture)

    def _fresh(self, surf: pygame.Surface, area: pygame.Rect, draw: Callable[[], None]) -> None:
        if self.under is not None:
            surf.blit(self.under, area, area)
        draw()
