"""The Expert bot (issue 23): its learned weights load and are checked loudly, it plays whole games on every set,
it shops as Hard with more simulated brews, in play it reads one number of its weights (round 9's win_scale),
and it decides only from what a player at the table can see."""

from __future__ import annotations

import copy
import dataclasses
import gc
import random
import types

import pytest

from quacks.ai.base import Bot, BotChoice, RandomSource
from quacks.ai.expert import (
    BREWING_MORE,
    COIN_LEVEL,
    COIN_LEVEL_RANGE,
    EARLY_DRAW_BIAS,
    EARLY_ROUNDS,
    SETTLED_SCALE,
    SHOP_SAMPLES,
    ExpertBot,
    WinModel,
    expected_final,
    margin_before_brew,
    others_done,
)
from quacks.ai.features import NAMES, features, position_of
from quacks.ai.hard import HardBot
from quacks.ai.levels import LEVELS, make_bot
from quacks.ai.normal import Handler
from quacks.ai.odds import stop_space
from quacks.ai.shop import best_buy, buy_by, chip_worths, for_sale, purchase_worths
from quacks.ai.value_model import ModelError, ValueModel
from quacks.ai.values import Values
from quacks.content.loader import default_catalogue
from quacks.devtools.tournament import Job, bot_setup, run_job
from quacks.resources import data_dir
from quacks.rules.actions import Action
from quacks.rules.chips import CHIP_BY_NAME
from quacks.rules.config import GameConfig
from quacks.rules.decisions import buyable, shop_options
from quacks.rules.game import Game
from quacks.rules.kinds import DecisionKind
from quacks.session import seeding
from quacks.session.match import Match

from ..rules.gamekit import make_game

CAT = default_catalogue()


def test_the_shipped_weights_load_and_are_small() -> None:
    path = data_dir() / "bots" / "expert.yaml"
    assert path.stat().st_size < 200_000
    assert CAT.bot_values is not None
    model = ValueModel.from_data(CAT.bot_values)
    assert set(model.start) and set(model.end)
    assert model.settings["games"] >= 100 and all(0 < x < 100 for x in model.win_scale.values())
    last = max(model.win_scale)
    assert last == CAT.events.rounds  # the last round's curve, fitted from its start
    assert model.win_probability(30, last) > 0.9 > 0.1 > model.win_probability(-30, last)


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.update(features=d["features"][:-1]), "other features"),
    (lambda d: d.pop("start"), "no 'start' table"),
    (lambda d: d["end"].update({1: [0.0] * 3}), "are not"),
    (lambda d: d["end"].update({1: ["x"] * len(NAMES)}), "not a number"),
    (lambda d: d.update(win_scale=-1), "win_scale"),
    (lambda d: d.update(win_scale={9: 0}), "win_scale of round 9"),
])
def test_weights_that_do_not_fit_are_a_loud_error(change: object, words: str) -> None:
    assert CAT.bot_values is not None
    d = copy.deepcopy(dict(CAT.bot_values))
    change(d)  # type: ignore[operator]
    with pytest.raises(ModelError, match=words):
        ValueModel.from_data(d)


def config() -> GameConfig:
    return GameConfig(seats=("a", "b"))


def test_an_expert_without_weights_says_so() -> None:
    cat = dataclasses.replace(CAT, bot_values=None)
    m = Match(cat, bot_setup(config(), ("hard", "hard"), 5))
    with pytest.raises(ModelError, match="missing"):
        ExpertBot().model(m.game)


@pytest.mark.parametrize("books", ["1", "2", "3", "4", "random"])
def test_expert_plays_whole_games_on_every_set(books: str) -> None:
    for k, levels in enumerate((("expert", "hard"), ("expert", "normal", "hard", "easy"))):
        r = run_job(Job(0, 40 + k, levels, books, "standard", True))
        assert len(r) == len(levels) and all(x.score >= 0 for x in r)


def test_in_play_expert_reads_one_number_of_its_weights(monkeypatch: pytest.MonkeyPatch) -> None:
    """What docs/architecture.md, the README and the level's text say: of data/bots/expert.yaml play reads only the
    last round's win_scale (its draw or stop there is for the chance of winning); the learned values of a position
    (the start and end tables) are trained and kept, never used to decide."""
    asked: list[int] = []
    real = ValueModel.scale

    def scale(self: ValueModel, rnd: int) -> float:
        asked.append(rnd)
        return real(self, rnd)

    def unused(*args: object, **kwargs: object) -> float:
        raise AssertionError("the Expert bot decided by a learned table of a position")

    monkeypatch.setattr(ValueModel, "scale", scale)
    for name in ("weights", "value", "per_vp", "rate", "win_probability"):
        monkeypatch.setattr(ValueModel, name, unused)
    for seed in range(2):
        m = Match(CAT, bot_setup(config(), ("expert", "hard"), seed))
        m.run_until_human(200_000)
        assert m.game.over
    assert asked and set(asked) == {CAT.events.rounds}


def test_expert_shops_as_hard_with_more_simulated_brews() -> None:
    """Expert's purchase is Hard's reckoning with ``SHOP_SAMPLES`` brews, by the chip worths it valued its coins with
    while brewing (worked out once a round); with Hard's 40 brews it would often be Hard's own."""
    seen = differ = shared = 0
    for seed in range(4):
        m = Match(CAT, bot_setup(config(), ("expert", "hard"), seed))
        bot = m.bots[0]
        assert isinstance(bot, ExpertBot)
        inner = bot.on_shop

        def spy(g: Game, seat: int, actions: list[Action], rng: RandomSource, _inner: Handler = inner,
                _bot: ExpertBot = bot) -> BotChoice:
            nonlocal seen, differ, shared
            before = _bot._shop
            choice = _inner(g, seat, actions, rng)
            shared += before is _bot._shop  # valued while brewing, not simulated again
            v = Values(g, seat)
            worth = chip_worths(g, seat, v, for_sale(g), SHOP_SAMPLES)
            if _bot._shop is not before:
                assert _bot.shop_worths(g, seat, v)[0] == worth
            assert choice.action == buy_by(actions, _bot.shop_worths(g, seat, v)[0])[0]
            differ += choice.action != best_buy(g, seat, actions, v)[0]
            seen += 1
            return choice

        bot.handlers[DecisionKind.SHOP] = spy
        m.run_until_human(200_000)
        assert m.game.over
    assert seen >= 20 and differ >= 1 and shared >= 5


def test_a_bot_cannot_reach_the_seed_or_the_chance_streams() -> None:
    """Every level is asked with the game (no future draw: a bag is counts) and its own generator: walking
    everything the game it is handed holds finds no chance stream, no match, no seed generator."""
    found: list[str] = []

    def reachable(root: object) -> list[object]:
        seen: set[int] = set()
        out: list[object] = []
        todo = [root]
        while todo:
            o = todo.pop()
            if id(o) in seen or isinstance(o, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
                                               types.MethodType, types.CodeType, str, bytes, int, float)):
                continue
            seen.add(id(o))
            out.append(o)
            todo.extend(gc.get_referents(o))
        return out

    for level in ("easy", "normal", "hard", "expert", "random"):
        m = Match(CAT, bot_setup(config(), (level, "hard"), 11))
        inner = m.bots[0]
        asked = [0]

        class Spy:
            level = inner.level

            def decide(self, g: Game, seat: int, actions: list[Action], rng: RandomSource, _i: Bot = inner,
                       _a: list[int] = asked, _level: str = level) -> BotChoice:
                if _a[0] < 3:
                    _a[0] += 1
                    for o in reachable(g):
                        if isinstance(o, (seeding.Streams, Match, random.Random)):
                            found.append(f"{_level}: {type(o).__name__}")
                return _i.decide(g, seat, actions, rng)

        m.bots[0] = Spy()  # type: ignore[assignment]
        m.run_until_human(200_000)
        assert asked[0] == 3
    assert not found, found


def test_features_see_the_position_not_the_bag_order() -> None:
    m = Match(CAT, bot_setup(config(), ("hard", "hard"), 2))
    g = m.game
    f = features(g, 0, position_of(g, 0, 1.5))
    assert len(f) == len(NAMES) and f[0] == 1.0
    assert f[NAMES.index("brew")] == 1.5 and f[NAMES.index("chips")] == sum(g.seats[0].all_chips().counts())
    assert f[NAMES.index("two_seats")] == 1.0


def test_expert_is_a_level() -> None:
    assert "expert" in LEVELS and make_bot("expert").level == "expert"


def test_the_last_round_is_played_for_the_win_against_the_others_expected_finals() -> None:
    """In the last round the margin is taken to the best other seat's expected final score: its score, its
    space's VP, its coins and rubies as VP (5 and 2 a VP), and a little more while it still draws; once every other
    seat has finished, the chance of winning is nearly certain on either side of that margin."""
    g = make_game(("A", "B", "C"), round=9, A={"score": 40, "rubies": 3}, B={"score": 44, "rubies": 1, "droplet": 11},
                  C={"score": 30, "droplet": 2})
    for s in g.seats:
        s.brewing, s.stopped = True, False
    b_space = g.cat.pot.space(stop_space(g, 1))  # the space after B's droplet: 12 (12 coins, 2 VP)
    b_final = 44 + b_space.vp + b_space.coins // 5 + (1 + b_space.ruby) // 2
    assert expected_final(g, 1) == b_final + BREWING_MORE
    assert margin_before_brew(g, 0) == 40 + 3 // 2 - (b_final + BREWING_MORE)
    assert not others_done(g, 0)
    g.seats[1].stopped = True
    g.seats[2].stopped = True
    assert others_done(g, 0) and expected_final(g, 1) == b_final
    m = ExpertBot().brew_model(g, 0, Values(g, 0))
    assert isinstance(m, WinModel) and m.scale == SETTLED_SCALE
    assert m.base == 40 + 1 - b_final
    g.round = 5  # before the last round: Hard's expected VP
    assert not isinstance(ExpertBot().brew_model(g, 0, Values(g, 0)), WinModel)


def test_expert_draws_more_boldly_early_and_as_hard_in_the_middle() -> None:
    g = make_game(("A", "B"), round=2, A={"score": 3}, B={"score": 9})
    assert ExpertBot().risk_bias(g, 0) == EARLY_DRAW_BIAS > 0
    g.round = EARLY_ROUNDS + 1
    assert ExpertBot().risk_bias(g, 0) == HardBot().risk_bias(g, 0)


def test_purchase_worths_are_the_best_buy_that_many_coins_make() -> None:
    """``purchase_worths[c]``: the best of the shop's own options (R16) with c coins, by Hard's chip worths."""
    g = make_game(("A", "B"), round=3)
    v = Values(g, 0)
    top = 30
    chips = chip_worths(g, 0, v, for_sale(g))
    assert set(chips) == {c.index for c, _ in buyable(g, 10**6)}
    worths = purchase_worths(g, chips, top)
    assert worths[0] == 0.0 and all(a <= b for a, b in zip(worths, worths[1:]))
    for coins in range(top + 1):
        g.seats[0].coins = coins
        best = max((sum(chips[CHIP_BY_NAME[x].index] for x in a.args) for a in shop_options(g, 0)
                    if a.args != ("nothing",)), default=0.0)
        assert worths[coins] == pytest.approx(max(0.0, best))
    assert worths[top] > worths[6] > 0  # more coins buy more


def test_expert_values_coins_by_what_they_buy_at_hards_level() -> None:
    g = make_game(("A", "B"), round=2)
    bot, v = ExpertBot(), Values(g, 0)
    worths = bot.coin_worths(g, 0, v)
    assert worths is not None
    lo, hi = COIN_LEVEL_RANGE
    assert sum(worths[lo:hi + 1]) == pytest.approx(COIN_LEVEL * sum(v.coins_vp(c) for c in range(lo, hi + 1)))
    steps = {round(b - a, 6) for a, b in zip(worths, worths[1:])}
    assert 0.0 in steps and len(steps) > 3  # thresholds, not a fixed worth per coin
    assert [bot.coins_value(g, 0, v, c) for c in range(len(worths))] == worths
    m = bot.brew_model(g, 0, v)
    assert m.coin_v == [worths[c] for c in m.coins]
    g.seats[0].bag.add(CHIP_BY_NAME["orange-1"])  # another chip in the bag: worked out again
    assert bot.coin_worths(g, 0, v) != worths
    g.round = CAT.events.rounds  # the last round: coins only turn into VP, as Hard reckons them
    assert bot.coin_worths(g, 0, Values(g, 0)) is None
    assert bot.coins_value(g, 0, Values(g, 0), 17) == HardBot().coins_value(g, 0, Values(g, 0), 17)
