"""Bots: legal, deterministic, never touching the game, and each level doing what it promises."""

from __future__ import annotations

import random

import pytest

from quacks.ai.levels import LEVELS, make_bot
from quacks.ai.normal import NormalBot
from quacks.ai.odds import explosion_risk
from quacks.devtools.tournament import Job, run_job, simulate
from quacks.rules.actions import Action
from quacks.rules.snapshot import fingerprint
from quacks.wording.reasons import reason_text

from ..rules.gamekit import make_game, steps


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_legal_full_games_without_touching_the_game(level: str) -> None:
    from quacks.session.seeding import Streams

    for seed in range(2):
        g = make_game(("A", "B", "C"), books={"green": 2, "blue": 1, "red": 2, "yellow": 3, "purple": 4},
                      fortunes=True)
        bot = make_bot(level)
        sampler = Streams(seed)
        rng = random.Random(seed)
        while not g.is_over:
            if g.pending_chance() is not None:
                g.apply_chance(sampler.sample(g))
                continue
            seat = g.acting_seats()[0]
            acts = g.legal_actions(seat)
            before = fingerprint(g)
            d = bot.decide(g, seat, list(acts), rng)
            assert fingerprint(g) == before, "a bot changed the game while deciding"
            assert d.action in acts
            assert reason_text(d.reason)
            g.apply(seat, d.action)
        assert g.round == g.cat.events.rounds and g.ranking(), "the game ran to its last round and has a ranking"


def test_decisions_are_reproducible_with_the_same_seed() -> None:
    a = run_job(Job(0, 5, ("hard", "normal", "easy"), "random", "standard", True))
    b = run_job(Job(0, 5, ("hard", "normal", "easy"), "random", "standard", True))
    assert [r.score for r in a] == [r.score for r in b]


def test_normal_draws_when_nothing_can_explode() -> None:
    g = make_game(A={"bag": {"white-1": 1, "orange-1": 3}})
    steps(g, "A draw white-1")
    d = NormalBot().decide(g, 0, g.legal_actions(0), random.Random(0))
    assert d.action == Action("draw")


def test_normal_stops_above_its_round_limit_and_says_why() -> None:
    g = make_game(A={"bag": {"white-3": 3, "orange-1": 1}})
    steps(g, "A draw white-3", "A draw white-3")  # 6 of 7: two white-3 of three chips left explode
    assert explosion_risk(g, 0) == pytest.approx(0.5)
    d = NormalBot().decide(g, 0, g.legal_actions(0), random.Random(0))
    assert d.action == Action("stop")
    assert reason_text(d.reason).startswith("stops: 50% risk")


def test_normal_uses_the_flask_on_a_white_two_when_it_would_draw_on() -> None:
    g = make_game(A={"bag": {"white-2": 1, "orange-1": 6}})
    steps(g, "A draw white-2")
    d = NormalBot().decide(g, 0, g.legal_actions(0), random.Random(0))
    assert d.action == Action("flask")


def test_normal_takes_coins_before_round_six_and_vp_from_round_six() -> None:
    for rnd, want in ((3, "coins"), (6, "vp")):
        g = make_game(round=rnd, A={"bag": {"white-3": 3}})
        steps(g, "A draw white-3", "A draw white-3", "A draw white-3", "B stop")
        w = g.waiting()
        while not isinstance(w, list):
            g.apply_chance(g.sample_chance(random.Random(1)))
            w = g.waiting()
        assert g.decision_kind(0) == "explosion"
        d = NormalBot().decide(g, 0, g.legal_actions(0), random.Random(0))
        assert d.action == Action("choose", (want,))


def test_normal_buys_two_chips_and_at_most_two_black() -> None:
    g = make_game(A={"bag": {"orange-1": 1}, "droplet": 40}, B={"bag": {"orange-1": 1}})
    steps(g, "A draw orange-1", "B draw orange-1", "A die vp-1")
    assert g.decision_kind(0) == "shop"
    d = NormalBot().decide(g, 0, g.legal_actions(0), random.Random(0))
    assert len(d.action.args) == 2
    g2 = make_game(A={"bag": {"orange-1": 1, "black-1": 2}, "droplet": 40}, B={"bag": {"orange-1": 1}})
    steps(g2, "A draw orange-1", "A stop", "B draw orange-1", "A die vp-1")
    d2 = NormalBot().decide(g2, 0, g2.legal_actions(0), random.Random(0))
    assert "black-1" not in d2.action.args


def test_hard_stops_on_a_dangerous_pot_and_draws_on_a_safe_one() -> None:
    hard = make_bot("hard")
    g = make_game(A={"bag": {"white-3": 4, "orange-1": 1}, "droplet": 20})
    steps(g, "A draw white-3", "A draw white-3")
    assert hard.decide(g, 0, g.legal_actions(0), random.Random(0)).action == Action("stop")
    g = make_game(A={"bag": {"white-1": 1, "orange-1": 8, "white-3": 1}})
    steps(g, "A draw orange-1")
    assert hard.decide(g, 0, g.legal_actions(0), random.Random(0)).action == Action("draw")


def test_simulate_summary_has_the_promised_fields() -> None:
    out = simulate(["normal", "easy"], games=4, seed=3, progress=False)
    assert out["games"] == 4
    for lv in ("normal", "easy"):
        d = out["levels"][lv]
        assert set(d) >= {"win_rate", "ci95", "mean_vp", "explosion_rate", "decision_ms"}
        assert set(d["decision_ms"]) >= {"draw_p99", "other_p99", "mean"}
        assert 0.0 <= d["ci95"][0] <= d["win_rate"] <= d["ci95"][1] <= 1.0
    assert out["levels"]["normal"]["win_rate"] + out["levels"]["easy"]["win_rate"] == pytest.approx(1.0)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_keep_a_well_stirred_white_on_the_last_space_r38(level: str) -> None:
    """R38, P30: sending back a white that lies on index 52 leaves the pot full all the same, so a bot keeps it;
    a white anywhere else goes back."""
    keep, back = Action("choose", ("keep-white",)), Action("choose", ("return-white",))
    for droplet, expected in ((48, keep), (40, back)):
        g = make_game(fortunes=True, A={"droplet": droplet, "bag": {"orange-1": 1, "white-3": 1, "white-1": 2}})
        steps(g, "fortune well-stirred", "A draw orange-1", "A draw white-3")
        acts = g.legal_actions(0)
        assert set(acts) == {keep, back}
        assert make_bot(level).decide(g, 0, list(acts), random.Random(0)).action == expected, droplet
