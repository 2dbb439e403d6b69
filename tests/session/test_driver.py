"""The match driver without a window (session/driver.py): bots move at the pace the player chose (the time is what
``update`` is given, so the tests own the clock), a stir tick two humans decided stays in view before the next
hand-off, the game waits for the round's results before the shop, and bots think in a worker thread whose answer
is collected on the main thread; none of it imports pygame."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from quacks.content.loader import default_catalogue
from quacks.rules.actions import DRAW, STOP
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.kinds import Phase
from quacks.session.driver import PACE, REVEAL_HOLD, MatchDriver
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec, Waits


def driver(kinds: tuple[str, ...] = ("normal", "normal"), pace: str = "slow", threaded: bool = False,
           seed: int = 3) -> MatchDriver:
    names = ("Ann", "Bo", "Cy")[: len(kinds)]
    cfg = GameConfig(seats=names, books={c: 1 for c in SET_COLOURS}, fortunes=False)
    seats = tuple(SeatSpec(n, c, k) for n, c, k in zip(names, ("amber", "teal", "plum"), kinds))
    return MatchDriver(Match(default_catalogue(), MatchSetup(cfg, seats, seed)), pace=pace, threaded=threaded)


def bot_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "bot" and t.is_alive()]


# ---------------------------------------------------------------------------------------------------------
# the pace


def revealed(d: MatchDriver, since: int) -> list[tuple[object, ...]]:
    """The stir decisions carried out (record entries "act" of a draw or a stop) since record entry ``since`` (a
    bot's flask acts at once: only draw and stop wait for the others, R22)."""
    return [tuple(e) for e in d.game.record[since:] if e[0] == "act" and e[2] in ("draw", "stop")]


@pytest.mark.parametrize("pace", ["slow", "normal", "fast"])
def test_each_stir_tick_of_bots_is_carried_out_one_pace_interval_after_the_last(pace: str) -> None:
    """The bots decide a tick at once (hidden), and it is revealed when the pace's time has passed."""
    d = driver(pace=pace)
    d.update(0.0)
    for _ in range(6):
        assert d.game.phase is Phase.BREWING
        assert d.timer == pytest.approx(PACE[pace]) and d.wake_in() == pytest.approx(PACE[pace]) and d.busy()
        n = len(d.game.record)
        d.update(PACE[pace] - 0.01)
        assert revealed(d, n) == [], "a tick was carried out before its time"
        d.update(0.02)
        assert revealed(d, n), "no tick was carried out once its time had come"


def test_instant_pace_plays_a_whole_round_in_one_update() -> None:
    d = driver(pace="instant")
    d.update(0.0)
    assert d.timer == 0.0 and d.round_done == 1 and d.game.phase is Phase.SHOPPING


def test_skip_to_the_human_ignores_the_pace_and_ends_at_the_humans_turn() -> None:
    d = driver((HUMAN, "normal", "normal"), pace="slow")
    d.update(0.0)
    for _ in range(200):  # the human stops at once: the bots brew on at the pace
        for seat in d.human_turn():
            d.submit(seat, "stop")
        d.update(PACE["slow"])
        if d.game.seats[0].brewing is False and d.need().kind is Waits.BOT:
            break
    assert d.need().kind is Waits.BOT and d.pace() == PACE["slow"]
    d.skip_to_human()
    assert d.pace() == 0.0 and d.timer == 0.0
    version = d.game.version
    for _ in range(200):
        d.update(0.0)
        d.take_events()
        if d.round_done is not None:
            d.ack_round()
        if d.human_turn():
            break
    assert d.human_turn() == (0,) and d.game.version > version
    assert not d.skip and d.pace() == PACE["slow"]  # the player's pace again at the human's turn


# ---------------------------------------------------------------------------------------------------------
# the reveal hold


def test_a_reveal_waits_for_the_pace() -> None:
    """A stir tick of bots is revealed at the pace, not as soon as the last bot has decided."""
    d = driver(pace="slow")
    d.update(0.0)
    d.update(PACE["slow"])  # a tick revealed; the bots decide the next one at the next update, at once
    assert d.need().kind is Waits.BOT and d.timer == pytest.approx(PACE["slow"])
    for _ in range(3):  # the bots of the tick, one per update (a flask acts at once, and the next bot waits)
        d.update(0.0)
    assert d.need().kind is Waits.REVEAL and d.timer > 0
    version = d.game.version
    d.update(d.timer - 0.01)
    assert d.need().kind is Waits.REVEAL and d.game.version == version
    d.update(0.02)
    assert d.game.version > version and d.last_tick


def test_the_hot_seat_hand_off_waits_for_the_reveal_hold() -> None:
    d = driver((HUMAN, HUMAN), pace="instant")
    d.update(0.0)
    assert d.human_turn() == (0, 1)
    d.submit(0, "draw")
    d.submit(1, "draw")
    d.update(0.0)
    assert [s for s, _a in d.last_tick] == [0, 1]
    assert d.human_turn() == () and d.busy() and d.wake_in() == pytest.approx(REVEAL_HOLD)
    d.update(REVEAL_HOLD - 0.05)
    assert d.human_turn() == ()
    d.update(0.1)
    assert d.human_turn() == (0, 1)


# ---------------------------------------------------------------------------------------------------------
# the round hold


def test_the_game_waits_for_the_rounds_results_before_the_shop() -> None:
    d = driver(pace="instant")
    for _ in range(500):
        d.update(0.1)
        d.take_events()
        if d.round_done is not None:
            break
    assert d.round_done == 1 and d.game.phase is Phase.SHOPPING
    version = d.game.version
    for _ in range(5):
        d.update(10.0)
        d.take_events()
    assert d.game.version == version and d.round_done == 1  # held, however long
    assert not d.busy() and d.wake_in() is None and d.human_turn() == ()
    d.ack_round()
    assert d.busy()
    d.update(0.0)
    assert d.game.version > version and d.game.round == 2


# ---------------------------------------------------------------------------------------------------------
# the worker thread


class Gate:
    """A bot that thinks in the worker thread until released, then chooses what the real bot would."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.started = threading.Event()
        self.release = threading.Event()
        self.threads: list[int] = []
        self.games: list[object] = []
        self.answers: list[object] = []
        self.fail = False

    def decide(self, g, seat, actions, rng):  # type: ignore[no-untyped-def]
        self.threads.append(threading.get_ident())
        self.games.append(g)
        self.started.set()
        assert self.release.wait(10), "never released"
        if self.fail:
            raise RuntimeError("the bot broke")
        d = self.inner.decide(g, seat, actions, rng)  # type: ignore[attr-defined]
        self.answers.append(d)
        return d


def until_thinking(d: MatchDriver, seat: int) -> None:
    for _ in range(500):
        d.update(0.0)
        d.take_events()
        if d.round_done is not None:
            d.ack_round()
        if d.thinking == seat:
            return
        d.wait_for_bot()
    raise AssertionError(f"seat {seat} never started thinking")


def test_a_bot_thinks_in_a_worker_thread_and_its_choice_is_collected() -> None:
    d = driver(pace="instant", threaded=True)
    gate = Gate(d.match.bots[0])
    d.match.bots[0] = gate  # type: ignore[assignment]
    until_thinking(d, 0)
    assert gate.started.wait(5)
    version = d.game.version
    for _ in range(3):  # the frame loop goes on while the bot thinks, and nothing moves
        d.update(0.1)
        assert d.thinking == 0 and d.busy() and d.wake_in() == 0.0 and d.human_turn() == ()
    assert d.game.version == version and 0 not in d.match.last_decision
    assert gate.threads[0] != threading.get_ident() and gate.games[0] is not d.game  # a thread, on a copy
    gate.release.set()
    d.wait_for_bot()
    d.update(0.0)
    assert d.match.last_decision[0] is gate.answers[0]  # delivered to the match on the main thread
    d.wait_for_bot()
    assert not bot_threads()


def test_a_failing_bot_takes_its_first_legal_action_and_the_game_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    d = driver(pace="instant", threaded=True)
    gate = Gate(d.match.bots[0])
    gate.fail = True
    d.match.bots[0] = gate  # type: ignore[assignment]
    until_thinking(d, 0)
    first = d.game.legal_actions(0)[0]
    done = len(d.game.record)
    gate.release.set()
    d.wait_for_bot()
    with caplog.at_level(logging.ERROR, logger="quacks.session"):
        d.update(0.0)
    assert "bot for seat 0 failed" in caplog.text
    taken = d.match.tick.get(0) if first in (DRAW, STOP) else d.game.record[done][2]  # a tick's draw waits
    assert str(taken) == str(first) and 0 not in d.match.last_decision
    d.wait_for_bot()
    assert not bot_threads()


def test_a_whole_game_of_threaded_bots_ends_with_no_thread_left() -> None:
    d = driver(pace="instant", threaded=True, seed=11)
    for _ in range(20000):
        d.update(0.0)
        d.take_events()
        if d.round_done is not None:
            d.ack_round()
        if d.game.is_over and d.thinking is None:
            break
        d.wait_for_bot()
    assert d.game.is_over and d.thinking is None and not d.busy()
    assert not bot_threads()


def test_the_driver_runs_without_pygame() -> None:
    code = ("import sys\n"
            "from tests.session.test_driver import driver\n"
            "d = driver(pace='instant', threaded=True)\n"
            "for _ in range(50):\n"
            "    d.update(0.0); d.take_events(); d.wait_for_bot(); d.ack_round()\n"
            "assert d.game.round > 1\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'))\n")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True,
                         cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------------------------------------------------
# a bot's failure is never silent at the table (issue 30 §7)


def test_a_failing_bot_is_told_to_the_player_once_and_the_game_goes_on() -> None:
    d = driver(pace="instant", threaded=True)
    gate = Gate(d.match.bots[0])
    gate.fail = True
    gate.release.set()
    d.match.bots[0] = gate  # type: ignore[assignment]
    assert d.take_troubles() == []
    failures = 0
    for _ in range(400):
        until_thinking(d, 0)
        d.wait_for_bot()
        d.update(0.0)
        failures += 1
        if failures == 3:
            break
    told = d.take_troubles()
    assert told == ["The bot Ann ran into a problem and made the first move it was allowed instead. The game goes on; "
                    "the log has the details."], told
    assert d.take_troubles() == []  # said once, not at every failure
    assert not d.game.is_over and len(d.game.record) > 0


def damaged_expert_catalogue() -> object:
    import copy
    import dataclasses

    cat = default_catalogue()
    assert cat.bot_values is not None
    values = copy.deepcopy(dict(cat.bot_values))
    values["win_scale"] = {**values["win_scale"], 9: float("nan")}  # type: ignore[dict-item]
    return dataclasses.replace(cat, bot_values=values)


@pytest.mark.parametrize("damage", ["nan", "missing"])
def test_an_expert_with_damaged_data_is_said_at_the_start_and_plays_as_hard(damage: str,
                                                                           caplog: pytest.LogCaptureFixture) -> None:
    import dataclasses

    from quacks.ai.hard import HardBot

    cat = damaged_expert_catalogue() if damage == "nan" else dataclasses.replace(default_catalogue(), bot_values=None)
    names = ("Ann", "Bo", "Cy")
    cfg = GameConfig(seats=names, books={c: 1 for c in SET_COLOURS}, fortunes=False)
    seats = tuple(SeatSpec(n, c, k) for n, c, k in zip(names, ("amber", "teal", "plum"), ("expert", "expert", "hard")))
    with caplog.at_level(logging.WARNING, logger="quacks.session"):
        d = MatchDriver(Match(cat, MatchSetup(cfg, seats, 7)), pace="instant", threaded=True)  # type: ignore[arg-type]
        told = d.take_troubles()
        assert told == ["The Expert bot's data (data/bots/expert.yaml) is damaged or missing, so every Expert seat "
                        "plays as Hard in this game. Reinstalling the game restores the file."], told
        assert all(type(b) is HardBot for b in d.match.bots.values())
        assert d.match.setup.seats[0].kind == "expert"  # the save still says Expert: a restored file brings it back
        for _ in range(20000):
            d.update(0.0)
            d.take_events()
            if d.round_done is not None:
                d.ack_round()
            if d.game.is_over and d.thinking is None:
                break
            d.wait_for_bot()
    assert d.game.is_over
    assert "bot for seat" not in caplog.text  # no decision of the last round fell back to the first legal move
    assert "data/bots/expert.yaml" in caplog.text
    assert d.take_troubles() == []


def test_a_sound_expert_is_not_replaced() -> None:
    d = driver(("expert", "hard"), pace="instant")
    assert d.match.bots[0].level == "expert" and d.take_troubles() == []
