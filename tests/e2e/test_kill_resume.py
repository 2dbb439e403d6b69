"""Kill the running game (SIGKILL) in the middle of a round, start it again, Continue: the resumed state equals
the state before the kill (compared by the state fingerprint the table logs at every human decision).

Every wait is on the program's own signals (its first frame, the decisions it logs), with timeouts that
only bound a hang: under load the window once took more than 40 s to appear.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from pathlib import Path

import pytest

from .test_real_window import game_env, home_with
from .xwin import STEP_TIMEOUT, Program, Xvfb, log_text, wait_for

pytestmark = [pytest.mark.e2e]
STATE = re.compile(r"waiting for a human: round (\d+), step (\d+), state ([0-9a-f]+)")


def states(home: Path) -> list[tuple[str, str, str]]:
    return STATE.findall(log_text(home))


def test_sigkill_mid_round_then_continue_resumes_the_same_state(tmp_path: Path) -> None:
    home = home_with(tmp_path)
    x = Xvfb()
    env = game_env(x.display, home)
    programs: list[Program] = []
    try:
        first = Program([sys.executable, "-m", "quacks"], env, tmp_path / "first.txt")
        programs.append(first)
        first.wait_ready()
        first.key("Return")  # New game (no save yet: Continue is disabled)
        time.sleep(0.5)
        first.key("Return")  # Start
        wait_for(lambda: len(states(home)) >= 1, STEP_TIMEOUT, "the first decision", first)
        for _ in range(3):  # take the first choice of a card if there is one, then draw: mid-round
            n = len(states(home))
            first.key("1")
            time.sleep(0.3)
            first.key("space")
            wait_for(lambda n=n: len(states(home)) > n, STEP_TIMEOUT, "the next decision", first)
        saves = home / "data" / "saves"

        seen_last: list[tuple[str, str, str]] = []

        def settled() -> bool:
            """The autosave is of the last decision the table logged. Under load "1" may be taken after the
            wait above saw its decision, so the last logged state is read again until the two agree."""
            path = saves / "autosave.json"
            last = states(home)[-1]
            if path.is_file() and f'"steps": {last[1]}' in path.read_text(encoding="utf-8", errors="replace"):
                seen_last[:] = [last]
                return True
            return False

        while True:  # and it stays so for a second: no key is still on its way
            wait_for(settled, STEP_TIMEOUT, "the autosave of the last decision", first)
            before = seen_last[0]
            time.sleep(1.0)
            if settled() and seen_last[0] == before:
                break
        assert int(before[0]) == 1  # still round 1
        os.kill(first.proc.pid, signal.SIGKILL)
        first.proc.wait(timeout=30)
        seen = len(states(home))
        second = Program([sys.executable, "-m", "quacks"], env, tmp_path / "second.txt")
        programs.append(second)
        second.wait_ready()
        second.key("Return")  # Continue (the first button, enabled now)
        wait_for(lambda: len(states(home)) > seen, STEP_TIMEOUT, "the resumed decision", second)
        after = states(home)[seen]
        assert after == before, f"resumed {after}, but the game was at {before} when it was killed"
        leftovers = [p.name for p in saves.iterdir() if f".tmp-{first.proc.pid}-" in p.name]
        assert leftovers == [], f"temp files of the killed program are still there: {leftovers}"
    finally:
        for p in programs:
            p.stop()
        x.stop()
    assert "Traceback" not in log_text(home)
