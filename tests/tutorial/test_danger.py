"""What the next draw can do, read from the bag (``tutorial.danger``), and the guide's risk trigger built on it:
"getting high" only when a chip left can explode the pot, the warning only when every chip left would."""

from __future__ import annotations

import pytest

from quacks.rules.kinds import DecisionKind
from quacks.tutorial.danger import Danger, draw_danger
from quacks.tutorial.triggers import CHECKS, Look, Trigger

from ..rules.gamekit import make_game


@pytest.mark.parametrize("total,bag,want", [
    (0, {"white-1": 4, "white-2": 2, "white-3": 1, "orange-1": 1}, Danger.NONE),  # 3 more is still 7
    (4, {"white-1": 4, "white-2": 2, "white-3": 1, "orange-1": 1}, Danger.NONE),  # 4 + 3 = 7: not over
    (5, {"white-1": 4, "white-2": 2, "white-3": 1, "orange-1": 1}, Danger.SOME),  # the white 3 would
    (6, {"white-1": 4, "white-2": 2, "orange-1": 1}, Danger.SOME),  # only the white 2s would
    (6, {"white-2": 2, "white-3": 1}, Danger.ALL),  # every chip left would
    (7, {"white-1": 1}, Danger.ALL),
    (7, {"orange-1": 3, "green-1": 1}, Danger.NONE),  # no white left: safe however high
    (7, {}, Danger.NONE),  # an empty bag explodes nothing
])
def test_the_danger_of_the_next_draw_is_read_from_the_bag(total: int, bag: dict[str, int], want: Danger) -> None:
    g = make_game(A={"bag": bag}, B={})
    g.seats[0].white_total = total
    assert g.limit(0) == 7
    assert draw_danger(g, 0) is want


def test_a_higher_limit_is_taken_into_account() -> None:
    g = make_game(A={"bag": {"white-3": 1}}, B={})
    g.seats[0].white_total = 5
    assert draw_danger(g, 0) is Danger.ALL  # 5 + 3 is over 7
    g.limit = lambda seat: 8  # type: ignore[method-assign]  # a card or a book raising the limit (R9)
    assert draw_danger(g, 0) is Danger.NONE  # 5 + 3 reaches 8, not over it


@pytest.mark.parametrize("total,bag,some,all_", [
    (4, {"white-1": 4, "white-2": 2, "white-3": 1}, False, False),  # high, but nothing left can explode it
    (5, {"white-1": 4, "white-2": 2, "white-3": 1}, True, False),
    (6, {"white-2": 2, "white-3": 1}, True, True),
])
def test_the_risk_trigger_follows_the_bag_and_waits_for_the_table_to_ask(
        total: int, bag: dict[str, int], some: bool, all_: bool) -> None:
    g = make_game(A={"bag": bag}, B={})
    g.seats[0].white_total = total
    check = CHECKS[Trigger.RISK]
    real_kind = g.decision_kind
    g.decision_kind = lambda seat: DecisionKind.BREW  # type: ignore[method-assign]
    try:
        asked = Look(g, 0, [], set(), asked=(0,))
        assert check(asked, {"chips": "some"}) is some
        assert check(asked, {"chips": "all"}) is all_
        waiting = Look(g, 0, [], set(), asked=())  # the opponent still thinks: no buttons yet, no words yet
        assert not check(waiting, {"chips": "some"}) and not check(waiting, {"chips": "all"})
    finally:
        g.decision_kind = real_kind  # type: ignore[method-assign]
