"""The driver plays the evaluation beat by beat (session/driver.py), without a window: each beat holds for the
pace's time, "next" and "skip to the end" move on, bots' beats and the humans' run at one pace, a human decision
of the evaluation comes in its place, and the round's results come before the shop's first decision."""

from __future__ import annotations

import pytest

from quacks.content.loader import default_catalogue
from quacks.rules.bag import ChipCounts
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig, SeatSetup
from quacks.rules.kinds import DecisionKind, EventKind, Phase
from quacks.session.beats import Beat, BeatKind
from quacks.session.driver import BEAT_PACE, MatchDriver
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec

from .test_undo import until_decision


def make(kinds: tuple[str, ...] = ("normal", "normal", "normal"), seed: int = 5, **cfg: object) -> Match:
    names = ("Ann", "Bo", "Cy", "Di")[: len(kinds)]
    config = GameConfig(seats=names, books={c: 2 for c in SET_COLOURS}, **cfg)  # type: ignore[arg-type]
    return Match(default_catalogue(), MatchSetup(config, tuple(SeatSpec(n, c, k) for n, c, k in zip(
        names, ("amber", "teal", "plum", "moss"), kinds)), seed))


def until_beat(d: MatchDriver, dt: float = 0.05, limit: int = 20000) -> Beat:
    for _ in range(limit):
        d.update(dt)
        d.take_events()
        if d.beat is not None:
            return d.beat
        if d.round_done is not None:
            d.ack_round()
    raise AssertionError("no beat came")


def until_results(d: MatchDriver, dt: float = 0.05, limit: int = 20000) -> list[Beat]:
    seen: list[Beat] = []
    for _ in range(limit):
        d.update(dt)
        seen += [b for b, _evs in d.take_shown() if b is not None]
        if d.round_done is not None:
            return seen
    raise AssertionError("no results came")


def test_a_beat_holds_for_the_paces_time_and_the_game_waits() -> None:
    d = MatchDriver(make(), pace="normal", threaded=False)
    beat = until_beat(d)
    version = d.game.version
    serial = d.beat_serial
    held_for = 0.0
    while d.beat is beat and d.beat_serial == serial:
        d.update(0.1)
        held_for += 0.1
        assert d.game.version == version  # nothing moves on while a beat is shown
    assert BEAT_PACE["normal"] - 0.11 <= held_for <= BEAT_PACE["normal"] + 0.11


@pytest.mark.parametrize("pace", ["slow", "fast"])
def test_bots_beats_run_at_the_pace_set(pace: str) -> None:
    d = MatchDriver(make(), pace=pace, threaded=False)
    for _ in range(5):
        serial = d.beat_serial
        while d.beat_serial == serial or d.beat is None:  # the next beat (the brewing between at the bots' pace)
            d.update(0.05)
            d.take_events()
            if d.round_done is not None:
                d.ack_round()
        beat, held_for = d.beat, 0.0
        while d.beat is beat:
            d.update(0.05)
            held_for += 0.05
        assert BEAT_PACE[pace] - 0.06 <= held_for <= BEAT_PACE[pace] + 0.06


def test_next_moves_on_one_beat() -> None:
    d = MatchDriver(make(), pace="slow", threaded=False)
    first = until_beat(d)
    serial = d.beat_serial
    d.next_beat()
    d.update(0.0)
    shown = [b for b, _evs in d.take_shown() if b is not None]
    assert d.beat_serial == serial + 1 and d.beat is not first and d.beat is not None
    assert shown == [d.beat]


def test_skip_to_the_end_shows_the_rest_at_once_and_then_the_results() -> None:
    d = MatchDriver(make(), pace="slow", threaded=False)
    for _ in range(200):  # into an evaluation
        until_beat(d)
        if d.beat is not None and d.beat.phase is Phase.EVALUATION:
            break
        d.next_beat()
    assert d.beat is not None and d.beat.phase is Phase.EVALUATION
    d.skip_to_end()
    d.update(0.0)
    rest = [b for b, _evs in d.take_shown() if b is not None]
    assert d.round_done == d.game.round and d.beat is None
    assert rest and rest[-1].kind is BeatKind.VICTORY_POINTS  # every beat was handed over, D last
    assert not d.skip_beats  # the next round's beats play again
    d.ack_round()
    assert until_beat(d).phase is Phase.FORTUNE  # the next round's card, at the pace


def test_the_results_come_before_the_shops_first_decision() -> None:
    m = make((HUMAN, "normal", "normal"), fortunes=False, setup={0: SeatSetup(droplet=20)})
    d = MatchDriver(m, pace="fast", threaded=False)
    handed = []
    for _ in range(5000):
        d.update(0.05)
        handed += d.take_events()
        if d.round_done is not None:
            break
        for seat in d.human_turn():
            d.submit(seat, "stop")
    g = d.game
    assert d.round_done == 1 and g.phase is Phase.SHOPPING
    assert not any(e.kind == EventKind.BUY for e in handed)  # nothing of the shop shown yet
    assert not any(e[0] == "act" and str(e[2]).startswith("buy") for e in g.record)  # nobody shopped, no bot
    assert d.human_turn() == () and not d.busy()
    d.ack_round()
    for _ in range(200):
        d.update(0.05)
        if d.human_turn():
            break
    assert g.decision_kind(0) == DecisionKind.SHOP


def test_instant_pace_passes_the_beats_and_still_shows_the_results() -> None:
    d = MatchDriver(make(), pace="instant", threaded=False)
    beats = until_results(d, dt=0.0)
    assert d.beat is None and beats and d.round_done == 1
    assert [b.step for b in beats if b.step] == sorted(b.step for b in beats if b.step)


def exploded_human() -> Match:
    """A match whose human seat's pot has exploded (only white 3-chips in its bag): it chooses VP or coins."""
    m = make((HUMAN, "easy"), seed=5, fortunes=False, setup={0: SeatSetup(bag=ChipCounts.from_mapping(
        {"white-3": 4}))})
    until_decision(m, DecisionKind.BREW)
    while m.game.decision_kind(0) == DecisionKind.BREW:
        m.submit(0, "draw")
        m.run_until_human()
    return m


def test_a_human_choice_of_the_evaluation_comes_in_its_place() -> None:
    """The exploded pot's choice (C) comes after the beats before it (A, B, the rubies) and before D."""
    m = exploded_human()
    d = MatchDriver(m, pace="fast", threaded=False)
    before: list[Beat] = []
    for _ in range(2000):
        d.update(0.05)
        before += [b for b, _evs in d.take_shown() if b is not None]
        if d.human_turn():
            break
    assert d.game.decision_kind(0) == DecisionKind.EXPLOSION and d.beat is None
    assert all(b.step in ("A", "B", "C") for b in before if b.phase is Phase.EVALUATION)
    d.submit(0, "choose coins")
    after = until_results(d)
    assert [b.kind for b in after][0] is BeatKind.EXPLOSION and after[-1].kind is BeatKind.VICTORY_POINTS


def test_a_game_resumed_in_the_shop_before_anyone_shopped_shows_its_results_again() -> None:
    m = make((HUMAN, "normal"), fortunes=False, setup={0: SeatSetup(droplet=20)})
    until_decision(m, DecisionKind.SHOP)
    assert m.game.round == 1 and not any(e.kind == EventKind.BUY for e in m.game.events)
    resumed = MatchDriver(Match.from_data(default_catalogue(), m.to_data()), pace="normal", threaded=False)
    assert resumed.round_done == 1 and resumed.beat is None and not resumed.can_undo(0)
    m.submit(0, "buy nothing")
    later = MatchDriver(Match.from_data(default_catalogue(), m.to_data()), pace="normal", threaded=False)
    assert later.round_done is None


def test_a_game_resumed_at_a_choice_of_the_evaluation_plays_the_rest_and_the_results() -> None:
    m = exploded_human()
    until_decision(m, DecisionKind.EXPLOSION)
    resumed = MatchDriver(Match.from_data(default_catalogue(), m.to_data()), pace="fast", threaded=False)
    resumed.update(0.0)
    assert resumed.take_events() == [] and resumed.human_turn() == (0,)  # what came before is history
    resumed.submit(0, "choose vp")
    after = until_results(resumed)
    assert after[-1].kind is BeatKind.VICTORY_POINTS and resumed.round_done == 1


def test_undo_forgets_the_beats_of_what_it_took_back() -> None:
    m = exploded_human()
    until_decision(m, DecisionKind.EXPLOSION)
    d = MatchDriver(m, pace="slow", threaded=False)
    d.submit(0, "choose coins")
    assert d.beats_pending() and d.can_undo(0)
    assert d.undo(0)
    assert not d.beats_pending() and d.beat is None
    d.update(0.0)
    assert d.human_turn() == (0,)


def test_the_shown_game_holds_back_what_the_beats_still_to_come_add() -> None:
    d = MatchDriver(make(), pace="slow", threaded=False)
    for _ in range(200):
        until_beat(d)
        if d.beat is not None and d.beat.phase is Phase.EVALUATION and any(h.vp for h in d.held()):
            break  # a beat with D still to come
        d.next_beat()
    g = d.game
    shown = d.shown()
    hold = d.held()
    assert any(h.vp for h in hold)
    assert [s.score for s in shown.seats] == [s.score - h.vp for s, h in zip(g.seats, hold)]
    assert shown.phase is Phase.EVALUATION
    d.skip_to_end()
    d.update(0.0)
    assert d.shown() is g  # all shown: the game itself


def test_the_results_wait_for_the_last_beat_whoever_asks_for_the_events() -> None:
    """The table takes the events every frame: that must not open the results under the last beat (D)."""
    d = MatchDriver(make(), pace="slow", threaded=False)
    for _ in range(20000):
        d.update(0.05)
        d.take_events()
        if d.beat is not None and d.beat.kind is BeatKind.VICTORY_POINTS:
            break
    assert d.beat is not None and d.beat.kind is BeatKind.VICTORY_POINTS
    for _ in range(5):
        d.take_events()
        assert d.round_done is None  # D is still on show
    while d.beat is not None:
        d.update(0.05)
    assert d.round_done == d.game.round
