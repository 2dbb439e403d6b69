"""Headless tests of the table: synthetic input in, assertions on the widgets and on what reached the engine."""

from __future__ import annotations

import pygame
import pytest

from quacks.content.loader import default_catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig, SeatSetup
from quacks.rules.kinds import DecisionKind
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec
from quacks.ui.overlays.confirm import Confirm
from quacks.ui.scenes.final import FinalScene, vp_breakdown
from quacks.ui.scenes.newgame import NewGameScene
from quacks.ui.scenes.table import TableScene

from .driver import Driver


def start_table(d: Driver, kinds: tuple[str, ...] = (HUMAN, "normal"), seed: int = 4, **cfg: object) -> TableScene:
    names = tuple(f"P{i}" for i in range(len(kinds)))
    config = GameConfig(seats=names, books={c: 1 for c in SET_COLOURS}, **cfg)  # type: ignore[arg-type]
    setup = MatchSetup(config, tuple(SeatSpec(n, c, k) for n, c, k in zip(names, ("amber", "teal", "plum", "moss"),
                                                                          kinds)), seed)
    scene = TableScene(d.app, Match(default_catalogue(), setup))
    d.app.push(scene)
    d.frames(3)
    return scene


def human_waiting(scene: TableScene) -> bool:
    return bool(scene.driver.human_turn()) and scene.controls.active and scene.handoff is None


def confirm_open(d: Driver) -> Confirm | None:
    return d.scene if isinstance(d.scene, Confirm) else None


def test_new_game_then_start_is_two_keypresses(driver: Driver) -> None:
    driver.key(pygame.K_RETURN)  # New game (Continue is disabled without a save)
    assert isinstance(driver.scene, NewGameScene)
    driver.key(pygame.K_RETURN)  # Start
    scene = next(s for s in driver.app.scenes if isinstance(s, TableScene))  # a choice dialog may lie on it
    kinds = [s.kind for s in scene.match.setup.seats]
    assert kinds == [HUMAN, "normal", "normal"]
    assert {b.set for b in scene.match.game.books.values()} == {1}


def test_space_draws_and_the_draw_reaches_the_engine(driver: Driver) -> None:
    scene = start_table(driver, fortunes=False)
    driver.until(lambda: human_waiting(scene), what="the human's first decision")
    assert [b.label for b in scene.controls.buttons] == ["Draw", "Stop", "Flask"]
    flask = scene.controls.buttons[2]
    assert not flask.enabled and "white chip" in flask.reason
    driver.key(pygame.K_f)
    assert scene.controls.hint == flask.reason  # a disabled control says why
    driver.key(pygame.K_SPACE)
    driver.until(lambda: len(scene.g.seats[0].pot) == 1, what="the chip to be placed")
    assert ("act", 0, "draw") in scene.g.record


def test_stop_then_shop_with_the_cart_and_enter(driver: Driver) -> None:
    scene = start_table(driver, fortunes=False)
    scene.g.seats[0].droplet = 20  # plenty of coins
    driver.until(lambda: human_waiting(scene), what="brewing")
    driver.key(pygame.K_s)
    driver.until(lambda: scene.summary is not None, timeout=30, what="the round's results")
    assert scene.g.decision_kind(0) == DecisionKind.SHOP and scene.controls.shop is None  # the results come first
    driver.key(pygame.K_RETURN)
    driver.until(lambda: scene.controls.shop is not None, timeout=30, what="the shop")
    shop = scene.controls.shop
    assert shop is not None and shop.coins > 0
    orange = next(r for c, r in shop.slots if c.name == "orange-1")
    driver.click(orange.center)
    assert [c.name for c in shop.cart] == ["orange-1"]
    blue = next(r for c, r in shop.slots if c.name == "blue-1")
    driver.click(blue.center)
    assert [c.name for c in shop.cart] == ["orange-1", "blue-1"]
    driver.click(orange.center)  # take it out again
    assert [c.name for c in shop.cart] == ["blue-1"]
    driver.key(pygame.K_RETURN)
    confirm = confirm_open(driver)
    if confirm is not None:  # coins left that would still buy something: confirm
        assert "unspent" in confirm.text
        driver.key(pygame.K_RETURN)
    driver.frames(3)
    assert ("act", 0, "buy blue-1") in scene.g.record


def test_number_keys_choose_and_every_choice_is_labelled(driver: Driver) -> None:
    scene = start_table(driver, fortunes=False)
    scene.g.seats[0].rubies = 3  # so the end of the round asks
    driver.until(lambda: human_waiting(scene))
    driver.key(pygame.K_s)
    seen_spend = False
    rows: list[str] = []
    for _ in range(3000):
        if scene.g.round > 1:
            break
        if scene.summary is not None:
            rows = [r.name for r in scene.summary.rows]
            driver.key(pygame.K_RETURN)
        elif confirm_open(driver) is not None:
            driver.key(pygame.K_RETURN)
        elif scene.controls.shop is not None:
            driver.key(pygame.K_n)
        elif human_waiting(scene) and scene.g.decision_kind(0) == DecisionKind.SPEND:
            labels = [b.label for b in scene.controls.buttons]
            assert labels[-1] == "Done" and all(labels)
            assert labels[0] == "Droplet +1 (2 rubies)"
            seen_spend = True
            driver.key(pygame.K_1)  # droplet step for 2 rubies
        else:
            driver.frames(1)
    assert seen_spend and scene.g.seats[0].droplet == 1
    assert rows == ["P0", "P1"]


def test_hand_off_hides_the_next_human_until_ready(driver: Driver) -> None:
    scene = start_table(driver, (HUMAN, HUMAN), fortunes=False)
    driver.until(lambda: scene.handoff is not None or human_waiting(scene))
    assert scene.handoff is not None and scene.handoff.name == "P0"
    driver.key(pygame.K_SPACE)  # P0 is ready
    driver.until(lambda: human_waiting(scene))
    driver.key(pygame.K_SPACE)  # P0 draws (hidden until P1 decides)
    driver.until(lambda: scene.handoff is not None)
    assert scene.handoff.name == "P1" and not scene.g.seats[0].pot
    driver.key(pygame.K_SPACE)  # P1 is ready
    driver.until(lambda: human_waiting(scene))
    driver.key(pygame.K_s)  # P1 stops: the tick is revealed
    driver.until(lambda: len(scene.g.seats[0].pot) == 1)


@pytest.mark.parametrize("reduced", [False, True])
def test_a_whole_game_against_bots_reaches_the_final_ranking(home: object, reduced: bool) -> None:
    d = Driver(reduced_motion=reduced)
    scene = start_table(d, (HUMAN, "normal", "easy"), seed=9)
    steps = 0
    while not isinstance(d.scene, FinalScene):
        steps += 1
        assert steps < 5000
        if scene.summary is not None:
            d.key(pygame.K_RETURN)
            continue
        if confirm_open(d) is not None:
            d.key(pygame.K_RETURN)
            continue
        if human_waiting(scene):
            kind = scene.g.decision_kind(0)
            s = scene.g.seats[0]
            if kind == DecisionKind.BREW:
                d.key(pygame.K_SPACE if len(s.pot) < 4 and s.white_total < 4 else pygame.K_s)
            elif scene.controls.shop is not None:
                d.key(pygame.K_RETURN)
            else:
                d.key(pygame.K_1)
            continue
        d.frames(1)
    final = d.scene
    g = final.match.game
    assert g.is_over and g.ranking()
    breakdown = vp_breakdown(final.match)
    for i, s in enumerate(g.seats):
        assert sum(v for k, v in breakdown[i].items() if k != "start") + breakdown[i]["start"] == s.score


def test_ctrl_z_takes_back_a_ruby_spend_and_the_undo_button_shows(driver: Driver) -> None:
    scene = start_table(driver, fortunes=False, setup={0: SeatSetup(rubies=6)})  # replayable, unlike a poke
    driver.until(lambda: human_waiting(scene))
    driver.key(pygame.K_s)
    for _ in range(3000):
        if human_waiting(scene) and scene.g.decision_kind(0) == DecisionKind.SPEND:
            break
        if confirm_open(driver) is not None:
            driver.key(pygame.K_RETURN)
        elif scene.controls.shop is not None:
            driver.key(pygame.K_n)
        elif scene.summary is not None:
            driver.key(pygame.K_RETURN)
        else:
            driver.frames(1)
    assert scene.controls.undo is None  # nothing taken yet
    rubies, droplet = scene.g.seats[0].rubies, scene.g.seats[0].droplet
    driver.key(pygame.K_1)  # a droplet step for rubies
    driver.until(lambda: human_waiting(scene) and scene.controls.undo is not None, what="the undo button")
    assert scene.g.seats[0].droplet == droplet + 1
    driver.app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    driver.frames(2)
    assert (scene.g.seats[0].rubies, scene.g.seats[0].droplet) == (rubies, droplet)
    driver.until(lambda: human_waiting(scene))
    assert scene.controls.undo is None


def test_ctrl_z_right_after_the_last_spend_never_takes_back_a_step_of_the_round_that_ended(driver: Driver) -> None:
    """Issue 18: a Ctrl+Z handled right after the ruby spend that ended the round (before the next round's first
    step) took that spend back, though the round was over and its results had been shown."""
    scene = start_table(driver, fortunes=False, setup={0: SeatSetup(rubies=6)})
    driver.until(lambda: human_waiting(scene))
    driver.key(pygame.K_s)
    for _ in range(3000):
        if human_waiting(scene) and scene.g.decision_kind(0) == DecisionKind.SPEND:
            break
        if confirm_open(driver) is not None:
            driver.key(pygame.K_RETURN)
        elif scene.controls.shop is not None:
            driver.key(pygame.K_n)
        elif scene.summary is not None:
            driver.key(pygame.K_RETURN)
        else:
            driver.frames(1)
    rnd = scene.g.round
    cost = scene.g.cat.events.droplet_cost
    while scene.g.seats[0].rubies >= 2 * cost:  # every ruby on droplet steps but the last
        assert scene.g.decision_kind(0) == DecisionKind.SPEND
        driver.key(pygame.K_1)
        driver.until(lambda: human_waiting(scene))
    driver.key(pygame.K_1, frames=0)  # the last (no "done" is asked with no ruby left): the round ends
    while scene.g.round == rnd:
        driver.frames(1)
    droplet, record = scene.g.seats[0].droplet, list(scene.g.record)
    driver.app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))  # before any update
    driver.frames(2)
    assert scene.g.round == rnd + 1 and scene.g.seats[0].droplet == droplet
    assert list(scene.g.record[:len(record)]) == record
    driver.until(lambda: human_waiting(scene))
    assert scene.controls.undo is None  # and no Undo button offers it later in the round
