"""One seeding scheme: the same setup and seed give the same game at the table, in simulate, from a save and
in a replay (session/seeding.py)."""

from __future__ import annotations

import ast
import copy
import random
from pathlib import Path

import pytest

from quacks.content.loader import default_catalogue
from quacks.devtools.tournament import bot_setup, play_match
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.replay import replay
from quacks.rules.snapshot import fingerprint
from quacks.session.match import HUMAN, Match
from quacks.session.seeding import LazyRandom, Streams, mix

CONFIGS = [
    (("normal", "hard"), {c: 1 for c in SET_COLOURS}, "standard", 5),
    (("easy", "normal", "random"), {c: 3 for c in SET_COLOURS}, "test-tubes", 8),
    (("hard", "normal", "easy", "normal"), dict(zip(SET_COLOURS, (2, 4, 1, 3, 2))), "standard", 13),
]


def _config(levels: tuple[str, ...], books: dict, variant: str) -> GameConfig:
    return GameConfig(seats=tuple(f"{lv}-{i}" for i, lv in enumerate(levels)), books=books, variant=variant)


def _answer_humans(m: Match, bots: dict) -> None:
    """Play the human seats with bots of their own, exactly as those bots would play at the table."""
    while not m.over:
        m.run_until_human()
        if m.over:
            return
        for seat in m.need().seats:
            rng = m.streams.bot_rng(seat, m.acted[seat])
            d = bots[seat].decide(m.game, seat, list(m.game.legal_actions(seat)), rng)
            m.submit(seat, d.action)


@pytest.mark.parametrize("levels,books,variant,seed", CONFIGS)
def test_simulate_and_the_table_play_the_same_game(levels, books, variant, seed) -> None:
    from quacks.ai.levels import make_bot

    cfg = _config(levels, books, variant)
    simulated = play_match(cfg, levels, seed).game
    at_table = Match(default_catalogue(), bot_setup(cfg, levels, seed))
    at_table.run_until_human()
    assert at_table.over
    assert fingerprint(at_table.game) == fingerprint(simulated)
    # the same seats played by "humans" who choose what the bots would: still the same game
    setup = bot_setup(cfg, levels, seed)
    humans = type(setup)(setup.game, tuple(type(s)(s.name, s.colour, HUMAN) for s in setup.seats), setup.seed)
    hm = Match(default_catalogue(), humans)
    _answer_humans(hm, {i: make_bot(lv) for i, lv in enumerate(levels)})
    assert fingerprint(hm.game) == fingerprint(simulated)


@pytest.mark.parametrize("levels,books,variant,seed,house", [
    (("normal", "hard"), 1, "standard", 5, {}),
    (("random", "normal", "easy", "random"), 2, "test-tubes", 6, {}),
    (("normal", "random", "easy"), 3, "standard", 7, {"sequential-brewing": True}),
    (("random", "random", "random", "normal"), 4, "test-tubes", 8, {"starting-rubies": 0}),
])
def test_one_step_at_a_time_plays_the_same_game_as_simulate(levels, books, variant, seed, house) -> None:
    """``Match.advance`` step by step (the table's order) and ``run_until_human`` (simulate's loop, which takes a
    stir tick of bots in one go) give the same game, record and decisions."""
    cfg = GameConfig(seats=tuple(f"{lv}-{i}" for i, lv in enumerate(levels)), books={c: books for c in SET_COLOURS},
                     variant=variant, house=house)
    fast = play_match(cfg, levels, seed, events=True)
    slow = Match(default_catalogue(), bot_setup(cfg, levels, seed))
    steps = 0
    while slow.advance():
        steps += 1
    assert slow.over and steps > 100
    assert fingerprint(slow.game) == fingerprint(fast.game)
    assert slow.game.record == fast.game.record
    assert slow.acted == fast.acted
    assert {s: d.action for s, d in slow.last_decision.items()} == {s: d.action for s, d in fast.last_decision.items()}


@pytest.mark.parametrize("levels,books,variant,seed", CONFIGS[:2])
def test_a_save_at_any_point_resumes_into_the_same_game(levels, books, variant, seed) -> None:
    cfg = _config(levels, books, variant)
    whole = play_match(cfg, levels, seed, events=True)
    final = fingerprint(whole.game)
    cut = random.Random(seed).sample(range(1, len(whole.game.record)), 3)
    for k in cut:
        part = Match(default_catalogue(), bot_setup(cfg, levels, seed), [tuple(e) for e in whole.game.record[:k]])
        data = part.to_data()
        resumed = Match.from_data(default_catalogue(), data)
        resumed.run_until_human()
        assert fingerprint(resumed.game) == final, f"resumed after {k} record entries"
    again = replay(default_catalogue(), cfg, whole.game.record)
    assert fingerprint(again) == final


def test_streams_belong_to_positions_and_take_one_number_per_outcome() -> None:
    a, b = Streams(42), Streams(42)
    assert [a.stream("draw", 1).random() for _ in range(3)] == [b.stream("draw", 1).random() for _ in range(3)]
    assert a.stream("draw", 0).random() != a.stream("draw", 2).random()
    c = Streams(42)
    c.resume([("chance", "draw", 1, "white-1"), ("chance", "reveal", 1, "white-1 orange-1"),
              ("act", 1, "draw"), ("chance", "draw", 1, "white-2")])
    d = Streams(42)
    d.stream("draw", 1).random(), d.stream("draw", 1).random()
    assert c.stream("draw", 1).random() == d.stream("draw", 1).random()
    assert c.stream("reveal", 1).random() == [d.stream("reveal", 1).random() for _ in range(3)][2]
    assert mix(1, 2, 3) == mix(1, 2, 3) != mix(1, 2, 4)


def test_a_seat_name_with_a_control_character_is_refused() -> None:
    from quacks.session.setup import MatchSetup

    cfg = _config(("normal", "easy"), {c: 1 for c in SET_COLOURS}, "standard")
    data = bot_setup(cfg, ("normal", "easy"), 3).to_data()
    data["seats"][1]["name"] = "Bo\x00b"
    with pytest.raises(ValueError, match="seat 2"):
        MatchSetup.from_data(data)


def test_a_bots_generator_reused_and_seeded_again_gives_what_a_new_one_would() -> None:
    """LazyRandom is seeded again in place for each decision: the numbers must be exactly those of
    ``random.Random(mix(seed, bot, position + 1, acted))``, whatever it was used for before."""
    streams = Streams(7)
    reused = streams.bot_rng(2, 0)
    for acted in range(60):
        reused.reset(acted)
        fresh = random.Random(mix(7, 5, 3, acted))
        n = 1 + acted % 13
        if acted % 3 == 0:
            assert [reused.randrange(n) for _ in range(5)] == [fresh.randrange(n) for _ in range(5)]
        elif acted % 3 == 1:
            assert reused.random() == fresh.random() and reused.randrange(2, 9) == fresh.randrange(2, 9)
        else:
            assert reused.choice("abcdef") == fresh.choice("abcdef")
        assert streams.bot_rng(2, acted).randrange(n) == random.Random(mix(7, 5, 3, acted)).randrange(n)


def test_every_method_of_a_bots_generator_gives_what_random_random_gives() -> None:
    """LazyRandom hands every call to a ``random.Random`` seeded as one made anew would be."""
    for last in range(40):
        lazy = LazyRandom(mix(3, 5, 1), last)
        plain = random.Random(mix(3, 5, 1, last))
        lazy_deck, plain_deck = list(range(12)), list(range(12))  # not attributes: compiled, it has no __dict__
        lazy.shuffle(lazy_deck)
        plain.shuffle(plain_deck)
        assert lazy_deck == plain_deck
        assert [lazy.randrange(2, 30, 3), lazy.randint(1, 6), lazy.sample(range(40), 4), lazy.uniform(1, 2),
                lazy.gauss(0, 1), lazy.getrandbits(90), lazy.choices("abc", k=3)] == \
            [plain.randrange(2, 30, 3), plain.randint(1, 6), plain.sample(range(40), 4), plain.uniform(1, 2),
             plain.gauss(0, 1), plain.getrandbits(90), plain.choices("abc", k=3)]
        lazy.reset(last + 1)  # a cached gauss value goes with the reset
        assert lazy.gauss(0, 1) == random.Random(mix(3, 5, 1, last + 1)).gauss(0, 1)
        copied = copy.deepcopy(lazy)
        assert type(copied) is random.Random and copied.random() == lazy.random()
    seeded = LazyRandom(1, 2)
    seeded.seed(99)  # seeded by hand: the seed given counts, not the lazy one
    assert seeded.random() == random.Random(99).random()


def test_the_numbers_of_a_fixed_seed_never_change() -> None:
    """Saves, replays and every simulate figure rest on these numbers: a change of Python or of the seeding that
    moves them must fail here, loudly (the values are those of the code before issue 20 as well)."""
    streams = Streams(2024)
    bot = streams.bot_rng(1, 3)
    assert [bot.randrange(10) for _ in range(6)] == [5, 0, 0, 9, 7, 1]
    assert [bot.randrange(1000) for _ in range(3)] == [611, 52, 436]
    assert bot.choice("abcdefgh") == "c" and bot.random() == 0.3951126360013689
    deck = list(range(8))
    streams.bot_rng(1, 3).shuffle(deck)
    assert deck == [1, 2, 7, 3, 4, 6, 0, 5]
    draw = streams.stream("draw", 0)
    assert [draw.random(), draw.random()] == [0.4135527321251117, 0.48501652121658434]
    assert mix(2024, 5, 2, 3) == 5917574669483556037


def _private_random_uses(tree: ast.AST) -> list[str]:
    """``_random`` imported, or a private name of ``random`` or of ``random.Random`` read (``_randbelow``, ...)."""
    private = {n for n in (*dir(random), *dir(random.Random)) if n.startswith("_") and not n.startswith("__")}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if a.name == "_random"]
        elif isinstance(node, ast.ImportFrom):
            if node.module == "_random" or (node.module == "random" and any(a.name in private for a in node.names)):
                found.append(f"from {node.module} import ...")
        elif isinstance(node, ast.Attribute) and node.attr in private:
            found.append(f".{node.attr}")
    return found


def test_no_cpython_internals_of_random_anywhere() -> None:
    """Issue 20: the bots' randomness through ``random``'s public API only."""
    root = Path(__file__).resolve().parents[2] / "quacks"
    found = {str(p.relative_to(root)): uses for p in sorted(root.rglob("*.py"))
             if (uses := _private_random_uses(ast.parse(p.read_text(encoding="utf-8"))))}
    assert found == {}
    # and the check finds what it is meant to find
    caught = _private_random_uses(ast.parse("import _random\nr._randbelow(3)\nfrom random import _inst\n"))
    assert sorted(caught) == ["._randbelow", "from random import ...", "import _random"]
