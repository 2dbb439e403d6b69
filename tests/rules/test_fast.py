"""The simulation's fast path (``rules/fast.py``) is the door by another road: the same game either way.

Each case plays one seeded game twice, side by side: once through the public door only (``apply(seat,
DRAW)``, then ``apply_chance(sample_chance(rng))``), once with every draw through ``fast.draw``. Every other
step is the same door call in both. The seats' choices and every random outcome come from generators
seeded alike for both games, so the two games stay one game as long as the fast path is what it says: after
every step the fingerprints (``snapshot.fingerprint``: the state, the agenda and the rest) must agree, and
so must the records and the events at the end. tests/test_fingerprints.py pins the matches ``simulate``
plays this way.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from quacks.content.loader import default_catalogue
from quacks.rules import fast
from quacks.rules.actions import DRAW, STOP, Action
from quacks.rules.bag import ChipCounts
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig, SeatSetup
from quacks.rules.game import Game
from quacks.rules.kinds import DecisionKind
from quacks.rules.snapshot import fingerprint

#: a start that empties bags and fills pots often (a few chips, the droplet far along): the ends of a brew
SMALL = SeatSetup(bag=ChipCounts.from_mapping({"white-1": 1, "orange-1": 2, "green-1": 1, "red-1": 1, "blue-1": 1,
                                               "yellow-1": 1}), droplet=40)

# (seats, books: one set or a set per colour, pot side, house switches, a small start, seed)
CASES: list[tuple[int, int | str, str, dict[str, Any], bool, int]] = [
    (4, 1, "standard", {}, False, 1),
    (4, 2, "test-tubes", {}, False, 2),
    (3, 3, "standard", {}, False, 3),
    (2, 4, "test-tubes", {}, False, 4),
    (4, "21431", "standard", {}, False, 5),
    (3, "34122", "test-tubes", {"sequential-brewing": True}, False, 6),
    (2, "43214", "standard", {"starting-rubies": 0}, False, 7),
    (4, "12341", "standard", {}, False, 8),
    (4, 1, "standard", {}, True, 9),
    (3, "23412", "test-tubes", {}, True, 10),
    (2, "41234", "standard", {"sequential-brewing": True}, True, 11),
]


def _game(n: int, books: int | str, pot: str, house: dict[str, Any], small: bool, events: bool) -> Game:
    per = {c: books for c in SET_COLOURS} if isinstance(books, int) else {
        c: int(x) for c, x in zip(SET_COLOURS, books)}
    cfg = GameConfig(seats=tuple("ABCD"[:n]), books=per, variant=pot, house=house,
                     setup={i: SMALL for i in range(n)} if small else {})
    return Game(default_catalogue(), cfg, events=events, record=True)


class Player:
    """Plays one of the two games: its own generators, seeded alike for both."""

    def __init__(self, g: Game, seed: int, use_fast: bool) -> None:
        self.g = g
        self.use_fast = use_fast
        self.seed = seed
        self.choices = random.Random(seed)
        self.streams: dict[tuple[str, int], random.Random] = {}

    def stream(self, kind: str, seat: int | None) -> random.Random:
        key = (kind, -1 if seat is None else seat)
        r = self.streams.get(key)
        if r is None:
            r = self.streams[key] = random.Random(f"{self.seed}:{key[0]}:{key[1]}")
        return r

    def step(self) -> str:
        """One step: a chance outcome, or one seat's action (a draw, through the door or ``fast.draw``)."""
        g = self.g
        ch = g.pending_chance()
        if ch is not None:
            g.apply_chance(g.sample_chance(self.stream(ch.kind, ch.seat)))
            return f"chance {ch.kind}"
        seats = g.acting_seats()
        seat = seats[self.choices.randrange(len(seats))]
        actions = g.legal_actions(seat)
        a = self.choose(seat, actions)
        if a == DRAW and g.decision_kind(seat) is DecisionKind.BREW:
            rng = self.stream("draw", seat)
            if self.use_fast:
                chip = fast.draw(g, seat, rng)
                assert chip is not None
            else:
                g.apply(seat, DRAW)
                g.apply_chance(g.sample_chance(rng))
            return f"{seat} draws"
        g.apply(seat, a)
        return f"{seat} {a}"

    def choose(self, seat: int, actions: list[Action]) -> Action:
        """Draw while the whites leave room (now and then a little past it), stop otherwise; any other choice
        at random."""
        g = self.g
        if DRAW in actions:
            s = g.seats[seat]
            room = g.limit(seat) - s.white_total
            if room > 3 or self.choices.random() < 0.25:
                return DRAW
            return STOP if STOP in actions else actions[0]
        return actions[self.choices.randrange(len(actions))]


@pytest.mark.parametrize("events", [False, True], ids=["quiet", "events"])
@pytest.mark.parametrize("case", CASES, ids=[f"case{c[-1]}" for c in CASES])
def test_fast_draw_plays_the_same_game_as_the_door(case: tuple[Any, ...], events: bool) -> None:
    n, books, pot, house, small, seed = case
    door = Player(_game(n, books, pot, house, small, events), seed, use_fast=False)
    quick = Player(_game(n, books, pot, house, small, events), seed, use_fast=True)
    steps = draws = 0
    while not door.g.is_over:
        what = door.step()
        assert quick.step() == what
        draws += what.endswith("draws")
        steps += 1
        assert fingerprint(quick.g) == fingerprint(door.g), f"step {steps}: {what}"
        assert steps < 20_000
    assert quick.g.is_over and draws > 100
    assert quick.g.record == door.g.record
    assert [(e.kind, e.seat, e.cause, e.data, e.round) for e in quick.g.events] == [
        (e.kind, e.seat, e.cause, e.data, e.round) for e in door.g.events]


def test_fast_draw_refuses_what_the_door_refuses_and_changes_nothing() -> None:
    g = _game(3, 1, "standard", {}, False, events=True)
    assert g.pending_chance() is not None  # the fortune card: no seat may draw
    rng = random.Random(1)
    before, state = rng.getstate(), fingerprint(g)
    for seat in range(3):
        assert fast.draw(g, seat, rng) is None
    assert rng.getstate() == before and fingerprint(g) == state
    g.apply_chance(g.sample_chance(random.Random(2)))
    while g.pending_chance() is not None:
        g.apply_chance(g.sample_chance(random.Random(3)))
    assert DRAW in g.legal_actions(0)
    g.apply(0, STOP)  # seat 0 is done brewing
    assert DRAW not in g.legal_actions(0)
    before, state = rng.getstate(), fingerprint(g)
    assert fast.draw(g, 0, rng) is None
    assert rng.getstate() == before and fingerprint(g) == state
    assert fast.draw(g, 1, rng) is not None and rng.getstate() != before


def test_split_acting_is_acting_seats_split_by_decision_kind() -> None:
    """``fast.split_acting`` against the door (``acting_seats`` and ``decision_kind``) at every step of seeded
    games of every set, with fortune cards (their decisions come up while seats brew)."""
    import random as _random

    from quacks.rules import fast as _fast
    from quacks.rules.kinds import DecisionKind as _Kind

    from .gamekit import make_game as _make_game

    seen_split = False
    for seed, books in ((1, 1), (2, 2), (3, 3), (4, 4)):
        rng = _random.Random(seed)
        g = _make_game(("A", "B", "C"), books={"green": books, "blue": books, "red": books, "yellow": books,
                                              "purple": books}, fortunes=True)
        while not g.is_over:
            acting = g.acting_seats()
            brew = [k for k in acting if g.decision_kind(k) is _Kind.BREW]
            other = [k for k in acting if g.decision_kind(k) is not _Kind.BREW]
            assert _fast.split_acting(g) == (brew, other)
            seen_split = seen_split or bool(brew and other)
            w = g.waiting()
            if w is None:
                break
            if not isinstance(w, list):
                g.apply_chance(g.sample_chance(rng))
                continue
            x = rng.choice(w)
            g.apply(x.seat, rng.choice(x.actions))
    assert seen_split  # a brewing seat beside one with a follow-up choice came up
