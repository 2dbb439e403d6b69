"""A match of humans and bots: stir ticks (R22), seeded chance, and resuming from saved data."""

from __future__ import annotations

from quacks.content.loader import default_catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.snapshot import fingerprint
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec, Waits


def setup(kinds: tuple[str, ...], seed: int = 3, **kw: object) -> MatchSetup:
    names = tuple(f"P{i}" for i in range(len(kinds)))
    cfg = GameConfig(seats=names, books={c: 2 for c in SET_COLOURS}, **kw)  # type: ignore[arg-type]
    return MatchSetup(cfg, tuple(SeatSpec(n, "amber", k) for n, k in zip(names, kinds)), seed)


def test_a_bot_only_match_plays_to_the_end_and_is_reproducible() -> None:
    a = Match(default_catalogue(), setup(("normal", "hard", "easy")))
    a.run_until_human()
    b = Match(default_catalogue(), setup(("normal", "hard", "easy")))
    b.run_until_human()
    assert a.over and b.over
    assert fingerprint(a.game) == fingerprint(b.game)


def test_stir_tick_waits_for_every_human_then_reveals_in_seat_order() -> None:
    m = Match(default_catalogue(), setup((HUMAN, "normal", HUMAN), fortunes=False))
    m.run_until_human()
    need = m.need()
    assert need.kind is Waits.HUMAN and set(need.seats) == {0, 2}
    m.submit(2, "draw")
    assert m.need().seats == (0,)  # P2 has decided; P0 still to decide; nothing revealed yet
    assert not m.game.seats[2].pot
    m.submit(0, "draw")
    m.run_until_human()
    assert len(m.game.seats[0].pot) == 1 and len(m.game.seats[2].pot) == 1


def test_resume_from_saved_data_mid_tick_gives_the_same_game() -> None:
    m = Match(default_catalogue(), setup((HUMAN, "hard", HUMAN), fortunes=True))
    m.run_until_human()
    for _ in range(3):
        need = m.need()
        for seat in need.seats:
            acts = m.game.legal_actions(seat)
            m.submit(seat, acts[0])
        m.run_until_human()
    m.submit(m.need().seats[0], "draw")  # half a tick
    data = m.to_data()
    again = Match.from_data(default_catalogue(), data)
    assert fingerprint(again.game) == fingerprint(m.game)
    assert again.tick == m.tick
    # and both go on identically
    for mm in (m, again):
        while not mm.over:
            need = mm.need()
            if need.kind is Waits.HUMAN:
                for seat in need.seats:
                    mm.submit(seat, mm.game.legal_actions(seat)[0])
            mm.run_until_human()
    assert fingerprint(again.game) == fingerprint(m.game)
