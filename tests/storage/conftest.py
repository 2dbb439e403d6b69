"""Storage tests: every folder under a temp dir (``QUACKS_HOME``), never the real home."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from quacks.content.loader import default_catalogue
from quacks.rules.config import GameConfig
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec, Waits


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "quacks-home"
    monkeypatch.setenv("QUACKS_HOME", str(home))
    return home


@pytest.fixture
def base(tmp_path: Path) -> Path:
    return tmp_path / "base"


def make_match(kinds: tuple[str, ...] = (HUMAN, "normal"), seed: int = 7, **kw: object) -> Match:
    names = ("Ann", "Bob", "Cid", "Dot")[: len(kinds)]
    cfg = GameConfig(seats=names, **kw)  # type: ignore[arg-type]
    colours = ("amber", "teal", "plum", "moss")
    return Match(default_catalogue(), MatchSetup(cfg, tuple(SeatSpec(n, c, k) for n, c, k in
                                                            zip(names, colours, kinds, strict=False)), seed))


def play(m: Match, turns: int, choose: Callable[[list[str]], str] = lambda acts: acts[0]) -> Match:
    """Let bots and chance run, and answer ``turns`` human decisions with ``choose``."""
    m.run_until_human()
    for _ in range(turns):
        if m.over:
            break
        for seat in m.need().seats:
            m.submit(seat, choose([str(a) for a in m.game.legal_actions(seat)]))
        m.run_until_human()
    return m


def finish(m: Match, choose: Callable[[list[str]], str] = lambda acts: acts[-1]) -> Match:
    while not m.over:
        play(m, 50, choose)
    return m


@pytest.fixture
def midgame() -> Match:
    """Two humans and a bot in round 2 or so, halfway through a stir tick."""
    m = play(make_match((HUMAN, "easy", HUMAN), seed=11), 8)
    for _ in range(200):  # on to a stir tick where both humans still have to decide
        need = m.need()
        if need.kind is Waits.HUMAN and len(need.seats) == 2 and m.in_tick():
            return m
        play(m, 1)
    raise AssertionError("no stir tick with two humans deciding")
