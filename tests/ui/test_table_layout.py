"""The table's layout for every window (``ui.table.layout``): the pot in focus is the largest thing on the
table, at least a fifth of the height in radius and never smaller at a larger UI scale; nothing overlaps and
everything lies on the canvas; what has no room folds (books to a strip, seats to tiles, the board to a bar)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from quacks.ui.app import text_engine
from quacks.ui.table import layout as L

SIZES = [(1000, 640), (1000, 900), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1920, 1080), (1920, 1200),
         (2200, 1240), (3000, 1000)]
SCALES = [1.0, 1.25, 1.5, 1.75, 2.0]


@pytest.fixture(autouse=True)
def _scale_back() -> object:
    te = text_engine()
    was = te.scale
    yield
    te.set_scale(was)


def parts(p: L.Plan) -> dict[str, pygame.Rect]:
    return {"books": p.books, "board": p.board, "focus": p.focus, "others": p.others, "actions": p.actions}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_pot_is_large_and_never_shrinks_with_the_ui_scale(size: tuple[int, int], seats: int) -> None:
    te = text_engine()
    radii = []
    for scale in SCALES:
        te.set_scale(scale)
        p = L.plan(size, seats, scale)
        assert p.fits, (size, seats, scale, p)
        assert 2 * p.pot_radius >= 0.4 * size[1] - 1, "the outer ring is at least 40% of the height across"
        radii.append(p.pot_radius)
    assert all(r >= radii[0] for r in radii), f"smaller than at 100% at a larger UI scale: {radii}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_the_parts_lie_on_the_canvas_and_apart(size: tuple[int, int], scale: float) -> None:
    text_engine().set_scale(scale)
    p = L.plan(size, 4, scale)
    canvas = pygame.Rect(0, 0, *size)
    for name, r in parts(p).items():
        assert canvas.contains(r) and r.w > 0 and r.h > 0, (name, r)
    for (a, ra), (b, rb) in itertools.combinations(parts(p).items(), 2):
        if {a, b} == {"focus", "actions"}:
            continue  # the bar lies under the pot's frame, in its column
        assert not ra.colliderect(rb), (a, ra, b, rb)
    # the pot and its panel inside the frame, the panel beside the pot
    c, r = p.pot_centre, p.pot_radius
    pot = pygame.Rect(c[0] - r * L.POT_RIM, c[1] - r * L.POT_RIM, 2 * r * L.POT_RIM, 2 * r * L.POT_RIM)
    assert p.focus.contains(pot) and p.focus.contains(p.info) and not pot.colliderect(p.info)
    assert p.prompt.bottom <= p.actions.y


def test_the_table_folds_only_what_has_no_room() -> None:
    te = text_engine()
    te.set_scale(1.0)
    big = L.plan((1920, 1080), 4, 1.0)
    assert not (big.books_folded or big.others_folded or big.board_folded)
    small = L.plan((1000, 640), 4, 1.0)
    assert small.books_folded and small.others_folded, "a small window folds the books and the seats"
    tall = L.plan((1000, 900), 4, 2.0)
    assert tall.books_folded and tall.others_row or tall.others_folded
    te.set_scale(2.0)
    assert L.plan((1920, 1080), 4, 2.0).pot_radius >= big.pot_radius


def test_with_two_seats_the_opponent_s_pot_is_large_too() -> None:
    text_engine().set_scale(1.0)
    p = L.plan((1920, 1080), 2, 1.0)
    (card,) = L.TableLayout(2, (1920, 1080)).other_rects(1)
    _centre, radius = L.TableLayout.small_pot(card)
    assert radius >= 0.6 * p.pot_radius


def test_the_layout_follows_the_canvas_and_the_scale() -> None:
    te = text_engine()
    te.set_scale(1.0)
    lay = L.TableLayout(4, (1920, 1080))
    v = lay.version
    assert not lay.arrange((1920, 1080), 1.0) and lay.version == v
    assert lay.arrange((1280, 800), 1.0) and lay.version == v + 1 and lay.size == (1280, 800)
    assert lay.arrange((1280, 800), 2.0) and lay.version == v + 2
