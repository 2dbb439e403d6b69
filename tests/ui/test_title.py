"""The title screen: every button (by mouse and by keyboard), Continue with and without an autosave, and the
screens each one opens (Esc brings the title back)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quacks.storage import paths, saves
from quacks.ui.scenes.credits import CreditsScene
from quacks.ui.scenes.load import LoadScene
from quacks.ui.scenes.newgame import NewGameScene
from quacks.ui.scenes.rules_scene import RulesScene
from quacks.ui.scenes.settings_scene import SettingsScene
from quacks.ui.scenes.stats_scene import StatsScene
from quacks.ui.scenes.table import TableScene
from quacks.ui.scenes.title import TitleScene

from .driver import Driver
from .screens import button, click, finished, hover, key, match


def title(d: Driver) -> TitleScene:
    assert isinstance(d.scene, TitleScene)
    return d.scene


def test_without_an_autosave_continue_is_disabled_and_says_why(driver: Driver) -> None:
    t = title(driver)
    cont = button(t.buttons, t.continue_game)
    assert not cont.enabled and cont.reason
    assert t.focus.current is button(t.buttons, t.new_game)  # the focus skips the disabled Continue
    click(driver, cont)
    assert driver.scene is t  # nothing happens
    hover(driver, cont.rect.center)
    assert t.hover_text == cont.reason  # the reason shows as the tooltip (drawn in the frame)
    t.continue_game()  # called anyway (a stale button): the title says there is nothing to continue
    assert t.message


@pytest.mark.parametrize(("fn", "scene"), [
    ("new_game", NewGameScene), ("load", LoadScene), ("rules", RulesScene), ("stats", StatsScene),
    ("settings", SettingsScene), ("about", CreditsScene)])
def test_each_button_opens_its_screen_and_esc_comes_back(driver: Driver, fn: str, scene: type) -> None:
    t = title(driver)
    click(driver, button(t.buttons, getattr(t, fn)))
    assert isinstance(driver.scene, scene)
    driver.frames(2)  # drawn
    key(driver, pygame.K_ESCAPE)
    assert driver.scene is t
    assert len(driver.app.scenes) == 1


def test_the_keyboard_reaches_every_button(driver: Driver) -> None:
    t = title(driver)
    enabled = [b for b in t.buttons if b.enabled]
    seen = []
    for _ in enabled:
        seen.append(t.focus.current)
        key(driver, pygame.K_DOWN)
    assert seen == enabled  # Down walks the enabled buttons in order, and wraps
    assert t.focus.current is enabled[0]
    key(driver, pygame.K_UP)
    assert t.focus.current is enabled[-1]  # About & licences
    key(driver, pygame.K_RETURN)
    assert isinstance(driver.scene, CreditsScene)


def test_quit_and_esc_end_the_loop(driver: Driver) -> None:
    t = title(driver)
    click(driver, button(t.buttons, driver.app.quit))
    assert not driver.app.running
    driver.app.running = True
    key(driver, pygame.K_ESCAPE)
    assert not driver.app.running


def test_learn_to_play_opens_the_lessons_and_enter_starts_the_guided_game(driver: Driver) -> None:
    from quacks.ui.scenes.lessons import LessonsScene

    t = title(driver)
    click(driver, button(t.buttons, t.learn))
    assert isinstance(driver.scene, LessonsScene), "Learn to play lists the lessons"
    key(driver, pygame.K_RETURN)  # the first button, in focus: the guided game from the start
    table = driver.scene if isinstance(driver.scene, TableScene) else next(
        s for s in driver.app.scenes if isinstance(s, TableScene))
    assert table.coach is not None and table.coach.finished == []
    assert [s.kind for s in table.match.setup.seats][0] == "human" and table.match.game.n == 2


def test_learn_to_play_with_a_damaged_script_says_so(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.tutorial import script

    def broken() -> object:
        raise script.ScriptError("tutorial.yaml", [("step 3", "needs a text")])

    monkeypatch.setattr(script, "load_script", broken)
    t = title(driver)
    t.learn()
    driver.frames(2)
    lessons = driver.scene
    assert lessons.message and not lessons.lessons
    lessons.start_b.click()
    driver.frames(2)
    assert driver.scene is lessons and "cannot start" in lessons.message


def _autosaved(home: Path, turns: int = 0):  # type: ignore[no-untyped-def]
    m = match()
    m.run_until_human()
    saves.autosave(m)
    assert paths.autosave_path().exists()
    return m


def test_continue_resumes_the_autosaved_game_where_it_was(driver: Driver, home: Path) -> None:
    m = _autosaved(home)
    t = title(driver)
    t.resume()  # the title looks again (as when a screen above it closes)
    cont = button(t.buttons, t.continue_game)
    assert cont.enabled and not cont.reason
    click(driver, cont)
    table = next(s for s in driver.app.scenes if isinstance(s, TableScene))
    assert table.match.game.record == m.game.record
    assert [s.name for s in table.g.seats] == ["Ann", "Bob"]


def test_a_finished_game_cannot_be_continued(driver: Driver, home: Path) -> None:
    saves.autosave(finished())
    t = title(driver)
    t.build()
    cont = button(t.buttons, t.continue_game)
    assert not cont.enabled and cont.reason


def test_a_damaged_autosave_is_reported_on_the_title(driver: Driver, home: Path) -> None:
    _autosaved(home)
    p = paths.autosave_path()
    p.write_text('{"kind": "quacks-save", "schema": 1, "match": [1, 2', encoding="utf-8")  # cut off mid-write
    t = title(driver)
    t.build()
    cont = button(t.buttons, t.continue_game)
    assert cont.enabled  # Continue explains what is wrong
    click(driver, cont)
    assert driver.scene is t and t.message
    assert not any(isinstance(s, TableScene) for s in driver.app.scenes)
    driver.frames(2)  # the message is drawn under the buttons


def test_the_title_draws_in_reduced_motion_and_with_colour_blind_chips(home: Path) -> None:
    d = Driver(reduced_motion=True, colour_blind=True)
    d.app.push(TitleScene(d.app))
    d.frames(3)
    before = pygame.image.tobytes(d.app.screen, "RGB")
    d.scene.update(5.0)  # time passes: in reduced motion nothing moves
    d.scene.invalidate()
    d.frames(1, dt=0.0)
    assert pygame.image.tobytes(d.app.screen, "RGB") == before
