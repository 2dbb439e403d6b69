"""Parts of the table's still picture kept as pictures of their own (issue 32: a larger window costs no frame).

While something moves (a pot shakes, the die tumbles, a marker walks) every frame draws the still picture whole,
and the cards of the seats that do not move are the same picture again. A ``Layers`` keeps each such part (the
pot in focus with its panel, each other seat's card) as the pixels of its rectangle, keyed on everything it
shows: the table's picture without its motion (``picture.TablePicture``), what the motion changes in that part
(the chips of its seat still in the air, its shake), the rectangle, the background under it and the UI scale.
A part whose key is unchanged is blitted, not drawn.

With ``frames.CHECK_STILL`` on (the tests) a kept part is drawn again and compared, as the frame cache does, so
an input drawn but left out of the key fails at once (``frames.StalePicture``).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from . import frames


class Layers:
    """The kept parts: name -> (key, the part's pixels)."""

    def __init__(self) -> None:
        self._kept: dict[object, tuple[object, pygame.Surface]] = {}
        self.drawn = 0  # parts drawn (not kept) so far: the tests read it

    def forget(self) -> None:
        self._kept.clear()

    def draw(self, surf: pygame.Surface, name: object, rect: pygame.Rect, key: object | None,
             draw: Callable[[], None]) -> None:
        """Draw the part ``name`` (everything it draws lies in ``rect``) with ``draw``, or blit it as kept when
        ``key`` is the one it was kept with; a ``key`` of None keeps nothing."""
        area = rect.clip(surf.get_rect())
        kept = self._kept.get(name)
        full = (key, area.topleft, area.size)
        if key is not None and kept is not None and kept[0] == full:
            if not frames.CHECK_STILL:
                surf.blit(kept[1], area)
                return
            draw()
            if pygame.image.tobytes(surf.subsurface(area), "RGB") != pygame.image.tobytes(kept[1], "RGB"):
                raise frames.StalePicture(f"the part {name!r} changed while its key stayed {key!r}: something it "
                                          "draws is not in its key")
            return
        draw()
        self.drawn += 1
        if key is None or area.w <= 0 or area.h <= 0:
            self._kept.pop(name, None)
            return
        if kept is not None and kept[1].get_size() == area.size:  # its surface again (a new one costs twice)
            picture = kept[1]
            picture.blit(surf, (0, 0), area)
        else:
            picture = surf.subsurface(area).copy()
        self._kept[name] = (full, picture)
