"""The parts of the table kept as pictures of their own (``ui/table/layers.py``, issue 32): a kept part is blitted,
not drawn; a change in its key draws it again; the check finds an input a part draws but is not keyed on; and a
table drawn from kept parts is the table drawn whole, pixel for pixel."""

from __future__ import annotations

import pygame
import pytest

from quacks.session.match import HUMAN
from quacks.ui.table import frames
from quacks.ui.table.frames import StalePicture
from quacks.ui.table.layers import Layers

from .driver import Driver
from .test_table import start_table


def _square(surf: pygame.Surface, colour: tuple[int, int, int]) -> None:
    surf.fill(colour, (10, 10, 20, 20))


def test_a_kept_part_is_blitted_until_its_key_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frames, "CHECK_STILL", False)
    surf = pygame.Surface((60, 60))
    layers = Layers()
    part = pygame.Rect(0, 0, 40, 40)
    calls: list[int] = []

    def draw(colour: tuple[int, int, int]) -> None:
        calls.append(1)
        _square(surf, colour)

    layers.draw(surf, "part", part, ("red",), lambda: draw((200, 0, 0)))
    surf.fill((0, 0, 0))
    layers.draw(surf, "part", part, ("red",), lambda: draw((0, 200, 0)))  # kept: the picture, not this drawing
    assert len(calls) == 1 and tuple(surf.get_at((15, 15)))[:3] == (200, 0, 0)
    layers.draw(surf, "part", part, ("green",), lambda: draw((0, 200, 0)))
    assert len(calls) == 2 and tuple(surf.get_at((15, 15)))[:3] == (0, 200, 0)
    layers.draw(surf, "part", part.move(5, 0), ("green",), lambda: draw((0, 0, 200)))  # moved: drawn again
    assert len(calls) == 3 and tuple(surf.get_at((15, 15)))[:3] == (0, 0, 200)
    layers.draw(surf, "part", part, None, lambda: draw((9, 9, 9)))  # no key: always drawn, nothing kept
    layers.draw(surf, "part", part, None, lambda: draw((9, 9, 9)))
    assert len(calls) == 5


def test_the_check_finds_an_input_a_part_is_not_keyed_on() -> None:
    assert frames.CHECK_STILL  # on in the tests
    surf = pygame.Surface((60, 60))
    layers = Layers()
    colour = [(200, 0, 0)]
    part = pygame.Rect(0, 0, 40, 40)
    layers.draw(surf, "part", part, "k", lambda: _square(surf, colour[0]))
    layers.draw(surf, "part", part, "k", lambda: _square(surf, colour[0]))  # the same picture: fine
    colour[0] = (0, 0, 200)
    with pytest.raises(StalePicture, match="not in its key"):
        layers.draw(surf, "part", part, "k", lambda: _square(surf, colour[0]))


@pytest.mark.parametrize("size", [(1280, 800), (2560, 1440)])
def test_the_table_from_kept_parts_is_the_table_drawn_whole(driver: Driver, size: tuple[int, int],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Each part (the pot in focus, each card) kept, then the table drawn again from them, matches the table
    drawn without any kept part: nothing a part draws lies outside its rectangle, and nothing under it is lost."""
    monkeypatch.setattr(frames, "CHECK_STILL", False)
    driver.app.resize_window(size)
    driver.app._fit(force=True)
    scene = start_table(driver, (HUMAN, "normal", "normal", "normal"))
    driver.frames(3)
    g, st, view = scene.shown(), scene.state(), scene.view
    key = scene.picture(st, scene.waiting_text()).without_motion()
    assert driver.app.screen.get_size() == size  # laid out at its own size (native up to 2560x1440)
    canvas = pygame.Surface(size)
    view.layers.forget()
    view.draw(canvas, g, st, None, still=key)
    drawn = view.layers.drawn
    canvas.fill((255, 0, 255))  # anything not drawn again shows
    view.draw(canvas, g, st, None, still=key)
    assert view.layers.drawn == drawn  # every part kept
    whole = pygame.Surface(canvas.get_size())
    view.draw(whole, g, st, None)
    assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_outside_covers_everything_but_the_holes() -> None:
    """The background is blitted around the parts (``layers.outside``): every pixel of the window outside the
    parts exactly once, none inside them."""
    from quacks.ui.table.layers import outside

    bounds = pygame.Rect(0, 0, 200, 120)
    holes = [pygame.Rect(20, 10, 60, 50), pygame.Rect(70, 40, 50, 70), pygame.Rect(150, -5, 80, 30)]
    surf = pygame.Surface(bounds.size)
    surf.fill((0, 0, 0))
    for r in outside(bounds, holes):
        area = pygame.Surface(r.size)
        area.fill((1, 1, 1))
        surf.blit(area, r, special_flags=pygame.BLEND_ADD)  # counts how often each pixel is covered
    for x in range(bounds.w):
        for y in range(bounds.h):
            inside = any(h.collidepoint(x, y) for h in holes)
            assert surf.get_at((x, y))[0] == (0 if inside else 1), (x, y)
