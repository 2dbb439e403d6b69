"""Headless tests of the table: synthetic input in, assertions on the widgets and on what reached the engine."""

from __future__ import annotations

import pytest

from quacks.content.loader import default_catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig, SeatSetup
from quacks.rules.kinds import DecisionKind
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec
from quacks.ui.keys import Act, press_event
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
    return bool(scene.driver.human_turn()) and scene.controls.active


def confirm_open(d: Driver) -> Confirm | None:
    return d.scene if isinstance(d.scene, Confirm) else None


def answer_first(d: Driver) -> None:
    """Take the first option the keys offer now (a choice of the game, by its own key)."""
    d.answer_first()


def test_new_game_then_start_is_two_keypresses(driver: Driver) -> None:
    driver.press(Act.CONFIRM)  # New game (Continue is disabled without a save)
    assert isinstance(driver.scene, NewGameScene)
    driver.press(Act.CONFIRM)  # Start
    scene = next(s for s in driver.app.scenes if isinstance(s, TableScene))  # a choice dialog may lie on it
    kinds = [s.kind for s in scene.match.setup.seats]
    assert kinds == [HUMAN, "normal", "normal"]
    assert {b.set for b in scene.match.game.books.values()} == {1}


def test_d_draws_and_the_draw_reaches_the_engine(driver: Driver) -> None:
    scene = start_table(driver, fortunes=False)
    driver.until(lambda: human_waiting(scene), what="the human's first decision")
    assert [b.label for b in scene.controls.buttons] == ["Draw", "Stop", "Flask"]
    flask = scene.controls.buttons[2]
    assert not flask.enabled and "white chip" in flask.reason
    driver.press(Act.FLASK)
    assert scene.controls.hint == flask.reason  # a disabled control says why
    driver.press(Act.NEXT)  # Space no longer draws: it says so
    assert not scene.g.seats[0].pot and "D draws a chip" in scene.controls.hint
    driver.press(Act.DRAW)
    driver.until(lambda: len(scene.g.seats[0].pot) == 1, what="the chip to be placed")
    assert ("act", 0, "draw") in scene.g.record


def test_stop_then_shop_with_the_cart_and_enter(driver: Driver) -> None:
    scene = start_table(driver, fortunes=False)
    scene.g.seats[0].droplet = 20  # plenty of coins
    driver.until(lambda: human_waiting(scene), what="brewing")
    driver.press(Act.STOP)
    driver.until(lambda: scene.summary is not None, timeout=30, what="the round's results")
    assert scene.g.decision_kind(0) == DecisionKind.SHOP and scene.controls.shop is None  # the results come first
    driver.press(Act.NEXT)
    driver.until(lambda: scene.controls.shop is not None, timeout=30, what="the shop")
    shop = scene.controls.shop
    assert shop is not None and shop.coins > 0
    driver.press(Act.CONFIRM)  # Enter never buys an empty cart (N buys nothing)
    assert not any(e[0] == "act" and e[2].startswith("buy") for e in scene.g.record)
    orange = next(r for c, r in shop.slots if c.name == "orange-1")
    driver.click(orange.center)
    assert [c.name for c in shop.cart] == ["orange-1"]
    blue = next(r for c, r in shop.slots if c.name == "blue-1")
    driver.click(blue.center)
    assert [c.name for c in shop.cart] == ["orange-1", "blue-1"]
    driver.click(orange.center)  # take it out again
    assert [c.name for c in shop.cart] == ["blue-1"]
    driver.press(Act.CONFIRM)
    confirm = confirm_open(driver)
    if confirm is not None:  # coins left that would still buy something: confirm
        assert "unspent" in confirm.text
        driver.press(Act.CONFIRM)
    driver.frames(3)
    assert ("act", 0, "buy blue-1") in scene.g.record


def test_each_option_has_its_own_key_and_every_choice_is_labelled(driver: Driver) -> None:
    scene = start_table(driver, fortunes=False)
    scene.g.seats[0].rubies = 3  # so the end of the round asks
    driver.until(lambda: human_waiting(scene))
    driver.press(Act.STOP)
    seen_spend = False
    rows: list[str] = []
    for _ in range(3000):
        if scene.g.round > 1:
            break
        if scene.summary is not None:
            rows = [r.name for r in scene.summary.rows]
            driver.press(Act.NEXT)
        elif confirm_open(driver) is not None:
            driver.press(Act.CONFIRM)
        elif scene.controls.shop is not None:
            driver.press(Act.NO)
        elif human_waiting(scene) and scene.g.decision_kind(0) == DecisionKind.SPEND:
            labels = [b.label for b in scene.controls.buttons]
            assert labels[-1] == "Done" and all(labels)
            assert labels[0] == "Droplet +1 (2 rubies)"
            assert [b.hotkey_label for b in scene.controls.buttons] == ["T", "Enter"]  # the flask is full
            seen_spend = True
            driver.press(Act.DROPLET)  # droplet step for 2 rubies
        else:
            driver.frames(1)
    assert seen_spend and scene.g.seats[0].droplet == 1
    assert rows == ["P0", "P1"]


def test_two_humans_stir_in_turn_on_the_table_and_each_choice_stays_hidden_until_the_reveal(driver: Driver) -> None:
    """R48: the one secret is a stir decision before its tick is revealed; each human of the tick is asked in turn,
    by name, on the table itself (no card over it), and one who has decided shows only as decided."""
    scene = start_table(driver, (HUMAN, HUMAN), fortunes=False)
    driver.until(lambda: human_waiting(scene))
    assert driver.scene is scene and scene.controls.seat == 0 and scene.focus == 0
    assert scene.controls.question(scene.g).startswith("P0: ")
    driver.press(Act.DRAW)  # P0 draws (hidden until P1 decides)
    driver.until(lambda: human_waiting(scene) and scene.controls.seat == 1)
    assert driver.scene is scene, "no hand-off card: the table asks P1 by name"
    assert scene.controls.question(scene.g).startswith("P1: ") and scene.focus == 1
    assert not scene.g.seats[0].pot and scene.state().decided == frozenset({0})
    assert "drew" not in scene.waiting_text() + scene.controls.note, "P0's choice is not shown before the reveal"
    driver.press(Act.STOP)  # P1 stops: the tick is revealed
    driver.until(lambda: len(scene.g.seats[0].pot) == 1)
    assert "P0 drew" in scene.turns.revealed and "P1 stopped" in scene.turns.revealed


@pytest.mark.parametrize("reduced", [False, True])
def test_a_whole_game_against_bots_reaches_the_final_ranking(home: object, reduced: bool) -> None:
    d = Driver(reduced_motion=reduced)
    scene = start_table(d, (HUMAN, "normal", "easy"), seed=9)
    steps = 0
    while not isinstance(d.scene, FinalScene):
        steps += 1
        assert steps < 5000
        if scene.summary is not None:
            d.press(Act.NEXT)
            continue
        if confirm_open(d) is not None:
            d.press(Act.CONFIRM)
            continue
        if human_waiting(scene):
            kind = scene.g.decision_kind(0)
            s = scene.g.seats[0]
            if kind == DecisionKind.BREW:
                d.press(Act.DRAW if len(s.pot) < 4 and s.white_total < 4 else Act.STOP)
            elif scene.controls.shop is not None:
                d.press(Act.NO)
            else:
                answer_first(d)
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
    driver.press(Act.STOP)
    for _ in range(3000):
        if human_waiting(scene) and scene.g.decision_kind(0) == DecisionKind.SPEND:
            break
        if confirm_open(driver) is not None:
            driver.press(Act.CONFIRM)
        elif scene.controls.shop is not None:
            driver.press(Act.NO)
        elif scene.summary is not None:
            driver.press(Act.NEXT)
        else:
            driver.frames(1)
    assert scene.controls.undo is None  # nothing taken yet
    rubies, droplet = scene.g.seats[0].rubies, scene.g.seats[0].droplet
    driver.press(Act.DROPLET)  # a droplet step for rubies
    driver.until(lambda: human_waiting(scene) and scene.controls.undo is not None, what="the undo button")
    assert scene.g.seats[0].droplet == droplet + 1
    driver.press(Act.UNDO)
    assert (scene.g.seats[0].rubies, scene.g.seats[0].droplet) == (rubies, droplet)
    driver.until(lambda: human_waiting(scene))
    assert scene.controls.undo is None


def test_ctrl_z_right_after_the_last_spend_never_takes_back_a_step_of_the_round_that_ended(driver: Driver) -> None:
    """Issue 18: a Ctrl+Z handled right after the ruby spend that ended the round (before the next round's first
    step) took that spend back, though the round was over and its results had been shown."""
    scene = start_table(driver, fortunes=False, setup={0: SeatSetup(rubies=6)})
    driver.until(lambda: human_waiting(scene))
    driver.press(Act.STOP)
    for _ in range(3000):
        if human_waiting(scene) and scene.g.decision_kind(0) == DecisionKind.SPEND:
            break
        if confirm_open(driver) is not None:
            driver.press(Act.CONFIRM)
        elif scene.controls.shop is not None:
            driver.press(Act.NO)
        elif scene.summary is not None:
            driver.press(Act.NEXT)
        else:
            driver.frames(1)
    rnd = scene.g.round
    cost = scene.g.cat.events.droplet_cost
    while scene.g.seats[0].rubies >= 2 * cost:  # every ruby on droplet steps but the last
        assert scene.g.decision_kind(0) == DecisionKind.SPEND
        driver.press(Act.DROPLET)
        driver.until(lambda: human_waiting(scene))
    driver.press(Act.DROPLET, frames=0)  # the last (no "done" is asked with no ruby left): the round ends
    while scene.g.round == rnd:
        driver.frames(1)
    droplet, record = scene.g.seats[0].droplet, list(scene.g.record)
    driver.app.handle(press_event(Act.UNDO))  # before any update
    driver.frames(2)
    assert scene.g.round == rnd + 1 and scene.g.seats[0].droplet == droplet
    assert list(scene.g.record[:len(record)]) == record
    driver.until(lambda: human_waiting(scene))
    assert scene.controls.undo is None  # and no Undo button offers it later in the round


def test_the_table_shows_an_expert_with_damaged_data(driver: Driver) -> None:
    """Issue 30 §7: the driver's troubles reach the player as a toast, not only the log."""
    import copy
    import dataclasses

    cat = default_catalogue()
    assert cat.bot_values is not None
    values = copy.deepcopy(dict(cat.bot_values))
    values["features"] = ["not", "these"]
    names = ("P0", "P1")
    config = GameConfig(seats=names, books={c: 1 for c in SET_COLOURS})
    setup = MatchSetup(config, (SeatSpec("P0", "amber", HUMAN), SeatSpec("P1", "teal", "expert")), 4)
    scene = TableScene(driver.app, Match(dataclasses.replace(cat, bot_values=values), setup))
    driver.app.push(scene)
    driver.frames(3)
    shown = [text for _t, text in driver.app.toasts]
    assert any("data/bots/expert.yaml" in t and "plays as Hard" in t for t in shown), shown
