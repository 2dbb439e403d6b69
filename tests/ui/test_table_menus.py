"""The table's menus and overlays with real files: the pause menu (resume, save, rules, settings, quit to title
and Continue again), the bag, the log, a costly choice confirmed or not, undo in the shop, looking at other
pots, leaving the guide, the log-trouble notice and a change of language at the table."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quacks import i18n
from quacks.rules.actions import Action
from quacks.rules.kinds import DecisionKind
from quacks.storage import saves
from quacks.ui import log_file
from quacks.ui.app import text_engine
from quacks.ui.flows import WRITER
from quacks.ui.keys import Act
from quacks.ui.overlays.bag import BagView
from quacks.ui.overlays.confirm import Confirm
from quacks.ui.overlays.log import LogView
from quacks.ui.overlays.pause_menu import PauseMenu
from quacks.ui.scenes.rules_scene import RulesScene
from quacks.ui.scenes.settings_scene import SettingsScene
from quacks.ui.scenes.table import TableScene
from quacks.ui.scenes.title import TitleScene
from quacks.wording.results import tick_text

from .driver import Driver
from .screens import click, human_waiting, key, match, option, scene_of, table, wheel


def menu(d: Driver) -> PauseMenu:
    key(d, pygame.K_ESCAPE)
    assert isinstance(d.scene, PauseMenu)
    return d.scene


def test_resume_closes_the_menu_and_the_game_waits_under_it(driver: Driver) -> None:
    t = table(driver)
    version = t.g.version
    m = menu(driver)
    assert t.driver.hold or not t.driver.busy()
    driver.press(Act.CONFIRM)  # Enter presses the marked item: Resume
    assert driver.scene is t and t.g.version == version
    menu(driver)
    key(driver, pygame.K_ESCAPE)  # Esc closes it too
    assert driver.scene is t
    assert m not in driver.app.scenes


def test_save_game_writes_a_named_save_that_loads(driver: Driver, home: Path) -> None:
    t = table(driver)
    m = menu(driver)
    click(driver, m.buttons[1])  # Save game
    assert driver.scene is t and driver.app.toasts  # "Saved as ..." over the table
    slots = saves.list_slots()
    assert len(slots) == 1 and slots[0].round == t.g.round and slots[0].seats == ("Ann", "Bob")
    loaded = saves.load_slot(slots[0])
    assert loaded.value is not None and loaded.value.match_data["record"] == [list(e) for e in t.g.record]


def test_rules_from_the_menu_show_this_games_books(driver: Driver) -> None:
    t = table(driver)
    menu(driver)
    assert [b.hotkey_label for b in driver.scene.buttons] == ["Esc", "Ctrl+S", "F1", "O", "Q"]
    driver.press(Act.RULES)
    r = driver.scene
    assert isinstance(r, RulesScene) and r.game is t.g
    key(driver, pygame.K_ESCAPE)
    assert driver.scene is t


def test_settings_from_the_menu_take_effect_at_the_table(driver: Driver, home: Path) -> None:
    t = table(driver)
    scale = text_engine().scale
    try:
        menu(driver)
        driver.press(Act.SETTINGS)
        s = driver.scene
        assert isinstance(s, SettingsScene)
        click(driver, option(s.rows[4][2], 150))  # UI scale
        click(driver, option(s.rows[1][2], "fast"))  # bot pace
        key(driver, pygame.K_ESCAPE)
        assert driver.scene is t
        assert driver.app.text.scale == 1.5 and t.driver.pace_name == "fast"
        driver.frames(2)
    finally:
        text_engine().set_scale(scale)


def test_quit_to_title_keeps_the_game_for_continue(driver: Driver, home: Path) -> None:
    t = table(driver)
    driver.press(Act.DRAW)  # one draw, so there is something to come back to
    driver.until(lambda: human_waiting(t) or t.g.seats[0].pot == [], what="the draw")
    record = list(t.g.record)
    menu(driver)
    driver.press(Act.LEAVE)  # asked first: Enter goes back
    assert isinstance(driver.scene, Confirm) and driver.scene.safe_default
    driver.press(Act.CONFIRM)
    assert driver.scene is t
    driver.press(Act.LEAVE)  # the same key at the table itself
    assert isinstance(driver.scene, Confirm)
    driver.press(Act.YES)
    title = driver.scene
    assert isinstance(title, TitleScene)
    assert not any(isinstance(s, TableScene) for s in driver.app.scenes)
    WRITER.flush()
    title.build()
    cont = next(b for b in title.buttons if b.on_click == title.continue_game)
    assert cont.enabled
    click(driver, cont)
    again = scene_of(driver, TableScene)
    assert again is not t and list(again.g.record)[: len(record)] == record


def test_the_bag_opens_by_key_and_button_and_closes_by_key_click_or_esc(driver: Driver) -> None:
    t = table(driver)

    def bag() -> BagView | None:
        return next((s for s in driver.app.scenes if isinstance(s, BagView)), None)

    key(driver, pygame.K_b)
    b = bag()
    assert b is not None and b.source() == (t.g, t.focus)
    key(driver, pygame.K_b)
    assert bag() is None
    driver.click(t.view.bag_button_rect().center)  # the bag button under the pot
    b = bag()
    assert b is not None
    driver.click(b.rect.center)  # a click on the bag closes it
    assert bag() is None
    t.toggle_bag()
    driver.frames(1)
    key(driver, pygame.K_ESCAPE)
    assert bag() is None and driver.scene is t


def test_the_log_scrolls_and_the_game_goes_on_under_it(driver: Driver) -> None:
    from quacks.devtools.ui.games import play_human_until
    from quacks.rules.kinds import Phase

    m = match(("human", "easy", "easy"), seed=6)
    play_human_until(m, lambda mm: mm.game.round >= 3 and mm.game.phase == Phase.BREWING
                     and mm.game.decision_kind(0) == DecisionKind.BREW)  # a long history
    t = TableScene(driver.app, m)
    driver.app.push(t)
    driver.until(lambda: human_waiting(t))
    key(driver, pygame.K_l)
    log = next(s for s in driver.app.scenes if isinstance(s, LogView))
    assert not log.pauses_below and not log.modal
    driver.frames(1)
    assert log.rows and log.lines
    key(driver, pygame.K_HOME)
    top = log.scroll
    assert top > 0  # scrolled to the oldest line (bounded by what fits)
    key(driver, pygame.K_PAGEDOWN)
    assert log.scroll == max(0, top - 12)
    key(driver, pygame.K_END)
    assert log.scroll == 0
    key(driver, pygame.K_PAGEUP)
    assert log.scroll == 12 or log.scroll == top
    driver.app.mouse_pos = log.rect.center
    wheel(driver, -10)
    assert log.scroll == 0
    wheel(driver, 1)
    assert log.scroll >= 0
    driver.click(log.rect.center)  # clicks on the log stay there
    assert any(isinstance(s, LogView) for s in driver.app.scenes)
    key(driver, pygame.K_ESCAPE)
    assert not any(isinstance(s, LogView) for s in driver.app.scenes)
    key(driver, pygame.K_l)
    key(driver, pygame.K_l)
    assert not any(isinstance(s, LogView) for s in driver.app.scenes)


def test_a_white_chip_that_would_explode_is_confirmed_first(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    t = table(driver)
    sent: list[tuple[int, Action]] = []
    monkeypatch.setattr(t.driver, "submit", lambda seat, a: sent.append((seat, a)))
    t.g.seats[0].white_total = t.g.limit(0)  # one more white explodes
    t.view.layers.forget()  # changed behind the game's version: the kept parts of the table would not know
    pick = Action("pick", ("white-2",))
    t.turns.choose(0, pick)
    driver.frames(1)
    assert isinstance(driver.scene, Confirm) and not sent
    key(driver, pygame.K_n)  # no, go back
    assert driver.scene is t and not sent
    t.turns.choose(0, pick)
    driver.frames(1)
    key(driver, pygame.K_y)
    assert sent == [(0, pick)]
    t.turns.choose(0, Action("pick", ("orange-1",)))  # not white: no question
    assert sent[-1] == (0, Action("pick", ("orange-1",)))


def test_undo_in_the_shop_takes_back_the_last_chip_in_the_cart(driver: Driver) -> None:
    t = table(driver, fortunes=False)
    t.g.seats[0].droplet = 20
    driver.press(Act.STOP)
    driver.until(lambda: t.summary is not None, timeout=30, what="the round's results (before the shop)")
    driver.press(Act.NEXT)
    driver.until(lambda: t.controls.shop is not None, timeout=30, what="the shop")
    shop = t.controls.shop
    orange = next(r for c, r in shop.slots if c.name == "orange-1")
    driver.click(orange.center)
    assert [c.name for c in shop.cart] == ["orange-1"]
    driver.frames(2)
    assert shop.undo_b is not None  # the cart can be taken back (the shop shows Undo)
    # Undo has a place of its own: Clear cart keeps its place, and neither covers the other or the cart
    assert shop.clear_b in shop.buttons() and shop.undo_b in shop.buttons()
    assert not shop.undo_b.rect.colliderect(shop.clear_b.rect) and not shop.undo_b.rect.colliderect(shop.cart_rect)
    driver.press(Act.UNDO)
    assert shop.cart == []


def test_the_shop_s_arrows_move_in_two_dimensions(driver: Driver) -> None:
    """Left/Right along a book's row of prices, Up/Down to the row above or below (the slot nearest in its
    column), not "Down moves right"."""
    t = table(driver, fortunes=False)
    t.g.seats[0].droplet = 20  # coins enough for the shop to offer every book
    driver.press(Act.STOP)
    shop = driver.until_shop(t)
    rows = sorted({r.y for _c, r in shop.slots})
    first_of = {y: next(i for i, (_c, r) in enumerate(shop.slots) if r.y == y) for y in rows}
    shop.cursor = first_of[rows[2]]  # the first price of the third row
    x = shop.slots[shop.cursor][1].centerx
    key(driver, pygame.K_DOWN)
    assert shop.slots[shop.cursor][1].y == rows[3] and abs(shop.slots[shop.cursor][1].centerx - x) < 5
    key(driver, pygame.K_UP)
    key(driver, pygame.K_UP)
    assert shop.slots[shop.cursor][1].y == rows[1]
    key(driver, pygame.K_DOWN)
    key(driver, pygame.K_RIGHT)  # along the third row (three prices)
    assert shop.slots[shop.cursor][1].y == rows[2] and shop.slots[shop.cursor][1].centerx > x


def test_looking_at_other_pots_by_click_and_v_and_skipping_ahead(driver: Driver) -> None:
    t = table(driver, ("human", "easy", "easy"))
    driver.frames(1)
    other = next(iter(t.view.other_rects))
    driver.click(t.view.other_rects[other].center)
    assert t.focus == other
    key(driver, pygame.K_v)
    assert t.focus == (other + 1) % 3
    key(driver, pygame.K_TAB)  # skip the bots ahead: nothing to skip while the human decides
    assert human_waiting(t)


def test_leaving_the_guide_asks_first(driver: Driver) -> None:
    from quacks.ui.flows import start_tutorial

    assert start_tutorial(driver.app) == ""
    t = scene_of(driver, TableScene)
    driver.until(lambda: t.guide.bubble is not None, what="the guide's first words")
    t.guide.leave()
    driver.frames(1)
    assert isinstance(driver.scene, Confirm)
    key(driver, pygame.K_n)
    assert t.coach is not None and not t.coach.done
    t.guide.leave()
    driver.frames(1)
    key(driver, pygame.K_y)
    driver.frames(3)
    assert t.coach.done and t.guide.bubble is None


def test_a_log_that_cannot_be_written_is_said_once(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(log_file, "_TROUBLE", ["the log cannot be written"])
    monkeypatch.setattr(TableScene, "_log_trouble_told", False)
    table(driver)
    assert [m for _t, m in driver.app.toasts] == ["the log cannot be written"]
    driver.frames(3)
    assert len(driver.app.toasts) == 1


def test_another_language_at_the_table_rebuilds_its_words(driver: Driver) -> None:
    t = table(driver)
    labels = [b.label for b in t.controls.buttons]
    try:
        driver.app.set_language("de")
        driver.frames(3)
        assert human_waiting(t) and len(t.controls.buttons) == len(labels)
    finally:
        driver.app.set_language("en")
        i18n.set_language("en")
    driver.frames(3)
    assert [b.label for b in t.controls.buttons] == labels


def test_hot_seat_tells_what_the_last_stir_revealed(driver: Driver) -> None:
    t = TableScene(driver.app, match(("human", "human"), 4, fortunes=False))
    driver.app.push(t)
    driver.until(lambda: human_waiting(t))
    assert tick_text(t.g, t.driver.last_tick) == ""  # nothing revealed yet
    driver.press(Act.DRAW)  # Ann draws
    driver.until(lambda: human_waiting(t) and t.controls.seat == 1)
    driver.press(Act.STOP)  # Bob stops: the tick is revealed
    driver.until(lambda: human_waiting(t) and t.driver.last_tick != [])
    said = t.turns.revealed
    assert "Ann" in said and "Bob" in said
    # Ann brews alone now: nothing is hidden; the reveal stays beside her question
    assert driver.scene is t and t.controls.note == said and t.controls.question(t.g).startswith("Ann: ")


def test_the_bag_is_as_high_as_its_chips_need(driver: Driver) -> None:
    """A bag of a few kinds is a short sheet, a bag of many kinds a taller one, from the same bottom edge and
    never above the most room it may take."""
    from quacks.rules.bag import ChipCounts
    from quacks.rules.chips import CHIPS

    t = table(driver)
    key(driver, pygame.K_b)
    b = next(s for s in driver.app.scenes if isinstance(s, BagView))
    driver.frames(1)
    few = b.rect.copy()
    assert few.bottom == b.full.bottom and few.h < b.full.h
    s = t.g.seats[t.focus]
    before = s.bag
    many = ChipCounts()
    for c in CHIPS[:20]:
        many.add(c)
    s.bag = many  # twenty kinds: four rows of chips
    t.view.layers.forget()  # changed behind the game's version: the kept parts of the table would not know
    try:
        driver.frames(1)
        assert b.rect.bottom == few.bottom and few.h < b.rect.h <= b.full.h
    finally:
        s.bag = before
        t.view.layers.forget()
