"""The shop's row of buttons in a narrow shop (issue 32: the shop beside the pot in a 1000x900 window): a label is
drawn whole or the row is laid out otherwise (``ShopButtonRow.label_fits``), and a shop narrower than its
buttons' labels need in the player's language is given the whole frame (``row_least``; check-layout draws the
shop in every language at every size with no label cut short or out of its button)."""

from __future__ import annotations

import pygame
import pytest

from quacks import i18n
from quacks.devtools.ui import layout_check as L
from quacks.i18n import _
from quacks.ui.keys import Act
from quacks.ui.table.shop_row import ShopButtonRow, row_least
from quacks.ui.widgets import Button


def test_a_label_fits_a_button_wide_enough_and_not_a_narrow_one(home: object) -> None:
    pygame.font.init()
    b = Button(pygame.Rect(0, 0, 170, 62), _("Buy nothing"), key=Act.NO, size=20)
    assert ShopButtonRow.label_fits(b, 170)
    assert not ShopButtonRow.label_fits(b, 40)
    least = ShopButtonRow.fit_least(b)
    assert ShopButtonRow.label_fits(b, least) and not ShopButtonRow.label_fits(b, least - 4)


def test_a_language_with_longer_labels_needs_a_wider_shop(home: object, monkeypatch: pytest.MonkeyPatch) -> None:
    case = next(c for c in L.all_cases() if c.name == "table/shopping")
    english = L.draw_case(case, 100, "en", None, (1000, 900))
    assert [s.kind for s in english.shapes if s.kind.startswith("shop")] == ["shop"]  # beside the pot
    try:
        i18n.set_language("en")
        en = row_least()
        i18n.set_language("pseudo")  # every text about 40% longer, as a check for long translations
        assert row_least() > en
    finally:
        i18n.set_language("en")
    # a language whose labels need more than the frame leaves beside the pot: the shop takes the frame
    from quacks.ui.table import shop_row

    monkeypatch.setattr(shop_row, "row_least", lambda: 10_000)
    longer = L.draw_case(case, 100, "en", None, (1000, 900))
    assert [s.kind for s in longer.shapes if s.kind.startswith("shop")] == ["shop-over"]
