"""A seat played from another computer (issue 21): the match waits for it as for a human here, and the public
setup (no seed) builds a replica, never a match."""

from __future__ import annotations

import pytest

from quacks.rules.catalogue import Catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.session.match import HUMAN, REMOTE, Match, MatchSetup, SeatSpec, Waits


def setup(kinds: tuple[str, ...], seed: int | None = 11) -> MatchSetup:
    names = tuple(f"P{i}" for i in range(len(kinds)))
    cfg = GameConfig(seats=names, books={c: 2 for c in SET_COLOURS}, fortunes=False)
    return MatchSetup(cfg, tuple(SeatSpec(n, "amber", k) for n, k in zip(names, kinds)), seed)


def test_a_remote_seat_is_neither_a_bot_nor_at_this_screen() -> None:
    remote, here, bot = SeatSpec("A", "amber", REMOTE), SeatSpec("B", "teal", HUMAN), SeatSpec("C", "plum", "easy")
    assert (remote.is_remote, remote.is_bot) == (True, False)
    assert (here.is_remote, here.is_bot) == (False, False)
    assert (bot.is_remote, bot.is_bot) == (False, True)


def test_saved_data_with_a_remote_seat_reads_back() -> None:
    s = setup((HUMAN, REMOTE, "normal"))
    assert MatchSetup.from_data(s.to_data()) == s
    data = s.to_data()
    seats = data["seats"]
    assert isinstance(seats, list)
    seats[1]["kind"] = "remote-ish"
    with pytest.raises(ValueError, match="unknown seat kind"):
        MatchSetup.from_data(data)


def test_the_match_waits_for_a_remote_seat_as_for_a_human(cat: Catalogue) -> None:
    m = Match(cat, setup((REMOTE, "normal", HUMAN)))
    m.run_until_human()
    need = m.need()
    assert need.kind is Waits.HUMAN and set(need.seats) == {0, 2}
    assert 1 in m.bots and 0 not in m.bots
    assert m.remote_seats() == [0] and m.local_humans() == [2] and m.humans() == [0, 2]
    assert m.is_remote(0) and not m.is_remote(2) and m.is_human(0)
    m.submit(2, "draw")
    assert m.need().seats == (0,)  # the remote seat still to decide; nothing revealed
    assert not m.game.seats[2].pot
    m.submit(0, "stop")
    m.run_until_human()
    assert len(m.game.seats[2].pot) == 1 and m.game.seats[0].stopped


def test_the_public_setup_has_no_seed_and_builds_no_match(cat: Catalogue) -> None:
    s = setup((REMOTE, "normal"), seed=123456789)
    public = s.public_data()
    assert public["seed"] is None and {k: v for k, v in public.items() if k != "seed"} == \
        {k: v for k, v in s.to_data().items() if k != "seed"}
    replica = MatchSetup.from_public_data(public)
    assert replica.is_replica and not s.is_replica
    assert replica.seats == s.seats and replica.game == s.game
    with pytest.raises(ValueError, match="no seed"):
        MatchSetup.from_public_data(s.to_data())
    with pytest.raises(ValueError, match="whole number"):
        MatchSetup.from_data(public)  # a save always has its seed
    with pytest.raises(ValueError, match="replica"):
        Match(cat, replica)


def test_the_state_number_grows_with_every_change_a_seat_can_see(cat: Catalogue) -> None:
    m = Match(cat, setup((REMOTE, "easy", HUMAN)))
    seen = [m.state_number]
    while not m.over and m.game.round < 3:
        if m.advance():
            seen.append(m.state_number)
            continue
        for seat in m.need().seats:
            before = m.state_number
            m.submit(seat, m.game.legal_actions(seat)[0])
            assert m.state_number > before
            seen.append(m.state_number)
    assert seen == sorted(seen) and len(set(seen)) == len(seen)
    assert m.state_number == len(m.game.record) + m.unrecorded
