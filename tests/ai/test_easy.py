"""Easy keeps its promises (quacks/ai/simple.py): a cautious beginner's habits, checked on constructed games."""

from __future__ import annotations

import random

import pytest

from quacks.ai.levels import LEVEL_TEXT
from quacks.ai.normal import NormalBot
from quacks.ai.odds import explosion_risk
from quacks.ai.simple import EasyBot
from quacks.rules.actions import Action
from quacks.rules.game import Game
from quacks.wording.reasons import reason_text

from ..rules.gamekit import make_game, seat, steps

DRAW, STOP, FLASK, DONE = Action("draw"), Action("stop"), Action("flask"), Action("done")


def decide(bot: NormalBot, g: Game, i: int = 0):  # type: ignore[no-untyped-def]
    return bot.decide(g, i, list(g.legal_actions(i)), random.Random(0))


def advance_to(g: Game, who: int, kind: str) -> None:
    """Play on (chance by a fixed generator, every seat stopping, buying and spending nothing) until seat
    ``who`` faces a decision of ``kind``."""
    rng = random.Random(1)
    for _ in range(200):
        w = g.waiting()
        assert w is not None, "the game ended"
        if not isinstance(w, list):
            g.apply_chance(g.sample_chance(rng))
            continue
        for sw in w:
            if sw.seat == who and g.decision_kind(who) == kind:
                return
        sw = w[0]
        texts = {str(a): a for a in sw.actions}
        for pick in ("stop", "buy nothing", "done", "choose coins", "choose 0", "pass"):
            if pick in texts:
                g.apply(sw.seat, texts[pick])
                break
        else:
            g.apply(sw.seat, sw.actions[0])
    raise AssertionError(f"seat {who} never had to decide {kind!r}")


# brewing ----------------------------------------------------------------------------------------------------


def test_draws_while_no_white_in_the_bag_can_explode_the_pot() -> None:
    g = make_game(A={"bag": {"white-2": 1, "white-3": 1, "white-1": 1, "orange-1": 10}})
    steps(g, "A draw white-2", "A draw white-3")  # 5 of 7: only a white 3 could explode, and none is left
    assert explosion_risk(g, 0) == 0.0
    d = decide(EasyBot(), g)
    assert d.action == DRAW
    assert reason_text(d.reason) == "draws: no white chip in the bag can explode the pot"


def test_stops_as_soon_as_any_white_could_explode_even_at_a_tiny_risk() -> None:
    g = make_game(A={"bag": {"white-2": 1, "white-3": 2, "orange-1": 30}, "flask": "empty"})
    steps(g, "A draw white-2", "A draw white-3")  # 5 of 7; one white 3 among 31 chips: 3% risk
    assert 0.0 < explosion_risk(g, 0) < 0.05
    assert decide(NormalBot(), g).action == DRAW  # the yardstick draws on at this risk in round 1
    d = decide(EasyBot(), g)
    assert d.action == STOP
    assert reason_text(d.reason) == "stops: a white 3 could explode the pot, and I never risk that"


@pytest.mark.parametrize(("pot", "danger"), [(("white-3", "white-3"), "a white 2 or 3"),
                                             (("white-3", "white-3", "white-1"), "any white chip")])
def test_the_stop_reason_names_the_whites_that_would_explode_the_pot(pot: tuple[str, ...], danger: str) -> None:
    g = make_game(A={"bag": {"white-3": 3, "white-1": 2, "orange-1": 5}})
    steps(g, *(f"A draw {c}" for c in pot))
    d = decide(EasyBot(), g)
    assert d.action == STOP
    assert reason_text(d.reason) == f"stops: {danger} could explode the pot, and I never risk that"


def test_the_same_caution_in_the_last_round_far_behind() -> None:
    g = make_game(round=9, A={"bag": {"white-2": 1, "white-3": 2, "orange-1": 30}, "score": 0, "flask": "empty"},
                  B={"score": 40})
    steps(g, "A draw white-2", "A draw white-3")
    assert decide(NormalBot(), g).action == DRAW  # Normal takes more risk when it trails
    assert decide(EasyBot(), g).action == STOP


def test_never_uses_the_flask() -> None:
    g = make_game(A={"bag": {"white-2": 1, "orange-1": 6}})
    steps(g, "A draw white-2")
    assert FLASK in g.legal_actions(0)
    assert decide(NormalBot(), g).action == FLASK
    assert decide(EasyBot(), g).action == DRAW


def test_takes_the_victory_points_after_an_explosion_even_early() -> None:
    g = make_game(round=2, A={"bag": {"white-3": 3}})
    steps(g, "A draw white-3", "A draw white-3", "A draw white-3")
    advance_to(g, 0, "explosion")
    d = decide(EasyBot(), g)
    assert d.action == Action("choose", ("vp",))
    assert decide(NormalBot(), g).action == Action("choose", ("coins",))


# shopping and rubies ---------------------------------------------------------------------------------------


def test_buys_one_chip_the_best_single_it_can_afford() -> None:
    g = make_game(A={"bag": {"orange-1": 1}, "droplet": 40}, B={"bag": {"orange-1": 1}})
    steps(g, "A draw orange-1", "B draw orange-1", "A die vp-1")
    assert g.decision_kind(0) == "shop"
    assert len(decide(NormalBot(), g).action.args) == 2
    d = decide(EasyBot(), g)
    assert d.action == Action("buy", ("red-4",))  # 41 coins: the big red chip, and nothing beside it
    assert reason_text(d.reason) == "buys the red 4: one good chip is enough for me"


@pytest.mark.parametrize("droplet", [8, 14, 20, 26, 32])
def test_buys_exactly_one_chip_whatever_the_coins(droplet: int) -> None:
    g = make_game(A={"bag": {"orange-1": 1}, "droplet": droplet}, B={"bag": {"orange-1": 1}})
    steps(g, "A draw orange-1", "B draw orange-1")
    advance_to(g, 0, "shop")
    d = decide(EasyBot(), g)
    assert d.action.verb == "buy" and len(d.action.args) == 1 and d.action.args != ("nothing",)
    assert d.action in g.legal_actions(0)


def test_keeps_its_rubies_instead_of_a_droplet_step_or_a_flask_refill() -> None:
    g = make_game(A={"bag": {"orange-1": 1}, "rubies": 6, "flask": "empty"}, B={"bag": {"orange-1": 1}})
    steps(g, "A draw orange-1", "B draw orange-1")
    advance_to(g, 0, "spend")
    texts = {str(a) for a in g.legal_actions(0)}
    assert {"spend droplet", "spend flask", "done"} <= texts
    assert decide(NormalBot(), g).action != DONE
    d = decide(EasyBot(), g)
    assert d.action == DONE
    assert reason_text(d.reason) == "keeps the rubies for the end"


def test_pays_no_rubies_for_green_chips_in_set_four() -> None:
    g = make_game(books=4, A={"rubies": 3, "bag": {"green-1": 1, "green-2": 1, "white-1": 2}},
                  B={"rubies": 0, "bag": {"orange-1": 1, "white-1": 2}})
    steps(g, "A draw green-1", "A draw green-2", "A stop", "B draw orange-1", "B stop")
    advance_to(g, 0, "green-ruby")
    assert {str(a) for a in g.legal_actions(0)} == {"choose 0", "choose 1", "choose 2"}
    d = decide(EasyBot(), g)
    assert d.action == Action("choose", ("0",))
    steps(g, "A choose 0")
    assert seat(g, "A").rubies == 3


def test_converts_its_rubies_at_the_end() -> None:
    g = make_game(round=9, A={"bag": {"orange-1": 1}, "rubies": 4}, B={"bag": {"orange-1": 1}})
    steps(g, "A draw orange-1", "B draw orange-1")
    advance_to(g, 0, "convert")
    d = decide(EasyBot(), g)
    assert d.action.verb == "convert"


def test_the_level_text_says_what_easy_does() -> None:
    text = LEVEL_TEXT["easy"]
    assert text.startswith("Easy:") and "never risks" in text and "learner" in text
