"""What stopping now would bring (rules/foresight.py, the table's "Stop now"): each kind of knowable effect,
what is not known yet, and, over seeded games, that every certain gain foreseen is what the evaluation then
gives (rulebook "Evaluation", R25)."""

from __future__ import annotations

import random

import pytest

from quacks.ai.levels import make_bot
from quacks.content.loader import default_catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.events import Event
from quacks.rules.foresight import Later, StopForesight, stop_foresight, stop_space
from quacks.rules.game import Game
from quacks.rules.kinds import CauseKind, DecisionKind, EventKind, Phase
from quacks.session.seeding import Streams
from quacks.wording import status

from .gamekit import make_game, steps


def foresee(g: Game, name: str) -> StopForesight:
    f = stop_foresight(g, [s.name for s in g.seats].index(name))
    assert f is not None
    return f


def gains(f: StopForesight) -> list[tuple[str, str, int]]:
    return [(str(e.kind), str(e.cause.kind), int(e.get("amount", 0))) for e in f.gains]


def test_a_green_chip_last_or_next_to_last_is_a_ruby_when_stopping_set_1() -> None:
    g = make_game(A={"bag": {"green-1": 2, "orange-1": 3}})
    steps(g, "A draw green-1")
    assert gains(foresee(g, "A")) == [("rubies", CauseKind.LAST_TWO, 1)]
    steps(g, "A draw green-1")
    assert gains(foresee(g, "A")) == [("rubies", CauseKind.LAST_TWO, 2)]
    assert "+2 rubies (2 green chips last or next to last)" in status.stop_now_line(g, 0)
    steps(g, "A draw orange-1", "A draw orange-1")
    assert gains(foresee(g, "A")) == [], "both green chips are further back now"


def test_a_card_whose_condition_the_pot_meets_lucky_devil_and_seasoned_perfectly_r30() -> None:
    g = make_game(fortunes=True, A={"bag": {"orange-1": 5}})
    steps(g, "fortune lucky-devil", "A draw orange-1", "A draw orange-1", "A draw orange-1")
    assert gains(foresee(g, "A")) == [], "scoring space 4: no ruby"
    steps(g, "A draw orange-1")  # the last chip on 4: scoring space 5 shows a ruby
    f = foresee(g, "A")
    assert f.space == 5 and gains(f) == [("vp", CauseKind.CARD_RUBY_SPACE, 2)]
    line = status.stop_now_line(g, 0)
    assert line.startswith("Stop now: 5 coins, 0 VP, a ruby; +2 VP (Lucky devil: scoring space with a ruby)"), line
    g = make_game(fortunes=True, A={"bag": {"white-3": 1, "white-2": 2, "orange-1": 1}})
    steps(g, "fortune seasoned-perfectly", "A draw white-3", "A draw white-2")
    assert gains(foresee(g, "A")) == []
    steps(g, "A draw white-2")  # whites exactly 7
    assert [(e.kind, e.cause.kind) for e in foresee(g, "A").gains] == [(EventKind.DROPLET, CauseKind.CARD_EXACT_WHITE)]


def test_whites_exactly_seven_push_the_scoring_space_green_set_3() -> None:
    g = make_game(books=3, A={"bag": {"white-3": 1, "white-2": 2, "green-2": 1, "green-4": 1, "orange-1": 1}})
    steps(g, "A draw green-4", "A draw white-3", "A draw white-2", "A draw green-2", "A draw white-2")
    f = foresee(g, "A")  # 4, 7, 9, 11, 13: whites 7 -> the last chip moves 6 to 19: scoring space 20
    assert stop_space(g, 0) == 14 and f.space == 20
    assert [(e.kind, e.get("space_after")) for e in f.gains] == [(EventKind.PUSH, 20)]
    assert status.stop_now_line(g, 0).startswith("Stop now: 17 coins, 4 VP, a ruby; whites total exactly 7")


def test_what_the_evaluation_will_ask_is_an_offer_purple_set_1_and_green_sets_2_and_4() -> None:
    g = make_game(round=3, A={"bag": {"purple-1": 4}})
    steps(g, "A draw purple-1", "A draw purple-1")
    f = foresee(g, "A")
    assert [(d.kind, d.data) for d in f.offers] == [(DecisionKind.PURPLE_TIER, (2,))] and not f.gains
    assert "ghost's breath: up to 1 VP, 1 ruby" in status.stop_now_line(g, 0)
    g = make_game(round=3, books=2, A={"bag": {"green-2": 1, "green-4": 1, "orange-1": 1}})
    steps(g, "A draw green-2", "A draw green-4")
    assert [d.kind for d in foresee(g, "A").offers] == [DecisionKind.GREEN_CHIP] * 2
    g = make_game(books=4, A={"bag": {"green-1": 2, "orange-1": 1}, "rubies": 3})
    steps(g, "A draw green-1", "A draw green-1")
    assert [(d.kind, d.data) for d in foresee(g, "A").offers] == [(DecisionKind.GREEN_RUBY, (2, 1))]
    assert "you may pay rubies for up to 2 droplet steps" in status.stop_now_line(g, 0)
    g.seats[0].rubies = 0  # nothing to pay with: nothing said
    assert "droplet" not in status.stop_now_line(g, 0)


def test_the_bonus_die_and_the_black_book_are_said_only_once_no_other_pot_can_change_r7_r11() -> None:
    g = make_game(A={"bag": {"black-1": 2, "orange-1": 2}}, B={"bag": {"black-1": 1, "orange-1": 3}})
    steps(g, "A draw black-1", "A draw black-1")
    f = foresee(g, "A")
    assert f.die_rolls == 0 and f.gains == (), "B still brews: who rolls, and who has more black, is open"
    steps(g, "B draw black-1", "B stop")  # B: scoring space 2; A: 3
    f = foresee(g, "A")
    assert f.die_rolls == 1
    assert sorted((str(e.kind), str(e.cause.kind)) for e in f.gains) == [
        ("droplet", CauseKind.MORE_THAN_OPPONENT), ("rubies", CauseKind.MORE_THAN_OPPONENT)]
    assert "you roll the bonus die" in status.stop_now_line(g, 0)


def test_what_may_still_change_the_pot_is_said_and_then_no_die_r20() -> None:
    g = make_game(fortunes=True, A={"bag": {"orange-1": 3}})
    steps(g, "fortune strong-ingredient", "A draw orange-1")
    f = foresee(g, "A")
    assert f.later == (Later.LOOK,) and f.die_rolls == 0
    assert status.stop_now_line(g, 0).endswith(
        "; then look at up to 5 chips and perhaps place one (A strong ingredient)")


def test_the_foresight_changes_nothing() -> None:
    g = make_game(A={"bag": {"green-1": 2, "orange-1": 1}})
    steps(g, "A draw green-1", "A draw green-1")
    before = (g.version, len(g.events), g.seats[0].rubies, [p.index for p in g.seats[0].pot], g.seats[0].brewing)
    foresee(g, "A")
    assert (g.version, len(g.events), g.seats[0].rubies, [p.index for p in g.seats[0].pot],
            g.seats[0].brewing) == before
    steps(g, "A stop")
    assert stop_foresight(g, 0) is None, "a seat that no longer brews has nothing to foresee"


def _key(e: Event) -> tuple[object, ...]:
    return (str(e.kind), e.cause, e.get("amount"), e.get("chip"), e.get("space_after"),
            None if e.kind != EventKind.DROPLET else int(e.get("after", 0)) - int(e.get("before", 0)))


@pytest.mark.parametrize("books,seats,variant,seed", [(1, 2, "standard", 11), (2, 3, "test-tubes", 12),
                                                      (3, 3, "standard", 13), (4, 4, "standard", 14),
                                                      (3, 2, "test-tubes", 15)])
def test_every_gain_foreseen_is_what_the_evaluation_gives(books: int, seats: int, variant: str, seed: int) -> None:
    """Seeded games: just before a seat stops by choice, what stopping is foreseen to bring for certain; after
    the evaluation, the seat got each of those gains (same kind, cause and amount), scored the space foreseen
    and rolled the die as often as foreseen."""
    cfg = GameConfig(seats=("A", "B", "C", "D")[:seats], books={c: books for c in SET_COLOURS}, variant=variant)
    g = Game(default_catalogue(), cfg)
    streams, rng = Streams(seed), random.Random(seed)
    bots = [make_bot(lv) for lv in ("normal", "random", "hard", "random")[:seats]]
    foreseen: dict[int, StopForesight] = {}
    checked = 0
    rnd = g.round
    while not g.is_over:
        if g.pending_chance() is not None:
            g.apply_chance(streams.sample(g))
            continue
        seat_ = g.acting_seats()[0]
        d = bots[seat_].decide(g, seat_, list(g.legal_actions(seat_)), rng)
        if d.action.verb == "stop":
            f = stop_foresight(g, seat_)
            assert f is not None
            if not f.later:
                foreseen[seat_] = f
        g.apply(seat_, d.action)
        if g.phase in (Phase.SHOPPING, Phase.RUBIES, Phase.OVER) and foreseen:
            evaluation = [e for e in g.events if e.round == rnd]
            for s, f in foreseen.items():
                got = [_key(e) for e in evaluation if e.seat == s]
                for e in f.gains:
                    assert _key(e) in got, (s, e, got)
                assert g.seats[s].final_space == f.space
                rolled = sum(1 for e in evaluation if e.seat == s and e.kind == EventKind.DIE
                             and e.cause.kind == CauseKind.BONUS_DIE)
                assert f.die_rolls in (0, rolled), (s, f.die_rolls, rolled)
                checked += 1 + len(f.gains)
            foreseen = {}
        if g.round != rnd:
            rnd, foreseen = g.round, {}
    assert checked >= 10, "stops were foreseen and checked"
