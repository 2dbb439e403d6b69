"""The evaluation as beats (session/beats.py): seeded rounds give beats in the banner's order (R25 step 3: A the
bonus die, B the chip actions black, green, purple then the cards, C rubies and the exploded seats' choice,
D victory points), each beat named, the round's results before the shop; the rat stones after the card (R39)."""

from __future__ import annotations

import random

import pytest

from quacks.content.loader import default_catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.events import Cause, Event
from quacks.rules.kinds import CauseKind, EventKind, Phase
from quacks.session.beats import ROLE, Beat, BeatKind, Results, beats, held, plan, role, shown_state
from quacks.session.match import Match, MatchSetup, SeatSpec
from quacks.wording import beats as words

BANNER = "ABCD"
B_ORDER = {"black": 0, "green": 1, "purple": 2}


def played(seed: int) -> Match:
    rng = random.Random(seed)
    n = rng.choice((2, 3, 4))
    names = tuple(f"P{i}" for i in range(n))
    cfg = GameConfig(seats=names, books={c: rng.randint(1, 4) for c in SET_COLOURS},
                     variant=rng.choice(("standard", "test-tubes")))
    m = Match(default_catalogue(), MatchSetup(cfg, tuple(SeatSpec(x, "amber", "easy") for x in names), seed))
    m.run_until_human()
    assert m.over
    return m


def by_round(items: list[object]) -> dict[int, list[object]]:
    out: dict[int, list[object]] = {}
    rnd = 0
    for x in items:
        if isinstance(x, Event) and x.kind == EventKind.ROUND:
            rnd = x.round
        out.setdefault(rnd, []).append(x)
    return out


def test_every_cause_has_a_role() -> None:
    assert set(ROLE) == set(CauseKind)


def test_an_unknown_cause_is_a_loud_error() -> None:
    e = Event(EventKind.VP, 0, Cause("no-such-cause"), {"amount": 1})  # type: ignore[arg-type]
    with pytest.raises(LookupError, match="no-such-cause"):
        role(e)


@pytest.mark.parametrize("seed", range(12))
def test_seeded_rounds_give_named_beats_in_the_banners_order_and_the_results_before_the_shop(seed: int) -> None:
    m = played(seed)
    g = m.game
    rounds = by_round(plan(g.events, Phase.FORTUNE).items)
    assert sorted(rounds) == list(range(1, 10))
    for rnd, items in rounds.items():
        kinds = [x for x in items if isinstance(x, (Beat, Results))]
        # the round's start: the card, what it did, then the rats; then A-D; then the results, once
        results = [i for i, x in enumerate(kinds) if isinstance(x, Results)]
        assert len(results) == 1 and isinstance(kinds[results[0]], Results) and kinds[results[0]].round == rnd
        start, evaluation = kinds[:results[0]], kinds[results[0] + 1:]
        assert evaluation == []  # nothing after the results is a beat (the shop and the rubies are not)
        beats_ = [b for b in start if isinstance(b, Beat)]
        fortune = [b.kind for b in beats_ if b.phase is Phase.FORTUNE]
        if fortune:
            assert fortune[0] is BeatKind.FORTUNE and fortune.count(BeatKind.FORTUNE) == 1
            assert BeatKind.RATS not in fortune or fortune.index(BeatKind.RATS) == len(fortune) - 1
        ev = [b for b in beats_ if b.phase is Phase.EVALUATION]
        assert [b.phase for b in beats_] == sorted((b.phase for b in beats_), key=lambda p: p is Phase.EVALUATION)
        steps = [b.step for b in ev]
        assert steps == sorted(steps, key=BANNER.index) and all(steps)
        assert ev and ev[-1].kind is BeatKind.VICTORY_POINTS  # every round ends its evaluation with D
        chip = [B_ORDER[b.source] for b in ev if b.kind is BeatKind.CHIP_ACTION]
        assert chip == sorted(chip)  # black, then green, then purple
        b_step = [b.kind for b in ev if b.step == "B"]
        assert b_step == sorted(b_step, key=lambda k: k is BeatKind.CARD)  # the cards after the books
        for b in beats_:
            assert words.title(g, b)  # every beat is named
            assert b.events and all(e.round == rnd for e in b.events)
            assert words.summary(g, b)
            if b.seat is not None:
                assert all(e.seat == b.seat for e in b.events)
        assert rnd < 2 or not any(b.kind is BeatKind.RATS for b in ev)  # the rats come at the round's start


def test_the_die_rolls_for_its_winners_and_each_gets_a_beat() -> None:
    for seed in range(12):
        g = played(seed).game
        for rnd in range(1, 10):
            ev = [b for b in beats([e for e in g.events if e.round == rnd], Phase.FORTUNE)
                  if b.kind is BeatKind.DIE]
            rolls = [e for e in g.events if e.round == rnd and e.kind == EventKind.DIE
                     and e.cause.kind == CauseKind.BONUS_DIE]
            assert [b.seat for b in ev] == [e.seat for e in rolls]
            assert all(b.events[0].kind == EventKind.DIE for b in ev)


def test_a_chip_action_names_its_gain_and_cause() -> None:
    e = Event(EventKind.RUBIES, 1, Cause(CauseKind.LAST_TWO, (2, "green")), {"amount": 1, "after": 3}, 4)
    [b] = beats([Event(EventKind.PHASE, None, Cause(CauseKind.PHASE_BEGINS, ("evaluation",)),
                       {"phase": "evaluation"}, 4), e], Phase.BREWING)
    assert (b.kind, b.seat, b.source, b.step) == (BeatKind.CHIP_ACTION, 1, "green", "B")
    g = played(0).game
    assert words.title(g, b) == "B · Chip actions: Green"
    assert words.lines(g, b) == [(1, "+1 ruby: 2 green chips last or next to last")]


def test_events_outside_the_evaluation_and_a_rounds_start_make_no_beats() -> None:
    g = played(3).game
    shop = [e for e in g.events if e.kind in (EventKind.BUY, EventKind.PLACE, EventKind.DRAW)]
    assert beats(shop, Phase.BREWING) == []


def test_held_back_and_shown_state() -> None:
    g = played(5).game
    vp = Event(EventKind.VP, 0, Cause(CauseKind.SCORING_SPACE_VP, (20,)), {"amount": 3, "before": 1, "after": 4}, 9)
    ruby = Event(EventKind.RUBIES, 1, Cause(CauseKind.RUBY_SPACE), {"amount": 1, "after": 2}, 9)
    pending = [Beat(BeatKind.VICTORY_POINTS, None, 9, events=(vp,)), Beat(BeatKind.RUBIES, None, 9, events=(ruby,))]
    h = held(pending, g.n)
    assert (h[0].vp, h[1].rubies) == (3, 1) and not any(h[2:])
    shown = shown_state(g, h, Phase.EVALUATION)
    assert shown is not g and shown.seats[0].score == g.seats[0].score - 3
    assert shown.seats[1].rubies == g.seats[1].rubies - 1 and shown.phase is Phase.EVALUATION
    assert shown_state(g, held([], g.n)) is g  # nothing held: the game itself
