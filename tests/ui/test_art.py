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


def test_no_two_markers_differ_by_colour_alone(home: object) -> None:
    """Issue 34: each seat's marker carries its initial; seats whose initials are the same carry it with their place
    among them, on the table, the new-game screen, the lobby and the final page alike (``marker_letters``)."""
    from quacks.content.loader import default_catalogue
    from quacks.rules.config import GameConfig
    from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec
    from quacks.ui.table.view import TableView
    from quacks.wording.text import marker_letters

    assert marker_letters(["Anna", "Bert", "Anton", "ada"]) == ["A1", "B", "A2", "A3"]
    assert marker_letters(["You", "Hildegard", "Ottokar", "Mechthild"]) == ["Y", "H", "O", "M"]
    assert marker_letters(["", "  x"]) == ["?", "X"]
    Driver()
    names = ("Anna", "Anton", "Bert")
    setup = MatchSetup(GameConfig(seats=names), tuple(SeatSpec(n, c, HUMAN) for n, c in
                                                      zip(names, ("amber", "teal", "plum"), strict=True)), 1)
    view = TableView(Match(default_catalogue(), setup).setup)
    letters = [letter for _colour, letter in view.looks()]
    assert len(set(letters)) == len(letters) == 3 and view.letter(1) == "A2"
    # drawn in one colour, the markers still differ (by their letters)
    a1, a2 = (pygame.image.tobytes(art.marker("amber", x, 48), "RGBA") for x in ("A1", "A2"))
    assert a1 != a2
