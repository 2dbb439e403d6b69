"""Components drawn as objects (issue 32, ``docs/look.md``): the bag's cloth shows how full it is, the final
page's medals carry their place."""

from __future__ import annotations

import pygame

from quacks.ui import art
from quacks.ui import theme as T

from .driver import Driver


def covered(surf: pygame.Surface) -> int:
    """How many pixels of a picture are drawn (not transparent)."""
    w, h = surf.get_size()
    return sum(1 for x in range(w) for y in range(h) if surf.get_at((x, y)).a > 128)


def test_the_bag_looks_as_full_as_the_share_of_chips_left_in_it() -> None:
    assert art.bag_level(0, 9) == 0 and art.bag_level(0, 0) == 0  # empty
    assert art.bag_level(12, 0) == art.BAG_LEVELS  # nothing drawn yet: full
    assert art.bag_level(1, 30) == 1  # one chip left never looks empty
    assert art.bag_level(6, 6) == art.BAG_LEVELS // 2
    levels = [art.bag_level(n, 12 - n) for n in range(13)]
    assert levels == sorted(levels)


def test_a_fuller_bag_is_drawn_with_a_bigger_belly(home: object) -> None:
    Driver()  # a display and the text engine
    sizes = [covered(art.bag(60, level)) for level in range(art.BAG_LEVELS + 1)]
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0] * 1.3
    assert art.bag(60, 2).get_size() == (60, 60)


def test_the_medals_differ_by_their_number_as_well_as_their_colour(home: object) -> None:
    Driver()
    pictures = [pygame.image.tobytes(art.medal(place, 40), "RGBA") for place in T.MEDALS]
    assert len(set(pictures)) == 3
    # the place's number is drawn in ink on every medal (not told by its metal alone)
    for place in T.MEDALS:
        img = art.medal(place, 40)
        inked = sum(1 for x in range(12, 28) for y in range(12, 28) if img.get_at((x, y))[:3] == T.INK)
        assert inked > 5, place
