"""The lessons list (issue 19 §5): every lesson of the script can be replayed from the moment it begins in the
seeded guided game, the same moment every time; the list is reached from "Learn to play" and from the menu of
a guided game, where a lesson takes that game's place."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quacks.content.loader import default_catalogue
from quacks.tutorial.lessons import NoMoment, lesson_moment, play_to
from quacks.tutorial.script import Step, load_script
from quacks.ui.keys import Act
from quacks.ui.scenes.lessons import LessonsScene, lesson_title
from quacks.ui.scenes.table import TableScene

from ..ui.driver import Driver

SCRIPT = load_script()


@pytest.mark.parametrize("lesson", SCRIPT.lessons, ids=lambda ls: ls.id)
def test_every_lesson_begins_at_its_first_step_in_the_seeded_game_the_same_way_each_time(lesson: object) -> None:
    cat = default_catalogue()
    one = lesson_moment(SCRIPT, lesson, cat, "You")  # type: ignore[arg-type]
    two = lesson_moment(SCRIPT, lesson, cat, "You")  # type: ignore[arg-type]
    assert one.step.id in lesson.steps  # type: ignore[attr-defined]
    assert one.coach.observe(one.match.game, one.match.need().seats) is one.step, "the next look shows it"
    assert not set(one.coach.finished) & set(lesson.steps), "none of its steps was shown before"  # type: ignore[attr-defined]
    assert two.step.id == one.step.id and two.match.game.record == one.match.game.record, "a seeded moment"
    whole = guided_order()
    assert one.coach.finished == whole[:whole.index(one.step.id)], "the guide is where the guided game has it"


def guided_order() -> list[str]:
    """The steps of the seeded guided game in the order they show (the steady player in the learner's seat)."""
    order: list[str] = []

    def note(st: Step) -> bool:
        order.append(st.id)
        return False  # never stop: the whole game

    with pytest.raises(NoMoment):
        play_to(SCRIPT, default_catalogue(), "You", note)
    return order


def test_the_lessons_list_shows_every_lesson_and_starts_the_chosen_one(driver: Driver) -> None:
    from quacks.ui.scenes.title import TitleScene

    title = driver.scene
    assert isinstance(title, TitleScene)
    title.learn()
    driver.frames(2)
    scene = driver.scene
    assert isinstance(scene, LessonsScene)
    assert [ls.id for _b, ls in scene.cards] == [ls.id for ls in SCRIPT.lessons]
    assert all(lesson_title(ls) for ls in SCRIPT.lessons)
    card = next(b for b, ls in scene.cards if ls.id == "shopping")
    driver.click(card.rect.center)
    table = driver.scene if isinstance(driver.scene, TableScene) else next(
        s for s in driver.app.scenes if isinstance(s, TableScene))
    assert table.coach is not None and table.coach.current is not None
    assert table.coach.current.id == "books", "the lesson begins with its first words"
    assert table.controls.shop is not None, "at the shop"
    driver.press(Act.NEXT)
    assert table.coach.current is not None and table.coach.current.id == "shop", "and the game goes on, guided"


def test_the_menu_of_a_guided_game_replays_a_lesson_in_its_place(driver: Driver) -> None:
    from quacks.ui.flows import start_tutorial
    from quacks.ui.overlays.pause_menu import PauseMenu

    assert start_tutorial(driver.app) == ""
    driver.frames(2)
    old = next(s for s in driver.app.scenes if isinstance(s, TableScene))
    driver.key(pygame.K_ESCAPE)
    menu = driver.scene
    assert isinstance(menu, PauseMenu)
    lessons = next(b for b in menu.buttons if b.label == "Lessons")
    driver.click(lessons.rect.center)
    scene = driver.scene
    assert isinstance(scene, LessonsScene)
    card = next(b for b, ls in scene.cards if ls.id == "rubies")
    driver.click(card.rect.center)
    tables = [s for s in driver.app.scenes if isinstance(s, TableScene)]
    assert len(tables) == 1 and tables[0] is not old, "the lesson took the guided game's place"
    assert not any(isinstance(s, LessonsScene) for s in driver.app.scenes)
    coach = tables[0].coach
    assert coach is not None and coach.current is not None and coach.current.id == "rubies"


def test_a_normal_game_has_no_lessons_in_its_menu(driver: Driver, home: Path) -> None:
    from quacks.devtools.ui.shots import _human_match
    from quacks.ui.overlays.pause_menu import PauseMenu

    table = TableScene(driver.app, _human_match(3, kinds=("human", "easy")))
    driver.app.push(table)
    driver.frames(2)
    table.menu.open()
    menu = driver.scene
    assert isinstance(menu, PauseMenu) and "Lessons" not in [b.label for b in menu.buttons]


@pytest.mark.parametrize("lesson", SCRIPT.lessons, ids=lambda ls: ls.id)
def test_a_lesson_begins_at_the_table_with_its_step_and_its_buttons(home: Path, lesson: object) -> None:
    from quacks.tutorial.lessons import LEARNER
    from quacks.ui.flows import WRITER, start_tutorial

    d = Driver(pace="instant")
    assert start_tutorial(d.app, lesson.id) == ""  # type: ignore[attr-defined]
    d.frames(2)
    table = next(s for s in d.app.scenes if isinstance(s, TableScene))
    coach = table.coach
    assert coach is not None and coach.current is not None
    assert coach.current.id in lesson.steps  # type: ignore[attr-defined]
    bubble = table.guide.bubble
    assert bubble is not None and bubble.showing()
    if coach.current.when.kind.value in ("decision", "flask_ready", "risk"):  # a step about a decision
        assert LEARNER in table.match.need().seats and table.controls.active, "its buttons are there with its words"
    WRITER.flush()
