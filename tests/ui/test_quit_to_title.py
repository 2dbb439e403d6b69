"""Quit to title returns to the title under the table, not to a new one on top (the stack does not grow)."""

from __future__ import annotations

from quacks.ui.scenes.title import TitleScene

from .driver import Driver
from .test_table import start_table


def test_quit_to_title_twice_leaves_one_title(driver: Driver) -> None:
    for _ in range(2):
        table = start_table(driver)
        table.menu.quit_to_title()
        driver.frames(1)
        assert isinstance(driver.scene, TitleScene)
        assert sum(isinstance(s, TitleScene) for s in driver.app.scenes) == 1
        assert len(driver.app.scenes) == 1
