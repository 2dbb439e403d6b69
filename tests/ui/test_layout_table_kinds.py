"""``check-layout``'s kinds from issue 32, each caught on a planted fault and quiet on the real table: another seat's
pot too small to read at 1920x1080 with four seats ("pot-small"), a choice drawn over the deciding seat's pot
("over-pot"), another seat's card more than 35% empty ("empty"); and the pick's landing marks on the pot."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from quacks.devtools.ui import layout_check as L

from .test_layout_kinds import kinds

BREWING = "table/brewing"
PICK = "table/crow skull pick"
SHOP = "table/shopping"


def test_the_real_table_has_none_of_the_kinds(home: Path) -> None:
    cases = [c for c in L.all_cases() if c.name in (BREWING, PICK, SHOP, "table/two seats")]
    report = L.run(cases, (100, 200), ("en",), ((1920, 1080), (1280, 800)))
    assert not [p.line() for p in report.problems if p.kind in ("pot-small", "over-pot", "empty")]


def test_another_seats_pot_too_small_is_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.table import layout

    real = layout.TableLayout.small_pot

    def planted(rect: pygame.Rect) -> tuple[tuple[int, int], int]:
        centre, radius = real(rect)
        return centre, int(radius * 0.6)  # the pot of the old cards: about 155 px across

    monkeypatch.setattr(layout.TableLayout, "small_pot", staticmethod(planted))
    found = kinds(BREWING, "pot-small")
    assert len(found) == 3  # each of the three other seats
    assert "px across (at least 260)" in found[0].detail


def test_small_numbers_in_another_seats_pot_are_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.table import pot_view

    monkeypatch.setattr(pot_view, "SMALL_CHIP_R", 7)  # the chips' values 7 px, as before issue 32
    found = kinds(BREWING, "pot-small")
    assert found and "numbers 7 px (at least 12)" in found[0].detail


def test_small_numbers_in_another_seats_pot_are_reported_at_200_percent(home: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui import cauldron_art

    # a card at 200% held chips of radius 11 (values 11 px) before they were sized by the pot's room for 12 px
    # numbers: a pot counted as never roomy prints small numbers and chips, and the check sees it at 200%
    monkeypatch.setattr(cauldron_art, "roomy_pot", lambda radius: False)
    found = kinds(BREWING, "pot-small", scales=(200,))
    assert len(found) == 3 and all(p.scale == 200 for p in found)
    assert "numbers 8 px (at least 12)" in found[0].detail


def test_a_choice_over_the_pot_is_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.table.turns import HumanTurns as Turns

    def planted(self: Turns, seat: int | None = None) -> list[pygame.Rect]:
        lay = self.scene.view.layout  # where the dialog lay before issue 32: over the pot and the bar
        top = lay.focus.y + 6
        return [pygame.Rect(lay.focus.x + 6, top, lay.info.x - 10 - lay.focus.x - 6, lay.actions.bottom - top)]

    monkeypatch.setattr(Turns, "choice_rects", planted)
    found = kinds(PICK, "over-pot")
    assert found and found[0].text == "ChoiceDialog"
    assert "over the deciding seat's pot" in found[0].detail


def test_the_shop_over_the_pot_is_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.table import layout

    real = layout.TableLayout.shopping

    def planted(self: layout.TableLayout) -> layout.ShopPlace:
        place = real(self)
        f = self.focus  # where the shop lay before issue 32: the whole frame and the bar
        return replace(place, shop=pygame.Rect(f.x, f.y, f.w, self.actions.bottom - f.y))

    monkeypatch.setattr(layout.TableLayout, "shopping", planted)
    found = kinds(SHOP, "over-pot")
    assert found and found[0].text == "shop" and "over the shopping seat's pot" in found[0].detail


def test_a_shop_that_hides_the_pot_is_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.table import focus_panel

    monkeypatch.setattr(focus_panel, "_focus_pot", lambda *a, **k: None)  # the pot not drawn while shopping
    found = kinds(SHOP, "over-pot")
    assert found and "pot not drawn" in found[0].detail


def test_the_shop_leaves_the_pot_and_the_bag_beside_it(home: Path) -> None:
    """Issue 32: the shop opens beside the shopping seat's pot, which is drawn whole (smaller) in the column on its
    left with the chips in the bag under it; the shop keeps at least the room its rows need."""
    from quacks.ui.table.layout import SHOP_LEAST, SHOP_POT_LEAST

    case = next(c for c in L.all_cases() if c.name == SHOP)
    for size in ((1920, 1080), (1280, 800), (1000, 900)):
        drawing = L.draw_case(case, 100, "en", None, size)
        shop = next(s for s in drawing.shapes if s.kind == "shop")
        pot = next(p for p in drawing.shapes if p.kind == "pot" and p.what.startswith("focus"))
        assert pot.rect.right <= shop.rect.x and pot.rect.w >= 2 * SHOP_POT_LEAST
        assert any(d.text == "In the bag" and d.rect.right <= shop.rect.x for d in drawing.items)
        assert shop.rect.w >= SHOP_LEAST
        # every book keeps its name beside its prices, on two lines in the narrow shop of a 1000x900 window
        named = {d.text for d in drawing.items if shop.rect.contains(d.rect)}
        assert {"Pumpkin", "Mandrake"} <= named and ({"Garden spider"} <= named or {"Garden", "spider"} <= named)
    # a frame too narrow for both (1000x640 at 200%): the shop and the pot take the folded books' strip and the
    # other seats' tiles too, which wait for the shop to close (their words are not drawn meanwhile)
    narrow = L.draw_case(case, 200, "en", None, (1000, 640))
    shop = next(s for s in narrow.shapes if s.kind.startswith("shop"))
    pot = next(p for p in narrow.shapes if p.kind == "pot" and p.what.startswith("focus"))
    assert shop.kind == "shop" and pot.rect.right <= shop.rect.x
    assert not [d for d in narrow.items if "others_tiles.py" in d.where or "books_strip.py" in d.where]
    assert not kinds(SHOP, "over-pot", (1000, 640), (200,))


def test_a_shop_with_no_room_beside_the_pot_is_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.table import layout

    monkeypatch.setattr(layout, "SHOP_LEAST", 10_000)  # never room beside the pot: the shop over the whole frame
    found = kinds(SHOP, "over-pot", (1000, 640), (200,))
    assert found and "its pot not beside it" in found[0].detail


def test_text_that_does_not_grow_at_200_is_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.text_fonts import FontCache

    monkeypatch.setattr(FontCache, "DENSE_GROWTH", 0.05)  # the packed labels (the cards', the board's) hardly grow
    found = kinds(BREWING, "scale-text", (1920, 1080), (100, 200))
    assert any("others_panel.py" in p.where for p in found)
    assert all(p.scale == 200 and "at 200% against" in p.detail for p in found)


def test_running_text_not_twice_as_large_at_200_from_1920x1080_is_reported(home: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """From 1920x1080 the running text (the panel in focus, the question, the buttons) is twice its 100% size at
    200%; the titles of 28-29 px grew by 24 px only before the type scale's sizes all doubled."""
    from quacks.ui.text_fonts import FontCache

    assert not kinds(BREWING, "scale-text", (1920, 1080), (100, 200))
    monkeypatch.setattr(FontCache, "FULL", 24)
    monkeypatch.setattr(FontCache, "LARGE_GROWTH", 24)
    found = kinds(BREWING, "scale-text", (1920, 1080), (100, 200))
    assert any("focus_panel.py" in p.where and "(at least 2.0)" in p.detail for p in found), [p.line() for p in found]


def test_scale_least_by_place_and_window() -> None:
    assert L.scale_least("quacks/ui/table/focus_panel.py:300", True, (1920, 1080)) == 2.0
    assert L.scale_least("quacks/ui/table/focus_panel.py:300", True, (1280, 800)) == L.SCALE_TEXT_LEAST == 1.5
    assert L.scale_least("quacks/ui/widgets.py:183", False, (2560, 1440)) == 1.5  # a packed label
    assert L.scale_least("quacks/ui/table/others_panel.py:215", False, (1920, 1080)) == L.SCALE_CARD_LEAST
    assert L.scale_least(L.POT_IN_FOCUS, False, (1920, 1080)) == L.SCALE_POT_LEAST
    # whole pixels and a fitted line's pixel: 1.5 times 19 px drawn at 27 passes, at 26 does not
    at_100 = {"a.py:1": (19, False)}
    assert not L.scale_problems(at_100, {"a.py:1": (28, False)}, BREWING, "en", (1280, 800))
    assert not L.scale_problems(at_100, {"a.py:1": (27, False)}, BREWING, "en", (1280, 800))  # (SCALE_SLACK)
    assert L.scale_problems(at_100, {"a.py:1": (26, False)}, BREWING, "en", (1280, 800))


def test_the_bag_is_listed_whole_at_200_percent(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32: at 200% the panel in focus still lists the bag (it said "+8 more chips" and listed nothing): its
    chips a little smaller where the row is short, every kind with its count."""
    from quacks.ui.table import pot_view

    def bag_texts() -> list[str]:
        drawing = L.draw_case(next(c for c in L.all_cases() if c.name == BREWING), 200, "en", None, (1920, 1080))
        return [d.text for d in drawing.items if "pot_view.py" in d.where]

    texts = bag_texts()
    assert texts and not any("more" in t for t in texts), texts
    assert sum(int(t) for t in texts if t.isdigit()) == 13  # the Bag button's "Bag: 13 chips"
    monkeypatch.setattr(pot_view, "BAG_LEAST", 1.0)  # chips never smaller: the row lists some and "+N more chips"
    assert any("more chips" in t for t in bag_texts())


def test_pot_numbers_that_do_not_grow_at_200_are_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.table import pot_view

    monkeypatch.setattr(pot_view, "NUMBER_GROWTH", 0.0)  # the pot's numbers as before issue 32: 12 px at both scales
    found = kinds(BREWING, "scale-text", (1280, 800), (100, 200))
    assert [p.where for p in found] == ["pot in focus"]
    assert "12 px at 200% against 12 px at 100%" in found[0].detail


def test_the_pot_in_focus_grows_with_the_ui_scale(home: Path) -> None:
    """Issue 32: a bigger scale shows larger, the pot's numbers included: at 200% the pot in focus is larger (the
    board folds into its bar where that gives it the room) and prints larger numbers."""
    from quacks.ui.table.layout import plan, pot_radius_for

    for size in ((1280, 800), (1920, 1080), (2560, 1440)):
        at_100, at_200 = plan(size, 4, 1.0), plan(size, 4, 2.0)
        assert at_100.pot_radius == pot_radius_for(size, 4)
        assert at_200.pot_radius >= 1.25 * at_100.pot_radius
    assert not kinds(BREWING, "scale-text", (1920, 1080), (100, 200))


def test_an_empty_card_is_reported(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.ui.table import others_panel

    monkeypatch.setattr(others_panel, "_rows", lambda *a, **k: [])  # nothing but the name, the pot and the rubies
    found = kinds(BREWING, "empty", (1280, 800))
    assert len(found) == 3 and all("of the card empty (at most 35%)" in p.detail for p in found)


def test_empty_share_counts_whole_cells_of_plain_fill_and_a_pot_as_its_square() -> None:
    screen = pygame.Surface((240, 240))
    screen.fill(L.CARD_FILL)
    card = pygame.Rect(0, 0, 240, 240)
    assert L.empty_share(screen, card) == 1.0
    pygame.draw.rect(screen, (200, 180, 150), (12, 12, 216, 108))  # the upper half of the inside drawn on
    assert L.empty_share(screen, card) == pytest.approx(0.5, abs=0.06)
    pot = pygame.Rect(12, 120, 108, 108)
    pygame.draw.circle(screen, (40, 60, 50), pot.center, 54)
    with_pot = L.empty_share(screen, card, objects=[pot])
    assert with_pot == pytest.approx(0.25, abs=0.06)
    assert L.empty_share(screen, card) > with_pot  # the disc's corners are plain fill, its square is not


def test_a_pick_shows_where_each_chip_would_land(home: Path) -> None:
    """The crow skull's chips on the pot before one is chosen: one mark per landing space, at the space the rules
    would place the chip (``rules.brewing.landing``), the chip under the mouse marked as such."""
    from quacks.devtools.ui.layout_cases import _table
    from quacks.rules.brewing import landing

    app = L._app(100)
    t = _table(app, "pick")
    marks = t.turns.landings()
    choice = t.turns.choice
    assert choice is not None and choice.chip_options and marks
    g, seat = t.g, t.controls.seat
    assert seat is not None
    spaces = set()
    for o in choice.chip_options:
        lands = landing(g, seat, o.chip, "pick")
        if lands is not None:
            spaces.add(lands.space)
            assert lands.space > (g.seats[seat].pot[-1].index if g.seats[seat].pot else 0)
    assert {m.space for m in marks} == spaces
    assert not any(m.hovered for m in marks)
    choice.hover_chip = 0
    assert any(m.hovered for m in t.turns.landings())
    app.scenes = []


def test_the_latest_moves_fill_the_room_beside_the_pot_in_a_large_window(home: Path) -> None:
    """Issue 32: a bigger window shows more. At 2560x1440 the panel beside the pot in focus has room under its
    rows: the latest moves of the game are listed there, the newest last, each a line of the log; never while a
    choice lies in the panel's place."""
    from quacks.wording.events import log_lines

    case = next(c for c in L.all_cases() if c.name == BREWING)
    drawing = L.draw_case(case, 100, "en", None, (2560, 1440))
    heads = [d for d in drawing.items if d.text == "Latest moves"]
    focus = next(p for p in drawing.shapes if p.kind == "pot" and p.what.startswith("focus"))
    assert [d for d in heads if d.rect.x > focus.rect.right], "listed beside the pot in focus"
    head = next(d for d in heads if d.rect.x > focus.rect.right)
    below = [d.text for d in drawing.items if d.block != head.block and d.rect.y > head.rect.y
             and abs(d.rect.x - head.rect.x) < 40]
    assert below, "moves listed under the heading"
    from quacks.devtools.ui.layout_cases import _table

    app = L._app(100, (2560, 1440))
    g = _table(app, "brewing").g
    newest = log_lines(g, g.events)[-1].text
    assert any(newest.startswith(t) for t in below), (newest, below[-3:])  # the newest move, from the log
    app.scenes = []
    pick = next(c for c in L.all_cases() if c.name == PICK)
    drawing = L.draw_case(pick, 100, "en", None, (2560, 1440))
    focus = next(p for p in drawing.shapes if p.kind == "pot" and p.what.startswith("focus"))
    assert not [d for d in drawing.items if d.text == "Latest moves" and d.rect.x > focus.rect.right]


def test_a_shop_over_the_tiles_keeps_the_mouse_off_them(home: Path) -> None:
    """The shop over the other seats' tiles (1000x640 at 200%): hovering where a tile lay zooms no pot and says
    nothing of it, clicking there moves no focus."""
    from quacks.ui.help import hover_help
    from quacks.ui.table.table_mouse import handle_mouse

    case = next(c for c in L.all_cases() if c.name == SHOP)
    app = L._app(200, (1000, 640))
    case.build(app)
    scene = app.scene
    view, st = scene.view, scene.state()
    assert view.shop_wide(st)
    tile = next(iter(view.other_rects.values()))
    focus = st.focus
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
        handle_mouse(scene, pygame.event.Event(kind, pos=tile.center, button=1, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.zoom is None and scene.state().focus == focus
    assert "pot" not in hover_help(view, scene.g, st, scene.anim, tile.center).lower()
    app.scenes = []
