"""The settings screen: every control changes its setting (by mouse and by keyboard), what it changes takes
effect at once (language, UI scale, sound, colour-blind chips), and Back saves them: they come back through
quacks.storage.settings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from quacks import i18n
from quacks.storage.settings import load_settings
from quacks.ui.app import text_engine
from quacks.ui.scenes.settings_scene import SettingsScene
from quacks.ui.scenes.title import TitleScene
from quacks.ui.widgets import Choice, Slider

from .driver import Driver
from .screens import click, hover, key, option


@pytest.fixture()
def ss(driver: Driver) -> Iterator[SettingsScene]:
    lang, scale = i18n.language(), text_engine().scale
    title = driver.scene
    assert isinstance(title, TitleScene)
    title.settings()
    driver.frames(2)
    assert isinstance(driver.scene, SettingsScene)
    yield driver.scene
    i18n.set_language(lang)
    text_engine().set_scale(scale)


def row(ss: SettingsScene, n: int) -> Choice:
    w = ss.rows[n][2]
    assert isinstance(w, Choice)
    return w


# the rows in order: (game) language, pace, brewing, odds; (table and window) scale, fullscreen, colour-blind,
# reduced motion; (sound) volume, mute
LANGUAGE, PACE, BREWING, ODDS, SCALE, FULL, BLIND, MOTION, VOLUME, MUTE = range(10)


def test_every_choice_changes_its_setting_and_back_saves_them(driver: Driver, ss: SettingsScene, home: Path) -> None:
    st = driver.app.settings
    click(driver, option(row(ss, PACE), "slow"))
    click(driver, option(row(ss, ODDS), True))
    click(driver, option(row(ss, MOTION), True))
    click(driver, option(row(ss, MUTE), True))
    click(driver, option(row(ss, SCALE), 150))
    click(driver, option(row(ss, BLIND), True))
    click(driver, option(row(ss, FULL), True))
    click(driver, option(row(ss, BREWING), True))
    assert (st.pace, st.show_risk, st.reduced_motion, st.mute, st.ui_scale, st.colour_blind, st.fullscreen,
            st.sequential_brewing) == ("slow", True, True, True, 150, True, True, True)
    assert driver.app.text.scale == 1.5  # the UI scale takes effect at once
    assert driver.app.sound.mute  # the sound follows at once
    click(driver, ss.back_b)
    assert isinstance(driver.scene, TitleScene)
    saved, notes = load_settings()
    assert not notes
    assert (saved.pace, saved.show_risk, saved.reduced_motion, saved.mute, saved.ui_scale, saved.colour_blind,
            saved.fullscreen, saved.sequential_brewing) == ("slow", True, True, True, 150, True, True, True)


def test_the_volume_slider_follows_the_mouse_and_the_arrow_keys(driver: Driver, ss: SettingsScene,
                                                                home: Path) -> None:
    slider = ss.rows[VOLUME][2]
    assert isinstance(slider, Slider)
    r = slider.rect
    driver.app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(r.x + r.w // 4, r.centery), button=1))
    assert abs(driver.app.settings.volume - 0.25) < 0.01 and ss.row == VOLUME
    assert abs(driver.app.sound.volume - 0.25) < 0.01
    driver.app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.right + 50, r.centery), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    assert driver.app.settings.volume == 1.0  # dragged past the end: full
    driver.app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(r.right + 50, r.centery), button=1))
    driver.frames(1)
    key(driver, pygame.K_LEFT)
    key(driver, pygame.K_LEFT)
    assert abs(driver.app.settings.volume - 0.8) < 1e-9
    key(driver, pygame.K_ESCAPE)  # Esc saves too
    assert abs(load_settings()[0].volume - 0.8) < 1e-9


def test_the_keyboard_walks_the_rows_and_changes_them(driver: Driver, ss: SettingsScene) -> None:
    st = driver.app.settings
    assert ss.row == 0
    key(driver, pygame.K_UP)
    assert ss.row == len(ss.rows) - 1  # wraps
    key(driver, pygame.K_DOWN)  # (no Tab: the settings open over the table too, where Tab skips ahead)
    assert ss.row == 0
    key(driver, pygame.K_DOWN)
    assert ss.row == PACE
    pace = st.pace
    key(driver, pygame.K_RIGHT)
    assert st.pace != pace
    key(driver, pygame.K_LEFT)
    assert st.pace == pace
    for _ in range(SCALE - PACE):
        key(driver, pygame.K_DOWN)
    key(driver, pygame.K_RIGHT)
    assert st.ui_scale == 125 and driver.app.text.scale == 1.25


def test_the_language_changes_at_once_and_is_remembered(driver: Driver, ss: SettingsScene, home: Path) -> None:
    title = driver.app.scenes[0]
    click(driver, option(row(ss, LANGUAGE), "de"))
    assert driver.app.settings.language == "de" and i18n.language() == "de"
    assert isinstance(driver.scene, SettingsScene)  # rebuilt in place, the screen stays
    assert row(driver.scene, LANGUAGE).value == "de"
    key(driver, pygame.K_ESCAPE)
    assert driver.scene is title
    assert load_settings()[0].language == "de"
    title.settings()
    driver.frames(1)
    click(driver, option(row(driver.scene, LANGUAGE), "en"))
    assert i18n.language() == "en"


def test_colour_blind_chips_redraw_the_chips(driver: Driver, ss: SettingsScene) -> None:
    from quacks.ui import art

    art.chip("red", 1, 30, False)
    assert art.chip.cache_info().currsize > 0
    click(driver, option(row(ss, BLIND), True))
    assert art.chip.cache_info().currsize == 0  # drawn again with their symbols
    click(driver, option(row(ss, BLIND), False))


def test_hovering_a_row_shows_its_explanation(driver: Driver, ss: SettingsScene) -> None:
    w = row(ss, ODDS)
    hover(driver, w.rect.center)
    assert ss.hover_text == ss.rows[ODDS][1] and ss.hover_text
    hover(driver, (5, 5))
    assert ss.hover_text == ""


def test_the_rows_stand_in_groups_and_the_row_in_focus_says_what_it_does(driver: Driver, ss: SettingsScene) -> None:
    """Issue 32 (the settings in the table's look): three headings over their rows, each above the first row of its
    group, and under the rows what the row in focus does (the keyboard's answer to hovering)."""
    app = driver.app
    with app.text.record(app.screen) as rec:
        ss.draw(app.screen)
    heads = [d for d in rec.items if d.text in ("Game", "Table and window", "Sound")]
    assert [d.text for d in heads] == ["Game", "Table and window", "Sound"]
    firsts = [ss.boxes[LANGUAGE], ss.boxes[SCALE], ss.boxes[VOLUME]]
    assert all(h.rect.bottom <= b.y and b.y - h.rect.bottom < 40 for h, b in zip(heads, firsts))
    assert ss.about is not None and ss.about.y >= ss.boxes[MUTE].bottom
    key(driver, pygame.K_DOWN)
    with app.text.record(app.screen) as rec:
        ss.draw(app.screen)
    about = " ".join(d.text for d in rec.items if ss.about.contains(d.rect))
    assert about.startswith("How fast bots play their moves.")


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("scale", [100, 200])
def test_every_row_title_is_drawn_at_one_size(home: Path, scale: int, lang: str) -> None:
    """The volume's title sat in its thin slider's height and came out at a third of the others' size; in Dutch
    at 200% the two longest titles came out smaller than the rest."""
    d = Driver(ui_scale=scale)
    d.app.set_language(lang)
    try:
        d.app.push(TitleScene(d.app))
        d.scene.settings()
        d.frames(2)
        ss = d.scene
        assert isinstance(ss, SettingsScene)
        te = d.app.text
        with te.record(d.app.screen) as rec:
            ss.draw(d.app.screen)
        titles = {i18n.plain(title) for title, _tip, _w in ss.rows}  # as drawn: no soft hyphens
        sizes = {item.text: item.px for item in rec.items if item.text in titles}
    finally:
        d.app.set_language("en")
    assert set(sizes) == titles and len(set(sizes.values())) == 1, sizes


def test_the_tooltip_under_the_mouse_is_in_the_new_language_at_once(driver: Driver, ss: SettingsScene) -> None:
    """Choosing a language redraws the tooltip under the mouse in it (it stayed in the old one until the mouse
    moved)."""
    lang = row(ss, LANGUAGE)
    hover(driver, option(lang, "de").rect.center)
    assert ss.hover_text == i18n._("The language of the game; it changes at once.") != ""
    english = ss.hover_text
    click(driver, option(lang, "nl"))
    now = driver.scene
    assert isinstance(now, SettingsScene)
    assert now.hover_text == i18n._("The language of the game; it changes at once.") != english
    click(driver, option(row(now, LANGUAGE), "en"))


def test_the_title_screens_tooltip_follows_a_language_switch(driver: Driver, ss: SettingsScene) -> None:
    title = next(s for s in driver.app.scenes if isinstance(s, TitleScene))
    button = title.buttons[0]
    driver.app.mouse_pos = button.rect.center
    title.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    before = title.hover_text
    assert before
    driver.app.set_language("de")
    assert title.hover_text and title.hover_text != before, "the title's tooltip is German at once"
    driver.app.set_language("en")
