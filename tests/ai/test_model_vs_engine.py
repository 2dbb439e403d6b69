"""The Hard bot's brew model against the engine, draw by draw.

Seeded games over every set (1-4, so every book of every colour), the test-tube side and a mix of sets,
with a different fortune card each round (all 24 come up); every seat starts with a few more coloured chips so
that every book acts from the first round. At many brewing moments, for every chip kind in
the bag, the model's ``step`` is compared with what the engine does when that chip is drawn (on a copy):
the position reached, the white total, whether the pot explodes (and whether blue set 2 covers it), the bag,
the chips beside the pot, the yellow doubling and blue shield carried on, the counts the books score by, and
what blue sets 3 and 4 pay at once. For some of those draws the copy is then played on to evaluation (the seat
stops; the chips beside the pot are placed; green set 3 pushes) and the model's final scoring space, with its
coins and VP, is compared with the engine's.

Where the model knowingly does not follow the engine, the test follows the model's documented choice:

- blue set 1: the chip looked at and picked next is an estimate (``BrewModel(estimates=False)`` leaves it
  out; the blue chip's own placement is compared);
- yellow set 1 and well-stirred: the model assumes the Hard bot's choice (the white before a yellow always
  goes back; well-stirred is not looked ahead to, so its offer is declined here);
- second-chance and strong-ingredient are not looked ahead to: the test continues the brew and picks none;
- an exploded pot: the model does not carry the blue shield and doubling on (the brew is over);
- red set 2: the model places every chip beside the pot after stopping (its final position); the test places
  them all.

The test found one model bug: the white chip that yellow set 1 puts back was missing from the model's bag.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from quacks.ai.model import BrewModel, Explosion, State
from quacks.ai.normal import NormalBot
from quacks.ai.values import Values
from quacks.content.loader import default_catalogue
from quacks.rules.actions import DRAW, STOP, Action
from quacks.rules.chips import CHIP_BY_NAME, CHIPS, SET_COLOURS
from quacks.rules.config import GameConfig, SeatSetup
from quacks.rules.game import Game
from quacks.rules.kinds import BookKind, CardKind, ChanceKind, DecisionKind, Phase

CARDS = list(default_catalogue().cards)

GAMES = [  # (sets by colour, pot side, seats)
    ({c: 1 for c in SET_COLOURS}, "standard", 2),
    ({c: 2 for c in SET_COLOURS}, "standard", 3),
    ({c: 3 for c in SET_COLOURS}, "standard", 2),
    ({c: 4 for c in SET_COLOURS}, "standard", 4),
    ({c: 2 for c in SET_COLOURS}, "test-tubes", 2),
    ({c: 1 for c in SET_COLOURS}, "test-tubes", 3),
    ({c: 3 for c in SET_COLOURS}, "test-tubes", 2),
    ({c: 4 for c in SET_COLOURS}, "test-tubes", 3),
    (dict(zip(SET_COLOURS, (3, 1, 2, 4, 1), strict=True)), "standard", 2),
    (dict(zip(SET_COLOURS, (4, 2, 1, 3, 2), strict=True)), "standard", 3),
]

EXTRA_CHIPS = ("blue-1", "blue-2", "red-1", "yellow-1", "yellow-2", "purple-1", "black-1", "green-2")

# fields compared as they are; ``imm`` is compared with the rubies and VP the engine paid
FIELDS = [f for f in State._fields if f != "imm"]
AFTER_EXPLOSION = {"double", "shield", "lw"}  # not carried on once the brew is over (see the docstring)


def engine_state(c: Game, seat: int) -> State:
    return BrewModel(c, seat, Values(c, seat), estimates=False).state_from_game()


def settle(c: Game, seat: int) -> None:
    """Answer what the engine asks right after the draw the way the model assumes."""
    s = c.seats[seat]
    while s.pending and s.pending[0].kind is DecisionKind.RETURN_WHITE:
        d = s.pending[0]
        choice = "return-white" if d.data and d.data[0] == "yellow" else "keep-white"
        c.apply(seat, Action("choose", (choice,)))


def compare_draw(g: Game, seat: int, i: int, m: BrewModel, st: State) -> tuple[Game, State]:
    """Draw chip ``i`` in a copy of ``g``; the model's state after it must match the copy's."""
    nxt = m.step(st, i)
    c = g.clone(record=False)
    s = c.seats[seat]
    rubies, score = s.rubies, s.score
    c.apply(seat, DRAW)
    c.apply_chance(CHIPS[i])
    settle(c, seat)
    where = f"round {g.round}, {g.seats[seat].name} draws {CHIPS[i]} (books {dict(g.config.books)})"
    exploded = type(nxt) is Explosion
    assert s.exploded == exploded, where
    if isinstance(nxt, Explosion):
        assert s.protected == nxt.protected, where
        model = nxt.state
    else:
        model = nxt
    eng = engine_state(c, seat)
    for f in FIELDS:
        if exploded and f in AFTER_EXPLOSION:
            continue
        assert getattr(model, f) == getattr(eng, f), f"{where}: {f} model {getattr(model, f)} engine {getattr(eng, f)}"
    if c.phase is Phase.BREWING:  # (a draw that ends the last brew goes straight on to evaluation's gains)
        paid = (s.rubies - rubies) * m.v.ruby + (s.score - score)
        assert model.imm == pytest.approx(paid), f"{where}: gains at once model {model.imm} engine {paid}"
    return c, model


def play_to_scoring(c: Game, seat: int, rng: random.Random) -> int:
    """The seat stops (chips beside the pot placed), the others stop, and the round is evaluated up to step D;
    the seat's final scoring space."""
    rnd = c.round
    while c.round == rnd and c.phase not in (Phase.SHOPPING, Phase.RUBIES, Phase.OVER):
        if c.pending_chance() is not None:
            c.apply_chance(c.sample_chance(rng))
            continue
        who = c.acting_seats()[0]
        acts = c.legal_actions(who)
        kind = c.decision_kind(who)
        if kind is DecisionKind.BREW:
            a = STOP if STOP in acts else acts[0]
        elif kind is DecisionKind.ASIDE and who == seat:
            a = next((x for x in acts if x.verb == "place"), acts[-1])
        elif kind is DecisionKind.RETURN_WHITE and who == seat:
            a = Action("choose", ("keep-white",))
        elif kind is DecisionKind.PICK and who == seat:  # blue set 1, strong-ingredient: not modelled here
            a = Action("pick", ("none",))
        elif kind is DecisionKind.SECOND_CHANCE and who == seat:  # not looked ahead to by the model
            a = Action("choose", ("continue",))
        else:
            a = acts[0]
        c.apply(who, a)
    s = c.seats[seat]
    return s.final_space if c.round == rnd and s.final_space is not None else s.last_space


def compare_scoring(c: Game, seat: int, model: State, m: BrewModel, rng: random.Random) -> None:
    where = (f"round {c.round}, {c.seats[seat].name}: final scoring space (books {dict(c.config.books)}, "
             f"card {c.fortune.id if c.fortune else None}, state {model})")
    final = play_to_scoring(c, seat, rng)
    space = min(m.final_pos(model) + 1, 53)
    assert final == space, f"{where} model {space} engine {final}"
    sp = c.cat.pot.space(space)
    assert (m.vp[space], m.coins[space], m.ruby[space]) == (sp.vp, sp.coins, sp.ruby), where


def play_and_compare(books: dict, variant: str, n: int, seed: int, seen: Counter[str]) -> int:
    """One seeded game of Normal bots; returns the number of draws compared (``seen`` counts what they showed)."""
    rng = random.Random(seed)
    cat = default_catalogue()
    start = cat.start_bag.copy()
    for name in EXTRA_CHIPS:  # every book acts from the first round on
        start.add(CHIP_BY_NAME[name])
    cfg = GameConfig(seats=tuple("ABCD"[:n]), books=books, variant=variant, fortunes=True,
                     setup={i: SeatSetup(bag=start) for i in range(n)})
    g = Game(cat, cfg, events=False, record=False)
    bot = NormalBot()
    compared = 0
    moment = 0
    while not g.is_over:
        ch = g.pending_chance()
        if ch is not None:
            if ch.kind is ChanceKind.FORTUNE:  # a different card each round, all 24 over the games
                left = [x for x in CARDS if x not in g.used_cards]
                g.apply_chance(left[(seed * 7 + g.round * 5) % len(left)])
            else:
                g.apply_chance(g.sample_chance(rng))
            continue
        seat = g.acting_seats()[0]
        acts = g.legal_actions(seat)
        if DRAW in acts and g.decision_kind(seat) is DecisionKind.BREW:
            moment += 1
            if moment % 2 == 0:
                m = BrewModel(g, seat, Values(g, seat), estimates=False)
                st = m.state_from_game()
                assert st == engine_state(g, seat)
                bag = g.seats[seat].bag.raw()
                kinds = [i for i in range(len(CHIPS)) if bag[i]]
                scored = rng.choice(kinds) if moment % 6 == 0 else -1
                for i in kinds:
                    c, after = compare_draw(g, seat, i, m, st)
                    compared += 1
                    note(seen, g, c, seat, i, after)
                    if i == scored:
                        compare_scoring(c, seat, after, m, rng)
        d = bot.decide(g, seat, list(acts), rng)
        g.apply(seat, d.action)
    return compared


def note(seen: Counter[str], g: Game, c: Game, seat: int, i: int, after: State) -> None:
    """What a compared draw exercised: the book of the chip, the card, and the rarer situations."""
    eff = g.effect_of(CHIPS[i].colour)
    seen[f"book {eff.kind if eff is not None else 'white'}"] += 1
    if g.fortune is not None:
        seen[f"card {g.fortune.effect.kind}"] += 1
    s = c.seats[seat]
    seen["protected explosion"] += s.exploded and s.protected
    seen["white put back by yellow"] += CHIPS[i].colour.value == "yellow" and after.nchips == len(g.seats[seat].pot)
    seen["doubled move"] += g.seats[seat].double_next > 1
    seen["gain at once"] += after.imm > 0


def test_the_model_predicts_the_engine_draw_by_draw() -> None:
    seen: Counter[str] = Counter()
    for k, (books, variant, n) in enumerate(GAMES):
        assert play_and_compare(books, variant, n, k + 1, seen) > 500, (books, variant, n)
    missing = [f"book {k}" for k in BookKind if not seen[f"book {k}"]]
    missing += [f"card {k}" for k in CardKind if not seen[f"card {k}"]]
    missing += [x for x in ("protected explosion", "white put back by yellow", "doubled move", "gain at once")
                if not seen[x]]
    assert not missing, f"the compared draws never showed {missing}"

