"""The table's still picture is keyed on one value drawn from state (``ui/table/picture.py``, issue 31), and the
debug check (``ui/table/frames.py``: ``CHECK_STILL``, on in the tests) finds an input drawn but left out of it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from quacks.session.match import HUMAN
from quacks.ui.table import frames
from quacks.ui.table.frames import FrameCache, StalePicture
from quacks.ui.table.picture import TablePicture

from .driver import Driver
from .test_table import start_table


def plant(scene: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int]]:
    """Draw one more thing on the table, from a list the picture's state knows nothing of (a forgotten input)."""
    colour = [(10, 10, 10)]
    real = scene.view.draw

    def draw(surf: pygame.Surface, *args: Any, **kwargs: Any) -> None:
        real(surf, *args, **kwargs)
        surf.fill(colour[0], (0, 0, 40, 40))

    monkeypatch.setattr(scene.view, "draw", draw)
    scene.frames.invalidate()
    return colour


def test_the_check_is_on_in_the_tests() -> None:
    assert frames.CHECK_STILL and FrameCache().check


def test_a_forgotten_input_fails_the_check(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start_table(driver, (HUMAN, "normal"))
    colour = plant(scene, monkeypatch)
    driver.frames(3)  # drawn with the planted square, and kept
    colour[0] = (200, 30, 30)  # the input changes; the state the picture is keyed on does not
    with pytest.raises(StalePicture, match="not in the state"):
        driver.frames(2)


def test_an_input_in_the_state_redraws_the_picture(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same planted square, now read from a part of the state (the hover help): the picture is drawn anew."""
    scene = start_table(driver, (HUMAN, "normal"))
    colour = plant(scene, monkeypatch)
    driver.frames(3)
    before = scene.picture(scene.state(), scene.waiting_text())
    colour[0] = (200, 30, 30)
    scene.hover_text = "a change the picture is keyed on"
    driver.frames(2)
    after = scene.picture(scene.state(), scene.waiting_text())
    assert before != after
    assert tuple(driver.app.screen.get_at((5, 5)))[:3] == (200, 30, 30)


def test_the_picture_is_a_value_equal_pictures_compare_equal(driver: Driver) -> None:
    scene = start_table(driver, (HUMAN, "normal"))
    a = scene.picture(scene.state(), scene.waiting_text())
    b = scene.picture(scene.state(), scene.waiting_text())
    assert isinstance(a, TablePicture) and a == b
    scene.zoom = 1
    assert scene.picture(scene.state(), scene.waiting_text()) != a


def test_a_button_under_the_mouse_changes_the_picture(driver: Driver) -> None:
    """A button's hover look is part of the bar's state: moving the mouse onto Draw draws it again."""
    scene = start_table(driver, (HUMAN, "normal"))
    driver.until(lambda: bool(scene.controls.buttons), what="the decision's buttons")
    b = scene.controls.buttons[0]
    before = scene.picture(scene.state(), scene.waiting_text())
    driver.app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert b.hover
    assert scene.picture(scene.state(), scene.waiting_text()) != before
    driver.frames(2)  # and the check finds the kept picture right
