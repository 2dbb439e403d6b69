"""Kill the running game (SIGKILL) in the middle of a round, start it again, Continue: the resumed state equals
the state before the kill (compared by the state fingerprint the table logs at every human decision). Then a
second game is started over the unfinished first (the game asks first) and killed too: Continue resumes the
second, and the first is still there, whole (issue 19: no game lost by accident).

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


#: "New game, Start" as the player set it last: you against two Normal bots, Set 1, without fortune cards, so
#: that every decision of round 1 is a draw (a card's choice came up only when the random seed dealt one, and its
#: keys differ from card to card)
NO_CARDS = {"seats": [["You", "amber", "human", False], ["Hildegard", "teal", "normal", False],
                      ["Ottokar", "plum", "normal", False]],
            "books": "1", "mix": {}, "variant": "standard", "fortunes": False, "starting_rubies": 1,
            "sequential": False}

def newest_autosave(saves: Path) -> Path | None:
    """The autosave written last (each game has its own: ``autosave-<id>.json``)."""
    files = [p for p in saves.glob("autosave-*.json")] if saves.is_dir() else []
    return max(files, key=lambda p: p.stat().st_mtime_ns) if files else None


def play_until_settled(program: Program, home: Path, decisions: int) -> tuple[str, str, str]:
    """Answer ``decisions`` decisions (D to draw: no fortune cards, :data:`NO_CARDS`), then wait until the
    autosave holds the last decision the table logged and stays so for a second; that decision's state."""
    for _ in range(decisions):
        n = len(states(home))
        time.sleep(0.3)
        program.key("d")  # draw (D; Space only moves on)
        wait_for(lambda n=n: len(states(home)) > n, STEP_TIMEOUT, "the next decision", program)
    saves = home / "data" / "saves"
    seen_last: list[tuple[str, str, str]] = []

    def settled() -> bool:
        """The autosave is of the last decision the table logged. Under load "1" may be taken after the
        wait above saw its decision, so the last logged state is read again until the two agree."""
        path = newest_autosave(saves)
        last = states(home)[-1]
        if path is not None and f'"steps": {last[1]}' in path.read_text(encoding="utf-8", errors="replace"):
            seen_last[:] = [last]
            return True
        return False

    while True:  # and it stays so for a second: no key is still on its way
        wait_for(settled, STEP_TIMEOUT, "the autosave of the last decision", program)
        before = seen_last[0]
        time.sleep(1.0)
        if settled() and seen_last[0] == before:
            return before


def test_sigkill_mid_round_then_continue_resumes_the_same_state(tmp_path: Path) -> None:
    home = home_with(tmp_path, last_setup=NO_CARDS)
    x = Xvfb()
    env = game_env(x.display, home)
    programs: list[Program] = []
    saves = home / "data" / "saves"
    try:
        first = Program([sys.executable, "-m", "quacks"], env, tmp_path / "first.txt")
        programs.append(first)
        first.wait_ready()
        first.key("Return")  # New game (no save yet: Continue is disabled)
        time.sleep(0.5)
        first.key("Return")  # Start
        wait_for(lambda: len(states(home)) >= 1, STEP_TIMEOUT, "the first decision", first)
        before = play_until_settled(first, home, 3)  # mid-round
        first_game = newest_autosave(saves)
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
        first_record = first_game.read_text(encoding="utf-8") if first_game else ""
        os.kill(second.proc.pid, signal.SIGKILL)
        second.proc.wait(timeout=30)

        # a second game over the unfinished first: asked first, then both are kept, whatever is killed when
        third = Program([sys.executable, "-m", "quacks"], env, tmp_path / "third.txt")
        programs.append(third)
        third.wait_ready()
        third.key("Down")  # from Continue to New game
        third.key("Return")
        time.sleep(0.5)
        seen = len(states(home))
        third.key("Return")  # Start: the question about the unfinished game comes first
        time.sleep(1.0)
        assert len(states(home)) == seen, "a new game started over an unfinished one without asking"
        third.key("y")  # start it
        wait_for(lambda: len(states(home)) > seen, STEP_TIMEOUT, "the new game's first decision", third)
        new_before = play_until_settled(third, home, 2)
        new_game = newest_autosave(saves)
        assert new_game is not None and new_game != first_game
        os.kill(third.proc.pid, signal.SIGKILL)
        third.proc.wait(timeout=30)
        assert first_game is not None and first_game.read_text(encoding="utf-8") == first_record
        seen = len(states(home))
        fourth = Program([sys.executable, "-m", "quacks"], env, tmp_path / "fourth.txt")
        programs.append(fourth)
        fourth.wait_ready()
        fourth.key("Return")  # Continue: the game last played
        wait_for(lambda: len(states(home)) > seen, STEP_TIMEOUT, "the resumed second game", fourth)
        assert states(home)[seen] == new_before
        assert sorted(p.name for p in saves.glob("autosave-*.json")) == sorted([first_game.name, new_game.name])
    finally:
        for p in programs:
            p.stop()
        x.stop()
    assert "Traceback" not in log_text(home)
