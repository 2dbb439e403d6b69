"""Undo (table.md): a human's step that reveals nothing random can be taken back until it is confirmed or
something random happens; never across a draw, a reveal or a die roll; in hot-seat only by the seat that
acted, and not once another human has acted."""

from __future__ import annotations

from quacks.content.loader import default_catalogue
from quacks.rules.bag import ChipCounts
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig, SeatSetup
from quacks.rules.kinds import DecisionKind
from quacks.rules.snapshot import fingerprint
from quacks.session.driver import MatchDriver
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec


def match(kinds: tuple[str, ...] = (HUMAN, "normal"), seed: int = 3, **setup: object) -> Match:
    names = ("Ann", "Bob", "Cid")[: len(kinds)]
    cfg = GameConfig(seats=names, books={c: 1 for c in SET_COLOURS}, fortunes=False,
                     setup={0: SeatSetup(**setup)} if setup else {})  # type: ignore[arg-type]
    return Match(default_catalogue(), MatchSetup(cfg, tuple(SeatSpec(n, c, k) for n, c, k in
                                                            zip(names, ("amber", "teal", "plum"), kinds)), seed))


def until_decision(m: Match, kind: DecisionKind, seat: int = 0, limit: int = 3000) -> None:
    """Let bots and chance run; humans stop at once (and buy nothing) until ``seat`` decides ``kind``."""
    for _ in range(limit):
        m.run_until_human()
        if m.over:
            raise AssertionError(f"the game ended before a {kind} decision")
        seats = m.need().seats
        if seat in seats and m.game.decision_kind(seat) == kind:
            return
        s = seats[0]
        acts = m.game.legal_actions(s)
        stop = next((a for a in acts if a.verb in ("stop", "done")), None)
        m.submit(s, stop or next((a for a in acts if str(a) == "buy nothing"), acts[-1]))
    raise AssertionError(f"no {kind} decision")


def test_ruby_spending_is_taken_back_until_done() -> None:
    m = match(rubies=6)
    until_decision(m, DecisionKind.SPEND)
    before = fingerprint(m.game)
    m.submit(0, "spend droplet")
    assert m.game.seats[0].rubies == 4
    back = m.undone(0)
    assert back is not None and fingerprint(back.game) == before
    m.submit(0, "spend droplet")
    m.submit(0, "done")  # confirmed: no undo any more
    assert m.undo_point(0) is None


def test_never_across_a_draw() -> None:
    m = match()
    until_decision(m, DecisionKind.BREW)
    assert m.undo_point(0) is None  # nothing to take back yet
    m.submit(0, "draw")
    m.run_until_human()
    assert m.undo_point(0) is None


def test_the_explosion_choice_can_be_taken_back() -> None:
    # a pot that explodes at once: only white 3-chips in the bag
    m = match(kinds=(HUMAN, "easy"), seed=5, bag=ChipCounts.from_mapping({"white-3": 4}))
    until_decision(m, DecisionKind.BREW)
    while m.game.decision_kind(0) == DecisionKind.BREW:
        m.submit(0, "draw")
        m.run_until_human()
    until_decision(m, DecisionKind.EXPLOSION)
    before = fingerprint(m.game)
    m.submit(0, "choose coins")
    m.run_until_human()  # the bot goes on
    back = m.undone(0)
    assert back is not None
    back.run_until_human()
    assert fingerprint(back.game) == before


def test_in_hot_seat_another_humans_step_blocks_it() -> None:
    m = match(kinds=(HUMAN, HUMAN), rubies=6)
    m.game.seats[1].rubies = 6
    until_decision(m, DecisionKind.SPEND, seat=0)
    m.submit(0, "spend droplet")
    assert m.undo_point(0) is not None and m.undo_point(1) is None  # only the seat that acted
    m.submit(0, "done")
    m.run_until_human()
    if m.need().seats == (1,) and m.game.decision_kind(1) == DecisionKind.SPEND:
        m.submit(1, "spend droplet")
        assert m.undo_point(0) is None and m.undo_point(1) is not None


def test_the_driver_undoes_and_the_game_goes_on() -> None:
    m = match(rubies=6)
    until_decision(m, DecisionKind.SPEND)
    d = MatchDriver(m, pace="instant", threaded=False)
    before = fingerprint(m.game)
    d.submit(0, "spend droplet")
    assert d.can_undo(0)
    assert d.undo(0) and fingerprint(d.match.game) == before and d.match is not m
    d.update(0.0)
    assert d.human_turn() == (0,)


def round_ended_by_a_spend() -> MatchDriver:
    """A driver whose human's last ruby spend ended round 1 (no "done" is asked with no ruby left)."""
    m = match(rubies=6)
    until_decision(m, DecisionKind.SPEND)
    d = MatchDriver(m, pace="instant", threaded=False)
    while d.game.round == 1:
        assert d.round_done is None  # the results came before the shop, not at the round's end
        d.submit(0, "spend droplet")
    assert d.match.undo_point(0) is not None  # the record alone would allow it
    return d


def test_never_across_the_end_of_a_round_even_before_the_next_round_begins() -> None:
    """Issue 18: a Ctrl+Z right after the spend that ended the round (before update starts the next round) must not
    take it back: the round is over, its results were shown."""
    d = round_ended_by_a_spend()
    before = fingerprint(d.game)
    assert not d.can_undo(0) and not d.undo(0)
    assert fingerprint(d.game) == before and d.game.round == 2
    d.update(0.0)
    assert not d.can_undo(0) and not d.undo(0) and d.game.round == 2


def test_never_across_a_rounds_results() -> None:
    """The results close the evaluation, before the shop: a choice of the evaluation (an exploded pot's VP or
    coins) is not taken back once they are shown."""
    m = match(kinds=(HUMAN, "easy"), seed=5, bag=ChipCounts.from_mapping({"white-3": 4}))
    until_decision(m, DecisionKind.BREW)
    while m.game.decision_kind(0) == DecisionKind.BREW:
        m.submit(0, "draw")
        m.run_until_human()
    until_decision(m, DecisionKind.EXPLOSION)
    d = MatchDriver(m, pace="instant", threaded=False)
    d.submit(0, "choose vp")
    assert d.round_done == 1 and d.match.undo_point(0) is not None  # the record alone would allow it
    assert not d.can_undo(0) and not d.undo(0)
    d.ack_round()
    d.update(0.0)
    assert not d.can_undo(0) and not d.undo(0)


def test_a_resumed_game_never_takes_back_a_step_of_a_round_that_ended_before_it_was_saved() -> None:
    d = round_ended_by_a_spend()
    resumed = MatchDriver(Match.from_data(default_catalogue(), d.match.to_data()), pace="instant", threaded=False)
    assert resumed.game.round == 2 and resumed.match.undo_point(0) is not None
    assert not resumed.can_undo(0) and not resumed.undo(0)
    assert resumed.game.round == 2


def test_a_resumed_game_still_takes_back_a_step_of_this_round() -> None:
    m = match(rubies=6)
    until_decision(m, DecisionKind.SPEND)
    before = fingerprint(m.game)
    m.submit(0, "spend droplet")
    resumed = MatchDriver(Match.from_data(default_catalogue(), m.to_data()), pace="instant", threaded=False)
    assert resumed.can_undo(0) and resumed.undo(0)
    assert fingerprint(resumed.game) == before
