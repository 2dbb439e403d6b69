"""Hot-seat that flows (issue 19 §7) and the faults of the trial that go with it (§8): real names when two humans
play (in every language), a hand-off only for a stir decision another human takes in the same tick (R22: the only
thing hidden at a real table), the revealed tick shown to everyone, "Revealing the stir..." only while a tick of
several seats waits to be revealed, no question after Buy nothing, and Ctrl+Z that always says something."""

from __future__ import annotations

from pathlib import Path

import pytest

from quacks import i18n
from quacks.names import SEAT_NAMES
from quacks.rules.config import SeatSetup
from quacks.rules.kinds import DecisionKind, Phase
from quacks.session.match import HUMAN
from quacks.ui.keys import Act
from quacks.ui.scenes.newgame import NewGameScene
from quacks.ui.scenes.newgame_model import SetupModel
from quacks.ui.scenes.table import TableScene
from quacks.wording.text import is_you

from .driver import Driver
from .test_table import answer_first, confirm_open, human_waiting, start_table


def ctrl_z(d: Driver) -> None:
    d.press(Act.UNDO)


def toasts(d: Driver) -> list[str]:
    return [m for _t, m in d.app.toasts]


# ---------------------------------------------------------------------------------------------------------
# names


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_two_humans_get_real_names_and_one_human_is_you_in_every_language(home: Path, language: str) -> None:
    i18n.set_language(language)
    try:
        d = Driver()
        ng = NewGameScene(d.app)
        d.app.push(ng)
        d.frames(1)
        assert ng.model.seats[0].name == i18n._("You")  # one human: spoken to as "you"
        ng.set_kind(1, HUMAN)  # a second human at the same screen
        names = [s.name for s in ng.model.seats]
        assert not any(is_you(n) for n in names), names
        assert all(n in SEAT_NAMES for n in names) and len(set(names)) == len(names)
        setup = ng.model.build()
        assert not any(is_you(s.name) for s in setup.seats)
        ng.set_kind(0, "easy")  # one human again: "You" once more, the bot keeps its name
        assert ng.model.seats[1].name == i18n._("You") and ng.model.seats[0].name == names[0]
    finally:
        i18n.set_language("en")


def test_a_stored_setup_of_two_yous_and_a_typed_name_are_named_right(home: Path) -> None:
    m = SetupModel.from_data({"seats": [["Du", "amber", "human"], ["You", "teal", "human"], ["Zoë", "plum", "human"]]})
    names = [s.name for s in m.seats]
    assert names[2] == "Zoë" and not any(is_you(n) for n in names) and len(set(names)) == 3
    typed = SetupModel.from_data({"seats": [["Jij", "amber", "human", True], ["Bo", "teal", "human", True]]})
    assert not any(is_you(s.name) for s in typed.build().seats)  # a typed "You" too, once two humans play
    solo = SetupModel.from_data({"seats": [["Zoë", "amber", "human"], ["Rupert", "teal", "easy"]]})
    assert [s.name for s in solo.seats] == ["Zoë", "Rupert"]  # a typed name is never replaced


# ---------------------------------------------------------------------------------------------------------
# hand-offs and the reveal


def play_hot_seat_round(d: Driver, scene: TableScene, draws: int = 2) -> dict[str, list]:
    """Play a round of two humans: each draws ``draws`` times, then stops; buys nothing; answers anything else with
    its first option. What happened: every overlay over the table while a human decided (there should be none but a
    choice dialog or a question), each stir decision (its seat, the humans of the tick, the question asked, the
    seats shown as decided), every public decision, and the texts the bar showed."""
    seen: dict[str, list] = {"covers": [], "stirs": [], "public": [], "waiting": []}
    drawn = [0, 0]
    rnd = scene.g.round
    for _ in range(4000):
        if scene.g.round != rnd or scene.g.is_over:
            break
        seen["waiting"].append(scene.waiting_text())
        if scene.summary is not None:
            d.press(Act.NEXT)
        elif confirm_open(d) is not None:
            d.press(Act.CONFIRM)
        elif human_waiting(scene):
            if d.app.scene not in (scene, scene.turns.choice):
                seen["covers"].append(type(d.app.scene).__name__)
            seat = scene.controls.seat
            kind = scene.g.decision_kind(seat)
            if kind != DecisionKind.BREW:
                seen["public"].append((seat, kind, scene.controls.question(scene.g)))
            if scene.controls.shop is not None:
                d.press(Act.NO)  # buy nothing
            elif kind == DecisionKind.BREW:
                humans = [s for s in scene.match.tick_seats() if scene.match.is_human(s)]
                seen["stirs"].append((seat, humans, scene.controls.question(scene.g), scene.state().decided,
                                      scene.focus))
                if drawn[seat] < draws:
                    drawn[seat] += 1
                    d.press(Act.DRAW)
                else:
                    d.press(Act.STOP)
            else:
                answer_first(d)
        else:
            d.frames(1)
    return seen


def test_hot_seat_asks_each_human_of_a_stir_on_the_table_and_shows_the_reveal(driver: Driver) -> None:
    """R48: no hand-off card in a whole round of two humans stirring together; each human of a tick is asked in
    turn by name with their pot in view; one who decided shows only as decided; the reveal is shown to everyone."""
    scene = start_table(driver, (HUMAN, HUMAN), setup={0: SeatSetup(rubies=3), 1: SeatSetup(rubies=3)})
    seen = play_hot_seat_round(driver, scene)
    assert seen["covers"] == [], "nothing covers the table while a human decides"
    together = [st for st in seen["stirs"] if len(st[1]) == 2]
    assert together, "two humans brewing together"
    for seat, _humans, question, decided, focus in seen["stirs"]:
        assert question.startswith(scene.g.seats[seat].name + ": ") and focus == seat
        assert seat not in decided
    assert any(decided == frozenset({0}) for seat, _h, _q, decided, _f in together if seat == 1), \
        "P0 is shown as decided while P1 decides in the same stir"
    kinds = {k for _s, k, _q in seen["public"]}
    assert DecisionKind.SHOP in kinds, "both humans shop on the table"
    for seat, _k, question in seen["public"]:
        assert question.startswith(scene.g.seats[seat].name + ": "), question  # the seat's name is said
    # the reveal of each tick is shown to everyone: on the bar while it is held
    reveals = [w for w in seen["waiting"] if w.startswith("Last stir:")]
    assert reveals and all("P0" in w and "P1" in w for w in reveals)


def test_a_one_after_another_game_hides_nothing_nor_says_revealing(home: Path) -> None:
    d = Driver(pace="fast")
    scene = start_table(d, (HUMAN, HUMAN, "easy"), fortunes=False, house={"sequential-brewing": True})
    seen = play_hot_seat_round(d, scene)
    assert seen["covers"] == []
    assert all(decided == frozenset() for *_rest, decided, _f in seen["stirs"]), "nothing is hidden"
    assert not any("Revealing" in w for w in seen["waiting"])


def test_revealing_the_stir_shows_only_before_a_reveal_of_several_seats(home: Path) -> None:
    d = Driver(pace="fast")
    scene = start_table(d, (HUMAN, "easy", "easy"), seed=6)
    d.until(lambda: human_waiting(scene))
    d.press(Act.STOP)  # the human stops: the bots brew on, tick by tick
    said: list[tuple[str, Phase, bool, int]] = []
    d.until(lambda: said.append((scene.waiting_text(), scene.g.phase, scene.g.pending_chance() is not None,
                                 len(scene.match.queue))) or scene.summary is not None, timeout=60)
    revealing = [s for s in said if "Revealing" in s[0]]
    assert revealing, "two bots brewing together: their tick is revealed"
    assert all(phase is Phase.BREWING and queued > 1 for _w, phase, _c, queued in revealing)
    assert "Revealing" not in scene.waiting_text()  # the results are up: the stir is long revealed
    d.press(Act.NEXT)
    d.frames(2)
    assert "Revealing" not in scene.waiting_text()


# ---------------------------------------------------------------------------------------------------------
# the shop and Ctrl+Z


def to_shop(d: Driver, scene: TableScene) -> None:
    d.until(lambda: human_waiting(scene))
    d.press(Act.STOP)
    d.until_shop(scene)  # (the round's results come first)


def test_buy_nothing_asks_nothing(driver: Driver) -> None:
    scene = start_table(driver, fortunes=False)
    scene.g.seats[0].droplet = 20  # coins that would buy a chip
    to_shop(driver, scene)
    assert scene.controls.shop is not None and scene.controls.shop.leftover_could_buy()
    driver.press(Act.NO)  # Buy nothing
    assert confirm_open(driver) is None, "no 'Buy anyway?' after Buy nothing"
    driver.frames(2)
    assert ("act", 0, "buy nothing") in scene.g.record


def test_a_purchase_that_leaves_coins_is_still_asked_about(driver: Driver) -> None:
    scene = start_table(driver, fortunes=False)
    scene.g.seats[0].droplet = 20
    to_shop(driver, scene)
    shop = scene.controls.shop
    assert shop is not None
    driver.click(next(r for c, r in shop.slots if c.name == "orange-1").center)
    driver.press(Act.CONFIRM)
    confirm = confirm_open(driver)
    assert confirm is not None and "Buy anyway?" in confirm.text


def test_ctrl_z_says_what_it_undid_or_that_nothing_can_be_undone(driver: Driver) -> None:
    scene = start_table(driver, fortunes=False, setup={0: SeatSetup(rubies=6)})
    driver.until(lambda: human_waiting(scene))
    ctrl_z(driver)  # nothing chosen yet
    assert toasts(driver) and toasts(driver)[-1].startswith("Nothing to undo"), toasts(driver)
    driver.press(Act.STOP)
    for _ in range(3000):
        if human_waiting(scene) and scene.g.decision_kind(0) == DecisionKind.SPEND:
            break
        if scene.controls.shop is not None:
            shop = scene.controls.shop
            driver.click(next(r for c, r in shop.slots if c.name == "orange-1").center)
            ctrl_z(driver)  # the cart's last change
            assert toasts(driver)[-1].startswith("Undone: the cart") and not shop.cart
            driver.press(Act.NO)
        elif confirm_open(driver) is not None:
            driver.press(Act.CONFIRM)
        elif scene.summary is not None:
            driver.press(Act.NEXT)
        else:
            driver.frames(1)
    droplet = scene.g.seats[0].droplet
    label = scene.controls.buttons[0].label
    driver.press(Act.DROPLET)  # a droplet step for rubies
    driver.until(lambda: human_waiting(scene) and scene.controls.undo is not None, what="the undo button")
    ctrl_z(driver)
    assert scene.g.seats[0].droplet == droplet
    assert toasts(driver)[-1] == f"Undone: {label}."
