"""What a seat of a served match sees (issue 21): the others' stir-tick choices stay hidden until the reveal, the
seed never leaves the host, and a client's replica, fed the record, hashes as the host's game does."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

import pytest

from quacks.rules.actions import IllegalAction
from quacks.rules.catalogue import Catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.snapshot import fingerprint, state_json
from quacks.session.match import HUMAN, REMOTE, Match, MatchSetup, SeatSpec, Waits
from quacks.session.view import Replica, public_tick, seat_hash, seat_hashes, seat_update, seat_view, view_hash

SEED = 987_654_321_987_654_321


def setup(kinds: tuple[str, ...], seed: int = SEED, **kw: object) -> MatchSetup:
    names = tuple(f"P{i}" for i in range(len(kinds)))
    cfg = GameConfig(seats=names, books={c: 2 for c in SET_COLOURS}, **kw)  # type: ignore[arg-type]
    return MatchSetup(cfg, tuple(SeatSpec(n, "amber", k) for n, k in zip(names, kinds)), seed)


def mid_tick(cat: Catalogue, choice: str) -> Match:
    """A match of two remote seats and a bot, in its first stir tick: seat 2 has chosen ``choice``, seat 0 not."""
    m = Match(cat, setup((REMOTE, "normal", REMOTE), fortunes=False))
    m.run_until_human()
    assert m.need().kind is Waits.HUMAN and set(m.need().seats) == {0, 2}
    m.submit(2, choice)
    return m


def test_mid_tick_a_seat_sees_who_decided_but_not_what(cat: Catalogue) -> None:
    drew, stopped = mid_tick(cat, "draw"), mid_tick(cat, "stop")
    for m, choice in ((drew, "draw"), (stopped, "stop")):
        assert seat_view(m, 2)["tick"] == {"decided": [1, 2], "mine": choice, "revealed": []}
        assert seat_view(m, 0)["tick"] == {"decided": [1, 2], "mine": None, "revealed": []}
        assert public_tick(m, None) == {"decided": [1, 2], "mine": None, "revealed": []}
    for seat in (0, 1, None):  # the others and the public: not a byte differs, hash included
        assert json.dumps(seat_view(drew, seat)) == json.dumps(seat_view(stopped, seat))
        assert seat_hash(drew, seat) == seat_hash(stopped, seat)
    assert seat_hash(drew, 2) != seat_hash(stopped, 2)
    drew.submit(0, "draw")  # the tick closes: both choices are carried out, in the record for all to see
    drew.run_until_human()
    record = seat_view(drew, 0)["record"]
    assert isinstance(record, list)
    acts = [e for e in record if e[0] == "act" and e[1] != 1]
    assert acts[-2:] == [["act", 0, "draw"], ["act", 2, "draw"]]


def play(m: Match, each: Callable[[], None], step_reveals: bool = False) -> None:
    """Play ``m`` to its end, the people's seats taking their first legal action (a draw while the pot is safe),
    calling ``each`` after every change; ``step_reveals`` carries out a revealed tick one decision at a time."""
    each()
    while not m.over:
        need = m.need()
        if need.kind is Waits.HUMAN:
            for seat in need.seats:
                acts = m.game.legal_actions(seat)
                white = m.game.seats[seat].white_total
                choice = "stop" if "stop" in map(str, acts) and white >= 4 else str(acts[0])
                m.submit(seat, choice)
                each()
        elif need.kind is Waits.REVEAL and step_reveals:
            m.reveal_next()
            each()
        else:
            assert m.advance()
            each()


@pytest.mark.parametrize("kinds", [("normal", "easy", "random"), (REMOTE, "normal", HUMAN, REMOTE)])
def test_the_replica_hashes_as_the_host_after_every_step(cat: Catalogue, kinds: tuple[str, ...]) -> None:
    m = Match(cat, setup(kinds))
    seats: list[int | None] = [*range(len(kinds)), None]
    replicas = {s: Replica.from_view(cat, json.loads(json.dumps(seat_view(m, s)))) for s in seats}
    steps = [0]
    saw_hidden = [False]
    saw_revealed = [False]

    def each() -> None:
        steps[0] += 1
        for s, r in replicas.items():
            r.apply_update(json.loads(json.dumps(seat_update(m, s, r.record_length))))
            assert r.hash() == seat_hash(m, s), (steps[0], s)
            assert r.state == m.state_number
        saw_hidden[0] |= bool(m.tick) and len(m.tick) < len(m.tick_seats())
        saw_revealed[0] |= bool(m.queue)
        if steps[0] % 97 == 0:  # a whole view, replayed from scratch, hashes the same
            assert view_hash(seat_view(m, 0), cat) == seat_hash(m, 0)
            assert seat_hashes(m, seats) == {s: seat_hash(m, s) for s in seats}

    play(m, each, step_reveals=True)
    assert m.over and steps[0] > 100
    if HUMAN in kinds:
        assert saw_hidden[0] and saw_revealed[0]  # the test went through half-decided and half-revealed ticks
    for s, r in replicas.items():
        assert fingerprint(r.game) == fingerprint(m.game)
        assert r.view() == seat_view(m, s)


def test_the_seed_never_appears_in_a_view(cat: Catalogue) -> None:
    m = Match(cat, setup((REMOTE, "normal", HUMAN)))
    texts: list[str] = []

    def each() -> None:
        if len(texts) % 25 == 0 or m.over:
            texts.extend(json.dumps(seat_view(m, s)) for s in (0, 1, 2, None))
        texts.append("")

    play(m, each)
    seen = [t for t in texts if t]
    assert len(seen) > 20
    for text in seen:
        assert str(SEED) not in text
        assert json.loads(text)["setup"]["seed"] is None


def test_a_view_survives_a_json_round_trip(cat: Catalogue) -> None:
    m = mid_tick(cat, "stop")
    view = seat_view(m, 2)
    again = json.loads(json.dumps(view))
    assert again == view
    r = Replica.from_view(cat, again)
    assert r.view() == view
    assert r.hash() == seat_hash(m, 2) == view_hash(again, cat) == view_hash(view, game=m.game)
    assert r.tick["mine"] == "stop"


def test_the_hash_is_sha256_of_the_canonical_json_of_what_the_seat_sees(cat: Catalogue) -> None:
    m = mid_tick(cat, "draw")
    seen = {"game": state_json(m.game), "state": m.state_number, "tick": public_tick(m, 2), "over": False}
    text = json.dumps(seen, sort_keys=True, separators=(",", ":"))
    assert seat_hash(m, 2) == hashlib.sha256(text.encode()).hexdigest()


def test_a_replica_refuses_what_does_not_follow(cat: Catalogue) -> None:
    m = Match(cat, setup((REMOTE, "normal")))
    r = Replica.from_view(cat, seat_view(m, 0))
    m.run_until_human()
    update = seat_update(m, 0, 0)
    with pytest.raises(ValueError, match="starts at entry"):
        r.apply_update({**update, "from": 1})
    with pytest.raises(ValueError, match="stir tick"):
        r.apply([], 1, {"decided": [1]})
    with pytest.raises(ValueError, match="draw or stop"):
        r.apply([], 1, {"decided": [1], "mine": "buy orange-1", "revealed": []})
    with pytest.raises(ValueError, match="state number"):
        r.apply([], -1, {"decided": [], "mine": None, "revealed": []})
    with pytest.raises(IllegalAction):
        r.apply([["act", 1, "buy nothing-9"]], 5, {"decided": [], "mine": None, "revealed": []})
    with pytest.raises(ValueError, match="without the seed"):
        Replica(cat, m.setup)
    view = seat_view(m, 0)
    setup_data = view["setup"]
    assert isinstance(setup_data, dict)
    with pytest.raises(ValueError, match="no seed"):
        Replica.from_view(cat, {**view, "setup": {**setup_data, "seed": 5}})
