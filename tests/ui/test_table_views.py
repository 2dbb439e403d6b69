"""What the reflowing table offers besides its layout: chips to pick drawn as chips (every one, the dangerous
ones marked), another seat's pot large under the mouse, and the folded books and board opening large (the
window's size and place remembered: ``test_window_desktop``)."""

from __future__ import annotations

import pygame
import pytest

from quacks.devtools.ui import layout_cases as C
from quacks.storage.settings import Settings
from quacks.ui.app import App
from quacks.ui.overlays.choice import ChoiceDialog
from quacks.ui.overlays.folded import BoardOpen, BooksOpen

from .driver import Driver


@pytest.fixture()
def app(home: object) -> App:
    d = Driver()
    return d.app


def test_chips_to_pick_are_each_drawn_as_a_chip_beside_the_deciders_pot(app: App) -> None:
    t = C._table(app, "pick")
    assert isinstance(app.scene, ChoiceDialog)
    dialog = app.scene
    revealed = list(t.g.seats[0].revealed)
    assert [o.chip for o in dialog.chip_options] == revealed, "every chip drawn, duplicates too, in their order"
    names = [o.chip.name for o in dialog.chip_options]
    assert len(names) > len(set(names)) or len(names) >= 3
    lay = t.view.layout
    reach = int(lay.pot_radius * 1.13)
    pot = pygame.Rect(lay.pot_centre[0] - reach, lay.pot_centre[1] - reach, 2 * reach, 2 * reach)
    assert not dialog.rect.colliderect(pot), "beside the pot, never over it (issue 32)"
    assert dialog.rect.y > lay.info.y + 60, "the name, rubies and white total stay in sight above it"
    limit = t.g.limit(0)
    for o in dialog.chip_options:
        assert o.explodes == (o.chip.is_white and t.g.seats[0].white_total + o.chip.value > limit)
    # a click on the second chip picks that kind of chip; key 1 the first
    chosen: list[object] = []
    dialog.on_choose = chosen.append
    pos = dialog.chip_options[1].rect.center
    dialog.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    assert [a.args[0] for a in chosen] == [names[1], names[0]]  # type: ignore[attr-defined]


def test_a_white_chip_that_would_explode_is_marked_before_the_click(app: App) -> None:
    from quacks.rules.actions import Action
    from quacks.rules.chips import CHIP_BY_NAME
    from quacks.wording.decisions import Label

    white, orange = CHIP_BY_NAME["white-3"], CHIP_BY_NAME["orange-1"]
    from quacks.ui.keys import Act
    from quacks.ui.table.option_keys import OptionKey

    options = [(Action("pick", ("white-3",)), Label("Place white 3", chip="white-3"), OptionKey(Act.OPTION, 1, "chip")),
               (Action("pick", ("orange-1",)), Label("Place orange 1", chip="orange-1"),
                OptionKey(Act.OPTION, 2, "chip")),
               (Action("pick", ("none",)), Label("None"), OptionKey(Act.NO))]
    dialog = ChoiceDialog(app, pygame.Rect(100, 100, 500, 600), "Crow skull", options, lambda a: None,
                          chips=[white, orange, white], explodes=lambda c: c.is_white and 5 + c.value > 7)
    assert [(o.chip.name, o.explodes) for o in dialog.chip_options] == [
        ("white-3", True), ("orange-1", False), ("white-3", True)]
    assert [b.label for b in dialog.buttons] == ["None"]
    assert "explode" in dialog.hover_help(dialog.chip_options[0].rect.center)
    assert dialog.rect.h < 600, "as high as its options need"


def test_another_seats_pot_is_shown_large_under_the_mouse(app: App) -> None:
    t = C._table(app, "brewing")
    seat = next(iter(t.view.other_rects))
    centre = t.view.pot_layout(seat).centre  # type: ignore[union-attr]
    t.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    assert t.zoom == seat and t.hover_text == ""
    from quacks.ui.table.pot_zoom import zoom_rect

    panel, _c, radius = zoom_rect(t.view, seat)
    assert radius >= 190 and t.view.layout.canvas.contains(panel)
    assert not panel.colliderect(t.view.other_rects[seat]), "beside the seat's card, not over it"
    t.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    assert t.zoom is None


def test_the_folded_books_and_board_open_large_and_close(home: object) -> None:
    app = App(Settings(pace="instant"), size=(1000, 640), headless=True)
    t = C._table(app, "brewing")
    assert t.view.layout.books_folded and t.view.layout.board_folded
    t.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=t.view.books.rect.center, button=1))
    assert isinstance(app.scene, BooksOpen)
    app.scene.draw(app.screen)
    assert app.scene.books.rect.w >= 300  # every page readable, with its prices and the supply left
    app.scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert app.scene is t
    t.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=t.view.board.rect.center, button=1))
    assert isinstance(app.scene, BoardOpen)
    app.scene.draw(app.screen)
    assert len(app.scene.board.spaces) == 50
    app.scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1))  # a click outside
    assert app.scene is t


@pytest.mark.parametrize("size", [(1000, 640), (1280, 800), (2560, 1440)])
def test_chips_beside_the_pot_lie_by_its_rim_inside_the_frame(home: object, size: tuple[int, int]) -> None:
    """Red set 2's chips beside the pot (R38) are drawn there, clear of the pot, the panel and each other, and
    hovering over one names them; up to six fit round the frame's free corner."""
    import math

    from quacks.rules.chips import CHIP_BY_NAME
    from quacks.ui.table import pot_view as pv

    app = App(Settings(pace="instant", ui_scale=200), size=size, headless=True)
    t = C._table(app, "brewing")
    s = t.g.seats[t.focus]
    assert s.aside, "the case game has a chip beside the focus seat's pot"
    lay = t.view.layout
    pot = pv.PotLayout(lay.pot_centre, lay.pot_radius)
    for n in range(1, 7):
        centres = pv.aside_centres(pot, n)
        cr = pot.aside_radius
        for i, c in enumerate(centres):
            assert math.dist(c, pot.centre) >= pot.radius * 1.13 + cr, "outside the iron rim"
            assert lay.focus.contains(pygame.Rect(c[0] - cr, c[1] - cr, 2 * cr, 2 * cr)), (n, c, lay.focus)
            assert not lay.info.colliderect(pygame.Rect(c[0] - cr, c[1] - cr, 2 * cr, 2 * cr))
            assert all(math.dist(c, d) >= 2 * cr for d in centres[:i])
    first = pv.aside_centres(pot, len(s.aside))[0]
    t.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=first, rel=(0, 0), buttons=(0, 0, 0)))
    assert t.hover_text.startswith("Beside the pot: ") and CHIP_BY_NAME[s.aside[0].name] == s.aside[0]


def test_the_die_line_shortens_a_name_rather_than_break_it(home: object) -> None:
    """Who rolled the bonus die, in the board bar: a name too long for it shows its first word or ends in "…",
    never broken in two pieces."""
    app = App(Settings(pace="instant", ui_scale=200), size=(1000, 640), headless=True)
    t = C._table(app, "brewing")
    te = app.text
    bar = t.view.board
    long_name = "Mechthild Rosenkranz-Überwald"
    with te.record(app.screen) as rec:
        bar._dice(app.screen, [(long_name, "1")], 0.0)
    lines = [d.text for d in rec.items if d.text != "Board"]
    assert len(lines) == 1, lines  # one line: not "Mechthild Rosen-" over "kranz-Überwald"
    line = lines[0]
    whole_words = long_name.startswith(line) and long_name[len(line):][:1] in ("", " ")
    assert whole_words or (line.endswith("…") and long_name.startswith(line[:-1].rstrip())), line
