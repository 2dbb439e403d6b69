"""Every mistake a scenario file can make is one ScenarioError that says where (the hostile files of
tests/test_scenario_hostile.py cover the reader); steps that cannot be applied; and the expectations' checks
(seats, waiting, nested fields)."""

from __future__ import annotations

from typing import Any

import pytest

from quacks.content.loader import default_catalogue
from quacks.scenario import (
    ScenarioError,
    apply_step,
    check_expect,
    parse_scenario,
    run_scenario,
)

BASE: dict[str, Any] = {"setup": {"seats": ["Ann", "Bob"]}}


def with_setup(**setup: Any) -> dict[str, Any]:
    return {"setup": {"seats": ["Ann", "Bob"], **setup}}


@pytest.mark.parametrize(("data", "said"), [
    ([1, 2], "a scenario is a mapping"),
    ({"setup": {"seats": ["Ann", "Bob"]}, "expectt": {}}, "unknown key 'expectt'"),
    ({"setup": "Ann, Bob"}, "setup must be a mapping"),
    (with_setup(sets=1), "unknown setup key 'sets'"),
    ({"setup": {"seats": ["Ann"]}}, "2 to 4 names"),
    ({"setup": {"seats": ["Ann", "B b"]}}, "may use only letters"),
    ({"setup": {"seats": ["Ann", "Ann"]}}, "must be unique"),
    (with_setup(books=5), "a set 1-4, not 5"),
    (with_setup(books={"pink": 1}), "unknown colour 'pink'"),
    (with_setup(books={"blue": 7}), "setup.books.blue must be a set 1-4"),
    (with_setup(books="two"), "a set 1-4 or a set per colour"),
    (with_setup(variant="cauldron"), "setup.variant must be one of"),
    (with_setup(round=0), "setup.round must be a round number"),
    (with_setup(round=True), "setup.round must be a round number"),
    (with_setup(fortunes="maybe"), "setup.fortunes must be on or off"),
    (with_setup(house=[1]), "setup.house must be a mapping"),
    (with_setup(house={"no-such-rule": True}), "setup.house"),
    (with_setup(state=[1]), "setup.state must map seat names"),
    (with_setup(state={"Cid": {}}), "who is not a seat"),
    (with_setup(state={"Ann": 3}), "setup.state.Ann must be a mapping"),
    (with_setup(state={"Ann": {"coins": 3}}), "unknown key 'coins'"),
    (with_setup(state={"Ann": {"flask": "half"}}), "flask must be full or empty"),
    (with_setup(state={"Ann": {"bag": ["white-1"]}}), "bag must map chips to counts"),
    (with_setup(state={"Ann": {"bag": {"white-9": 1}}}), "unknown chip 'white-9'"),
    (with_setup(state={"Ann": {"bag": {"white-1": -1}}}), "must be a whole number from 0 to 999"),
    (with_setup(state={"Ann": {"aside": "white-1"}}), "aside must be a list of chips"),
    (with_setup(state={"Ann": {"score": "x" * 60}}), "..."),
    (with_setup(supply=[1]), "setup.supply must map chips to counts"),
    (with_setup(supply={"orange-1": 1.5}), "setup.supply.orange-1 must be a whole number"),
    ({**BASE, "steps": "Ann draw"}, "steps must be a list of lines"),
    ({**BASE, "steps": ["x"] * 10_001}, "at most 10000 steps"),
    ({**BASE, "expect": [1]}, "expect must be a mapping"),
])
def test_each_mistake_is_named(data: Any, said: str) -> None:
    with pytest.raises(ScenarioError) as e:
        parse_scenario(data, "f.yaml")
    assert str(e.value).startswith("f.yaml") and said in str(e.value)


def test_a_good_setup_with_books_per_colour_and_pieces() -> None:
    sc = parse_scenario(with_setup(books={"blue": 2}, fortunes="off", state={"Ann": {
        "flask": "empty", "bag": {"white-1": 2}, "aside": ["orange-1"], "score": 3, "rubies": 2, "droplet": 4,
        "tube": 1}}, supply={"orange-1": 5}), "g.yaml")
    assert sc.config.books[next(c for c in sc.config.books if c.value == "blue")] == 2
    ann = sc.config.setup[0]
    assert (ann.flask_full, ann.score, ann.rubies, ann.droplet, ann.tube) == (False, 3, 2, 4, 1)


@pytest.mark.parametrize(("setup", "said"), [
    ({"round": 12}, "1-9, not 12"),
    ({"state": {"Ann": {"droplet": 99}}}, "droplet must be 0-"),
    ({"state": {"Ann": {"tube": 99}}}, "tube must be 0-"),
])
def test_what_the_data_limits_is_checked_before_the_game(setup: dict[str, Any], said: str) -> None:
    with pytest.raises(ScenarioError, match=said):
        run_scenario(parse_scenario(with_setup(**setup), "h.yaml"), default_catalogue())


@pytest.mark.parametrize(("step", "said"), [
    ("", "empty step"),
    ("fortune", "write the fortune step as"),
    ("Zed draw white-1", "is not a seat"),
    ("Ann", "a step names a seat and an action"),
    ("Ann die 3", "no die is due here"),
    ("Ann reveal white-1", "no reveal is due here"),
])
def test_steps_that_cannot_be_applied(step: str, said: str) -> None:
    sc = parse_scenario({**with_setup(fortunes="off"), "steps": [step]}, "s.yaml")
    with pytest.raises(ScenarioError) as e:
        run_scenario(sc, default_catalogue())
    assert said in str(e.value) and str(e.value).startswith("step 1")


def test_a_fortune_step_when_no_card_is_due() -> None:
    sc = parse_scenario({**with_setup(fortunes="off")}, "s.yaml")
    g = run_scenario(sc, default_catalogue())
    with pytest.raises(Exception, match="no fortune is due"):
        apply_step(g, ["Ann", "Bob"], "fortune some-card")


def test_expectations_compare_fields_seats_and_waiting() -> None:
    state = {"round": 1, "seats": [{"name": "Ann", "bag": {"white-1": 4}, "pot": [1, 2]}],
             "waiting": [{"seat": "Ann", "actions": ["draw", "stop"]}, {"chance": "draw", "seat": "Bob"}, "odd"],
             "supply": {}}
    assert check_expect({"round": 1, "seats": {"Ann": {"bag": {"white-1": 4, "orange-1": 0}}}}, state) == []
    assert check_expect({"seats": [{"name": "Ann", "pot": [1, 2]}]}, state) == []
    assert check_expect({"waiting": [{"seat": "Ann", "actions": ["stop", "draw"]}, {"chance": "draw", "seat": "Bob"},
                                     "odd"]}, state) == []
    problems = check_expect({"rounds": 1, "seats": {"Cid": {}}, "waiting": [], "supply": {"orange-1": 2}}, state)
    assert len(problems) == 4 and problems[0].startswith("rounds: no such field")
    assert check_expect({"seats": 3}, state) == ["seats: expected a mapping of seat names to fields"]
    assert check_expect({"seats": {"Ann": {"pot": [1]}}}, state) and check_expect({"seats": {"Ann": {"pot": 1}}},
                                                                                   state)
    assert check_expect({"seats": {"Ann": {"pot": [1, 3]}}}, state) == ["seats.Ann.pot[1]: expected 3, got 2"]
    assert check_expect({"seats": {"Ann": {"bag": 3}}}, state)
    assert check_expect({"round": True}, state)  # True is not 1 here
