"""``check-layout``'s kinds from issue 30, each caught on a planted fault and quiet on the real screens: a chip a
button covers ("chip-covered": the shop's cart once hid a chip under "Clear cart"), and a tooltip of a screen under
a dialog ("over-dialog": the title's tooltip over the Play online dialog)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from quacks.devtools.ui import layout_check as L

CART = "table/shopping, two chips in the cart, undo offered"
ONLINE = "online/choice, opened with a click (the title's tooltip was showing)"


def kinds(case: str, kind: str, size: tuple[int, int] = (1920, 1080), scales: tuple[int, ...] = (100,)) -> list[Any]:
    cases = [c for c in L.all_cases() if c.name == case]
    assert cases, case
    report = L.run(cases, scales, ("en",), (size,))
    return [p for p in report.problems if p.kind == kind]


def test_a_chip_under_a_button_is_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.table.shop_panel import ShopPanel

    real = ShopPanel._place_row

    def planted(self: ShopPanel, row: pygame.Rect, with_undo: bool) -> None:
        real(self, row, with_undo)
        self.clear_b.rect.x = self.cart_rect.x + 40  # Clear cart over the cart's chips

    monkeypatch.setattr(ShopPanel, "_place_row", planted)
    found = kinds(CART, "chip-covered")
    assert found and all("Clear cart" in p.text for p in found)
    assert "under the button 'Clear cart'" in found[0].line()


def test_a_tooltip_of_the_screen_under_a_dialog_is_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.scenes.title import TitleScene
    from quacks.ui.widgets import draw_tooltip

    real = TitleScene.draw

    def planted(self: TitleScene, surf: pygame.Surface) -> None:
        real(self, surf)
        draw_tooltip(surf, "Host a game for friends", self.app.mouse_pos)  # as if on top

    monkeypatch.setattr(TitleScene, "draw", planted)
    found = kinds(ONLINE, "over-dialog")
    assert found and found[0].text == "Host a game for friends" and "OnlineChoice" in found[0].detail


def test_a_tooltip_over_a_panel_above_it_is_reported_without_a_dialog_taking_the_input() -> None:
    """A screen's tooltip under an overlay that does not take the input counts only where it touches its panel."""
    from quacks.ui.text_record import Drawn

    tip = Drawn("a tooltip", pygame.Rect(100, 100, 200, 20), None, 16, False, 1, 2, "quacks/ui/widgets.py:1")
    scenes = [L.SceneLayer(1, False, "TableScene"), L.SceneLayer(3, False, "CoachBubble")]
    assert L.labels_over_dialogs([tip], scenes, [(3, pygame.Rect(150, 90, 300, 200))], "c", 100, "en")
    assert not L.labels_over_dialogs([tip], scenes, [(3, pygame.Rect(500, 90, 300, 200))], "c", 100, "en")
    modal = [L.SceneLayer(1, False, "TitleScene"), L.SceneLayer(3, True, "OnlineChoice")]
    assert L.labels_over_dialogs([tip], modal, [], "c", 100, "en")


@pytest.mark.parametrize("size", [(1000, 900), (1280, 800), (1920, 1080), (2560, 1440)])
def test_the_real_screens_report_neither_kind(home: Path, size: tuple[int, int]) -> None:
    for case in (CART, ONLINE, "table/shopping", "table/crow skull pick", "table/choice dialog"):
        for kind in ("chip-covered", "over-dialog"):
            assert kinds(case, kind, size, (100, 200)) == [], (case, kind)
