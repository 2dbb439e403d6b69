"""The hot-seat reveal hold (R22): a stir tick in which two humans decided out of each other's sight stays in view a
moment before the next hand-off; a tick of one human (brewing one after another, or the last human still brewing)
hid nothing, and the game goes straight on (issue 19: hot-seat that flows)."""

from __future__ import annotations

from quacks.content.loader import default_catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.session.driver import REVEAL_HOLD, MatchDriver
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec, Waits


def driver(**house: object) -> MatchDriver:
    names = ("Ann", "Bob")
    cfg = GameConfig(seats=names, books={c: 1 for c in SET_COLOURS}, fortunes=False, house=house)
    m = Match(default_catalogue(), MatchSetup(cfg, tuple(SeatSpec(n, c, HUMAN) for n, c in zip(names, ("amber",
                                                                                                        "teal"))), 4))
    d = MatchDriver(m, pace="instant", threaded=False)
    d.update(0.0)
    return d


def test_two_humans_stirring_together_hold_the_reveal() -> None:
    d = driver()
    assert d.need().kind is Waits.HUMAN and d.need().seats == (0, 1)
    d.submit(0, "draw")
    d.submit(1, "draw")
    d.update(0.0)
    assert [s for s, _a in d.last_tick] == [0, 1] and d.timer == REVEAL_HOLD


def test_one_human_at_a_time_is_never_held() -> None:
    d = driver(**{"sequential-brewing": True})
    for _ in range(3):
        need = d.need()
        assert need.kind is Waits.HUMAN and len(need.seats) == 1
        d.submit(need.seats[0], "draw")
        d.update(0.0)
        assert len(d.last_tick) == 1 and d.timer <= 0.0
        if not d.game.seats[need.seats[0]].brewing:
            break
