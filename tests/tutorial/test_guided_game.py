"""The guided first game: its script is valid and complete, its triggers cover every kind, and a new player
who follows the guide (Enter for "Got it", the obvious keys otherwise) is taught each idea and finishes."""

from __future__ import annotations

import pygame
import pytest

from quacks.rules.kinds import DecisionKind
from quacks.tutorial.coach import Coach
from quacks.tutorial.script import ScriptError, Target, Wait, load_script, parse_script
from quacks.tutorial.triggers import CHECKS, Trigger
from quacks.ui.keys import Act
from quacks.ui.overlays.coach import CoachBubble
from quacks.ui.overlays.confirm import Confirm
from quacks.ui.scenes.final import FinalScene
from quacks.ui.scenes.table import TableScene
from quacks.ui.table.targets import target_rect

from ..ui.driver import Driver

CORE = ["welcome", "draw", "white-total", "stop", "scoring", "bonus-die", "shop", "books", "fortune", "rubies",
        "round-9", "on-your-own"]


def test_the_script_is_valid_and_every_trigger_kind_has_a_check() -> None:
    script = load_script()
    assert set(Trigger) <= set(CHECKS)
    ids = [s.id for s in script.steps]
    assert len(ids) == len(set(ids)) and set(CORE) <= set(ids)
    from quacks.content.loader import default_catalogue
    from quacks.ui.table.guide import tutorial_keys

    for st in script.steps:
        text = Coach.text(st, default_catalogue(), script.opponent, tutorial_keys())
        assert "{" not in text and len(text) > 40
    draw = next(st for st in script.steps if st.id == "draw")
    assert "press D or click Draw" in Coach.text(draw, default_catalogue(), script.opponent, tutorial_keys())


def test_a_damaged_script_is_refused_with_every_problem_named() -> None:
    bad = {"game": {"seed": 1}, "steps": [
        {"id": "a", "when": {"kind": "moon"}, "target": "pot", "wait": "ok", "text": "x"},
        {"id": "b", "when": {"kind": "decision", "decision": "juggle"}, "target": "sky", "wait": "later",
         "text": "y"},
        {"id": "c", "when": {"kind": "after", "step": "nowhere"}, "target": "pot", "wait": "ok", "text": "z"}]}
    with pytest.raises(ScriptError) as err:
        parse_script(bad, "t.yaml")
    msg = str(err.value)
    for part in ("t.yaml", "unknown trigger 'moon'", "juggle", "unknown target 'sky'", "unknown wait 'later'",
                 "no step 'nowhere'"):
        assert part in msg


def play_guided(d: Driver, leave_after: str | None = None, limit: int = 40_000) -> tuple[list[str], TableScene]:
    from quacks.ui.flows import start_tutorial

    assert start_tutorial(d.app) == ""
    table = d.scene if isinstance(d.scene, TableScene) else next(s for s in d.app.scenes if isinstance(s, TableScene))
    coach = table.coach
    assert coach is not None
    shown: list[str] = []
    for _ in range(limit):
        if isinstance(d.scene, FinalScene):
            break
        top = d.scene
        if coach.current is not None and (not shown or shown[-1] != coach.current.id):
            shown.append(coach.current.id)
            assert target_rect(table, coach.current.target) is not None
            if coach.current.id == leave_after:
                table.guide.leave()
                d.frames(1)
                assert isinstance(d.scene, Confirm)
                d.press(Act.CONFIRM)
                assert coach.left and coach.current is None
                continue
        if isinstance(top, Confirm):
            d.press(Act.CONFIRM)
        elif table.summary is not None:
            d.press(Act.NEXT)
        elif coach.current is not None and coach.current.wait is Wait.OK:
            d.press(Act.NEXT)
        elif table.controls.active and table.driver.human_turn():
            g = table.g
            kind = g.decision_kind(0)
            s = g.seats[0]
            if kind == DecisionKind.BREW:
                d.press(Act.DRAW if s.white_total < 5 and len(s.pot) < 9 else Act.STOP)
            elif table.controls.shop is not None:
                shop = table.controls.shop
                for c, _slot in shop.slots[::-1]:
                    if not shop.why_not(c):
                        shop.toggle(c)
                        break
                d.press(Act.CONFIRM if shop.cart else Act.NO)
            else:
                d.answer_first()
        else:
            d.frames(1)
    return shown, table


def test_a_new_player_is_taught_every_idea_and_finishes_the_game(home: object) -> None:
    d = Driver(pace="instant")
    shown, table = play_guided(d)
    assert isinstance(d.scene, FinalScene), "the guided game reaches the final result"
    assert len(shown) == len(set(shown)), "each idea is explained once"
    missing = [s for s in CORE if s not in shown]
    assert not missing, f"never taught: {missing}"
    script_ids = [st.id for st in table.coach.script.steps]
    assert set(shown) <= set(script_ids) and shown[-1] == "on-your-own"


def test_the_guide_can_be_left_and_the_game_goes_on(home: object) -> None:
    d = Driver(pace="instant")
    shown, table = play_guided(d, leave_after="white-total")
    assert shown[-1] == "white-total" and table.coach.left
    assert isinstance(d.scene, FinalScene)
    assert not any(isinstance(s, CoachBubble) for s in d.app.scenes)


def test_every_target_is_somewhere_on_the_table(home: object) -> None:
    from quacks.ui.flows import start_tutorial

    d = Driver(pace="instant")
    start_tutorial(d.app)
    d.frames(2)
    table = next(s for s in d.app.scenes if isinstance(s, TableScene))
    for t in Target:
        r = target_rect(table, t)
        assert r is not None and r.w > 0 and r.h > 0 and pygame.Rect(0, 0, 1920, 1080).contains(r), t
